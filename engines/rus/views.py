"""What one country may see: everything of its own (treasury, stability, ВС, provinces with ОП,
technologies and their progress, its routes, last turn's account) and the public facts (who holds
which province, religions, workshops and temples, trade agreements and centres, the turn order).
Other countries' treasuries, stability, armies, ОП, technologies and investments never leave the state."""

from __future__ import annotations

from functools import cache

from engines.contract import JSON
from engines.rus.data import DATA
from engines.rus.economy import upkeep_per_man
from engines.rus.report import CAUSES
from engines.rus.science import price
from engines.rus.scoring import breakdown
from engines.rus.state import State
from engines.rus.world import (
    capital,
    controller,
    country,
    druzhina,
    is_ai,
    provinces_of,
    suzerain,
    vassals_of,
)

R = DATA.religions


@cache  # the data's, the same for every view: each view gets its own copy
def _english_names() -> dict[str, str]:
    items = [*DATA.powers, *DATA.parties, *DATA.provinces, *DATA.specs, *DATA.crafts, *DATA.policies]
    items += [*DATA.tactics, *DATA.techs, *DATA.events]
    names = {item.name: item.en for item in items}
    return {**names, R.pagan: R.pagan_en, R.christian: R.christian_en}


def _province(state: State, name: str, home: str) -> JSON:
    here = state["provinces"][name]
    since = here["spec_turn"]
    return {
        "name": name,
        "op": here["op"],
        "spec": here["spec"],
        "spec_change": since + DATA.production.change_every if since else state["turn"],
        "craft": here["craft"],
        "temple": here["temple"],
        "fortress": here["fortress"],
        "militia": here["militia"],
        "water": DATA.province(name).water,
        "capital": name == home,
        "harvest": state.get("harvest", {}).get(name, 0),
        "revolt": name in state["revolts"],
    }


def _routes(state: State, power: str) -> list[JSON]:
    flows = {(f["province"], f["fair"]): f for f in state["trade"]}
    mine = set(provinces_of(state, power))
    found = []
    for route in state["routes"]:
        if power not in (route["caravan"], route["fair"]):
            continue
        f = flows.get((route["province"], route["fair"]))
        closed = f["closed"] if f else "new"
        if f and closed == "militia" and f.get("stopped_at") not in mine:
            closed = "idle"  # another country's levy is not public
        found.append(
            {
                "role": "caravan" if route["caravan"] == power else "fair",
                "caravan": route["caravan"],
                "province": route["province"],
                "fair": route["fair"],
                "path": " – ".join(route["path"]),
                "gross": f["gross"] if f else 0,
                "transit": f["transit"] if f else 0,
                "net": f["net"] if f else 0,
                "fair_income": f["fair_income"] if f else 0,
                "closed": closed,
            }
        )
    return found


def _transit(state: State, power: str) -> list[JSON]:
    return [
        {"caravan": f["caravan"], "province": f["province"], "fair": f["fair"], "amount": f["duties"][power]}
        for f in state["trade"]
        if power in f.get("duties", {})
    ]


def _diplomatic(state: State, power: str) -> JSON:
    """Wars, alliances, vassals, marriages and occupations are public; embassies bring the
    influence of every country on their host (8.5); rights and banks are the country's own."""
    c = country(state, power)
    return {
        "posts": _posts(state, power),
        "enemies": [q for w in state["wars"] if power in w for q in w if q != power],
        "suzerain": suzerain(state, power),
        "vassals": [
            {"power": v, "bank": country(state, v)["bank"] if is_ai(state, v) else None}
            for v in vassals_of(state, power)
        ],
        "marriages": list(c["marriages"]),
        "embassies": [
            {
                "host": host,
                "influence": [
                    {"power": p, "points": state["influence"][p][host]}
                    for p in state["powers"]
                    if p != host and state["influence"][p].get(host)
                ],
            }
            for host in c["embassies"]
        ],
        "rights": sorted(t for t, claims in state["rights"].items() if power in claims),
        "claims": sorted(state["rights"].get(power, {})),
        "wars": [list(w) for w in state["wars"]],
        "alliances": [list(a) for a in state["alliances"]],
        "bonds": [{"vassal": v, "suzerain": s} for v, s in state["vassals"].items()],
        "occupied": [
            {"province": p, "owner": state["provinces"][p]["owner"], "occupier": o}
            for p, o in state["occupied"].items()
        ],
        "held": [
            p
            for p in state["provinces"]
            if controller(state, p) == power and state["provinces"][p]["owner"] != power
        ],
    }


def _posts(state: State, power: str) -> list[JSON]:
    return [{"province": p, "count": n} for p, n in country(state, power)["posts"].items()]


def troops(state: State, power: str) -> JSON:
    """The part of `power`'s view that shows its armies: its druzhina's posts (as in "diplomacy")
    and the militia of its provinces (as in "provinces"). A map draws this, not the whole view."""
    militia = {p: state["provinces"][p]["militia"] for p in provinces_of(state, power)}
    return {"power": power, "posts": _posts(state, power), "militia": militia}


def view(state: State, power: str) -> JSON:
    c = country(state, power)
    home = capital(state, power)
    per = upkeep_per_man(state, power)
    account = state["accounts"].get(power, [])
    vp = breakdown(state, power)
    holdings: dict[str, list[str]] = {}  # every country's provinces in map order, at one go
    for name, here in state["provinces"].items():
        holdings.setdefault(here["owner"], []).append(name)
    return {
        "power": power,
        "turn": state["turn"],
        "phase": state["phase"],
        "over": state["over"],
        "computer": is_ai(state, power),
        "stability": c["stability"],
        "money": c["money"],
        "druzhina": druzhina(state, power),
        "militia": sum(state["provinces"][p]["militia"] for p in provinces_of(state, power)),
        "tactic": c["tactic"],
        "policy": c["policy"],
        "religion": c["religion"],
        "upkeep_per_man": per,
        "upkeep": druzhina(state, power) * per,
        "provinces": [_province(state, p, home) for p in provinces_of(state, power)],
        "techs": [
            {
                "name": t.name,
                "known": t.name in c["techs"],
                "since": c["techs"].get(t.name, 0),
                "invested": c["invested"].get(t.name, 0),
                "price": price(state, power, t.name),
            }
            for t in DATA.techs
        ],
        "routes": _routes(state, power),
        "transit": _transit(state, power),
        "centre": power in state["centres"],
        "account": account,
        "income": sum(line["amount"] for line in account if line["amount"] > 0),
        "expenses": -sum(line["amount"] for line in account if line["amount"] < 0),
        "influence": dict(state["influence"][power]),
        "influence_changes": [
            {**line, "why": CAUSES[line["cause"]].ru, "why_en": CAUSES[line["cause"]].en}
            for line in state.get("influence_log", {}).get(power, [])
        ],
        "order": list(state["order"]),
        "countries": [
            {
                "power": p,
                "computer": is_ai(state, p),
                "religion": country(state, p)["religion"],
                "provinces": list(holdings.get(p, ())),
                "centre": p in state["centres"],
                "marriages": list(country(state, p)["marriages"]),
            }
            for p in state["powers"]
        ],
        "buildings": [
            {"province": name, "owner": here["owner"], "craft": here["craft"], "temple": here["temple"]}
            for name, here in state["provinces"].items()
            if here["craft"] or here["temple"]
        ],
        "agreements": [
            {"caravan": r["caravan"], "province": r["province"], "fair": r["fair"]} for r in state["routes"]
        ],
        "diplomacy": _diplomatic(state, power),
        "vp": vp,
        "vp_total": sum(vp.values()),
        "en": dict(_english_names()),
    }
