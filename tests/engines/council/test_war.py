"""War, as data.toml and war.py make it (the rulebook's sections on it are lost): a ruling family
declares war, peace needs both; an army takes an enemy's province and holds it, the beaten withdraw,
peace lifts the occupations; a civil war is decided in the capital, and a rebel family left without
an army is exiled (the contract's `ended`); an army puts a revolt down; a retired ruling family's
duties pass to a played family of its power."""

from __future__ import annotations

from engines.contract import Joined
from engines.council import RULESET
from engines.council.data import DATA
from engines.council.state import State
from engines.rng import Rng
from engines.text import Msg
from tests.engines.council.helpers import actions, at_war, game, group, log, refused, run, said, through, told

ROME, FLORENCE, NAPLES = "Рим", "Флоренция", "Неаполь"


def _strong(state: State, realm: str, army: str, regulars: int, province: str = "") -> State:
    here = state["realms"][realm]["armies"][army]
    here["units"]["regulars"] = regulars
    here["province"] = province or here["province"]
    return state


def test_a_ruling_family_declares_war_and_peace_needs_both() -> None:
    state = game()
    assert refused(state, "Колонна", "ОБЪЯВИТЬ ВОЙНУ Флоренция") == ["council_ruling_only"]
    assert refused(state, "Орсини", "ОБЪЯВИТЬ ВОЙНУ Рим") == ["council_war_self"]
    assert refused(state, "Орсини", "ЗАКЛЮЧИТЬ МИР Флоренция") == ["council_not_at_war"]
    result = run(state, {"Орсини": ["ОБЪЯВИТЬ ВОЙНУ Флоренция"]})
    assert said(result.news) == ["Рим объявил войну Флоренции."]
    war = result.state
    assert (war["realms"][ROME]["wars"], war["realms"][FLORENCE]["wars"]) == ([FLORENCE], [ROME])
    offered = run(through(war, {}, {}).state, {"Орсини": ["ЗАКЛЮЧИТЬ МИР Флоренция"]})
    assert offered.state["realms"][ROME]["wars"] == [FLORENCE]
    assert group(offered, FLORENCE)[0] == (
        "Рим предлагает мир. Чтобы принять его, правящая семья отвечает в следующем ходу: ЗАКЛЮЧИТЬ МИР Рим."
    )
    answered = run(through(offered.state, {}, {}).state, {"Медичи": ["ЗАКЛЮЧИТЬ МИР Рим"]})
    assert said(answered.news) == ["Флоренция и Рим заключили мир."]
    assert answered.state["realms"][ROME]["wars"] == [] == answered.state["realms"][FLORENCE]["wars"]
    both = run(
        through(war, {}, {}).state, {"Орсини": ["ЗАКЛЮЧИТЬ МИР Флоренция"], "Медичи": ["ЗАКЛЮЧИТЬ МИР Рим"]}
    )
    assert both.state["realms"][ROME]["wars"] == []


def test_an_army_takes_an_enemy_province_the_beaten_withdraw_and_peace_gives_it_back() -> None:
    state = _strong(at_war(actions(game()), ROME, FLORENCE), ROME, "Армия 1", 10)
    taken = run(state, {"Колонна": ["ПОХОД Армия 1 Сиена"]})
    assert taken.state["provinces"]["Сиена"]["occupied"] == ROME
    assert taken.state["realms"][ROME]["armies"]["Армия 1"]["province"] == "Сиена"
    news = said(taken.news)
    assert (
        news[0]
        == "Бой в Сиене: войска Рима одолели оборону. Потери в отрядах: у нападавших 2, у защитников 0."
    )
    # the arithmetic is the GM's: strengths and rolls in the log, after the action that fought
    log = said(taken.gm_log)
    fight = next(
        i for i, line in enumerate(log) if line.startswith("Бой в Сиене: у нападавших сила 20 и бросок ")
    )
    assert ", у обороны сила 1 и бросок " in log[fight] and log[fight - 1] == "Армия 1 выиграла бой в Сиене."
    assert "Войска Рима заняли Сиену." in news
    # Florence strikes back with a stronger army from Tuscany: Rome's army withdraws, Siena is free
    again = _strong(actions(through(taken.state, {}, {}).state), FLORENCE, "Армия 1", 30)
    freed = run(again, {"Строцци": ["ПОХОД Армия 1 Сиена"]})
    rome_army = freed.state["realms"][ROME]["armies"]["Армия 1"]
    assert freed.state["provinces"]["Сиена"]["occupied"] == ""
    assert rome_army["province"] == "Лаций" and rome_army["units"]["regulars"] < 10
    assert {"Армия 1 Рима отступила в Лаций.", "Флоренция освободила Сиену."} <= set(said(freed.news))


