"""Checks of the actions stage's orders (8.4), each against the world as the stage began (8.6):
the unlimited actions (guards, mercenaries, militia, disbanding, raids) and those counted against
the family's limit of its form and status. Every march of a family is one action; the council's
fleet orders take one of the ruling family's. Whether a sea is the power's, or who stands in a
province, is decided as the stage resolves: a march's path is refused here only where it leaves
the map's borders, ends at sea or enters a province its power may not (not at war with it).
"""

from __future__ import annotations

from collections import Counter

from engines.contract import Command
from engines.council.data import DATA
from engines.council.forces import guard_of
from engines.council.mail import Check, Mail, commands, msg, own_free, ruling_only, spend, twice
from engines.council.schema import led_by
from engines.council.state import State
from engines.council.war import entry
from engines.council.world import (
    government,
    governorship_room,
    harbour,
    has_post,
    near,
    realm_of,
    ruling,
    size,
    sphere_of,
    status,
)
from engines.text import Msg

A, W = DATA.actions, DATA.war


def pending(state: State, family: str, kind: str) -> list[dict[str, object]]:
    """The orders of the power's decisions of this kind awaiting their action."""
    return [d["order"] for d in state["realms"][realm_of(state, family)]["pending"] if d["kind"] == kind]


def actions_allowed(state: State, family: str) -> int:
    """The family's limit of its form and status; the council's fleet orders take one of the
    ruling family's (8.4: «за счет лимита акций правящей семьи»)."""
    allowed = government(state, realm_of(state, family)).actions[status(state, family)]
    return allowed - (1 if ruling(state, family) and pending(state, family, "fleet") else 0)


def _limited(rule: Check) -> Check:
    """An action's own conditions, then the family's limit: a refusal names the first real
    reason (another family's army, not the limit it would have reached). Only an accepted action
    counts, and all of a family's marches count once."""

    def checked(mail: Mail, cmd: Command) -> Msg | None:
        counted = not (cmd.name == "march" and mail.marched)
        allowed = actions_allowed(mail.state, mail.power)
        spent, rights = mail.spent, Counter(mail.rights)
        problem = rule(mail, cmd)
        if problem is not None:
            return problem
        if counted and mail.actions >= allowed:
            mail.spent, mail.rights = spent, rights  # the rule's line is not taken after all
            form = government(mail.state, mail.realm)
            held = DATA.status(status(mail.state, mail.power))
            code = (
                "council_actions_limit_fleet"
                if pending(mail.state, mail.power, "fleet") and ruling(mail.state, mail.power)
                else "council_actions_limit"
            )
            return msg(
                code, allowed=allowed, form=form.name, form_en=form.en, status=held.name, status_en=held.en
            )
        mail.actions += counted
        mail.marched = mail.marched or cmd.name == "march"
        return None

    return checked


def _right(key: str, rule: Check) -> Check:
    """An action the auction's right allows: one right a line, of those the family holds."""

    def checked(mail: Mail, cmd: Command) -> Msg | None:
        held = mail.state["families"][mail.power]["rights"].count(key)
        if mail.rights[key] >= held:
            auction = DATA.auction(key)
            code = "council_no_right_more" if held else "council_no_right"
            return msg(code, auction=auction.name, auction_en=auction.en)
        problem = rule(mail, cmd)
        if problem is None:
            mail.rights[key] += 1
        return problem

    return checked


def governorships_full(state: State, family: str) -> Msg:
    most = size(state, realm_of(state, family)).governorships
    return msg("council_governorships_full", family=family, most=most)


def _army(mail: Mail, cmd: Command) -> str:
    return str(cmd.args["army"])


# ---- unlimited ------------------------------------------------------------------------------------------
def _guard(mail: Mail, cmd: Command) -> Msg | None:
    count = int(cmd.args["units"])
    if guard_of(mail.state, mail.power) + mail.guard_raised + count > A.guard_most:
        return msg("council_guard_full", most=A.guard_most, have=guard_of(mail.state, mail.power))
    problem = spend(mail, A.guard_cost * count)
    if problem is None:
        mail.guard_raised += count
    return problem


