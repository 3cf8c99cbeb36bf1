"""Section 5: ranges of a march, the worked battle of 5.2 played through a real march, retreats,
occupation and plunder, the automatic militia, boats, a joint army, the order checks and raids."""

from __future__ import annotations

from engines.contract import Command
from engines.rus import RULESET
from engines.rus.report import Turn
from engines.rus.state import State
from engines.rus.war import campaign, raid
from engines.rus.world import add_war, druzhina, pair
from engines.text import Msg
from tests.engines.helpers import mail, o
from tests.engines.rus.helpers import CHERNIGOV, NOVGOROD, RYAZAN, game, problems, run, seed_where, setc

MUROM = "Муром"
NEUTRAL = "Собирательство"  # neither forest nor field: no terrain modifier


def at_war() -> State:
    state: State = game()
    add_war(state, RYAZAN, CHERNIGOV)
    return state


def place(state: State, power: str, posts: dict[str, int]) -> None:
    setc(state, power, posts=dict(posts))


def march(province: str, druzhina: int, militia: int, path: str) -> tuple[str, dict[str, int | str]]:
    return o("march", province=province, druzhina=druzhina, militia=militia, path=path)


def fight(state: State, orders: dict[str, list[Command]]) -> Turn:
    turn = Turn(state["powers"])
    campaign(state, orders, turn)
    return turn


def logged(turn: Turn, code: str) -> list[Msg]:
    return [m for m in turn.gm_log if m.code == code]


# ---- 5.1: how far ---------------------------------------------------------------------------------
def test_militia_reaches_only_the_neighbouring_province() -> None:
    state = at_war()
    state["provinces"]["Рязань"]["militia"] = 3
    assert problems(state, RYAZAN, march("Рязань", 0, 3, "Мценск")) == []
    assert problems(state, RYAZAN, march("Рязань", 0, 3, "Тула Козельск")) == ["rus_war_militia_too_far"]


def test_druzhina_reaches_kozelsk_but_not_chernigov_without_cavalry() -> None:
    state = at_war()
    assert problems(state, RYAZAN, march("Рязань", 10, 0, "Тула Козельск")) == []
    assert problems(state, RYAZAN, march("Рязань", 10, 0, "Тула Козельск Чернигов")) == ["rus_war_too_far"]
    setc(state, RYAZAN, tactic="Конница")
    assert problems(state, RYAZAN, march("Рязань", 10, 0, "Рязань - Тула - Козельск - Чернигов")) == []


# ---- order checks --------------------------------------------------------------------------------
def test_no_march_through_neutral_land() -> None:
    state = game()
    assert problems(state, RYAZAN, march("Рязань", 10, 0, "Мценск")) == ["rus_war_neutral_land"]


def test_war_declared_earlier_in_the_mail_opens_the_way() -> None:
    state = game()
    assert problems(state, RYAZAN, o("war", power=CHERNIGOV), march("Рязань", 10, 0, "Мценск")) == []


def test_not_enough_men_and_not_the_same_men_twice() -> None:
    state = at_war()
    assert problems(state, RYAZAN, march("Рязань", 11, 0, "Тула")) == ["rus_war_not_enough_druzhina"]
    assert problems(state, RYAZAN, march("Рязань", 6, 0, "Тула"), march("Рязань", 5, 0, "Мценск")) == [
        "rus_war_not_enough_druzhina"
    ]
    assert problems(state, RYAZAN, march("Рязань", 0, 0, "Тула")) == ["rus_war_no_men"]
    assert problems(state, RYAZAN, march("Рязань", 5, 0, "Тула Рязань Тула")) == ["rus_war_too_far"]


def test_militia_of_a_levy_earlier_in_the_mail() -> None:
    state = at_war()  # Рязань 15 ОП: МОБИЛИЗАЦИЯ gives 7 ОП for 3 men
    assert problems(state, RYAZAN, o("mobilise", province="Рязань"), march("Рязань", 0, 3, "Мценск")) == []
    assert problems(state, RYAZAN, march("Рязань", 0, 3, "Мценск")) == ["rus_war_not_enough_militia"]
    assert problems(state, RYAZAN, o("mobilise", province="Рязань"), march("Рязань", 0, 4, "Мценск")) == [
        "rus_war_not_enough_militia"
    ]


def test_path_must_be_neighbours_and_names() -> None:
    state = at_war()
    assert problems(state, RYAZAN, march("Рязань", 5, 0, "Козельск")) == ["rus_war_not_neighbour"]
    assert problems(state, RYAZAN, march("Рязань", 5, 0, "Тмутаракань")) == ["rus_war_bad_path"]


