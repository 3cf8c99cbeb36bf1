"""The game as a whole: setup, checks, victory, a scripted four-player game, AI, determinism,
catalog, views, templates and the order parser."""

from __future__ import annotations

import json
import re
import string

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

import parsers.orders
from daemon.outgoing.render import environment
from engines import get_ruleset
from engines.contract import JSON, Command, Resolution
from engines.mare import RULESET
from engines.mare.checks import CHECKS
from engines.mare.examples import BUILDERS
from engines.mare.schema import COMMANDS
from engines.mare.state import State
from engines.mare.world import (
    connectivity_cost,
    extra_components,
    influence,
    is_border,
    is_land,
    neighbours,
    owned,
)
from engines.rng import Rng
from engines.text import Msg
from tests.engines.helpers import as_json, mail, o
from tests.engines.mare.helpers import GAULS, GREEKS, PUNICS, ROME, bid, count, game, problems, run, typed
from tests.paths import REPO, TEMPLATES

SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "engines" / "mare").glob("*.py"))


# ---- setup -------------------------------------------------------------------------------------
def test_registered_as_mare() -> None:
    assert get_ruleset("mare") is RULESET


@pytest.mark.parametrize(("players", "size"), [(4, 28), (5, 30), (6, 33)])
def test_four_peoples_and_extra_peoples_bring_their_lands(players: int, size: int) -> None:
    powers = RULESET.playable_powers(players)
    assert powers[:4] == ["Римляне", "Греки", "Галлы", "Пуны"]
    state = typed(RULESET.setup(powers, Rng("x")))
    assert len(state["map"]) == size
    assert all(len(owned(state, p)) == 3 and all(is_land(t) for t in owned(state, p)) for p in powers)
    assert all(state["might"][p] == 12 for p in powers)
    with pytest.raises(ValueError):
        RULESET.playable_powers(3)


def test_one_phase_per_turn_and_keywords_are_not_header_words() -> None:
    assert list(RULESET.phases) == ["orders"] and RULESET.phases["orders"].counts_miss
    reserved = {"ИГРА", "GAME", "СТРАНА", "POWER", "COUNTRY", "ПАРОЛЬ", "PASSWORD", "ХОД", "TURN"}
    reserved |= {"ЗАПИСЫВАЮСЬ", "SIGNUP", "КОНЕЦ", "END", "ВЕДУЩИЙ", "GM", *RULESET.power_keywords}
    for spec in RULESET.phases["orders"].commands:
        assert not {k.split()[0] for k in spec.keywords} & reserved
        assert spec.help.ru and spec.help.en and spec.example.startswith(spec.keywords[0])


# ---- checks ------------------------------------------------------------------------------------
def test_allocations_never_exceed_the_influence_the_overspending_line_is_refused() -> None:
    state = game()
    lines = (bid("Лаций", 5), o("support", territory="Лигурия", side=GAULS, amount=6), bid("Этрурия", 2))
    assert RULESET.check(state, ROME, "orders", mail(*lines))[0].line == 3
    assert problems(state, ROME, *lines) == ["mare_not_enough_influence"]
    assert problems(state, ROME, bid("Лаций", 5), bid("Лаций", 1)) == ["mare_duplicate_order"]
    assert problems(state, ROME, o("support", territory="Лаций", side=ROME, amount=1)) == [
        "mare_support_self"
    ]


def test_refused_lines_are_reported_and_not_applied() -> None:
    state = game()
    result = run(state, {ROME: mail(bid("Лаций", 12), bid("Этрурия", 1))})
    assert result.state["allocations"][ROME] == {
        "rows": [{"order": "influence", "territory": "Лаций", "side": "", "amount": 12}],
        "available": 12,
        "spent": 12,
        "left": 0,
    }
    assert [m.code for m in result.reports[ROME]][:2] == ["mare_order_refused", "mare_not_enough_influence"]


