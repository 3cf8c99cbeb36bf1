"""The world sections 1–7 would have held, as our data.toml makes it: the start of a turn (the
influence gain, then the status it gives, then the income of that status, 8.2), revolts, forms
of government and sizes by their thresholds, the lot that spreads families over the powers, a
player joining, the GM's corrections and secret data, the victory points and the end."""

from __future__ import annotations

from collections import Counter

from engines.contract import Clamped, Joined
from engines.council import RULESET
from engines.council.data import DATA
from engines.council.world import government, realm_of, size, status
from engines.rng import Rng
from engines.text import Msg
from tests.engines.council.helpers import FAMILIES, game, run, through, told
from tests.engines.helpers import as_json


def test_the_turn_starts_with_the_influence_gain_then_the_status_then_the_income() -> None:
    """Orsini rule Rome (gain 1 + 1 governorship + 2 ruling); Colonna govern Umbria and command
    Rome's army (1 + 1 + 1), so their 20 become 23; at 28 the gain makes them noble at once, and
    they are paid as noble that very turn."""
    state = game()
    state["families"]["Колонна"]["influence"] = 28
    money = state["families"]["Колонна"]["money"]
    result = through(state, {}, {}, {})
    colonna = result.state["families"]["Колонна"]
    assert (colonna["influence"], colonna["status"], colonna["gain"]) == (31, "noble", 3)
    assert colonna["income"] == [{"item": "status", "amount": 5}, {"item": "governorships", "amount": 2}]
    assert colonna["money"] == colonna["budget"] == money + 7
    assert told(result, "Колонна") == [
        f"Ход 2 начался: влиятельность +3 (теперь 31), доход 7\u00a0Д (в казне {money + 7}\u00a0Д).",
        "Ваша семья теперь знатная.",
    ]


def test_a_province_revolts_at_low_loyalty() -> None:
    state = game()
    state["provinces"]["Умбрия"]["loyalty"] = DATA.bounds.revolt_at
    after = through(state, {}, {}, {}).state
    assert after["provinces"]["Умбрия"]["revolt"] and not after["provinces"]["Лаций"]["revolt"]


def test_forms_of_government_and_sizes_by_their_thresholds() -> None:
    state = game()
    names = []
    for freedom in (0, 24, 25, 49, 50, 74, 75, 100):
        state["realms"]["Рим"]["freedom"] = freedom
        names.append(government(state, "Рим").name)
    assert names == [
        "Деспотия",
        "Деспотия",
        "Монархия",
        "Монархия",
        "Олигархия",
        "Олигархия",
        "Республика",
        "Республика",
    ]
    assert size(state, "Рим").name == "Средняя"  # four provinces
    state["provinces"]["Лаций"]["realm"] = "Неаполь"
    assert size(state, "Рим").name == "Малая" and size(state, "Неаполь").name == "Средняя"  # 3 and 5
    state["provinces"]["Умбрия"]["realm"] = "Неаполь"
    assert size(state, "Неаполь").name == "Большая"


def test_the_lot_spreads_the_families_evenly_over_the_powers() -> None:
    for players in (2, 5, 7, 12, 15):
        for seed in ("a", "b", "c"):
            drawn = RULESET.draw(RULESET.playable_powers(players), players, Rng(seed))
            played = Counter(DATA.family(f).realm for f in drawn[:players])
            assert max(played.values()) - min(played.get(r.name, 0) for r in DATA.realms) <= 1
            assert sorted(drawn) == sorted(FAMILIES)


def test_each_power_gets_a_ruling_family_by_lot_among_its_played_ones() -> None:
    state = RULESET.setup(["Медичи", "Пацци", "Орсини"], Rng("lot"))
    assert state["realms"]["Флоренция"]["ruling"] in ("Медичи", "Пацци")
    assert state["realms"]["Рим"]["ruling"] == "Орсини"
    assert all(state["realms"][r.name]["ruling"] for r in DATA.realms)
    assert [status(state, f) for f in ("Орсини",)] == ["ruling"]


