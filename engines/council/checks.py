"""Rule checks of one family's orders, each problem tied to its line.

Each command has one named check (the table CHECKS). A mail is judged top to bottom with running
totals, so the line that overspends or puts one project too many is the one refused. Money is the
family's as the stage began (8.5: a transfer received in a stage is spent from the next one), since
the state does not change until the stage resolves. A project lacking a requisite never reaches
here: the parser refuses it naming the missing one; here each requisite is checked against the
world (a province of the power, a free one, an army with room…).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines import toolkit
from engines.contract import Command, Problem
from engines.council import action_checks
from engines.council.data import DATA
from engines.council.mail import Check, Mail, commands, cost, msg, own, own_free, ruling_only, spend, twice
from engines.council.schema import LIMITED, PHASES, PROJECT_NAMES, vocabularies_for
from engines.council.state import State
from engines.council.world import (
    commanded,
    governed,
    government,
    governorship_room,
    harbour,
    projects_allowed,
    provinces_of,
    realm_of,
    ruling,
    size,
    sphere_of,
    status,
)
from engines.text import Msg

C = DATA.council
NOBODY = DATA.words.nobody.name
LIMITED_NAMES = frozenset(spec.name for spec in LIMITED)


# ---- projects ----------------------------------------------------------------------------------------
def _army(mail: Mail, cmd: Command) -> Msg | None:
    province, commander = str(cmd.args["province"]), str(cmd.args["commander"])
    armies, most = mail.state["realms"][mail.realm]["armies"], size(mail.state, mail.realm).armies
    crowded = len(commanded(mail.state, commander)) >= C.armies_per_family
    return (
        own_free(mail, province)
        or (msg("council_armies_full", realm=mail.realm, most=most) if len(armies) >= most else None)
        or (msg("council_commander_full", family=commander, most=C.armies_per_family) if crowded else None)
    )


def _militia(mail: Mail, cmd: Command) -> Msg | None:
    provinces = cmd.lists["provinces"]
    return twice(provinces) or next(filter(None, (own_free(mail, p) for p in provinces)), None)


def _commanders(mail: Mail, cmd: Command) -> Msg | None:
    changes = cmd.pairs["changes"]
    armies = mail.state["realms"][mail.realm]["armies"]
    repeated = twice([army for army, _ in changes])
    if repeated:
        return repeated
    for army, family in changes:
        if armies[army]["commander"] == ("" if family == NOBODY else family):
            return msg("council_same_commander", army=army)
    after = {name: army["commander"] for name, army in armies.items()}
    after.update({army: "" if family == NOBODY else family for army, family in changes})
    crowded = [f for f, n in Counter(after.values()).items() if f and n > C.armies_per_family]
    return msg("council_commander_full", family=crowded[0], most=C.armies_per_family) if crowded else None


def _rights(mail: Mail, cmd: Command) -> Msg | None:
    if mail.state["realms"][mail.realm]["freedom"] >= DATA.bounds.freedom_max:
        return msg("council_freedom_full", realm=mail.realm)
    return None


def _expel(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if not mail.reach(province):
        return msg("council_not_our_reach", province=province, realm=mail.realm)
    foreign = [
        p for p in mail.state["trading_posts"] if p["province"] == province and p["realm"] != mail.realm
    ]
    return None if foreign else msg("council_no_foreign_post", province=province)


def _exclude(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if province in sphere_of(mail.state, mail.realm):
        return None
    return msg("council_not_in_sphere", province=province, realm=mail.realm)


def _migration(mail: Mail, cmd: Command) -> Msg | None:
    source, destination = str(cmd.args["source"]), str(cmd.args["destination"])
    if source == destination:
        return msg("council_same_province", province=source)
    for province in (source, destination):
        if not mail.reach(province):
            return msg("council_not_our_reach", province=province, realm=mail.realm)
    if mail.state["provinces"][source]["population"] < C.migration:
        return msg("council_too_few_people", province=source)
    if not connected(mail.state, mail.realm, source, destination):
        return msg("council_not_connected", source=source, destination=destination)
    return None


def _repression(mail: Mail, cmd: Command) -> Msg | None:
    families = cmd.lists["families"]
    if mail.power in families:
        return msg("council_repress_self")
    return twice(families)


def _governor(mail: Mail, cmd: Command) -> Msg | None:
    """A province of the power whose governor the council may change, to a family within the
    limit of its power's size («проект о назначении не проходит»)."""
    province, family = str(cmd.args["province"]), str(cmd.args.get("family", ""))
    here, most = mail.state["provinces"][province], size(mail.state, mail.realm).governorships
    if not mail.mine(province):
        return own(mail, province)
    if here["holding"]:
        return msg("council_holding", province=province, family=here["governor"])
    if family and here["governor"] == family:
        return msg("council_already_governor", province=province, family=family)
    if not family and not here["governor"]:
        return msg("council_no_governor", province=province)
    if family and not governorship_room(mail.state, family):
        return msg("council_governorships_full", family=family, most=most)
    return None


