"""Step 7, the battles (section 5): marches and boat landings in the turn's lot order, a battle in
every province where the enemy stands (or its militia is called up at once), retreats, occupation
and plunder; and the raids of the Polovtsy and the Varangians (a random event of step 1).

An army is put together at the moment it moves, from the men really still there: earlier battles of
the turn may have thinned them. Militia always belongs to the province it was raised in (README):
a sortie's militia goes home after the march, whatever its end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from engines.contract import Command
from engines.rus.combat import Contingent, Ground, Loss, Outcome, Side, fight
from engines.rus.data import DATA
from engines.rus.economy import mobilised
from engines.rus.report import Turn
from engines.rus.state import State
from engines.rus.war_checks import march_path
from engines.rus.world import (
    allied,
    at_war,
    change_stability,
    controller,
    country,
    friendly,
    has_effect,
    knows,
    owner,
    policy_key,
    suzerain,
)
from engines.text import Text
from engines.toolkit import Orders

W, G, ARMY = DATA.war, DATA.game, DATA.army


@dataclass
class _Unit:
    """One country's men in an army (or standing in defence) while the battles are fought."""

    power: str
    druzhina: int
    militia: int = 0

    @property
    def men(self) -> int:
        return self.druzhina + self.militia


@dataclass
class _Army:
    commander: str
    start: str
    boats: bool
    units: list[_Unit] = field(default_factory=list)

    @property
    def men(self) -> int:
        return sum(u.men for u in self.units)

    def unit(self, power: str) -> _Unit:
        """The power's unit in the army, added (empty) if it has none yet."""
        for u in self.units:
            if u.power == power:
                return u
        self.units.append(_Unit(power, 0))
        return self.units[-1]


@dataclass
class _Loan:
    lender: str
    commander: str
    province: str
    count: int
    used: bool = False


# ---- the state's troops ---------------------------------------------------------------------------
def _posts(new: State, power: str) -> dict[str, int]:
    return country(new, power)["posts"]


def _take(new: State, power: str, province: str, count: int) -> int:
    """Take up to `count` men of the druzhina posted in the province; the men actually taken."""
    posts = _posts(new, power)
    taken = max(0, min(count, posts.get(province, 0)))
    posts[province] = posts.get(province, 0) - taken
    if not posts[province]:
        del posts[province]
    return taken


def _put(new: State, power: str, province: str, count: int) -> None:
    if count > 0:
        posts = _posts(new, power)
        posts[province] = posts.get(province, 0) + count


def _armour(new: State, power: str) -> int:
    """The best armour technology the country knows (only the sixteen principalities have any)."""
    if power not in new["countries"]:
        return 0
    return max((t.armour for t in DATA.techs if t.armour and knows(new, power, t.name)), default=0)


def _tactic(new: State, power: str) -> str:
    if power not in new["countries"]:
        return ""
    return country(new, power)["tactic"]


def _contingents(new: State, units: Iterable[_Unit]) -> tuple[Contingent, ...]:
    return tuple(Contingent(u.power, u.druzhina, u.militia, _armour(new, u.power)) for u in units)


def _forces(units: Iterable[_Unit]) -> str:
    return ", ".join(f"{u.power} {u.druzhina}+{u.militia}" for u in units)


# ---- step 7 ---------------------------------------------------------------------------------------
def campaign(new: State, orders: Orders, turn: Turn) -> None:
    """Every march and boat landing, country by country in the lot order, each in line order."""
    called = _called(new, orders)
    loans = [
        _Loan(power, str(c.args["commander"]), str(c.args["province"]), int(c.args["count"]))
        for power, cmds in orders.items()
        for c in cmds
        if c.name == "lend"
    ]
    for power, cmds in orders.items():
        for cmd in cmds:
            if cmd.name not in ("march", "boats"):
                continue
            if power in called:
                turn.tell(power, "rus_war_called_away", suzerain=called[power], line=cmd.line)
                continue
            _move(new, power, cmd, loans, called, turn)
    for loan in loans:
        if not loan.used:
            turn.tell(loan.lender, "rus_war_loan_unused", power=loan.commander, province=loan.province)