def test_a_beaten_attacker_stays_where_it_was_and_an_emptied_army_is_gone() -> None:
    state = at_war(actions(game()), ROME, FLORENCE)
    state = _strong(_strong(state, ROME, "Армия 1", 1), FLORENCE, "Армия 1", 20, "Сиена")
    result = run(state, {"Колонна": ["ПОХОД Армия 1 Сиена"]})
    assert result.state["realms"][ROME]["armies"] == {}  # one regular, beaten: half of one, rounded up
    assert "Армия 1 отбита в Сиене." in told(result, "Колонна")
    assert "Армия 1 Рима разбита и распалась." in said(result.news)


def test_peace_lifts_the_occupations_and_sends_the_armies_home() -> None:
    state = _strong(at_war(actions(game()), ROME, FLORENCE), ROME, "Армия 1", 10)
    taken = through(state, {"Колонна": ["ПОХОД Армия 1 Сиена"]}).state
    peace = run(taken, {"Орсини": ["ЗАКЛЮЧИТЬ МИР Флоренция"], "Медичи": ["ЗАКЛЮЧИТЬ МИР Рим"]}).state
    assert peace["provinces"]["Сиена"]["occupied"] == ""
    assert peace["realms"][ROME]["armies"]["Армия 1"]["province"] == DATA.realm(ROME).capital


def test_a_civil_war_is_won_by_storming_the_capital() -> None:
    state = run(game(), {"Колонна": ["ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ"]}).state
    state = _strong(actions(state), ROME, "Армия 1", 10)  # Colonna's army stands in Latium already
    result = run(state, {})
    assert (
        result.state["realms"][ROME]["ruling"] == "Колонна"
        and result.state["realms"][ROME]["civil_war"] == []
    )
    (coup,) = [line for line in said(result.news) if line.startswith("Гражданская война")]
    assert coup.startswith(
        "Гражданская война в Риме: мятежники Колонна взяли столицу и правят вместо Орсини."
    )
    assert any(line.startswith("Бой в Лации: у нападавших сила 20 и бросок ") for line in said(result.gm_log))


def test_rebels_beaten_at_the_capital_and_left_without_an_army_are_exiled_and_ended() -> None:
    state = run(
        game(), {"Колонна": ["ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ"], "Савелли": ["ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ"]}
    ).state
    state = _strong(actions(state), ROME, "Армия 1", 1)
    rome = state["realms"][ROME]["armies"]
    rome["Армия 2"] = rome["Армия 1"] | {
        "commander": "Орсини",
        "units": {"regulars": 10, "militia": 0, "mercenaries": 0},
    }
    result = run(state, {})
    after = result.state
    assert after["realms"][ROME]["ruling"] == "Орсини" and after["realms"][ROME]["civil_war"] == []
    assert RULESET.ended(after) == {"Колонна", "Савелли"}
    assert after["provinces"]["Романья"]["governor"] == ""  # Savelli's governorship is gone
    assert (
        "Ваша семья проиграла гражданскую войну и изгнана: её должности, фактории и гвардия потеряны."
        in told(result, "Савелли")
    )
    news = said(result.news)
    beaten = "Гражданская война в Риме: столица отбила мятежников Колонна."
    assert any(line.startswith(beaten) for line in news)
    assert (
        "Мятеж Савелли в Риме подавлен: у мятежников не осталось армий, Савелли изгнаны из державы." in news
    )
    offer = RULESET.restart_offer(after, "Савелли")
    assert isinstance(offer, Msg) and "другую семью" in RULESET.catalog.render(offer, "ru")
    refusal = RULESET.join(after, "Савелли", Rng("join"), [])
    assert isinstance(refusal, Msg) and RULESET.catalog.render(refusal, "ru") == "Савелли изгнаны из игры."
    joined = RULESET.join(after, "", Rng("join"), [])
    assert isinstance(joined, Joined) and joined.power not in RULESET.ended(after)
    # an exiled family is never on a council again
    assert "Савелли" not in RULESET.vocabularies_for(after, "Орсини")["kin"]


def test_an_army_of_its_power_puts_a_revolt_down() -> None:
    state = actions(game())
    state["provinces"]["Умбрия"]["revolt"], state["provinces"]["Умбрия"]["loyalty"] = True, 15
    result = run(state, {"Колонна": ["ПОХОД Армия 1 Умбрия"]})
    umbria = result.state["provinces"]["Умбрия"]
    assert umbria["revolt"] is False and umbria["loyalty"] == 15 + DATA.actions.suppress_loyalty
    assert "Восстание в Умбрии подавлено армией: лояльность теперь 25." in group(result, ROME)


def test_a_retired_ruling_familys_duties_pass_to_a_played_family_of_its_power() -> None:
    state = RULESET.setup(["Орсини", "Колонна", "Медичи"], Rng("lot"))
    ruler = state["realms"][ROME]["ruling"]
    heir = "Колонна" if ruler == "Орсини" else "Орсини"
    handed = RULESET.handover(state, ruler, computer=True)
    assert handed["realms"][ROME]["ruling"] == heir and handed["families"][heir]["status"] == "ruling"
    alone = RULESET.handover(state, "Медичи", computer=True)  # no other played family in Florence
    assert alone["realms"][FLORENCE]["ruling"] == "Медичи"


