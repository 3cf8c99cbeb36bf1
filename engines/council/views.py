"""What a family may see (its report's balance), what everyone may see (the forum post), and the
victory points.

A family sees its own money and posts; its power as its members do (provinces, forces, the
families' statuses and influence, the decisions awaiting an action; the council's list is the
planning stage's news, not the balance's); foreign armies in or next to its power's land and
flotillas on the seas by its coasts (`seen`); the tribal unions it secretly leads; of the other
powers only what is public: their forms of government, freedom, ruling families, wars, civil
wars, the map's owners, spheres and occupations, and the auctions' winners, these once a turn.
No view holds a vote of an investigation.
"""

from __future__ import annotations

from engines.contract import JSON
from engines.council.action_checks import actions_allowed
from engines.council.agenda import details
from engines.council.data import DATA
from engines.council.forces import guard_of, strength
from engines.council.schema import led_by
from engines.council.state import Army, State
from engines.council.world import (
    DECISIONS,
    PLANNING,
    PROVINCES,
    REALMS,
    capital,
    families_of,
    governed,
    government,
    projects_allowed,
    provinces_of,
    realm_of,
    size,
    sphere_of,
    status,
    vote_weight,
)


def _named(name: str, en: str) -> dict[str, str]:
    return {"name": name, "en": en}


def view(state: State, family: str) -> JSON:
    me = state["families"][family]
    realm = realm_of(state, family)
    public = public_view(state)
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "over": state["over"],
        "family": family,
        "realm": realm,
        "money": me["money"],
        "influence": me["influence"],
        "status": status(state, family),
        "gain": me["gain"],
        "income": me["income"],
        "budget": me["budget"],
        "votes": vote_weight(state, family),
        "projects": projects_allowed(state, family),
        "actions": actions_allowed(state, family),
        "guard": me["guard"],
        "guard_total": guard_of(state, family),
        "tribes": [
            {
                "name": tribe,
                "warriors": state["tribes"][tribe]["warriors"],
                "lands": list(DATA.tribe(tribe).lands),
            }
            for tribe in led_by(state, family)
        ],
        "rights": [_named(DATA.auction(key).name, DATA.auction(key).en) for key in me["rights"]],
        "power": _realm_view(state, realm),
        "seen": _seen(state, realm),
        "powers": public["realms"],
        "map": public["map"],
        "lots": public["lots"],
        "lots_turn": public["lots_turn"],
    }


def _realm_view(state: State, realm: str) -> JSON:
    here = state["realms"][realm]
    form, grade = government(state, realm), size(state, realm)
    posts = state["trading_posts"]
    return {
        "freedom": here["freedom"],
        "form": _named(form.name, form.en),
        "size": {**_named(grade.name, grade.en), "armies": grade.armies, "flotillas": grade.flotillas},
        "governorships_most": grade.governorships,
        "ruling": here["ruling"],
        "civil_war": here["civil_war"],
        "provinces": [
            {
                "name": name,
                "people": state["provinces"][name]["population"],
                "loyalty": state["provinces"][name]["loyalty"],
                "governor": state["provinces"][name]["governor"],
                "revolt": state["provinces"][name]["revolt"],
                "occupied": state["provinces"][name]["occupied"],
                "properties": [
                    _named(p.name, p.en) for p in DATA.properties if p.key in DATA.province(name).properties
                ],
                "buildings": [
                    _named(b.name, b.en)
                    for b in DATA.buildings
                    if b.name in state["provinces"][name]["buildings"]
                ],
                "posts": [p["realm"] for p in posts if p["province"] == name],
            }
            for name in provinces_of(state, realm)
        ],
        "sphere": [
            {"name": name, "posts": [p["realm"] for p in posts if p["province"] == name]}
            for name in sphere_of(state, realm)
        ],
        "occupied": [name for name in PROVINCES if state["provinces"][name]["occupied"] == realm],
        "armies": [army_view(name, army) for name, army in here["armies"].items()],
        "capital": capital(realm),
        "wars": here["wars"],
        "pending": [
            {
                "number": d["number"],
                "project": _named(DATA.project(d["kind"]).name, DATA.project(d["kind"]).en),
                "details": details(d["order"]),
            }
            for d in here["pending"]
        ],
        "flotillas": [{"name": name, **flotilla} for name, flotilla in here["flotillas"].items()],
        "squadrons": here["squadrons"],
        "militia": here["militia"],
        "families": [
            {"name": f, "status": status(state, f), "influence": state["families"][f]["influence"]}
            for f in families_of(state, realm)
        ],
        "verdict_due": here["investigation"] is not None,
    }