def test_open_commands_offer_only_what_the_power_can_use() -> None:
    state = game()
    names = [spec.name for spec in RULESET.open_commands(state, ROME, "orders")]
    assert names == ["influence", "support", "fortify"]
    state["generals"]["Обаятор"] = ROME
    state["fortresses"]["Лаций"] = ROME
    state["owners"]["Корсика"] = ROME
    names = [spec.name for spec in RULESET.open_commands(state, ROME, "orders")]
    assert names == ["influence", "support", "charm", "fortify", "raze", "connect"]


# ---- victory ----------------------------------------------------------------------------------
def test_conquest_three_quarters_of_the_territories() -> None:
    state = game()
    homes = {t for p in (GREEKS, GAULS, PUNICS) for t in owned(typed(state), p)}
    for territory in state["map"]:
        state["owners"][territory] = state["owners"][territory] if territory in homes else ROME
    state["owners"]["Тарент"] = ROME  # 19 + 1 = 20 of 28: one short of 21
    assert not run(state).state["over"]
    state["owners"]["Бруттий"] = ROME
    result = run(state)
    assert result.state["over"] and result.state["winner"] == ROME and result.state["victory"] == "conquest"
    assert "mare_victory_conquest" in [m.code for m in result.news]
    assert problems(result.state, ROME, bid("Лаций", 1)) == ["mare_game_over"]


def test_domination_all_others_below_11_and_more_than_their_sum() -> None:
    state = game(rome=30, greeks=10, gauls=10, punics=10)
    result = run(state)
    assert result.state["winner"] == "" and not result.state["over"]  # 30 is not more than 30
    state = game(rome=31, greeks=10, gauls=10, punics=10)
    result = run(state)
    assert result.state["winner"] == ROME and result.state["victory"] == "domination"
    state = game(rome=40, greeks=11, gauls=1, punics=1)
    assert not run(state).state["over"]


# ---- a scripted game ---------------------------------------------------------------------------
def strategy(state: State, power: str, attack: int) -> list[Command]:
    """Keep connected, 3 on border land and 1 on other land (profitable), 1 on each neutral
    neighbour, `attack` on each enemy border territory next to it while influence lasts."""
    budget, lines = influence(state, power), []
    extra = extra_components(state, power)
    if extra and state["might"][power] >= 11 and connectivity_cost(extra) <= budget:
        lines.append(o("connect", count=extra))
        budget -= connectivity_cost(extra)
    for territory in owned(state, power):
        amount = min(budget, 3 if is_border(state, territory) else 1)
        if is_land(territory) and amount:
            lines.append(bid(territory, amount))
            budget -= amount
    mine = set(owned(state, power))
    near = [t for t in state["map"] if any(n in mine for n in neighbours(state, t))]
    for territory in [t for t in near if not state["owners"][t]]:
        if budget:
            lines.append(bid(territory, 1))
            budget -= 1
    for territory in [t for t in near if state["owners"][t] not in ("", power) and is_border(state, t)]:
        if attack and budget >= attack:
            lines.append(bid(territory, attack))
            budget -= attack
    return mail(*lines)


def play(
    script: dict[int, dict[str, list[Command]]], seed: str = "script"
) -> tuple[JSON, list[Resolution[JSON]]]:
    """Turns in `script` are played as written; the others by `strategy` (Romans attack with 4)."""
    state, history = game(), []
    while not state["over"]:
        orders = script.get(state["turn"]) or {
            p: strategy(typed(state), p, 4 if p == ROME else 0) for p in state["powers"]
        }
        for power, commands in orders.items():
            assert RULESET.check(state, power, "orders", commands) == [], (state["turn"], power)
        result = RULESET.resolve(state, "orders", orders, Rng(f"{seed}-{state['turn']}"))
        history.append(result)
        state = result.state
        assert len(history) < 40
    return state, history


