"""The world of sections 1–7 as section 8 needs it: who belongs where, what a power's freedom and
size allow a family, and the start of a turn (influence gain, then status, then income, 8.2)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.council.data import DATA, Building, Form, Size, StatusKey
from engines.council.state import Army, Family, Line, Province, Realm, State
from engines.rng import Rng
from engines.text import Msg
from engines.toolkit import Events

PLANNING, DECISIONS, ACTIONS = "planning", "decisions", "actions"
# the data's order, which every list keeps (a stored state's tables come back sorted by name)
REALMS = tuple(r.name for r in DATA.realms)
PROVINCES = tuple(p.name for p in DATA.provinces)
STAGES = (PLANNING, DECISIONS, ACTIONS)
B = DATA.bounds


# ---- who belongs where ---------------------------------------------------------------------------
def realm_of(state: State, family: str) -> str:
    return state["families"][family]["realm"]


def families_of(state: State, realm: str) -> list[str]:
    """The power's families in setup order, but those exiled (out of the game)."""
    return [
        f
        for f in state["powers"]
        if state["families"][f]["realm"] == realm and not state["families"][f]["exiled"]
    ]


def kin(state: State, family: str) -> list[str]:
    """The families of `family`'s own power, itself included."""
    return families_of(state, realm_of(state, family))


def provinces_of(state: State, realm: str) -> list[str]:
    return [name for name in PROVINCES if state["provinces"][name]["realm"] == realm]


def sphere_of(state: State, realm: str) -> list[str]:
    return [name for name in PROVINCES if state["provinces"][name]["sphere"] == realm]


def governed(state: State, family: str) -> list[str]:
    return [name for name in PROVINCES if state["provinces"][name]["governor"] == family]


def commanded(state: State, family: str) -> list[str]:
    """The armies `family` commands (its own power's: a family serves only there)."""
    realm = state["realms"][realm_of(state, family)]
    return [name for name, army in realm["armies"].items() if army["commander"] == family]


def reach_of(state: State, realm: str) -> set[str]:
    """Where a power stands at home abroad: its provinces, its sphere, its trading posts."""
    posts = {p["province"] for p in state["trading_posts"] if p["realm"] == realm}
    return {*provinces_of(state, realm), *sphere_of(state, realm), *posts}


def near(state: State, realm: str, province: str) -> bool:
    """Whether a province borders the power's reach by land or across a sea both coasts touch:
    the reach of diplomats, traders and colonists (8.6: as it stood when the stage began)."""
    reach = reach_of(state, realm)
    for place in DATA.neighbours[province]:
        if place in reach or (place in DATA.sea_names and reach & set(DATA.neighbours[place])):
            return True
    return False


def posts_of(state: State, family: str) -> int:
    return sum(post["family"] == family for post in state["trading_posts"])


def has_post(state: State, realm: str, province: str) -> bool:
    """Whether the power has its trading post there: a post is a power's («фактория иностранной
    державы»), one a province, whichever of its families opened it."""
    return any(p["province"] == province and p["realm"] == realm for p in state["trading_posts"])


def close_home_posts(state: State, province: str, events: Events) -> None:
    """A province that became a power's (annexed, a colony) holds none of that power's posts: a
    post stands on foreign land. Each family that loses one is told."""
    realm = state["provinces"][province]["realm"]
    for post in [p for p in state["trading_posts"] if p["province"] == province and p["realm"] == realm]:
        state["trading_posts"].remove(post)
        events.tell(post["family"], "council_post_now_home", province=province, realm=realm)


def free(province: Province) -> bool:
    """Neither occupied nor in revolt: where armies, militia and flotillas may be raised, and
    what pays its governor."""
    return not province["occupied"] and not province["revolt"]


def harbour(province: str) -> bool:
    """A port or seafaring traditions: where a flotilla may be raised («только в провинциях державы
    с портами или свойством «мореходные традиции»») and a shipyard built (a shipyard is no port)."""
    return bool({"port", "seafaring"} & set(DATA.province(province).properties))


