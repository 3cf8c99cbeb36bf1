"""`gonets pictures`: a ruleset's pictures after a few turns of computer play, as PNG files for the
documentation (README, rulebooks), with no game, config or mail. The same ruleset, turns and seed
give the same files byte for byte, so committed pictures change only when the drawing does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engines import get_ruleset
from engines.contract import GM_VIEWER, JSON, PUBLIC_VIEWER, Ruleset
from engines.rng import Rng


def played(ruleset: Ruleset[Any], turns: int, seed: str) -> JSON:
    """The state after `turns` turns from a start with the most players, every power computer-run."""
    rng = Rng(f"{seed}:start")
    pool = ruleset.playable_powers(ruleset.max_players)
    drawn = set(ruleset.draw(pool, ruleset.max_players, rng))
    state: JSON = ruleset.setup([power for power in pool if power in drawn], rng)
    last = state["turn"] + turns
    for _ in range(turns * len(ruleset.phases)):  # each phase at most once a turn
        if state["turn"] >= last or state.get("over"):
            break
        phase, ended = state["phase"], ruleset.ended(state)
        orders = {p: ruleset.ai_orders(state, p, phase) for p in state["powers"] if p not in ended}
        state = ruleset.resolve(state, phase, orders, Rng(f"{seed}:{state['turn']}-{phase}")).state
    return state


def write_pictures(name: str, out: Path, turns: int, seed: str) -> list[Path]:
    """Every picture for the GM, the public and the first power, as `<ruleset>-<viewer>-<name>.png`
    in `out` (the power's files say "power1": file names stay ASCII whatever the power is called)."""
    ruleset = get_ruleset(name)
    state = played(ruleset, turns, seed)
    viewers = {"gm": GM_VIEWER, "public": PUBLIC_VIEWER, "power1": state["powers"][0]}
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for label, viewer in viewers.items():
        for picture in ruleset.pictures(state, viewer):
            path = out / f"{name}-{label}-{picture.name}.png"
            path.write_bytes(picture.png)
            written.append(path)
    return written


def run_pictures(name: str, out: Path, turns: int, seed: str) -> int:
    written = write_pictures(name, out, turns, seed)
    if not written:
        print(f"{name}: правила не рисуют картинок / the ruleset draws no pictures")
    for path in written:
        print(path)
    return 0
