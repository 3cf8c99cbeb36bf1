"""The six auctions (8.2) with the rulebook's numbers: 7 trading-post lots (one quota lot a power,
then 2 open), 8 mercenary and diplomat lots (5 + 3), 3 improvement and 2 colonist lots to the top
bids, 3 squadrons for ruling families only, price × quantity; one lot a family, a lost quota lot
where a power's families did not bid, the loser's forfeit of the minimum bid, the mercenary bonus
of 5 % a province, and equal bids ordered by a logged lot."""

from __future__ import annotations

from engines.council import RULESET
from engines.council.data import DATA
from engines.council.state import State
from engines.rng import Draw, Rng
from tests.engines.council.helpers import game, log, parsed, refused, run, told


def lots(state: State, auction: str) -> dict[str, int]:
    key = DATA.auction_named(auction).key
    return {lot["family"]: lot["count"] for lot in state["lots"] if lot["auction"] == key}


def test_one_quota_lot_a_power_then_two_open_lots_and_a_powers_lot_lost_without_bids() -> None:
    before = game()
    result = run(
        before,
        {
            "Орсини": ["СТАВКА Фактория 10"],
            "Колонна": ["СТАВКА Фактория 8"],
            "Медичи": ["СТАВКА Фактория 9"],
            "Строцци": ["СТАВКА Фактория 20"],
            "Дандоло": ["СТАВКА Фактория 6"],
            "Висконти": ["СТАВКА Фактория 7"],
            "Сфорца": ["СТАВКА Фактория 12"],
        },
    )
    after = result.state
    # quota: the highest of each power (Naples bid nothing: its lot is lost); open: the 2 best of the rest
    assert lots(after, "Фактория") == dict.fromkeys(
        ["Орсини", "Колонна", "Медичи", "Строцци", "Дандоло", "Сфорца"], 1
    )
    assert "«Фактория», квоты без заявок (лоты пропали): Неаполь." in log(result)
    assert "«Фактория», открытый лот: Медичи (9\u00a0Д)." in log(result)
    # a winner pays its bid and holds the right; the loser forfeits the minimum bid, 5 Д
    assert after["families"]["Строцци"]["money"] == before["families"]["Строцци"]["money"] - 20
    assert after["families"]["Строцци"]["rights"] == ["trading_post"]
    assert after["families"]["Висконти"]["money"] == before["families"]["Висконти"]["money"] - 5
    assert told(result, "Висконти") == [
        "Ставка 7\u00a0Д на аукционе «Фактория» не выиграла: "
        "минимальная ставка 5\u00a0Д потеряна, 2\u00a0Д вам вернули."
    ]


def test_a_family_bids_once_at_an_auction_and_never_below_the_minimum() -> None:
    state = game()
    assert refused(state, "Медичи", "СТАВКА Фактория 9", "СТАВКА Фактория 12") == ["council_duplicate"]
    assert refused(state, "Медичи", "СТАВКА Фактория 4") == ["council_bid_too_low"]
    assert refused(state, "Медичи", "СТАВКА Дипломат 2") == []
    assert refused(state, "Медичи", "СТАВКА Эскадры 6") == ["council_squadrons_by_order"]


def test_eight_mercenary_lots_five_by_quota_three_open() -> None:
    bids = {f.name: [f"СТАВКА Наёмники {5 + i}"] for i, f in enumerate(DATA.families)}
    after = run(game(), bids).state
    # each power's best (the last of its three) by quota, then the three best of the rest: 18, 17
    # and Sforza's 15 (Visconti's 14 with Lombardy's 5 % is 14,7)
    quota = {"Савелли", "Пацци", "Мочениго", "Тривульцио", "Карафа"}
    assert set(lots(after, "Наёмники")) == quota | {"Сансеверино", "Караччоло", "Сфорца"}


def test_governing_a_mercenary_province_adds_five_percent_a_province() -> None:
    """Savelli govern Romagna («наёмники»): their 10 counts as 10,5 and beats Orsini's 10."""
    state = game()
    result = run(state, {"Орсини": ["СТАВКА Наёмники 10"], "Савелли": ["СТАВКА Наёмники 10"]})
    assert "«Наёмники», квота Рима: Савелли (10\u00a0Д)." in log(result)
    assert "Аукцион «Наёмники», ставки: Орсини 10, Савелли 10 (+5 %)." in log(result)
    for province in ("Ломбардия", "Бергамо"):  # two mercenary provinces: Sforza's bids count 10 % more
        state["provinces"][province]["governor"] = "Сфорца"
    result = run(state, {"Висконти": ["СТАВКА Наёмники 10"], "Сфорца": ["СТАВКА Наёмники 10"]})
    assert "«Наёмники», квота Милана: Сфорца (10\u00a0Д)." in log(result)
    tied = {"Висконти": "СТАВКА Наёмники 11", "Сфорца": "СТАВКА Наёмники 10"}  # 11 against 10 + 10 %
    assert [RULESET.catalog.render(d.purpose, "ru") for d in _draws(state, tied)] == [
        "жребий: равные ставки на аукционе «Наёмники» (11\u00a0Д)"
    ]


