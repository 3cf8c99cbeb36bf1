"""What a finished conflict does: the four outcomes of «Возможные итоги конфликтов» and the
generals' effects that follow the result (Dominator, Crusher, Partisanator, Annihilator,
Pesterator). МОЩЬ changes are collected in `Events.might` and applied at the end of the turn.

Outcomes are judged per territory of the conflict (a Unifier's conflict counts on each of its
two territories); a general acts once per conflict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engines.mare.conflict import NEUTRALS, Conflict
from engines.mare.data import DATA
from engines.mare.events import Events
from engines.mare.state import Due, State
from engines.mare.world import is_land
from engines.rng import Rng
from engines.text import Msg

T, R = DATA.thresholds, DATA.generals_rules


@dataclass
class Aftermath:
    """What the conflicts of a turn leave for its end."""

    results: dict[str, str] = field(default_factory=dict)  # territory → winner ("" nobody)
    to_pool: set[str] = field(default_factory=set)  # generals sent back by the Annihilator
    heroic: list[tuple[str, str]] = field(default_factory=list)  # (winner, territory)
    pesterator: list[Due] = field(default_factory=list)  # neutrals' support due next turn


def _players(sides: list[str]) -> list[str]:
    return [side for side in sides if side != NEUTRALS]


def settle(start: State, conflict: Conflict, events: Events, after: Aftermath, rng: Rng) -> None:
    winner = conflict.winner
    for territory in conflict.territories:
        after.results[territory] = winner
        _outcomes(start, conflict, territory, events, after)
    _generals(conflict, events, after, rng)


def _profitable(c: Conflict, spent: int) -> bool:
    """Spent at most 3 (with support); a lone bid, which beats nobody, counts only in the literal
    reading, the GM's switch (README, «Rule readings»)."""
    return spent <= T.profitable_spent and (bool(c.losers) or DATA.readings.lone_bid_profitable)


def _outcomes(start: State, c: Conflict, territory: str, events: Events, after: Aftermath) -> None:
    winner, owner = c.winner, start["owners"][territory]
    if winner and winner != NEUTRALS and is_land(territory):
        spent = c.spent(winner)
        if owner == winner and _profitable(c, spent):
            events.change_might(
                winner, T.profitable_gain, "mare_profitable", territory=territory, spent=spent
            )
        elif owner not in ("", winner) and spent <= T.robber_spent and c.spent_by(owner) == 0:
            events.change_might(
                winner, T.robber_gain, "mare_robber", territory=territory, spent=spent, owner=owner
            )
            events.tell(owner, "mare_robbed", territory=territory, winner=winner)
    losers = c.losers
    if winner and winner != NEUTRALS and losers and all(c.strength[s] >= T.heroic_loser for s in losers):
        after.heroic.append((winner, territory))
        events.tell_all([winner], "mare_heroic", power=winner, territory=territory)
    for loser in _players(losers):
        own = c.own(loser)
        if own >= T.catastrophic_own:
            events.change_might(
                loser, -T.catastrophic_loss, "mare_catastrophic", territory=territory, own=float(own)
            )


def _generals(c: Conflict, events: Events, after: Aftermath, rng: Rng) -> None:
    place = c.label
    players = _players(c.sides)
    for play in c.cancelled:
        if play.kind == "annihilator":
            canceller = next(p for p in c.active if p.kind == "canceller")
            after.to_pool |= {play.general, canceller.general}
            events.tell_all(
                sorted({play.holder, canceller.holder}),
                "mare_annihilator_cancelled",
                territory=place,
                general=play.general,
                canceller=canceller.general,
            )
    if (dominator := c.playing("dominator")) and c.winner == dominator.holder:
        victims = _players(c.losers)
        if victims:
            victim = rng.choice(victims, Msg("mare_draw_dominator", {"territory": place}))
            events.change_might(
                dominator.holder, R.dominator_steal, "mare_dominator_gain", territory=place, victim=victim
            )
            events.change_might(
                victim, -R.dominator_steal, "mare_dominator_loss", territory=place, winner=c.winner
            )
    if crusher := c.playing("crusher"):
        for loser in _players(c.losers):
            if loser != crusher.holder and c.own(loser) > R.crusher_over:
                events.change_might(
                    loser, -R.crusher_loss, "mare_crushed", territory=place, own=float(c.own(loser))
                )
    if c.playing("partisan"):
        for power in players:
            if c.own(power) > R.partisan_over:
                events.change_might(
                    power, -R.partisan_loss, "mare_partisans", territory=place, own=float(c.own(power))
                )
    if (annihilator := c.playing("annihilator")) and c.own(annihilator.holder) > R.annihilator_over:
        for power in players:
            loss = math.floor(c.own(power))
            if loss:
                events.change_might(
                    power, -loss, "mare_annihilated", territory=place, own=float(c.own(power))
                )
        played = sorted(p.general for p in (*c.active, *c.cancelled))
        after.to_pool |= set(played)
        events.tell_all(
            c.participants(), "mare_generals_to_pool", territory=place, generals=", ".join(played)
        )
        events.announce("mare_news_annihilation", territory=place)
    if (pest := c.playing("pesterator")) and pest.holder in c.losers:
        after.pesterator.append({"power": pest.holder, "territory": pest.territory})
        events.tell_all(
            [pest.holder], "mare_pesterator_next", territory=pest.territory, amount=R.pesterator_support
        )
