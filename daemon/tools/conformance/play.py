"""Conformance: a game the computer plays for every power, phase after phase, from one seed, with
the state saved and loaded between phases as the daemon does; and its fingerprint, the digest of
every state, report, news, GM log, rendered sentence and picture, so that two plays can be compared
byte for byte (in another process, with other hash seeds: a set's order is no rule)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER, Command, Resolution, Ruleset
from engines.rng import Rng
from engines.text import BOTH, Msg

TURNS = 2  # turns played: every phase of each
SEED = "conformance"


@dataclass(frozen=True)
class Step:
    """One resolved phase: the state before it, the orders given and what it produced."""

    state: JSON
    phase: str
    orders: Mapping[str, Sequence[Command]]
    resolution: Resolution[JSON]


def load(module: str) -> Ruleset[Any]:
    """The ruleset a module exposes as RULESET (`engines.coins`, a test ruleset, a new one), or as
    another name after a colon (`tests.rulesets.faulty:TUPLES`)."""
    path, _, attribute = module.partition(":")
    ruleset: Ruleset[Any] = getattr(importlib.import_module(path), attribute or "RULESET")
    return ruleset


def saved(state: JSON) -> JSON:
    """The state as the store gives it back: written as JSON and read again."""
    loaded: JSON = json.loads(json.dumps(state, ensure_ascii=False))
    return loaded


def started(ruleset: Ruleset[Any], seed: str = SEED, players: int | None = None) -> JSON:
    """The state after the start's lot with `players` players (default: the most), as the daemon
    starts a game (daemon/phases/start.py): the first `players` powers the lot draws are played,
    and only those go to `setup`."""
    rng = Rng(f"{seed}:start")
    count = ruleset.max_players if players is None else players
    pool = ruleset.playable_powers(count)
    drawn = set(ruleset.draw(pool, count, rng)[:count])
    return saved(ruleset.setup([power for power in pool if power in drawn], rng))


def played(ruleset: Ruleset[Any], seed: str = SEED, turns: int = TURNS) -> Iterator[Step]:
    """Each phase of `turns` turns, every power that still plays given the computer's orders."""
    state = started(ruleset, seed)
    last = state["turn"] + turns
    for _ in range(turns * len(ruleset.phases)):
        if state["turn"] >= last or state.get("over"):
            return
        phase, ended = state["phase"], ruleset.ended(state)
        orders = {p: ruleset.ai_orders(state, p, phase) for p in state["powers"] if p not in ended}
        resolution = ruleset.resolve(state, phase, orders, Rng(f"{seed}:{state['turn']}-{phase}"))
        yield Step(state, phase, orders, resolution)
        state = saved(resolution.state)


def last_state(ruleset: Ruleset[Any], seed: str = SEED) -> JSON:
    steps = list(played(ruleset, seed))
    return saved(steps[-1].resolution.state) if steps else started(ruleset, seed)


def _messages(messages: Sequence[Msg]) -> list[object]:
    return [m.to_json() for m in messages]


def resolution_bytes(ruleset: Ruleset[Any], resolution: Resolution[JSON]) -> bytes:
    """A resolution as bytes: its state, its messages and every message rendered in both languages."""
    said = [
        ruleset.catalog.render(m, lang)
        for messages in (*resolution.reports.values(), resolution.news, resolution.gm_log)
        for m in messages
        for lang in BOTH
    ]
    kept = {
        "state": resolution.state,
        "reports": {p: _messages(m) for p, m in resolution.reports.items()},
        "news": _messages(resolution.news),
        "gm_log": _messages(resolution.gm_log),
        "group_news": {g: _messages(m) for g, m in resolution.group_news.items()},
        "said": said,
    }
    return json.dumps(kept, ensure_ascii=False).encode()


def fingerprint(ruleset: Ruleset[Any], seed: str = SEED) -> str:
    """The digest of a whole played game: each phase's orders and resolution, then the last state's
    pictures for the GM, the public and every power."""
    digest = hashlib.sha256()
    state = started(ruleset, seed)
    for step in played(ruleset, seed):
        orders = {p: [c.to_json() for c in cs] for p, cs in step.orders.items()}
        digest.update(json.dumps(orders, ensure_ascii=False).encode())
        digest.update(resolution_bytes(ruleset, step.resolution))
        state = saved(step.resolution.state)
    for viewer in (GM_VIEWER, PUBLIC_VIEWER, *state["powers"]):
        for picture in ruleset.pictures(state, viewer, BOTH):
            digest.update(picture.name.encode() + picture.png)
    return digest.hexdigest()


def fingerprint_elsewhere(module: str, seed: str = SEED, hash_seed: str = "4242") -> str:
    """`fingerprint` of the same ruleset in a fresh interpreter with another hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run(
        [sys.executable, "-m", "daemon.tools.conformance.play", module, seed],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    return done.stdout.strip()


if __name__ == "__main__":  # the other process of `fingerprint_elsewhere`
    print(fingerprint(load(sys.argv[1]), sys.argv[2]))
