"""Bilingual text and message catalogs: everything a player reads exists in Russian and English.

Outcomes and problems travel as `Msg` (a stable code plus parameters), never as finished prose,
so the daemon renders them in the game's language and tests compare codes, not sentences.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Lang = Literal["ru", "en"]
Param = str | int


@dataclass(frozen=True)
class Text:
    """A phrase in both languages of the game."""

    ru: str
    en: str

    def get(self, lang: Lang) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Msg:
    """One outcome or problem: a catalog code and the values its sentence needs."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}

    @staticmethod
    def from_json(data: Mapping[str, object]) -> Msg:
        params = data.get("params", {})
        assert isinstance(params, dict)
        return Msg(str(data["code"]), params)


class Catalog:
    """Code → bilingual `str.format` pattern, loaded from a TOML file of `[code] ru = … en = …`."""

    def __init__(self, entries: Mapping[str, Text]) -> None:
        self.entries = dict(entries)

    @staticmethod
    def load(*paths: Path) -> Catalog:
        entries: dict[str, Text] = {}
        for path in paths:
            with path.open("rb") as fh:
                for code, item in tomllib.load(fh).items():
                    entries[code] = Text(item["ru"], item["en"])
        return Catalog(entries)

    def merged(self, other: Catalog) -> Catalog:
        """Both catalogs in one; a code in both is a bug (one sentence would silently win)."""
        clash = sorted(self.entries.keys() & other.entries.keys())
        if clash:
            raise ValueError(f"message codes defined twice: {', '.join(clash)}")
        return Catalog({**self.entries, **other.entries})

    def render(self, msg: Msg, lang: Lang) -> str:
        pattern = self.entries.get(msg.code)
        if pattern is None:
            raise KeyError(f"message code {msg.code!r} is missing from the catalog")
        return pattern.get(lang).format_map(dict(msg.params))
