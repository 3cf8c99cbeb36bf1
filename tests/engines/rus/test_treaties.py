"""Section 8: war declarations, peace, the automatic peace (8.3), alliances, the call to arms."""

from __future__ import annotations

from collections.abc import Sequence

from engines.contract import Command
from engines.rus import report, treaties
from engines.rus.report import Turn
from engines.rus.state import State
from engines.rus.world import at_war, druzhina, pair
from tests.engines.helpers import codes, mail, o
from tests.engines.rus.helpers import CHERNIGOV, KIEV, NOVGOROD, RYAZAN, game, problems, run, setc

MUROM, TUROV = "Муром", "Туров"  # computer countries in game()
Orders = dict[str, Sequence[Command]]
Influence = list[tuple[str, str, int]]  # the changes without their causes (test_sentences checks those)


def _acts(state: State, orders: Orders) -> tuple[Influence, Turn]:
    influence: report.Influence = []
    turn = Turn(state["powers"])
    treaties.acts(state, orders, influence, turn)
    return [change[:3] for change in influence], turn


def _autopeace(state: State, orders: Orders | None = None) -> tuple[Influence, Turn]:
    influence: report.Influence = []
    turn = Turn(state["powers"])
    treaties.autopeace(state, orders or {}, influence, turn)
    return [change[:3] for change in influence], turn


def _ally(state: State, a: str, b: str) -> None:
    state["alliances"].append(pair(state, a, b))


def _war(state: State, a: str, b: str) -> None:
    state["wars"].append(pair(state, a, b))


def _occupy(state: State, occupier: str, *provinces: str) -> None:
    for province in provinces:
        state["occupied"][province] = occupier


# ---- war ---------------------------------------------------------------------------------------------
def test_war_costs_150_and_the_ally_joins_with_its_own_150() -> None:
    state = game()
    _ally(state, RYAZAN, NOVGOROD)
    influence, turn = _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert influence == [(RYAZAN, CHERNIGOV, -150), (NOVGOROD, CHERNIGOV, -150)]
    assert at_war(state, RYAZAN, CHERNIGOV) and at_war(state, NOVGOROD, CHERNIGOV)
    assert "rus_treaty_news_war" in codes(turn.news) and "rus_treaty_news_war_sides" in codes(turn.news)


def test_war_on_a_vassal_reaches_its_suzerain_the_other_vassals_and_the_suzerains_ally() -> None:
    state = game()
    state["vassals"].update({MUROM: KIEV, TUROV: KIEV})
    _ally(state, KIEV, NOVGOROD)
    influence, _ = _acts(state, {RYAZAN: mail(o("war", power=MUROM))})
    for enemy in (MUROM, KIEV, TUROV, NOVGOROD):
        assert at_war(state, RYAZAN, enemy), enemy
    assert not at_war(state, CHERNIGOV, RYAZAN)
    assert influence == [(RYAZAN, MUROM, -150)]


def test_an_attacked_countrys_ally_that_leaves_stays_out_without_a_refusal_bonus() -> None:
    state = game()
    _ally(state, CHERNIGOV, NOVGOROD)
    influence, _ = _acts(
        state,
        {RYAZAN: mail(o("war", power=CHERNIGOV)), NOVGOROD: mail(o("leave_alliance", power=CHERNIGOV))},
    )
    assert at_war(state, RYAZAN, CHERNIGOV) and not at_war(state, RYAZAN, NOVGOROD)
    assert (NOVGOROD, CHERNIGOV, -100) in influence and state["alliances"] == []
    assert not any(delta == 10 for _, _, delta in influence)


def test_leaving_to_refuse_the_allys_war_costs_100_and_gains_10_on_the_attacked() -> None:
    state = game()
    _ally(state, RYAZAN, NOVGOROD)
    influence, turn = _acts(
        state,
        {RYAZAN: mail(o("war", power=CHERNIGOV)), NOVGOROD: mail(o("leave_alliance", power=RYAZAN))},
    )
    assert influence == [(NOVGOROD, RYAZAN, -100), (NOVGOROD, CHERNIGOV, 10), (RYAZAN, CHERNIGOV, -150)]
    assert not at_war(state, NOVGOROD, CHERNIGOV) and state["alliances"] == []
    assert "rus_treaty_refused_war" in codes(turn.reports[NOVGOROD])


