"""Every number a catalog sentence shows goes through the typesetting (engines/text.py): a Python
format spec of its own (`{amount:+d}`) bypasses it and printed the trial's «Влияние на Полоцк:
-150» with a hyphen where the minus belongs."""

from __future__ import annotations

import re
import string

import pytest

from daemon.outgoing.render import daemon_catalog
from engines import REGISTRY, get_ruleset
from engines.text import Catalog, is_typeset

# a spec that only Python's int/float formatting reads: +d, d, .1f, 05d, ,
PYTHON_NUMBER_SPEC = re.compile(r"^[+\- ]?[0-9,._]*[bdefgnoxX%]$")


def _catalogs() -> list[tuple[str, Catalog]]:
    found = [(name, get_ruleset(name).catalog) for name in sorted(REGISTRY)]
    return [*found, ("daemon", daemon_catalog())]


@pytest.mark.parametrize(("name", "catalog"), _catalogs())
def test_no_catalog_sentence_formats_a_number_past_the_typesetting(name: str, catalog: Catalog) -> None:
    bypassing = [
        f"{code}: {{{field}:{spec}}}"
        for code, text in catalog.entries.items()
        for sentence in (text.ru, text.en)
        for _, field, spec, _ in string.Formatter().parse(sentence)
        if field and spec and not is_typeset(spec) and PYTHON_NUMBER_SPEC.match(spec)
    ]
    assert bypassing == []