SCRIPT = {
    1: {  # a three-way auction for the Granary, with support; a fortress in Latium
        ROME: mail(
            bid("Этрурия", 1), bid("Кампания", 3), o("fortify", territory="Лаций"), bid("Западная Сицилия", 6)
        ),
        GREEKS: mail(bid("Тарент", 3), bid("Бруттий", 3), bid("Западная Сицилия", 5)),
        GAULS: mail(
            bid("Кельтика", 1), bid("Аквитания", 1), bid("Лигурия", 2), bid("Цизальпинская Галлия", 2)
        ),
        PUNICS: mail(
            bid("Карфаген", 1),
            bid("Западная Сицилия", 4),
            o("support", territory="Западная Сицилия", side=GREEKS, amount=4),
        ),
    },
}


def test_scripted_four_player_game_ends_in_a_victory() -> None:
    state, history = play(SCRIPT)
    first = history[0]
    sicily = [m for m in first.reports[PUNICS] if m.code == "mare_round"]
    assert [(m.params["winner"], m.params["loser"]) for m in sicily] == [(GREEKS, ROME), (GREEKS, PUNICS)]
    assert first.state["owners"]["Западная Сицилия"] == GREEKS and first.state["fortresses"] == {
        "Лаций": ROME
    }
    assert first.state["might"][ROME] == 12 - 1 + 1 + 1  # fortress −1, two profitable victories
    assert len(history) >= 6
    assert state["over"] and state["winner"] == ROME and state["victory"] == "conquest"
    assert count(state, ROME) >= 21 and RULESET.scores(state)[ROME] > max(RULESET.scores(state).values()) - 1


def test_same_seed_same_orders_identical_resolution() -> None:
    _, first = play(SCRIPT)
    _, second = play(SCRIPT)
    assert [as_json(r) for r in first] == [as_json(r) for r in second]


def test_resolve_does_not_change_the_state_it_was_given() -> None:
    state = game()
    before = json.dumps(state, sort_keys=True)
    run(state, SCRIPT[1])
    assert json.dumps(state, sort_keys=True) == before


# ---- AI ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 6])
def test_ai_orders_always_pass_the_checks(players: int) -> None:
    state = RULESET.setup(RULESET.playable_powers(players), Rng("ai"))
    for turn in range(8):
        orders = {p: RULESET.ai_orders(state, p, "orders") for p in state["powers"]}
        for power, commands in orders.items():
            assert RULESET.check(state, power, "orders", commands) == []
        state = RULESET.resolve(state, "orders", orders, Rng(f"ai-{turn}")).state
        if state["over"]:
            break
    assert state["turn"] > 1


# ---- catalog ----------------------------------------------------------------------------------
def placeholders(pattern: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(pattern) if field}


# codes no longer sent that turn records of old games still hold
OLD_CODES = {"mare_news_turn", "mare_special_action", "mare_gm_stake", "mare_news_map_row", "mare_news_might"}


def test_catalog_both_languages_same_placeholders_every_code_used_and_present() -> None:
    arguments = {arg.name for spec in COMMANDS for arg in spec.args}
    titles = {code.removeprefix("arg.") for code in RULESET.catalog.entries if code.startswith("arg.")}
    assert titles == arguments
    for code, text in RULESET.catalog.entries.items():
        assert placeholders(text.ru) == placeholders(text.en), code
        if code.startswith("arg."):
            continue
        in_source = f'"{code}"' in SOURCE
        assert code.startswith("mare_") and in_source != (code in OLD_CODES), code
    used = set(re.findall(r'"(mare_\w+)"', SOURCE))
    assert used <= set(RULESET.catalog.entries)


def test_every_emitted_message_renders_in_both_languages() -> None:
    _, history = play(SCRIPT)
    messages: list[Msg] = [m for r in history for m in (*r.news, *r.gm_log)]
    messages += [m for r in history for ms in r.reports.values() for m in ms]
    for msg in messages:
        assert RULESET.catalog.render(msg, "ru") and RULESET.catalog.render(msg, "en")


