"""Section 8: war declarations, peace (and the automatic peace of 8.3), alliances, the call to arms.

Called from turn.py: `acts` in step 3 (leaving alliances, peace, war declarations in lot order, new
alliances, calls to arms), `levies` in step 4 (a call's militia), `autopeace` after the battles of
step 7. Influence changes go to the turn's list (applied at step 8); stability changes at once.
"""

from __future__ import annotations

from engines.contract import Command
from engines.rus import internal
from engines.rus.data import DATA
from engines.rus.economy import mobilised
from engines.rus.report import Influence, Turn
from engines.rus.schema import ANNEX, CESSION, DEFEAT, VASSAL, VICTORY, WHITE
from engines.rus.state import State
from engines.rus.trade import named as provinces_named
from engines.rus.world import (
    add_war,
    allied,
    at_war,
    capital,
    change_owner,
    change_stability,
    controller,
    country,
    end_war,
    enemies_of,
    friendly,
    is_ai,
    owner,
    pair,
    provinces_of,
    set_druzhina,
    suzerain,
    vassals_of,
)
from engines.toolkit import Orders, commands_named

D = DATA.diplomacy


def _ordered(orders: Orders, power: str, name: str, target: str, arg: str = "power") -> Command | None:
    return next((c for c in orders.get(power, ()) if c.name == name and c.args.get(arg) == target), None)


def allies_of(state: State, power: str) -> list[str]:
    return [q for q in state["powers"] if q != power and allied(state, power, q)]


