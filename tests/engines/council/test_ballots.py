"""Elections (project 12) and investigations (project 13) with the rulebook's numbers: candidate
votes only, the most votes win; every three years in oligarchies and republics, where the family
already in power winning again costs 4 loyalty and 5 freedom; a freer form after a grant of rights
brings an election. An investigation is voted anonymously, never for one's own family; a crime
text the GM accepts adds 1 vote to its family's real one; the culprit loses 5 influence and 10 %
of its budget at the start of the turn, paid to its top accuser, or lost when the lot names the
culprit because nobody voted."""

from __future__ import annotations

from engines.contract import Command, GmApplied
from engines.council import RULESET
from engines.council.data import DATA
from engines.council.state import State
from engines.rng import Rng
from tests.engines.council.helpers import game, group, log, parsed, refused, run, said, through, told

NAPLES = "Неаполь"  # a monarchy: the ruling family's vote weighs 2, a noble's 2, a junior's 1


def gm(state: State, line: str) -> State:
    """A GM rule input as the daemon applies it."""
    name = {"ВЫБОРЫ": "election", "РАССЛЕДОВАНИЕ": "investigation"}.get(line.split()[0])
    if name:
        command = Command(name, {"realm": line.split()[1]})
    else:
        command = Command(
            "accept_text" if line.startswith("ПРИНЯТЬ") else "refuse_text", {"family": line.split()[-1]}
        )
    applied = RULESET.apply_gm(state, command, Rng("gm"))
    assert isinstance(applied, GmApplied), applied
    return applied.state


# ---- elections -------------------------------------------------------------------------------------------
def test_an_election_the_gm_calls_is_won_by_the_most_votes_and_changes_the_ruling_family() -> None:
    state = gm(game(), "ВЫБОРЫ Неаполь")
    state = run(state).state
    assert state["realms"][NAPLES]["election_now"] == "gm"
    assert refused(state, "Орсини", "ИЗБРАТЬ Орсини") == ["council_no_election"]
    result = run(
        state,
        {
            "Караччоло": ["ИЗБРАТЬ Сансеверино"],
            "Сансеверино": ["ИЗБРАТЬ Сансеверино"],
            "Карафа": ["ИЗБРАТЬ Карафа"],
        },
    )
    assert result.state["realms"][NAPLES]["ruling"] == "Сансеверино"
    assert result.state["families"]["Сансеверино"]["status"] == "ruling"
    assert result.state["families"]["Караччоло"]["status"] == "noble"  # influence 30
    assert "Голоса на выборах: Сансеверино 3, Карафа 1." in group(result, NAPLES)
    assert "Выборы в Неаполе: правящей семьёй избраны Сансеверино." in [
        RULESET.catalog.render(m, "ru") for m in result.news
    ]


def test_without_votes_the_ruling_family_stays() -> None:
    state = run(gm(game(), "ВЫБОРЫ Неаполь")).state
    result = run(state)
    assert result.state["realms"][NAPLES]["ruling"] == "Караччоло"
    assert group(result, NAPLES)[-1] == "Выборы: никто не голосовал, у власти остаются Караччоло."


def test_a_tied_election_goes_by_a_logged_lot() -> None:
    state = run(gm(game(), "ВЫБОРЫ Неаполь")).state
    rng = Rng("tie")
    # the ruling Caracciolo's 2 against the two junior families' 1 and 1
    orders = {
        "Караччоло": "ИЗБРАТЬ Карафа",
        "Сансеверино": "ИЗБРАТЬ Сансеверино",
        "Карафа": "ИЗБРАТЬ Сансеверино",
    }
    RULESET.resolve(state, "decisions", {f: parsed(state, f, line) for f, line in orders.items()}, rng)
    assert [RULESET.catalog.render(d.purpose, "ru") for d in rng.log] == [
        "жребий: равные голоса на выборах в Неаполе"
    ]


def test_oligarchies_elect_every_three_years_and_a_ruler_winning_again_costs_loyalty_and_freedom() -> None:
    state = game()
    for turn in (1, 2):
        state = through(state, {}, {}, {}).state
        assert state["turn"] == turn + 1
    assert state["realms"]["Флоренция"]["election_now"] == ""
    state = run(state).state  # turn 3: the list of Florence's council has its regular election
    assert state["realms"]["Флоренция"]["election_now"] == "regular"
    assert state["realms"]["Неаполь"]["election_now"] == ""  # a monarchy has none
    loyalty = state["provinces"]["Пиза"]["loyalty"]
    result = run(state, {"Медичи": ["ИЗБРАТЬ Медичи"]})
    assert result.state["realms"]["Флоренция"]["freedom"] == 55 - 5
    assert result.state["provinces"]["Пиза"]["loyalty"] == loyalty - 4
    assert result.state["realms"]["Флоренция"]["last_election"] == 3


