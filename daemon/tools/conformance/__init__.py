"""The conformance suite: what any ruleset must do for the daemon to play it, checked from the
outside through the contract alone, on a game the computer plays from a fixed seed and on games
where every power sends random orders its blank and `check` accept (`random_play`). Run by pytest
for every registered ruleset (tests/engines/test_conformance_suite.py) and by
`gonets conformance NAME`, which prints each check in Russian and English, then the random games'
coverage, and exits 1 on a failure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from daemon.tools.conformance import commands, knowledge, play, random_play, texts
from engines.contract import JSON, Ruleset
from engines.rng import Rng
from engines.text import Text

SHOWN = 12  # faults printed per check; the count says how many more


class Trial:
    """One ruleset under test (by the module exposing RULESET) and the game it plays, played once
    and shared by the checks."""

    def __init__(self, module: str, seed: str = play.SEED) -> None:
        self.module, self.seed = module, seed
        self.ruleset: Ruleset[Any] = play.load(module)

    @cached_property
    def steps(self) -> list[play.Step]:
        return list(play.played(self.ruleset, self.seed))

    @cached_property
    def states(self) -> list[JSON]:
        """The state before each phase played and after the last."""
        last = (
            play.saved(self.steps[-1].resolution.state)
            if self.steps
            else play.started(self.ruleset, self.seed)
        )
        return [step.state for step in self.steps] + [last]

    @cached_property
    def random(self) -> random_play.Played:
        """The games of random orders, played once and shared by their checks."""
        return random_play.played(self.ruleset)

    def powers(self, state: JSON) -> list[str]:
        """The powers that still play."""
        ended = self.ruleset.ended(state)
        return [power for power in state["powers"] if power not in ended]


def _keywords(trial: Trial) -> list[str]:
    ruleset = trial.ruleset
    return commands.collisions(ruleset) + commands.argument_shapes(ruleset) + commands.wording_faults(ruleset)


def _determinism(trial: Trial) -> list[str]:
    here = play.fingerprint(trial.ruleset, trial.seed)
    again = play.fingerprint(trial.ruleset, trial.seed)
    elsewhere = play.fingerprint_elsewhere(trial.module, trial.seed)
    faults = [] if here == again else ["a second play in the same process differs"]
    return faults + ([] if here == elsewhere else ["a play in another process (another hash seed) differs"])


def _save_load(trial: Trial) -> list[str]:
    """Each state is plain JSON that reads back equal, and a phase resolved from the state read
    back gives the same bytes as from the state in memory."""
    faults = []
    ruleset = trial.ruleset
    for step in trial.steps:
        where = f"turn {step.state['turn']}, {step.phase}"
        try:
            back = play.saved(step.resolution.state)
        except (TypeError, ValueError) as error:
            faults.append(f"{where}: the state is not JSON: {error}")
            continue
        if back != step.resolution.state:
            faults.append(f"{where}: the state reads back different (a tuple, a number as a key?)")
        raw = {**json.loads(json.dumps(step.state)), **step.state}  # the same values, unsaved containers
        again = ruleset.resolve(
            raw, step.phase, step.orders, Rng(f"{trial.seed}:{step.state['turn']}-{step.phase}")
        )
        if play.resolution_bytes(ruleset, again) != play.resolution_bytes(ruleset, step.resolution):
            faults.append(f"{where}: resolved again from the state read back, the phase differs")
    return faults


def _privacy(trial: Trial) -> list[str]:
    return knowledge.privacy_faults(trial.ruleset, trial.states, draw=True)


def _each_power(faults: Callable[[Ruleset[Any], JSON, str], list[str]]) -> Callable[[Trial], list[str]]:
    """A check of every power that still plays, before each phase played."""

    def check(trial: Trial) -> list[str]:
        return [
            f"turn {state['turn']}: {fault}"
            for state in trial.states[:-1]
            for power in trial.powers(state)
            for fault in faults(trial.ruleset, state, power)
        ]

    return check


def _random(trial: Trial) -> list[str]:
    return trial.random.faults


def _coverage(trial: Trial) -> list[str]:
    return [f"never reached: {what}" for what in trial.random.unreached(trial.ruleset)]


def coverage_line(trial: Trial) -> str:
    """How much of the ruleset the random games reached, in both languages."""
    ruleset, found = trial.ruleset, trial.random
    phases = f"{len(found.phases)}/{len(ruleset.phases)}"
    total = sum(len(spec.commands) for spec in ruleset.phases.values())
    orders = f"{len(found.commands)}/{total}"
    return (
        f"охват случайных игр: фаз {phases}, приказов {orders}, рассчитано фаз {found.resolved} / "
        f"random games' coverage: phases {phases}, orders {orders}, phases resolved {found.resolved}"
    )


def _catalog(trial: Trial) -> list[str]:
    return texts.catalog_faults(trial.ruleset, trial.states[0])


def _declension(trial: Trial) -> list[str]:
    return texts.declension_faults(trial.ruleset, trial.states[-1])


@dataclass(frozen=True)
class Check:
    name: str
    title: Text
    run: Callable[[Trial], list[str]]


CHECKS: tuple[Check, ...] = (
    Check(
        "keywords",
        Text(
            "ключевые слова: ни одно не общее двум приказам, не слово заголовка; аргументы читаются",
            "keywords: none shared by two orders or a header word; arguments readable",
        ),
        _keywords,
    ),
    Check(
        "determinism",
        Text(
            "одно зерно — те же байты состояния, отчётов и картинок",
            "one seed gives the same bytes of state, reports and pictures",
        ),
        _determinism,
    ),
    Check(
        "save_load",
        Text(
            "состояние — JSON, после записи и чтения то же", "the state is JSON, the same after save and load"
        ),
        _save_load,
    ),
    Check(
        "privacy",
        Text(
            "державе не видно чужого и тайн ведущего: ответы, бланк, ПОМОЩЬ, обзор, картинки",
            "no power sees another's or the GM's secrets: replies, blank, help, view, pictures",
        ),
        _privacy,
    ),
    Check(
        "blanks",
        Text(
            "каждый пример бланка читается как свой приказ и проходит проверку",
            "every example of a blank reads as its order and passes the check",
        ),
        _each_power(knowledge.blank_faults),
    ),
    Check(
        "computer",
        Text("приказы компьютера всегда верны", "the computer's orders are always valid"),
        _each_power(knowledge.ai_faults),
    ),
    Check(
        "random",
        Text(
            "случайные принятые приказы: расчёт не падает, состояние остаётся верным",
            "random accepted orders: resolve never raises, the state stays valid",
        ),
        _random,
    ),
    Check(
        "coverage",
        Text(
            "случайные игры доходят до каждой фазы и каждого приказа (или до них доходят example_states)",
            "random games reach every phase and every order (or the ruleset's example_states do)",
        ),
        _coverage,
    ),
    Check(
        "catalog",
        Text(
            "каждое сообщение каталога пишется по-русски и по-английски",
            "every catalog message renders in both languages",
        ),
        _catalog,
    ),
    Check(
        "declension",
        Text("каждое имя склоняется во всех падежах", "every name is declined in every case"),
        _declension,
    ),
)


def run_check(trial: Trial, check: Check) -> list[str]:
    """The check's faults; an exception inside the ruleset is one, not the end of the suite."""
    try:
        return check.run(trial)
    except Exception as error:  # a ruleset's own bug is what the suite reports
        return [f"{type(error).__name__}: {error}"]


def report(name: str, check: Check, faults: Sequence[str]) -> list[str]:
    """A check's lines as printed: the verdict and title in both languages, then its faults."""
    mark = "ок  " if not faults else "НЕТ "
    lines = [f"{mark}{name}: {check.title.ru}", f"    {check.title.en}: {'ok' if not faults else 'FAILED'}"]
    lines += [f"    - {fault}" for fault in faults[:SHOWN]]
    if len(faults) > SHOWN:
        lines.append(f"    … ещё {len(faults) - SHOWN} / {len(faults) - SHOWN} more")
    return lines


def run_conformance(name: str, module: str) -> int:
    """Every check of the ruleset `name` (its module `module`), printed as it ends; 1 if any fails."""
    trial = Trial(module)
    failed = 0
    for check in CHECKS:
        faults = run_check(trial, check)
        failed += bool(faults)
        print("\n".join(report(name, check, faults)), flush=True)
    print(f"{name}: {coverage_line(trial)}")
    if failed:
        total = len(CHECKS)
        print(f"{name}: не пройдено проверок: {failed} из {total} / {failed} of {total} checks failed")
        return 1
    print(f"{name}: все {len(CHECKS)} проверок пройдены / all {len(CHECKS)} checks passed")
    return 0
