"""The digest's forum post in each game's BBCode dialect (`[games.X] forum`), checked by a parser of
that forum's own rules (tests/daemon/bbcode.py) on a played game of every ruleset; and ties listed
in one order in the forum post, the final report and `gonets status`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.config import ConfigError, load_config
from daemon.games import Games
from daemon.tools.status import status_text
from parsers.orders import normal_form
from state.disk import Disk
from tests.daemon.bbcode import DIALECTS, PHPBB, SMF, mistakes
from tests.daemon.harness import GM, PLAYERS, Harness, body, everyone, texts
from tests.rulesets import register
from tests.rulesets.council_like import FAMILIES

RULESETS = ("coins", "council", "mare", "rus", "council_like")
POST = re.compile(
    r"^──── (?:пост для форума|forum post): (?:начало|start) ────\n(.*?)^──── ", re.MULTILINE | re.DOTALL
)


def use_forum(h: Harness, forum: str) -> None:
    """The game's forum dialect set in its table (the last one of the file), the daemon restarted."""
    config = re.sub(r'\nforum = "[a-z]+"', "", h.config_path.read_text(encoding="utf-8"))
    h.config_path.write_text(config + f'forum = "{forum}"\n', encoding="utf-8")
    h.restart()


def forum_posts(digest: str) -> list[str]:
    """Each language's forum post: what stands between its markers."""
    return POST.findall(digest)


def play_a_turn(h: Harness) -> None:
    """Every player sends the computer's orders for each phase until the game's second turn."""
    while h.game.load().turn == 1:
        record = h.game.load()
        phase = h.game.phase_spec(record)
        for address in PLAYERS:
            commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
            h.send(address, h.orders(address, *[normal_form(c, phase) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]))
        h.clock.advance(hours=49)  # council_like resolves at the deadline only
        assert h.run().resolved >= 1  # and a phase that asks nothing of anyone after it, at once


@pytest.fixture(params=RULESETS)
def played(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Harness]:
    register(monkeypatch, "council_like")
    h = Harness(tmp_path, ruleset=request.param)
    h.start()
    play_a_turn(h)
    h.mail_to(GM)
    yield h
    h.daemon.close()


def test_the_forum_post_of_a_played_game_parses_in_every_dialect(played: Harness) -> None:
    record = played.game.load()
    powers = set(played.game.ruleset.scores(record.state))
    for forum, dialect in DIALECTS.items():
        use_forum(played, forum)
        assert played.gm("СВОДКА").exit_code == 0
        (digest,) = [body(m) for m in played.mail_to(GM) if "Сводка ведущего" in body(m)]
        posts = forum_posts(digest)
        assert len(posts) == 2, digest  # ru and en
        english = played.game.catalog.forms.in_english
        for post, names in zip(posts, (powers, {english(p) for p in powers}), strict=True):
            assert mistakes(post, dialect) == [], post
            assert all(name in post for name in names)
            assert ("[table]" in post) == (forum == "smf")
            assert ("[code]" in post) == (forum != "smf")


def test_the_public_view_and_news_stand_in_the_post(played: Harness) -> None:
    use_forum(played, "smf")
    assert played.gm("СВОДКА").exit_code == 0
    (digest,) = [body(m) for m in played.mail_to(GM) if "Сводка ведущего" in body(m)]
    data = played.game.store.read_turn_record(played.game.store.turn_records()[-1])
    ru = forum_posts(digest)[0]
    assert ru.count("[li]") == len(data["news"])
    if played.game.ruleset.name == "council_like":
        assert "[b]Правящие семьи[/b]" in ru


def test_each_validator_refuses_what_its_forum_does_not_parse() -> None:
    """The checker can fail: a table where phpBB has none, a [td] outside [tr], an item outside a
    list, crossed and unclosed tags, an unknown tag; and [code] hides its content from parsing."""
    assert mistakes("[table][tr][td]1[/td][/tr][/table]", PHPBB)
    assert mistakes("[table][td]1[/td][/table]", SMF)
    assert mistakes("[table]x[tr][td]1[/td][/tr][/table]", SMF)
    assert mistakes("[*]a", PHPBB)
    assert mistakes("[list][li]a[/li][/list]", PHPBB)
    assert mistakes("[b][i]a[/b][/i]", PHPBB)
    assert mistakes("[list][*]a", PHPBB)
    assert mistakes("[center]a[/center]", PHPBB)
    assert mistakes("[b=1]a[/b]", PHPBB)
    assert mistakes("[list][*]a[*]b[/list][code][table][/code]", PHPBB) == []
    assert mistakes("[table][tr][td]a[/td][/tr][/table][list][li]b[/li][/list]", SMF) == []


def test_an_unknown_forum_is_one_clear_line(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.daemon.close()
    h.config_path.write_text(
        h.config_path.read_text(encoding="utf-8") + 'forum = "vbulletin"\n', encoding="utf-8"
    )
    with pytest.raises(ConfigError) as error:
        load_config(h.config_path)
    assert str(error.value) == (
        "games.coins-t.forum = \"vbulletin\": should be 'phpbb', 'smf', 'ipb' or 'mybb'"
    )


def test_a_tie_is_listed_in_one_order_everywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """council_like scores every family 0: the forum post, the final report and `gonets status`
    list them by name, not in the ruleset's own order."""
    register(monkeypatch, "council_like")
    h = Harness(tmp_path, ruleset="council_like")
    h.start()
    expected = sorted(FAMILIES)
    assert expected != list(FAMILIES)  # else the test could not tell the orders apart
    record = h.game.load()
    record.state = {**record.state, "over": True}  # the rules end the game with this phase
    h.game.store.save(record)
    everyone(h, "НЕТ ДЕЙСТВИЙ")
    h.clock.advance(hours=49)
    assert h.run().resolved == 1

    def order(text: str) -> list[str]:
        return sorted(FAMILIES, key=lambda family: text.index(family))

    (digest,) = [body(m) for m in h.mail_to(GM) if "Сводка ведущего" in body(m)]
    scores = forum_posts(digest)[0].split("[b]Победные очки[/b]")[1]
    report = next(t for t in texts(h, PLAYERS[0]) if "Игра окончена." in t)
    final = report.split("Победные очки:")[1]
    h.daemon.close()
    games = Games(load_config(h.config_path), Disk(h.root / "games"))
    try:
        status = status_text(games)
    finally:
        games.close()
    assert order(scores) == order(final) == order(status) == expected
