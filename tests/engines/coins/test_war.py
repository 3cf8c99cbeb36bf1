"""«Войны»: colonies to the larger army, ties to the defender, metropoles plundered, never taken."""

from __future__ import annotations

from engines.contract import JSON
from tests.engines.coins.helpers import CN, EU, RU, US, country, game, problems, run, setc
from tests.engines.helpers import codes, mail, o


def at_war(**armies: int) -> JSON:
    state = game(3, "orders")
    for power, army in zip(
        (US, CN, RU, EU), (armies.get(k, 0) for k in ("us", "cn", "ru", "eu")), strict=True
    ):
        setc(state, power, army=army)
    return state


def test_larger_army_sent_wins_the_colony() -> None:
    state = at_war(us=4, cn=4)
    state["colonies"]["Исландия"] = CN
    result = run(
        state,
        {US: mail(o("attack", target="Исландия", army=4)), CN: mail(o("defend", colony="Исландия", army=3))},
    )
    assert result.state["colonies"]["Исландия"] == US
    assert "colony_captured" in codes(result.news)


def test_equal_armies_the_defender_keeps_the_colony() -> None:
    state = at_war(us=4, cn=4)
    state["colonies"]["Исландия"] = CN
    result = run(
        state,
        {US: mail(o("attack", target="Исландия", army=3)), CN: mail(o("defend", colony="Исландия", army=3))},
    )
    assert result.state["colonies"]["Исландия"] == CN
    assert "colony_held" in codes(result.news)


def test_successful_defence_of_a_colony_is_a_war_victory_worth_2_vp() -> None:
    state = at_war(us=4, cn=4)
    state["colonies"]["Исландия"] = CN
    orders = {
        US: mail(o("attack", target="Исландия", army=2)),
        CN: mail(o("defend", colony="Исландия", army=3)),
    }
    state = run(state, orders).state
    assert country(state, CN)["vp"]["wars"] == 2
    assert country(state, US)["vp"]["wars"] == 0


def test_two_equal_attackers_leave_a_neutral_colony_neutral() -> None:
    state = at_war(us=3, cn=3, ru=2)
    orders = {
        US: mail(o("attack", target="Мальдивы", army=3)),
        CN: mail(o("attack", target="Мальдивы", army=3)),
        RU: mail(o("attack", target="Мальдивы", army=2)),
    }
    result = run(state, orders)
    assert result.state["colonies"]["Мальдивы"] == ""
    assert "colony_stays_neutral" in codes(result.news)


def test_mars_natives_army_6_beat_6_and_lose_to_7() -> None:
    space = ["Космическая программа 1", "Космическая программа 2"]
    state = at_war(us=7, cn=6)
    setc(state, US, techs=space)
    setc(state, CN, techs=space)
    assert run(state, {CN: mail(o("attack", target="Марс", army=6))}).state["colonies"]["Марс"] == ""
    assert run(state, {US: mail(o("attack", target="Марс", army=7))}).state["colonies"]["Марс"] == US


def test_mars_needs_both_parts_of_the_space_program() -> None:
    state = at_war(us=7)
    setc(state, US, techs=["Космическая программа 1"])
    assert problems(state, US, o("attack", target="Марс", army=7)) == ["colony_needs_tech"]


def test_metropole_attack_plunders_the_margin_and_is_never_captured() -> None:
    state = at_war(us=5, cn=3)
    result = run(state, {US: mail(o("attack", target=CN, army=5))})
    assert country(result.state, US)["coins"] == 8 + 2 + 2  # +2 plunder, +2 taxes next turn
    assert country(result.state, CN)["coins"] == 8 - 2 + 2
    assert CN in result.state["powers"]
    assert "metropole_plundered" in codes(result.news)


def test_metropole_is_defended_by_the_army_left_at_home() -> None:
    state = at_war(us=4, cn=4)
    state["colonies"]["Исландия"] = CN
    orders = {US: mail(o("attack", target=CN, army=4)), CN: mail(o("defend", colony="Исландия", army=3))}
    assert country(run(state, orders).state, US)["coins"] == 8 + 3 + 2


def test_repelled_metropole_attack_is_a_victory_for_the_defender() -> None:
    state = at_war(us=3, cn=3)
    result = run(state, {US: mail(o("attack", target=CN, army=3))})
    assert "metropole_repelled" in codes(result.news)
    assert country(result.state, CN)["vp"]["wars"] == 2