def test_a_freer_form_after_a_grant_of_rights_lowers_loyalty_again_and_brings_an_election() -> None:
    """Rome at freedom 15 is a despotism; +10 makes 25, a monarchy."""
    state = game()
    loyalty = state["provinces"]["Лаций"]["loyalty"]
    state = run(state, {"Орсини": ["ДАРОВАТЬ ПРАВА"]}).state
    result = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]})
    assert result.state["realms"]["Рим"]["freedom"] == 25
    assert result.state["provinces"]["Лаций"]["loyalty"] == loyalty - 10 - 10
    assert "Форма правления Рима теперь «Монархия»: лояльность упала ещё, будут выборы правящей семьи." in [
        RULESET.catalog.render(m, "ru") for m in result.news
    ]
    assert told(result, "Орсини") == ["Вы открыто выдвинули дарование прав: влиятельность +15."]
    next_turn = through(result.state, {}, {}).state  # actions, then the next planning stage
    assert next_turn["realms"]["Рим"]["election_now"] == "form"


def test_a_repression_of_the_same_council_that_takes_the_freedom_back_leaves_the_form() -> None:
    """Rome at 15: rights +10 make 25, a monarchy, but the repression carried after it (the rulebook's
    order: project 4, then 8) takes 5 back, to 20, a despotism. The form is judged on what the
    council leaves: no change of form, so no second loss of loyalty, no news of a monarchy and no
    election under a despotism (the trial's Rome had all three)."""
    state = game()
    loyalty = state["provinces"]["Лаций"]["loyalty"]
    state = run(state, {"Орсини": ["ДАРОВАТЬ ПРАВА", "РЕПРЕССИРОВАТЬ Колонна Савелли"]}).state
    result = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за 2 за"]})
    rome = result.state["realms"]["Рим"]
    assert rome["freedom"] == 15 + 10 - 5 and DATA.government(rome["freedom"]).name == "Деспотия"
    assert result.state["provinces"]["Лаций"]["loyalty"] == loyalty - 10  # Orsini govern Lazio
    assert not [n for n in said(result.news) if "Форма правления" in n]
    next_turn = through(result.state, {}, {}).state
    assert next_turn["realms"]["Рим"]["election_now"] == ""


def test_a_repression_that_takes_the_freedom_below_the_forms_line_says_the_new_form() -> None:
    """Milan at 27, a monarchy (from 25); a repression's −5 makes 22, a despotism: the news says the
    form fell (the rulebook gives a fall no loss of loyalty and no election)."""
    state = game()
    state["realms"]["Милан"]["freedom"] = 27
    state = run(state, {"Тривульцио": ["РЕПРЕССИРОВАТЬ Висконти"]}).state
    result = run(state, {"Тривульцио": ["ГОЛОСОВАТЬ 1 за"]})
    assert result.state["realms"]["Милан"]["freedom"] == 22
    assert "Форма правления Милана теперь «Деспотия»." in said(result.news)


def test_an_anonymous_grant_earns_its_author_nothing() -> None:
    state = run(game(), {"Орсини": ["ДАРОВАТЬ ПРАВА", "АНОНИМНО"]}).state
    influence = state["families"]["Орсини"]["influence"]
    result = run(state, {"Орсини": ["ГОЛОСОВАТЬ 1 за"]})
    assert result.state["families"]["Орсини"]["influence"] == influence
    assert told(result, "Орсини") == []


# ---- investigations ----------------------------------------------------------------------------------------
def investigation(state: State | None = None) -> State:
    """Naples' council with an investigation on its list (the GM put it), at the decisions stage."""
    return run(gm(state or game(), "РАССЛЕДОВАНИЕ Неаполь")).state


def test_an_investigation_is_voted_for_a_family_never_ones_own() -> None:
    state = investigation()
    assert state["realms"][NAPLES]["investigation_now"]
    assert refused(state, "Караччоло", "ОБВИНИТЬ Караччоло") == ["council_accuse_self"]
    assert refused(state, "Караччоло", "ОБВИНИТЬ Карафа присвоил казну") == []
    assert refused(state, "Караччоло", "ОБВИНИТЬ Карафа " + "очень " * 100) == ["council_text_too_long"]
    assert refused(state, "Медичи", "ОБВИНИТЬ Строцци") == ["council_no_investigation"]


def test_the_culprit_pays_a_tenth_of_its_budget_at_the_turns_start_to_its_top_accuser() -> None:
    state = investigation()
    budget = state["families"]["Карафа"]["budget"]  # 20 Д at the start + 3 Д income + 2 Д governing Calabria
    assert budget == 25
    state["families"]["Карафа"]["money"] = 40  # what it holds later does not count
    decided = run(
        state,
        {
            "Караччоло": ["ОБВИНИТЬ Карафа"],
            "Сансеверино": ["ОБВИНИТЬ Карафа"],
            "Карафа": ["ОБВИНИТЬ Караччоло"],
        },
    )
    assert decided.state["realms"][NAPLES]["investigation"] is not None
    assert (
        group(decided, NAPLES)[-1] == "Расследование в Неаполе: голоса поданы анонимно, итог — в конце хода."
    )
    result = run(decided.state)
    families = result.state["families"]

    def income(family: str) -> int:  # the next turn's, which the end of the actions stage brings
        return sum(line["amount"] for line in families[family]["income"])

    assert families["Карафа"]["money"] == 40 - 2 + income("Карафа")  # 10 % of 25, rounded down
    influence = decided.state["families"]["Карафа"]["influence"]
    assert families["Карафа"]["influence"] == influence - 5 + families["Карафа"]["gain"]
    # Caracciolo (ruling: 2 votes) gave more votes against Carafa than Sanseverino (junior: 1)
    money = decided.state["families"]["Караччоло"]["money"]
    assert families["Караччоло"]["money"] == money + 2 + income("Караччоло")
    assert told(result, "Караччоло")[0] == "Вам достался штраф Карафа по итогам расследования: 2\u00a0Д."
    assert (
        told(result, "Карафа")[0]
        == "Расследование признало вашу семью виновной: штраф 2\u00a0Д, влиятельность −5."
    )
    assert "Штраф 2\u00a0Д получили Караччоло." in log(result)
    assert group(result, NAPLES) == [
        "Расследование в Неаполе: Карафа признаны виновными; штраф 2\u00a0Д, влиятельность −5."
    ]