def test_an_ally_friendly_to_the_attacked_stays_out() -> None:
    state = game()
    _ally(state, RYAZAN, NOVGOROD)
    state["vassals"][CHERNIGOV] = NOVGOROD  # Novgorod is Chernigov's suzerain: on both sides
    setc(state, RYAZAN, stability=0)
    _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert at_war(state, RYAZAN, CHERNIGOV) and not at_war(state, RYAZAN, NOVGOROD)


def test_war_breaks_marriage_and_trade_without_influence() -> None:
    state = game()
    setc(state, RYAZAN, marriages=[CHERNIGOV], stability=0)
    setc(state, CHERNIGOV, marriages=[RYAZAN])
    state["routes"] = [
        {"caravan": RYAZAN, "province": "Пронск", "fair": CHERNIGOV, "path": ["Пронск", "Мценск"]},
        {"caravan": RYAZAN, "province": "Тула", "fair": NOVGOROD, "path": ["Тула"]},
    ]
    influence, _ = _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert state["countries"][RYAZAN]["marriages"] == [] and state["countries"][CHERNIGOV]["marriages"] == []
    assert [r["fair"] for r in state["routes"]] == [NOVGOROD]
    assert influence == [(RYAZAN, CHERNIGOV, -150)]
    assert state["countries"][RYAZAN]["stability"] == -2  # «состоящему в династическом родстве»


def test_breaking_trade_together_with_a_declaration_of_war_costs_no_extra_influence() -> None:
    state = game()
    state["routes"] = [
        {"caravan": RYAZAN, "province": "Пронск", "fair": CHERNIGOV, "path": ["Пронск", "Мценск"]},
        {"caravan": RYAZAN, "province": "Тула", "fair": NOVGOROD, "path": ["Тула"]},
    ]
    orders = {RYAZAN: mail(o("cancel_trade", province="Пронск"), o("war", power=CHERNIGOV))}
    assert problems(state, RYAZAN, o("cancel_trade", province="Пронск"), o("war", power=CHERNIGOV)) == []
    after = run(state, orders).state
    assert after["influence"][RYAZAN][CHERNIGOV] == -150  # not −190: «без объявления войны» only
    alone = run(state, {RYAZAN: mail(o("cancel_trade", province="Тула"))}).state
    assert alone["influence"][RYAZAN][NOVGOROD] == -40


def test_christian_on_christian_costs_1_and_married_christians_only_the_worse_2() -> None:
    state = game()
    for power in (RYAZAN, CHERNIGOV, NOVGOROD):
        setc(state, power, religion="Христианство", stability=0)
    setc(state, RYAZAN, marriages=[NOVGOROD])
    _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert state["countries"][RYAZAN]["stability"] == -1
    setc(state, RYAZAN, stability=0)
    _acts(state, {RYAZAN: mail(o("war", power=NOVGOROD))})
    assert state["countries"][RYAZAN]["stability"] == -2


def test_a_pagan_war_costs_no_stability() -> None:
    state = game()
    setc(state, RYAZAN, stability=1)
    setc(state, CHERNIGOV, religion="Христианство")
    _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert state["countries"][RYAZAN]["stability"] == 1


def test_a_suzerain_declaring_on_its_vassal_loses_2_and_the_bond() -> None:
    state = game()
    state["vassals"][CHERNIGOV] = RYAZAN
    setc(state, RYAZAN, stability=0)
    _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert state["countries"][RYAZAN]["stability"] == -2
    assert state["vassals"] == {} and at_war(state, RYAZAN, CHERNIGOV)


def test_war_checks() -> None:
    state = game()
    state["vassals"][RYAZAN] = CHERNIGOV
    _war(state, RYAZAN, KIEV)
    _ally(state, RYAZAN, NOVGOROD)
    assert problems(state, RYAZAN, o("war", power=RYAZAN)) == ["rus_treaty_check_war_self"]
    assert problems(state, RYAZAN, o("war", power=KIEV)) == ["rus_treaty_check_war_already"]
    assert problems(state, RYAZAN, o("war", power=CHERNIGOV)) == ["rus_treaty_check_war_suzerain"]
    assert problems(state, MUROM, o("war", power=RYAZAN)) == ["rus_treaty_check_war_ai"]
    assert problems(state, RYAZAN, o("war", power=NOVGOROD)) == ["rus_treaty_check_war_ally"]
    assert problems(state, RYAZAN, o("leave_alliance", power=NOVGOROD), o("war", power=NOVGOROD)) == []
    del state["vassals"][RYAZAN]
    state["renounced"][RYAZAN] = {"suzerain": CHERNIGOV, "turn": 1}
    assert problems(state, RYAZAN, o("war", power=CHERNIGOV)) == ["rus_treaty_check_war_renounced"]
    state["turn"] = 2
    assert problems(state, RYAZAN, o("war", power=CHERNIGOV)) == []


