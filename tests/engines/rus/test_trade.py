"""Trade (4.1, 4.2): the rulebook's Рязань–Новгород example and the rules around it."""

from __future__ import annotations

from engines.rus import RULESET
from engines.rus.trade import gross, read_route
from parsers.orders import parse_commands
from tests.engines.helpers import codes, mail, o
from tests.engines.rus.helpers import NOVGOROD, RYAZAN, game, problems, run, seed_where, setc

ROUTE = "Рязань - Тула – Москва – Тверь – Торжок – В.Новгород"
ROUTE_PATH = ["Рязань", "Тула", "Москва", "Тверь", "Торжок", "Новгород"]


def _lines(state: dict, power: str, item: str) -> list[int]:  # type: ignore[type-arg]
    return [line["amount"] for line in state["accounts"][power] if line["item"] == item]


def test_the_route_text_reads_as_the_rulebook_writes_it() -> None:
    assert read_route(ROUTE) == ["Рязань", "Тула", "Москва", "Тверь", "Торжок", "Новгород"]
    assert read_route("Рязань Тула Пропадинск") is None


def test_the_route_in_an_order_is_read_province_by_province_and_pays_as_the_stored_text() -> None:
    state = game()
    phase, names = RULESET.phases["orders"], RULESET.vocabularies(state)
    parsed = parse_commands([(1, f"ТОРГОВЛЯ Рязань Новгород {ROUTE}"), (2, "ЯРМАРКА Рязань")], phase, names)
    assert parsed.problems == [] and parsed.commands[0].lists == {"route": tuple(ROUTE_PATH)}
    stored = {RYAZAN: mail(o("trade", province="Рязань", partner=NOVGOROD, route=ROUTE))}
    seed = seed_where(state, RYAZAN, NOVGOROD)
    fair = {NOVGOROD: mail(o("fair", province="Рязань"))}
    read = run(state, {RYAZAN: parsed.commands[:1], **fair}, seed).state
    assert read["routes"] == run(state, {**stored, **fair}, seed).state["routes"] != []
    typo = parse_commands([(1, "ТОРГОВЛЯ Рязань Новгород Рязань → Тулла → Москва")], phase, names)
    assert [(p.msg.code, p.msg.params["word"], p.suggestion) for p in typo.problems] == [
        ("unknown_item", "Тулла", "Тула")
    ]


def test_income_by_the_partners_size() -> None:
    state = game()
    assert [gross(state, p) for p in ("Муром", "Ростов", "Рязань", "Новгород", "Польша")] == [
        100,
        150,
        100,
        50,
        75,
    ]
    for name in ("Ладога", "Руса", "Торжок"):
        state["provinces"][name]["owner"] = "Киев"  # Киев: 5 provinces
    assert gross(state, "Киев") == 20


def test_ryazan_earns_40_and_novgorod_25_and_each_transit_country_5() -> None:
    state = game()
    orders = {
        RYAZAN: mail(o("trade", province="Рязань", partner=NOVGOROD, route=ROUTE)),
        NOVGOROD: mail(o("fair", province="Рязань")),
    }
    after = run(state, orders, seed_where(state, RYAZAN, NOVGOROD)).state
    assert after["routes"] == [
        {
            "caravan": RYAZAN,
            "province": "Рязань",
            "fair": NOVGOROD,
            "path": ["Рязань", "Тула", "Москва", "Тверь", "Торжок", "Новгород"],
        }
    ]
    assert _lines(after, RYAZAN, "trade") == [40]
    assert _lines(after, NOVGOROD, "fair") == [25]
    assert _lines(after, "Владимир", "transit") == [5] and _lines(after, "Тверь", "transit") == [5]
    assert after["influence"][RYAZAN][NOVGOROD] == 20 and after["influence"][NOVGOROD][RYAZAN] == 20


def test_between_players_both_must_order_it() -> None:
    state = game()
    result = run(state, {RYAZAN: mail(o("trade", province="Рязань", partner=NOVGOROD, route=ROUTE))})
    assert result.state["routes"] == []
    assert "rus_trade_waits" in [m.code for m in result.reports[RYAZAN]]


def test_a_computer_partner_needs_no_consent_but_influence_at_least_0() -> None:
    state = game()
    state["influence"][RYAZAN]["Муром"] = -10
    assert problems(state, RYAZAN, o("trade", province="Рязань", partner="Муром")) == ["rus_trade_influence"]
    state["influence"][RYAZAN]["Муром"] = 0
    after = run(state, {RYAZAN: mail(o("trade", province="Рязань", partner="Муром"))}).state
    assert _lines(after, RYAZAN, "trade") == [100]  # neighbours: no transit
    assert _lines(after, "Муром", "fair") == [50]


