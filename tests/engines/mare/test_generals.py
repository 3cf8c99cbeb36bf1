"""«Пул генералов»: the thirteen generals, their thresholds and the one order of effects."""

from __future__ import annotations

from typing import Any

from engines.contract import JSON, Resolution
from tests.engines.helpers import mail, o
from tests.engines.mare.helpers import GAULS, GREEKS, NEUTRALS, PUNICS, ROME, bid, game, problems, run, told


def holding(state: JSON, power: str, *generals: str) -> JSON:
    for general in generals:
        state["generals"][general] = power
    return state


def send(general: str, territory: str) -> tuple[str, dict[str, int | str]]:
    return o("general", general=general, territory=territory)


def test_a_general_goes_only_with_the_holders_influence_and_only_if_held() -> None:
    state = holding(game(), ROME, "Дебилятор")
    assert problems(state, ROME, send("Дебилятор", "Лигурия")) == ["mare_general_needs_influence"]
    assert problems(state, ROME, bid("Лигурия", 1), send("Дебилятор", "Лигурия")) == []
    assert problems(state, GAULS, bid("Лигурия", 1), send("Дебилятор", "Лигурия")) == [
        "mare_general_not_yours"
    ]
    assert problems(state, ROME, bid("Лигурия", 1), send("Обаятор", "Лигурия")) == ["mare_general_own_order"]


def test_annihilator_over_9_everyone_loses_the_whole_part_and_generals_go_to_the_pool() -> None:
    state = holding(game(), ROME, "Аннигилятор")
    orders = {ROME: mail(bid("Лигурия", 10), send("Аннигилятор", "Лигурия")), PUNICS: mail(bid("Лигурия", 8))}
    result = run(state, orders)  # Punics: 8 × 0.7 = 5.6 → lose 5
    assert result.state["might"][ROME] == 12 - 10 and result.state["might"][PUNICS] == 12 - 5
    assert result.state["generals"]["Аннигилятор"] == ""
    quiet = run(state, {ROME: mail(bid("Лигурия", 9), send("Аннигилятор", "Лигурия"))})
    assert quiet.state["might"][ROME] == 12 and quiet.state["generals"]["Аннигилятор"] == ROME


def test_annihilator_blocked_by_the_canceller_both_go_to_the_pool() -> None:
    state = holding(holding(game(), ROME, "Аннигилятор"), GAULS, "Отменятор")
    orders = {
        ROME: mail(bid("Лигурия", 10), send("Аннигилятор", "Лигурия")),
        GAULS: mail(bid("Лигурия", 1), send("Отменятор", "Лигурия")),
    }
    result = run(state, orders)
    assert result.state["might"][ROME] == 12
    assert result.state["generals"]["Аннигилятор"] == "" and result.state["generals"]["Отменятор"] == ""


def test_debilitator_takes_2_from_every_package_down_to_zero_even_if_it_spoils_another_general() -> None:
    state = holding(holding(game(), ROME, "Дебилятор"), GAULS, "Побеждатор")
    orders = {
        ROME: mail(bid("Лигурия", 4), send("Дебилятор", "Лигурия")),
        GAULS: mail(bid("Лигурия", 3), send("Побеждатор", "Лигурия")),
    }
    result = run(state, orders)  # Gauls 3 − 2 = 1 < 3: no Victorator; Rome 2 > 1
    assert told(result, ROME, "mare_conflict_won")[0]["winner"] == ROME
    sides = {m["side"]: m["strength"] for m in sides_of(result, ROME)}
    assert sides == {ROME: 2.0, GAULS: 1.0}


def test_dominator_takes_1_might_from_a_random_loser() -> None:
    state = holding(game(), ROME, "Доминатор")
    orders = {ROME: mail(bid("Лигурия", 5), send("Доминатор", "Лигурия")), GAULS: mail(bid("Лигурия", 2))}
    result = run(state, orders)
    assert result.state["might"][ROME] == 13 and result.state["might"][GAULS] == 11


def test_pesterator_after_a_loss_the_neutrals_support_with_10_next_turn() -> None:
    state = holding(game(), GAULS, "Заэбатор")
    orders = {ROME: mail(bid("Лигурия", 5)), GAULS: mail(bid("Лигурия", 2), send("Заэбатор", "Лигурия"))}
    first = run(state, orders)
    assert first.state["pesterator"] == [{"power": GAULS, "territory": "Лигурия"}]
    second = run(first.state, {ROME: mail(bid("Лигурия", 5)), GAULS: mail(bid("Лигурия", 1))})
    sides = {m["side"]: m["strength"] for m in sides_of(second, GAULS)}
    assert sides[GAULS] == 11.0  # 1 own + 10 neutrals; Liguria was Rome's border land: now neutral
    assert second.state["owners"]["Лигурия"] == "" and second.state["pesterator"] == []


def test_nothingator_neutrals_spend_30() -> None:
    state = holding(game(), ROME, "Нифигатор")
    result = run(state, {ROME: mail(bid("Кампания", 1), send("Нифигатор", "Кампания"))})
    sides = {m["side"]: m["strength"] for m in sides_of(result, ROME)}
    assert sides[NEUTRALS] == 30.0 and result.state["owners"]["Кампания"] == ""


def test_charmer_turns_the_chosen_sides_influence_into_support() -> None:
    state = holding(game(), ROME, "Обаятор")
    orders = {
        ROME: mail(bid("Лигурия", 1), o("charm", territory="Лигурия", side=GAULS)),
        GAULS: mail(bid("Лигурия", 6)),
    }
    result = run(state, orders)
    assert result.state["owners"]["Лигурия"] == ROME
    assert problems(state, ROME, bid("Лигурия", 1), o("charm", territory="Лигурия", side=ROME)) == [
        "mare_charm_self"
    ]