def _guard_to(mail: Mail, cmd: Command) -> Msg | None:
    at_home = mail.state["families"][mail.power]["guard"] + mail.guard_raised
    return None if at_home else msg("council_no_guard_home")


def _guard_back(mail: Mail, cmd: Command) -> Msg | None:
    army = mail.state["realms"][mail.realm]["armies"][_army(mail, cmd)]
    return None if army["guards"].get(mail.power) else msg("council_no_guard_in", army=_army(mail, cmd))


def _hire(mail: Mail, cmd: Command) -> Msg | None:
    return None


def _militia_to(mail: Mail, cmd: Command) -> Msg | None:
    """A count, or without one all the militia the lines above left (at least one unit)."""
    have = mail.state["realms"][mail.realm]["militia"]
    count = int(cmd.args.get("units", max(have - mail.militia_given, 1)))
    if mail.militia_given + count > have:
        code = "council_militia_short_with_above" if mail.militia_given else "council_militia_short"
        return ruling_only(mail) or msg(code, have=have, need=mail.militia_given + count)
    problem = ruling_only(mail)
    if problem is None:
        mail.militia_given += count
    return problem


def _disband(mail: Mail, cmd: Command) -> Msg | None:
    name = _army(mail, cmd)
    if (problem := commands(mail, name)) is not None:
        return problem
    if "unit" in cmd.args:
        unit = DATA.unit_named(str(cmd.args["unit"]))
        if not mail.state["realms"][mail.realm]["armies"][name]["units"][unit.key]:
            return msg("council_no_such_units", army=name, unit=unit.name, unit_en=unit.en)
    return None


def raid_targets(state: State, tribe: str) -> list[str]:
    """The powers' provinces a tribal union may raid: by its lands still free of any power, over
    land or across a sea their coasts share."""
    lands = [land for land in DATA.tribe(tribe).lands if not state["provinces"][land]["realm"]]
    near_by = {n for land in lands for n in DATA.neighbours[land]}
    near_by |= {n for sea in near_by & DATA.sea_names for n in DATA.neighbours[sea]}
    return [p.name for p in DATA.provinces if p.name in near_by and state["provinces"][p.name]["realm"]]


def _raid(mail: Mail, cmd: Command) -> Msg | None:
    tribe, province = str(cmd.args["tribe"]), str(cmd.args["province"])
    if tribe not in led_by(mail.state, mail.power):
        return msg("council_not_leader", tribe=tribe)
    if not mail.state["tribes"][tribe]["warriors"]:
        return msg("council_raid_no_warriors", tribe=tribe)
    return (
        None
        if province in raid_targets(mail.state, tribe)
        else msg("council_raid_too_far", tribe=tribe, province=province)
    )