def _called(new: State, orders: Orders) -> dict[str, str]:
    """Vassals their suzerain called to arms this turn (ПРИЗЫВ): vassal → suzerain."""
    return {
        str(c.args["vassal"]): power
        for power, cmds in orders.items()
        for c in cmds
        if c.name == "call" and suzerain(new, str(c.args["vassal"])) == power
    }


def _move(
    new: State, power: str, cmd: Command, loans: list[_Loan], called: dict[str, str], turn: Turn
) -> None:
    start = str(cmd.args["province"])
    boats = cmd.name == "boats"
    path = [str(cmd.args["target"])] if boats else march_path(start, cmd) or []
    army = _muster(new, power, cmd, loans, called, turn)
    if not army.men or not path:
        turn.tell(power, "rus_war_no_army", province=start)
        _home(new, army, turn)
        return
    told = [u.power for u in army.units]
    druzhina, militia = sum(u.druzhina for u in army.units), sum(u.militia for u in army.units)
    said = {"commander": power, "province": start, "target": path[-1]}
    if not militia:
        turn.tell_all(told, "rus_war_sets_out", **said, druzhina=druzhina)
    elif druzhina:
        turn.tell_all(told, "rus_war_sets_out_levy", **said, druzhina=druzhina, militia=militia)
    else:
        turn.tell_all(told, "rus_war_sets_out_militia", **said, militia=militia)
    if len(path) > 1:
        turn.tell_all(told, "rus_war_route", path=" – ".join([start, *path]))
    _walk(new, army, path, turn)


def _muster(
    new: State, power: str, cmd: Command, loans: list[_Loan], called: dict[str, str], turn: Turn
) -> _Army:
    """The army as it really is when it moves: the commander's men, an ally's loan given for this
    province (its first march from there) and every called vassal's druzhina standing there."""
    start = str(cmd.args["province"])
    army = _Army(power, start, cmd.name == "boats")
    ordered_d, ordered_m = int(cmd.args["druzhina"]), int(cmd.args["militia"])
    here = new["provinces"][start]
    militia = min(ordered_m, here["militia"]) if owner(new, start) == power else 0
    here["militia"] -= militia
    own = army.unit(power)
    own.druzhina, own.militia = _take(new, power, start, ordered_d), militia
    if (own.druzhina, own.militia) != (ordered_d, ordered_m):
        turn.tell_all(
            [power],
            "rus_war_army_smaller",
            province=start,
            druzhina=own.druzhina,
            militia=own.militia,
            ordered_druzhina=ordered_d,
            ordered_militia=ordered_m,
        )
    for loan in loans:
        if loan.used or loan.commander != power or loan.province != start:
            continue
        loan.used = True
        if allied(new, loan.lender, power) or suzerain(new, loan.lender) == power:
            _join(new, army, loan.lender, loan.count, turn)
    for vassal, lord in called.items():
        if lord == power:
            _join(new, army, vassal, _posts(new, vassal).get(start, 0), turn)
    return army


def _join(new: State, army: _Army, power: str, count: int, turn: Turn) -> None:
    taken = _take(new, power, army.start, count)
    if taken:
        army.unit(power).druzhina += taken
        turn.tell_all(
            [army.commander, power],
            "rus_war_joins",
            power=power,
            commander=army.commander,
            province=army.start,
            druzhina=taken,
        )


def _walk(new: State, army: _Army, path: list[str], turn: Turn) -> None:
    """Province by province: a battle wherever the enemy stands; a lost one ends the march."""
    previous = army.start
    for here in path:
        holder = controller(new, here)
        if not friendly(new, army.commander, holder) and not at_war(new, army.commander, holder):
            turn.tell(army.commander, "rus_war_halted", province=here, power=holder)
            _stand(new, army, previous, turn)
            return
        defence = _defence(new, army.commander, here, turn)
        if defence and not _battle(new, army, previous, here, defence, turn):
            _repulsed(new, army, previous, here, turn)
            return
        if not army.men:
            turn.tell(army.commander, "rus_war_perished", province=here)
            return
        previous = here
    _arrive(new, army, path[-1], turn)