def test_a_conquered_province_is_annexed_but_a_capital_and_a_powers_land_joins_no_sphere() -> None:
    state = game()
    for province in ("Сиена", "Тоскана", "Сардиния"):
        state["provinces"][province]["occupied"] = ROME
    assert refused(state, "Орсини", "АННЕКСИРОВАТЬ Тоскана") == ["council_capital_not_annexed"]
    assert refused(state, "Орсини", "ВКЛЮЧИТЬ В СФЕРУ Сиена") == ["council_sphere_barbarian_only"]
    assert refused(state, "Орсини", "ВКЛЮЧИТЬ В СФЕРУ Сардиния") == []
    annexed = run(state, {"Орсини": ["АННЕКСИРОВАТЬ Сиена"]}).state["provinces"]["Сиена"]
    assert (annexed["realm"], annexed["occupied"], annexed["governor"]) == (ROME, "", "")


def test_the_ruling_familys_army_meeting_a_rebel_army_fights_it() -> None:
    state = run(game(), {"Колонна": ["ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ"]}).state
    state = _strong(actions(state), ROME, "Армия 1", 1, "Умбрия")
    rome = state["realms"][ROME]["armies"]
    rome["Армия 2"] = rome["Армия 1"] | {
        "commander": "Орсини",
        "province": "Лаций",
        "units": {"regulars": 10, "militia": 0, "mercenaries": 0},
    }
    result = run(state, {"Орсини": ["ПОХОД Армия 2 Умбрия"]})
    news = said(result.news)
    assert news[0].startswith(
        "Бой в Умбрии: войска Орсини одолели оборону."
    )  # a civil war's side: the family
    assert "Армия 1 Рима разбита и распалась." in news
    assert "Колонна" in RULESET.ended(result.state)
    assert result.state["realms"][ROME]["armies"]["Армия 2"]["province"] == "Умбрия"


def test_a_family_whose_governorship_the_enemy_takes_is_told_in_its_own_report() -> None:
    """The trial's Кремона: Venice took Gleb's governorship and his «У вас» said nothing of it;
    his blank still offered games there. Пацци govern Сиена."""
    state = _strong(at_war(actions(game()), ROME, FLORENCE), ROME, "Армия 1", 10)
    taken = run(state, {"Колонна": ["ПОХОД Армия 1 Сиена"]})
    assert (
        "Войска Рима заняли Сиену, где вы наместник: пока они там, наместничество не платит вам дохода."
        in told(taken, "Пацци")
    )
    planning = taken.state  # the actions stage ends the turn: the next one's planning
    assert planning["phase"] == "planning" and planning["provinces"]["Сиена"]["occupied"] == ROME
    assert "Сиена" not in RULESET.examples(planning, "Пацци", "planning").get("games", "")
    assert refused(planning, "Пацци", "УСТРОИТЬ ЗРЕЛИЩА Сиена") == ["council_games_occupied"]
    annexed = run(planning, {"Орсини": ["АННЕКСИРОВАТЬ Сиена"]})
    assert "Рим присоединил Сиену: вы там больше не наместник." in told(annexed, "Пацци")


def test_a_province_already_in_the_sphere_is_not_taken_into_it_again() -> None:
    """The trial's Albania: in Venice's sphere by its diplomat, then held by its army; the blank
    offered ВКЛЮЧИТЬ В СФЕРУ Албания all the same."""
    state = game()
    albania = state["provinces"]["Албания"]
    albania["sphere"] = albania["occupied"] = "Венеция"
    assert refused(state, "Дандоло", "ВКЛЮЧИТЬ В СФЕРУ Албания") == ["council_sphere_already"]
    assert "sphere" not in RULESET.examples(state, "Дандоло", "planning")
    assert RULESET.examples(state, "Дандоло", "planning")["annex"] == "АННЕКСИРОВАТЬ Албания"


def test_a_report_says_nothing_the_stage_later_undid() -> None:
    """The trial's report said «Армия 1 стоит в Абруццо» for Rome above «Армия 1 Рима разбита и
    распалась»: Rome's army won Abruzzo, then Naples' army, later in the stage, destroyed it.
    An army's march is told as what it did; where an army stands is the balance's, after the
    stage."""
    state = at_war(actions(game()), ROME, NAPLES)
    state = _strong(_strong(state, ROME, "Армия 1", 1), NAPLES, "Армия 1", 20)
    mails = {"Колонна": ["ПОХОД Армия 1 Абруццо"], "Сансеверино": ["ПОХОД Армия 1 Абруццо"]}
    result = run(state, mails, seed="s1")  # its lot: Rome acts before Naples
    assert "Порядок держав на стадии акций: Милан, Венеция, Флоренция, Рим, Неаполь." in log(result)
    assert "Армия 1 Рима разбита и распалась." in said(result.news)
    assert "Армия 1 выиграла бой в Абруццо." in told(result, "Колонна")
    for family in ("Орсини", "Колонна", "Савелли"):
        heard = told(result, family) + group(result, ROME)
        assert not [line for line in heard if "стоит" in line or "осталась" in line], family
