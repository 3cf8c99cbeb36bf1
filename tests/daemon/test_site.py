"""The public web archive (`gonets site`, daemon/outgoing/site.py): every page holds nothing private,
for every ruleset played by mail; the standings are the game's scores as the mails show them; the
daemon writes it after each released phase; a ru+en game has its English page beside the Russian."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from daemon.cli import main
from daemon.outgoing.render import daemon_catalog, points, ranking
from daemon.outgoing.site import refresh
from daemon.outgoing.views import computer_run, public_scores
from daemon.tools.conformance.knowledge import leaves
from engines import REGISTRY
from engines.text import BOTH, Msg, number
from parsers.orders import normal_form
from tests.daemon.harness import GM, PLAYERS, Harness
from tests.daemon.test_privacy import CANARY, play_phase, set_canaries
from tests.rulesets import register

_TAGS = re.compile(r"<[^>]+>")
FORUM_TAGS = ("[b]", "[code]", "[list]", "[*]", "[li]", "[table]")
_NAME = re.compile(r"[A-Za-zА-Яа-яЁё]")


def pages(site: Path) -> dict[str, str]:
    """Every page of the archive as its reader reads it: the text without tags, and the HTML."""
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html"))}


def text(page: str) -> str:
    return html.unescape(_TAGS.sub(" ", page))


def public_words(h: Harness) -> str:
    """What everyone may know of the game: every released phase's news and public view, the
    names orders take, the roster, the rules' own words."""
    ruleset, store = h.game.ruleset, h.game.store
    catalog = daemon_catalog().merged(h.game.catalog)
    said = []
    for name in store.turn_records()[1:]:  # after the start's
        data = store.read_turn_record(name)
        said += [catalog.render(Msg.from_json(m), lang) for m in data["news"] for lang in BOTH]
        said += leaves(data.get("public", {}))
        state = data["state_after"]
        said += [w for v in ruleset.vocabularies(state).values() for n, s in v.items() for w in (n, *s)]
        said += [str(round(value)) for value in ruleset.scores(state).values()]  # the forum post's
    said += [c.help.get(lang) for p in ruleset.phases.values() for c in p.commands for lang in BOTH]
    said += [k for p in ruleset.phases.values() for c in p.commands for k in c.keywords]
    return " ".join(said)


def secrets(h: Harness) -> set[str]:
    """What a page may never show: each power's canary numbers and the names only views hold, the
    players' addresses, names and passwords, the GM's log of every phase."""
    record, ruleset, store = h.game.load(), h.game.ruleset, h.game.store
    known = public_words(h)
    found: set[str] = set()
    for power in record.players:
        for leaf in leaves(ruleset.view(record.state, power)):
            if leaf.isdigit() and int(leaf) >= CANARY and leaf not in known:
                found |= {leaf, *(number(int(leaf), lang) for lang in BOTH)}
            elif len(_NAME.findall(leaf)) >= 4 and (leaf[:1].isupper() or re.search("[а-яё]", leaf)):
                found |= set() if leaf in known else {leaf}
    found |= {p.address for p in record.players.values()} | {p.name for p in record.players.values()}
    found |= set(h.passwords.values()) | {GM}
    catalog = daemon_catalog().merged(h.game.catalog)
    for name in store.turn_records()[1:]:
        for m in store.read_turn_record(name)["gm_log"]:
            found |= {catalog.render(Msg.from_json(m), lang) for lang in BOTH}
    return {secret for secret in found if len(secret) >= 4}