def _defence(new: State, commander: str, province: str, turn: Turn) -> list[_Unit]:
    """Troops standing in the province of every country at war with the commander, the holder's
    first (its militia too); if there are none and the holder is at war, its militia is called up."""
    holder = controller(new, province)
    militia = new["provinces"][province]["militia"] if holder == owner(new, province) else 0
    hostile = [p for p in dict.fromkeys([holder, *new["powers"]]) if at_war(new, p, commander)]
    units = [
        _Unit(p, _posts(new, p).get(province, 0), militia if p == holder else 0)
        for p in hostile
        if _posts(new, p).get(province, 0) or (p == holder and militia)
    ]
    if not units and holder in hostile:
        raised = _call_up(new, province, turn)
        if raised:
            units.append(_Unit(holder, 0, raised))
    return units


def _call_up(new: State, province: str, turn: Turn) -> int:
    """The automatic militia of a province with no troops in it (3.1): at the ordinary 2:1, or
    «Ополчение»'s 1.5:1 of the same half of the ОП; none in a revolting or an occupied province."""
    here = new["provinces"][province]
    holder = owner(new, province)
    if province in new.get("revolts", []) or province in new["occupied"] or here["militia"]:
        return 0
    given, men = mobilised(here["op"])
    if policy_key(new, holder) == "militia":
        men = int(Fraction(given) / DATA.policy_of("militia").auto_rate)
    if men < 1:
        return 0
    here["op"] -= given
    here["militia"] = men
    turn.tell_all([holder], "rus_war_call_up", province=province, militia=men, op=given)
    return men


# ---- one battle -----------------------------------------------------------------------------------
def _battle(new: State, army: _Army, previous: str, province: str, defence: list[_Unit], turn: Turn) -> bool:
    """Fight it, apply both sides' losses, scatter beaten defenders; True if the attackers won."""
    leader = defence[0].power
    here = new["provinces"][province]
    fighting = [u for u in army.units if u.men]
    attack = Side(_contingents(new, fighting), _tactic(new, army.commander))
    defend = Side(_contingents(new, defence), _tactic(new, leader))
    river = DATA.river(previous, province) and not has_effect(new, army.commander, "boats")
    ground = Ground(here["spec"], river, here["fortress"] if owner(new, province) == leader else 0)
    outcome = fight(attack, defend, ground)
    _report(turn, province, army.commander, fighting, leader, defence, outcome)
    for unit, loss in zip(fighting, outcome.attack_losses, strict=True):
        unit.druzhina = max(0, unit.druzhina - loss.druzhina)
        unit.militia = max(0, unit.militia - loss.militia)
    _defenders_lose(new, province, defence, outcome, turn)
    if outcome.attacker_wins:
        _scatter(new, province, leader, defence, turn)
    return outcome.attacker_wins


def _lost(loss: Loss) -> Text:
    """What a contingent lost, as a sentence says it: «2 ВС (п) и 1 ВС (о)», "2 MS of the druzhina
    and 1 MS of the militia"; "" for nothing."""
    counts = [(n, kind) for n, kind in ((loss.druzhina, "druzhina"), (loss.militia, "militia")) if n]
    ru = [f"{n}\u00a0ВС ({'п' if kind == 'druzhina' else 'о'})" for n, kind in counts]
    en = [f"{n}\u00a0MS of the {kind}" for n, kind in counts]
    return Text(" и ".join(ru), " and ".join(en))


def _defenders_lose(new: State, province: str, defence: list[_Unit], outcome: Outcome, turn: Turn) -> None:
    here = new["provinces"][province]
    for unit, loss in zip(defence, outcome.defence_losses, strict=True):
        unit.druzhina -= _take(new, unit.power, province, loss.druzhina)
        killed = max(0, min(loss.militia, here["militia"]))
        here["militia"] -= killed
        unit.militia -= killed
    if province not in new["battles"]:
        new["battles"].append(province)