def army_view(name: str, army: Army) -> JSON:
    return {
        "name": name,
        "province": army["province"],
        "commander": army["commander"],
        "immune_until": army["immune_until"],
        "strength": strength(army),
        **army["units"],
        "guards": [{"family": f, "count": n} for f, n in army["guards"].items()],
    }


def _seen(state: State, realm: str) -> JSON:
    """Foreign troops in sight: armies in or next to the power's land and sphere, flotillas on
    the seas by its coasts, each with its strength."""
    land = {*provinces_of(state, realm), *sphere_of(state, realm)}
    watched = land | {n for p in land for n in DATA.neighbours[p]}
    armies, flotillas = [], []
    for other in REALMS:
        if other == realm:
            continue
        for name, army in state["realms"][other]["armies"].items():
            if army["province"] in watched:
                armies.append(
                    {"realm": other, "name": name, "province": army["province"], "strength": strength(army)}
                )
        for name, flotilla in state["realms"][other]["flotillas"].items():
            if flotilla["sea"] in watched:
                flotillas.append(
                    {"realm": other, "name": name, "sea": flotilla["sea"], "squadrons": flotilla["squadrons"]}
                )
    return {"armies": armies, "flotillas": flotillas}


def public_view(state: State) -> JSON:
    """Each power's form of government, freedom, ruling family, wars and civil war, the map's
    owners, spheres and occupations, and the last auctions' winners: never a bid nor a vote, nor
    where an army stands. The powers and the winners are said once a turn, with the planning
    stage that held the auctions (the game is at the decisions then), and in the role mail and
    the game's end; the map every time."""
    realms = []
    for realm in REALMS:
        here = state["realms"][realm]
        form = government(state, realm)
        realms.append(
            {
                "name": realm,
                "form": _named(form.name, form.en),
                "freedom": here["freedom"],
                "ruling": here["ruling"],
                "civil_war": here["civil_war"],
                "wars": here["wars"],
            }
        )
    once = state["phase"] == DECISIONS or (state["turn"] == 1 and state["phase"] == PLANNING) or state["over"]
    told = state["lots"] if state["phase"] == DECISIONS else []
    lots = []
    for auction in DATA.auctions:
        won = [lot for lot in told if lot["auction"] == auction.key]
        if won:
            winners = [{"family": lot["family"], "count": lot["count"]} for lot in won]
            count = sum(lot["count"] for lot in won)
            named = _named(auction.winners.name, auction.winners.en)
            lots.append({**named, "count": count, "winners": winners})
    turn = told[0]["turn"] if told else state["turn"]
    provinces = [
        {"name": name, "realm": p["realm"], "sphere": p["sphere"], "occupied": p["occupied"]}
        for name, p in ((n, state["provinces"][n]) for n in PROVINCES)
    ]
    return {
        "turn": state["turn"],
        "realms": realms if once else [],
        "lots": lots,
        "lots_turn": turn,
        "map": provinces,
    }


def scores(state: State) -> dict[str, int]:
    """Ours (the rulebook has none): influence, governorships, the ruling seat and money."""
    V = DATA.victory
    points = {}
    for family in state["powers"]:
        me = state["families"][family]
        ruling = state["realms"][me["realm"]]["ruling"] == family
        points[family] = (
            V.per_influence * me["influence"]
            + V.per_governorship * len(governed(state, family))
            + V.ruling * ruling
            + me["money"] // V.money_per_point
        )
    return points