def _draws(state: State, mails: dict[str, str], seed: str = "t") -> list[Draw]:
    rng = Rng(seed)
    RULESET.resolve(state, "planning", {f: parsed(state, f, line) for f, line in mails.items()}, rng)
    return list(rng.log)


def test_equal_bids_for_the_last_lot_go_by_a_logged_lot() -> None:
    state = game()
    mails = {"Медичи": "СТАВКА Колонисты 10", "Орсини": "СТАВКА Колонисты 8", "Дандоло": "СТАВКА Колонисты 8"}
    winners = set()
    for seed in "abcdefgh":
        rng = Rng(seed)
        after = RULESET.resolve(
            state, "planning", {f: parsed(state, f, line) for f, line in mails.items()}, rng
        ).state
        won = lots(after, "Колонисты")
        assert len(won) == 2 and "Медичи" in won
        winners |= won.keys() - {"Медичи"}
        assert [(RULESET.catalog.render(d.purpose, "ru"), sorted(map(str, d.values))) for d in rng.log] == [
            ("жребий: равные ставки на аукционе «Колонисты» (8\u00a0Д)", ["Дандоло", "Орсини"])
        ]
    assert winners == {"Орсини", "Дандоло"}


def test_three_improvement_lots_to_the_top_bids() -> None:
    bids = {
        "Медичи": ["СТАВКА Улучшение 9"],
        "Орсини": ["СТАВКА Улучшение 8"],
        "Колонна": ["СТАВКА Улучшение 7"],
    }
    bids["Дандоло"] = ["СТАВКА Улучшение 6"]
    assert set(lots(run(game(), bids).state, "Улучшение")) == {"Медичи", "Орсини", "Колонна"}


def test_squadrons_three_to_ruling_families_any_number_each_at_price_times_quantity() -> None:
    before = game()
    assert refused(before, "Строцци", "КУПИТЬ ЭСКАДРЫ 1 9") == ["council_ruling_only"]
    assert refused(before, "Медичи", "КУПИТЬ ЭСКАДРЫ 2 7", "СТАВКА Фактория 41") == [
        "council_not_enough_money_with_above"
    ]
    result = run(
        before,
        {
            "Медичи": ["КУПИТЬ ЭСКАДРЫ 2 7"],
            "Висконти": ["КУПИТЬ ЭСКАДРЫ 2 6"],
            "Орсини": ["КУПИТЬ ЭСКАДРЫ 1 5"],
        },
    )
    after = result.state
    assert lots(after, "Эскадры") == {"Медичи": 2, "Висконти": 1}
    assert (after["realms"]["Флоренция"]["squadrons"], after["realms"]["Милан"]["squadrons"]) == (2, 1)
    assert after["families"]["Медичи"]["money"] == before["families"]["Медичи"]["money"] - 14
    assert after["families"]["Висконти"]["money"] == before["families"]["Висконти"]["money"] - 6
    assert (
        after["families"]["Орсини"]["money"] == before["families"]["Орсини"]["money"] - 5
    )  # lost: the minimum
    assert told(result, "Медичи") == ["Вы купили 2 эскадры по 7\u00a0Д, всего за 14\u00a0Д."]
    assert told(result, "Висконти") == [
        "Вам досталось только 1 эскадра по 6\u00a0Д, всего за 6\u00a0Д; 6\u00a0Д вам вернули."
    ]


def test_a_bid_is_paid_from_the_money_of_the_stage_with_the_lines_above() -> None:
    state = game()
    have = state["families"]["Медичи"]["money"]
    (problem,) = RULESET.check(
        state,
        "Медичи",
        "planning",
        parsed(state, "Медичи", f"СТАВКА Фактория {have - 5}", "СТАВКА Дипломат 6"),
    )
    assert RULESET.catalog.render(problem.msg, "ru") == (
        f"Вместе со строками выше нужно {have + 1}\u00a0Д, а у семьи на начало стадии {have}\u00a0Д."
    )
