"""Resolution of the one mail phase of a turn, in the rulebook's ten steps (section 2):

1 random events (raids are battles) · 2 revolts · 3 diplomacy (trade agreements, then wars, peace
and alliances in `treaties`, then influence acts and vassalage in `diplomacy`) · 4 internal policy
(militia, policy, religion, specialisation; a suzerain's call-up) · 5 taxes and duties · 6 spending
in the turn's lot order (druzhina, science, buildings) · 7 battles (`war`), the automatic peace, the
trade centres (spoiled by a battle there) · 8 influence, rights to vassalise · 9 upkeep, ОП, harvest,
embassies and tribute, story rewards, troops in foreign land sent home · 10 balances and the
results. The lot order of the powers is drawn first, every turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.contract import Command, Resolution
from engines.rng import Rng
from engines.rus import diplomacy, economy, fortune, gm_rules, internal, trade, treaties, war
from engines.rus.checks import check, route_of
from engines.rus.data import DATA
from engines.rus.report import Influence, Turn
from engines.rus.science import invest
from engines.rus.scoring import game_ends, tally, unanimous
from engines.rus.state import State, fresh
from engines.rus.world import (
    at_peace,
    at_war,
    capital,
    change_stability,
    controller,
    country,
    druzhina,
    friendly,
    is_ai,
    owner,
    players,
    provinces_of,
    send_home,
    set_druzhina,
)
from engines.text import Msg
from engines.toolkit import Orders, accepted

G, B, TR = DATA.game, DATA.buildings, DATA.trade
IDLE = {
    "war": "rus_trade_idle_war",
    "revolt": "rus_trade_idle_revolt",
    "militia": "rus_trade_idle_militia",
    "occupied": "rus_trade_idle_occupied",
}
STEPS = (
    "rus_step_events",
    "rus_step_revolts",
    "rus_step_diplomacy",
    "rus_step_policy",
    "rus_step_taxes",
    "rus_step_spending",
    "rus_step_battles",
    "rus_step_influence",
    "rus_step_recount",
    "rus_step_balance",
)


def resolve(state: State, phase: str, orders: Orders, rng: Rng) -> Resolution[State]:
    before = state
    if before["over"] or phase != before["phase"]:
        raise ValueError(
            f"cannot resolve {phase!r}: the game is at {before['phase']!r}, over={before['over']}"
        )
    new = fresh(state)
    turn = Turn(new["powers"])
    valid = accepted(check, state, phase, orders, turn, "rus_order_refused")
    t = new["turn"]
    new["order"] = rng.shuffled(new["powers"], Msg("rus_draw_order", {"turn": t}))
    turn.announce("rus_news_order", order=", ".join(new["order"]))
    gm_rules.carry(new, turn)
    by_order = {p: valid[p] for p in new["order"]}
    influence: Influence = []

    _step(turn, 1)
    harvests = fortune.roll(new, rng, turn)
    fortune.ai_conversion(new, rng, turn)
    _step(turn, 2)
    _revolts(new, rng, turn)
    _step(turn, 3)
    _trade_agreements(new, by_order, influence, turn)
    treaties.acts(new, by_order, influence, turn)
    diplomacy.acts(new, by_order, influence, turn)
    _step(turn, 4)
    internal.apply(new, by_order, turn)
    treaties.levies(new, by_order, turn)
    _step(turn, 5)
    _taxes(new, turn)
    income = _trade_income(new, turn)
    _step(turn, 6)
    _spending(new, by_order, turn)
    _step(turn, 7)
    war.campaign(new, by_order, turn)
    treaties.autopeace(new, by_order, influence, turn)
    _trade_centres(new, income, turn)
    _step(turn, 8)
    diplomacy.apply_influence(new, influence, turn)
    diplomacy.rights(new, turn)
    _step(turn, 9)
    _upkeep(new, turn)
    _growth(new, turn)
    _harvest(new, harvests, turn)
    diplomacy.settle(new, turn)
    _recall(new, turn)
    _stories(new, turn)
    _christian_peace(new, before, turn)
    _step(turn, 10)
    _finish(new, by_order, turn)
    return turn.resolution(new)


def _step(turn: Turn, number: int) -> None:
    turn.step(STEPS[number - 1], number)


def _revolts(new: State, rng: Rng, turn: Turn) -> None:
    """At −3: half the provinces (rounded down) revolt, by lot where there is a choice; never where
    a temple stands or the enemy stands; ОП halved; no taxes, trade or levy there this turn."""
    new["revolts"] = []
    for power in new["powers"]:
        c = country(new, power)
        if is_ai(new, power) or c["stability"] != DATA.stability.revolt_at:
            continue
        own = provinces_of(new, power)
        candidates = [p for p in own if not new["provinces"][p]["temple"] and p not in new["occupied"]]
        count = len(own) // 2
        if len(candidates) > count:
            drawn = rng.shuffled(candidates, Msg("rus_draw_revolt", {"turn": new["turn"], "power": power}))
            candidates = [p for p in own if p in drawn[:count]]
        for province in candidates[:count]:
            here = new["provinces"][province]
            here["op"] = max(G.min_op, here["op"] // 2)
            new["revolts"].append(province)
            turn.tell(power, "rus_revolt", province=province, op=here["op"])
            code = "rus_news_revolt_home" if province == power else "rus_news_revolt"
            turn.announce(code, power=power, province=province)


def _trade_agreements(new: State, orders: Orders, influence: Influence, turn: Turn) -> None:
    """Breaks first, then new agreements: with a player both must order it this turn. A break
    ordered with a declaration of war on the partner costs no influence (8: the war breaks it)."""
    for power, cmds in orders.items():
        declared = {str(c.args["power"]) for c in cmds if c.name == "war"}
        for cmd in (c for c in cmds if c.name == "cancel_trade"):
            province = str(cmd.args["province"])
            gone = [
                r for r in new["routes"] if r["province"] == province and power in (r["caravan"], r["fair"])
            ]
            for route in gone:
                new["routes"].remove(route)
                other = route["fair"] if power == route["caravan"] else route["caravan"]
                if other not in declared:
                    influence.append((power, other, TR.break_influence, "trade_broken"))
                turn.tell_all(
                    [route["caravan"], route["fair"]], "rus_trade_broken", province=province, power=power
                )
                turn.announce(
                    "rus_news_trade_broken", caravan=route["caravan"], province=province, fair=route["fair"]
                )
    accepting = {(p, str(c.args["province"])) for p, cmds in orders.items() for c in cmds if c.name == "fair"}
    used: set[tuple[str, str]] = set()
    for power, cmds in orders.items():
        for cmd in (c for c in cmds if c.name == "trade"):
            province, partner = str(cmd.args["province"]), str(cmd.args["partner"])
            player = not trade.is_party(partner) and not is_ai(new, partner)
            if player and (partner, province) not in accepting:
                turn.tell(power, "rus_trade_waits", province=province, partner=partner)
                continue
            path = route_of(new, power, cmd)
            if not path:
                turn.tell(power, "rus_trade_no_route", province=province, partner=partner)
                continue
            used.add((partner, province))
            new["routes"].append({"caravan": power, "province": province, "fair": partner, "path": path})
            influence.append((power, partner, TR.agreement_influence, "trade"))
            if not trade.is_party(partner):
                influence.append((partner, power, TR.agreement_influence, "trade"))
            turn.tell_all(
                [power, partner],
                "rus_trade_opened",
                province=province,
                partner=partner,
                path=" – ".join(path),
            )
            turn.announce("rus_news_trade_opened", caravan=power, province=province, fair=partner)
    for power, province in sorted(accepting - used):
        turn.tell(power, "rus_fair_unmatched", province=province, caravan=owner(new, province))


def _taxes(new: State, turn: Turn) -> None:
    """An occupied or revolting province pays its owner nothing (the occupier took its plunder)."""
    exempt = set(new["revolts"]) | set(new["occupied"])
    for power in new["powers"]:
        per, percent, total = economy.taxes(new, power, exempt)
        turn.book(new, power, "taxes", total, f"{sum(per.values())} × {percent}\u00a0%")


TradeIncome = dict[str, list[tuple[str, int, str]]]


def _trade_income(new: State, turn: Turn) -> TradeIncome:
    """Every open route pays now; the trade centres' ×1.5 waits for the battles (`_trade_centres`)."""
    idle = {p: "revolt" for p in new["revolts"]}
    idle.update({p: "occupied" for p in new["occupied"] if p not in idle})
    idle.update({p: "militia" for p, here in new["provinces"].items() if here["militia"] and p not in idle})
    flows = [trade.flow(new, route, set(idle), idle) for route in new["routes"]]
    income: TradeIncome = {p: [] for p in new["powers"]}
    for f in flows:
        if f.closed:
            # a levy is no public fact: the other side's mobilised province only shows as idle
            hidden = f.closed == "militia" and owner(new, f.stopped_at) != f.caravan
            turn.tell(
                f.caravan, "rus_trade_idle" if hidden else IDLE[f.closed], province=f.province, partner=f.fair
            )
            continue
        income[f.caravan].append(("trade", f.net, f"{f.province} → {f.fair}"))
        if f.fair in income:
            income[f.fair].append(("fair", f.fair_income, f.province))  # the balance says «караван из …»
        for power, duty in f.duties.items():
            if power in income:
                income[power].append(("transit", duty, f"{f.province} → {f.fair}"))
    for power in new["powers"]:
        for item, amount, note in income[power]:
            turn.book(new, power, item, amount, note)
    new["trade"] = [f.to_json() for f in flows]
    return income


