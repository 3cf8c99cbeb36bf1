"""The game as a whole: phases, alliances, the end on turn 10, victory points, AI, determinism."""

from __future__ import annotations

import json

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

import parsers.orders
from daemon.outgoing.render import environment
from engines import get_ruleset
from engines.coins import RULESET
from engines.coins.scoring import breakdown
from engines.coins.world import partners
from engines.rng import Rng
from engines.text import Msg
from tests.engines.coins.helpers import (
    CN,
    EU,
    RU,
    US,
    country,
    game,
    play_ai_game,
    problems,
    run,
    setc,
    typed,
)
from tests.engines.helpers import as_json, codes, mail, o
from tests.paths import TEMPLATES


def test_registered_as_coins() -> None:
    assert get_ruleset("coins") is RULESET


@pytest.mark.parametrize("players", [4, 5, 6])
def test_first_n_powers_and_one_colony_fewer_than_players_plus_mars(players: int) -> None:
    powers = RULESET.playable_powers(players)
    assert powers == ["США", "Китай", "Россия", "Евросоюз", "Индия", "Бразилия"][:players]
    state = RULESET.setup(powers, Rng("x"))
    assert len(state["colonies"]) == players - 1 + 1
    assert "Марс" in state["colonies"]


def test_four_to_six_players() -> None:
    with pytest.raises(ValueError):
        RULESET.playable_powers(3)
    assert (RULESET.min_players, RULESET.max_players) == (4, 6)


def test_phases_are_talks_vote_orders_and_only_orders_is_required() -> None:
    assert list(RULESET.phases) == ["talks", "vote", "orders"]
    flags = [(p.reminds, p.counts_miss, p.counts_hold) for p in RULESET.phases.values()]
    assert flags == [(False, False, False), (False, False, False), (True, True, True)]
    assert RULESET.misses_per == "phase"


def test_every_command_has_russian_keyword_first_help_and_example() -> None:
    for phase in RULESET.phases.values():
        for spec in phase.commands:
            assert spec.keywords[0] == spec.keywords[0].upper() and not spec.keywords[0].isascii()
            assert spec.help.ru and spec.help.en and spec.example.startswith(spec.keywords[0])


def test_every_example_line_names_real_things() -> None:
    vocabularies = RULESET.vocabularies(game(players=6))
    names = {name for vocabulary in vocabularies.values() for name in vocabulary}
    words = " ".join(spec.example for p in RULESET.phases.values() for spec in p.commands)
    for name in ("Исландия", "Китай", "Промышленность", "ЗА"):
        assert name in words and name in names


def test_turn_one_is_orders_only_then_talks() -> None:
    state = RULESET.setup(RULESET.playable_powers(4), Rng("x"))
    assert (state["turn"], state["phase"]) == (1, "orders")
    state = run(state).state
    assert (state["turn"], state["phase"]) == (2, "talks")


def test_alliance_exists_only_when_both_sides_order_it_in_the_same_talks() -> None:
    state = run(game(), {US: mail(o("ally", kind="Военный", power=CN))}).state
    assert partners(typed(state), "military", US) == []
    state = game()
    state = run(
        state, {US: mail(o("ally", kind="Военный", power=CN)), CN: mail(o("ally", kind="Военный", power=US))}
    ).state
    assert partners(typed(state), "military", US) == [CN]


def test_breaking_an_alliance_is_one_sided() -> None:
    state = game()
    state["alliances"] = [{"kind": "trade", "powers": [US, CN]}]
    assert problems(state, CN, o("break", kind="Торговый", power=US)) == []
    state = run(state, {CN: mail(o("break", kind="Торговый", power=US))}).state
    assert state["alliances"] == []


def test_colony_can_be_handed_over_in_talks() -> None:
    state = game()
    state["colonies"]["Исландия"] = US
    result = run(state, {US: mail(o("cede", colony="Исландия", power=EU))})
    assert result.state["colonies"]["Исландия"] == EU
    assert "colony_ceded" in codes(result.news)


