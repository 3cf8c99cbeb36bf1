"""Order examples that fit the reader (the contract's `examples`): each example of an order the
family may give now is one the rules accept from it, in each stage; every other example still
parses with the family's own names (ПОМОЩЬ lists every order); the blank offers only what the
family may order now."""

from __future__ import annotations

import copy

import pytest

from engines.council import RULESET
from engines.council.checks import CHECKS
from engines.council.examples import BUILDERS
from engines.council.state import State
from parsers.orders import parse_commands
from tests.engines.council.helpers import FAMILIES, game, run


def stages() -> list[State]:
    """Each stage of a turn with much to do: every family put a project, Naples' council has an
    election and an investigation, Florence's army an immune commander to veto a change with."""
    planning = game()
    planning["realms"]["Флоренция"]["armies"]["Армия 1"]["immune_until"] = 2
    planning["realms"]["Неаполь"]["election"] = "gm"
    planning["realms"]["Неаполь"]["investigation_called"] = True
    mails = {
        "Медичи": ["СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Пацци", "ДАРОВАТЬ ПРАВА"],
        "Орсини": ["УСТРОИТЬ ЗРЕЛИЩА Лаций"],
        "Караччоло": ["РЕПРЕССИРОВАТЬ Карафа"],
    }
    decisions = run(planning, mails).state
    actions = run(decisions, {"Караччоло": ["ОБВИНИТЬ Карафа брал взятки"]}).state
    return [planning, decisions, actions, _armed(actions)]


def _armed(state: State) -> State:
    """The actions stage with something for every order: rights of every auction, militia, a
    guard at home and one in an army, decisions awaiting their action, a war, a tribal leader."""
    state = RULESET.with_data(copy.deepcopy(state), {"tribal_unions": {"Сарды": "Пацци"}})
    rights = ["trading_post", "mercenaries", "diplomats", "improvements", "colonists"]
    for family in FAMILIES:
        state["families"][family]["rights"] = list(rights)
        state["families"][family]["guard"] = 1
    state["realms"]["Рим"]["militia"] = 2
    state["realms"]["Рим"]["armies"]["Армия 1"]["guards"] = {"Орсини": 1}
    state["realms"]["Неаполь"]["pending"] = [
        {"kind": "expel", "number": 1, "order": {"name": "expel", "args": {"province": "Апулия"}}},
        {
            "kind": "migration",
            "number": 2,
            "order": {"name": "migration", "args": {"source": "Кампания", "destination": "Апулия"}},
        },
    ]
    state["realms"]["Венеция"]["pending"] = [
        {
            "kind": "fleet",
            "number": 1,
            "order": {"name": "fleet", "args": {}, "pairs": {"moves": [["Флотилия 1", "Ионическое море"]]}},
        }
    ]
    for a, b in (("Рим", "Флоренция"),):
        state["realms"][a]["wars"].append(b)
        state["realms"][b]["wars"].append(a)
    return state


STAGES = stages()


@pytest.mark.parametrize("state", STAGES, ids=[s["phase"] for s in STAGES])
def test_every_example_parses_and_those_of_open_orders_are_accepted(state: State) -> None:
    for phase in RULESET.phases:
        for family in FAMILIES:
            fitting = RULESET.examples(state, family, phase)
            names = RULESET.vocabularies_for(state, family)
            opened = {c.name for c in RULESET.open_commands(state, family, phase)}
            assert opened <= set(fitting)
            for name, line in fitting.items():
                if name == "vote" and phase != state["phase"]:
                    continue  # a later stage's vote: a model, the list it names is not yet made
                read = parse_commands([(1, line)], RULESET.phases[phase], names, RULESET.catalog.forms)
                assert read.problems == [] and [c.name for c in read.commands] == [name], (family, line)
                if name in opened and phase == state["phase"]:
                    assert RULESET.check(state, family, phase, read.commands) == [], (family, line)


def test_the_blank_offers_a_family_only_what_it_may_order() -> None:
    planning, decisions, _, armed = STAGES
    ruling = {c.name for c in RULESET.open_commands(planning, "Медичи", "planning")}
    junior = {
        c.name for c in RULESET.open_commands(planning, "Колонна", "planning")
    }  # despotism: no projects
    assert {"squadrons", "inquire"} <= ruling and "civil_war" not in ruling
    assert junior == {"bid", "civil_war", "transfer", "resign_governor", "resign_command"}
    assert "commanders" in ruling and "fleet" not in ruling  # Florence has an army, no flotilla
    assert {c.name for c in RULESET.open_commands(decisions, "Строцци", "decisions")} >= {"vote", "veto"}
    assert "veto" not in {c.name for c in RULESET.open_commands(decisions, "Пацци", "decisions")}
    assert {"elect", "accuse"} <= {c.name for c in RULESET.open_commands(decisions, "Карафа", "decisions")}
    ruler = {c.name for c in RULESET.open_commands(armed, "Орсини", "actions")}
    assert {"militia_to", "guard_to", "guard_back", "hire", "march"} - ruler == {"march"}  # Colonna command
    assert "raid" in {c.name for c in RULESET.open_commands(armed, "Пацци", "actions")}
    assert {"close_post", "migrate"} <= {c.name for c in RULESET.open_commands(armed, "Карафа", "actions")}
    assert "sail" not in {
        c.name for c in RULESET.open_commands(armed, "Дандоло", "actions")
    }  # the council decided


def test_examples_name_the_familys_own_power() -> None:
    planning, decisions, _, armed = STAGES
    assert RULESET.examples(planning, "Орсини", "planning")["army"] == "СОЗДАТЬ АРМИЮ Лаций Орсини"
    assert RULESET.examples(planning, "Медичи", "planning")["transfer"] == "ПЕРЕВЕСТИ Строцци 10"
    assert RULESET.examples(decisions, "Строцци", "decisions")["vote"] == "ГОЛОСОВАТЬ 1 за, 2 против"
    assert RULESET.examples(decisions, "Орсини", "decisions")["vote"] == "ГОЛОСОВАТЬ 1 за"
    assert (
        RULESET.examples(decisions, "Карафа", "decisions")["accuse"]
        == "ОБВИНИТЬ Караччоло брал взятки с купцов"
    )
    assert RULESET.examples(armed, "Колонна", "actions")["march"] == "ПОХОД Армия 1 Умбрия"
    assert RULESET.examples(armed, "Медичи", "actions")["envoy"] == "ПОСЛАТЬ ДИПЛОМАТА Сардиния"
    assert RULESET.examples(armed, "Орсини", "actions")["militia_to"] == "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 2"


def test_every_order_has_one_check_and_what_makes_its_example() -> None:
    orders = {spec.name for phase in RULESET.phases.values() for spec in phase.commands}
    assert set(CHECKS) == orders == set(BUILDERS)