def test_unifier_merges_two_neighbours_the_winner_wins_on_each() -> None:
    state = holding(game(), ROME, "Объединятор")
    orders = {
        ROME: mail(bid("Лигурия", 3), o("unite", territory="Лигурия", other="Цизальпинская Галлия")),
        GAULS: mail(bid("Цизальпинская Галлия", 2), bid("Лигурия", 2)),
    }
    result = run(state, orders)  # Gauls 2 + 2 = 4 > 3: one conflict
    assert (
        result.state["owners"]["Лигурия"] == GAULS and result.state["owners"]["Цизальпинская Галлия"] == GAULS
    )
    assert told(result, ROME, "mare_conflict")[0]["territory"] == "Цизальпинская Галлия + Лигурия"
    assert problems(state, ROME, bid("Лигурия", 1), o("unite", territory="Лигурия", other="Корсика")) == [
        "mare_not_adjacent"
    ]


def test_canceller_cancels_all_but_itself_and_the_unifier() -> None:
    state = holding(holding(game(), ROME, "Побеждатор"), GAULS, "Отменятор")
    orders = {
        ROME: mail(bid("Лигурия", 3), send("Побеждатор", "Лигурия")),
        GAULS: mail(bid("Лигурия", 4), send("Отменятор", "Лигурия")),
    }
    result = run(state, orders)
    assert told(result, ROME, "mare_general_cancelled")[0]["general"] == "Побеждатор"
    assert result.state["owners"]["Лигурия"] == GAULS


def test_partisanator_everyone_over_9_loses_2() -> None:
    state = holding(game(), ROME, "Партизатор")
    orders = {ROME: mail(bid("Лигурия", 10), send("Партизатор", "Лигурия")), GAULS: mail(bid("Лигурия", 5))}
    result = run(state, orders)
    assert result.state["might"][ROME] == 10 and result.state["might"][GAULS] == 12
    orders[GAULS] = mail(bid("Лигурия", 11))  # Gauls win, but put 11 > 9 there: both lose 2
    result = run(state, orders)
    assert result.state["might"][ROME] == 10 - 1 and result.state["might"][GAULS] == 12 - 2


def test_victorator_with_3_wins_whatever_the_strength() -> None:
    state = holding(game(), ROME, "Побеждатор")
    orders = {ROME: mail(bid("Лигурия", 3), send("Побеждатор", "Лигурия")), GAULS: mail(bid("Лигурия", 12))}
    result = run(state, orders)
    assert result.state["owners"]["Лигурия"] == ROME and told(result, GAULS, "mare_victor_wins")
    weak = run(
        state, {ROME: mail(bid("Лигурия", 2), send("Побеждатор", "Лигурия")), GAULS: mail(bid("Лигурия", 12))}
    )
    assert weak.state["owners"]["Лигурия"] == GAULS


def test_crusher_another_loser_over_12_loses_5() -> None:
    state = holding(game(gauls=14), ROME, "Побеждатор", "Сокрушатор")
    orders = {
        ROME: mail(bid("Этрурия", 3), send("Побеждатор", "Этрурия"), send("Сокрушатор", "Этрурия")),
        GAULS: mail(bid("Этрурия", 14)),
    }
    # Gauls: 14 × 0.7 × 0.5 (Rome's internal land) = 4.9: not over 12
    assert run(state, orders).state["might"][GAULS] == 14
    orders[ROME] = mail(bid("Лигурия", 3), send("Побеждатор", "Лигурия"), send("Сокрушатор", "Лигурия"))
    orders[GAULS] = mail(bid("Лигурия", 13))
    assert run(state, orders).state["might"][GAULS] == 14 - 5 - 1  # crushed and catastrophic


def test_sukhbaatar_can_only_be_exchanged_for_a_pool_general() -> None:
    state = holding(game(), ROME, "Сухэбатор")
    assert problems(state, ROME, bid("Лигурия", 1), send("Сухэбатор", "Лигурия")) == [
        "mare_general_own_order"
    ]
    result = run(state, {ROME: mail(o("exchange", general="Побеждатор"))})
    assert result.state["generals"]["Побеждатор"] == ROME and result.state["generals"]["Сухэбатор"] == ""
    holding(state, GREEKS, "Побеждатор")
    assert problems(state, ROME, o("exchange", general="Побеждатор")) == ["mare_general_not_in_pool"]


def test_killer_kills_a_general_anywhere_both_return_and_the_victim_still_acts() -> None:
    state = holding(holding(game(), ROME, "Убиватор"), GAULS, "Побеждатор")
    orders = {
        ROME: mail(o("kill", general="Побеждатор"), bid("Лигурия", 9)),
        GAULS: mail(bid("Лигурия", 3), send("Побеждатор", "Лигурия")),
    }
    result = run(state, orders)
    assert result.state["owners"]["Лигурия"] == GAULS  # the killed general's fun still happens
    assert result.state["generals"]["Побеждатор"] == "" and result.state["generals"]["Убиватор"] == ""
    assert told(result, GAULS, "mare_general_killed")
    assert problems(state, ROME, o("kill", general="Дебилятор")) == ["mare_general_in_pool"]


def sides_of(result: Resolution[JSON], power: str) -> list[dict[str, Any]]:
    """Each side of the conflicts `power` fought, supported or not (a side alone has its own line)."""
    return told(result, power, "mare_side") + told(result, power, "mare_side_alone")