# ---- limited, in the order of 8.6 ------------------------------------------------------------------------
def _close_post(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    decided = [Command.from_json(o).args["province"] for o in pending(mail.state, mail.power, "expel")]
    return None if province in decided else msg("council_no_expel_decision", province=province)


def _migrate(mail: Mail, cmd: Command) -> Msg | None:
    return None if pending(mail.state, mail.power, "migration") else msg("council_no_migration_decision")


def _open_post(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if mail.mine(province):
        return msg("council_post_at_home", province=province)
    if has_post(mail.state, mail.realm, province):
        return msg("council_post_already", province=province, realm=mail.realm)
    return None if near(mail.state, mail.realm, province) else msg("council_too_far", province=province)


def _envoy(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    here = mail.state["provinces"][province]
    if here["realm"] or here["sphere"] or here["occupied"] not in ("", mail.realm):
        return msg("council_not_open_land", province=province)
    return None if near(mail.state, mail.realm, province) else msg("council_too_far", province=province)


def _prestige(mail: Mail, cmd: Command) -> Msg | None:
    return None


def _holding(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    here = mail.state["provinces"][province]
    if not mail.reach(province):
        return msg("council_not_our_reach", province=province, realm=mail.realm)
    if here["governor"]:
        return msg("council_has_governor", province=province, family=here["governor"])
    if here["occupied"]:
        return msg("council_province_not_free", province=province)
    return None if governorship_room(mail.state, mail.power) else governorships_full(mail.state, mail.power)


def _colony(mail: Mail, cmd: Command) -> Msg | None:
    province = str(cmd.args["province"])
    if province not in sphere_of(mail.state, mail.realm):
        return msg("council_not_in_sphere", province=province, realm=mail.realm)
    occupier = mail.state["provinces"][province]["occupied"]
    return msg("council_province_not_free", province=province) if occupier not in ("", mail.realm) else None


def _build(mail: Mail, cmd: Command) -> Msg | None:
    province, building = str(cmd.args["province"]), DATA.building(str(cmd.args["building"]))
    if building.name in mail.state["provinces"][province]["buildings"]:
        return msg(
            "council_already_built", province=province, building=building.name, building_en=building.en
        )
    if building.squadrons and not harbour(province):
        return own_free(mail, province) or msg(
            "council_shipyard_no_harbour", province=province, building=building.name, building_en=building.en
        )
    return own_free(mail, province) or spend(mail, A.grand_cost if building.grand else 0)


def _sail(mail: Mail, cmd: Command) -> Msg | None:
    if pending(mail.state, mail.power, "fleet"):
        return ruling_only(mail) or msg("council_fleet_decided")
    moves = cmd.pairs["moves"]
    flotillas = mail.state["realms"][mail.realm]["flotillas"]
    for flotilla, sea in moves:
        if sea not in DATA.neighbours[flotillas[flotilla]["sea"]]:
            return msg("council_sea_too_far", flotilla=flotilla, sea=sea)
    return ruling_only(mail) or twice([flotilla for flotilla, _ in moves])


def _march(mail: Mail, cmd: Command) -> Msg | None:
    name = _army(mail, cmd)
    if (problem := commands(mail, name)) is not None:
        return problem
    at = mail.state["realms"][mail.realm]["armies"][name]["province"]
    path = cmd.lists["path"]
    for place in path:
        if place not in DATA.neighbours[at]:
            return msg("council_path_broken", before=at, place=place)
        if place not in DATA.sea_names and entry(mail.state, mail.realm, place) == "closed":
            return msg("council_path_closed", province=place)
        at = place
    return msg("council_path_ends_at_sea", sea=at) if at in DATA.sea_names else None


ACTION_CHECKS: dict[str, Check] = {
    "guard": _guard,
    "guard_to": _guard_to,
    "guard_back": _guard_back,
    "hire": _right("mercenaries", _hire),
    "militia_to": _militia_to,
    "disband": _disband,
    "raid": _raid,
    "close_post": _limited(_close_post),
    "migrate": _limited(_migrate),
    "open_post": _limited(_right("trading_post", _open_post)),
    "envoy": _limited(_right("diplomats", _envoy)),
    "prestige": _limited(_right("diplomats", _prestige)),
    "holding": _limited(_right("diplomats", _holding)),
    "colony": _limited(_right("colonists", _colony)),
    "build": _limited(_right("improvements", _build)),
    "sail": _limited(_sail),
    "march": _limited(_march),
}

# given once a mail, keyed by these arguments
ACTION_ONCE: dict[str, tuple[str, ...]] = {
    "guard": (),
    "guard_to": (),
    "guard_back": ("army",),
    "militia_to": ("army",),
    "disband": ("army", "unit"),
    "raid": ("tribe",),
    "close_post": ("province",),
    "migrate": (),
    "open_post": ("province",),
    "envoy": ("province",),
    "holding": ("province",),
    "colony": ("province",),
    "build": ("province",),
    "sail": (),
    "march": ("army",),
}
