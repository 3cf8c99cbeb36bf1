"""A scripted six-player game of eight turns, written as players write their mails: an alliance and
a joint army conquer a one-province computer country (automatic peace → vassal), a war between
players with a lost attack, a capture and a white peace, a vassalage bought with influence, a
player auto-killed after two silent turns whose country the computer then defends."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engines.contract import JSON, Command, Resolution
from engines.rng import Rng
from engines.rus import RULESET
from parsers.orders import parse_commands
from tests.engines.helpers import as_json
from tests.engines.rus.helpers import seed_where, status

PLAYERS = ["Рязань", "Чернигов", "Новгород", "Киев", "Владимир", "Тверь"]
MISSED_TO_RETIRE = 2  # the daemon's max_missed: two silent turns in a row

SCRIPT: dict[int, dict[str, list[str]]] = {
    1: {
        "Рязань": ["СОЮЗ Владимир", "ИЗУЧИТЬ Кораблестроение 500"],
        "Владимир": ["СОЮЗ Рязань", "ПОХОД Владимир 10 0 Москва"],
        "Новгород": ["ТОРГОВЛЯ Новгород Псков", "БРАК Псков", "ДАР Псков 200"],
        "Киев": ["ДРУЖИНА 5"],
        "Чернигов": ["ТАКТИКА Копейщики", "ДРУЖИНА 4"],
        "Тверь": ["ПОЛИТИКА Наука"],
    },
    2: {
        "Рязань": ["ВОЙНА Муром", "ДРУЖИНА 4"],
        "Владимир": ["ПОХОД Москва 10 0 Тула Рязань"],
        "Новгород": ["ДАР Псков 300", "ИЗУЧИТЬ Посольства 250"],
        "Киев": ["ВОЙНА Чернигов", "ПОХОД Киев 15 0 Чернигов"],
        "Чернигов": ["ДРУЖИНА 2"],
        "Тверь": ["ИЗУЧИТЬ Замет 100"],
    },
    3: {  # Тверь falls silent from here on
        "Рязань": ["ПОХОД Рязань 14 0 Муром", "УСЛОВИЯ Муром Вассалитет"],
        "Владимир": ["ПОД КОМАНДУ Рязань Рязань 10"],
        "Новгород": ["ПОСОЛЬСТВО Псков", "ДАР Псков 400"],
        "Киев": ["ДРУЖИНА 2"],
        "Чернигов": ["ПОХОД Чернигов 10 0 Вышгород"],
    },
    4: {
        "Рязань": ["ДРУЖИНА 2"],
        "Владимир": ["ДРУЖИНА 1"],
        "Новгород": ["ДАР Псков 300"],
        "Киев": ["ДРУЖИНА 1"],
        "Чернигов": ["ДРУЖИНА 1"],
    },
    5: {
        "Рязань": ["ПРИЗЫВ Муром"],
        "Новгород": ["ТРЕБОВАТЬ ПРИСЯГИ Псков"],
        "Киев": ["МИР Чернигов Белый"],
        "Чернигов": ["МИР Киев Белый"],
        "Владимир": ["ДРУЖИНА 1"],
    },
    6: {
        "Рязань": ["ДРУЖИНА 1"],
        "Новгород": ["ВОЙНА Тверь"],
        "Киев": ["ДРУЖИНА 1"],
        "Чернигов": ["ДРУЖИНА 1"],
        "Владимир": ["ДРУЖИНА 1"],
    },
    7: {
        "Рязань": ["ДРУЖИНА 1"],
        "Новгород": ["ПОХОД Новгород 10 0 Торжок Тверь"],
        "Киев": ["ДРУЖИНА 1"],
        "Чернигов": ["ДРУЖИНА 1"],
        "Владимир": ["ДРУЖИНА 1"],
    },
    8: {
        "Рязань": ["ДРУЖИНА 1"],
        "Новгород": ["ДРУЖИНА 1"],
        "Киев": ["ДРУЖИНА 1"],
        "Чернигов": ["ДРУЖИНА 1"],
        "Владимир": ["ДРУЖИНА 1"],
    },
}


def _news(result: Resolution[JSON], code: str) -> list[dict[str, object]]:
    return [dict(m.params) for m in result.news if m.code == code]


Played = tuple[list[JSON], list[Resolution[JSON]], list[str]]  # states (0 = setup), results, retired powers


def play(
    store: Callable[[JSON], JSON] = lambda state: state,
    kept: Callable[[list[Command]], list[Command]] = lambda commands: commands,
) -> Played:
    """The eight turns; orders parsed from the mail lines and checked as the daemon does; a player
    silent for two turns in a row is retired to the computer (the daemon's auto-kill → handover).
    `store` is what the state goes through between turns (the daemon keeps it as JSON), `kept` what
    the parsed orders do (as a turn record keeps them)."""
    state = RULESET.setup(PLAYERS, Rng("setup"))
    phase = RULESET.phases["orders"]
    silent = dict.fromkeys(PLAYERS, 0)
    states, results, retired = [state], [], []
    for turn, mails in SCRIPT.items():
        state = store(state)
        orders = {}
        for power in PLAYERS:
            if power in state["ai"]:
                continue
            if power not in mails:
                silent[power] += 1
                continue
            silent[power] = 0
            lines = list(enumerate(mails[power], start=1))
            parsed = parse_commands(lines, phase, RULESET.vocabularies(state))
            assert parsed.problems == [], (turn, power, parsed.problems)
            commands = kept(parsed.commands)
            refused = RULESET.check(state, power, "orders", commands)
            assert refused == [], (turn, power, [(p.line, p.msg.code, dict(p.msg.params)) for p in refused])
            orders[power] = commands
        result = RULESET.resolve(state, "orders", orders, Rng(seed_where(state, "Рязань", "Владимир")))
        state = result.state
        for power, count in silent.items():
            if count >= MISSED_TO_RETIRE and power not in state["ai"]:
                state = RULESET.handover(state, power, True)
                retired.append(power)
        states.append(state)
        results.append(result)
    return states, results, retired


@pytest.fixture(scope="module")
def game() -> Played:
    return play()


def test_the_alliance_goes_to_war_and_the_joint_army_wins_a_vassal(game: Played) -> None:
    states, results, _ = game
    t2, t3 = results[1], results[2]
    sides = _news(t2, "rus_treaty_news_war_sides")[0]
    assert sides == {"attackers": "Рязань, Владимир", "defenders": "Муром"}
    assert states[2]["influence"]["Владимир"]["Муром"] == -150  # the ally that joined pays too
    battle = next(b for b in _news(t3, "rus_news_battle") if b["province"] == "Муром")
    assert battle["winner"] == "Рязань"
    joint = [m for m in t3.reports["Владимир"] if m.code.startswith("rus_war")]
    assert joint, "the lent druzhina fought under Рязань's command"
    assert states[3]["vassals"]["Муром"] == "Рязань"
    assert not any("Муром" in war for war in states[3]["wars"])  # the automatic peace ends its wars
    assert "Муром" not in states[3]["occupied"]
    plunder = [line for line in states[3]["accounts"]["Рязань"] if line["item"] == "plunder"]
    assert plunder and plunder[0]["amount"] > 0
    tribute = [line for line in states[4]["accounts"]["Рязань"] if line["item"] == "tribute"]
    assert tribute and tribute[0]["amount"] > 0


def test_a_war_between_players_a_lost_attack_a_capture_and_a_white_peace(game: Played) -> None:
    states, results, _ = game
    assert next(b for b in _news(results[1], "rus_news_battle") if b["province"] == "Чернигов")["winner"] == (
        "Чернигов"
    )
    assert states[3]["occupied"].get("Вышгород") == "Чернигов"
    assert _news(results[4], "rus_treaty_news_white_peace") == [{"a": "Киев", "b": "Чернигов"}]
    after = states[5]
    assert "Вышгород" not in after["occupied"] and after["provinces"]["Вышгород"]["owner"] == "Киев"
    assert "Вышгород" not in after["countries"]["Чернигов"]["posts"]  # the troops went home
    assert not any({"Киев", "Чернигов"} == set(war) for war in after["wars"])


def test_a_vassalage_bought_with_influence(game: Played) -> None:
    states, results, _ = game
    assert states[4]["influence"]["Новгород"]["Псков"] == 200
    assert "Новгород" in states[4]["rights"]["Псков"]
    assert states[5]["vassals"]["Псков"] == "Новгород"
    assert _news(results[4], "rus_news_vassal") == [{"vassal": "Псков", "suzerain": "Новгород"}]


def test_the_silent_player_is_retired_and_the_computer_defends(game: Played) -> None:
    states, results, retired = game
    assert retired == ["Тверь"]
    assert "Тверь" in states[4]["ai"] and states[4]["countries"]["Тверь"]["stability"] == 0
    assert RULESET.ai_orders(states[6], "Тверь", "orders") == []  # section 8.4: no initiative
    battle = next(b for b in _news(results[6], "rus_news_battle") if b["province"] == "Тверь")
    assert battle["winner"] == "Тверь"


def test_every_turn_tells_every_player_in_both_languages_and_the_game_is_deterministic(game: Played) -> None:
    states, results, _ = game
    for result in results:
        for messages in [*result.reports.values(), result.news, result.gm_log]:
            for msg in messages:
                assert RULESET.catalog.render(msg, "ru") and RULESET.catalog.render(msg, "en")
    again = play()[1]
    assert [as_json(r) for r in again] == [as_json(r) for r in results]
    assert states[-1]["turn"] == 9 and not states[-1]["over"]
    scores = RULESET.scores(states[-1])
    assert set(scores) == set(PLAYERS)  # Тверь, retired to the computer, stays in the standings
    assert json.dumps(states[-1], ensure_ascii=False)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_final_balance_renders_for_every_player(game: Played, lang: str) -> None:
    states, _, _ = game

    for power in PLAYERS:
        assert status(states[-1], power, lang).strip()
    novgorod = status(states[-1], "Новгород", lang)
    assert ("Псков" if lang == "ru" else "Pskov") in novgorod