def test_a_later_line_may_not_repeat_an_order() -> None:
    state = game(1, "orders")
    refused = problems(state, US, o("invest", line="Армия", amount=1), o("invest", line="Армия", amount=2))
    assert refused == ["duplicate_order"]


def test_game_ends_on_turn_10_without_funding() -> None:
    state = game(10, "orders")
    assert problems(state, US, o("invest", line="Армия", amount=1)) == ["no_funding_last_turn"]
    result = run(state)
    assert result.state["over"] is True
    assert result.state["turn"] == 10
    assert country(result.state, US)["coins"] == 8
    assert "final_score" in codes(result.gm_log)  # the forum post ranks them in its table, not as news
    assert "final_score" not in codes(result.news)
    assert problems(result.state, US, o("give", power=CN, amount=1)) == ["game_already_over"]


def test_victory_points_from_every_source() -> None:
    state = game(10, "orders")
    setc(
        state,
        US,
        coins=5,
        techs=["Кибершпионаж", "Ядерное оружие 1", "Ядерное оружие 2"],
        vp={"wars": 4, "intel": 3, "unspied": 2, "proposals": 2, "tribunal": -2, "gm": 3},
    )
    state["colonies"]["Исландия"] = US
    state["colonies"]["Марс"] = US
    state["alliances"] = [{"kind": "trade", "powers": [US, CN]}, {"kind": "military", "powers": [US, CN]}]
    assert breakdown(typed(state), US) == {
        "coins": 5,
        "wars": 4,
        "intel": 3,
        "unspied": 2,
        "techs": 2 + 2 * 2,
        "colonies": 2 + 4,
        "alliances": 2,
        "proposals": 2,
        "tribunal": -2,
        "gm": 3,
    }
    assert RULESET.scores(state)[US] == 5 + 4 + 3 + 2 + 6 + 6 + 2 + 2 - 2 + 3


def test_ai_plays_all_ten_turns_and_the_game_ends_with_scores() -> None:
    state, history = play_ai_game()
    assert state["over"] and state["turn"] == 10
    scores = RULESET.scores(state)
    assert set(scores) == set(state["powers"]) and all(v > 0 for v in scores.values())
    turns = {r.state["turn"] for r in history}
    assert turns == set(range(2, 11))


def test_ai_takes_neutral_colonies_and_defends_them() -> None:
    state, history = play_ai_game(4, "colonies")
    assert any(owner for owner in state["colonies"].values())
    assert any(m.code == "colony_conquered" for r in history for m in r.news)


def test_ai_votes_against_a_proposal_that_targets_it() -> None:
    state = game(3, "vote")
    state["proposal"] = {"proposer": US, "name": "Трибунал", "target": RU, "recipient": "", "amount": 0}
    assert [dict(c.args) for c in RULESET.ai_orders(state, RU, "vote")] == [{"choice": "ПРОТИВ"}]
    assert [dict(c.args) for c in RULESET.ai_orders(state, CN, "vote")] == [{"choice": "ЗА"}]


def test_ai_attacks_a_weakly_held_colony_only_when_clearly_stronger() -> None:
    state = game(3, "orders")
    state["colonies"] = {name: CN for name in state["colonies"]}
    state["colonies"]["Марс"] = ""
    setc(state, US, army=5)
    state["intel"] = {US: {CN: {"army": 3}}}
    attacks = [c for c in RULESET.ai_orders(state, US, "orders") if c.name == "attack"]
    assert [(c.args["target"], c.args["army"]) for c in attacks] == [("Исландия", 4)]
    state["intel"] = {US: {CN: {"army": 4}}}
    assert not [c for c in RULESET.ai_orders(state, US, "orders") if c.name == "attack"]


def test_same_seed_same_orders_identical_resolution() -> None:
    _, first = play_ai_game(6, "same")
    _, second = play_ai_game(6, "same")
    assert [as_json(r) for r in first] == [as_json(r) for r in second]