def capital(realm: str) -> str:
    return DATA.realm(realm).capital


# ---- what a power's freedom and size allow ---------------------------------------------------------
def government(state: State, realm: str) -> Form:
    return DATA.government(state["realms"][realm]["freedom"])


def size(state: State, realm: str) -> Size:
    return DATA.size(len(provinces_of(state, realm)))


def status(state: State, family: str) -> StatusKey:
    """Ruling, or noble or junior by the influence the family had when its status was last set."""
    key = state["families"][family]["status"]
    return "ruling" if key == "ruling" else "noble" if key == "noble" else "junior"


def governorship_room(state: State, family: str) -> bool:
    """Whether the family may take one more governorship: the limit of its power's size
    (project 9's «предел, установленный для державы данного размера») binds a colony and a
    holding too; a family already past it (its power shrank) keeps what it governs."""
    return len(governed(state, family)) < size(state, realm_of(state, family)).governorships


def vote_weight(state: State, family: str) -> int:
    return government(state, realm_of(state, family)).votes[status(state, family)]


def projects_allowed(state: State, family: str) -> int:
    return government(state, realm_of(state, family)).projects[status(state, family)]


def ruling(state: State, family: str) -> bool:
    return state["realms"][realm_of(state, family)]["ruling"] == family


def status_by_influence(state: State, family: str) -> StatusKey:
    if ruling(state, family):
        return "ruling"
    return "noble" if state["families"][family]["influence"] >= DATA.influence.noble_at else "junior"


def clamp(value: int, top: int) -> int:
    return max(0, min(top, value))


def add_influence(family: Family, amount: int) -> None:
    family["influence"] = clamp(family["influence"] + amount, B.influence_max)


def add_loyalty(state: State, provinces: Sequence[str], amount: int) -> None:
    for name in provinces:
        province = state["provinces"][name]
        province["loyalty"] = clamp(province["loyalty"] + amount, B.loyalty_max)


def add_freedom(realm: Realm, amount: int) -> None:
    realm["freedom"] = clamp(realm["freedom"] + amount, B.freedom_max)


def set_ruling(state: State, realm: str, family: str) -> None:
    """A new ruling family: its status at once, the former one's by its influence; a rebel that
    comes to rule (elected, or its player's duties passed on) is at war with itself no more."""
    here = state["realms"][realm]
    former, here["ruling"] = here["ruling"], family
    here["civil_war"] = [f for f in here["civil_war"] if f != family]
    for name in {former, family} - {""}:
        state["families"][name]["status"] = status_by_influence(state, name)


# ---- the start of a turn (8.2) -----------------------------------------------------------------------
def buildings_of(state: State, province: str) -> list[Building]:
    return [DATA.building(b) for b in state["provinces"][province]["buildings"]]


def start_turn(state: State, events: Events) -> None:
    """Buildings raise their provinces' loyalty, then provinces at low loyalty revolt; tribal
    unions regain warriors; then the influence gain, each family's status and its income (a
    province occupied or in revolt pays its governor nothing), which its balance shows; a new
    status is told. The money it then holds is its budget «на начало хода»."""
    for name, province in state["provinces"].items():
        add_loyalty(
            state, [name] if province["realm"] else [], sum(b.loyalty for b in buildings_of(state, name))
        )
        province["revolt"] = bool(province["realm"]) and province["loyalty"] <= B.revolt_at
    for tribe in DATA.tribes:
        here = state["tribes"][tribe.name]
        here["warriors"] = min(tribe.warriors, here["warriors"] + DATA.actions.tribe_growth)
    GAIN, C = DATA.influence, DATA.income
    for name in state["powers"]:
        family = state["families"][name]
        if family["exiled"]:
            continue
        paying = [p for p in governed(state, name) if free(state["provinces"][p])]
        gain = (
            GAIN.base
            + GAIN.per_governorship * len(governed(state, name))
            + GAIN.per_army * len(commanded(state, name))
            + sum(b.influence for p in paying for b in buildings_of(state, p))
        )
        gain += GAIN.ruling if ruling(state, name) else 0
        before_influence, before_status = family["influence"], family["status"]
        add_influence(family, gain)
        family["gain"] = family["influence"] - before_influence
        family["status"] = status_by_influence(state, name)
        people = sum(state["provinces"][p]["population"] for p in paying) // 10
        lines: list[Line] = [
            {"item": "status", "amount": C.status[status(state, name)]},
            {"item": "governorships", "amount": C.per_person * people},
            {
                "item": "building_income",
                "amount": sum(b.income for p in paying for b in buildings_of(state, p)),
            },
            {"item": "trading_posts", "amount": C.per_trading_post * posts_of(state, name)},
        ]
        family["income"] = [line for line in lines if line["amount"]]
        family["money"] += sum(line["amount"] for line in lines)
        family["budget"] = family["money"]
        if family["status"] != before_status:
            events.tell(name, f"council_now_{family['status']}")


