"""Rule data: each ruleset's TOML file read into frozen, typed records by one schema mechanism.

A ruleset declares its data as `RuleData` models shaped like its file (one model per table, field
names as the keys); `load_rules` reads the file and validates every table at import, so an edit
that breaks the file stops the daemon at start with one line per mistake naming the file, the key
and what is wrong, never mid-game with a KeyError. Pydantic v2 does the validation: of the
libraries compared it names every mistake at once with its full key path (msgspec stops at the
first and hides table keys; cattrs nests exceptions), and loading is once per process, so its cost
(about a millisecond for a thousand records) does not matter.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from engines.errors import RuleDataError
from engines.russian import Forms, forms_from
from engines.text import Text

M = TypeVar("M", bound="RuleData")


class RuleData(BaseModel):
    """Base of every rule record: frozen (rules do not change mid-game) and hashable; unknown keys
    refused (a misspelt key would otherwise silently keep its default). TOML arrays become tuples."""

    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(cached_property,))


# a data file's [forms."Имя"] tables: the forms of its names the dictionary gets wrong
NameForms = Annotated[Forms, BeforeValidator(forms_from)]


def undeclared_forms(forms: Forms, declared: Collection[str]) -> Iterator[str]:
    """A problem for each name `forms` speak of that the file does not declare (a misspelt name
    would otherwise silently keep the dictionary's wrong forms)."""
    for name in sorted(forms.names - set(declared)):
        yield f"forms.{name}: not a name of this game"


class Named(RuleData):
    """Anything players name in orders: canonical Russian name, English name, extra spellings."""

    name: str
    en: str
    aliases: tuple[str, ...] = ()

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.en, *self.aliases)


def english_names(data: BaseModel) -> dict[str, str]:
    """Every `Named` the data holds, at any depth: its Russian name → its English one, for English
    text (`Forms.english`)."""
    found: dict[str, str] = {}

    def walk(value: object) -> None:
        if isinstance(value, Named):
            found.setdefault(value.name, value.en)
        if isinstance(value, BaseModel):
            for name in type(value).model_fields:
                walk(getattr(value, name))
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(data)
    return found


def names_forms(data: BaseModel) -> Forms:
    """A ruleset's forms of its names: the data file's `forms` and each name's English one."""
    forms = getattr(data, "forms", Forms())
    assert isinstance(forms, Forms)
    return forms.merged(Forms(english=english_names(data)))


def load_rules(path: Path, model: type[M], context: Mapping[str, Any] | None = None) -> M:
    """`path` validated as `model` (`context`: what its validators check it against, such as the
    ruleset's commands); `RuleDataError` listing every mistake otherwise."""
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except tomllib.TOMLDecodeError as error:
        raise RuleDataError(f"{path}: not valid TOML: {error}") from error
    try:
        return model.model_validate(raw, context=context)
    except ValidationError as error:
        raise RuleDataError(describe(path, error)) from error


def describe(path: Path, error: ValidationError) -> str:
    """One line per mistake: `file: key.path: message (got value)`. A check over a whole table (a
    model validator) names its keys in its own message, and a table is not echoed back."""
    lines = []
    for item in error.errors(include_url=False):
        where = "".join(f"{part}: " for part in [".".join(str(p) for p in item["loc"])] if part)
        message = item["msg"].removeprefix("Value error, ")
        scalar = not isinstance(item["input"], dict | list | tuple)
        got = f" (got {item['input']!r:.60})" if scalar and item["type"] != "missing" else ""
        lines.append(f"{path}: {where}{message}{got}")
    return "\n".join(lines)


# pydantic's mistakes a data file's writer makes, in the game's words: error type → (ru, en); the
# context's values (ge, max_length…) fill the braces
_SAID: dict[str, tuple[str, str]] = {
    "missing": ("нет значения", "missing"),
    "extra_forbidden": ("такого ключа нет", "no such key"),
    "int_type": ("нужно целое число", "a whole number is needed"),
    "int_parsing": ("нужно целое число", "a whole number is needed"),
    "int_from_float": ("нужно целое число", "a whole number is needed"),
    "float_type": ("нужно число", "a number is needed"),
    "float_parsing": ("нужно число", "a number is needed"),
    "string_type": ("нужна строка в кавычках", "a quoted string is needed"),
    "bool_type": ("нужно true или false", "true or false is needed"),
    "bool_parsing": ("нужно true или false", "true or false is needed"),
    "list_type": ("нужен список [ … ]", "a list [ … ] is needed"),
    "tuple_type": ("нужен список [ … ]", "a list [ … ] is needed"),
    "dict_type": ("нужна таблица", "a table is needed"),
    "model_type": ("нужна таблица", "a table is needed"),
    "greater_than_equal": ("должно быть не меньше {ge}", "should be at least {ge}"),
    "greater_than": ("должно быть больше {gt}", "should be greater than {gt}"),
    "less_than_equal": ("должно быть не больше {le}", "should be at most {le}"),
    "less_than": ("должно быть меньше {lt}", "should be less than {lt}"),
    "too_short": ("слишком короткий список: нужно не меньше {min_length}", "at least {min_length} items"),
    "too_long": ("слишком длинный список: можно не больше {max_length}", "at most {max_length} items"),
    "string_too_short": ("слишком короткая строка", "too short a string"),
    "string_too_long": ("слишком длинная строка: до {max_length} знаков", "at most {max_length} chars"),
    "literal_error": ("допустимо одно из: {expected}", "should be one of: {expected}"),
}
RULE_MISTAKE = "rule"  # the error type of `mistake`: a ruleset's own check, said in both languages


def mistake(ru: str, en: str) -> PydanticCustomError:
    """A ruleset's own check of a data file (raise it from a validator), said in both languages."""
    return PydanticCustomError(RULE_MISTAKE, "{en}", {"ru": ru, "en": en})


def mistakes(model: type[RuleData], data: object) -> list[Text]:
    """Every mistake of `data` read as `model`, one a line naming its key, in Russian and in
    English: what a GM's data file is refused for. [] when it is valid."""
    try:
        model.model_validate(data)
    except ValidationError as error:
        return [_said(item) for item in error.errors(include_url=False)]
    return []


def _said(item: ErrorDetails) -> Text:
    where = ".".join(str(part) for part in item["loc"])
    context = dict(item.get("ctx", {}))
    if item["type"] == RULE_MISTAKE:
        ru, en = str(context["ru"]), str(context["en"])
    elif item["type"] in _SAID:
        ru, en = (said.format(**context) for said in _SAID[item["type"]])
    else:
        ru = en = item["msg"].removeprefix("Value error, ")
    scalar = not isinstance(item["input"], dict | list | tuple) and item["type"] != "missing"
    got = f" ({item['input']!r:.60})" if scalar else ""
    prefix = f"{where}: " if where else ""
    return Text(f"{prefix}{ru}{got}", f"{prefix}{en}{got}")
