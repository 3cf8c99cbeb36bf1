"""A ruleset assembled from its own modules. Most of the contract's methods only hand the call to a
module function; they are written once here, and each ruleset names its functions in `Parts`.
A ruleset class keeps what is really its own: its attributes, `setup` and `playable_powers`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engines.contract import JSON, Command, CommandSpec, Joined, Problem, Resolution, Vocabulary
from engines.rng import Rng
from engines.text import Msg

Orders = Mapping[str, Sequence[Command]]


def unchanged_by_handover(state: JSON, power: str, computer: bool) -> JSON:
    """For games where who plays a power changes nothing in the state."""
    return state


def nothing_ends(state: JSON) -> set[str]:
    """For games where a power plays to the end whatever happens to it."""
    return set()


def no_restart(state: JSON, power: str) -> Msg | None:
    """For games that offer an ended power's player nothing new."""
    return None


def no_joining(state: JSON, name: str, rng: Rng) -> Joined | Msg:
    """For games whose powers are all dealt at the start."""
    return Msg("join_closed")


def names_unused(state: JSON, names: Mapping[str, str]) -> JSON:
    """For games whose powers keep the names the rules give them."""
    return state


def plain_lot(pool: Sequence[str], players: int, rng: Rng) -> list[str]:
    """For games where any power may go to any player: a shuffle."""
    return rng.shuffled(pool, "жребий: страны игрокам в порядке записи / lot: powers by signup order")


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
    scores: Callable[[JSON], Mapping[str, float]]
    read: Callable[[JSON, str, str], int]
    adjust: Callable[[JSON, str, str, int], JSON]
    handover: Callable[[JSON, str, bool], JSON] = unchanged_by_handover
    ended: Callable[[JSON], set[str]] = nothing_ends
    restart_offer: Callable[[JSON, str], Msg | None] = no_restart
    join: Callable[[JSON, str, Rng], Joined | Msg] = no_joining
    name_powers: Callable[[JSON, Mapping[str, str]], JSON] = names_unused
    draw: Callable[[Sequence[str], int, Rng], list[str]] = plain_lot


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

    def scores(self, state: JSON) -> Mapping[str, float]:
        return self.parts.scores(state)

    def read(self, state: JSON, power: str, name: str) -> int:
        return self.parts.read(state, power, name)

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        return self.parts.adjust(state, power, name, value)

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        return self.parts.handover(state, power, computer)

    def ended(self, state: JSON) -> set[str]:
        return self.parts.ended(state)

    def restart_offer(self, state: JSON, power: str) -> Msg | None:
        return self.parts.restart_offer(state, power)

    def join(self, state: JSON, name: str, rng: Rng) -> Joined | Msg:
        return self.parts.join(state, name, rng)

    def name_powers(self, state: JSON, names: Mapping[str, str]) -> JSON:
        return self.parts.name_powers(state, names)

    def draw(self, pool: Sequence[str], players: int, rng: Rng) -> list[str]:
        return self.parts.draw(pool, players, rng)
