"""Stability (3.1), revolts, ОП growth, religion (9), policies (6), stories (11), victory (12)."""

from __future__ import annotations

from engines.rus import RULESET
from engines.rus.scoring import breakdown
from tests.engines.helpers import codes, mail, o
from tests.engines.rus.helpers import (
    CHERNIGOV,
    KIEV,
    NOVGOROD,
    PLAYERS,
    RYAZAN,
    game,
    problems,
    run,
    seed_where,
    setc,
)


def _seed(state: dict) -> str:  # type: ignore[type-arg]
    return seed_where(state, RYAZAN, CHERNIGOV)


def test_op_grows_above_0_and_falls_below_0() -> None:
    state = game()
    setc(state, RYAZAN, stability=1)
    setc(state, CHERNIGOV, stability=-1)
    after = run(state, {}, _seed(state)).state
    assert after["provinces"]["Рязань"]["op"] == 16 and after["provinces"]["Тула"]["op"] == 11
    assert after["provinces"]["Чернигов"]["op"] == 9
    assert after["provinces"]["Новгород"]["op"] == 20


def test_policy_change_costs_1_but_the_first_choice_does_not() -> None:
    state = game()
    state = run(state, {RYAZAN: mail(o("policy", policy="Наука"))}, _seed(state)).state
    assert state["countries"][RYAZAN]["stability"] == 0
    state = run(state, {RYAZAN: mail(o("policy", policy="Торговля"))}, _seed(state)).state
    assert state["countries"][RYAZAN]["stability"] == -1


def test_stability_policy_buys_1_for_80() -> None:
    state = game()
    setc(state, RYAZAN, policy="Стабильность")
    after = run(state, {RYAZAN: mail(o("stability"))}, _seed(state)).state
    assert after["countries"][RYAZAN]["stability"] == 1
    assert {"item": "stability", "amount": -80, "note": ""} in after["accounts"][RYAZAN]


def test_pagan_sacrifice_and_conversion() -> None:
    state = game()
    after = run(state, {RYAZAN: mail(o("sacrifice", province="Пронск"))}, _seed(state)).state
    assert after["countries"][RYAZAN]["stability"] == 1 and after["provinces"]["Пронск"]["op"] == 10
    # +1 from the sacrifice, then stability 1 grows every province by 1 at the end of the turn
    after = run(after, {RYAZAN: mail(o("convert"))}, _seed(after)).state
    assert after["countries"][RYAZAN]["religion"] == "Христианство"
    assert after["countries"][RYAZAN]["stability"] == -2


def test_christians_at_peace_gain_1_every_two_turns() -> None:
    state = game()
    setc(state, RYAZAN, religion="Христианство")
    state = run(state, {}, _seed(state)).state
    assert state["countries"][RYAZAN]["stability"] == 0
    state = run(state, {}, _seed(state)).state
    assert state["countries"][RYAZAN]["stability"] == 1
    state["wars"] = [[RYAZAN, "Муром"]]
    state = run(state, {}, _seed(state)).state
    state = run(state, {}, _seed(state)).state
    assert state["countries"][RYAZAN]["stability"] == 1


def test_revolt_at_minus_3_half_the_provinces_halved_untaxed_never_under_a_temple() -> None:
    state = game()
    setc(state, RYAZAN, stability=-3)
    result = run(state, {}, _seed(state))
    revolts = result.state["revolts"]
    assert len(revolts) == 1 and revolts[0] in ("Рязань", "Тула", "Пронск")
    assert not [x for x in result.state["accounts"][RYAZAN] if x["item"] == "taxes"]
    assert "rus_revolt" in codes(result.reports[RYAZAN])
    for name in ("Рязань", "Тула", "Пронск"):
        state["provinces"][name]["temple"] = True
    assert run(state, {}, _seed(state)).state["revolts"] == []
    state["provinces"]["Тула"]["temple"] = False
    after = run(state, {}, _seed(state)).state
    assert after["revolts"] == ["Тула"] and after["provinces"]["Тула"]["op"] == 5 - 1  # halved, then −1


def test_computer_countries_keep_stability_0() -> None:
    state = game()
    after = run(state, {"Муром": mail(o("sacrifice", province="Муром"))}, _seed(state)).state
    assert after["countries"]["Муром"]["stability"] == 0