# ---- setup ---------------------------------------------------------------------------------------------
def setup(played: Sequence[str], rng: Rng) -> State:
    """The world of data.toml; each power's ruling family drawn by lot among its played families
    (among all of them where none is played); then the start of turn 1."""
    state: State = {
        "turn": 1,
        "phase": PLANNING,
        "over": False,
        "powers": [f.name for f in DATA.families],
        "played": [f.name for f in DATA.families if f.name in played],
        "realms": {r.name: _realm(r.name, r.freedom) for r in DATA.realms},
        "families": {f.name: _family(f.realm, f.money, f.influence) for f in DATA.families},
        "provinces": {
            p.name: {
                "realm": p.realm,
                "sphere": p.sphere,
                "population": p.population,
                "loyalty": p.loyalty,
                "governor": p.governor,
                "occupied": p.occupied,
                "revolt": False,
                "buildings": list(p.buildings),
                "holding": False,
            }
            for p in DATA.provinces
        },
        "trading_posts": [
            {"province": t.province, "realm": t.realm, "family": t.family} for t in DATA.trading_posts
        ],
        "lots": [],
        "tribes": {t.name: {"warriors": t.warriors} for t in DATA.tribes},
        "gm_data": {"tribal_unions": {}},
    }
    for army in DATA.armies:
        state["realms"][army.realm]["armies"][army.name] = new_army(
            army.province, army.commander, 0, army.regulars
        )
    for flotilla in DATA.flotillas:
        state["realms"][flotilla.realm]["flotillas"][flotilla.name] = {
            "sea": flotilla.sea,
            "squadrons": flotilla.squadrons,
        }
    for realm in DATA.realms:
        families = [f.name for f in DATA.families if f.realm == realm.name]
        drawn = [f for f in families if f in played] or families
        chosen = rng.choice(drawn, Msg("council_draw_ruling", {"realm": realm.name}))
        set_ruling(state, realm.name, chosen)
    start_turn(state, Events(state["powers"]))
    return state


def _realm(name: str, freedom: int) -> Realm:
    return {
        "freedom": freedom,
        "ruling": "",
        "armies": {},
        "flotillas": {},
        "squadrons": 0,
        "militia": 0,
        "last_election": 0,
        "election": "",
        "investigation_called": False,
        "civil_war": [],
        "agenda": [],
        "election_now": "",
        "investigation_now": False,
        "investigation": None,
        "pending": [],
        "wars": [],
        "peace_offers": [],
    }


def _family(realm: str, money: int, influence: int) -> Family:
    return {
        "realm": realm,
        "money": money,
        "influence": influence,
        "status": "junior",
        "budget": money,
        "gain": 0,
        "income": [],
        "rights": [],
        "guard": 0,
        "auction_spent": 0,
        "exiled": False,
    }


def new_army(province: str, commander: str, immune_until: int, regulars: int) -> Army:
    return {
        "province": province,
        "commander": commander,
        "immune_until": immune_until,
        "units": {"regulars": regulars, "militia": 0, "mercenaries": 0},
        "guards": {},
    }
