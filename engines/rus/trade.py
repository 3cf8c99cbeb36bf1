"""Trade routes (4.1, 4.2): the declared route, transit duties, the fair's half, the trade centre."""

from __future__ import annotations

import itertools
import re
from collections import deque
from dataclasses import dataclass

from engines.contract import Command
from engines.rus.data import DATA
from engines.rus.state import Route, State, TradeRecord
from engines.rus.world import at_war, capital, neighbours_of_power, owner, provinces_of

T = DATA.trade
_SEPARATORS = re.compile(r"[\s,;>–—→]+")


def _key(text: str) -> str:
    return text.casefold().replace("ё", "е")


_SPELLINGS = {_key(s): p.name for p in DATA.provinces for s in (p.name, *p.spellings)}


def read_route(text: str) -> list[str] | None:
    """The provinces a route text names, in order («Рязань - Тула – Москва»); None if one is unknown."""
    found: list[str] = []
    for word in (w for w in _SEPARATORS.split(text) if w.strip("-")):
        name = _SPELLINGS.get(_key(word))
        if name is None:
            parts = [_SPELLINGS.get(_key(part)) for part in word.split("-") if part]
            if not parts or None in parts:
                return None
            found.extend(p for p in parts if p)
        else:
            found.append(name)
    return found


def named(cmd: Command, arg: str) -> list[str] | None:
    """The provinces a path argument names, in order: its list items, or the text of an order
    stored before paths were lists; [] if none is given, None if a stored name is unknown."""
    if arg in cmd.lists:
        return list(cmd.lists[arg])
    return read_route(str(cmd.args.get(arg, "")))


def written(cmd: Command, arg: str) -> str:
    """A path argument as the player gave it, for a refusal ("" if none)."""
    return ", ".join(cmd.lists.get(arg, ())) or str(cmd.args.get(arg, "")).strip()


def is_party(name: str) -> bool:
    return any(p.name == name for p in DATA.parties)


def ends(state: State, fair: str) -> set[str]:
    """Where a caravan to `fair` arrives: its capital, or a province on the border of Poland/Hungary."""
    if is_party(fair):
        return set(DATA.party(fair).borders)
    home = capital(state, fair)
    return {home} if home else set()


def full_path(state: State, province: str, fair: str, named: list[str]) -> list[str]:
    """The declared provinces with the caravan's province in front and the fair's capital at the end."""
    path = list(named)
    if not path or path[0] != province:
        path.insert(0, province)
    if not is_party(fair) and path[-1] not in ends(state, fair):
        path.append(capital(state, fair))
    return path


def path_problem(state: State, path: list[str], fair: str) -> str:
    """ "" if the path walks border to border into the fair; else what is wrong with it."""
    for a, b in itertools.pairwise(path):
        if b not in DATA.adjacency[a]:
            return f"{a}–{b}"
    if path[-1] not in ends(state, fair):
        return path[-1]
    return ""


def transit(state: State, caravan: str, fair: str, path: list[str]) -> list[str]:
    """Provinces of third countries the route crosses (none between neighbours, 4.2)."""
    if not is_party(fair) and neighbours_of_power(state, caravan, fair):
        return []
    return [p for p in path if owner(state, p) not in (caravan, fair)]


def closed_by_war(state: State, caravan: str, fair: str, path: list[str]) -> bool:
    """«Торговый маршрут может пролегать через государство, которое не находится в состоянии
    войны ни с «Караванщиком», ни с «Ярмарщиком»»; the parties themselves at war close it too."""
    if at_war(state, caravan, fair):
        return True
    return any(at_war(state, owner(state, p), side) for p in path for side in (caravan, fair))


def shortest(state: State, caravan: str, province: str, fair: str) -> list[str]:
    """The fewest-step open route from `province` into the fair (map order breaks ties); [] if none."""
    goal = ends(state, fair)
    came: dict[str, str] = {province: ""}
    queue = deque([province])
    while queue:
        here = queue.popleft()
        if here in goal:
            path = [here]
            while came[path[0]]:
                path.insert(0, came[path[0]])
            return path
        for nxt in DATA.adjacency[here]:
            who = owner(state, nxt)
            if nxt not in came and not at_war(state, who, caravan) and not at_war(state, who, fair):
                came[nxt] = here
                queue.append(nxt)
    return []


def gross(state: State, fair: str) -> int:
    """By the fair country's size: 1→100, 2→150, 3→100, 4→50, 5+→20; Poland and Hungary 75."""
    if is_party(fair):
        return T.party
    size = len(provinces_of(state, fair))
    return T.by_size[min(size, len(T.by_size)) - 1] if size else 0


@dataclass
class Flow:
    """What one route paid this turn, before any trade centre."""

    caravan: str
    province: str
    fair: str
    gross: int
    duties: dict[str, int]
    net: int
    fair_income: int
    closed: str  # "" if it traded; else why not: "war", "revolt", "militia"
    stopped_at: str = ""  # the idle province (revolt, militia) that stopped it

    def to_json(self) -> TradeRecord:
        return {
            "caravan": self.caravan,
            "province": self.province,
            "fair": self.fair,
            "gross": self.gross,
            "transit": sum(self.duties.values()),
            "duties": dict(self.duties),
            "net": self.net,
            "fair_income": self.fair_income,
            "closed": self.closed,
            "stopped_at": self.stopped_at,
        }


def flow(state: State, route: Route, idle: set[str], idle_reason: dict[str, str]) -> Flow:
    """One route's income: the caravan gets the gross less 5Д per foreign province crossed (paid to
    each transit country), the fair half the gross. `idle`: provinces that trade nothing now."""
    caravan, province, fair, path = route["caravan"], route["province"], route["fair"], route["path"]
    base = Flow(caravan, province, fair, gross(state, fair), {}, 0, 0, "")
    if closed_by_war(state, caravan, fair, path):
        base.closed = "war"
        return base
    stopped = [p for p in (province, path[-1] if not is_party(fair) else "") if p in idle]
    if stopped:
        base.closed, base.stopped_at = idle_reason[stopped[0]], stopped[0]
        return base
    duties: dict[str, int] = {}
    for p in transit(state, caravan, fair, path):
        duties[owner(state, p)] = duties.get(owner(state, p), 0) + T.transit
    base.duties = duties
    base.net = max(0, base.gross - sum(duties.values()))
    base.fair_income = 0 if is_party(fair) else int(base.gross * T.fair_share)
    return base