def test_computer_country_does_not_attack() -> None:
    state = game()
    add_war(state, MUROM, RYAZAN)
    assert problems(state, MUROM, march("Муром", 5, 0, "Рязань")) == ["rus_war_ai_defensive"]


def test_boats_need_shipbuilding_and_water() -> None:
    state = at_war()
    boats = o("boats", province="Рязань", druzhina=5, militia=0, target="Чернигов")
    assert problems(state, RYAZAN, boats) == ["rus_war_needs_boats"]
    setc(state, RYAZAN, techs={"Кораблестроение": 0})
    assert problems(state, RYAZAN, boats) == []
    dry = o("boats", province="Рязань", druzhina=5, militia=0, target="Тула")
    assert problems(state, RYAZAN, dry) == ["rus_war_no_water"]


def test_a_vassal_without_allies_is_offered_the_loan_to_its_suzerain() -> None:
    state = game()
    assert "lend" not in [c.name for c in RULESET.open_commands(state, CHERNIGOV, "orders")]
    state["vassals"][CHERNIGOV] = RYAZAN
    assert "lend" in [c.name for c in RULESET.open_commands(state, CHERNIGOV, "orders")]
    assert problems(state, CHERNIGOV, o("lend", commander=RYAZAN, province="Чернигов", count=5)) == []


def test_lend_only_to_an_ally() -> None:
    state = at_war()
    lend = o("lend", commander=RYAZAN, province="Новгород", count=5)
    assert problems(state, NOVGOROD, lend) == ["rus_war_lend_not_ally"]
    state["alliances"].append(pair(state, RYAZAN, NOVGOROD))
    assert problems(state, NOVGOROD, lend) == []
    assert problems(state, NOVGOROD, o("lend", commander=RYAZAN, province="Новгород", count=11)) == [
        "rus_war_not_enough_druzhina"
    ]


# ---- 5.2: the worked battle ----------------------------------------------------------------------
def worked_battle() -> State:
    """10 (п) + 5 (о) of Рязань from Тула against 7 (п) + 12 (о) of Чернигов in Мценск."""
    state = at_war()
    place(state, RYAZAN, {"Тула": 10})
    place(state, CHERNIGOV, {"Мценск": 7, "Чернигов": 3})
    state["provinces"]["Тула"]["militia"] = 5
    mtsensk = state["provinces"]["Мценск"]
    mtsensk["militia"], mtsensk["spec"] = 12, NEUTRAL
    return state


def test_worked_battle_defender_wins_15_against_19() -> None:
    state = worked_battle()
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 5, "Мценск"))})
    assert [m.params["points"] for m in logged(turn, "rus_war_attack_points")] == [15]
    assert [m.params["points"] for m in logged(turn, "rus_war_defence_points")] == [19]
    cell = logged(turn, "rus_war_cell")[0].params
    assert (cell["attack_range"], cell["defence_range"], cell["winner"]) == ("13–15", "17–20", CHERNIGOV)
    assert (cell["attack_loss"], cell["defence_loss"]) == (7, 5)
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 8}  # 8 (п) fell back where they came from
    assert state["provinces"]["Тула"]["militia"] == 0  # all 5 (о) died
    assert state["countries"][CHERNIGOV]["posts"]["Мценск"] == 7
    assert state["provinces"]["Мценск"]["militia"] == 7
    assert state["battles"] == ["Мценск"] and state["occupied"] == {}
    assert [m.code for m in turn.news] == ["rus_news_battle"]
    assert "rus_war_you_lost" in [m.code for m in turn.reports[CHERNIGOV]]  # a sentence to the player
    assert "rus_war_loss" not in [m.code for m in turn.reports[CHERNIGOV]]  # the arithmetic to the GM
    assert logged(turn, "rus_war_loss")


def test_worked_battle_with_tactics_17_against_19() -> None:
    """Рязань «Лучники» +25% against «Копейщики»: 17.5 → 17, still lost, 7/7 losses."""
    state = worked_battle()
    setc(state, RYAZAN, tactic="Лучники")
    setc(state, CHERNIGOV, tactic="Копейщики")
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 5, "Мценск"))})
    assert logged(turn, "rus_war_attack_points")[0].params["points"] == 17
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 8}
    assert state["provinces"]["Мценск"]["militia"] == 5


# ---- 5.1: retreats, transit, occupation ----------------------------------------------------------
def test_lost_battle_in_kozelsk_retreats_to_tula() -> None:
    state = at_war()
    place(state, CHERNIGOV, {"Козельск": 20})
    turn = fight(state, {RYAZAN: mail(march("Рязань", 10, 0, "Тула Козельск"))})
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 3}  # 10 against 20: "D 7/4"
    assert state["countries"][CHERNIGOV]["posts"] == {"Козельск": 16}
    assert logged(turn, "rus_war_retreat")[0].params["to"] == "Тула"