def test_a_declaration_on_an_enemy_already_is_refused_at_resolution() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    influence, turn = _acts(state, {RYAZAN: mail(o("war", power=CHERNIGOV))})
    assert influence == [] and "rus_treaty_war_already" in codes(turn.reports[RYAZAN])


# ---- peace -------------------------------------------------------------------------------------------
def test_white_peace_between_players_needs_both_and_gives_10_each_and_1_stability() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _occupy(state, RYAZAN, "Мценск")
    setc(state, RYAZAN, stability=0)
    setc(state, CHERNIGOV, stability=0)
    influence, turn = _acts(state, {RYAZAN: mail(o("peace", power=CHERNIGOV))})
    assert at_war(state, RYAZAN, CHERNIGOV) and influence == []
    assert "rus_treaty_peace_offered" in codes(turn.reports[CHERNIGOV])
    influence, _ = _acts(
        state,
        {RYAZAN: mail(o("peace", power=CHERNIGOV)), CHERNIGOV: mail(o("peace", power=RYAZAN, terms="Белый"))},
    )
    assert not at_war(state, RYAZAN, CHERNIGOV) and state["occupied"] == {}
    assert influence == [(RYAZAN, CHERNIGOV, 10), (CHERNIGOV, RYAZAN, 10)]
    assert state["countries"][RYAZAN]["stability"] == 1 and state["countries"][CHERNIGOV]["stability"] == 1


def test_unequal_peace_gives_the_victor_40_and_frees_the_losers_computer_vassals() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    state["vassals"][TUROV] = CHERNIGOV
    influence, turn = _acts(
        state,
        {
            RYAZAN: mail(o("peace", power=CHERNIGOV, terms="Победа")),
            CHERNIGOV: mail(o("peace", power=RYAZAN, terms="Поражение")),
        },
    )
    assert influence == [(RYAZAN, CHERNIGOV, 40)]
    assert state["defeated"] == {CHERNIGOV: 1} and state["vassals"] == {}
    assert "rus_treaty_news_unequal_peace" in codes(turn.news)


def test_mismatched_terms_make_no_peace() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    influence, turn = _acts(
        state,
        {
            RYAZAN: mail(o("peace", power=CHERNIGOV, terms="Победа")),
            CHERNIGOV: mail(o("peace", power=RYAZAN, terms="Белый")),
        },
    )
    assert at_war(state, RYAZAN, CHERNIGOV) and influence == []
    assert codes(turn.reports[RYAZAN]) == codes(turn.reports[CHERNIGOV]) == ["rus_treaty_peace_mismatch"]


def test_a_computer_country_accepts_a_white_peace_at_once() -> None:
    state = game()
    _war(state, RYAZAN, MUROM)
    influence, _ = _acts(state, {RYAZAN: mail(o("peace", power=MUROM))})
    assert not at_war(state, RYAZAN, MUROM)
    assert influence == [(RYAZAN, MUROM, 10), (MUROM, RYAZAN, 10)]
    assert problems(state, RYAZAN, o("peace", power=MUROM)) == ["rus_treaty_check_not_enemy"]
    _war(state, RYAZAN, MUROM)
    assert problems(state, RYAZAN, o("peace", power=MUROM, terms="Победа")) == ["rus_treaty_check_ai_white"]


def test_a_computer_vassal_makes_peace_only_with_its_suzerain() -> None:
    state = game()
    state["vassals"][MUROM] = KIEV
    _war(state, RYAZAN, MUROM)
    _war(state, RYAZAN, KIEV)
    _acts(state, {RYAZAN: mail(o("peace", power=MUROM))})
    assert at_war(state, RYAZAN, MUROM)
    _acts(
        state,
        {RYAZAN: mail(o("peace", power=MUROM), o("peace", power=KIEV)), KIEV: mail(o("peace", power=RYAZAN))},
    )
    assert state["wars"] == []


def test_peace_while_the_ally_fights_on_leaves_the_alliance() -> None:
    state = game()
    _ally(state, RYAZAN, NOVGOROD)
    _war(state, RYAZAN, CHERNIGOV)
    _war(state, NOVGOROD, CHERNIGOV)
    influence, _ = _acts(
        state, {RYAZAN: mail(o("peace", power=CHERNIGOV)), CHERNIGOV: mail(o("peace", power=RYAZAN))}
    )
    assert state["alliances"] == [] and at_war(state, NOVGOROD, CHERNIGOV)
    assert influence[2:] == [(RYAZAN, NOVGOROD, -100), (RYAZAN, CHERNIGOV, 10)]