# ---- step 3 ------------------------------------------------------------------------------------------
def acts(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """Step 3: leaving first (so a leaver is out of this turn's war), then peace, war, alliances, calls."""
    _leave(new, orders, influence, turn)
    _peace(new, orders, influence, turn)
    for power, cmd in commands_named(orders, "war"):
        declare(new, power, str(cmd.args["power"]), influence, turn)
    _alliances(new, orders, influence, turn)
    for power, cmd in commands_named(orders, "call"):
        _call(new, power, str(cmd.args["vassal"]), turn)


def _leave(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """−100 on the ex-ally; +10 on the country it attacks this turn, if leaving refuses that war."""
    for power, cmd in commands_named(orders, "leave_alliance"):
        ally = str(cmd.args["power"])
        if not allied(new, power, ally):
            turn.tell(power, "rus_treaty_no_alliance", power=ally)
            continue
        new["alliances"].remove(pair(new, power, ally))
        influence.append((power, ally, D.break_alliance, "alliance_broken"))
        turn.tell_all([power, ally], "rus_treaty_alliance_left", power=power, ally=ally)
        turn.announce("rus_treaty_news_alliance_left", power=power, ally=ally)
        for war in (c for c in orders.get(ally, ()) if c.name == "war"):
            attacked = str(war.args["power"])
            if attacked != power and not at_war(new, ally, attacked):
                influence.append((power, attacked, D.refusal_bonus, "refusal"))
                turn.tell(power, "rus_treaty_refused_war", ally=ally, power=attacked)


def _break_ties(new: State, a: str, b: str, turn: Turn) -> None:
    """War breaks the pair's marriage and trade agreements at once, without influence."""
    ca, cb = country(new, a), country(new, b)
    if b in ca["marriages"] or a in cb["marriages"]:
        ca["marriages"] = [m for m in ca["marriages"] if m != b]
        cb["marriages"] = [m for m in cb["marriages"] if m != a]
        turn.tell_all([a, b], "rus_treaty_marriage_broken", a=a, b=b)
    for route in [r for r in new["routes"] if {r["caravan"], r["fair"]} == {a, b}]:
        new["routes"].remove(route)
        turn.tell_all([a, b], "rus_treaty_trade_broken", province=route["province"], a=a, b=b)


# ---- war ---------------------------------------------------------------------------------------------
def war_refusal(new: State, power: str, target: str) -> str:
    """Why this declaration cannot stand now ("" if it can): checked again at resolution, since
    earlier acts of the turn may have changed the world since the mail was judged."""
    if power == target or is_ai(new, power):
        return "rus_treaty_war_not_allowed"
    if at_war(new, power, target):
        return "rus_treaty_war_already"
    if suzerain(new, power) == target:
        return "rus_treaty_war_on_suzerain"
    left = new["renounced"].get(power)
    if left and left["suzerain"] == target and new["turn"] <= left["turn"]:
        return "rus_treaty_war_on_suzerain"
    if allied(new, power, target):
        return "rus_treaty_war_on_ally"
    return ""


def _feudal_side(new: State, target: str, aggressor: str) -> list[str]:
    """The attacked country, its suzerains upward and the vassals of all of them («война, объявленная
    вассалу … сюзерену»; «… сюзерену … всем его вассалам»), never reaching the aggressor's friends."""
    side, queue = [target], [target]
    while queue:
        here = queue.pop(0)
        for nxt in [suzerain(new, here), *vassals_of(new, here)]:
            if nxt and nxt not in side and not friendly(new, nxt, aggressor):
                side.append(nxt)
                queue.append(nxt)
    return side


def sides(new: State, aggressor: str, target: str) -> tuple[list[str], list[str]]:
    """Who fights whom: the aggressor with its allies; the attacked with its feudal kin and their
    allies (8.2: allies join by default). A country friendly to both sides stays out."""
    core = _feudal_side(new, target, aggressor)
    defenders = list(core)
    for member in core:
        for ally in allies_of(new, member):
            if ally not in defenders and not friendly(new, ally, aggressor):
                defenders.append(ally)
    attackers = [aggressor] + [
        a for a in allies_of(new, aggressor) if not any(friendly(new, a, d) for d in defenders)
    ]
    return attackers, defenders


def _war_stability(new: State, power: str, target: str) -> int:
    """3.1: the single most severe of the causes that apply (they are not added up)."""
    causes = [0]
    christian = DATA.religions.christian
    if country(new, power)["religion"] == christian == country(new, target)["religion"]:
        causes.append(D.christian_war_stability)
    if target in country(new, power)["marriages"]:
        causes.append(D.married_war_stability)
    if suzerain(new, target) == power:
        causes.append(D.vassal_war_stability)
    return min(causes)


def declare(new: State, power: str, target: str, influence: Influence, turn: Turn) -> None:
    """One declaration: −150 on the attacked by the aggressor and each joining ally, the aggressor's
    stability, and every aggressor × defender pair at war with their ties broken."""
    refusal = war_refusal(new, power, target)
    if refusal:
        turn.tell(power, refusal, power=target)
        return
    stability = _war_stability(new, power, target)
    if suzerain(new, target) == power:
        del new["vassals"][target]
        turn.tell_all([power, target], "rus_treaty_vassal_bond_broken", suzerain=power, vassal=target)
    if stability:
        change_stability(new, power, stability)
        turn.tell(
            power, "rus_treaty_war_stability", amount=stability, stability=country(new, power)["stability"]
        )
    attackers, defenders = sides(new, power, target)
    for a in attackers:
        if a == power or not at_war(new, a, target):
            influence.append((a, target, D.war, "war"))
    for a in attackers:
        for d in defenders:
            if not friendly(new, a, d) and add_war(new, a, d):
                _break_ties(new, a, d, turn)
                turn.tell_all([a, d], "rus_treaty_at_war", a=a, b=d)
    turn.announce("rus_treaty_news_war", power=power, target=target)
    if len(attackers) > 1 or len(defenders) > 1:
        turn.announce(
            "rus_treaty_news_war_sides", attackers=", ".join(attackers), defenders=", ".join(defenders)
        )


# ---- peace -------------------------------------------------------------------------------------------
def _peace(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """With a computer country at once (white); between players when both order it with matching
    terms. Then a peacemaker whose ally still fights that enemy leaves the alliance."""
    done: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for power, cmd in commands_named(orders, "peace"):
        enemy = str(cmd.args["power"])
        if frozenset((power, enemy)) in seen:
            continue  # the other side's order already settled (or failed) this pair
        seen.add(frozenset((power, enemy)))
        if not at_war(new, power, enemy):
            turn.tell(power, "rus_treaty_peace_not_at_war", power=enemy)
            continue
        winner = _agreed(new, orders, power, enemy, str(cmd.args.get("terms", WHITE)), turn)
        if winner is None:
            continue
        loser = "" if not winner else (enemy if winner == power else power)
        make_peace(new, power, enemy, winner, loser, influence, turn)
        done.append((power, enemy))
    for power, enemy in done:
        allies_leave(new, power, enemy, influence, turn)


def allies_leave(new: State, a: str, b: str, influence: Influence, turn: Turn) -> None:
    """After a peace between a and b: a peacemaker whose ally still fights the other leaves that
    alliance (8.2: unwilling to go on with the war)."""
    for side, other in ((a, b), (b, a)):
        for ally in allies_of(new, side):
            if at_war(new, ally, other):
                new["alliances"].remove(pair(new, side, ally))
                influence.append((side, ally, D.break_alliance, "alliance_broken"))
                influence.append((side, other, D.refusal_bonus, "refusal"))
                turn.tell_all([side, ally], "rus_treaty_alliance_left", power=side, ally=ally)
                turn.announce("rus_treaty_news_alliance_left", power=side, ally=ally)


def _agreed(new: State, orders: Orders, power: str, enemy: str, terms: str, turn: Turn) -> str | None:
    """None: no peace. "": a white peace. Otherwise the winner of an unequal peace."""
    if is_ai(new, enemy):
        lord = suzerain(new, enemy)
        if lord and lord != power and not _ordered(orders, lord, "peace", power):
            turn.tell(power, "rus_treaty_peace_needs_suzerain", power=enemy, suzerain=lord)
            return None
        return ""
    answer = _ordered(orders, enemy, "peace", power)
    if answer is None:
        turn.tell_all([power, enemy], "rus_treaty_peace_offered", power=power, enemy=enemy)
        return None
    theirs = str(answer.args.get("terms", WHITE))
    if terms == theirs == WHITE:
        return ""
    if (terms, theirs) == (VICTORY, DEFEAT):
        return power
    if (terms, theirs) == (DEFEAT, VICTORY):
        return enemy
    turn.tell_all([power, enemy], "rus_treaty_peace_mismatch", power=power, enemy=enemy)
    return None


def make_peace(new: State, a: str, b: str, winner: str, loser: str, influence: Influence, turn: Turn) -> None:
    """White (+10 mutual) or unequal (+40 winner on loser, the loser defeated and its computer
    vassals freed); both +1 stability; the war ends and occupied provinces go back."""
    end_war(new, a, b)
    if winner:
        influence.append((winner, loser, D.unequal_peace, "unequal_peace"))
        _defeated(new, loser, turn)
        turn.announce("rus_treaty_news_unequal_peace", winner=winner, loser=loser)
    else:
        influence.extend([(a, b, D.white_peace, "white_peace"), (b, a, D.white_peace, "white_peace")])
        turn.announce("rus_treaty_news_white_peace", a=a, b=b)
    for side in (a, b):
        change_stability(new, side, D.peace_stability)
    turn.tell_all([a, b], "rus_treaty_peace_made", a=a, b=b)


def _defeated(new: State, loser: str, turn: Turn) -> None:
    """8.1: a lost war frees the loser's computer vassals; its player vassals may renounce."""
    new["defeated"][loser] = new["turn"]
    for vassal in vassals_of(new, loser):
        if is_ai(new, vassal):
            del new["vassals"][vassal]
            turn.tell_all([loser, vassal], "rus_treaty_vassal_freed", vassal=vassal, suzerain=loser)
            turn.announce("rus_treaty_news_vassal_freed", vassal=vassal, suzerain=loser)


# ---- alliances and the call to arms ------------------------------------------------------------------
def _alliances(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """Both players order it the same turn; +30 mutual; announced."""
    for power, cmd in commands_named(orders, "alliance"):
        other = str(cmd.args["power"])
        if allied(new, power, other):
            continue  # the partner's order made it already
        if at_war(new, power, other) or is_ai(new, power) or is_ai(new, other):
            turn.tell(power, "rus_treaty_alliance_impossible", power=other)
        elif _ordered(orders, other, "alliance", power) is None:
            turn.tell_all([power, other], "rus_treaty_alliance_offered", power=power, ally=other)
        else:
            new["alliances"].append(pair(new, power, other))
            influence.extend([(power, other, D.alliance, "alliance"), (other, power, D.alliance, "alliance")])
            turn.tell_all([power, other], "rus_treaty_alliance_made", a=power, b=other)
            turn.announce("rus_treaty_news_alliance", a=power, b=other)


def _call(new: State, lord: str, vassal: str, turn: Turn) -> None:
    """The vassal goes to war with every enemy of its suzerain it is not friendly with."""
    if suzerain(new, vassal) != lord:
        turn.tell(lord, "rus_treaty_call_not_vassal", vassal=vassal)
        return
    for enemy in enemies_of(new, lord):
        if not friendly(new, vassal, enemy) and add_war(new, vassal, enemy):
            _break_ties(new, vassal, enemy, turn)
            turn.tell_all([vassal, enemy], "rus_treaty_at_war", a=vassal, b=enemy)
    turn.tell_all([lord, vassal], "rus_treaty_called", suzerain=lord, vassal=vassal)
    turn.announce("rus_treaty_news_called", suzerain=lord, vassal=vassal)


# ---- step 4 ------------------------------------------------------------------------------------------
def levies(new: State, orders: Orders, turn: Turn) -> None:
    """Step 4: a call naming one of the vassal's provinces raises its militia there (computer vassals
    too: the suzerain's right of 8.1 is not the AI's own initiative that 8.4 forbids)."""
    for lord, cmd in commands_named(orders, "call"):
        vassal, province = str(cmd.args["vassal"]), str(cmd.args.get("province", ""))
        if not province or suzerain(new, vassal) != lord:
            continue
        here = new["provinces"][province]
        blocked = province in new["revolts"] or controller(new, province) != vassal
        if blocked or here["militia"] or mobilised(here["op"])[1] < 1:
            turn.tell(lord, "rus_treaty_no_levy", vassal=vassal, province=province)
            continue
        internal.mobilise(new, vassal, province, turn)
        turn.tell(lord, "rus_treaty_levy", vassal=vassal, province=province, militia=here["militia"])


# ---- after the battles: the automatic peace (8.3) ----------------------------------------------------
def autopeace(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """A country at war with all its provinces held by its enemies has lost: the holder of its
    capital dictates (the terms it ordered, else an ally's, else vassalage)."""
    for loser in [p for p in new["order"] or new["powers"] if _beaten(new, p)]:
        if not _beaten(new, loser):
            continue  # an earlier peace this turn ended its war
        winner = new["occupied"][capital(new, loser)]
        outcome, named = _terms(new, orders, winner, loser)
        turn.announce("rus_treaty_news_autopeace", winner=winner, loser=loser)
        land = (outcome == CESSION and _cede(new, winner, loser, named, turn)) or (
            outcome == ANNEX and _annex(new, winner, loser, turn)
        )
        if not land and is_ai(new, winner):  # a computer country takes no vassal (8.1): white peace
            _settle(new, winner, loser, False, influence, turn)
            continue
        if not land:
            _vassalise(new, winner, loser, turn)
        _settle(new, winner, loser, True, influence, turn)


def _beaten(new: State, power: str) -> bool:
    own = provinces_of(new, power)
    enemies = set(enemies_of(new, power))
    return bool(own and enemies) and all(new["occupied"].get(p) in enemies for p in own)


def _terms(new: State, orders: Orders, winner: str, loser: str) -> tuple[str, list[str]]:
    """The winner's УСЛОВИЯ against the loser, else its allies' (lot order); default vassalage."""
    for power in [winner, *(p for p in orders if allied(new, p, winner))]:
        cmd = _ordered(orders, power, "terms", loser)
        if cmd is not None:
            return str(cmd.args["outcome"]), provinces_named(cmd, "provinces") or []
    return VASSAL, []


def _metropolis_border(new: State, winner: str, province: str) -> bool:
    return any(owner(new, n) == winner for n in DATA.adjacency[province])


def _cede(new: State, winner: str, loser: str, named: list[str], turn: Turn) -> bool:
    """Provinces other than the capital that border the winner's own land (the named ones, or all
    of them if none is named). False if none qualifies."""
    home = capital(new, loser)
    eligible = [p for p in provinces_of(new, loser) if p != home and _metropolis_border(new, winner, p)]
    taken = [p for p in eligible if p in named] if named else eligible
    for province in taken:
        _transfer(new, province, winner, turn)
    return bool(taken)


def _annex(new: State, winner: str, loser: str, turn: Turn) -> bool:
    """Only a one-province country whose province borders the winner's own land."""
    own = provinces_of(new, loser)
    if len(own) != 1 or not _metropolis_border(new, winner, own[0]):
        return False
    _transfer(new, own[0], winner, turn)
    set_druzhina(new, loser, 0)  # no land left to keep a druzhina
    for vassal in vassals_of(new, loser):
        del new["vassals"][vassal]
        turn.tell(vassal, "rus_treaty_vassal_freed", vassal=vassal, suzerain=loser)
    new["vassals"].pop(loser, None)
    turn.announce("rus_treaty_news_annexed", winner=winner, loser=loser)
    return True


def _transfer(new: State, province: str, winner: str, turn: Turn) -> None:
    loser = owner(new, province)
    change_owner(new, province, winner)
    turn.announce("rus_treaty_news_ceded", province=province, loser=loser, winner=winner)


def _vassalise(new: State, winner: str, loser: str, turn: Turn) -> None:
    old = suzerain(new, loser)
    if old:
        turn.tell(old, "rus_treaty_vassal_lost", vassal=loser, suzerain=winner)
    if suzerain(new, winner) == loser:
        del new["vassals"][winner]
    new["vassals"][loser] = winner
    change_stability(new, loser, D.fealty_stability)
    turn.announce("rus_treaty_news_vassal", vassal=loser, suzerain=winner)


def _settle(new: State, winner: str, loser: str, unequal: bool, influence: Influence, turn: Turn) -> None:
    """Every war of the loser ends, its land is freed, it leaves its alliances (8.3: «безусловный
    выход … из союза»); the peace with the winner is white or unequal."""
    for enemy in enemies_of(new, loser):
        if enemy != winner:
            end_war(new, loser, enemy)
            turn.tell_all([loser, enemy], "rus_treaty_peace_made", a=loser, b=enemy)
    for province in provinces_of(new, loser):
        new["occupied"].pop(province, None)
    for ally in allies_of(new, loser):
        new["alliances"].remove(pair(new, loser, ally))
        turn.tell_all([loser, ally], "rus_treaty_alliance_ended", power=loser, ally=ally)
    make_peace(new, winner, loser, winner if unequal else "", loser if unequal else "", influence, turn)
