"""The rules' checks of one power's mail: every problem tied to its line, in the player's words
(catalog codes), so the reply names each refused line and why."""

from __future__ import annotations

from collections.abc import Sequence

from engines import toolkit
from engines.contract import Command, Problem
from engines.text import Msg

from .schema import PHASES, vocabularies
from .state import State

CODES = toolkit.CheckCodes(
    game_over="skeleton_game_over",
    wrong_phase="skeleton_wrong_phase",
    not_in_phase="skeleton_not_in_phase",
    argument_missing="skeleton_argument_missing",
    name_not_in_game="skeleton_name_not_in_game",
    bad_number="skeleton_bad_number",
    duplicate="skeleton_duplicate",
)
Mail = toolkit.Mail[State]


def _shape(mail: Mail, cmd: Command) -> Msg | None:
    return toolkit.shape_problem(PHASES[mail.state["phase"]], mail, cmd, CODES)


def _spend(mail: Mail, cmd: Command) -> Msg | None:
    """Sown and given sacks come from one store: the lines above this one took their share."""
    return mail.spend(int(cmd.args["sacks"]), mail.state["grain"][mail.power], "skeleton_short")


def _gift(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["power"] == mail.power:
        return Msg("skeleton_gift_to_self")
    return _spend(mail, cmd)


def _keys(mail: Mail, cmd: Command) -> Sequence[tuple[str, ...]]:
    """One gift to each village a turn; sowing may take several lines."""
    return [("gift", str(cmd.args["power"]))] if cmd.name == "gift" else []


def check(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    problems = toolkit.gate(state, phase, CODES)
    if problems:
        return problems
    mail = Mail(state, power, commands, vocabularies(state))
    return toolkit.judge(mail, _shape, {"sow": _spend, "gift": _gift}, _keys, CODES.duplicate)
