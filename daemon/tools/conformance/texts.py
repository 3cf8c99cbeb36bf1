"""Conformance: what a ruleset says. Every message of its catalog renders in Russian and in English
with the values its fields ask for (a number where it counts, a name where it is declined), and
every name a player may write is declined in every case without error, so that no sentence breaks
in the middle of a game on a name or a field the tests never rendered."""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from engines.contract import JSON, Ruleset
from engines.russian import CASES, gender, inflect, located
from engines.text import BOTH, Msg, Param, is_typeset

NAMED = ("где", "в", "в:вин", *CASES)  # a field with this spec is a name in a case or a place


def fields(pattern: str) -> list[tuple[str, str]]:
    """Each field of one pattern with its format spec (a field may come twice, specs apart)."""
    return [(field, spec or "") for _, field, spec, _ in string.Formatter().parse(pattern) if field]


def sample(specs: list[str], name: str) -> Param:
    """A value every spec of a field takes: a name for a case, a place or a gender, a number for
    a count or a typeset number, else text."""
    if any(spec in NAMED or spec.startswith("пол:") for spec in specs):
        return name
    if any(spec and (spec[0] in "#~" or is_typeset(spec) or spec[-1] in "dfn%") for spec in specs):
        return 2
    if "назв" in specs:
        return "amount"
    return name


def catalog_faults(ruleset: Ruleset[Any], state: JSON) -> list[str]:
    """Each code that fails to render, or renders empty, in a language."""
    name = state["powers"][0]
    faults = []
    for code, text in ruleset.catalog.entries.items():
        specs: dict[str, list[str]] = {}
        for pattern in (text.ru, text.en):
            for field, spec in fields(pattern):
                specs.setdefault(field.split(".")[0].split("[")[0], []).append(spec)
        params: Mapping[str, Param] = {field: sample(kinds, name) for field, kinds in specs.items()}
        for lang in BOTH:
            try:
                said = ruleset.catalog.render(Msg(code, params), lang)
            except (KeyError, ValueError, TypeError, IndexError, AttributeError) as error:
                faults.append(f"{code} ({lang}): {type(error).__name__}: {error}")
                continue
            if not said.strip():
                faults.append(f"{code} ({lang}): renders empty")
    return faults


def declension_faults(ruleset: Ruleset[Any], state: JSON) -> list[str]:
    """Each name of the ruleset's vocabularies (its data file's powers, places, techs…) that fails
    to be declined, placed or given a gender."""
    forms = ruleset.catalog.forms.merged(ruleset.forms(state))
    faults = []
    for key, vocabulary in ruleset.vocabularies(state).items():
        for name in vocabulary:
            try:
                said = [inflect(name, case, forms) for case in CASES]
                said += [located(name, forms), located(name, forms, "вин")]
                gender(name, forms)
            except (KeyError, ValueError, TypeError, IndexError, AttributeError) as error:
                faults.append(f"{key} «{name}»: {type(error).__name__}: {error}")
                continue
            faults += [f"{key} «{name}»: a form is empty" for form in said if not form.strip()]
    return faults
