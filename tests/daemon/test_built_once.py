"""What does not change per mail is built once, not once per mail or per reply."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engines.text import Catalog
from tests.daemon.harness import GM, PLAYERS, Harness, accepted, everyone, texts


def test_the_games_messages_merge_with_the_daemons_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = Harness(tmp_path)
    h.start()
    h.restart()  # a fresh game object whose catalog no mail has used yet
    game_catalog = h.game.catalog
    merges: list[Catalog] = []
    merged = Catalog.merged

    def counting(self: Catalog, other: Catalog) -> Any:
        if other is game_catalog:
            merges.append(self)
        return merged(self, other)

    monkeypatch.setattr(Catalog, "merged", counting)
    everyone(h, "ВЛОЖИТЬ Промышленность 3")
    h.run()
    refused = h.gm("ПРОДЛИТЬ 1ч")
    assert refused.exit_code == 2 and "не целое число" in refused.text[0]
    replies = [text for address in PLAYERS for text in texts(h, address)]
    assert sum(accepted(text) for text in replies) == len(PLAYERS)
    assert sum("Итоги хода 1" in text for text in replies) == len(PLAYERS)
    assert any("Сводка ведущего" in text for text in texts(h, GM))
    assert len(merges) == 1