def test_poland_pays_75_less_transit() -> None:
    state = game()
    route = "Рязань Тула Козельск Чернигов Киев Луцк Владимир-Волынский"
    after = run(state, {RYAZAN: mail(o("trade", province="Рязань", partner="Польша", route=route))}).state
    assert _lines(after, RYAZAN, "trade") == [75 - 5 * 5]  # Козельск, Чернигов, Киев, Луцк, В-Волынский


def test_one_partner_per_province_and_a_bad_route() -> None:
    state = game()
    state["routes"].append(
        {"caravan": RYAZAN, "province": "Рязань", "fair": "Муром", "path": ["Рязань", "Муром"]}
    )
    assert problems(state, RYAZAN, o("trade", province="Рязань", partner="Польша")) == ["rus_province_trades"]
    assert problems(state, RYAZAN, o("trade", province="Тула", partner=NOVGOROD, route="Тула Тверь")) == [
        "rus_bad_route"
    ]


def test_the_trade_policy_opens_one_more_route() -> None:
    state = game()
    state["routes"].append(
        {"caravan": RYAZAN, "province": "Рязань", "fair": "Муром", "path": ["Рязань", "Муром"]}
    )
    assert (
        problems(
            state, RYAZAN, o("policy", policy="Торговля"), o("trade", province="Рязань", partner="Польша")
        )
        == []
    )


def test_war_closes_a_route_and_a_mobilised_province_does_not_trade() -> None:
    state = game()
    state["routes"].append(
        {"caravan": RYAZAN, "province": "Рязань", "fair": "Муром", "path": ["Рязань", "Муром"]}
    )
    state["wars"] = [[RYAZAN, "Муром"]]
    after = run(state).state
    assert _lines(after, RYAZAN, "trade") == [] and after["trade"][0]["closed"] == "war"
    state["wars"] = []
    state["provinces"]["Рязань"]["militia"] = 3
    after = run(state).state
    assert after["trade"][0]["closed"] == "militia"


def test_a_fair_of_seven_routes_is_a_trade_centre() -> None:
    state = game()
    sellers = ["Тула", "Пронск", "Мценск", "Козельск", "Чернигов", "Тверь", "Кашин"]
    for province in sellers:
        owner = state["provinces"][province]["owner"]
        state["routes"].append(
            {"caravan": owner, "province": province, "fair": "Муром", "path": [province, "Муром"]}
        )
    after = run(state).state
    assert after["centres"] == ["Муром"]
    fair = sum(_lines(after, "Муром", "fair"))
    assert _lines(after, "Муром", "centre") == [fair // 2]
    state["occupied"] = {"Муром": RYAZAN}
    assert run(state).state["centres"] == []


def test_the_trade_policy_doubles_one_province_only_even_within_one_mail() -> None:
    state = game()
    setc(state, RYAZAN, policy="Торговля")
    for province in ("Рязань", "Тула"):
        state["routes"].append(
            {"caravan": RYAZAN, "province": province, "fair": "Муром", "path": [province, "Муром"]}
        )
    mail_lines = (
        o("trade", province="Рязань", partner="Польша"),
        o("trade", province="Тула", partner="Польша"),
    )
    assert problems(state, RYAZAN, *mail_lines) == ["rus_province_trades"]  # «одна из провинций»
    assert problems(state, RYAZAN, mail_lines[1]) == []


def test_another_countrys_levy_stopping_a_route_is_not_shown_to_the_other_side() -> None:
    state = game()
    state["routes"].append({"caravan": RYAZAN, "province": "Рязань", "fair": NOVGOROD, "path": ROUTE_PATH})
    state["provinces"]["Новгород"]["militia"] = 5  # the fair's capital is mobilised: a secret
    result = run(state)
    assert result.state["trade"][0]["closed"] == "militia"
    assert "rus_trade_idle" in codes(result.reports[RYAZAN])
    assert "rus_trade_idle_militia" not in codes(result.reports[RYAZAN])
    assert [r["closed"] for r in RULESET.view(result.state, RYAZAN)["routes"]] == ["idle"]
    assert [r["closed"] for r in RULESET.view(result.state, NOVGOROD)["routes"]] == ["militia"]
    state["provinces"]["Новгород"]["militia"] = 0
    state["provinces"]["Рязань"]["militia"] = 3  # now the caravan's own levy
    after = run(state).state
    assert [r["closed"] for r in RULESET.view(after, RYAZAN)["routes"]] == ["militia"]
    assert [r["closed"] for r in RULESET.view(after, NOVGOROD)["routes"]] == ["idle"]