# ---- alliances ---------------------------------------------------------------------------------------
def test_an_alliance_needs_both_and_gives_30_each() -> None:
    state = game()
    influence, turn = _acts(state, {RYAZAN: mail(o("alliance", power=NOVGOROD))})
    assert state["alliances"] == [] and influence == []
    assert "rus_treaty_alliance_offered" in codes(turn.reports[NOVGOROD])
    influence, turn = _acts(
        state, {RYAZAN: mail(o("alliance", power=NOVGOROD)), NOVGOROD: mail(o("alliance", power=RYAZAN))}
    )
    assert state["alliances"] == [[RYAZAN, NOVGOROD]]
    assert influence == [(RYAZAN, NOVGOROD, 30), (NOVGOROD, RYAZAN, 30)]
    assert codes(turn.news) == ["rus_treaty_news_alliance"]


def test_alliance_checks() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _ally(state, RYAZAN, KIEV)
    assert problems(state, RYAZAN, o("alliance", power=MUROM)) == ["rus_treaty_check_alliance_player"]
    assert problems(state, MUROM, o("alliance", power=RYAZAN)) == ["rus_treaty_check_alliance_ai"]
    assert problems(state, RYAZAN, o("alliance", power=CHERNIGOV)) == ["rus_treaty_check_alliance_enemy"]
    assert problems(state, RYAZAN, o("alliance", power=KIEV)) == ["rus_treaty_check_alliance_exists"]
    assert problems(state, RYAZAN, o("leave_alliance", power=NOVGOROD)) == ["rus_treaty_check_no_alliance"]
    assert problems(state, RYAZAN, o("alliance", power=NOVGOROD), o("leave_alliance", power=KIEV)) == []


# ---- the call to arms --------------------------------------------------------------------------------
def test_a_called_vassal_joins_its_suzerains_wars_and_raises_militia() -> None:
    state = game()
    state["vassals"][MUROM] = RYAZAN
    _war(state, RYAZAN, CHERNIGOV)
    orders: Orders = {RYAZAN: mail(o("call", vassal=MUROM, province="Муром"))}
    _acts(state, orders)
    assert at_war(state, MUROM, CHERNIGOV)
    turn = Turn(state["powers"])
    treaties.levies(state, orders, turn)
    assert state["provinces"]["Муром"]["militia"] == 2 and state["provinces"]["Муром"]["op"] == 5
    assert "rus_treaty_levy" in codes(turn.reports[RYAZAN])


def test_call_checks() -> None:
    state = game()
    state["vassals"][MUROM] = RYAZAN
    assert problems(state, RYAZAN, o("call", vassal=TUROV)) == ["rus_treaty_check_not_vassal"]
    assert problems(state, RYAZAN, o("call", vassal=MUROM, province="Тула")) == [
        "rus_treaty_check_call_province"
    ]
    assert problems(state, RYAZAN, o("call", vassal=MUROM, province="Муром")) == []


# ---- the automatic peace -----------------------------------------------------------------------------
def test_autopeace_makes_the_loser_a_vassal_by_default() -> None:
    state = game()
    _war(state, RYAZAN, MUROM)
    _occupy(state, RYAZAN, "Муром")
    influence, turn = _autopeace(state)
    assert state["vassals"] == {MUROM: RYAZAN} and state["wars"] == [] and state["occupied"] == {}
    assert influence == [(RYAZAN, MUROM, 40)] and state["defeated"] == {MUROM: 1}
    assert "rus_treaty_news_vassal" in codes(turn.news)


def test_autopeace_needs_every_province_taken() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _occupy(state, RYAZAN, "Мценск", "Козельск")
    _autopeace(state)
    assert state["wars"] == [[RYAZAN, CHERNIGOV]] and state["vassals"] == {}


def test_autopeace_annexes_a_one_province_country_bordering_the_winner() -> None:
    state = game()
    _war(state, RYAZAN, MUROM)
    _occupy(state, RYAZAN, "Муром")
    _autopeace(state, {RYAZAN: mail(o("terms", power=MUROM, outcome="Аннексия"))})
    assert state["provinces"]["Муром"]["owner"] == RYAZAN and state["vassals"] == {}
    assert druzhina(state, MUROM) == 0 and state["wars"] == []


