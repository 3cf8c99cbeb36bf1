"""«Правила покраски карт»: who owns what after the conflicts, sea-only pieces vanishing, and
the fortresses and bonuses that depend on holding territory at the end of the turn.

Every judgement about "next to his territory", "border", "without territory" uses the map as it
was at the start of the turn (all conflicts are simultaneous); the sea-only rule uses the map
after painting.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.mare.conflict import NEUTRALS
from engines.mare.events import Events
from engines.mare.state import State
from engines.mare.world import bonus_at, components, is_border, is_land, neighbours, owned


def paint(
    start: State, new: State, results: Mapping[str, str], permits: set[tuple[str, str, str]], events: Events
) -> None:
    """`permits`: (giver, landless power, territory) from РАЗРЕШИТЬ orders. A people that wins
    somewhere and still does not take it is told why, in the news (the map would look wrong)."""
    for territory in start["map"]:
        winner = results.get(territory, "")
        if not winner:
            continue
        before = start["owners"][territory]
        after, kept = _painted(start, territory, winner, permits)
        if after != before:
            new["owners"][territory] = after
            events.announce(
                "mare_news_painted", territory=territory, old=before or NEUTRALS, new=after or NEUTRALS
            )
        elif kept:
            events.announce(kept, territory=territory, winner=winner, owner=before or NEUTRALS)


def _painted(
    start: State, territory: str, winner: str, permits: set[tuple[str, str, str]]
) -> tuple[str, str]:
    """The owner after `winner` won here, and when a won territory does not change hands, the
    news code saying why (""  when the winner holds it already or the neutrals won)."""
    owner = start["owners"][territory]
    if winner == NEUTRALS:
        return "", ""  # «Победа нейтралов … делает нейтральной любую территорию»
    if owner == winner:
        return owner, ""
    if owner:  # «побеждает на вражеской территории, которая является пограничной» → neutral
        return ("", "") if is_border(start, territory) else (owner, "mare_news_kept_internal")
    neighbours_of = {start["owners"][n] for n in neighbours(start, territory)} - {""}
    if winner in neighbours_of:  # «на нейтральной территории, соседней с его собственной»
        return winner, ""
    if owned(start, winner):
        return owner, "mare_news_kept_far"
    if all((giver, winner, territory) in permits for giver in neighbours_of):
        return winner, ""
    return owner, "mare_news_kept_landless"


def vanish_sea_pieces(new: State, events: Events) -> None:
    """A split state loses every piece made only of sea territories, at once."""
    for power in new["powers"]:
        pieces = components(new, power)
        if len(pieces) < 2:
            continue
        for piece in pieces:
            if not any(is_land(t) for t in piece):
                for territory in piece:
                    new["owners"][territory] = ""
                events.tell(power, "mare_sea_piece_lost", territories=", ".join(piece))
                events.announce("mare_news_sea_piece", power=power, territories=", ".join(piece))


def fortresses(
    new: State, builds: list[tuple[str, str]], razes: list[tuple[str, str]], events: Events
) -> None:
    """Destroyed on a change of owner; razed ones go after their last help; built ones appear if held."""
    for territory, owner in sorted(new["fortresses"].items()):
        if new["owners"][territory] != owner:
            del new["fortresses"][territory]
            events.tell(owner, "mare_fortress_destroyed", territory=territory)
            events.announce("mare_news_fortress_destroyed", territory=territory)
    for power, territory in razes:
        if new["fortresses"].get(territory) == power:
            del new["fortresses"][territory]
            events.tell(power, "mare_fortress_razed", territory=territory)
    for power, territory in builds:
        if new["owners"][territory] == power:
            new["fortresses"][territory] = power
            events.tell(power, "mare_fortress_built", territory=territory)
            events.announce("mare_news_fortress_built", power=power, territory=territory)
        else:
            events.tell(power, "mare_fortress_not_built", territory=territory)


def move_bonuses(new: State, moves: list[tuple[str, str, str]], events: Events) -> None:
    """(power, from, to): the bonus moves only if the power holds both at the end of the turn."""
    for power, source, target in moves:
        bonus = bonus_at(new, source)
        held = new["owners"][source] == power and new["owners"][target] == power
        if bonus and held and not bonus_at(new, target):
            new["bonuses"][bonus] = target
            events.tell(power, "mare_bonus_moved", bonus=bonus, source=source, target=target)
            events.announce("mare_news_bonus_moved", bonus=bonus, source=source, target=target)
        else:
            events.tell(power, "mare_bonus_not_moved", source=source, target=target)
