"""A year's flow: a retreat phase or a winter nobody owes is not opened; autumn counts the centres
and 18 win; a draw needs every survivor's vote, a power in civil disorder has none; a silent
player's power holds and its disbands are made by the distance rule; a power with nothing left
is out of the game."""

from __future__ import annotations

from engines.rng import Rng
from tests.engines.diplomacy.play import STANDARD, news, resolve, start, told, with_units


def test_a_year_with_no_dislodgement_and_no_builds_goes_spring_autumn_spring() -> None:
    spring = start()
    autumn = resolve(spring, {}).state
    assert (autumn["turn"], autumn["phase"]) == (1, "autumn")
    after = resolve(autumn, {}).state
    assert (after["turn"], after["phase"]) == (2, "spring")
    assert STANDARD.turn_title(2, "spring").ru == "Весна 1902"
    assert STANDARD.turn_title(1, "autumn_retreats").en == "Fall 1901 retreats"


def test_a_unit_dislodged_with_nowhere_to_go_is_disbanded_at_once_and_no_retreat_phase_opens() -> None:
    state = with_units(
        start(),
        tyr=("Италия", "A", "tyr"),
        boh=("Италия", "A", "boh"),
        gal=("Италия", "A", "gal"),
        tri=("Италия", "A", "tri"),
    )
    # Vienna, beset on every side but Budapest, which its neighbour holds
    result = resolve(state, {"Италия": ["A TYR - VIE", "A BOH S A TYR - VIE"]})
    assert told(result, "Австрия") == ["Вашу армию в Вене выбили, а отступить ей некуда: она распущена."]
    assert "vie" not in result.state["dislodged"] and result.state["phase"] == "autumn"


def test_a_dislodged_unit_with_a_way_out_opens_its_powers_retreat_phase_alone() -> None:
    state = with_units(start(), mun=None, bur=("Германия", "A", "bur"), pic=("Германия", "A", "pic"))
    state["phase"] = "autumn"
    result = resolve(state, {"Германия": ["A PIC - PAR", "A BUR S A PIC - PAR"], "Франция": ["A PAR H"]})
    assert result.state["phase"] == "autumn_retreats"
    assert result.state["dislodged"]["par"]["options"] == ["gas"]
    owing = [p for p in result.state["powers"] if STANDARD.owes_orders(result.state, p, "autumn_retreats")]
    assert owing == ["Франция"]


def test_eighteen_centres_win_the_game_in_autumn() -> None:
    state = with_units(start(), kie=None, ber=None, pie=("Франция", "A", "pie"))
    state["phase"] = "autumn"
    neutral = [c for c in STANDARD.board.centres if c not in state["centres"]]
    state["centres"] = {**state["centres"], **dict.fromkeys([*neutral, "kie", "ber"], "Франция")}
    held = resolve(state, {"Франция": ["A PIE - VEN"], "Италия": ["A VEN H"]})
    assert not held.state["over"]  # 17 centres: no winner yet
    result = resolve(state, {"Франция": ["A PIE - VEN"], "Италия": ["A VEN - TUS"]})
    assert result.state["over"] and result.state["winner"] == "Франция"
    assert "Франция победила: у Франции 18 центров снабжения." in news(result)


def test_a_draw_takes_every_survivors_vote_but_none_from_a_power_in_civil_disorder() -> None:
    state = start()
    voters = [p for p in state["powers"] if p != "Италия"]
    assert not resolve(state, {power: ["НИЧЬЯ"] for power in voters}).state["over"]  # Italy did not vote
    disorder = STANDARD.handover(state, "Италия", computer=True)
    assert disorder["disorder"] == ["Италия"] and STANDARD.ai_orders(disorder, "Италия", "spring") == []
    result = resolve(disorder, {power: ["НИЧЬЯ"] for power in voters})
    assert result.state["over"] and result.state["draw"] == state["powers"]
    assert STANDARD.handover(disorder, "Италия", computer=False)["disorder"] == []


def test_the_computer_accepts_a_draw_for_its_powers_only_when_the_board_has_stood_still() -> None:
    state = STANDARD.setup(["Англия", "Франция"], Rng("test"))  # the computer plays the other five
    votes = {"Англия": ["НИЧЬЯ"], "Франция": ["DIAS"]}
    assert not resolve(state, votes).state["over"]
    state["quiet"] = 3  # three years in which no supply centre changed hands
    assert resolve(state, votes).state["draw"] == state["powers"]


def test_civil_disorder_disbands_the_farthest_unit_when_none_is_ordered() -> None:
    state = start()
    state["phase"], state["disorder"] = "winter", ["Турция"]
    state["centres"] = {c: p for c, p in state["centres"].items() if c != "smy"}
    state = with_units(state, smy=None, arm=("Турция", "A", "arm"))
    result = resolve(state, {})
    assert "Армия Турции в Армении распущена по правилу беспорядков: дальше всех от своих центров." in news(
        result
    )


def test_a_power_with_nothing_left_is_out_of_the_game() -> None:
    state = start()
    state["phase"] = "winter"
    state["centres"] = {c: p for c, p in state["centres"].items() if p != "Италия"}
    result = resolve(state, {})
    assert "Италия выбыла из игры: не осталось ни центров, ни частей." in news(result)
    assert STANDARD.ended(result.state) == {"Италия"}