def test_an_investigation_whose_accused_was_exiled_in_the_stage_resolves_with_no_fine() -> None:
    """Random accepted orders found it: the culprit lost a civil war before the verdict, and the
    verdict's lot among the power's families still in the game had none to draw from."""
    decided = run(investigation(), {"Караччоло": ["ОБВИНИТЬ Карафа"], "Сансеверино": ["ОБВИНИТЬ Карафа"]})
    decided.state["families"]["Карафа"]["exiled"] = True  # as a civil war lost in the actions would
    money = {f: decided.state["families"][f]["money"] for f in ("Караччоло", "Сансеверино")}
    result = run(decided.state)
    assert group(result, NAPLES) == ["Расследование в Неаполе: все, кого обвинили, уже изгнаны; штрафа нет."]
    assert all(result.state["families"][f]["money"] >= money[f] for f in money)


def test_an_accepted_crime_text_adds_a_vote_and_changes_the_verdict() -> None:
    state = investigation()
    state["families"]["Сансеверино"]["status"] = "noble"  # its vote weighs 2, as the ruling Caracciolo's
    # Sanseverino (2) against Carafa; Caracciolo (2) against Sanseverino, with a text
    mails = {"Сансеверино": ["ОБВИНИТЬ Карафа"], "Караччоло": ["ОБВИНИТЬ Сансеверино брал взятки с купцов"]}
    decided = run(state, mails)
    assert "   Текст Караччоло: «брал взятки с купцов». Засчитать: ПРИНЯТЬ ТЕКСТ Караччоло" in log(decided)
    accepted = run(gm(decided.state, "ПРИНЯТЬ ТЕКСТ Караччоло"))
    assert "Расследование в Неаполе: голоса — Сансеверино 3, Карафа 2; Сансеверино виновны." in log(accepted)
    rng = Rng("refused")
    RULESET.resolve(
        gm(gm(decided.state, "ПРИНЯТЬ ТЕКСТ Караччоло"), "ОТКЛОНИТЬ ТЕКСТ Караччоло"), "actions", {}, rng
    )
    tie = "жребий: равные голоса в расследовании в Неаполе"
    assert RULESET.catalog.render(rng.log[0].purpose, "ru") == tie


def test_the_gm_judges_only_a_text_given_to_an_investigation_awaiting_its_verdict() -> None:
    state = investigation()
    refusal = RULESET.apply_gm(state, Command("accept_text", {"family": "Караччоло"}), Rng("gm"))
    assert not isinstance(refusal, GmApplied)
    assert RULESET.catalog.render(refusal, "ru") == (
        "В расследовании в Неаполе, которое ждёт итога, текста преступления от Караччоло нет."
    )
    decided = run(state, {"Караччоло": ["ОБВИНИТЬ Карафа"]}).state  # a vote without a text
    assert not isinstance(
        RULESET.apply_gm(decided, Command("accept_text", {"family": "Караччоло"}), Rng("gm")), GmApplied
    )


def test_with_no_vote_the_lot_names_the_culprit_and_the_fine_is_lost() -> None:
    state = run(investigation()).state
    money = {f: state["families"][f]["money"] for f in ("Караччоло", "Сансеверино", "Карафа")}
    rng = Rng("nobody")
    result = RULESET.resolve(state, "actions", {}, rng)
    assert [RULESET.catalog.render(d.purpose, "ru") for d in rng.log] == [
        "жребий: виновный, когда никто не голосовал, Неаполь"
    ]
    culprit = str(rng.log[0].values[0])
    fine = state["families"][culprit]["budget"] // 10
    families = result.state["families"]

    def income(family: str) -> int:  # the next turn's, which the end of the actions stage brings
        return sum(line["amount"] for line in families[family]["income"])

    assert families[culprit]["money"] == money[culprit] - fine + income(culprit)
    assert "никто не голосовал, и виновных назвал жребий" in group(result, NAPLES)[0]
    others = [f for f in money if f != culprit]
    assert all(
        families[f]["money"] == money[f] + sum(line["amount"] for line in families[f]["income"])
        for f in others
    )