def _report(
    turn: Turn,
    province: str,
    attacker: str,
    attack: list[_Unit],
    defender: str,
    defence: list[_Unit],
    outcome: Outcome,
) -> None:
    """Those who fought read what happened in sentences: who attacked whom, who won, what each lost;
    the arithmetic (forces, combat points, the table's cell, each loss) goes to the GM's log; who
    fought and won to the news."""
    everyone = [u.power for u in (*attack, *defence)]
    winner = attacker if outcome.attacker_wins else defender
    cell = outcome.cell
    sides = {"attacker": attacker, "defender": defender, "winner": winner}
    for power in dict.fromkeys(p for p in everyone if p in turn.reports):  # raiders read no report
        turn.tell(power, "rus_war_fought", province=province, **sides)
    for loss in (*outcome.attack_losses, *outcome.defence_losses):
        lost = _lost(loss)
        if lost.ru and loss.power in turn.reports:
            turn.tell(loss.power, "rus_war_you_lost", lost=lost.ru, lost_en=lost.en)
            if loss.spared:
                turn.tell(loss.power, "rus_war_armour", spared=loss.spared)
    turn.log(
        "rus_war_battle",
        province=province,
        attacker=attacker,
        defender=defender,
        attack=_forces(attack),
        defence=_forces(defence),
    )
    turn.log("rus_war_attack_points", formula=outcome.attack.formula, points=outcome.attack.value)
    turn.log("rus_war_defence_points", formula=outcome.defence.formula, points=outcome.defence.value)
    turn.log(
        "rus_war_cell",
        attack_range=cell.attack_range,
        defence_range=cell.defence_range,
        winner=winner,
        attack_loss=cell.attack_loss,
        defence_loss=cell.defence_loss,
    )
    for loss in (*outcome.attack_losses, *outcome.defence_losses):
        turn.log(
            "rus_war_loss",
            power=loss.power,
            druzhina=loss.druzhina,
            militia=loss.militia,
            spared=loss.spared,
        )
    turn.announce("rus_news_battle", province=province, attacker=attacker, defender=defender, winner=winner)


def _retreat_to(new: State, friend_of: str, province: str, prefer: str = "") -> str:
    """A neighbouring province a friend of `friend_of` holds: `prefer` if it is one, else the first
    in map order; "" if none (the men are destroyed)."""
    options = [p for p in DATA.adjacency[province] if friendly(new, friend_of, controller(new, p))]
    return prefer if prefer in options else (options[0] if options else "")


def _scatter(new: State, province: str, leader: str, defence: list[_Unit], turn: Turn) -> None:
    """Beaten defenders: the druzhina falls back to a friend's neighbouring province (or is lost);
    the militia's survivors scatter back into the population (+2 ОП a man)."""
    to = _retreat_to(new, leader, province)
    for unit in defence:
        if unit.druzhina:
            _relocate(new, unit.power, province, to, unit.druzhina, turn)
    here = new["provinces"][province]
    if here["militia"]:
        men, op = here["militia"], here["militia"] * ARMY.disband_rate
        here["op"] += op
        here["militia"] = 0
        turn.tell_all([owner(new, province)], "rus_war_scattered", province=province, militia=men, op=op)


def _relocate(new: State, power: str, province: str, to: str, count: int, turn: Turn) -> None:
    """Move druzhina standing in `province` to `to`, or destroy it if there is nowhere to go."""
    taken = _take(new, power, province, count)
    if to:
        _put(new, power, to, taken)
        turn.tell_all([power], "rus_war_retreat", power=power, province=province, to=to, druzhina=taken)
    else:
        turn.tell_all([power], "rus_war_destroyed", power=power, province=province, druzhina=taken)


def _repulsed(new: State, army: _Army, previous: str, province: str, turn: Turn) -> None:
    """A lost battle: the druzhina falls back (a boat landing cannot), the militia goes home."""
    to = "" if army.boats else _retreat_to(new, army.commander, province, previous)
    for unit in army.units:
        if not unit.druzhina:
            continue
        if to:
            _put(new, unit.power, to, unit.druzhina)
            turn.tell_all(
                [unit.power],
                "rus_war_retreat",
                power=unit.power,
                province=province,
                to=to,
                druzhina=unit.druzhina,
            )
        else:
            turn.tell_all(
                [unit.power], "rus_war_destroyed", power=unit.power, province=province, druzhina=unit.druzhina
            )
        unit.druzhina = 0
    if army.boats:
        _lose_militia(army, turn)
    _home(new, army, turn)


def _lose_militia(army: _Army, turn: Turn) -> None:
    for unit in army.units:
        if unit.militia:
            turn.tell_all([unit.power], "rus_war_militia_lost", province=army.start, militia=unit.militia)
            unit.militia = 0