def test_lost_battle_in_chernigov_destroys_the_army() -> None:
    """Cavalry through Козельск (its militia called up and beaten: a transit win takes nothing),
    then beaten at Чернигов, whence no road leads to a friend: the army is lost."""
    state = at_war()
    setc(state, RYAZAN, tactic="Конница")
    place(state, CHERNIGOV, {"Чернигов": 20})
    turn = fight(state, {RYAZAN: mail(march("Рязань", 10, 0, "Тула Козельск Чернигов"))})
    assert logged(turn, "rus_war_call_up")[0].params == {"province": "Козельск", "militia": 2, "op": 5}
    assert state["battles"] == ["Козельск", "Чернигов"]
    assert "Козельск" not in state["occupied"] and state["provinces"]["Козельск"]["op"] == 5
    assert druzhina(state, RYAZAN) == 0 and state["countries"][RYAZAN]["posts"] == {}
    assert logged(turn, "rus_war_destroyed")[0].params["druzhina"] == 2


def test_destination_win_occupies_and_plunders() -> None:
    state = at_war()
    place(state, CHERNIGOV, {"Козельск": 1, "Чернигов": 9})
    money = state["countries"][RYAZAN]["money"]
    turn = fight(state, {RYAZAN: mail(march("Рязань", 10, 0, "Тула Козельск"))})
    assert state["occupied"] == {"Козельск": RYAZAN}
    assert state["provinces"]["Козельск"]["op"] == 7  # 10 − ⌈2.5⌉
    assert state["countries"][RYAZAN]["money"] == money + 150
    assert turn.accounts[RYAZAN] == [{"item": "plunder", "amount": 150, "note": "Козельск"}]
    assert state["countries"][CHERNIGOV]["stability"] == -1
    assert state["countries"][RYAZAN]["posts"] == {"Козельск": 9}  # "A 1/2"
    assert state["countries"][CHERNIGOV]["posts"] == {"Чернигов": 9}
    assert {m.code for m in turn.news} >= {"rus_news_captured", "rus_news_plundered"}


def test_plundered_capital_costs_two_stability() -> None:
    state = at_war()
    place(state, RYAZAN, {"Козельск": 10})
    place(state, CHERNIGOV, {"Чернигов": 1, "Мценск": 9})
    fight(state, {RYAZAN: mail(march("Козельск", 10, 0, "Чернигов"))})
    assert state["occupied"] == {"Чернигов": RYAZAN}
    assert state["provinces"]["Чернигов"]["op"] == 7
    assert state["countries"][CHERNIGOV]["stability"] == -2


def test_march_into_own_land_just_moves() -> None:
    state = at_war()
    turn = fight(state, {RYAZAN: mail(march("Рязань", 4, 0, "Тула"))})
    assert state["countries"][RYAZAN]["posts"] == {"Рязань": 6, "Тула": 4}
    assert state["battles"] == [] and logged(turn, "rus_war_arrived")


def test_liberation_ends_the_occupation() -> None:
    state = at_war()
    state["occupied"]["Тула"] = CHERNIGOV
    fight(state, {RYAZAN: mail(march("Рязань", 5, 0, "Тула"))})
    assert state["occupied"] == {} and state["battles"] == []
    assert state["countries"][RYAZAN]["posts"] == {"Рязань": 5, "Тула": 5}


def test_driving_the_enemy_out_of_a_neutrals_province_frees_it_without_capture_or_plunder() -> None:
    state = at_war()  # Рязань and Чернигов; Владимир (owner of Москва) is at peace with both
    state["occupied"]["Москва"] = CHERNIGOV
    place(state, CHERNIGOV, {"Москва": 2, "Чернигов": 8})
    money, op = state["countries"][RYAZAN]["money"], state["provinces"]["Москва"]["op"]
    turn = fight(state, {RYAZAN: mail(march("Рязань", 10, 0, "Тула Москва"))})
    assert logged(turn, "rus_war_battle") and "Москва" not in state["occupied"]
    assert state["countries"][RYAZAN]["money"] == money and state["provinces"]["Москва"]["op"] == op
    assert not logged(turn, "rus_war_captured") and logged(turn, "rus_war_liberated")


