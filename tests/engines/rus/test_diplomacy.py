"""Diplomacy (8, 8.1, 8.5): influence acts, embassies, marriages, cessions, vassalage and tribute,
with the rulebook's own numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.contract import Command
from engines.rus import diplomacy, report
from engines.rus.data import DATA
from engines.rus.report import Turn
from engines.rus.state import State
from engines.rus.world import country
from tests.engines.helpers import codes, mail, o
from tests.engines.rus.helpers import CHERNIGOV, KIEV, NOVGOROD, RYAZAN, game, problems, run, setc

MUROM, VLADIMIR = "Муром", "Владимир"
D = DATA.diplomacy
Influence = list[tuple[str, str, int]]


def _tech(effect: str) -> str:
    return next(t.name for t in DATA.techs if t.effect == effect)


def _state(*players: str) -> State:
    state: State = game(list(players) if players else None)
    state["order"] = list(state["powers"])
    return state


def _acts(state: State, orders: Mapping[str, Sequence[Command]]) -> tuple[Turn, list[tuple[str, str, int]]]:
    """The turn and its influence changes without their causes (test_sentences checks those)."""
    turn, influence = Turn(state["powers"]), report.Influence()
    ordered = {p: orders[p] for p in state["order"] if p in orders}
    diplomacy.acts(state, ordered, influence, turn)
    return turn, [change[:3] for change in influence]


def _told(turn: Turn, power: str) -> list[str]:
    return codes(turn.reports[power])


def _money(state: State, power: str) -> int:
    return int(country(state, power)["money"])


# ---- gifts, undermining, payments ---------------------------------------------------------------
def test_100d_buy_10_points_proportionally_and_75d_with_etiquette() -> None:
    state = _state()
    assert [diplomacy.gift_points(state, RYAZAN, a) for a in (100, 200, 150, 99)] == [10, 20, 15, 9]
    country(state, RYAZAN)["techs"][_tech("etiquette")] = state["turn"] - 1
    assert diplomacy.gift_points(state, RYAZAN, 75) == 10


def test_a_gift_to_a_computer_country_needs_no_consent_and_fills_its_bank() -> None:
    state = _state()
    turn, influence = _acts(state, {RYAZAN: mail(o("gift", power=MUROM, amount=100))})
    assert influence == [(RYAZAN, MUROM, 10)]
    assert _money(state, RYAZAN) == 400 and _money(state, MUROM) == 500
    assert country(state, MUROM)["bank"] == 100
    assert turn.accounts[RYAZAN] == [{"item": "gift", "amount": -100, "note": MUROM}]


def test_a_gift_to_a_player_moves_only_with_its_consent() -> None:
    state = _state()
    turn, influence = _acts(state, {RYAZAN: mail(o("gift", power=KIEV, amount=100))})
    assert influence == [] and _money(state, RYAZAN) == _money(state, KIEV) == 500
    assert "rus_gift_no_consent" in _told(turn, RYAZAN) and "rus_gift_no_consent" in _told(turn, KIEV)
    orders = {RYAZAN: mail(o("gift", power=KIEV, amount=100)), KIEV: mail(o("accept_gift", power=RYAZAN))}
    turn, influence = _acts(state, orders)
    assert influence == [(RYAZAN, KIEV, 10)]
    assert (_money(state, RYAZAN), _money(state, KIEV)) == (400, 600)
    assert country(state, KIEV)["bank"] == 0


def test_the_rulebook_example_ryazan_lowers_vladimirs_influence_on_murom_by_20() -> None:
    state = _state(RYAZAN, CHERNIGOV, VLADIMIR)
    turn, influence = _acts(state, {RYAZAN: mail(o("undermine", power=MUROM, amount=200, rival=VLADIMIR))})
    assert influence == [(VLADIMIR, MUROM, -20)]
    assert _money(state, RYAZAN) == 300 and country(state, MUROM)["bank"] == 200
    assert "rus_undermine_sent" in _told(turn, RYAZAN)


def test_an_undermine_of_a_player_needs_its_consent() -> None:
    state = _state()
    _, influence = _acts(state, {RYAZAN: mail(o("undermine", power=KIEV, amount=200, rival=NOVGOROD))})
    assert influence == [] and _money(state, RYAZAN) == 500


def test_a_payment_moves_money_without_influence_into_a_computer_treasury() -> None:
    state = _state()
    _, influence = _acts(
        state, {RYAZAN: mail(o("pay", power=MUROM, amount=300), o("pay", power=KIEV, amount=50))}
    )
    assert influence == []
    assert (_money(state, RYAZAN), _money(state, MUROM), _money(state, KIEV)) == (150, 800, 550)
    assert country(state, MUROM)["bank"] == 0


def test_money_is_reserved_at_mail_time() -> None:
    state = _state()
    assert problems(state, RYAZAN, o("gift", power=MUROM, amount=300), o("pay", power=KIEV, amount=300)) == [
        "rus_not_enough_money"
    ]
    assert problems(state, MUROM, o("gift", power=RYAZAN, amount=100)) == ["rus_ai_no_diplomacy"]
    assert problems(state, RYAZAN, o("undermine", power=MUROM, amount=100, rival=MUROM)) == [
        "rus_undermine_rival"
    ]


def test_a_gift_the_treasury_no_longer_covers_is_not_made() -> None:
    state = _state()
    setc(state, RYAZAN, money=50)
    turn, influence = _acts(state, {RYAZAN: mail(o("gift", power=MUROM, amount=100))})
    assert influence == [] and _told(turn, RYAZAN) == ["rus_short_of_money"]


# ---- embassies ----------------------------------------------------------------------------------
def test_an_embassy_needs_the_technology_gives_10_once_and_costs_50_a_turn() -> None:
    state = _state()
    assert problems(state, RYAZAN, o("embassy", power=MUROM)) == ["rus_needs_tech"]
    country(state, RYAZAN)["techs"][_tech("embassies")] = 0
    assert problems(state, RYAZAN, o("embassy", power=MUROM)) == []
    turn, influence = _acts(state, {RYAZAN: mail(o("embassy", power=MUROM))})
    assert influence == [(RYAZAN, MUROM, D.embassy)] == [(RYAZAN, MUROM, 10)]
    assert country(state, RYAZAN)["embassies"] == [MUROM]
    assert problems(state, RYAZAN, o("embassy", power=MUROM)) == ["rus_embassy_exists"]
    turn = Turn(state["powers"])
    diplomacy.settle(state, turn)
    assert _money(state, RYAZAN) == 450
    assert turn.accounts[RYAZAN] == [{"item": "embassy", "amount": -50, "note": MUROM}]


def test_an_unpaid_embassy_closes_and_one_may_be_closed_by_order() -> None:
    state = _state()
    setc(state, RYAZAN, money=40, embassies=[MUROM])
    turn = Turn(state["powers"])
    diplomacy.settle(state, turn)
    assert country(state, RYAZAN)["embassies"] == [] and _money(state, RYAZAN) == 40
    assert _told(turn, RYAZAN) == ["rus_embassy_unpaid"]
    setc(state, RYAZAN, embassies=[KIEV])
    assert problems(state, RYAZAN, o("close_embassy", power=MUROM)) == ["rus_no_embassy"]
    _acts(state, {RYAZAN: mail(o("close_embassy", power=KIEV))})
    assert country(state, RYAZAN)["embassies"] == []


# ---- marriages ----------------------------------------------------------------------------------
def test_a_marriage_between_players_needs_both_and_gives_50_each_and_1_stability() -> None:
    state = _state()
    turn, influence = _acts(state, {RYAZAN: mail(o("marriage", power=KIEV))})
    assert influence == [] and _told(turn, RYAZAN) == ["rus_marriage_waits"]
    orders = {RYAZAN: mail(o("marriage", power=KIEV)), KIEV: mail(o("marriage", power=RYAZAN))}
    turn, influence = _acts(state, orders)
    assert influence == [(RYAZAN, KIEV, 50), (KIEV, RYAZAN, 50)]
    assert country(state, RYAZAN)["marriages"] == [KIEV] and country(state, KIEV)["marriages"] == [RYAZAN]
    assert country(state, RYAZAN)["stability"] == country(state, KIEV)["stability"] == 1
    assert [m.code for m in turn.news] == ["rus_news_marriage"]


def test_a_marriage_with_a_computer_country_is_the_players_order_alone() -> None:
    state = _state()
    _, influence = _acts(state, {RYAZAN: mail(o("marriage", power=MUROM))})
    assert influence == [(RYAZAN, MUROM, 50), (MUROM, RYAZAN, 50)]
    assert country(state, MUROM)["stability"] == 0 and country(state, RYAZAN)["stability"] == 1
    assert problems(state, MUROM, o("marriage", power=VLADIMIR)) == ["rus_ai_no_diplomacy"]


def test_a_computer_country_marries_once_a_turn_the_first_in_the_lot_wins() -> None:
    state = _state()
    orders = {RYAZAN: mail(o("marriage", power=MUROM)), KIEV: mail(o("marriage", power=MUROM))}
    turn, _ = _acts(state, orders)
    assert country(state, MUROM)["marriages"] == [RYAZAN]
    assert _told(turn, KIEV) == ["rus_marriage_busy"]


def test_marriage_limits_faith_three_a_game_one_per_partner_one_a_turn_no_enemy() -> None:
    state = _state()
    country(state, MUROM)["religion"] = DATA.religions.christian
    assert problems(state, RYAZAN, o("marriage", power=MUROM)) == ["rus_marriage_religion"]
    assert problems(state, RYAZAN, o("marriage", power=KIEV), o("marriage", power=VLADIMIR)) == [
        "rus_duplicate_order"
    ]
    state["wars"].append([RYAZAN, VLADIMIR])
    assert problems(state, RYAZAN, o("marriage", power=VLADIMIR)) == ["rus_marriage_enemy"]
    for partner in ("Ростов", "Тверь", "Смоленск"):
        _acts(state, {RYAZAN: mail(o("marriage", power=partner))})
        state["turn"] += 1
    assert len(country(state, RYAZAN)["marriages"]) == D.max_marriages == 3
    assert problems(state, RYAZAN, o("marriage", power="Полоцк")) == ["rus_marriage_limit"]
    _acts(state, {RYAZAN: mail(o("divorce", power="Ростов"))})
    assert problems(state, RYAZAN, o("marriage", power="Полоцк")) == ["rus_marriage_limit"]
    assert problems(state, KIEV, o("marriage", power="Ростов")) == []
    assert problems(state, "Ростов", o("divorce", power=RYAZAN)) == ["rus_ai_no_diplomacy"]


def test_one_marriage_per_partner_even_after_a_divorce() -> None:
    state = _state()
    _acts(state, {RYAZAN: mail(o("marriage", power=MUROM))})
    _acts(state, {RYAZAN: mail(o("divorce", power=MUROM))})
    assert problems(state, RYAZAN, o("marriage", power=MUROM)) == ["rus_marriage_again"]


def test_a_divorce_costs_the_initiator_100_influence_and_1_stability() -> None:
    state = _state()
    setc(state, RYAZAN, marriages=[KIEV], stability=1)
    setc(state, KIEV, marriages=[RYAZAN], stability=1)
    assert problems(state, RYAZAN, o("divorce", power=MUROM)) == ["rus_not_married"]
    _, influence = _acts(state, {RYAZAN: mail(o("divorce", power=KIEV))})
    assert influence == [(RYAZAN, KIEV, -100)]
    assert country(state, RYAZAN)["stability"] == 0 and country(state, KIEV)["stability"] == 1
    assert country(state, RYAZAN)["marriages"] == country(state, KIEV)["marriages"] == []


# ---- provinces and technologies -----------------------------------------------------------------
def test_a_province_passes_when_the_receiver_accepts_and_gives_10() -> None:
    state = _state()
    tula = state["provinces"]["Тула"]
    tula["militia"], tula["op"], tula["spec_turn"] = 2, 6, 1
    setc(state, RYAZAN, posts={"Рязань": 7, "Тула": 3})
    state["routes"].append({"caravan": RYAZAN, "province": "Тула", "fair": NOVGOROD, "path": ["Тула"]})
    turn, influence = _acts(state, {RYAZAN: mail(o("cede", province="Тула", power=CHERNIGOV))})
    assert tula["owner"] == RYAZAN and _told(turn, RYAZAN) == ["rus_cede_waits"]
    orders = {
        RYAZAN: mail(o("cede", province="Тула", power=CHERNIGOV)),
        CHERNIGOV: mail(o("accept_province", province="Тула")),
    }
    turn, influence = _acts(state, orders)
    assert influence == [(RYAZAN, CHERNIGOV, 10)]
    assert tula["owner"] == CHERNIGOV and tula["spec_turn"] == 0
    assert (tula["militia"], tula["op"]) == (0, 10)
    assert country(state, RYAZAN)["posts"] == {"Рязань": 10}
    assert state["routes"] == [] and "rus_cede_route_ended" in _told(turn, NOVGOROD)


def test_an_exchange_of_provinces_is_mutual_influence() -> None:
    state = _state()
    orders = {
        RYAZAN: mail(o("cede", province="Тула", power=CHERNIGOV), o("accept_province", province="Мценск")),
        CHERNIGOV: mail(o("cede", province="Мценск", power=RYAZAN), o("accept_province", province="Тула")),
    }
    _, influence = _acts(state, orders)
    assert set(influence) == {(CHERNIGOV, RYAZAN, 10), (RYAZAN, CHERNIGOV, 10)} and len(influence) == 2


def test_cessions_are_checked_players_only_own_not_occupied_not_the_last() -> None:
    state = _state()
    assert problems(state, RYAZAN, o("cede", province="Тула", power=MUROM)) == ["rus_players_only"]
    assert problems(state, RYAZAN, o("cede", province="Мценск", power=KIEV)) == ["rus_not_your_province"]
    state["occupied"]["Тула"] = CHERNIGOV
    assert problems(state, RYAZAN, o("cede", province="Тула", power=KIEV)) == ["rus_cede_occupied"]
    for name in ("Тула", "Пронск"):
        state["provinces"][name]["owner"] = KIEV
    assert problems(state, RYAZAN, o("cede", province="Рязань", power=KIEV)) == ["rus_cede_last"]
    assert problems(state, RYAZAN, o("accept_province", province="Муром")) == ["rus_players_only"]


def test_a_technology_given_to_a_player_gives_10() -> None:
    state = _state()
    tech = _tech("embassies")
    assert problems(state, RYAZAN, o("give_tech", tech=tech, power=KIEV)) == ["rus_give_tech_unknown"]
    country(state, RYAZAN)["techs"][tech] = 0
    assert problems(state, RYAZAN, o("give_tech", tech=tech, power=MUROM)) == ["rus_players_only"]
    _, influence = _acts(state, {RYAZAN: mail(o("give_tech", tech=tech, power=KIEV))})
    assert influence == [(RYAZAN, KIEV, 10)]
    assert country(state, KIEV)["techs"][tech] == state["turn"] and state["learned"][tech] == 1
    assert problems(state, RYAZAN, o("give_tech", tech=tech, power=KIEV)) == ["rus_give_tech_known"]


# ---- the right to vassalise ---------------------------------------------------------------------
def test_influence_200_gives_a_player_the_right_ranked_by_the_lot_and_it_lapses_below() -> None:
    state = _state()
    state["order"] = [KIEV, *(p for p in state["powers"] if p != KIEV)]
    state["influence"][RYAZAN][MUROM] = 199
    state["influence"][MUROM][RYAZAN] = 200  # a computer country is never a suzerain
    diplomacy.rights(state, Turn(state["powers"]))
    assert state["rights"] == {}
    state["influence"][RYAZAN][MUROM] = state["influence"][KIEV][MUROM] = 200
    turn = Turn(state["powers"])
    diplomacy.rights(state, turn)
    assert state["rights"] == {MUROM: {KIEV: 0, RYAZAN: state["order"].index(RYAZAN)}}
    assert _told(turn, RYAZAN) == ["rus_right_gained"]
    assert _told(turn, MUROM) == ["rus_right_over_you", "rus_right_over_you"]
    turn = Turn(state["powers"])
    diplomacy.rights(state, turn)
    assert _told(turn, RYAZAN) == []  # told only the first time
    state["influence"][KIEV][MUROM] = 150
    diplomacy.rights(state, turn)
    assert state["rights"] == {MUROM: {RYAZAN: state["order"].index(RYAZAN)}}


def test_no_right_over_ones_own_suzerain() -> None:
    state = _state()
    state["vassals"][RYAZAN] = KIEV
    state["influence"][RYAZAN][KIEV] = 200
    diplomacy.rights(state, Turn(state["powers"]))
    assert state["rights"] == {}


# ---- demands and fealty -------------------------------------------------------------------------
def test_a_demand_needs_the_right_and_a_target_without_suzerain() -> None:
    state = _state()
    assert problems(state, RYAZAN, o("demand", power=MUROM)) == ["rus_no_right"]
    state["rights"][MUROM] = {RYAZAN: 3}
    assert problems(state, RYAZAN, o("demand", power=MUROM)) == []
    state["vassals"][MUROM] = KIEV
    assert problems(state, RYAZAN, o("demand", power=MUROM)) == ["rus_has_suzerain"]
    assert problems(state, KIEV, o("fealty", power=RYAZAN)) == ["rus_fealty_no_right"]


def test_a_computer_country_cannot_refuse_and_takes_the_best_ranked_claimant() -> None:
    state = _state()
    state["rights"][MUROM] = {RYAZAN: 5, KIEV: 2}
    turn, _ = _acts(state, {RYAZAN: mail(o("demand", power=MUROM)), KIEV: mail(o("demand", power=MUROM))})
    assert state["vassals"] == {MUROM: KIEV}
    assert state["rights"] == {MUROM: {RYAZAN: 5}}  # Kiev's right is used up
    assert _told(turn, RYAZAN) == ["rus_fealty_other"]
    assert "rus_news_vassal" in codes(turn.news)
    assert state.get(diplomacy.PENDING, {}) == {}


def test_fealty_accepted_gives_1_stability_at_the_end_of_the_turn() -> None:
    state = _state()
    state["rights"][KIEV] = {RYAZAN: 0}
    _acts(state, {RYAZAN: mail(o("demand", power=KIEV)), KIEV: mail(o("fealty", power=RYAZAN))})
    assert state["vassals"] == {KIEV: RYAZAN} and state["rights"] == {}
    assert country(state, KIEV)["stability"] == 0  # «в следующий ход»
    diplomacy.settle(state, Turn(state["powers"]))
    assert country(state, KIEV)["stability"] == 1 and diplomacy.PENDING not in state


def test_no_vassal_at_war_with_its_suzerain_a_war_declared_the_same_turn_voids_the_demand() -> None:
    state = _state()
    state["rights"][KIEV] = {RYAZAN: 0}
    orders = {
        RYAZAN: mail(o("war", power=KIEV), o("demand", power=KIEV)),
        KIEV: mail(o("fealty", power=RYAZAN)),
    }
    assert problems(state, RYAZAN, *[(c.name, dict(c.args)) for c in orders[RYAZAN]]) == []
    result = run(state, orders)
    assert result.state["vassals"] == {}
    assert [RYAZAN, KIEV] in result.state["wars"]
    assert "rus_demand_unlawful" in codes(result.reports[RYAZAN])
    state["wars"].append([RYAZAN, KIEV])
    assert problems(state, RYAZAN, o("demand", power=KIEV)) == ["rus_no_right"]


def test_silence_refuses_every_demand_and_costs_1_stability_each() -> None:
    state = _state()
    state["rights"][KIEV] = {RYAZAN: 0, NOVGOROD: 1}
    turn, _ = _acts(state, {RYAZAN: mail(o("demand", power=KIEV)), NOVGOROD: mail(o("demand", power=KIEV))})
    assert state["vassals"] == {}
    assert _told(turn, KIEV) == ["rus_fealty_refused", "rus_fealty_refused"]
    diplomacy.settle(state, Turn(state["powers"]))
    assert country(state, KIEV)["stability"] == -2


def test_fealty_to_one_of_several_claimants_refuses_the_others_for_free() -> None:
    state = _state()
    state["rights"][KIEV] = {RYAZAN: 0, NOVGOROD: 1}
    orders = {
        RYAZAN: mail(o("demand", power=KIEV)),
        NOVGOROD: mail(o("demand", power=KIEV)),
        KIEV: mail(o("fealty", power=NOVGOROD)),
    }
    turn, _ = _acts(state, orders)
    assert state["vassals"] == {KIEV: NOVGOROD}
    assert _told(turn, RYAZAN) == ["rus_fealty_other"]
    diplomacy.settle(state, Turn(state["powers"]))
    assert country(state, KIEV)["stability"] == 1


def test_fealty_to_one_who_did_not_demand_is_a_refusal_of_those_who_did() -> None:
    state = _state()
    state["rights"][KIEV] = {RYAZAN: 0, NOVGOROD: 1}
    orders = {RYAZAN: mail(o("demand", power=KIEV)), KIEV: mail(o("fealty", power=NOVGOROD))}
    turn, _ = _acts(state, orders)
    assert state["vassals"] == {} and "rus_fealty_unmatched" in _told(turn, KIEV)
    diplomacy.settle(state, Turn(state["powers"]))
    assert country(state, KIEV)["stability"] == -1


# ---- renunciation, bank, tribute ----------------------------------------------------------------
def test_renouncing_costs_150_50_contempt_50_on_every_other_and_5_stability() -> None:
    state = _state()
    state["vassals"][KIEV] = RYAZAN
    setc(state, KIEV, stability=3)
    _, influence = _acts(state, {KIEV: mail(o("renounce"))})
    assert state["vassals"] == {} and state["renounced"] == {
        KIEV: {"suzerain": RYAZAN, "turn": state["turn"]}
    }
    assert influence[:2] == [(KIEV, RYAZAN, -150), (RYAZAN, KIEV, -50)]
    others = [p for p in state["powers"] if p not in (KIEV, RYAZAN)]
    assert influence[2:] == [(KIEV, p, -50) for p in others] and len(others) == 14
    assert country(state, KIEV)["stability"] == -2


def test_renouncing_a_suzerain_who_lost_a_war_is_free() -> None:
    state = _state()
    state["vassals"][KIEV] = RYAZAN
    state["defeated"][RYAZAN] = state["turn"] - 1
    turn, influence = _acts(state, {KIEV: mail(o("renounce"))})
    assert influence == [] and country(state, KIEV)["stability"] == 0 and state["vassals"] == {}
    assert "rus_renounced_free" in _told(turn, RYAZAN)


def test_only_a_player_vassal_renounces() -> None:
    state = _state()
    assert problems(state, KIEV, o("renounce")) == ["rus_not_vassal"]
    state["vassals"][MUROM] = RYAZAN
    assert problems(state, MUROM, o("renounce")) == ["rus_ai_no_diplomacy"]


def test_the_suzerain_draws_on_a_computer_vassals_bank_and_is_told_its_size() -> None:
    state = _state()
    state["vassals"][MUROM] = RYAZAN
    country(state, MUROM)["bank"] = 300
    assert problems(state, RYAZAN, o("bank", vassal=MUROM, amount=400)) == ["rus_bank_short"]
    assert problems(state, KIEV, o("bank", vassal=MUROM, amount=100)) == ["rus_not_your_vassal"]
    _acts(state, {RYAZAN: mail(o("bank", vassal=MUROM, amount=100))})
    assert _money(state, RYAZAN) == 600 and country(state, MUROM)["bank"] == 200
    turn = Turn(state["powers"])
    diplomacy.settle(state, turn)
    assert (
        turn.reports[RYAZAN][-1].code == "rus_bank_size" and turn.reports[RYAZAN][-1].params["amount"] == 200
    )


def test_the_tribute_is_a_tenth_of_the_vassals_income_rounded_down() -> None:
    state = _state()
    state["vassals"][KIEV] = RYAZAN
    turn = Turn(state["powers"])
    turn.book(state, KIEV, "taxes", 250)
    turn.book(state, KIEV, "trade", 59)
    turn.book(state, KIEV, "upkeep", -200)
    diplomacy.settle(state, turn)
    assert (_money(state, KIEV), _money(state, RYAZAN)) == (500 + 109 - 30, 530)
    assert turn.accounts[RYAZAN] == [{"item": "tribute", "amount": 30, "note": KIEV}]
