"""No value a ruleset keeps private can be read off a public output while the game runs.

Every shipped ruleset plays a few phases by mail; then every power's private numbers (the GM's
adjustables the ruleset does not mark `public`: coins' treasury, Русь's, council's money…) are
changed in the state after the last phase, as if it had resolved so, and everything the public sees
is made again: the forum post of the GM's digest with its pictures, and every file of the web
archive (pages, standings, chart, maps). Not a byte may differ: a total that counts a treasury
(coins' victory points) would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from daemon.outgoing.render import render
from daemon.outgoing.site import refresh
from daemon.phases.release import letters
from engines import REGISTRY
from engines.contract import Adjustable
from tests.daemon.harness import PLAYERS, Harness
from tests.daemon.test_forum_post import forum_posts
from tests.daemon.test_site import play_phases

CHANGE = 7  # what each private number is moved by


def public_outputs(h: Harness, site: Path) -> dict[str, bytes]:
    """The forum post (its text in every language, its pictures) and every archive file."""
    record = h.game.load()
    name = h.game.store.turn_records()[-1]
    digest = next(letters(h.game, record, h.game.store.read_turn_record(name), False, only=""))
    text = render(digest.letter.template, h.game.settings.language, digest.letter.context, h.game.catalog)
    posts = forum_posts(text)
    assert posts
    shown = {f"post-{n}": post.encode() for n, post in enumerate(posts)}
    shown |= {p.name: p.png for p in digest.letter.pictures if p.name.startswith("public-")}
    refresh(h.daemon.games, site, every=True)
    shown |= {str(f.relative_to(site)): f.read_bytes() for f in sorted(site.rglob("*")) if f.is_file()}
    return shown


def moved(spec: Adjustable, value: int) -> int:
    """Another value the GM could set: higher, unless that passes the maximum."""
    if spec.maximum is None or value + CHANGE <= spec.maximum:
        return value + CHANGE
    return max(value - CHANGE, spec.minimum if spec.minimum is not None else value - CHANGE)


def with_private_values_moved(h: Harness) -> None:
    """Every power's private numbers moved, in the game record and in the last phase's turn record
    (its state after and the public view resolve would have kept of it)."""
    ruleset, record = h.game.ruleset, h.game.load()
    state: Any = record.state
    for power in record.players:
        for name, spec in ruleset.adjustables.items():
            if not spec.public:
                state = ruleset.adjust(state, power, name, moved(spec, ruleset.read(state, power, name)))
    record.state = state
    h.game.store.save(record)
    name = h.game.store.turn_records()[-1]
    data = h.game.store.read_turn_record(name)
    h.game.store.write_turn_record(name, {**data, "state_after": state, "public": ruleset.public_view(state)})


@pytest.mark.parametrize("ruleset", sorted(REGISTRY))
def test_no_private_value_changes_any_public_output(tmp_path: Path, ruleset: str) -> None:
    h = Harness(tmp_path, ruleset=ruleset)
    if not any(not spec.public for spec in h.game.ruleset.adjustables.values()):
        # mare: МОЩЬ is public, and what it keeps private (allocations, generals) no GM number holds
        assert not h.game.ruleset.secret_scores
        return
    players = PLAYERS[: h.game.ruleset.max_players]
    h.start(players)
    play_phases(h, players, 4)
    assert h.game.load().status == "running"
    before = public_outputs(h, tmp_path / "before")
    with_private_values_moved(h)
    after = public_outputs(h, tmp_path / "after")
    assert sorted(after) == sorted(before)
    assert [name for name in before if before[name] != after[name]] == []