def test_resolution_does_not_depend_on_the_order_the_mails_arrived_in() -> None:
    state = RULESET.setup(RULESET.playable_powers(6), Rng("arrival"))
    while not state["over"]:
        orders = {p: RULESET.ai_orders(state, p, state["phase"]) for p in state["powers"]}
        arrived = dict(reversed(list(orders.items())))
        seed = f"arrival-{state['turn']}-{state['phase']}"
        result = RULESET.resolve(state, state["phase"], orders, Rng(seed))
        assert as_json(result) == as_json(RULESET.resolve(state, state["phase"], arrived, Rng(seed)))
        state = result.state


def test_resolve_does_not_change_the_state_it_was_given() -> None:
    state = game(1, "orders")
    before = json.dumps(state, sort_keys=True)
    run(state, {US: mail(o("invest", line="Армия", amount=3))})
    assert json.dumps(state, sort_keys=True) == before


def test_resolve_does_not_change_its_input_in_any_phase_of_a_whole_game() -> None:
    state = RULESET.setup(RULESET.playable_powers(5), Rng("pure"))
    phases = set()
    while not state["over"]:
        phases.add(state["phase"])
        orders = {p: RULESET.ai_orders(state, p, state["phase"]) for p in state["powers"]}
        before = json.dumps(state, sort_keys=True)
        result = RULESET.resolve(state, state["phase"], orders, Rng(f"pure-{state['turn']}"))
        assert json.dumps(state, sort_keys=True) == before, (state["turn"], state["phase"])
        state = result.state
    assert phases == {"talks", "vote", "orders"}


def test_equal_final_scores_share_a_place() -> None:
    state = game(10, "orders")
    setc(state, US, coins=20)
    setc(state, RU, coins=1)
    result = run(state)
    places = {m.params["power"]: m.params["place"] for m in result.gm_log if m.code == "final_score"}
    assert places == {US: 1, CN: 2, EU: 2, RU: 4}


def test_every_message_of_a_game_is_in_the_catalog_in_both_languages() -> None:
    _, history = play_ai_game(6, "catalog")
    messages: list[Msg] = [m for r in history for m in (*r.news, *r.gm_log)]
    messages += [m for r in history for ms in r.reports.values() for m in ms]
    for msg in messages:
        assert RULESET.catalog.render(msg, "ru") and RULESET.catalog.render(msg, "en")


def test_every_problem_code_renders_in_both_languages() -> None:
    state = game(3, "orders")
    tries = [
        (o("invest", line="Армия", amount=9),),
        (o("give", power=US, amount=1),),
        (o("attack", target=CN, army=50),),
        (o("defend", colony="Исландия", army=1),),
        (o("leader", perk="Никто"),),
        (o("manage", power=CN, line="Армия", amount=1),),
    ]
    for lines in tries:
        for problem in RULESET.check(state, US, "orders", mail(*lines)):
            assert RULESET.catalog.render(problem.msg, "ru") and RULESET.catalog.render(problem.msg, "en")


def test_view_shows_own_numbers_and_public_facts_only() -> None:
    state = game(3, "talks")
    setc(state, US, coins=17, army=4)
    setc(state, CN, coins=23, army=9, intel=0)
    state["intel"] = {US: {}, CN: {}, RU: {}, EU: {}}
    state["colonies"]["Исландия"] = CN
    mine = RULESET.view(state, US)
    assert (mine["coins"], mine["army"]) == (17, 4)
    assert {"name": "Исландия", "owner": CN, "income": 2} in mine["colonies"]
    text = json.dumps(mine, ensure_ascii=False)
    assert "23" not in text and '"army": 9' not in text


