"""Order examples that fit the reader (the contract's `examples`): only orders this principality
can give now and would give, with its own provinces, real partners and sums its treasury pays.

Each command offers candidates in order of preference (a march from where the druzhina stands into
an enemy's land, else to its own; a war on a neighbour it is not at war with; a fair for a
player's caravan, never an enemy's), and the first that the command's own rule check accepts is
the example. A command with none is left out of the blank: no КРЕПОСТЬ without Замет, no
ПРИНЯТЬ ДАР from a computer country, which gives nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import islice

from engines.contract import ArgKind, Command, CommandSpec
from engines.rus.checks import CHECKS, check
from engines.rus.data import DATA
from engines.rus.judging import Mail
from engines.rus.schema import CESSION, PHASES, WHITE, names_in
from engines.rus.science import missing_prerequisite, price
from engines.rus.state import State
from engines.rus.world import (
    allied,
    at_war,
    capital,
    controller,
    country,
    druzhina,
    enemies_of,
    friendly,
    has_effect,
    is_ai,
    knows,
    players,
    provinces_of,
    specs_of,
    suzerain,
    vassals_of,
)

D, A, B = DATA.diplomacy, DATA.army, DATA.buildings
Value = str | int | tuple[str, ...]  # a name, a count, or a list of provinces
Candidates = Iterator[tuple[Value, ...]]  # an order's arguments, best first
_TRIED = 12  # candidates checked per command at most: a blank costs the same whatever the map
_AT_WAR = frozenset({"march", "boats"})  # orders a ВОЙНА above them in the mail may make lawful


class _Reader:
    """What one principality's examples draw on."""

    def __init__(self, state: State, power: str) -> None:
        self.state, self.power = state, power
        self.me = country(state, power)
        self.held: dict[str, list[str]] = {}  # each country's provinces in map order, asked once
        for name, province in state["provinces"].items():
            self.held.setdefault(province["owner"], []).append(name)
        self.own = self.held.get(power, [])
        self.home = capital(state, power)
        self.money = self.me["money"]
        self.others = [p for p in state["powers"] if p != power and self.held.get(p)]
        self.players = [p for p in players(state) if p in self.others]
        self.posts = [p for p, n in self.me["posts"].items() if n > 0]
        borders = {n for p in self.own for n in DATA.adjacency[p]} - set(self.own)
        self.neighbours = [p for p in self.others if any(controller(state, q) == p for q in borders)]

    def sums(self, wanted: int, unit: int) -> Iterator[int]:
        """`wanted`, or as many whole `unit`s as the treasury holds, if it holds one."""
        if self.money >= unit:
            yield max(unit, min(wanted, self.money // unit * unit))

    def foreign(self, power: str) -> list[str]:
        """`power`'s provinces, those next to ours first."""
        near = {n for p in self.own for n in DATA.adjacency[p]}
        return sorted(self.held.get(power, []), key=lambda p: p not in near)


CANDIDATES: dict[str, Callable[[_Reader], Candidates]] = {}  # command → its example's candidates


def builds(*commands: str) -> Callable[[Callable[[_Reader], Candidates]], Callable[[_Reader], Candidates]]:
    """Registers the decorated function as what makes the candidates of these commands' examples."""

    def register(build: Callable[[_Reader], Candidates]) -> Callable[[_Reader], Candidates]:
        for command in commands:
            CANDIDATES[command] = build
        return build

    return register


@builds("specialise")
def _specialise(r: _Reader) -> Candidates:
    for province in r.own:
        current = r.state["provinces"][province]["spec"]
        water = bool(DATA.province(province).water)
        for spec in DATA.specs:
            if spec.name != current and (water or not spec.water_only):
                yield province, spec.name


@builds("recruit")
def _recruit(r: _Reader) -> Candidates:
    if r.money >= A.druzhina_price:
        yield (min(2, r.money // A.druzhina_price),)


@builds("dismiss")
def _dismiss(r: _Reader) -> Candidates:
    if held := druzhina(r.state, r.power):  # none to dismiss: the order is not offered
        yield (min(2, held),)


@builds("mobilise")
def _mobilise(r: _Reader) -> Candidates:
    for province in reversed(r.own):
        yield (province,)


@builds("disband")
def _disband(r: _Reader) -> Candidates:
    for province in r.own:
        if r.state["provinces"][province]["militia"]:
            yield (province,)


@builds("tactic")
def _tactic(r: _Reader) -> Candidates:
    yield from ((t.name,) for t in DATA.tactics if t.name != r.me["tactic"])


@builds("policy")
def _policy(r: _Reader) -> Candidates:
    yield from ((p.name,) for p in DATA.policies if p.name != r.me["policy"])


@builds("stability", "convert", "renounce", "finish")
def _none(r: _Reader) -> Candidates:
    yield ()


@builds("sacrifice")
def _sacrifice(r: _Reader) -> Candidates:
    yield from ((p,) for p in sorted(r.own, key=lambda p: -r.state["provinces"][p]["op"]))


@builds("research")
def _research(r: _Reader) -> Candidates:
    for tech in DATA.techs:
        if tech.name not in r.me["techs"] and not missing_prerequisite(r.state, r.power, tech.name):
            cost = price(r.state, r.power, tech.name) - r.me["invested"].get(tech.name, 0)
            if r.money and cost > 0:  # paid in full already (its price fell): nothing to add
                yield tech.name, cost if cost <= r.money else (r.money // 50 * 50 or r.money)


@builds("workshop")
def _workshop(r: _Reader) -> Candidates:
    specs = specs_of(r.state, r.power)
    for craft in DATA.crafts:
        if knows(r.state, r.power, craft.tech) and craft.spec in specs and craft.cost <= r.money:
            yield craft.name, r.home


@builds("temple")
def _temple(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.own if not r.state["provinces"][p]["temple"])


@builds("fortress")
def _fortress(r: _Reader) -> Candidates:
    for province in r.own:
        level = r.state["provinces"][province]["fortress"] + 1
        if level <= len(B.fortress) and knows(r.state, r.power, B.fortress_techs[level - 1]):
            yield province, level


@builds("trade")
def _trade(r: _Reader) -> Candidates:
    partners = [p for p in r.players if not at_war(r.state, r.power, p)]
    partners += [p.name for p in DATA.parties if p.trade]
    for province in [r.home, *r.own]:
        yield from ((province, partner) for partner in partners)


@builds("fair")
def _fair(r: _Reader) -> Candidates:
    """A player's caravan, from its capital first: an enemy's never comes, nor a computer's."""
    for other in r.players:
        if not at_war(r.state, r.power, other):
            home = capital(r.state, other)
            yield from ((p,) for p in sorted(r.held.get(other, []), key=lambda p: p != home))


@builds("cancel_trade")
def _cancel_trade(r: _Reader) -> Candidates:
    for route in r.state["routes"]:
        if r.power in (route["caravan"], route["fair"]):
            yield (route["province"],)


@builds("march")
def _march(r: _Reader) -> Candidates:
    """From where the druzhina stands: into an enemy's province first, else to one of its own or
    an ally's, else into a neighbour's (beside the blank's ВОЙНА on it)."""
    moves = [(start, near) for start in r.posts for near in DATA.adjacency[start]]
    hostile = [(s, n) for s, n in moves if at_war(r.state, r.power, controller(r.state, n))]
    friendly_ = [(s, n) for s, n in moves if friendly(r.state, r.power, controller(r.state, n))]
    others = [(s, n) for s, n in moves if (s, n) not in hostile + friendly_]
    for start, near in [*hostile, *friendly_, *others]:
        yield start, min(5, r.me["posts"][start]), 0, (near,)


@builds("boats")
def _boats(r: _Reader) -> Candidates:
    if not has_effect(r.state, r.power, "boats"):
        return
    waters = [p.name for p in DATA.provinces if p.water]
    for start in r.posts:
        targets = [t for t in waters if t != start]
        targets.sort(key=lambda t: not at_war(r.state, r.power, controller(r.state, t)))
        yield from ((start, min(5, r.me["posts"][start]), 0, target) for target in targets)


@builds("lend")
def _lend(r: _Reader) -> Candidates:
    lords = [p for p in r.others if allied(r.state, r.power, p) or suzerain(r.state, r.power) == p]
    for commander in lords:
        yield from ((commander, start, min(5, r.me["posts"][start])) for start in r.posts)


@builds("war")
def _war(r: _Reader) -> Candidates:
    """A neighbour it is not at war with yet, a player's first."""
    ranked = sorted(r.neighbours, key=lambda p: is_ai(r.state, p))
    yield from ((p,) for p in ranked if not at_war(r.state, r.power, p))


@builds("peace")
def _peace(r: _Reader) -> Candidates:
    yield from ((enemy, WHITE) for enemy in enemies_of(r.state, r.power))


@builds("terms")
def _terms(r: _Reader) -> Candidates:
    for enemy in enemies_of(r.state, r.power):
        yield from ((enemy, CESSION, (p,)) for p in r.foreign(enemy)[:1])


@builds("leave_alliance")
def _allies(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.others if allied(r.state, r.power, p))


@builds("alliance", "accept_gift")
def _players(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.players)


@builds("marriage")
def _marriage(r: _Reader) -> Candidates:
    yield from ((p,) for p in [*r.players, *r.neighbours])


@builds("divorce")
def _divorce(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.me["marriages"])


@builds("gift")
def _gift(r: _Reader) -> Candidates:
    for other in [*r.neighbours, *r.players]:
        yield from ((other, amount) for amount in r.sums(200, D.gift_unit))


@builds("undermine")
def _undermine(r: _Reader) -> Candidates:
    for other in r.neighbours:
        rival = next((p for p in r.others if p != other), "")
        yield from ((other, amount, rival) for amount in r.sums(200, D.gift_unit))


@builds("pay")
def _pay(r: _Reader) -> Candidates:
    for other in [*r.players, *r.neighbours]:
        yield from ((other, amount) for amount in r.sums(100, 50))


@builds("embassy")
def _embassy(r: _Reader) -> Candidates:
    if has_effect(r.state, r.power, "embassies"):
        yield from ((p,) for p in [*r.players, *r.neighbours])


@builds("close_embassy")
def _close_embassy(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.me["embassies"])


@builds("cede")
def _cede(r: _Reader) -> Candidates:
    for province in reversed(r.own):
        yield from ((province, p) for p in r.players)


@builds("accept_province")
def _accept_province(r: _Reader) -> Candidates:
    """A player's province next to ours, never its capital: the one a deal could hand over."""
    for other in r.players:
        yield from ((p,) for p in r.foreign(other) if p != capital(r.state, other))


@builds("give_tech")
def _give_tech(r: _Reader) -> Candidates:
    for tech in r.me["techs"]:
        yield from ((tech, p) for p in r.players if tech not in country(r.state, p)["techs"])


@builds("demand")
def _demand(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.others if r.power in r.state["rights"].get(p, {}))


@builds("fealty")
def _fealty(r: _Reader) -> Candidates:
    yield from ((p,) for p in r.state["rights"].get(r.power, {}))


@builds("call")
def _call(r: _Reader) -> Candidates:
    for vassal in vassals_of(r.state, r.power):
        yield from ((vassal, p) for p in r.held.get(vassal, [])[:1])


@builds("bank")
def _bank(r: _Reader) -> Candidates:
    for vassal in vassals_of(r.state, r.power):
        have = country(r.state, vassal)["bank"]
        if is_ai(r.state, vassal) and have:
            yield vassal, min(100, have)


def _command(spec: CommandSpec, values: Iterable[Value]) -> Command:
    args: dict[str, int | str] = {}
    lists: dict[str, tuple[str, ...]] = {}
    for arg, value in zip(spec.args, values, strict=False):
        if arg.kind is ArgKind.NAME_LIST:
            lists[arg.name] = value if isinstance(value, tuple) else (str(value),)
        else:
            args[arg.name] = value if isinstance(value, int) else str(value)
    return Command(spec.name, args, 1, lists)


def _line(spec: CommandSpec, values: Iterable[Value]) -> str:
    shown = [", ".join(v) if isinstance(v, tuple) else str(v) for v in values]
    return " ".join([spec.keywords[0], *shown])


def examples(state: State, power: str, phase: str) -> dict[str, str]:
    """An example line per command of `phase` that `power` can give now: the first candidate its
    rule check accepts, alone or after the blank's ВОЙНА (a march into the land it declares war
    on); a command with none is left out."""
    if not provinces_of(state, power):
        return {}
    reader = _Reader(state, power)
    names = names_in(state)
    found: dict[str, tuple[str, Command]] = {}
    specs = sorted(PHASES[phase].commands, key=lambda spec: spec.name != "war")  # the war first
    for spec in specs:
        for values in islice(CANDIDATES[spec.name](reader), _TRIED):
            command = _command(spec, values)
            alone = CHECKS[spec.name](Mail(state, power, [command], names), command) is None
            war = found["war"][1] if "war" in found and spec.name in _AT_WAR else None
            if alone or (war and not check(state, power, phase, [war, replace(command, line=2)])):
                found[spec.name] = _line(spec, values), command
                break
    return {spec.name: found[spec.name][0] for spec in PHASES[phase].commands if spec.name in found}
