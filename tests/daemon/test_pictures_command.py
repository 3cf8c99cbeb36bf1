"""`gonets pictures`: a ruleset's pictures for the documentation, drawn after computer-played turns."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from daemon.cli import main
from tests.rulesets import register

NAMES = [
    "hidden_tech-gm-map-turn-4.png",
    "hidden_tech-power1-map-turn-4.png",
    "hidden_tech-public-map-turn-4.png",
]


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both test rulesets, for every test here."""
    register(monkeypatch, "hidden_tech", "council_like")


def draw(out: Path, *options: str) -> int:
    return main(["pictures", "--ruleset", "hidden_tech", "--out", str(out), *options])


def test_it_writes_every_viewers_pictures_as_valid_pngs_the_same_each_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert draw(tmp_path / "a") == 0
    printed = capsys.readouterr().out.split()
    assert sorted(Path(p).name for p in printed) == NAMES  # three turns played: the map of turn 4
    for path in map(Path, printed):
        with Image.open(path) as image:
            assert image.format == "PNG" and image.size[0] > 100
    assert draw(tmp_path / "b", "--turns", "3", "--seed", "docs") == 0
    assert all((tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes() for n in NAMES)
    files = {(tmp_path / "a" / n).read_bytes() for n in NAMES}
    assert len(files) == 3  # the GM, the public and the power each see their own map


def test_turns_sets_how_far_the_game_is_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert draw(tmp_path, "--turns", "1") == 0
    assert sorted(p.name for p in tmp_path.iterdir())[0] == "hidden_tech-gm-map-turn-2.png"


def test_a_ruleset_without_pictures_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pictures", "--ruleset", "council_like", "--out", str(tmp_path)]) == 0
    assert "draws no pictures" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_an_unknown_ruleset_is_named_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["pictures", "--ruleset", "chess", "--out", str(tmp_path)]) == 2
    assert "no ruleset chess" in capsys.readouterr().err