def _trade_centres(new: State, income: TradeIncome, turn: Turn) -> None:
    """A fair of seven or more routes is a trade centre: ×1.5 on the turn's trade income, unless the
    enemy occupies its capital or a battle was fought there this turn (so it is judged after step 7)."""
    fairs = [f["fair"] for f in new["trade"] if not f["closed"]]
    new["centres"] = []
    for power in new["powers"]:
        home = capital(new, power)
        if fairs.count(power) < TR.centre_routes:
            continue
        if home in new["occupied"] or home in new["battles"]:
            turn.tell(power, "rus_trade_centre_spoiled", province=home)
            continue
        new["centres"].append(power)
        turn.announce("rus_news_trade_centre", power=power, province=home)
        bonus = int(sum(a for _, a, _ in income[power]) * (TR.centre - 1))
        turn.book(new, power, "centre", bonus, home)


def _spending(new: State, orders: Orders, turn: Turn) -> None:
    """Step 6, in the turn's lot order: so the first of two countries to learn a technology wins."""
    for power, cmds in orders.items():
        for cmd in cmds:
            _spend(new, power, cmd, turn)


def _afford(new: State, power: str, amount: int, turn: Turn) -> bool:
    if country(new, power)["money"] >= amount:
        return True
    turn.tell(power, "rus_short_of_money", need=amount, have=country(new, power)["money"])
    return False


