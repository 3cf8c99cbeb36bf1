"""The DATC's test cases as written in the document: a power's name, a colon, then its orders in
English ("F North Sea Convoys A London - Norway", "A Spain - Portugal via convoy"), read into the
adjudicator's values. Kept apart from the ruleset's notation reader, so the adjudicator is tested
against the document's text and not against our own reading of it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engines.diplomacy.adjudicator import Outcome, adjudicate
from engines.diplomacy.adjustments import Adjusted, adjust
from engines.diplomacy.board import Board, Unit, board
from engines.diplomacy.orders import (
    AdjustOrder,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MoveOrder,
    Retreat,
    Support,
)
from engines.diplomacy.retreats import Retreated, retreat, waiting

STANDARD = board("standard")
_COAST = re.compile(r"\s*\((nc|sc|ec|north coast|south coast|east coast)\)\s*$", re.IGNORECASE)
_COASTS = {"north coast": "nc", "south coast": "sc", "east coast": "ec"}


def _names(b: Board) -> dict[str, str]:
    found: dict[str, str] = {}
    for p in b.provinces.values():
        for spelling in (p.en, *p.aliases, p.code):
            found[spelling.casefold()] = p.code
    found["rhur"] = "ruh"  # 6.F.25 spells Ruhr so
    return found


_NAMES = _names(STANDARD)
_POWERS = {STANDARD.power_data[p].en.casefold(): p for p in STANDARD.powers}


def place(text: str) -> tuple[str, str]:
    """ "Spain(nc)" → ("spa", "nc"); "North Sea" → ("nth", "")."""
    text = text.strip()
    coast = ""
    found = _COAST.search(text)
    if found:
        coast = _COASTS.get(found.group(1).casefold(), found.group(1).casefold())
        text = text[: found.start()]
    return _NAMES[text.strip().casefold()], coast


def _unit(text: str) -> tuple[str, str, str]:
    """ "F Spain(nc)" → ("F", "spa", "nc"); a unit named without its kind ("Livonia") → ("", …)."""
    kind, _, rest = text.strip().partition(" ")
    if kind in ("A", "F"):
        return (kind, *place(rest))
    return ("", *place(text))


@dataclass
class Case:
    """A DATC position: the units on the board and each power's orders."""

    units: dict[str, Unit] = field(default_factory=dict)
    orders: list[tuple[str, str]] = field(default_factory=list)  # (power, order as written)

    def moves(self) -> Outcome:
        return adjudicate(STANDARD, self.units, [(p, move_order(text)) for p, text in self.orders])

    def where(self, outcome: Outcome, text: str) -> str:
        """The province of the unit at `text` ("F Spain" → where it ended)."""
        return outcome.units[place(text)[0]].location


def _lines(text: str) -> list[tuple[str, str]]:
    """(power, line) for every order line."""
    power, found = "", []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line:
            continue
        if line.rstrip(":").casefold() in _POWERS:
            power = _POWERS[line.rstrip(":").casefold()]
        else:
            found.append((power, line))
    return found


def _made(power: str, kind: str, where: str, coast: str) -> Unit:
    return Unit(power, "A" if kind == "A" else "F", f"{where}/{coast}" if coast else where)


def case(text: str, units: str = "") -> Case:
    """The position of the orders `text`: a unit in each ordered province (of the power ordering
    it), and the units of `units` (the same notation, without orders) set there first."""
    position = Case()
    for power, line in _lines(units):
        kind, where, coast = _unit(line)
        position.units[where] = Unit(
            power, "A" if kind == "A" else "F", f"{where}/{coast}" if coast else where
        )
    for power, line in _lines(text):
        position.orders.append((power, line))
        head = re.split(r"\s+(?:-|Supports|Convoys|Hold|Build|Remove)(?:\s|$)", line, maxsplit=1)[0]
        if line.startswith(("Build", "Remove")):
            continue
        kind, where, coast = _unit(head)
        position.units.setdefault(where, _made(power, kind, where, coast))
    return position


def move_order(text: str) -> MoveOrder:
    convoy = bool(re.search(r"\s+via convoy$", text, re.IGNORECASE))
    text = re.sub(r"\s+via convoy$", "", text, flags=re.IGNORECASE)
    if text.endswith(" Hold"):
        return Hold(_unit(text.removesuffix(" Hold"))[1])
    for word in (" Supports ", " Convoys "):
        if word in text:
            head, _, rest = text.partition(word)
            at = _unit(head)[1]
            target, _, to = rest.partition(" - ")
            unit = _unit(target)[1]
            if word == " Convoys ":
                return Convoy(at, unit, place(to)[0])
            to_place = place(to) if to else ("", "")
            return Support(at, unit, to_place[0], to_place[1])
    head, _, to = text.partition(" - ")
    dest, coast = place(to)
    return Move(_unit(head)[1], dest, coast, convoy)


def retreats(outcome: Outcome, text: str) -> Retreated:
    given = []
    for power, line in _lines(text):
        head, _, to = line.partition(" - ")
        at = _unit(head)[1]
        given.append((power, Retreat(at, *place(to)) if to else Disband(at)))
    return retreat(outcome.units, waiting(STANDARD, outcome), given)


def adjustments(units: dict[str, Unit], centres: dict[str, str], text: str) -> Adjusted:
    given: dict[str, list[AdjustOrder]] = {}
    for power, line in _lines(text):
        word, _, rest = line.partition(" ")
        kind, where, coast = _unit(rest)
        order: AdjustOrder = (
            Build("A" if kind == "A" else "F", where, coast) if word == "Build" else Disband(where)
        )
        given.setdefault(power, []).append(order)
    return adjust(STANDARD, units, centres, given)


def power(name: str) -> str:
    return _POWERS[name.casefold()]
