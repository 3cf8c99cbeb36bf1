"""Checks of the war orders (section 5.1): march (ПОХОД), boats (ЛАДЬИ), lend (ПОД КОМАНДУ).

A mail is judged top to bottom: each accepted line takes its men out of `Mail.committed` (druzhina
by province) and `Mail.militia_used` (a province's militia goes out whole, with one line), so two
lines can never send the same men. Distances and land are judged on the state of the start of the
turn; a war declared by an earlier line of the same mail already counts (it takes effect at step 3,
before the battles of step 7).
"""

from __future__ import annotations

from engines.contract import Command
from engines.rus import trade
from engines.rus.data import DATA
from engines.rus.economy import mobilised
from engines.rus.judging import Check, Mail, msg
from engines.rus.world import allied, at_war, controller, friendly, has_effect, is_ai, suzerain
from engines.text import Msg

W = DATA.war


def _declared(mail: Mail, cmd: Command, other: str) -> bool:
    """At war with `other` now, or by an accepted ВОЙНА line earlier in this mail."""
    if at_war(mail.state, mail.power, other):
        return True
    accepted = set(mail.seen.values())
    return any(
        c.name == "war" and c.args.get("power") == other and c.line < cmd.line and c.line in accepted
        for c in mail.commands
    )


def _militia_here(mail: Mail, cmd: Command, province: str) -> int:
    """The province's militia, plus what an accepted МОБИЛИЗАЦИЯ earlier in the mail will raise."""
    if not mail.own(province) or province in mail.militia_used:
        return 0
    here = mail.state["provinces"][province]
    raised = mail.seen.get(("mobilise", province), cmd.line) < cmd.line
    return int(here["militia"]) + (mobilised(here["op"])[1] if raised else 0)


def _forces(mail: Mail, cmd: Command) -> Msg | None:
    """At least one man; enough druzhina posted in the province; militia only from one's own."""
    province, druzhina, militia = (
        str(cmd.args["province"]),
        int(cmd.args["druzhina"]),
        int(cmd.args["militia"]),
    )
    if druzhina + militia < 1:
        return msg("rus_war_no_men")
    have = mail.me["posts"].get(province, 0) - mail.committed.get(province, 0)
    if druzhina > have:
        return msg("rus_war_not_enough_druzhina", province=province, need=druzhina, have=max(0, have))
    if militia and not mail.own(province):
        return msg("rus_war_militia_own", province=province)
    there = _militia_here(mail, cmd, province)
    if militia > there:
        return msg("rus_war_not_enough_militia", province=province, need=militia, have=there)
    return None


def _commit(mail: Mail, cmd: Command) -> None:
    province = str(cmd.args["province"])
    mail.committed[province] = mail.committed.get(province, 0) + int(cmd.args["druzhina"])
    if int(cmd.args["militia"]):
        mail.militia_used.add(province)


def _land(mail: Mail, cmd: Command, province: str) -> Msg | None:
    """Own, friendly or enemy land only; a computer country stays on friendly land (8.4)."""
    holder = controller(mail.state, province)
    if friendly(mail.state, mail.power, holder):
        return None
    if is_ai(mail.state, mail.power):
        return msg("rus_war_ai_defensive", province=province)
    if not _declared(mail, cmd, holder):
        return msg("rus_war_neutral_land", province=province, power=holder)
    return None


def _reach(mail: Mail, cmd: Command, steps: int) -> Msg | None:
    cavalry = mail.me["tactic"] == W.cavalry
    limit = W.cavalry_march if cavalry else W.march
    if int(cmd.args["militia"]) and steps > W.militia_march:
        return msg("rus_war_militia_too_far", steps=steps, limit=W.militia_march)
    if steps > limit:
        return msg("rus_war_too_far", steps=steps, limit=limit)
    return None


def march_path(start: str, cmd: Command) -> list[str] | None:
    """The provinces after the start that a march's path names (the start may be repeated in front);
    None if a name is unknown or nothing is named."""
    named = trade.named(cmd, "path")
    if named and named[0] == start:
        named = named[1:]
    return named or None


def _march(mail: Mail, cmd: Command) -> Msg | None:
    start = str(cmd.args["province"])
    path = march_path(start, cmd)
    if path is None:
        return msg("rus_war_bad_path", path=trade.written(cmd, "path") or "—")
    problem = _forces(mail, cmd) or _reach(mail, cmd, len(path))
    if problem:
        return problem
    previous = start
    for province in path:
        if province not in DATA.adjacency[previous]:
            return msg("rus_war_not_neighbour", a=previous, b=province)
        problem = _land(mail, cmd, province)
        if problem:
            return problem
        previous = province
    _commit(mail, cmd)
    return None


def _boats(mail: Mail, cmd: Command) -> Msg | None:
    start, target = str(cmd.args["province"]), str(cmd.args["target"])
    if not has_effect(mail.state, mail.power, "boats"):
        return msg("rus_war_needs_boats")
    for province in (start, target):
        if not DATA.province(province).water:
            return msg("rus_war_no_water", province=province)
    if start == target:
        return msg("rus_war_same_province", province=start)
    problem = _forces(mail, cmd) or _land(mail, cmd, target)
    if problem:
        return problem
    _commit(mail, cmd)
    return None


def _lend(mail: Mail, cmd: Command) -> Msg | None:
    commander, province, count = str(cmd.args["commander"]), str(cmd.args["province"]), int(cmd.args["count"])
    if commander == mail.power or not (
        allied(mail.state, mail.power, commander) or suzerain(mail.state, mail.power) == commander
    ):
        return msg("rus_war_lend_not_ally", power=commander)
    have = mail.me["posts"].get(province, 0) - mail.committed.get(province, 0)
    if count > have:
        return msg("rus_war_not_enough_druzhina", province=province, need=count, have=max(0, have))
    mail.committed[province] = mail.committed.get(province, 0) + count
    return None


CHECKS: dict[str, Check] = {"march": _march, "boats": _boats, "lend": _lend}
# A march is once per (start, path), boats once per (start, target), a loan once per (ally, province).
ONCE: dict[str, tuple[str, ...]] = {
    "march": ("province", "path"),
    "boats": ("province", "target"),
    "lend": ("commander", "province"),
}
