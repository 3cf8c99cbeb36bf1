"""The council's vote (8.3) and the competition of projects (8.2): a vote weighs what the form of
government gives the voter's status; a project's strength is the weight for it less the weight
against, and it passes above zero. Of projects of one kind the strongest alone is carried out, or
all that passed, or the strongest in full and the next ones where they contradict no stronger one;
equal strengths go by lot. A commander still immune vetoes his army out of a change of commanders."""

from __future__ import annotations

from engines.contract import Command
from engines.council import RULESET
from engines.council.state import State
from engines.council.world import new_army
from engines.rng import Rng
from tests.engines.council.helpers import game, group, parsed, refused, run

FLORENCE = "Флоренция"  # oligarchy: the ruling family's vote weighs 2, a junior family's 1


def number(state: State, *names: str) -> int:
    """The number Florence's council gave the project whose order names all of `names`."""
    for item in state["realms"][FLORENCE]["agenda"]:
        cmd = Command.from_json(item["order"])
        written = [str(v) for v in cmd.args.values()] + [n for v in cmd.lists.values() for n in v]
        written += [n for pairs in cmd.pairs.values() for pair in pairs for n in pair]
        if all(name in written for name in names):
            return item["number"]
    raise AssertionError(f"no project naming {names}")


def voted(state: State, votes: dict[str, list[tuple[tuple[str, ...], str]]], **more: list[str]) -> State:
    """Florence's families vote («ГОЛОСОВАТЬ 2 за, 1 против»), each project named by what it names."""
    mails = {
        family: [f"ГОЛОСОВАТЬ {', '.join(f'{number(state, *names)} {choice}' for names, choice in choices)}"]
        for family, choices in votes.items()
    }
    for family, lines in more.items():
        mails[family] = mails.get(family, []) + lines
    return run(state, mails).state


def test_a_vote_weighs_what_the_form_gives_the_status_and_strength_is_for_less_against() -> None:
    state = run(game(), {"Медичи": ["ДАРОВАТЬ ПРАВА"]}).state
    result = run(
        state,
        {"Медичи": ["ГОЛОСОВАТЬ 1 за"], "Строцци": ["ГОЛОСОВАТЬ 1 против"], "Пацци": ["ГОЛОСОВАТЬ 1 против"]},
    )
    assert group(result, FLORENCE)[0] == (
        "Проект 1 («Дарование прав»): за 2 (Медичи 2), против 2 (Строцци 1, Пацци 1), сила 0 — отклонён."
    )
    assert result.state["realms"][FLORENCE]["freedom"] == 55
    result = run(state, {"Медичи": ["ГОЛОСОВАТЬ 1 за"], "Строцци": ["ГОЛОСОВАТЬ 1 против"]})
    assert group(result, FLORENCE)[0].endswith("сила 1 — принят.")
    assert result.state["realms"][FLORENCE]["freedom"] == 65


def test_only_the_strongest_of_competing_projects_is_carried_out() -> None:
    """«Можно проводить только одно зрелищное представление в ход … Принимается к исполнению
    проект, который набрал большую силу»."""
    state = run(game(), {"Медичи": ["УСТРОИТЬ ЗРЕЛИЩА Пиза"], "Строцци": ["УСТРОИТЬ ЗРЕЛИЩА Сиена"]}).state
    after = voted(
        state,
        {
            "Медичи": [(("Пиза",), "за"), (("Сиена",), "за")],
            "Строцци": [(("Сиена",), "за")],
            "Пацци": [(("Пиза",), "против")],
        },
    )
    assert (after["provinces"]["Пиза"]["loyalty"], after["provinces"]["Сиена"]["loyalty"]) == (55, 55)


def test_equal_strengths_are_ordered_by_a_logged_lot() -> None:
    state = run(game(), {"Медичи": ["УСТРОИТЬ ЗРЕЛИЩА Пиза"], "Строцци": ["УСТРОИТЬ ЗРЕЛИЩА Сиена"]}).state
    mails = {"Медичи": [f"ГОЛОСОВАТЬ {number(state, 'Пиза')} за, {number(state, 'Сиена')} за"]}
    seen = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        rng = Rng(seed)
        after = RULESET.resolve(
            state, "decisions", {"Медичи": parsed(state, "Медичи", *mails["Медичи"])}, rng
        ).state
        raised = [
            p
            for p in ("Пиза", "Сиена")
            if after["provinces"][p]["loyalty"] > state["provinces"][p]["loyalty"]
        ]
        assert len(raised) == 1
        seen.add(raised[0])
        assert [RULESET.catalog.render(d.purpose, "ru") for d in rng.log] == [
            "жребий: проекты равной силы, Флоренция, «Зрелища»"
        ]
    assert seen == {"Пиза", "Сиена"}


def test_one_grant_of_rights_a_turn() -> None:
    state = run(game(), {"Медичи": ["ДАРОВАТЬ ПРАВА"], "Строцци": ["ДАРОВАТЬ ПРАВА"]}).state
    after = run(state, {"Медичи": ["ГОЛОСОВАТЬ 1 за, 2 за"]}).state
    assert after["realms"][FLORENCE]["freedom"] == 65  # +10 once


def test_every_passed_exclusion_from_the_sphere_is_carried_out() -> None:
    """«Все проекты, прошедшие голосование, принимаются к исполнению»."""
    state = game()
    state["provinces"]["Сардиния"]["sphere"] = FLORENCE
    state = run(
        state, {"Медичи": ["ИСКЛЮЧИТЬ ИЗ СФЕРЫ Корсика"], "Строцци": ["ИСКЛЮЧИТЬ ИЗ СФЕРЫ Сардиния"]}
    ).state
    after = voted(state, {"Медичи": [(("Корсика",), "за"), (("Сардиния",), "за")]})
    assert (after["provinces"]["Корсика"]["sphere"], after["provinces"]["Сардиния"]["sphere"]) == ("", "")


