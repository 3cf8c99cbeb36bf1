"""Tribes states for the rule tests: the scripted world (scripted.toml), or a world drawn here row
by row, with communities set as a test needs them."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engines.contract import Command
from engines.rng import Rng
from engines.tribes import RULESET
from engines.tribes.community import crown
from engines.tribes.state import Community, State

SCRIPTED = Path(__file__).with_name("scripted.toml")
POWERS = ("Волки", "Медведи", "Вороны", "Олени")
CITY = {"name": "Город", "en": "City", "needs": {"eco": 900}, "effects": {"city": True}}


def scripted() -> dict[str, Any]:
    with SCRIPTED.open("rb") as fh:
        return tomllib.load(fh)


def world(rows: Sequence[str], players: Sequence[str], **more: Any) -> dict[str, Any]:
    """A GM data file of the scripted one's strata and technologies on these map rows."""
    data = scripted()
    data["map"] = {"rows": list(rows)}
    data["start"] = {"players": list(players), "east": []}
    data["ai"] = []
    data.update(more)
    if not any(t.get("effects", {}).get("city") for t in data["techs"]):  # a game that can end
        data["techs"] = [*data["techs"], CITY]
    return data


def state_of(data: Mapping[str, Any], players: int = 4) -> State:
    state = RULESET.setup(list(POWERS[:players]), Rng("test"))
    return RULESET.with_data(state, dict(data))


def plain(width: int = 9, height: int = 9) -> list[str]:
    return [" ".join(["Р"] * width)] * height


def community(state: State, power: str, number: int = 1) -> Community:
    return next(c for c in state["tribes"][power]["communities"] if c["number"] == number)


def set_community(state: State, power: str, number: int = 1, **fields: Any) -> State:
    changed = copy.deepcopy(state)
    found = community(changed, power, number)
    found.update(fields)  # type: ignore[typeddict-item]
    return changed


def add_community(state: State, power: str, cell: str, strata: Mapping[str, int], number: int = 2) -> State:
    """`state` with another community of `power`'s; the first becomes the main one, as a second
    community makes it («она же станет главной общиной, когда появятся новые»)."""
    changed = copy.deepcopy(state)
    tribe = changed["tribes"][power]
    tribe["communities"].append(
        {"number": number, "cell": cell, "strata": dict(strata), "elders": 0, "children": 0, "main": False}
    )
    crown(tribe, tribe["communities"][0])
    return changed


def learnt(state: State, power: str, *techs: str, turn: int = 0) -> State:
    """`power` knows `techs` since `turn` (0: in force now)."""
    changed = copy.deepcopy(state)
    changed["tribes"][power]["techs"].update(dict.fromkeys(techs, turn))
    return changed


def order(name: str, line: int = 1, lists: Mapping[str, Sequence[str]] | None = None, **args: Any) -> Command:
    return Command(name, args, line, {k: tuple(v) for k, v in (lists or {}).items()})


def resolve(state: State, orders: Mapping[str, Sequence[Command]] | None = None, seed: str = "t") -> Any:
    return RULESET.resolve(state, "orders", orders or {}, Rng(seed))


def said(messages: Sequence[Any], lang: str = "ru") -> list[str]:
    return [RULESET.catalog.render(m, lang) for m in messages]  # type: ignore[arg-type]
