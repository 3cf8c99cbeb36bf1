"""Order examples that fit the reader (the contract's `examples`): Переяславль is shown its own
provinces, a march from where its druzhina stands to a real neighbouring province, a principality
it borders for war and diplomacy, a player country for alliances and marriages, and sums its
treasury can pay. Boats keep their fixed example: where they may land depends on the waters."""

from __future__ import annotations

from collections import deque

from engines.contract import JSON
from engines.rus.data import DATA
from engines.rus.schema import PHASES
from engines.rus.state import State, typed
from engines.rus.world import capital, country, druzhina, is_ai, provinces_of, vassals_of

D, A = DATA.diplomacy, DATA.army


def _path(start: str, goal: str) -> list[str]:
    """The shortest chain of neighbouring provinces from `start` to `goal`, both included."""
    came: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for nxt in DATA.adjacency[here]:
            if nxt not in came:
                came[nxt] = here
                queue.append(nxt)
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def _border(state: State, power: str) -> tuple[str, str]:
    """(own province, a neighbouring province of another principality), from where the druzhina
    stands if it can."""
    own = provinces_of(state, power)
    posts = [p for p, n in country(state, power)["posts"].items() if n > 0 and p in own]
    for start in [*posts, *own]:
        for near in DATA.adjacency[start]:
            if state["provinces"][near]["owner"] != power:
                return start, near
    return own[0], DATA.adjacency[own[0]][0]


def _affordable(money: int, wanted: int, unit: int) -> int:
    """`wanted`, or as many whole `unit`s as the treasury holds (at least one unit)."""
    return max(unit, min(wanted, money // unit * unit))


def examples(stored: JSON, power: str, phase: str) -> dict[str, str]:
    """An example line per command of `phase`, with `power`'s own names and numbers."""
    state = typed(stored)
    own = provinces_of(state, power)
    if not own:
        return {}
    home = capital(state, power)
    second = own[-1]
    start, target = _border(state, power)
    neighbour = state["provinces"][target]["owner"]
    holders = {here["owner"] for here in state["provinces"].values()}
    others = [p for p in state["powers"] if p != power and p in holders]
    player = next((p for p in others if not is_ai(state, p)), neighbour)
    rival = next(p for p in others if p not in (neighbour, player))
    money = country(state, power)["money"]
    here = state["provinces"][home]
    water = bool(DATA.province(home).water)
    spec = next(s.name for s in DATA.specs if s.name != here["spec"] and (water or not s.water_only))
    men = max(1, min(5, country(state, power)["posts"].get(start, 0) or druzhina(state, power)))
    known = sorted(country(state, power)["techs"]) or [DATA.techs[0].name]
    tech = next((t for t in DATA.techs if t.name not in country(state, power)["techs"]), DATA.techs[0])
    vassal = (vassals_of(state, power) or [neighbour])[0]
    craft = DATA.crafts[0].name
    route = ", ".join(_path(home, capital(state, player)))
    lines = {
        "specialise": f"{home} {spec}",
        "tactic": next(t.name for t in DATA.tactics if t.name != country(state, power)["tactic"]),
        "policy": next(p.name for p in DATA.policies if p.name != country(state, power)["policy"]),
        "recruit": str(max(1, min(2, money // A.druzhina_price))),
        "dismiss": str(max(1, min(2, druzhina(state, power)))),
        "mobilise": second,
        "disband": second,
        "sacrifice": second,
        "research": f"{tech.name} {_affordable(money, tech.cost, 50)}",
        "workshop": f"{craft} {home}",
        "temple": home,
        "fortress": f"{home} 1",
        "trade": f"{home} {player} {route}",
        "fair": target,
        "cancel_trade": home,
        "march": f"{start} {men} 0 {target}",
        "lend": f"{player} {start} {men}",
        "war": neighbour,
        "peace": f"{neighbour} Белый",
        "terms": f"{neighbour} Уступки {target}",
        "alliance": player,
        "leave_alliance": player,
        "marriage": player,
        "divorce": player,
        "gift": f"{neighbour} {_affordable(money, 200, D.gift_unit)}",
        "accept_gift": player,
        "undermine": f"{neighbour} {_affordable(money, 200, D.gift_unit)} {rival}",
        "pay": f"{player} {_affordable(money, 100, 50)}",
        "embassy": player,
        "close_embassy": player,
        "cede": f"{second} {player}",
        "accept_province": target,
        "give_tech": f"{known[0]} {player}",
        "demand": neighbour,
        "fealty": neighbour,
        "call": f"{vassal} {provinces_of(state, vassal)[0]}",
        "bank": f"{vassal} 100",
    }
    specs = {spec.name: spec for spec in PHASES[phase].commands}
    return {name: f"{specs[name].keywords[0]} {args}" for name, args in lines.items() if name in specs}
