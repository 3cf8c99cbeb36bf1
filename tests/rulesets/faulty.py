"""Rulesets with one fault each, for the conformance suite's tests that each check catches the
fault it is for: the test ruleset `hidden_tech` with one method broken."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from engines.contract import JSON, Command, Problem, Resolution, Ruleset, Vocabulary
from engines.rng import Rng
from engines.text import Catalog, Msg, Text
from tests.rulesets.hidden_tech import BEARS, PHASES, SMELT, TECHS, HiddenTech


class Unseeded(HiddenTech):
    """Rolls dice of its own, outside the rng."""

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[JSON]:
        done = super().resolve(state, phase, orders, rng)
        return replace(done, state={**done.state, "roll": random.random()})


class Tupled(HiddenTech):
    """Keeps a tuple in its state: the store gives a list back."""

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[JSON]:
        done = super().resolve(state, phase, orders, rng)
        return replace(done, state={**done.state, "row": ("Пещера", "Лес")})


class Telltale(HiddenTech):
    """Has a tech no tribe has found, Iron, and shows it in every tribe's view."""

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return {**super().vocabularies(state), "tech": {**TECHS, "Железо": ("Iron",)}}

    def view(self, state: JSON, power: str) -> JSON:
        return {**super().view(state, power), "techs": ["Огонь", "Железо"]}


class Overreaching(HiddenTech):
    """Its computer smelts more ore than a line may hold, and its blank offers as much."""

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return [Command("smelt", {"ore": 99})] if power != BEARS else []

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        return {"learn": "ИЗУЧИТЬ Огонь", "smelt": "ПЛАВИТЬ 99"} if power != BEARS else {}


class Colliding(HiddenTech):
    """Takes ХОД, a header word, as a command's keyword."""

    def __init__(self) -> None:
        turn = replace(SMELT, keywords=("ХОД", "SMELT"))
        self.phases = {"orders": replace(PHASES["orders"], commands=(turn,))}


class Misspoken(HiddenTech):
    """A sentence asking a case no grammar has."""

    catalog = Catalog(
        {**HiddenTech.catalog.entries, "hidden_tech.bad": Text("Дар {power:дот}", "Gift to {power}")}
    )


class Crashing(HiddenTech):
    """Raises on the most ore a line may smelt, which its computer never orders."""

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[JSON]:
        smelted = [c for cs in orders.values() for c in cs if c.name == "smelt"]
        if any(int(c.args["ore"]) == 9 for c in smelted):
            raise ZeroDivisionError("a furnace of nine")
        return super().resolve(state, phase, orders, rng)


class Lost(HiddenTech):
    """Moves on to a phase it does not have."""

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[JSON]:
        done = super().resolve(state, phase, orders, rng)
        return replace(done, state={**done.state, "phase": "feast"})


class Pathless(HiddenTech):
    """Refuses every path, so no game ever walks one, and names no state that would."""

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return [Problem(c.line, Msg("hidden_tech.sent", {"count": 0})) for c in commands if c.name == "path"]


UNSEEDED: Ruleset[JSON] = Unseeded()
TUPLED: Ruleset[JSON] = Tupled()
TELLTALE: Ruleset[JSON] = Telltale()
OVERREACHING: Ruleset[JSON] = Overreaching()
COLLIDING: Ruleset[JSON] = Colliding()
MISSPOKEN: Ruleset[JSON] = Misspoken()
CRASHING: Ruleset[JSON] = Crashing()
LOST: Ruleset[JSON] = Lost()
PATHLESS: Ruleset[JSON] = Pathless()
