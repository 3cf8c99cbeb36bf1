"""A ruleset assembled from its own modules. Most of the contract's methods only hand the call to a
module function; they are written once here, and each ruleset names its functions in `Parts`.
A ruleset class keeps what is really its own: its attributes, `setup` and `playable_powers`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engines.contract import JSON, Command, CommandSpec, Problem, Resolution, Vocabulary
from engines.rng import Rng
from engines.text import Msg

Orders = Mapping[str, Sequence[Command]]


def unchanged_by_handover(state: JSON, power: str, computer: bool) -> JSON:
    """For games where who plays a power changes nothing in the state."""
    return state


@dataclass(frozen=True)
class Parts:
    """The module functions behind the contract's methods, with the contract's signatures."""

    vocabularies: Callable[[JSON], Mapping[str, Vocabulary]]
    open_commands: Callable[[JSON, str, str], Sequence[CommandSpec]]
    summary: Callable[[JSON, str, str, Sequence[Command]], Sequence[Msg]]
    check: Callable[[JSON, str, str, Sequence[Command]], list[Problem]]
    resolve: Callable[[JSON, str, Orders, Rng], Resolution]
    ai_orders: Callable[[JSON, str, str], list[Command]]
    view: Callable[[JSON, str], JSON]
    scores: Callable[[JSON], dict[str, int]]
    read: Callable[[JSON, str, str], int]
    adjust: Callable[[JSON, str, str, int], JSON]
    handover: Callable[[JSON, str, bool], JSON] = unchanged_by_handover


class ModularRuleset:
    """The contract's delegating methods; a subclass sets `parts` (see engines.contract.Ruleset)."""

    parts: Parts

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return self.parts.vocabularies(state)

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return self.parts.open_commands(state, power, phase)

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> Sequence[Msg]:
        return self.parts.summary(state, power, phase, commands)

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return self.parts.check(state, power, phase, commands)

    def resolve(self, state: JSON, phase: str, orders: Orders, rng: Rng) -> Resolution:
        return self.parts.resolve(state, phase, orders, rng)

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return self.parts.ai_orders(state, power, phase)

    def view(self, state: JSON, power: str) -> JSON:
        return self.parts.view(state, power)

    def scores(self, state: JSON) -> dict[str, int]:
        return self.parts.scores(state)

    def read(self, state: JSON, power: str, name: str) -> int:
        return self.parts.read(state, power, name)

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        return self.parts.adjust(state, power, name, value)

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        return self.parts.handover(state, power, computer)