# ---- the automatic militia -----------------------------------------------------------------------
def test_automatic_militia_in_an_empty_province() -> None:
    state = at_war()
    place(state, RYAZAN, {"Тула": 10})
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 0, "Мценск"))})
    assert logged(turn, "rus_war_call_up")[0].params == {"province": "Мценск", "militia": 2, "op": 5}
    assert state["occupied"] == {"Мценск": RYAZAN}
    assert state["provinces"]["Мценск"]["op"] == 3  # 10 − 5 for the levy, then − ⌈5/4⌉
    assert state["provinces"]["Мценск"]["militia"] == 0


def test_automatic_militia_under_the_militia_policy() -> None:
    state = at_war()
    setc(state, CHERNIGOV, policy="Ополчение")
    place(state, RYAZAN, {"Тула": 10})
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 0, "Мценск"))})
    assert logged(turn, "rus_war_call_up")[0].params["militia"] == 3  # 5 ОП at 1.5 a man


def test_no_militia_in_a_revolting_province() -> None:
    state = at_war()
    state["revolts"] = ["Мценск"]
    place(state, RYAZAN, {"Тула": 10})
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 0, "Мценск"))})
    assert not logged(turn, "rus_war_call_up") and state["battles"] == []
    assert state["occupied"] == {"Мценск": RYAZAN}


# ---- boats, joint armies, vassals ----------------------------------------------------------------
def test_boat_landing_lost_is_destroyed() -> None:
    state = at_war()
    setc(state, RYAZAN, techs={"Кораблестроение": 0})
    place(state, RYAZAN, {"Рязань": 12})
    place(state, CHERNIGOV, {"Чернигов": 20})
    turn = fight(
        state, {RYAZAN: mail(o("boats", province="Рязань", druzhina=12, militia=0, target="Чернигов"))}
    )
    assert druzhina(state, RYAZAN) == 0  # 12 against 20: 7 die, 5 cannot flee
    assert logged(turn, "rus_war_destroyed")[0].params == {
        "power": RYAZAN,
        "province": "Чернигов",
        "druzhina": 5,
    }


def test_lent_druzhina_fights_under_the_commanders_tactic() -> None:
    state = worked_battle()
    state["alliances"].append(pair(state, RYAZAN, NOVGOROD))
    place(state, RYAZAN, {"Тула": 5, "Рязань": 5})
    place(state, NOVGOROD, {"Тула": 5, "Новгород": 5})
    setc(state, RYAZAN, tactic="Лучники")
    setc(state, NOVGOROD, tactic="Конница")  # not the commander's: no effect
    setc(state, CHERNIGOV, tactic="Копейщики")
    orders = {
        RYAZAN: mail(march("Тула", 5, 5, "Мценск")),
        NOVGOROD: mail(o("lend", commander=RYAZAN, province="Тула", count=5)),
    }
    turn = fight(state, orders)
    assert logged(turn, "rus_war_attack_points")[0].params["points"] == 17  # (10 × 5/4 + 5)
    assert logged(turn, "rus_war_joins")[0].params["druzhina"] == 5
    # 7 dead shared 3 (Рязань: its militia first) and 4 (the ally takes the odd one)
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 5, "Рязань": 5}
    assert state["provinces"]["Тула"]["militia"] == 2
    assert state["countries"][NOVGOROD]["posts"] == {"Тула": 1, "Новгород": 5}


def test_called_vassal_marches_with_its_suzerain() -> None:
    state = worked_battle()
    state["vassals"][MUROM] = RYAZAN
    add_war(state, MUROM, CHERNIGOV)
    place(state, MUROM, {"Тула": 4, "Муром": 6})
    orders = {
        RYAZAN: mail(o("call", vassal=MUROM), march("Тула", 10, 5, "Мценск")),
        MUROM: mail(march("Тула", 4, 0, "Пронск")),
    }
    turn = fight(state, orders)
    assert logged(turn, "rus_war_attack_points")[0].params["points"] == 19
    assert "rus_war_called_away" in [m.code for m in turn.reports[MUROM]]
    # 19 against 19: "D 7/7"; the vassal takes the odd man of 7 (4 of its 4), Рязань 3 militia
    assert state["countries"][MUROM]["posts"] == {"Муром": 6}
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 10}


def test_army_smaller_than_ordered_after_an_earlier_battle() -> None:
    """Чернигов moves first in the lot and attacks Тула: the defenders there are the men Рязань
    meant to march with (5.2), and only the survivors set out."""
    state = at_war()
    place(state, CHERNIGOV, {"Мценск": 10})
    place(state, RYAZAN, {"Тула": 10})
    orders = {CHERNIGOV: mail(march("Мценск", 10, 0, "Тула")), RYAZAN: mail(march("Тула", 8, 0, "Мценск"))}
    turn = fight(state, orders)  # 10 against 10: "D 4/4"; then 6 against 6: "D 2/2"
    assert logged(turn, "rus_war_army_smaller")[0].params["druzhina"] == 6
    assert state["countries"][CHERNIGOV]["posts"] == {"Мценск": 4}
    assert state["countries"][RYAZAN]["posts"] == {"Тула": 4}
    assert state["battles"] == ["Тула", "Мценск"] and state["occupied"] == {}


