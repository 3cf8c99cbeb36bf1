"""Section 8: influence acts and vassalage.

`acts` (step 3) resolves marriages, gifts, embassies, cessions, technologies handed over, demands
of fealty and renunciations, in the turn's lot order; every change of influence goes into the
turn's `influence` list (applied at step 8). `rights` (step 8) grants the right to vassalise at
+200. `settle` (step 9) takes tribute and embassy upkeep and applies the stability of fealty and
refusal, which the rulebook puts «в следующий ход».

Readings where the rulebook is silent (README):
- A gift or undermine buys `gift_points` per `gift_unit` Д (per `etiquette_unit` with Etiquette),
  proportionally and rounded down: 200Д → 20, 150Д → 15, 99Д → 9.
- An undermine buys the rival's fall, not the giver's rise: its money is «обусловленная» help, so
  it gives the giver no influence of its own.
- A payment (ЗАПЛАТИТЬ) needs no consent: it settles a deal; to a computer country it goes into
  its treasury, while gifts and undermines to one go into its diplomatic bank.
- Marriages ever made are kept in state["weddings"] ([a, b, turn]): the limit of three and «не
  более одного брака с одним и тем же государством» count for the whole game, divorces included.
  A computer country also marries at most once a turn (the first order in the lot order wins).
- Religion and the other conditions of the mail are judged on the state at the start of the turn.
- Fealty's +1 and refusal's −1 are kept in state["pending_stability"] and applied at step 9.
- A refused demand may be repeated next turn while the right holds (influence still at +200).
- «Международное презрение» (−50) falls on each of the sixteen principalities except the
  ex-vassal and the ex-suzerain (who takes the −150); the parties (Польша, …) are not counted.
- A vassal renounces for free when its suzerain lost a war (state["defeated"]) this turn or last.
- A country may not cede its last province; a ceded province's militia goes back to its ОП.
- Tribute is the share of the vassal's income booked before step 9's settlement (taxes, trade,
  events, gifts received), computed for every vassal before any tribute is paid (tribute received
  is not taxed again up the chain), and never more than the vassal's treasury.
- Embassy upkeep is paid at step 9 of every turn, the opening turn included; unpaid, it closes.
"""

from __future__ import annotations

from typing import Final

from engines.contract import Command
from engines.rus import science
from engines.rus.data import DATA
from engines.rus.report import Influence, Turn
from engines.rus.state import State
from engines.rus.world import (
    at_war,
    change_owner,
    change_stability,
    clamp_influence,
    country,
    has_effect,
    is_ai,
    owner,
    players,
    provinces_of,
    suzerain,
)
from engines.text import Param
from engines.toolkit import Orders, commands_named

D = DATA.diplomacy
WEDDINGS: Final = "weddings"
PENDING: Final = "pending_stability"
MONEY_ACTS = ("gift", "undermine", "pay")


# ---- shared questions (the checks ask them too) ---------------------------------------------------
def gift_points(state: State, power: str, amount: int) -> int:
    """Influence a gift buys: proportional to the unit (cheaper with Etiquette), rounded down."""
    unit = D.etiquette_unit if has_effect(state, power, "etiquette") else D.gift_unit
    return amount * D.gift_points // unit


def weddings(state: State) -> list[list[str | int]]:
    """Every marriage ever made, [a, b, turn] (none kept in stores older than the rule)."""
    return state.get(WEDDINGS, [])


def wed_count(state: State, power: str) -> int:
    """Marriages the country made in the whole game (divorced ones included)."""
    return sum(power in w[:2] for w in weddings(state))


def ever_wed(state: State, a: str, b: str) -> bool:
    return any({a, b} == set(w[:2]) for w in weddings(state))


def may_claim(state: State, claimant: str, target: str) -> bool:
    """A demand is lawful: the claimant holds the right, the target has no suzerain and the two
    are not at war (a war declared earlier in step 3 counts: no vassal may fight its suzerain)."""
    return (
        claimant in state["rights"].get(target, {})
        and not suzerain(state, target)
        and not is_ai(state, claimant)
        and suzerain(state, claimant) != target
        and not at_war(state, claimant, target)
    )