def _home(new: State, army: _Army, turn: Turn) -> None:
    """The militia's survivors go back to their province, if its owner still holds it."""
    start = army.start
    for unit in army.units:
        if not unit.militia:
            continue
        if owner(new, start) == unit.power and controller(new, start) == unit.power:
            new["provinces"][start]["militia"] += unit.militia
            turn.tell_all([unit.power], "rus_war_militia_home", province=start, militia=unit.militia)
        else:
            turn.tell_all([unit.power], "rus_war_militia_lost", province=start, militia=unit.militia)
        unit.militia = 0


def _stand(new: State, army: _Army, province: str, turn: Turn) -> None:
    """The army stops in `province`: its druzhina is posted there, its militia goes home."""
    for unit in army.units:
        _put(new, unit.power, province, unit.druzhina)
        unit.druzhina = 0
    _home(new, army, turn)


def _arrive(new: State, army: _Army, province: str, turn: Turn) -> None:
    """The end of the march: a friend's province is just reached; an enemy's is occupied and
    plundered; one of the commander's side (or of a country it is not at war with) is liberated. The
    druzhina stays, the militia goes home."""
    commander = army.commander
    holder, lord = controller(new, province), owner(new, province)
    if friendly(new, commander, holder):
        turn.tell_all(
            [u.power for u in army.units if u.druzhina],
            "rus_war_arrived",
            commander=commander,
            province=province,
            druzhina=sum(u.druzhina for u in army.units),
        )
    elif friendly(new, commander, lord) or not at_war(new, commander, lord):
        del new["occupied"][province]  # an enemy driven out of a neutral's land: no capture there
        turn.tell_all([commander, lord, holder], "rus_war_liberated", power=commander, province=province)
        turn.announce("rus_news_liberated", power=commander, province=province, owner=lord)
    else:
        new["occupied"][province] = commander
        turn.tell_all([commander, lord], "rus_war_captured", power=commander, province=province, owner=lord)
        turn.announce("rus_news_captured", power=commander, province=province, owner=lord)
        plunder(new, province, commander, commander, turn)
    _stand(new, army, province, turn)


def plunder(new: State, province: str, captor: str, by: str, turn: Turn) -> None:
    """−¼ of the ОП rounded up (never under the floor); 50Д an ОП to the captor (none for raiders:
    `captor` ""); the owner's stability −1, −2 for its capital (3.1)."""
    here = new["provinces"][province]
    lord = owner(new, province)
    lost = max(0, min(math.ceil(here["op"] * W.plunder), here["op"] - G.min_op))
    here["op"] -= lost
    money = lost * W.plunder_money if captor else 0
    if captor:
        turn.book(new, captor, "plunder", money, province)
    capital = province == DATA.power(lord).capital
    made = change_stability(new, lord, W.capital_plunder_stability if capital else W.plunder_stability)
    turn.tell_all(
        [p for p in (captor, lord) if p],
        "rus_war_plundered",
        province=province,
        by=by,
        lost=lost,
        op=here["op"],
        money=money,
        owner=lord,
        stability=made,
    )
    turn.announce("rus_news_plundered", province=province, by=by, lost=lost)


# ---- step 1: a raid ---------------------------------------------------------------------------------
def raid(new: State, power: str, province: str, raider: str, strength: int, turn: Turn) -> None:
    """«Набег половцев/варягов»: `strength` raiders (no tactic, no armour) against the holder's
    druzhina posted there and the province's militia (or its militia called up); no river; the
    owner's fortress helps. Raiders who win plunder the province and leave: no occupation."""
    here = new["provinces"][province]
    standing = _posts(new, power).get(province, 0)
    militia = here["militia"] if owner(new, province) == power else 0
    defence = [_Unit(power, standing, militia)] if standing or militia else []
    if not defence:
        raised = _call_up(new, province, turn)
        defence = [_Unit(power, 0, raised)] if raised else []
    if not defence:
        turn.tell_all([power], "rus_war_raid_unopposed", province=province, raider=raider, strength=strength)
        plunder(new, province, "", raider, turn)
        return
    attack = [_Unit(raider, strength)]
    ground = Ground(here["spec"], False, here["fortress"] if owner(new, province) == power else 0)
    outcome = fight(
        Side(_contingents(new, attack)), Side(_contingents(new, defence), _tactic(new, power)), ground
    )
    _report(turn, province, raider, attack, power, defence, outcome)
    _defenders_lose(new, province, defence, outcome, turn)
    if outcome.attacker_wins:
        plunder(new, province, "", raider, turn)