# ---- raids ---------------------------------------------------------------------------------------
def test_raid_beaten_off() -> None:
    state = game()
    turn = Turn(state["powers"])
    raid(state, RYAZAN, "Рязань", "Половцы", 5, turn)  # 5 against 10: "D 4/2"
    assert state["countries"][RYAZAN]["posts"] == {"Рязань": 8}
    assert state["provinces"]["Рязань"]["op"] == 15 and state["countries"][RYAZAN]["stability"] == 0
    assert state["battles"] == ["Рязань"]


def test_raid_won_plunders_without_occupation() -> None:
    state = game()
    place(state, RYAZAN, {"Тула": 10})
    money = state["countries"][RYAZAN]["money"]
    turn = Turn(state["powers"])
    raid(state, RYAZAN, "Рязань", "Половцы", 20, turn)
    assert logged(turn, "rus_war_call_up")[0].params == {"province": "Рязань", "militia": 3, "op": 7}
    assert state["provinces"]["Рязань"]["op"] == 6  # 15 − 7, then − ⌈8/4⌉
    assert state["provinces"]["Рязань"]["militia"] == 0
    assert state["countries"][RYAZAN]["stability"] == -2  # the capital
    assert state["occupied"] == {} and state["countries"][RYAZAN]["money"] == money


def test_every_war_message_renders_in_both_languages() -> None:
    state = worked_battle()
    turn = fight(state, {RYAZAN: mail(march("Тула", 10, 5, "Мценск"))})
    raid(state, CHERNIGOV, "Козельск", "Половцы", 20, turn)
    campaign(state, {RYAZAN: mail(march("Тула", 8, 0, "Козельск"))}, turn)
    messages = [*turn.news, *turn.gm_log, *(m for ms in turn.reports.values() for m in ms)]
    assert len({m.code for m in messages}) > 10
    for msg in messages:
        assert RULESET.catalog.render(msg, "ru") and RULESET.catalog.render(msg, "en")


def test_a_march_through_the_whole_turn() -> None:
    """ВОЙНА and ПОХОД in one mail: the war starts at step 3, the march at step 7 takes Козельск."""
    state = game()
    seed = seed_where(state, RYAZAN, CHERNIGOV)
    orders = {RYAZAN: mail(o("war", power=CHERNIGOV), march("Рязань", 10, 0, "Тула Козельск"))}
    result = run(state, orders, seed)
    new = result.state
    assert new["occupied"] == {"Козельск": RYAZAN}
    assert new["countries"][RYAZAN]["posts"] == {"Козельск": 9}
    # the levy took 5, the plunder ⌈5/4⌉, then Чернигов's stability −1 shrinks every province by 1
    assert new["countries"][CHERNIGOV]["stability"] == -1
    assert new["provinces"]["Козельск"]["op"] == 2
    assert {"item": "plunder", "amount": 100, "note": "Козельск"} in new["accounts"][RYAZAN]
    assert "rus_news_captured" in [m.code for m in result.news]


def test_a_march_is_told_as_a_sentence_with_its_forces_in_words() -> None:
    """The trial's «Смоленск выступил из Смоленска: Полоцк. Силы (дружина + ополчение):
    Смоленск 8+0.» reads as a GM writes it: where to, and the men by kind, no zero part."""
    state = at_war()
    state["provinces"]["Рязань"]["militia"] = 2
    turn = fight(state, {RYAZAN: mail(march("Рязань", 8, 2, "Мценск"))})
    said = [RULESET.catalog.render(m, "ru") for m in turn.reports[RYAZAN]]
    assert "Рязань выступила из Рязани на Мценск: дружина 8\u00a0ВС (п), ополчение 2\u00a0ВС (о)." in said
    state = at_war()
    turn = fight(state, {RYAZAN: mail(march("Рязань", 10, 0, "Тула Козельск"))})
    said = [RULESET.catalog.render(m, "ru") for m in turn.reports[RYAZAN]]
    assert said[:2] == [
        "Рязань выступила из Рязани на Козельск: дружина 10\u00a0ВС (п).",
        "Путь: Рязань – Тула – Козельск.",
    ]
    assert not [s for s in said if "+0" in s or "Силы" in s]