def _fleet(mail: Mail, cmd: Command) -> Msg | None:
    """Each flotilla one sea on, as the ruling family will sail it at the actions stage."""
    flotillas = mail.state["realms"][mail.realm]["flotillas"]
    for flotilla, sea in cmd.pairs["moves"]:
        if sea not in DATA.neighbours[flotillas[flotilla]["sea"]]:
            return twice([f for f, _ in cmd.pairs["moves"]]) or msg(
                "council_sea_too_far", flotilla=flotilla, sea=sea
            )
    return twice([flotilla for flotilla, _ in cmd.pairs["moves"]])


def _games(mail: Mail, cmd: Command) -> Msg | None:
    """In a province of the power that its enemy does not hold (a revolt may want games most)."""
    province = str(cmd.args["province"])
    occupier = mail.state["provinces"][province]["occupied"]
    if occupier and occupier != mail.realm:
        return msg("council_games_occupied", province=province, realm=occupier)
    return own(mail, province)


def _flotilla(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    flotillas, most = mail.state["realms"][mail.realm]["flotillas"], size(mail.state, mail.realm).flotillas
    return (
        own_free(mail, province)
        or (None if harbour(province) else msg("council_no_harbour", province=province))
        or (msg("council_flotillas_full", realm=mail.realm, most=most) if len(flotillas) >= most else None)
    )


def _project(rule: Check) -> Check:
    """A project's own requisites, then the family's number of projects this turn (form ×
    status): a refusal names the first real reason, unless the family may put none at all. Only
    an accepted project counts toward the number."""

    def checked(mail: Mail, cmd: Command) -> Msg | None:
        allowed = projects_allowed(mail.state, mail.power)
        problem = rule(mail, cmd) if allowed else None
        if problem is not None:
            return problem
        if mail.projects >= allowed:
            form, held = government(mail.state, mail.realm), DATA.status(status(mail.state, mail.power))
            code = "council_projects_limit" if allowed else "council_projects_none"
            return msg(
                code, allowed=allowed, form=form.name, form_en=form.en, status=held.name, status_en=held.en
            )
        mail.projects += 1
        return None

    return checked


def _anonymous(mail: Mail, cmd: Command) -> Msg | None:
    """Always taken: without a project of its kind it changes nothing, and a refused project line
    already says what went wrong."""
    return None


# ---- auctions, posts and money --------------------------------------------------------------------------
def _bid(mail: Mail, cmd: Command) -> Msg | None:
    auction = DATA.auction_named(str(cmd.args["auction"]))
    if auction.per_item:
        return msg("council_squadrons_by_order")
    if int(cmd.args["amount"]) < auction.min_bid:
        return msg("council_bid_too_low", auction=auction.name, least=auction.min_bid)
    return spend(mail, cost(cmd))


def _squadrons(mail: Mail, cmd: Command) -> Msg | None:
    return ruling_only(mail) or spend(mail, cost(cmd))


def _civil_war(mail: Mail, cmd: Command) -> Msg | None:
    if ruling(mail.state, mail.power):
        return msg("council_civil_war_ruling")
    if mail.power in mail.state["realms"][mail.realm]["civil_war"]:
        return msg("council_civil_war_already")
    return None


def _occupied(mail: Mail, cmd: Command) -> Msg | None:
    """A province the power's army holds: annexed unless it is another power's capital, taken into
    the sphere only if it is barbarian land (a power's province is no one's sphere)."""
    province = str(cmd.args["province"])
    here = mail.state["provinces"][province]
    if here["occupied"] != mail.realm:
        return ruling_only(mail) or msg("council_not_occupied", province=province, realm=mail.realm)
    if cmd.name == "annex" and any(r.capital == province for r in DATA.realms):
        return ruling_only(mail) or msg("council_capital_not_annexed", province=province, realm=here["realm"])
    if cmd.name == "sphere" and here["realm"]:
        return ruling_only(mail) or msg(
            "council_sphere_barbarian_only", province=province, realm=here["realm"]
        )
    if cmd.name == "sphere" and here["sphere"] == mail.realm:
        return ruling_only(mail) or msg("council_sphere_already", province=province, realm=mail.realm)
    return ruling_only(mail)


def _war(mail: Mail, cmd: Command) -> Msg | None:
    enemy = str(cmd.args["realm"])
    if enemy == mail.realm:
        return ruling_only(mail) or msg("council_war_self")
    if enemy in mail.state["realms"][mail.realm]["wars"]:
        return ruling_only(mail) or msg("council_war_already", realm=enemy)
    return ruling_only(mail)


def _peace(mail: Mail, cmd: Command) -> Msg | None:
    enemy = str(cmd.args["realm"])
    if enemy not in mail.state["realms"][mail.realm]["wars"]:
        return ruling_only(mail) or msg("council_not_at_war", realm=enemy)
    return ruling_only(mail)


def _inquire(mail: Mail, cmd: Command) -> Msg | None:
    return ruling_only(mail) or (msg("council_inquire_self") if cmd.args["family"] == mail.power else None)


def _transfer(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["family"] == mail.power:
        return msg("council_transfer_self")
    return spend(mail, cost(cmd))


def _resign_governor(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    return (
        None
        if province in governed(mail.state, mail.power)
        else msg("council_not_governor", province=province)
    )


def _resign_command(mail: Mail, cmd: Command) -> Msg | None:
    return commands(mail, str(cmd.args["army"]))


# ---- the council's votes --------------------------------------------------------------------------------
def _vote(mail: Mail, cmd: Command) -> Msg | None:
    return twice([item for item, _ in cmd.pairs["votes"]])


def _elect(mail: Mail, cmd: Command) -> Msg | None:
    return None if mail.state["realms"][mail.realm]["election_now"] else msg("council_no_election")


def _accuse(mail: Mail, cmd: Command) -> Msg | None:
    if not mail.state["realms"][mail.realm]["investigation_now"]:
        return msg("council_no_investigation")
    if cmd.args["accused"] == mail.power:
        return msg("council_accuse_self")
    most = DATA.investigation.text_chars
    return msg("council_text_too_long", most=most) if len(str(cmd.args.get("text", ""))) > most else None


def _veto(mail: Mail, cmd: Command) -> Msg | None:
    number = int(str(cmd.args["item"]))
    item = next(i for i in mail.state["realms"][mail.realm]["agenda"] if i["number"] == number)
    if item["kind"] != "commanders":
        return msg("council_veto_not_commanders", item=number)
    return (
        None if vetoed_armies(mail.state, mail.power, item["order"]) else msg("council_no_veto", item=number)
    )


def vetoed_armies(state: State, family: str, order: dict[str, object]) -> list[str]:
    """The armies of a change-of-commanders project that `family` commands while still immune."""
    armies = state["realms"][realm_of(state, family)]["armies"]
    named = [army for army, _ in Command.from_json(order).pairs.get("changes", ())]
    return [
        a for a in named if armies[a]["commander"] == family and armies[a]["immune_until"] >= state["turn"]
    ]


def connected(state: State, realm: str, source: str, destination: str) -> bool:
    """Whether a chain of the power's provinces, its sphere and the seas it controls (where only its
    flotillas stand) joins the two provinces (project 7)."""
    fleets = [(r, f["sea"]) for r, here in state["realms"].items() for f in here["flotillas"].values()]
    seas = {sea for r, sea in fleets if r == realm} - {sea for r, sea in fleets if r != realm}
    ours = {*provinces_of(state, realm), *sphere_of(state, realm), *seas}
    seen, frontier = {source}, [source]
    while frontier:
        here = frontier.pop()
        for near in DATA.neighbours[here]:
            if near in ours and near not in seen:
                seen.add(near)
                frontier.append(near)
    return destination in seen


RULES: dict[str, Check] = {
    "army": _army,
    "militia": _militia,
    "commanders": _commanders,
    "rights": _rights,
    "expel": _expel,
    "exclude": _exclude,
    "migration": _migration,
    "repression": _repression,
    "governor": _governor,
    "fleet": _fleet,
    "games": _games,
    "flotilla": _flotilla,
}
CHECKS: dict[str, Check] = {
    **{name: _project(rule) for name, rule in RULES.items()},
    "anonymous": _anonymous,
    "bid": _bid,
    "squadrons": _squadrons,
    "civil_war": _civil_war,
    "war": _war,
    "peace": _peace,
    "annex": _occupied,
    "sphere": _occupied,
    "inquire": _inquire,
    "transfer": _transfer,
    "resign_governor": _resign_governor,
    "resign_command": _resign_command,
    "vote": _vote,
    "elect": _elect,
    "accuse": _accuse,
    "veto": _veto,
    **action_checks.ACTION_CHECKS,
}

# orders given once a mail, keyed by these arguments (a second one is refused, naming the first)
ONCE: dict[str, tuple[str, ...]] = {
    "anonymous": ("project",),
    "bid": ("auction",),
    "squadrons": (),
    "civil_war": (),
    "war": ("realm",),
    "peace": ("realm",),
    "annex": ("province",),
    "sphere": ("province",),
    "inquire": ("family",),
    "resign_governor": ("province",),
    "resign_command": ("army",),
    "elect": (),
    "accuse": (),
    "veto": ("item",),
    **action_checks.ACTION_ONCE,
}

CODES = toolkit.CheckCodes(
    game_over="council_game_over",
    wrong_phase="council_wrong_phase",
    not_in_phase="council_not_in_phase",
    argument_missing="council_argument_missing",
    name_not_in_game="council_name_not_known",
    bad_number="council_bad_number",
    duplicate="council_duplicate",
)


def _keys(mail: Mail, cmd: Command) -> list[tuple[str, ...]]:
    keys = [(cmd.name, *(str(cmd.args.get(a, "")) for a in ONCE[cmd.name]))] if cmd.name in ONCE else []
    if cmd.name in ("annex", "sphere"):  # one fate for an occupied province
        keys = [("occupied", str(cmd.args.get("province", "")))]
    if cmd.name == "vote":  # one vote a project, over all the vote lines
        keys = [("vote", item) for item, _ in cmd.pairs.get("votes", ())]
    return keys


def check(state: State, family: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    gated = toolkit.gate(state, phase, CODES)
    if gated:
        return gated
    mail = Mail(state, family, commands, vocabularies_for(state, family))

    def shape(mail: Mail, cmd: Command) -> Msg | None:
        return toolkit.shape_problem(PHASES[phase], mail, cmd, CODES)

    return toolkit.judge(mail, shape, CHECKS, _keys, CODES.duplicate)


def summary(state: State, family: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
    """What the accepted orders add up to: the money each kind of them takes (bids, squadrons,
    transfers, a guard, a grand work) and what stays, the projects put, the actions taken."""
    said = []
    spending: dict[str, int] = {}  # by what the money goes to, in the orders' order
    for cmd in commands:
        if cost(cmd):
            spending[cmd.name] = spending.get(cmd.name, 0) + cost(cmd)
    said += [msg(f"council_spent_{name}", amount=amount) for name, amount in spending.items()]
    have = state["families"][family]["money"]
    if spending:
        said.append(msg("council_summary_money", have=have, left=have - sum(spending.values())))
    put = sum(c.name in PROJECT_NAMES for c in commands)
    if put:
        said.append(msg("council_summary_projects", count=put, allowed=projects_allowed(state, family)))
    limited = [c for c in commands if c.name in LIMITED_NAMES]
    taken = len([c for c in limited if c.name != "march"]) + any(c.name == "march" for c in limited)
    if taken:
        allowed = action_checks.actions_allowed(state, family)
        said.append(msg("council_summary_actions", count=taken, allowed=allowed))
    return said


def barred(state: State, family: str) -> set[str]:
    """The orders the family may not give now whatever it names: projects beyond its form and
    status, the ruling family's own orders, a civil war of the ruling family, ballots not on the
    list. (What it may give but has nothing to name for is left to the examples.)"""
    here = state["realms"][realm_of(state, family)]
    is_ruling = ruling(state, family)
    no_projects = projects_allowed(state, family) == 0
    no_actions = action_checks.actions_allowed(state, family) == 0
    rulers = {"squadrons", "annex", "sphere", "inquire", "war", "peace", "militia_to", "sail"}
    return {
        *(PROJECT_NAMES | {"anonymous"} if no_projects else set()),
        *(LIMITED_NAMES if no_actions else set()),
        *(rulers if not is_ruling else set()),
        *({"sail"} if action_checks.pending(state, family, "fleet") else set()),
        *({"civil_war"} if is_ruling or family in here["civil_war"] else set()),
        *({"vote"} if not here["agenda"] else set()),
        *({"elect"} if not here["election_now"] else set()),
        *({"accuse"} if not here["investigation_now"] else set()),
    }