def test_war_victory_gives_2_vp() -> None:
    state = at_war(us=2)
    state = run(state, {US: mail(o("attack", target="Исландия", army=1))}).state
    assert country(state, US)["vp"]["wars"] == 2


def test_no_war_vp_when_a_colony_was_lost_the_same_turn() -> None:
    state = at_war(us=3, cn=3)
    state["colonies"]["Исландия"] = US
    orders = {
        US: mail(o("attack", target="Мальдивы", army=3)),
        CN: mail(o("attack", target="Исландия", army=1)),
    }
    result = run(state, orders)
    assert result.state["colonies"]["Мальдивы"] == US
    assert result.state["colonies"]["Исландия"] == CN
    assert country(result.state, US)["vp"]["wars"] == 0
    assert "war_vp_lost" in codes(result.reports[US])


def test_colony_income_arrives_only_the_turn_after_capture() -> None:
    state = run(at_war(us=2), {US: mail(o("attack", target="Исландия", army=1))}).state
    assert country(state, US)["income"] == {"funding": 2, "colonies": 2}
    assert country(state, US)["coins"] == 8 + 2 + 2  # once, at the start of the next turn


def test_cannot_send_more_army_than_the_power_has() -> None:
    state = at_war(us=3)
    state["colonies"]["Исландия"] = US
    refused = problems(state, US, o("defend", colony="Исландия", army=2), o("attack", target=CN, army=2))
    assert refused == ["not_enough_army"]


def test_nuclear_power_cannot_be_attacked() -> None:
    state = at_war(us=4)
    setc(state, CN, techs=["Ядерное оружие 1", "Ядерное оружие 2"])
    assert problems(state, US, o("attack", target=CN, army=4)) == ["target_nuclear"]


def test_a_nuclear_powers_colony_can_still_be_attacked() -> None:
    state = at_war(us=4)
    setc(state, CN, techs=["Ядерное оружие 1", "Ядерное оружие 2"])
    state["colonies"]["Исландия"] = CN
    assert problems(state, US, o("attack", target="Исландия", army=4)) == []


def test_cannot_attack_own_colony_or_defend_someone_elses() -> None:
    state = at_war(us=4)
    state["colonies"]["Исландия"] = US
    assert problems(state, US, o("attack", target="Исландия", army=1)) == ["attack_own"]
    assert problems(state, US, o("defend", colony="Мальдивы", army=1)) == ["not_your_colony"]


def test_military_alliance_sends_army_to_an_ally_who_commands_it() -> None:
    state = at_war(us=4, cn=4)
    state["phase"] = "talks"
    talks = {
        US: mail(o("ally", kind="Военный", power=CN), o("help", power=CN, army=3)),
        CN: mail(o("ally", kind="Военный", power=US)),
    }
    assert problems(state, US, *[(c.name, dict(c.args)) for c in talks[US]]) == []
    state = run(state, talks).state
    assert (country(state, US)["lent"], country(state, CN)["borrowed"]) == (3, 3)
    setc(state, RU, techs=[])
    state["colonies"]["Монголия"] = RU
    assert problems(state, CN, o("attack", target="Монголия", army=7)) == []
    assert problems(state, US, o("attack", target="Монголия", army=2)) == ["not_enough_army"]
    state = run(state, {CN: mail(o("attack", target="Монголия", army=7))}).state
    assert state["colonies"]["Монголия"] == CN


def test_help_without_a_military_alliance_is_refused() -> None:
    state = at_war(us=4)
    state["phase"] = "talks"
    assert problems(state, US, o("help", power=CN, army=1)) == ["not_military_ally"]


def test_help_offered_with_an_unanswered_alliance_is_not_sent() -> None:
    state = at_war(us=4)
    state["phase"] = "talks"
    result = run(state, {US: mail(o("ally", kind="Военный", power=CN), o("help", power=CN, army=2))})
    assert country(result.state, CN)["borrowed"] == 0
    assert "help_no_alliance" in codes(result.reports[US])


def test_no_wars_on_turn_one() -> None:
    assert problems(game(1, "orders"), US, o("attack", target="Исландия", army=1)) == ["not_on_first_turn"]
