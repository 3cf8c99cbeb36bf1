"""The shared shape check reads every kind of argument: a pair's both halves are names of this game."""

from __future__ import annotations

from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec
from engines.text import Msg, Text
from engines.toolkit import CheckCodes, Mail, shape_problem

TROOPS = CommandSpec(
    "troops",
    ("ВОЙСКА",),
    (Arg("troops", ArgKind.PAIR_LIST, "army", max_items=3, second_vocabulary="power"),),
    Text("войска", "troops"),
    "ВОЙСКА Армия1 Медичи",
)
PHASE = PhaseSpec("actions", Text("Акции", "Actions"), (TROOPS,))
CODES = CheckCodes("over", "wrong", "not_in_phase", "missing", "not_in_game", "bad_number", "duplicate")
NAMES = {"army": {"Армия1": (), "Армия2": ()}, "power": {"Медичи": (), "Сфорца": ()}}


def _problem(pairs: tuple[tuple[str, str], ...]) -> Msg | None:
    command = Command("troops", {}, 1, pairs={"troops": pairs} if pairs else {})
    return shape_problem(PHASE, Mail({}, "Медичи", [command], NAMES), command, CODES)


def test_pairs_of_names_of_this_game_pass() -> None:
    assert _problem((("Армия1", "Медичи"), ("Армия2", "Сфорца"))) is None


def test_either_half_of_a_pair_must_be_a_name_of_this_game() -> None:
    assert _problem((("Армия9", "Медичи"),)) == Msg("not_in_game", {"name": "Армия9"})
    assert _problem((("Армия1", "Орсини"),)) == Msg("not_in_game", {"name": "Орсини"})


def test_a_pair_list_left_out_is_missing() -> None:
    assert _problem(()) == Msg("missing", {"argument": "troops"})
