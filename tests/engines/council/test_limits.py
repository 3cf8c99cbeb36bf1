"""The limits wherever a province changes hands or gets a governor or a post. The rulebook's
limit of governorships («Если количество провинций у семьи превышает предел, установленный для
державы данного размера, проект о назначении не проходит») binds every governorship a family
gains: project 9, a colony it founds, a holding it claims. A trading post is a power's («закрыть
торговую факторию другой державы»): one of each power in a province, and none on its own land,
so an annexation or a colony closes the new owner's posts there. The trial saw «Наместник:
Тоскана, Лукка, Корсика» under «Наместничеств у семьи: до 2», and six posts in one province, two
of each of three powers."""

from __future__ import annotations

from tests.engines.council.helpers import actions, game, refused, run, told

FLORENCE = "Флоренция"


def test_a_colony_beyond_the_founders_governorships_has_no_governor() -> None:
    """Medici govern Tuscany and Lucca; Florence's five provinces with Corsica make it a middle
    power: two governorships a family."""
    state = actions(game(), Медичи="colonists")
    state["provinces"]["Лукка"]["governor"] = "Медичи"
    result = run(state, {"Медичи": ["ОСНОВАТЬ КОЛОНИЮ Корсика"]})
    corsica = result.state["provinces"]["Корсика"]
    assert (corsica["realm"], corsica["governor"]) == (FLORENCE, "")
    assert [p for p, here in result.state["provinces"].items() if here["governor"] == "Медичи"] == [
        "Тоскана",
        "Лукка",
    ]
    assert (
        "Вы основали колонию на Корсике, но наместником не стали: у вас уже 2 наместничества, "
        "больше держава такого размера не даёт." in told(result, "Медичи")
    )


def test_a_holding_beyond_the_limit_is_refused() -> None:
    state = actions(game(), Медичи="diplomats")
    state["provinces"]["Сиена"]["governor"] = "Медичи"
    state["provinces"]["Лукка"]["governor"] = ""
    assert refused(state, "Медичи", "ЗАЯВИТЬ ПРАВА Лукка") == ["council_governorships_full"]


def test_two_holdings_in_one_stage_stop_at_the_limit() -> None:
    """Both lines pass the checks (the world as the stage began); the second finds the limit
    reached by the first, says so and keeps its diplomat."""
    state = actions(game(), Орсини=["diplomats", "diplomats"])
    state["provinces"]["Умбрия"]["governor"] = ""
    result = run(state, {"Орсини": ["ЗАЯВИТЬ ПРАВА Анкона", "ЗАЯВИТЬ ПРАВА Умбрия"]})
    assert (
        result.state["provinces"]["Анкона"]["governor"],
        result.state["provinces"]["Умбрия"]["governor"],
    ) == (
        "Орсини",
        "",
    )
    assert result.state["families"]["Орсини"]["rights"] == ["diplomats"]
    assert "У Орсини уже 2 наместничества: больше в державе такого размера не положено." in told(
        result, "Орсини"
    )


def test_a_governor_beyond_the_limit_is_refused_when_put() -> None:
    state = game()
    state["provinces"]["Лукка"]["governor"] = "Медичи"
    assert refused(state, "Строцци", "НАЗНАЧИТЬ НАМЕСТНИКА Сиена Медичи") == ["council_governorships_full"]


def test_a_power_keeps_one_trading_post_in_a_province() -> None:
    state = actions(game(), Пацци="trading_post", Строцци="trading_post")
    state["trading_posts"].append({"province": "Лаций", "realm": FLORENCE, "family": "Пацци"})
    assert refused(state, "Строцци", "ОТКРЫТЬ ФАКТОРИЮ Лаций") == ["council_post_already"]


def test_two_families_of_one_power_open_one_post_in_a_province() -> None:
    state = actions(game(), Пацци="trading_post", Строцци="trading_post")
    result = run(state, {"Пацци": ["ОТКРЫТЬ ФАКТОРИЮ Лаций"], "Строцци": ["ОТКРЫТЬ ФАКТОРИЮ Лаций"]})
    posts = [p for p in result.state["trading_posts"] if p["province"] == "Лаций"]
    assert len(posts) == 1
    late = next(f for f in ("Пацци", "Строцци") if f != posts[0]["family"])
    assert "Фактория Флоренции в Лации уже есть, а у державы там бывает только одна." in told(result, late)
    assert result.state["families"][late]["rights"] == ["trading_post"]


def test_an_annexation_closes_the_new_owners_posts_there() -> None:
    state = game()
    state["provinces"]["Корсика"]["occupied"] = "Неаполь"
    result = run(state, {"Караччоло": ["АННЕКСИРОВАТЬ Корсика"]})
    assert not [p for p in result.state["trading_posts"] if p["province"] == "Корсика"]
    assert (
        "Корсика теперь провинция Неаполя, и ваша фактория там закрыта: фактории стоят только на "
        "чужих землях." in told(result, "Караччоло")
    )


def test_a_colony_closes_the_founders_powers_posts_there() -> None:
    state = actions(game(), Медичи="colonists")
    state["trading_posts"].append({"province": "Корсика", "realm": FLORENCE, "family": "Пацци"})
    result = run(state, {"Медичи": ["ОСНОВАТЬ КОЛОНИЮ Корсика"]})
    assert [p["realm"] for p in result.state["trading_posts"] if p["province"] == "Корсика"] == ["Неаполь"]
    assert any("ваша фактория там закрыта" in line for line in told(result, "Пацци"))