def test_a_joining_player_takes_a_free_family_of_a_power_with_the_fewest_players() -> None:
    state = game()  # five rulers played, one a power
    joined = RULESET.join(state, "", Rng("join"), [])
    assert isinstance(joined, Joined) and joined.power not in state["played"]
    named = RULESET.join(state, "Пацци", Rng("join"), [])
    assert isinstance(named, Joined) and named.power == "Пацци" and "Пацци" in named.state["played"]
    for name, why in (("Медичи", "За Медичи уже играет игрок."), ("Борджиа", "Семьи «Борджиа» в игре нет.")):
        refusal = RULESET.join(state, name, Rng("j"), [])
        assert isinstance(refusal, Msg) and RULESET.catalog.render(refusal, "ru") == why
    freed = RULESET.handover(state, "Медичи", True)
    assert "Медичи" not in freed["played"]
    taken = RULESET.join(freed, "", Rng("join"), [])
    assert (
        isinstance(taken, Joined) and realm_of(freed, taken.power) == "Флоренция"
    )  # the one power without a player


def test_the_gm_corrects_influence_within_its_scale() -> None:
    state = game()
    assert RULESET.read(state, "Медичи", "money") == state["families"]["Медичи"]["money"]
    assert RULESET.adjust(state, "Медичи", "influence", 50)["families"]["Медичи"]["influence"] == 50
    clamped = RULESET.limit(state, "Медичи", "influence", 140)
    assert isinstance(clamped, Clamped) and clamped.value == 100
    assert RULESET.catalog.render(clamped.why, "ru") == "влиятельность не бывает больше 100"
    assert RULESET.limit(state, "Медичи", "money", 500) is None


def test_the_gm_data_names_the_tribal_leaders_whom_only_the_ruling_family_may_ask_about() -> None:
    wrong = {"tribal_unions": {"Сарды": "Пацци", "Корсы": "Борджиа", "Гунны": "Медичи"}}
    said = "\n".join(t.ru for t in RULESET.data_problems(game(), wrong))
    assert "tribal_unions.Корсы: «Борджиа» — нет такой семьи" in said
    assert "tribal_unions.Гунны: нет такого племенного союза" in said
    state = RULESET.with_data(game(), {"tribal_unions": {"Сарды": "Пацци"}})
    assert state["gm_data"] == {"tribal_unions": {"Сарды": "Пацци"}}
    result = run(state, {"Орсини": ["ПРОВЕРИТЬ Пацци", "ПРОВЕРИТЬ Медичи"]})
    assert told(result, "Орсини") == [
        "Проверка: Пацци ведут союз племён.",
        "Проверка: Медичи союз племён не ведут.",
    ]
    assert "tribal" not in str(RULESET.view(state, "Пацци")) and "gm_data" not in RULESET.view(state, "Пацци")


def test_victory_points_and_the_end_of_the_game() -> None:
    state = game()
    points = RULESET.scores(state)
    medici = state["families"]["Медичи"]
    assert points["Медичи"] == medici["influence"] + 5 * 1 + 10 + medici["money"] // 10
    state["turn"] = DATA.game.last_turn
    after = through(state, {}, {}, {})
    assert after.state["over"] and after.state["turn"] == DATA.game.last_turn
    assert [RULESET.catalog.render(m, "ru") for m in after.news] == [
        f"Игра окончена после хода {DATA.game.last_turn}."
    ]


def test_a_stage_resolves_the_same_for_the_same_seed() -> None:
    state = game()
    mails = {
        "Медичи": ["СТАВКА Колонисты 8"],
        "Орсини": ["СТАВКА Колонисты 8"],
        "Дандоло": ["СТАВКА Колонисты 8"],
    }
    assert as_json(run(state, mails, seed="s")) == as_json(run(state, mails, seed="s"))  # type: ignore[arg-type]