def embassy_tech() -> str:
    """The technology that opens embassies (for the refusal message)."""
    return next(t.name for t in DATA.techs if t.effect == "embassies")


# ---- step 3 -------------------------------------------------------------------------------------
def acts(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """Step 3: each kind of act in the lot order; bonds are broken before new ones are made."""
    _divorces(new, orders, influence, turn)
    _marriages(new, orders, influence, turn)
    _renunciations(new, orders, influence, turn)
    _vassalage(new, orders, turn)
    _money(new, orders, influence, turn)
    _bank(new, orders, turn)
    _embassies(new, orders, influence, turn)
    _cessions(new, orders, influence, turn)
    _techs(new, orders, influence, turn)


def _divorces(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    for power, cmd in commands_named(orders, "divorce"):
        partner = str(cmd.args["power"])
        if partner not in country(new, power)["marriages"]:
            turn.tell(power, "rus_not_married", power=partner)
            continue
        country(new, power)["marriages"].remove(partner)
        if power in country(new, partner)["marriages"]:
            country(new, partner)["marriages"].remove(power)
        influence.append((power, partner, D.divorce, "divorce"))
        change_stability(new, power, D.divorce_stability)
        turn.tell_all([power, partner], "rus_divorced", power=power, partner=partner)
        turn.announce("rus_news_divorce", power=power, partner=partner)


def _marriage_problem(
    new: State, power: str, partner: str, wed_now: set[str]
) -> tuple[str, dict[str, Param]]:
    """Why the marriage cannot be made now ("" if it can): war, already married this turn, limits."""
    if at_war(new, power, partner):
        return "rus_marriage_enemy", {"power": partner}
    busy = next((p for p in (power, partner) if p in wed_now), "")
    if busy:
        return "rus_marriage_busy", {"power": busy}
    if ever_wed(new, power, partner):
        return "rus_marriage_again", {"power": partner}
    full = next(
        (p for p in (power, partner) if not is_ai(new, p) and wed_count(new, p) >= D.max_marriages), ""
    )
    if full:
        return "rus_marriage_limit", {"power": full, "max": D.max_marriages}
    return "", {}


def _marriages(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """With a player both order it this turn; with a computer country the player's order alone."""
    wanted = {(p, str(c.args["power"])) for p, c in commands_named(orders, "marriage")}
    wed_now: set[str] = set()
    for power, cmd in commands_named(orders, "marriage"):
        partner = str(cmd.args["power"])
        if {power, partner} <= wed_now and partner in country(new, power)["marriages"]:
            continue  # the partner's order already made it
        if not is_ai(new, partner) and (partner, power) not in wanted:
            turn.tell(power, "rus_marriage_waits", power=partner)
            continue
        code, params = _marriage_problem(new, power, partner, wed_now)
        if code:
            turn.tell(power, code, **params)
            continue
        for a, b in ((power, partner), (partner, power)):
            country(new, a)["marriages"].append(b)
            influence.append((a, b, D.marriage, "marriage"))
            change_stability(new, a, D.marriage_stability)
        new.setdefault(WEDDINGS, []).append([power, partner, new["turn"]])
        wed_now |= {power, partner}
        turn.tell_all([power, partner], "rus_married", power=power, partner=partner)
        turn.announce("rus_news_marriage", power=power, partner=partner)


def _renunciations(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """The vassal breaks the bond; free of every cost if its suzerain lost a war this turn or last."""
    t = new["turn"]
    for power, _ in commands_named(orders, "renounce"):
        lord = suzerain(new, power)
        if not lord or is_ai(new, power):
            turn.tell(power, "rus_not_vassal")
            continue
        del new["vassals"][power]
        new["renounced"][power] = {"suzerain": lord, "turn": t}
        if new["defeated"].get(lord, -t) >= t - 1:
            turn.tell_all([power, lord], "rus_renounced_free", vassal=power, suzerain=lord)
        else:
            influence.append((power, lord, D.renounce, "renounce"))
            influence.append((lord, power, D.renounce_suzerain, "renounced"))
            influence.extend(
                (power, other, D.contempt, "renounce")
                for other in new["powers"]
                if other not in (power, lord)
            )
            change_stability(new, power, D.renounce_stability)
            turn.tell_all([power, lord], "rus_renounced", vassal=power, suzerain=lord)
        turn.announce("rus_news_renounce", vassal=power, suzerain=lord)


def _vassalage(new: State, orders: Orders, turn: Turn) -> None:
    """Lawful demands against fealty orders. A computer country takes the best-ranked claimant; a
    player swears to one who demands or refuses them all (−1 each, next turn)."""
    demands: dict[str, list[str]] = {}
    for power, cmd in commands_named(orders, "demand"):
        target = str(cmd.args["power"])
        if may_claim(new, power, target):
            demands.setdefault(target, []).append(power)
        else:
            turn.tell(power, "rus_demand_unlawful", power=target)
    sworn = {p: str(c.args["power"]) for p, c in commands_named(orders, "fealty")}
    for target, claimants in demands.items():
        lawful = [c for c in claimants if may_claim(new, c, target)]
        if is_ai(new, target):
            chosen = min(lawful, key=lambda c: int(new["rights"][target][c]), default="")
        else:
            chosen = sworn.get(target, "") if sworn.get(target, "") in lawful else ""
        if chosen:
            _swear(new, target, chosen, turn)
        for other in (c for c in lawful if c != chosen):
            if chosen:
                turn.tell(other, "rus_fealty_other", vassal=target, power=chosen)
            else:
                _defer(new, target, D.refusal_stability)
                turn.tell_all(
                    [target, other],
                    "rus_fealty_refused",
                    vassal=target,
                    power=other,
                    amount=D.refusal_stability,
                )
    for target, named in sworn.items():
        if named not in demands.get(target, []):
            turn.tell(target, "rus_fealty_unmatched", power=named)


def _swear(new: State, vassal: str, lord: str, turn: Turn) -> None:
    new["vassals"][vassal] = lord
    claims = new["rights"][vassal]
    del claims[lord]
    if not claims:
        del new["rights"][vassal]
    _defer(new, vassal, D.fealty_stability)
    turn.tell_all([vassal, lord], "rus_vassal_sworn", vassal=vassal, suzerain=lord)
    turn.announce("rus_news_vassal", vassal=vassal, suzerain=lord)


def _defer(new: State, power: str, delta: int) -> None:
    """Stability that changes «в следующий ход»: kept until step 9 (computer countries stay 0)."""
    if not is_ai(new, power):
        pending = new.setdefault(PENDING, {})
        pending[power] = pending.get(power, 0) + delta


def _money(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """Gifts, undermines and payments in the lot order; a player must consent to gifts."""
    consent = {(p, str(c.args["power"])) for p, c in commands_named(orders, "accept_gift")}
    used: set[tuple[str, str]] = set()
    for power, cmds in orders.items():
        for cmd in (c for c in cmds if c.name in MONEY_ACTS):
            if _transfer(new, power, cmd, consent, influence, turn):
                used.add((str(cmd.args["power"]), power))
    for power, giver in sorted(consent - used):
        turn.tell(power, "rus_accept_unmatched", power=giver)


def _transfer(
    new: State, power: str, cmd: Command, consent: set[tuple[str, str]], influence: Influence, turn: Turn
) -> bool:
    """One money act; True if it moved money."""
    to, amount = str(cmd.args["power"]), int(cmd.args["amount"])
    ai, pay = is_ai(new, to), cmd.name == "pay"
    if not pay and not ai and (to, power) not in consent:
        turn.tell_all([power, to], "rus_gift_no_consent", giver=power, recipient=to, amount=amount)
        return False
    have = country(new, power)["money"]
    if have < amount:
        turn.tell(power, "rus_short_of_money", need=amount, have=have)
        return False
    turn.book(new, power, cmd.name, -amount, to)
    if ai and not pay:
        country(new, to)["bank"] += amount
    else:
        turn.book(new, to, cmd.name, amount, power)
    points = gift_points(new, power, amount)
    if pay:
        turn.tell(power, "rus_paid", power=to, amount=amount)
        turn.tell(to, "rus_payment_received", power=power, amount=amount)
        return True
    turn.tell(to, "rus_gift_received", power=power, amount=amount)
    if cmd.name == "gift":
        influence.append((power, to, points, "gift"))
        turn.tell(power, "rus_gift_sent", power=to, amount=amount, points=points)
    else:
        rival = str(cmd.args["rival"])
        influence.append((rival, to, -points, "undermine"))
        turn.tell(power, "rus_undermine_sent", power=to, amount=amount, rival=rival, points=points)
        turn.log("rus_gm_undermine", giver=power, recipient=to, rival=rival, points=points)
    return True


def _bank(new: State, orders: Orders, turn: Turn) -> None:
    """The suzerain of a computer vassal draws on its diplomatic bank."""
    for power, cmd in commands_named(orders, "bank"):
        vassal = str(cmd.args["vassal"])
        if suzerain(new, vassal) != power or not is_ai(new, vassal):
            turn.tell(power, "rus_not_your_vassal", power=vassal)
            continue
        bank = country(new, vassal)
        amount = min(int(cmd.args["amount"]), bank["bank"])
        bank["bank"] -= amount
        turn.book(new, power, "bank", amount, vassal)
        turn.tell(power, "rus_bank_taken", power=vassal, amount=amount, left=bank["bank"])


def _embassies(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    for power, cmds in orders.items():
        mine: list[str] = country(new, power)["embassies"]
        for cmd in cmds:
            host = str(cmd.args.get("power", ""))
            if cmd.name == "close_embassy" and host in mine:
                mine.remove(host)
                turn.tell(power, "rus_embassy_closed", host=host)
            elif cmd.name == "embassy" and host not in mine and host != power:
                mine.append(host)
                influence.append((power, host, D.embassy, "embassy"))
                turn.tell_all([power, host], "rus_embassy_opened", power=power, host=host)
                turn.announce("rus_news_embassy", power=power, host=host)


def _cessions(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """A province passes only between players, when the receiver accepts it the same turn."""
    accepting = {(p, str(c.args["province"])) for p, c in commands_named(orders, "accept_province")}
    used: set[tuple[str, str]] = set()
    for power, cmd in commands_named(orders, "cede"):
        province, to = str(cmd.args["province"]), str(cmd.args["power"])
        if (to, province) not in accepting:
            turn.tell(power, "rus_cede_waits", province=province, power=to)
            continue
        lawful = owner(new, province) == power and province not in new["occupied"]
        if not lawful or is_ai(new, to) or is_ai(new, power) or len(provinces_of(new, power)) < 2:
            turn.tell_all([power, to], "rus_cede_failed", province=province, power=to)
            continue
        used.add((to, province))
        _hand_over(new, province, to, turn)
        influence.append((power, to, D.transfer, "cession"))
        turn.tell_all([power, to], "rus_ceded", province=province, giver=power, receiver=to)
        turn.announce("rus_news_ceded", province=province, giver=power, receiver=to)
    for power, province in sorted(accepting - used):
        turn.tell(power, "rus_province_unmatched", province=province)


def _hand_over(new: State, province: str, receiver: str, turn: Turn) -> None:
    for route in change_owner(new, province, receiver):
        turn.tell_all(
            [route["caravan"], route["fair"]],
            "rus_cede_route_ended",
            province=province,
            partner=route["fair"],
        )


def _techs(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    for power, cmd in commands_named(orders, "give_tech"):
        tech, to = str(cmd.args["tech"]), str(cmd.args["power"])
        if tech not in country(new, power)["techs"] or is_ai(new, to) or tech in country(new, to)["techs"]:
            turn.tell(power, "rus_give_tech_failed", tech=tech, power=to)
            continue
        science.grant(new, to, tech)
        influence.append((power, to, D.transfer, "tech"))
        turn.tell_all([power, to], "rus_tech_given", tech=tech, giver=power, receiver=to)
        turn.announce("rus_news_tech_given", tech=tech, giver=power, receiver=to)


# ---- step 8 -------------------------------------------------------------------------------------
def _entitled(new: State, claimant: str, target: str) -> bool:
    return (
        claimant != target
        and not is_ai(new, claimant)
        and new["influence"][claimant].get(target, 0) >= D.vassal_at
        and suzerain(new, claimant) != target
        and suzerain(new, target) != claimant
    )


def apply_influence(new: State, changes: Influence, turn: Turn) -> None:
    """Step 8 (and a GM's peace at once): each change, clamped to the scale, told to its giver."""
    for power, other, amount, cause in changes:
        if other not in new["influence"].get(power, {}):
            continue
        new["influence"][power][other] = clamp_influence(new["influence"][power][other] + amount)
        turn.influenced(power, other, amount, new["influence"][power][other], cause)


def rights(new: State, turn: Turn) -> None:
    """Influence at +200 gives a player the right to vassalise; the rank is its place in this turn's
    lot order («у кого была выше очередь хода в ход, приведший к появлению условий»)."""
    order: list[str] = new["order"]
    for target in new["powers"]:
        claims: dict[str, int] = new["rights"].get(target, {})
        for claimant in dict.fromkeys([*claims, *players(new)]):
            entitled = _entitled(new, claimant, target)
            if entitled and claimant not in claims:
                claims[claimant] = order.index(claimant) if claimant in order else len(order)
                turn.tell(claimant, "rus_right_gained", target=target, at=D.vassal_at)
                turn.tell(target, "rus_right_over_you", power=claimant, at=D.vassal_at)
            elif not entitled and claimant in claims:
                del claims[claimant]
                turn.tell(claimant, "rus_right_lost", target=target)
        if claims:
            new["rights"][target] = claims
        else:
            new["rights"].pop(target, None)


# ---- step 9 -------------------------------------------------------------------------------------
def settle(new: State, turn: Turn) -> None:
    """Step 9: tribute, embassy upkeep, the deferred stability of fealty and refusal, bank reports."""
    _tribute(new, turn)
    _embassy_upkeep(new, turn)
    for power, delta in new.pop(PENDING, {}).items():
        change_stability(new, power, delta)
        turn.tell(power, "rus_fealty_stability", amount=delta, stability=country(new, power)["stability"])
    for vassal in new["powers"]:
        lord = suzerain(new, vassal)
        if lord and is_ai(new, vassal):
            turn.tell(lord, "rus_bank_size", vassal=vassal, amount=country(new, vassal)["bank"])


def income(turn: Turn, power: str) -> int:
    """The country's income so far this turn: the positive lines of its account."""
    return sum(line["amount"] for line in turn.accounts.get(power, []) if line["amount"] > 0)


def _tribute(new: State, turn: Turn) -> None:
    bonds = [(v, suzerain(new, v)) for v in new["powers"] if suzerain(new, v)]
    earned = {v: income(turn, v) for v, _ in bonds}
    for vassal, lord in bonds:
        due = int(earned[vassal] * D.tribute)
        paid = min(due, max(0, country(new, vassal)["money"]))
        turn.book(new, vassal, "tribute", -paid, lord)
        turn.book(new, lord, "tribute", paid, vassal)
        turn.tell_all(
            [vassal, lord], "rus_tribute", vassal=vassal, suzerain=lord, amount=paid, income=earned[vassal]
        )


def _embassy_upkeep(new: State, turn: Turn) -> None:
    for power in new["powers"]:
        c = country(new, power)
        for host in list(c["embassies"]):
            if c["money"] >= D.embassy_upkeep:
                turn.book(new, power, "embassy", -D.embassy_upkeep, host)
            else:
                c["embassies"].remove(host)
                turn.tell(power, "rus_embassy_unpaid", host=host, cost=D.embassy_upkeep)