def test_one_computer_country_converts_by_lot_each_turn() -> None:
    state = game()
    after = run(state, {}, _seed(state)).state
    christians = [p for p in after["ai"] if after["countries"][p]["religion"] == "Христианство"]
    assert len(christians) == 1


def test_story_rewards_are_awarded_by_the_gm_and_paid_at_the_end_of_the_turn() -> None:
    state = game()
    state = RULESET.adjust(state, RYAZAN, "story_opening", 2)
    state = RULESET.adjust(state, CHERNIGOV, "story_opening", 1)  # only two a turn in all
    state = RULESET.adjust(state, CHERNIGOV, "story_action", 1)
    assert RULESET.read(state, CHERNIGOV, "story_opening") == 0
    after = run(state, {}, _seed(state)).state
    assert {"item": "stories", "amount": 300, "note": "2 + 0"} in after["accounts"][RYAZAN]
    assert {"item": "stories", "amount": 100, "note": "0 + 1"} in after["accounts"][CHERNIGOV]
    assert RULESET.read(after, RYAZAN, "story_opening") == 0 and after["countries"][RYAZAN]["stories"] == 2


def test_victory_points_as_section_12() -> None:
    state = game()
    setc(state, RYAZAN, money=1003, prestige=4, stories=3)
    state["vassals"] = {"Муром": RYAZAN}
    assert breakdown(state, RYAZAN) == {
        "provinces": 35 // 2,
        "money": 200,
        "vassals": 5,
        "events": 4,
        "stories": 5,
    }
    assert set(RULESET.scores(state)) == set(PLAYERS)


def test_the_game_ends_by_every_players_vote_or_by_the_gm() -> None:
    state = game()
    state["vassals"] = dict.fromkeys(("Муром", "Псков", "Переяславль", "Туров"), RYAZAN)  # section 12
    votes = {p: mail(o("finish")) for p in PLAYERS[:3]}
    assert not run(state, votes).state["over"]
    votes[KIEV] = mail(o("finish"))
    result = run(state, votes)
    assert result.state["over"] and "rus_news_end_vote" in codes(result.news)
    state = RULESET.adjust(game(), NOVGOROD, "end", 1)
    assert run(state).state["over"]


def test_a_country_handed_to_the_computer_keeps_stability_zero() -> None:
    state = game()
    setc(state, RYAZAN, stability=2)
    state = RULESET.handover(state, RYAZAN, computer=True)
    assert RYAZAN in state["ai"] and state["countries"][RYAZAN]["stability"] == 0
    back = RULESET.handover(state, RYAZAN, computer=False)
    assert RYAZAN not in back["ai"] and RYAZAN in state["ai"]  # pure


def test_a_revolting_province_pays_no_tax_when_the_rest_are_taxed() -> None:
    state = game()
    setc(state, RYAZAN, stability=-3)
    result = run(state, {RYAZAN: mail(o("sacrifice", province="Пронск"))}, _seed(state))
    after = result.state
    assert after["countries"][RYAZAN]["stability"] == -2  # taxed at −2 (ОП/10 × 100) in step 5
    (revolted,) = after["revolts"]
    op = {"Рязань": 15, "Тула": 10, "Пронск": 10 - 1}  # the sacrifice comes before the taxes
    expected = sum(op[p] * 100 // 10 for p in op if p != revolted)
    assert [x["amount"] for x in after["accounts"][RYAZAN] if x["item"] == "taxes"] == [expected]


def test_computer_countries_do_not_mobilise() -> None:
    state = game()
    assert problems(state, "Муром", o("mobilise", province="Муром")) == ["rus_ai_no_levy"]
    assert "mobilise" not in [c.name for c in RULESET.open_commands(state, "Муром", "orders")]
    assert "mobilise" in [c.name for c in RULESET.open_commands(state, RYAZAN, "orders")]


def test_a_country_handed_to_the_computer_stays_in_the_standings() -> None:
    """The computer plays it now (section 8.4), but the forum's table still lists it: a leader
    handed over does not vanish from the standings. The undrawn GM countries were never in them."""
    state = game()
    setc(state, RYAZAN, money=1000)
    before = RULESET.scores(state)
    handed = RULESET.handover(state, RYAZAN, computer=True)
    assert RULESET.scores(handed) == before
    assert "Муром" not in RULESET.scores(handed)  # never a player's (section 12)
    assert RULESET.scores(RULESET.handover(handed, RYAZAN, computer=False)) == before
