"""One conflict: the stakes on a territory (or two merged by the Unifier), the generals sent
there, and the rounds that find the winner («Конфликт»).

Everything is exact (`Fraction`): distance coefficients, the Debilitator's −2, the winner's
reduction between rounds. The order of effects is one rule, applied everywhere (README):
  1. the Canceller cancels every other general here except the Unifier (and the neutrals'
     support a Pesterator earned last turn);
  2. additions: the Nothingator's neutrals;
  3. the Charmer turns the chosen side's influence into support for its holder;
  4. the Debilitator takes 2 from every package (one source → one beneficiary), down to 0;
  5. sides: whoever still puts own influence here; support counts only for a side;
  6. the Victorator's holder with own influence ≥ 3 wins outright; otherwise the rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engines.mare.data import DATA
from engines.rng import Rng
from engines.text import Msg

NEUTRALS = DATA.neutrals.name
R = DATA.generals_rules


@dataclass(frozen=True)
class Stake:
    """Influence put on a territory: by whom, for whom, how much spent, what it is worth there."""

    source: str
    beneficiary: str
    territory: str
    raw: int
    value: Fraction
    via: str  # own | support | fortress | nothingator | pesterator


@dataclass(frozen=True)
class Play:
    """A general sent to a territory (target: the Charmer's side, the Unifier's other territory)."""

    general: str
    holder: str
    territory: str
    target: str = ""

    @property
    def kind(self) -> str:
        return DATA.general(self.general).kind


@dataclass(frozen=True)
class Round:
    number: int
    a: str
    a_strength: Fraction
    b: str
    b_strength: Fraction
    winner: str  # "" when tied: both are out
    left: Fraction  # the winner's influence for the next round


@dataclass
class Conflict:
    territories: tuple[str, ...]
    stakes: list[Stake]
    active: list[Play]
    cancelled: list[Play]
    packages: dict[tuple[str, str], Fraction] = field(default_factory=dict)
    raw: dict[tuple[str, str], int] = field(default_factory=dict)
    sides: list[str] = field(default_factory=list)
    strength: dict[str, Fraction] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    winner: str = ""
    losers: list[str] = field(default_factory=list)
    by_victor: bool = False

    @property
    def label(self) -> str:
        return " + ".join(self.territories)

    def own(self, side: str) -> Fraction:
        """A side's own influence here, without support («без поддержки»)."""
        return self.packages.get((side, side), Fraction(0))

    def support(self, side: str) -> Fraction:
        return self.strength.get(side, Fraction(0)) - self.own(side)

    def spent(self, side: str) -> int:
        """What a side spent here, support included («потратив (в сумме с поддержкой)»)."""
        return sum(raw for (_, beneficiary), raw in self.raw.items() if beneficiary == side)

    def spent_by(self, power: str) -> int:
        """What `power` itself spent here on anyone (for «владелец потратил 0»)."""
        return sum(raw for (source, _), raw in self.raw.items() if source == power)

    def participants(self) -> list[str]:
        found = {s.source for s in self.stakes} | {s.beneficiary for s in self.stakes}
        found |= {p.holder for p in (*self.active, *self.cancelled)}
        found.discard(NEUTRALS)
        return sorted(found)

    def playing(self, kind: str) -> Play | None:
        return next((p for p in self.active if p.kind == kind), None)


def fight(
    territories: Sequence[str], stakes: Sequence[Stake], plays: Sequence[Play], order: Sequence[str], rng: Rng
) -> Conflict:
    """Resolve one conflict; `order` is the sides' fixed order (powers in setup order, neutrals)."""
    cancel = any(p.kind == "canceller" for p in plays)
    active = [p for p in plays if not cancel or p.kind in ("canceller", "unifier")]
    cancelled = [p for p in plays if p not in active]
    kept = [s for s in stakes if not (cancel and s.via == "pesterator")]
    conflict = Conflict(tuple(territories), kept, active, cancelled)
    if nothing := conflict.playing("nothingator"):
        value = Fraction(R.nothingator_neutrals)
        kept.append(
            Stake(NEUTRALS, NEUTRALS, nothing.territory, R.nothingator_neutrals, value, "nothingator")
        )
    charm = conflict.playing("charmer")
    for stake in kept:
        beneficiary = charm.holder if charm and stake.source == charm.target else stake.beneficiary
        key = (stake.source, beneficiary)
        conflict.packages[key] = conflict.packages.get(key, Fraction(0)) + stake.value
        conflict.raw[key] = conflict.raw.get(key, 0) + stake.raw
    if conflict.playing("debilitator"):
        minus = R.debilitator_minus
        conflict.packages = {key: max(Fraction(0), value - minus) for key, value in conflict.packages.items()}
    conflict.sides = [side for side in order if conflict.own(side) > 0]
    for side in conflict.sides:
        conflict.strength[side] = sum(
            (v for (_, beneficiary), v in conflict.packages.items() if beneficiary == side), Fraction(0)
        )
    victor = conflict.playing("victor")
    if victor and victor.holder in conflict.sides and conflict.own(victor.holder) >= R.victor_min:
        conflict.winner, conflict.by_victor = victor.holder, True
    else:
        conflict.winner = _rounds(conflict, rng)
    conflict.losers = [side for side in conflict.sides if side != conflict.winner]
    return conflict


def _rounds(conflict: Conflict, rng: Rng) -> str:
    """Two strongest meet; the loser is out, the winner goes on reduced by what it overcame (at
    most halved); a tie knocks out both. The last side standing wins; none left: nobody wins."""
    alive = {side: conflict.strength[side] for side in conflict.sides}
    number = 0
    while len(alive) > 1:
        number += 1
        a, b = _two_strongest(
            alive, Msg("mare_draw_meet", {"territory": conflict.label, "round": number}), rng
        )
        sa, sb = alive[a], alive[b]
        if sa == sb:
            del alive[a], alive[b]
            conflict.rounds.append(Round(number, a, sa, b, sb, "", Fraction(0)))
            continue
        winner, loser = (a, b) if sa > sb else (b, a)
        left = max(alive[winner] - alive[loser], alive[winner] / 2)
        del alive[loser]
        alive[winner] = left
        conflict.rounds.append(Round(number, winner, max(sa, sb), loser, min(sa, sb), winner, left))
    return next(iter(alive), "")


def _two_strongest(alive: dict[str, Fraction], purpose: Msg, rng: Rng) -> tuple[str, str]:
    """The two largest; a tie for a place among more sides than places is settled by lot."""
    ranked = sorted(alive.values(), reverse=True)
    second = ranked[1]
    sure = [side for side, v in alive.items() if v > second]
    tied = [side for side, v in alive.items() if v == second]
    need = 2 - len(sure)
    if len(tied) > need:
        tied = rng.shuffled(tied, purpose)[:need]
    pair = sure + tied
    return pair[0], pair[1]
