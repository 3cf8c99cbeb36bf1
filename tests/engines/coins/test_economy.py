"""«Финансирование», «Колонии», торговые союзы и перки лидеров: the rulebook's own numbers."""

from __future__ import annotations

import pytest

from engines.coins.state import Country, Stat
from tests.engines.coins.helpers import CN, EU, RU, US, country, game, problems, run, setc
from tests.engines.helpers import mail, o


def fund(line: str, amount: int) -> Country:
    """US funds one line on turn 1; returns its country at the start of turn 2."""
    state = game(1, "orders")
    state = run(state, {US: mail(o("invest", line=line, amount=amount))}).state
    return country(state, US)


def test_every_power_starts_with_8_coins() -> None:
    assert {country(game(1, "orders"), p)["coins"] for p in (US, CN, RU, EU)} == {8}


@pytest.mark.parametrize(("invested", "income"), [(1, 4), (2, 6), (3, 8)])
def test_industry_1_2_3_coins_give_4_6_8_coins(invested: int, income: int) -> None:
    c = fund("Промышленность", invested)
    assert c["income"]["funding"] == income
    assert c["coins"] == 8 - invested + income


def test_no_industry_still_gives_2_coins_of_taxes() -> None:
    c = fund("Наука", 1)
    assert c["income"] == {"funding": 2}
    assert c["coins"] == 8 - 1 + 2


@pytest.mark.parametrize(("invested", "research"), [(1, 2), (2, 3), (3, 4)])
def test_science_1_2_3_coins_give_2_3_4_research(invested: int, research: int) -> None:
    assert fund("Наука", invested)["research"] == research


@pytest.mark.parametrize(
    ("line", "stat"), [("Разведка", "intel"), ("Армия", "army"), ("Влияние", "influence")]
)
@pytest.mark.parametrize(("invested", "value"), [(0, 0), (1, 2), (2, 3), (3, 4)])
def test_intel_army_influence_1_2_3_coins_give_2_3_4(
    line: str, stat: Stat, invested: int, value: int
) -> None:
    assert fund(line, invested)[stat] == value


def test_at_most_3_coins_in_a_line() -> None:
    state = game(1, "orders")
    assert problems(state, US, o("invest", line="Армия", amount=4)) == ["line_over_max"]


def test_cannot_fund_with_more_coins_than_held() -> None:
    state = game(1, "orders")
    refused = problems(
        state,
        US,
        o("invest", line="Промышленность", amount=3),
        o("invest", line="Наука", amount=3),
        o("invest", line="Армия", amount=3),
    )
    assert refused == ["not_enough_coins"]


def test_coins_can_be_given_to_other_players() -> None:
    state = run(game(1, "orders"), {US: mail(o("give", power=CN, amount=3))}).state
    assert country(state, US)["coins"] == 8 - 3 + 2
    assert country(state, CN)["coins"] == 8 + 3 + 2


def test_transfers_and_funding_together_cannot_exceed_the_treasury() -> None:
    state = game(1, "orders")
    refused = problems(state, US, o("give", power=CN, amount=6), o("invest", line="Наука", amount=3))
    assert refused == ["not_enough_coins"]


def test_colony_gives_2_coins_at_the_start_of_the_turn() -> None:
    state = game(2, "orders")
    state["colonies"]["Исландия"] = US
    assert country(run(state).state, US)["income"]["colonies"] == 2


def test_mars_gives_4_coins() -> None:
    state = game(2, "orders")
    state["colonies"]["Марс"] = US
    assert country(run(state).state, US)["income"]["colonies"] == 4


def test_trade_alliance_gives_1_coin_per_partner_per_turn() -> None:
    state = game(2, "talks")
    offers = {
        US: mail(o("ally", kind="Торговый", power=CN), o("ally", kind="Торговый", power=RU)),
        CN: mail(o("ally", kind="Торговый", power=US)),
        RU: mail(o("ally", kind="Торговый", power=US)),
    }
    state = run(state, offers).state
    state = run(state).state  # orders: no funding at all
    assert country(state, US)["income"] == {"funding": 2, "trade": 2}
    assert country(state, CN)["income"] == {"funding": 2, "trade": 1}


@pytest.mark.parametrize(
    ("perk", "stat"),
    [("Генерал", "army"), ("Изобретатель", "research"), ("Политик", "influence"), ("Шпион", "intel")],
)
def test_leader_perk_adds_1(perk: str, stat: Stat) -> None:
    state = run(game(1, "orders"), {US: mail(o("leader", perk=perk))}).state
    assert country(state, US)[stat] == 1
    assert country(state, CN)[stat] == 0


def test_leader_perk_economist_adds_1_coin_every_turn() -> None:
    state = run(game(1, "orders"), {US: mail(o("leader", perk="Экономист"))}).state
    assert country(state, US)["income"] == {"funding": 2, "perk": 1}
    state = run(run(state).state).state
    assert country(state, US)["income"] == {"funding": 2, "perk": 1}


def test_leader_perk_is_chosen_once_and_never_changes() -> None:
    state = run(game(1, "orders"), {US: mail(o("leader", perk="Генерал"))}).state
    state["phase"] = "orders"
    assert problems(state, US, o("leader", perk="Шпион")) == ["perk_already_chosen"]


def test_funding_is_paid_for_next_turn_from_coins_left() -> None:
    state = game(3, "orders")
    setc(state, US, coins=5)
    state = run(
        state, {US: mail(o("invest", line="Армия", amount=3), o("invest", line="Наука", amount=2))}
    ).state
    assert country(state, US)["coins"] == 0 + 2
    assert country(state, US)["army"] == 4