def test_annexing_a_larger_country_makes_it_a_vassal_instead() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _occupy(state, RYAZAN, "Чернигов", "Мценск", "Козельск")
    _autopeace(state, {RYAZAN: mail(o("terms", power=CHERNIGOV, outcome="Аннексия"))})
    assert state["vassals"] == {CHERNIGOV: RYAZAN}
    assert [p for p, x in state["provinces"].items() if x["owner"] == CHERNIGOV] == [
        "Чернигов",
        "Мценск",
        "Козельск",
    ]


def test_cession_takes_named_bordering_provinces_and_never_the_capital() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _war(state, KIEV, CHERNIGOV)
    _ally(state, CHERNIGOV, NOVGOROD)
    _occupy(state, RYAZAN, "Чернигов", "Мценск")
    _occupy(state, KIEV, "Козельск")
    state["provinces"]["Мценск"].update(militia=3, op=7, spec_turn=1)
    setc(state, CHERNIGOV, posts={"Чернигов": 6, "Мценск": 4})
    state["routes"] = [{"caravan": CHERNIGOV, "province": "Мценск", "fair": NOVGOROD, "path": ["Мценск"]}]
    orders: Orders = {
        RYAZAN: mail(o("terms", power=CHERNIGOV, outcome="Уступки", provinces="Мценск Чернигов"))
    }
    influence, _ = _autopeace(state, orders)
    mtsensk = state["provinces"]["Мценск"]
    assert mtsensk["owner"] == RYAZAN and mtsensk["spec_turn"] == 0 and mtsensk["militia"] == 0
    assert mtsensk["op"] == 13
    assert state["provinces"]["Чернигов"]["owner"] == state["provinces"]["Козельск"]["owner"] == CHERNIGOV
    assert state["countries"][CHERNIGOV]["posts"] == {"Чернигов": 10} and state["routes"] == []
    assert state["wars"] == [] and state["occupied"] == {} and state["alliances"] == []
    assert influence == [(RYAZAN, CHERNIGOV, 40)] and state["vassals"] == {}


def test_cession_without_names_takes_every_bordering_province() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _occupy(state, RYAZAN, "Чернигов", "Мценск", "Козельск")
    _autopeace(state, {RYAZAN: mail(o("terms", power=CHERNIGOV, outcome="Уступки"))})
    owners = {p: state["provinces"][p]["owner"] for p in ("Чернигов", "Мценск", "Козельск")}
    assert owners == {"Чернигов": CHERNIGOV, "Мценск": RYAZAN, "Козельск": RYAZAN}


def test_cession_of_only_the_capital_makes_a_vassal() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    _occupy(state, RYAZAN, "Чернигов", "Мценск", "Козельск")
    _autopeace(state, {RYAZAN: mail(o("terms", power=CHERNIGOV, outcome="Уступки", provinces="Чернигов"))})
    assert state["provinces"]["Чернигов"]["owner"] == CHERNIGOV and state["vassals"] == {CHERNIGOV: RYAZAN}


def test_a_computer_winner_takes_no_vassal_but_a_white_peace() -> None:
    state = game()
    _war(state, RYAZAN, MUROM)
    _occupy(state, MUROM, "Рязань", "Тула", "Пронск")
    influence, _ = _autopeace(state)
    assert state["vassals"] == {} and state["wars"] == [] and state["occupied"] == {}
    assert influence == [(MUROM, RYAZAN, 10), (RYAZAN, MUROM, 10)] and state["defeated"] == {}


def test_terms_checks() -> None:
    state = game()
    _war(state, RYAZAN, CHERNIGOV)
    assert problems(state, RYAZAN, o("terms", power=KIEV, outcome="Вассалитет")) == [
        "rus_treaty_check_not_enemy"
    ]
    assert problems(state, RYAZAN, o("terms", power=CHERNIGOV, outcome="Уступки", provinces="Тула")) == [
        "rus_treaty_check_not_theirs"
    ]
    assert problems(state, RYAZAN, o("terms", power=CHERNIGOV, outcome="Уступки", provinces="Мценск")) == []


def test_war_on_poland_or_hungary_is_refused_in_words() -> None:
    assert problems(game(), RYAZAN, o("war", power="Польша")) == ["rus_treaty_check_war_party"]
    assert problems(game(), RYAZAN, o("war", power="Венгрия")) == ["rus_treaty_check_war_party"]


def test_no_trade_agreement_with_the_country_the_same_mail_declares_war_on() -> None:
    lines = (o("war", power="Муром"), o("trade", province="Рязань", partner="Муром"))
    assert problems(game(), RYAZAN, *lines) == ["rus_trade_war"]