# ---- views and templates -----------------------------------------------------------------------
def test_view_shows_own_influence_and_spending_but_not_others_generals_or_spending() -> None:
    state = run(game(), SCRIPT[1]).state
    state["generals"]["Обаятор"] = GREEKS
    mine = RULESET.view(state, ROME)
    assert mine["influence"] == state["might"][ROME] and mine["last_allocation"]["spent"] == 11
    text = json.dumps(mine, ensure_ascii=False)
    assert "Обаятор" not in mine["generals"] and "Обаятор" not in mine["pool"]  # held by another: unseen
    assert '"side": "Греки"' not in text  # the Punic support for the Greeks stays private
    assert RULESET.view(state, PUNICS)["last_allocation"]["rows"][-1]["side"] == GREEKS


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_status_template_renders_with_and_without_trimming(lang: str) -> None:
    state, _ = play(SCRIPT)
    plain = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined)
    trimmed = Environment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    for env in (plain, trimmed):
        env.filters.update(environment().filters)
    forms = RULESET.catalog.forms
    for s in (game(), run(game(), SCRIPT[1]).state, state):
        for power in s["powers"]:
            view = RULESET.view(s, power)
            text = plain.get_template(f"mare/status.{lang}.txt").render(view=view, lang=lang, forms=forms)
            assert str(view["influence"]) in text and "\n\n\n" not in text
            again = trimmed.get_template(f"mare/status.{lang}.txt").render(view=view, lang=lang, forms=forms)
            assert again == text


def test_every_example_parses_and_round_trips_through_the_normal_form() -> None:
    orders = parsers.orders
    phase = RULESET.phases["orders"]
    vocabularies = RULESET.vocabularies(game(players=6))
    body = list(enumerate((spec.example for spec in phase.commands), start=1))
    parsed = orders.parse_commands(body, phase, vocabularies)
    assert parsed.problems == []
    assert [c.name for c in parsed.commands] == [spec.name for spec in phase.commands]
    normal = [orders.normal_form(c, phase) for c in parsed.commands]
    again = orders.parse_commands(list(enumerate(normal, start=1)), phase, vocabularies)
    assert [(c.name, dict(c.args)) for c in again.commands] == [
        (c.name, dict(c.args)) for c in parsed.commands
    ]


def test_aliases_parse_russian_and_english() -> None:
    orders = parsers.orders
    phase = RULESET.phases["orders"]
    vocabularies = RULESET.vocabularies(game())
    lines = [
        "ВЛИЯНИЕ Сицилия 5",
        "INFLUENCE Sicily 2",
        "ГЕНЕРАЛ ОБАЯТОР Лигурия Нейтралы",
        "SUPPORT Corsica Rome 1",
    ]
    parsed = orders.parse_commands(list(enumerate(lines, start=1)), phase, vocabularies)
    assert parsed.problems == []
    assert [c.name for c in parsed.commands] == ["influence", "influence", "charm", "support"]
    assert parsed.commands[0].args == {"territory": "Западная Сицилия", "amount": 5}


def test_the_reply_summary_is_the_allocation_table_with_what_is_left() -> None:
    state = game(rome=12)
    orders = mail(bid("Лаций", 5), o("support", territory="Лигурия", side=GAULS, amount=6))
    summary = RULESET.summary(state, ROME, state["phase"], orders)
    rendered = [RULESET.catalog.render(m, "ru") for m in summary]
    assert rendered == [
        "влияние на Лаций: 5",
        "поддержка галлов в Лигурии: 6",
        "Итого влияния: 11 из 12, осталось 1.",
    ]


def test_every_order_has_its_check_and_its_example() -> None:
    """The orders are listed once, in the schema; each has one check and one example that builds."""
    assert set(CHECKS) == set(BUILDERS) == {spec.name for spec in COMMANDS}
