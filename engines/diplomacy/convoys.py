"""Convoy routes: chains of fleets at sea carrying an army from one coast to another.

Three questions: could the fleets on the board carry this army at all (an order to move by convoy
is legal only then, DATC 6.D.32); is this fleet on some route that needs it (a convoy order is
legal only then, DATC 6.G.19: a route with a shortcut does not need its extra fleets); and, while
adjudicating, do the fleets whose convoys succeed still make a chain.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator

from engines.diplomacy.board import Board


def carried(board: Board, fleets: Collection[str], origin: str, dest: str) -> bool:
    """Whether fleets in the seas `fleets` make a chain from `origin` to `dest`."""
    if origin == dest or board.kind(origin) != "coast" or board.kind(dest) != "coast":
        return False
    landing = board.sea_neighbours(dest)
    start = [sea for sea in sorted(board.sea_neighbours(origin)) if sea in fleets and board.can_convoy(sea)]
    seen, queue = set(start), deque(start)
    while queue:
        sea = queue.popleft()
        if sea in landing:
            return True
        for near in sorted(board.fleet_moves(sea)):
            if near in fleets and near not in seen and board.can_convoy(near):
                seen.add(near)
                queue.append(near)
    return False


def needed(board: Board, fleets: Collection[str], origin: str, dest: str, fleet: str) -> bool:
    """Whether the fleet in sea `fleet` is on a route of `fleets` from `origin` to `dest` that has
    no shortcut (no fleet of it could be left out)."""
    return any(fleet in route for route in _routes(board, frozenset(fleets), origin, dest))


def _routes(board: Board, fleets: frozenset[str], origin: str, dest: str) -> Iterator[tuple[str, ...]]:
    """Every route without a shortcut: a chain of fleets in which only the first borders the
    origin, only the last the destination, and only neighbours in the chain border each other."""
    if origin == dest or board.kind(origin) != "coast" or board.kind(dest) != "coast":
        return
    boarding, landing = board.sea_neighbours(origin), board.sea_neighbours(dest)
    seas = {sea for sea in fleets if board.can_convoy(sea)}

    def extend(route: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        last = route[-1]
        if last in landing:
            yield route
            return
        for sea in sorted(board.fleet_moves(last) & seas):
            earlier = route[:-1]
            shortcut = sea in boarding or any(sea in board.fleet_moves(s) for s in earlier)
            if sea not in route and not shortcut:
                yield from extend((*route, sea))

    for first in sorted(boarding & seas):
        yield from extend((first,))
