"""The game as a whole: registration, orders, AI play, determinism, catalog, views, templates."""

from __future__ import annotations

import json
import re
import string

import pytest

from engines import get_ruleset
from engines.contract import JSON, Resolution
from engines.rng import Rng
from engines.rus import RULESET
from engines.rus.examples import CANDIDATES
from engines.rus.schema import PHASES
from engines.text import ARG_TITLE
from parsers.orders import normal_form, parse_commands
from tests.engines.helpers import as_json, mail, o
from tests.engines.rus.helpers import NOVGOROD, RYAZAN, game, problems, status
from tests.paths import REPO


def play(seed: str, turns: int = 6) -> tuple[JSON, list[Resolution[JSON]]]:
    """Every power played by ai_orders for some turns; every order set must pass check."""
    state = RULESET.setup(RULESET.playable_powers(5)[:5], Rng(seed))
    history = []
    for n in range(turns):
        orders = {p: RULESET.ai_orders(state, p, "orders") for p in state["powers"]}
        for power, commands in orders.items():
            assert RULESET.check(state, power, "orders", commands) == [], (n, power)
        result = RULESET.resolve(state, "orders", orders, Rng(f"{seed}-{n}"))
        history.append(result)
        state = result.state
    return state, history


def test_registered_as_rus() -> None:
    assert get_ruleset("rus") is RULESET


def test_one_required_phase_and_reserved_words_are_not_keywords() -> None:
    assert list(RULESET.phases) == ["orders"] and RULESET.phases["orders"].counts_miss
    reserved = {"ИГРА", "GAME", "СТРАНА", "POWER", "COUNTRY", "ПАРОЛЬ", "PASSWORD", "ХОД", "TURN"}
    reserved |= {"ЗАПИСЫВАЮСЬ", "SIGNUP", "ВЕДУЩИЙ", "GM", "КОНЕЦ", "END", *RULESET.power_keywords}
    for spec in RULESET.phases["orders"].commands:
        assert not {w.split()[0] for w in spec.keywords} & reserved, spec.name
        assert not spec.keywords[0].isascii() and spec.keywords[0] == spec.keywords[0].upper()
        assert any(w.isascii() for w in spec.keywords), spec.name


def test_every_example_parses_and_round_trips_through_normal_form() -> None:
    state = game()
    phase = RULESET.phases["orders"]
    vocabularies = RULESET.vocabularies(state)
    body = [(n, spec.example) for n, spec in enumerate(phase.commands, start=1)]
    parsed = parse_commands(body, phase, vocabularies)
    assert parsed.problems == [] and len(parsed.commands) == len(phase.commands)
    for command, spec in zip(parsed.commands, phase.commands, strict=True):
        assert command.name == spec.name
        again = parse_commands([(1, normal_form(command, phase))], phase, vocabularies).commands
        assert [(c.name, dict(c.args)) for c in again] == [(command.name, dict(command.args))]


def test_english_aliases_parse() -> None:
    phase = RULESET.phases["orders"]
    text = ["RESEARCH Palisade 500", "TRADE Ryazan Poland", "SPECIALISE Ryazan Fishing", "DISBAND Tula"]
    parsed = parse_commands(list(enumerate(text, 1)), phase, RULESET.vocabularies(game()))
    assert [c.name for c in parsed.commands] == ["research", "trade", "specialise", "disband"]


def test_checks_refuse_overspending_on_the_line_that_overspends() -> None:
    assert problems(game(), RYAZAN, o("recruit", count=11), o("recruit", count=1)) == ["rus_not_enough_money"]
    assert problems(game(), RYAZAN, o("recruit", count=1), o("recruit", count=1)) == ["rus_duplicate_order"]


def test_ai_game_is_deterministic_and_playable() -> None:
    first = play("g1")
    second = play("g1")
    assert [as_json(r) for r in first[1]] == [as_json(r) for r in second[1]]
    state = first[0]
    assert state["turn"] == 7 and not state["over"]
    players = RULESET.playable_powers(5)[:5]
    assert set(RULESET.scores(state)) == set(players)  # victory points are for players
    assert any(state["countries"][p]["techs"] for p in players)


def test_the_steps_that_logged_anything_head_their_lines_in_order() -> None:
    result = play("g2", turns=1)[1][0]
    steps = [m.params["step"] for m in result.gm_log if m.code.startswith("rus_step_")]
    assert steps and steps == sorted(set(steps))
    assert not result.gm_log[-1].code.startswith("rus_step_")  # no heading of an empty step


def test_every_emitted_message_renders_in_both_languages() -> None:
    for result in play("g3")[1]:
        for messages in [*result.reports.values(), result.news, result.gm_log]:
            for msg in messages:
                assert RULESET.catalog.render(msg, "ru") and RULESET.catalog.render(msg, "en")


SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "engines" / "rus").glob("*.py"))


def _placeholders(pattern: str) -> set[str]:
    """A pattern's parameters; `why_en` is the English twin of `why` (a phrase given in both)."""
    return {field.removesuffix("_en") for _, field, _, _ in string.Formatter().parse(pattern) if field}


def test_catalog_coverage() -> None:
    entries = {code: text for code, text in RULESET.catalog.entries.items() if not code.startswith(ARG_TITLE)}
    used = set(re.findall(r'"(rus_[a-z_]+)"', SOURCE))
    assert used and used <= set(entries), used - set(entries)
    assert [code for code in entries if f'"{code}"' not in SOURCE] == [
        "rus_news_turn"
    ]  # kept for old records
    for code, text in entries.items():
        assert code.startswith("rus_") and _placeholders(text.ru) == _placeholders(text.en), code


def test_view_does_not_leak_other_countries_secrets() -> None:
    state = game()
    state["countries"][NOVGOROD].update(
        money=987654, stability=-2, posts={"Новгород": 4321}, invested={"Град": 13579}
    )
    state["provinces"]["Ладога"]["op"] = 24680
    text = json.dumps(RULESET.view(state, RYAZAN), ensure_ascii=False)
    for secret in ("987654", "4321", "13579", "24680"):
        assert secret not in text
    assert "987654" in json.dumps(RULESET.view(state, NOVGOROD))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_status_template_renders_the_turn_balance(lang: str) -> None:
    state = game()
    orders = {
        RYAZAN: mail(
            o("trade", province="Рязань", partner="Польша"), o("research", tech="Замет", amount=100)
        ),
    }
    state = RULESET.resolve(state, "orders", orders, Rng("x")).state
    text = status(state, RYAZAN, lang)
    assert "100" in text and ("Тула" in text or "Tula" in text)
    assert ("Польша" in text) if lang == "ru" else ("Poland" in text)


def test_all_sixteen_principalities_go_into_the_lot_and_the_rest_are_computer_run() -> None:
    pool = RULESET.playable_powers(4)
    assert len(pool) == 16
    state = RULESET.setup(pool[3:7], Rng("lot"))
    assert state["powers"] == pool and sorted(state["ai"]) == sorted(pool[:3] + pool[7:])


def test_every_order_has_what_makes_its_example() -> None:
    """The orders are listed once, in the schema; each registers what makes its example."""
    assert set(CANDIDATES) == {spec.name for phase in PHASES.values() for spec in phase.commands}