@pytest.mark.parametrize("ruleset", [*sorted(REGISTRY), "hidden_tech"])
def test_no_page_holds_anything_private(
    tmp_path: Path, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(monkeypatch, "hidden_tech")
    h = Harness(tmp_path, ruleset=ruleset)
    players = PLAYERS[: h.game.ruleset.max_players]
    h.start(players)
    set_canaries(h)
    play_phases(h, players, 3)
    assert refresh(h.daemon.games, tmp_path / "site", every=True) == [h.game_id]
    site = pages(tmp_path / "site")
    shown = " ".join(text(page) + page for page in site.values())
    kept = secrets(h)
    assert kept  # there were secrets to keep
    assert sorted(secret for secret in kept if secret in shown) == []
    # the public view and the standings as HTML, never the forum post's markup pasted in
    marked = {name: [tag for tag in FORUM_TAGS if tag in page] for name, page in site.items()}
    assert {name: tags for name, tags in marked.items() if tags} == {}
    # the computer's powers marked in the standings, as the forum post marks them
    record, last = h.game.load(), h.game.store.read_turn_record(h.game.store.turn_records()[-1])
    rows = standings(site[f"{h.game_id}/index.html"])
    computer = {
        power.removesuffix("(компьютер)").strip() for power, _ in rows if power.endswith("(компьютер)")
    }
    assert computer == {p for p in computer_run(last) if p in public_scores(h.game.ruleset, record.state)}


def play_phases(h: Harness, players: tuple[str, ...], count: int) -> None:
    """`count` phases, each player mailing the computer's orders for its power."""
    for _ in range(count):
        record = h.game.load()
        for address in players:
            commands = h.game.ruleset.ai_orders(record.state, h.powers[address], record.phase)
            lines = [normal_form(c, h.game.phase_spec(record)) for c in commands] or ["НЕТ ДЕЙСТВИЙ"]
            h.send(address, h.orders(address, *lines))
        assert h.run().resolved >= 1  # and a phase that asks nothing of anyone after it, at once


def standings(page: str) -> list[tuple[str, str]]:
    table = re.search(r'<table class="standings">(.*?)</table>', page, re.S)
    if table is None:  # no points while a game whose points count a secret runs
        return []
    cells = re.findall(r'<td class="power">(.*?)</td><td class="points">(.*?)</td>', table.group(1))
    return [(html.unescape(text(a).strip()), html.unescape(b)) for a, b in cells]


def test_the_daemon_writes_the_archive_after_a_released_phase_with_the_scores_as_mails_show_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hidden_tech scores 0.2 a thing known, so the Bears' 0.6000000000000001 is «0,6»."""
    register(monkeypatch, "hidden_tech")
    h = Harness(tmp_path, ruleset="hidden_tech", game="tribes-t")
    config = h.config_path.read_text(encoding="utf-8")
    h.config_path.write_text(
        config.replace("replies_per_hour", 'site_dir = "site"\nreplies_per_hour'), "utf-8"
    )
    h.restart()
    h.start(PLAYERS[:2])
    site = tmp_path / "site"
    assert "Ходов ещё не было." in text((site / "tribes-t" / "index.html").read_text("utf-8"))
    for address in PLAYERS[:2]:
        h.send(address, h.orders(address, "НЕТ ДЕЙСТВИЙ"))
    assert h.run().resolved == 1
    page = (site / "tribes-t" / "index.html").read_text("utf-8")
    scores = ranking(h.game.ruleset.scores(h.game.load().state))
    assert standings(page) == [(power, points(value, "ru")) for power, value in scores]
    assert ("Медведи", "0,6") in standings(page)
    english = (site / "tribes-t" / "index.en.html").read_text("utf-8")
    assert "Standings" in english and ("Медведи", "0.6") in standings(english)
    assert (
        'src="0001-0-orders-r0-map-turn-2.png"' in page
        and (site / "tribes-t" / "0001-0-orders-r0-map-turn-2.png").exists()
    )
    index = (site / "index.html").read_text("utf-8")
    assert 'href="tribes-t/index.html"' in index


def test_a_game_is_written_again_only_when_its_released_phases_change(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    site = tmp_path / "site"
    assert refresh(h.daemon.games, site) == [h.game_id]
    assert refresh(h.daemon.games, site) == []
    play_phase(h)
    assert refresh(h.daemon.games, site) == [h.game_id]


def test_gonets_site_writes_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    h = Harness(tmp_path)
    h.start()
    play_phase(h)
    h.daemon.close()
    assert main(["site", "--config", str(h.config_path), "--out", str(tmp_path / "out")]) == 0
    assert "игр 1 / 1 games" in capsys.readouterr().out
    assert sorted(pages(tmp_path / "out")) == [
        "coins-t/index.en.html",
        "coins-t/index.html",
        "index.en.html",
        "index.html",
    ]
    assert main(["site", "--config", str(h.config_path)]) == 2


def test_the_english_index_names_the_leader_in_english(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="mare")
    h.start()
    play_phases(h, PLAYERS, 2)
    refresh(h.daemon.games, tmp_path / "site", every=True)
    index = (tmp_path / "site" / "index.en.html").read_text("utf-8")
    leader = ranking(h.game.ruleset.scores(h.game.load().state))[0][0]
    row = re.search(r"<tr><td><a href=.*?</tr>", index)
    assert row is not None
    assert h.game.catalog.forms.in_english(leader) in row.group(0)
    assert not re.search("[А-Яа-яЁё]", text(row.group(0))), row.group(0)
