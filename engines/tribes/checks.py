"""Rule checks of one tribe's orders, each problem tied to its line. A mail is judged top to bottom
with running totals (children given, people converted, communities already moving or merging), so
the line that oversteps is the one refused and a refused line takes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.contract import Command, CommandSpec, Problem
from engines.text import Msg
from engines.tribes import aims, dealings, division, growth, marching, moves, sight
from engines.tribes import community as numbers
from engines.tribes.data import DATA
from engines.tribes.level import Level, level_of
from engines.tribes.mail import Mail
from engines.tribes.said import msg, stratum_name
from engines.tribes.schema import PHASES
from engines.tribes.state import Community, State, Tribe

Check = Callable[[Mail, Command, Community], Msg | None]


def check(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    if state["over"]:
        return [Problem(0, Msg("tribes.game_over"))]
    if phase != state["phase"]:
        return [Problem(0, Msg("tribes.wrong_phase"))]
    tribe = state["tribes"][power]
    if tribe["extinct"]:
        return [Problem(0, Msg("tribes.no_tribe"))]
    mail = Mail(state, power, level_of(state, power))
    problems = []
    for cmd in commands:
        said = _judge(mail, cmd)
        if said is not None:
            problems.append(Problem(cmd.line, said))
    return sorted([*problems, *_together(mail)], key=lambda problem: problem.line)


def _judge(mail: Mail, line: Command) -> Msg | None:
    cmd = aims.aimed(mail.state, mail.power, line)
    if isinstance(cmd, Msg):
        return cmd
    if cmd.name == "migrate" or cmd.name == "settle":
        return _mode(mail, cmd)
    if "community" not in cmd.args:
        return dealings.tribe_wide(mail, cmd)
    number = int(cmd.args["community"])
    community = mail.community(number)
    if community is None:
        return msg("tribes.no_community", community=number)
    return CHECKS[cmd.name](mail, cmd, community)


def _mode(mail: Mail, cmd: Command) -> Msg | None:
    if mail.mode:
        return msg("tribes.mode_twice", first=mail.mode)
    migrating = mail.tribe["migrating"]
    if cmd.name == "migrate" and migrating:
        return msg("tribes.already_migrating")
    if cmd.name == "settle" and not migrating:
        return msg("tribes.not_migrating")
    mail.mode = cmd.line
    return None


def _children(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    stratum, count, number = (
        DATA.stratum_id(str(cmd.args["stratum"])),
        int(cmd.args["count"]),
        community["number"],
    )
    name = stratum_name(stratum)
    if stratum not in mail.level.strata:
        return msg("tribes.no_stratum", stratum=name)
    if not mail.level.may_raise(stratum):
        return msg("tribes.not_for_children", stratum=name)
    given = sum(n for (c, _), n in mail.given.items() if c == number)
    if given + count > community["children"]:
        return msg("tribes.too_many_children", community=number, have=community["children"], given=given)
    clash = _clash(mail, community, stratum)
    if clash:
        return clash
    cap = mail.level.caps.get(stratum)
    now = community["strata"].get(stratum, 0) + mail.added(number, stratum)
    if cap is not None and now + count > cap:
        return msg("tribes.over_cap", stratum=name, cap=cap, community=number, now=now)
    mail.given[(number, stratum)] = mail.given.get((number, stratum), 0) + count
    return None


def _clash(mail: Mail, community: Community, stratum: str) -> Msg | None:
    """«они не могут существовать в одной общине с шаманами»: priests and shamans never together."""
    other = {"priests": "shamans", "shamans": "priests"}.get(stratum)
    if other is None:
        return None
    if community["strata"].get(other, 0) + mail.added(community["number"], other):
        return msg("tribes.priests_and_shamans", community=community["number"])
    return None


def _convert(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    source, target = DATA.stratum_id(str(cmd.args["source"])), DATA.stratum_id(str(cmd.args["target"]))
    count, number = int(cmd.args["count"]), community["number"]
    if source not in DATA.order.convertible:
        return msg("tribes.not_convertible", stratum=stratum_name(source))
    if target not in DATA.order.working or target not in mail.level.strata:
        return msg("tribes.not_working", stratum=stratum_name(target))
    food, eaters = growth.outlook(mail.state, mail.level, community, mail.tribe["migrating"])
    if food.total >= eaters:
        return msg("tribes.not_hungry", community=number, food=food.total, eaters=eaters)
    done = mail.converted.get((number, source), 0)
    most = growth.convertible(mail.level, community, source)
    if done + count > most:
        share = DATA.game.warriors_convert if source == "warriors" else DATA.game.elite_convert
        have = community["strata"].get(source, 0)
        code = "tribes.convert_too_many" if done else "tribes.convert_most" if most else "tribes.convert_none"
        return msg(
            code, community=number, stratum=stratum_name(source), most=most, done=done, have=have, share=share
        )
    mail.converted[(number, source)] = done + count
    mail.raised[(number, target)] = mail.raised.get((number, target), 0) + count
    return None


def _move(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    """One move alone: its community, code and way as the tribe's map shows them; the tribe's moves
    together are judged once every line is read (`_together`)."""
    number, code = community["number"], str(cmd.args["code"])
    if number in mail.moving:
        return msg("tribes.moves_twice", community=number, first=mail.moving[number])
    if number in mail.merging:
        return msg("tribes.merging_no_move", community=number, first=mail.merging[number])
    if number in mail.acting:
        return msg("tribes.attacking_no_move", community=number, first=mail.acting[number])
    conditions = cmd.lists.get("conditions", ())
    meet = {DATA.condition(name).meet for name in conditions} - {None}
    if len(meet) > 1:
        return msg("tribes.conditions_clash")
    points = moves.points(mail.tribe, mail.level)
    if len(code) > max(1, points):
        return msg("tribes.code_too_long", steps=len(code), points=points)
    plan = moves.plan(mail.state, mail.power, community["cell"], code)
    if plan.sea:
        return msg("tribes.into_sea", step=plan.sea)
    if plan.least > points and len(code) > 1:
        return msg("tribes.too_far", least=plan.least, points=points)
    held = {c["cell"]: owner for owner, c in sight.in_sight(mail.state, mail.power)}
    blocked = next((cell for cell in plan.path if cell in held), None)
    if blocked is not None:
        return msg("tribes.path_taken", cell=blocked, tribe=held[blocked])
    mail.moving[number] = cmd.line
    mail.plans[number] = marching.Move(number, cmd.line, plan)
    return None


def _together(mail: Mail) -> list[Problem]:
    """«a tribe's moves are one plan»: the moves read, judged against where all the communities
    end; a line that breaks the plan is refused and takes nothing, and the rest judged again."""
    found = []
    while trouble := marching.trouble(
        mail.state, mail.power, mail.level, [*mail.plans.values()], mail.merging
    ):
        line, why = trouble
        found.append(Problem(line, why))
        number = next(n for n, move in mail.plans.items() if move.line == line)
        del mail.plans[number], mail.moving[number]
    return found


def _merge(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    number, into_number = community["number"], int(cmd.args["into"])
    into = mail.community(into_number)
    if into is None:
        return msg("tribes.no_community", community=into_number)
    if into is community:
        return msg("tribes.merge_self")
    if community["main"]:
        return msg("tribes.merge_main", community=number)
    for taken in (number, into_number):
        if taken in mail.merging:
            return msg("tribes.merging_twice", community=taken, first=mail.merging[taken])
    if number in mail.moving:
        return msg("tribes.moving_no_merge", community=number, first=mail.moving[number])
    why = division.merge_problem(mail.state, mail.level, community, into, mail.tribe["migrating"])
    if why:
        limit = numbers.limit(
            mail.state, mail.level, into if why == "over" else community, mail.tribe["migrating"]
        )
        return msg(f"tribes.merge_{why}", community=number, into=into_number, limit=limit)
    mail.merging[number] = cmd.line
    return None


CHECKS: dict[str, Check] = {
    "children": _children,
    "convert": _convert,
    "move": _move,
    "merge": _merge,
    **dealings.COMMUNITY_CHECKS,
}


def open_commands(state: State, power: str, phase: str) -> Sequence[CommandSpec]:
    """The blank's commands: those that could be accepted now."""
    tribe = state["tribes"][power]
    level = level_of(state, power)
    communities = tribe["communities"]
    shown = {"move"}
    if any(c["children"] for c in communities):
        shown.add("children")
    shown.add("settle" if tribe["migrating"] else "migrate")
    if mergeable_pairs(state, level, tribe):
        shown.add("merge")
    if any(
        growth.short_of_food(state, level, c, tribe["migrating"])
        and any(growth.convertible(level, c, s) for s in DATA.order.convertible)
        for c in communities
    ):
        shown.add("convert")
    return [spec for spec in PHASES[phase].commands if spec.name in shown]


def mergeable_pairs(state: State, level: Level, tribe: Tribe) -> list[tuple[int, int]]:
    """Every (small community, neighbour) that may merge now."""
    return [
        (source["number"], into["number"])
        for source in tribe["communities"]
        for into in tribe["communities"]
        if source is not into
        and not source["main"]
        and not division.merge_problem(state, level, source, into, tribe["migrating"])
    ]
