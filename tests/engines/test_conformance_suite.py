"""The conformance suite (`daemon/tools/conformance`) passes for every registered ruleset and the
test rulesets, check by check, and each check fails on a ruleset with the fault it is for."""

from __future__ import annotations

from functools import cache

import pytest

from daemon.cli import main
from daemon.tools.conformance import CHECKS, Check, Trial, run_check, run_conformance
from daemon.tools.conformance.texts import fields, sample
from engines import REGISTRY

MODULES = [
    *(REGISTRY[name] for name in sorted(REGISTRY)),
    "tests.rulesets.council_like",
    "tests.rulesets.hidden_tech",
    "tests.rulesets.pure_like",
]
BY_NAME = {check.name: check for check in CHECKS}


@cache
def trial(module: str) -> Trial:
    """One played game per ruleset, shared by its checks."""
    return Trial(module)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.name)
@pytest.mark.parametrize("module", MODULES)
def test_every_ruleset_passes_every_check(module: str, check: Check) -> None:
    assert run_check(trial(module), check) == []


@pytest.mark.parametrize(
    ("faulty", "check", "said"),
    [
        ("UNSEEDED", "determinism", "differs"),
        ("TUPLED", "save_load", "reads back different"),
        ("TELLTALE", "privacy", "the view shows the GM's «железо»"),
        ("OVERREACHING", "computer", "do not read back as given"),
        ("OVERREACHING", "blanks", "«ПЛАВИТЬ 99» does not read as smelt"),
        ("COLLIDING", "keywords", "«ход» (smelt) is a header or service word"),
        ("MISSPOKEN", "catalog", "hidden_tech.bad (ru)"),
        ("CRASHING", "random", "resolve raised ZeroDivisionError: a furnace of nine"),
        ("LOST", "random", "the state's phase 'feast' is no phase of the ruleset"),
        ("PATHLESS", "coverage", "never reached: orders: path"),
    ],
)
def test_each_check_catches_the_fault_it_is_for(faulty: str, check: str, said: str) -> None:
    faults = run_check(Trial(f"tests.rulesets.faulty:{faulty}"), BY_NAME[check])
    assert any(said in fault for fault in faults), faults
    assert run_check(Trial("tests.rulesets.hidden_tech"), BY_NAME[check]) == []


def test_the_command_prints_each_check_in_both_languages_and_fails_on_a_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_conformance("faulty", "tests.rulesets.faulty:MISSPOKEN") == 1
    out = capsys.readouterr().out
    assert "НЕТ faulty: каждое сообщение каталога пишется по-русски и по-английски" in out
    assert "every catalog message renders in both languages: FAILED" in out
    assert "ок  faulty: одно зерно — те же байты состояния, отчётов и картинок" in out
    assert "faulty: не пройдено проверок: 1 из 10 / 1 of 10 checks failed" in out
    assert "faulty: охват случайных игр: фаз 1/1, приказов 4/4" in out


def test_gonets_conformance_passes_a_shipped_ruleset_and_names_an_unknown_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conformance", "coins"]) == 0
    assert "coins: все 10 проверок пройдены / all 10 checks passed" in capsys.readouterr().out
    assert main(["conformance", "chess"]) == 2
    assert "нет правил chess / no ruleset chess" in capsys.readouterr().err


def test_a_field_said_twice_takes_the_value_its_counted_form_asks_for() -> None:
    """«съедено {sacks:#мешок}, чести прибавилось на {sacks}»: a number, not a name."""
    said = [spec for field, spec in fields("съедено {sacks:#мешок}, на {sacks}") if field == "sacks"]
    assert sample(said, "Север") == 2
    assert sample([*said, "дат"], "Север") == "Север"