def _spend(new: State, power: str, cmd: Command, turn: Turn) -> None:
    c = country(new, power)
    if cmd.name == "recruit":
        count = int(cmd.args["count"])
        if _afford(new, power, count * DATA.army.druzhina_price, turn):
            turn.book(new, power, "recruit", -count * DATA.army.druzhina_price, str(count))
            set_druzhina(new, power, druzhina(new, power) + count)
            turn.tell(power, "rus_recruited", count=count, druzhina=druzhina(new, power))
    elif cmd.name == "dismiss":
        count = min(int(cmd.args["count"]), druzhina(new, power))
        set_druzhina(new, power, druzhina(new, power) - count)
        turn.tell(power, "rus_dismissed", count=count, druzhina=druzhina(new, power))
    elif cmd.name == "research":
        tech, amount = str(cmd.args["tech"]), int(cmd.args["amount"])
        if tech in c["techs"]:
            turn.tell(power, "rus_research_known", tech=tech)
        elif _afford(new, power, amount, turn):
            turn.book(new, power, "research", -amount, tech)
            learned, cost, burnt = invest(new, power, tech, amount)
            if learned:
                if burnt:
                    turn.tell(power, "rus_tech_learned", tech=tech, price=cost, burnt=burnt)
                else:  # no zero part: «сгорело 0 Д»
                    turn.tell(power, "rus_tech_learned_exactly", tech=tech, price=cost)
                turn.announce("rus_news_tech", power=power, tech=tech)
            else:
                turn.tell(power, "rus_tech_not_yet", tech=tech, invested=c["invested"][tech], price=cost)
    elif cmd.name in ("workshop", "temple", "fortress"):
        _build(new, power, cmd, turn)


def _build(new: State, power: str, cmd: Command, turn: Turn) -> None:
    province = str(cmd.args.get("province", capital(new, power)))
    here = new["provinces"][province]
    if here["owner"] != power:
        turn.tell(power, "rus_not_your_province", province=province)
        return
    if cmd.name == "workshop":
        craft = DATA.craft(str(cmd.args["craft"]))
        if not here["craft"] and _afford(new, power, craft.cost, turn):
            turn.book(new, power, "workshop", -craft.cost, f"{craft.name}, {province}")
            here["craft"], here["op"] = craft.name, here["op"] + craft.op
            turn.announce("rus_news_workshop", power=power, craft=craft.name, province=province, op=craft.op)
    elif cmd.name == "temple":
        if not here["temple"] and _afford(new, power, B.temple, turn):
            turn.book(new, power, "temple", -B.temple, province)
            here["temple"] = True
            turn.announce("rus_news_temple", power=power, province=province)
    else:
        level = int(cmd.args["level"])
        cost = B.fortress[level - 1]
        if here["fortress"] < level and _afford(new, power, cost, turn):
            turn.book(new, power, "fortress", -cost, f"{province} {level}")
            here["fortress"] = level
            turn.tell(power, "rus_fortress_built_now", province=province, level=level)