def test_the_strongest_change_of_commanders_in_full_the_weaker_where_it_does_not_contradict() -> None:
    state = game()
    state["realms"][FLORENCE]["armies"]["Армия 2"] = new_army("Пиза", "Медичи", 0, 3)
    state = run(
        state,
        {
            "Медичи": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Пацци"],
            "Строцци": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Медичи, Армия 2 Строцци"],
        },
    ).state
    strong, weak = number(state, "Пацци"), number(state, "Строцци")
    result = run(
        state, {"Медичи": [f"ГОЛОСОВАТЬ {strong} за, {weak} за"], "Пацци": [f"ГОЛОСОВАТЬ {strong} за"]}
    )
    armies = result.state["realms"][FLORENCE]["armies"]
    assert (armies["Армия 1"]["commander"], armies["Армия 2"]["commander"]) == ("Пацци", "Строцци")
    assert f"Армия 1 не меняется по проекту\u00a0{weak}: её уже изменил более сильный проект." in group(
        result, FLORENCE
    )
    assert armies["Армия 1"]["immune_until"] == 1 + 2  # a new commander's two turns of immunity


def test_the_strongest_governor_in_full_the_weaker_elsewhere_and_never_beyond_the_limit() -> None:
    state = run(
        game(),
        {
            "Медичи": ["НАЗНАЧИТЬ НАМЕСТНИКА Лукка Медичи"],
            "Строцци": ["НАЗНАЧИТЬ НАМЕСТНИКА Лукка Строцци"],
            "Пацци": ["НАЗНАЧИТЬ НАМЕСТНИКА Пиза Медичи"],
        },
    ).state
    lucca_m, lucca_s, pisa = (
        number(state, "Лукка", "Медичи"),
        number(state, "Лукка", "Строцци"),
        number(state, "Пиза"),
    )
    result = run(
        state,
        {
            "Медичи": [f"ГОЛОСОВАТЬ {lucca_m} за, {lucca_s} за, {pisa} за"],
            "Строцци": [f"ГОЛОСОВАТЬ {pisa} против"],
        },
    )
    provinces = result.state["provinces"]
    # Lucca by the stronger project; Pisa's project passed too, but Medici would then govern three
    # provinces of a middle power, which allows two: «проект о назначении не проходит»
    assert (provinces["Лукка"]["governor"], provinces["Пиза"]["governor"]) == ("Медичи", "Строцци")
    news = group(result, FLORENCE)
    assert f"Наместника Лукки уже назначил более сильный проект, проект\u00a0{lucca_s} его не меняет." in news
    assert "У Медичи уже 2 наместничества: больше в державе такого размера не положено." in news


def test_an_immune_commander_vetoes_his_army_out_and_the_rest_of_the_project_stands() -> None:
    state = game()
    here = state["realms"][FLORENCE]["armies"]
    here["Армия 1"]["immune_until"] = 2  # Strozzi took command last turn
    here["Армия 2"] = new_army("Пиза", "Медичи", 0, 3)
    state = run(state, {"Медичи": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Пацци, Армия 2 Пацци"]}).state
    result = run(state, {"Медичи": ["ГОЛОСОВАТЬ 1 за"], "Строцци": ["НАЛОЖИТЬ ВЕТО 1"]})
    armies = result.state["realms"][FLORENCE]["armies"]
    assert (armies["Армия 1"]["commander"], armies["Армия 2"]["commander"]) == ("Строцци", "Пацци")
    assert "Армия 1 остаётся под командованием Строцци: вето командующего." in group(result, FLORENCE)


def test_a_veto_needs_the_immunity() -> None:
    state = run(game(), {"Медичи": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Пацци", "ДАРОВАТЬ ПРАВА"]}).state
    commanders, rights = number(state, "Пацци"), 3 - number(state, "Пацци")
    assert refused(state, "Строцци", f"НАЛОЖИТЬ ВЕТО {commanders}") == ["council_no_veto"]  # immunity is over
    state["realms"][FLORENCE]["armies"]["Армия 1"]["immune_until"] = 1
    assert refused(state, "Строцци", f"НАЛОЖИТЬ ВЕТО {commanders}") == []
    assert refused(state, "Строцци", f"НАЛОЖИТЬ ВЕТО {rights}") == ["council_veto_not_commanders"]
    assert refused(state, "Пацци", f"НАЛОЖИТЬ ВЕТО {commanders}") == ["council_no_veto"]


def test_one_repression_a_turn_of_at_most_two_families() -> None:
    state = run(
        game(), {"Медичи": ["РЕПРЕССИРОВАТЬ Строцци, Пацци"], "Строцци": ["РЕПРЕССИРОВАТЬ Медичи"]}
    ).state
    after = voted(
        state, {"Медичи": [(("Пацци",), "за"), (("Медичи",), "за")], "Пацци": [(("Медичи",), "за")]}
    )
    # Medici's project has strength 2, Strozzi's 3 (Medici 2 and Pazzi 1): Strozzi's alone is carried out
    assert after["families"]["Медичи"]["influence"] == state["families"]["Медичи"]["influence"] - 15
    assert after["families"]["Строцци"]["influence"] == state["families"]["Строцци"]["influence"]
    assert after["realms"][FLORENCE]["freedom"] == 50
