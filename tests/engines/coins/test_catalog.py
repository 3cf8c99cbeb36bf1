"""The message catalog: both languages, same placeholders, no code missing and none unused."""

from __future__ import annotations

import re
import string

from engines.coins import RULESET
from engines.text import ARG_TITLE
from tests.paths import REPO

SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "engines" / "coins").glob("*.py"))
EMITTED = re.compile(r"""(?:tell|announce|log|_msg|Msg)\(\s*(?:[\w\[\]".]+,\s*)?"(\w+)\"""")


def placeholders(pattern: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(pattern) if field}


def test_russian_and_english_use_the_same_placeholders() -> None:
    for code, text in RULESET.catalog.entries.items():
        assert placeholders(text.ru) == placeholders(text.en), code


def test_every_code_in_the_source_is_in_the_catalog() -> None:
    used = set(EMITTED.findall(SOURCE))
    assert used and used <= set(RULESET.catalog.entries)


# no longer sent (filler news; the intelligence said twice), kept for old turn records
OLD_CODES = {"turn_started", "intel_report"}


def test_every_catalog_code_is_used() -> None:
    codes = [c for c in RULESET.catalog.entries if not c.startswith(ARG_TITLE) and c not in OLD_CODES]
    unused = [code for code in codes if f'"{code}"' not in SOURCE]
    assert unused == []


def test_every_argument_of_every_command_has_a_title_and_no_title_is_spare() -> None:
    specs = [spec for phase in RULESET.phases.values() for spec in phase.commands]
    arguments = {arg.name for spec in specs for arg in spec.args}
    titles = {code.removeprefix(ARG_TITLE) for code in RULESET.catalog.entries if code.startswith(ARG_TITLE)}
    assert titles == arguments