def _upkeep(new: State, turn: Turn) -> None:
    """20Д a man (40/15/30); an unpaid man deserts (README): the druzhina shrinks to what is paid."""
    for power in new["powers"]:
        money, men = country(new, power)["money"], druzhina(new, power)
        per = economy.upkeep_per_man(new, power)
        if men * per > max(0, money):
            kept = max(0, money) // per
            turn.tell(power, "rus_deserted", count=men - kept)
            set_druzhina(new, power, kept)
            men = kept
        turn.book(new, power, "upkeep", -men * per, f"{men} × {per}")


def _recall(new: State, turn: Turn) -> None:
    """Druzhina standing where its country has no business after this turn's peace (land held by a
    country neither its own side nor at war with it) marches home to its capital."""
    for power in new["powers"]:
        for province in list(country(new, power)["posts"]):
            holder = controller(new, province)
            if friendly(new, power, holder) or at_war(new, power, holder):
                continue
            count = send_home(new, power, province)
            home = capital(new, power)
            turn.tell(power, "rus_troops_home", province=province, count=count, home=home or "—")


def _growth(new: State, turn: Turn) -> None:
    """+1 ОП a province at stability > 0, −1 below 0 (never under the floor), after the taxes."""
    for power in new["powers"]:
        stability = 0 if is_ai(new, power) else country(new, power)["stability"]
        step = (stability > 0) - (stability < 0)
        if not step:
            continue
        for province in provinces_of(new, power):
            here = new["provinces"][province]
            here["op"] = max(G.min_op, here["op"] + step)
        turn.tell(power, "rus_op_growth" if step > 0 else "rus_op_decline")


def _harvest(new: State, changes: Sequence[fortune.HarvestChange], turn: Turn) -> None:
    crops = economy.harvest(new)
    for change in changes:
        for province in provinces_of(new, change.power):
            if new["provinces"][province]["spec"] == change.spec:
                crops[province] = crops[province] * (100 + change.percent) // 100
    new["harvest"] = crops
    for power in new["powers"]:
        total = sum(crops[p] for p in provinces_of(new, power))
        turn.book(new, power, "harvest", total)


def _stories(new: State, turn: Turn) -> None:
    """Story rewards the GM awarded this turn (НАГРАДА), paid at the end of the turn."""
    for power in new["powers"]:
        c = country(new, power)
        opening, action = c["story_opening"], c["story_action"]
        pay = opening * DATA.stories.opening + action * DATA.stories.action
        if pay:
            turn.book(new, power, "stories", pay, f"{opening} + {action}")
            turn.tell(power, "rus_story_paid", opening=opening, action=action, amount=pay)
        c["stories"] += opening + action
        c["story_opening"] = c["story_action"] = 0


def _christian_peace(new: State, before: State, turn: Turn) -> None:
    """A Christian country at peace gains +1 every second such turn (from the turn after conversion)."""
    for power in new["powers"]:
        c = country(new, power)
        converted_now = country(before, power)["religion"] != DATA.religions.christian
        if c["religion"] != DATA.religions.christian or converted_now or not at_peace(new, power):
            c["peace"] = 0
            continue
        c["peace"] += 1
        if c["peace"] % DATA.stability.christian_every == 0 and change_stability(
            new, power, DATA.stability.christian
        ):
            turn.tell(power, "rus_christian_peace", stability=c["stability"])


def _finish(new: State, orders: Orders, turn: Turn) -> None:
    new["accounts"] = turn.accounts
    new["influence_log"] = turn.influence
    for power in new["powers"]:
        c = country(new, power)
        turn.tell(
            power, "rus_balance", money=c["money"], stability=c["stability"], druzhina=druzhina(new, power)
        )
    voters = [p for p in players(new) if any(cmd.name == "finish" for cmd in orders.get(p, ()))]
    for power in voters:
        turn.announce("rus_news_vote_end", power=power)
    reason = game_ends(new, voters)
    if not reason and unanimous(new, voters):
        turn.announce("rus_news_end_needs_vassals", count=DATA.victory.vassals_to_end)
    if reason:
        new["over"] = True
        turn.announce(reason)
        for power, points in sorted(
            tally(new).items(), key=lambda item: (-item[1], new["powers"].index(item[0]))
        ):
            turn.announce("rus_news_score", power=power, points=points)
        return
    new["turn"] += 1
    new["battles"] = []