def test_view_hides_every_private_number_of_other_powers() -> None:
    state = game(3, "orders")
    setc(state, US, intel=0)
    state["intel"] = {power: {} for power in state["powers"]}
    before = RULESET.view(state, US)
    setc(
        state,
        CN,
        coins=31,
        research=7,
        army=5,
        intel=3,
        influence=1,
        perk="Шпион",
        techs=["Кибершпионаж", "Космическая программа 1"],
        funding={"Промышленность": 3, "Наука": 2, "Разведка": 1, "Армия": 3, "Влияние": 0},
        income={"funding": 8, "trade": 1},
        research_income={"funding": 3},
        lent=2,
        influence_factor=2,
        vp={"wars": 4, "intel": 3, "unspied": 1, "proposals": 2, "tribunal": 0},
    )
    state["intel"][CN] = {US: {"income": 2, "army": 0}}
    assert RULESET.view(state, US) == before
    setc(state, US, coins=31)  # the same kind of change to its own numbers does show
    assert RULESET.view(state, US) != before


def test_view_shows_intelligence_won_this_turn() -> None:
    state = game(1, "orders")
    state = run(
        state,
        {US: mail(o("invest", line="Разведка", amount=1)), CN: mail(o("invest", line="Армия", amount=3))},
    ).state
    assert RULESET.view(state, US)["intel_reports"][0]["power"] == CN
    assert next(r for r in RULESET.view(state, US)["intel_reports"] if r["power"] == CN)["army"] == 4
    assert RULESET.view(state, CN)["intel_reports"] == []


def _environment(trim: bool = False) -> Environment:
    """The templates as the daemon renders them (its filters: case, agreement), `trim`med or not."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, trim_blocks=trim, lstrip_blocks=trim
    )
    env.filters.update(environment().filters)
    return env


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_status_template_renders_the_turn_balance(lang: str) -> None:
    state, _ = play_ai_game(4, "template")
    env = _environment()
    trimmed = _environment(trim=True)
    forms = RULESET.catalog.forms
    for power in state["powers"]:
        view = RULESET.view(state, power)
        text = env.get_template(f"coins/status.{lang}.txt").render(view=view, lang=lang, forms=forms)
        assert str(view["coins"]) in text and str(view["vp_total"]) in text
        for line in view["lines"]:
            assert f"{line['invested']:8d} {line['yield']:7d}" in text
        assert "\n\n\n" not in text
        again = trimmed.get_template(f"coins/status.{lang}.txt").render(view=view, lang=lang, forms=forms)
        assert again == text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_status_template_renders_a_fresh_game_and_a_vote(lang: str) -> None:
    env = _environment()
    state = game(3, "vote")
    state["proposal"] = {
        "proposer": US,
        "name": "Компенсация ущерба",
        "target": RU,
        "recipient": CN,
        "amount": 3,
    }
    state["effects"]["arms_limit"] = 1
    text = env.get_template(f"coins/status.{lang}.txt").render(view=RULESET.view(state, EU), lang=lang)
    assert "3" in text and ("→" in text)


def test_every_example_line_parses_with_the_order_parser() -> None:
    orders = parsers.orders
    vocabularies = RULESET.vocabularies(game(players=6))
    for phase in RULESET.phases.values():
        body = list(enumerate((spec.example for spec in phase.commands), start=1))
        parsed = orders.parse_commands(body, phase, vocabularies)
        assert parsed.problems == []
        assert [c.name for c in parsed.commands] == [spec.name for spec in phase.commands]


def test_resolving_a_phase_the_game_is_not_in_is_an_error() -> None:
    with pytest.raises(ValueError):
        RULESET.resolve(game(2, "talks"), "orders", {}, Rng("x"))


def test_the_gm_may_correct_a_treasury_and_award_victory_points() -> None:
    state = game(3, "orders")
    assert RULESET.read(state, US, "coins") == state["countries"][US]["coins"]
    corrected = RULESET.adjust(state, US, "coins", 12)
    awarded = RULESET.adjust(corrected, US, "vp", 2)
    assert RULESET.read(awarded, US, "coins") == 12 and RULESET.read(awarded, US, "vp") == 2
    assert (
        RULESET.scores(awarded)[US] == RULESET.scores(state)[US] + (12 - RULESET.read(state, US, "coins")) + 2
    )
    assert RULESET.read(state, US, "vp") == 0  # adjust is pure
    assert set(RULESET.adjustables) == {"coins", "research", "army", "vp"}
