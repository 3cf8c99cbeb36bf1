"""A tiny ruleset shaped like council.txt for the daemon's tests: families, three stages a turn.

Planning and actions are ordinary phases; decisions (the vote) is optional for the mass-silence
hold yet still reminds, and misses count per turn, so a family that only voted has not missed.
The rules themselves are trivial: the state only moves through the stages and keeps what was sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.contract import (
    JSON,
    Adjustable,
    Arg,
    ArgKind,
    Command,
    CommandSpec,
    MissesPer,
    PhaseSpec,
    Problem,
    Resolution,
    Ruleset,
    Vocabulary,
)
from engines.rng import Rng
from engines.text import Catalog, Msg, Text

FAMILIES = ("Орсини", "Колонна", "Медичи", "Сфорца")
PLANNING, DECISIONS, ACTIONS = "planning", "decisions", "actions"

BID = CommandSpec(
    "bid",
    ("СТАВКА", "BID"),
    (Arg("amount", ArgKind.INT, minimum=1, maximum=9),),
    Text("ставка", "bid"),
    "СТАВКА 5",
)
VOTE = CommandSpec(
    "vote", ("ГОЛОС", "VOTE"), (Arg("choice", ArgKind.NAME, "choice"),), Text("голос", "vote"), "ГОЛОС ЗА"
)
ACT = CommandSpec(
    "act",
    ("АКЦИЯ", "ACT"),
    (Arg("number", ArgKind.INT, minimum=1, maximum=9),),
    Text("акция", "action"),
    "АКЦИЯ 1",
)

PHASES: dict[str, PhaseSpec] = {
    PLANNING: PhaseSpec(PLANNING, Text("Планирование", "Planning"), (BID,)),
    DECISIONS: PhaseSpec(DECISIONS, Text("Решения", "Decisions"), (VOTE,), counts_hold=False),
    ACTIONS: PhaseSpec(ACTIONS, Text("Акции", "Actions"), (ACT,)),
}


class CouncilLike:
    name = "council_like"
    title = Text("Совет (тест)", "Council (test)")
    power_keywords: tuple[str, ...] = ()
    min_players = 2
    max_players = len(FAMILIES)
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog = Catalog({"council_like.sent": Text("Приказов: {count}", "Orders: {count}")})
    adjustables: Mapping[str, Adjustable] = {}
    misses_per: MissesPer = "turn"

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        return {"turn": 1, "phase": PLANNING, "over": False, "powers": list(FAMILIES)}

    def playable_powers(self, player_count: int) -> list[str]:
        return list(FAMILIES[:player_count])

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        return state

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return {"power": {p: () for p in FAMILIES}, "choice": {"ЗА": ("YES",), "ПРОТИВ": ("NO",)}}

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return PHASES[phase].commands

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> Sequence[Msg]:
        return []

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return []

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution:
        stages = list(PHASES)
        last = stages.index(phase) == len(stages) - 1
        after = {
            **state,
            "turn": state["turn"] + last,
            "phase": stages[0] if last else stages[stages.index(phase) + 1],
        }
        reports = {p: [Msg("council_like.sent", {"count": len(c)})] for p, c in orders.items()}
        return Resolution(after, reports, [], [])

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return []

    def view(self, state: JSON, power: str) -> JSON:
        return {"turn": state["turn"], "phase": state["phase"]}

    def scores(self, state: JSON) -> dict[str, int]:
        return dict.fromkeys(state["powers"], 0)

    def read(self, state: JSON, power: str, name: str) -> int:
        raise KeyError(name)

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        raise KeyError(name)


RULESET: Ruleset = CouncilLike()
