"""The web archive in a real browser: Debian's chromium and chromium-driver (installed by .ci/run)
driven by selenium. One archive holds a game of every shipped ruleset played by mail: every page,
the indexes included, loads without a console error, every link resolves, every picture loads and
links to its full size, no page has a script, and at a 390 px phone and a 1280 px screen no page
scrolls sideways (a wide table scrolls in its own box). The standings table says the game's public
scores as the mails do. With GONETS_SCREENSHOT=1 it writes the README's screenshots of a game page
at both widths (docs/pictures/site-game-390.png, docs/pictures/site-game-1280.png)."""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin
from urllib.request import urlopen

import pytest

from daemon.outgoing.render import points, ranking
from daemon.outgoing.site import refresh
from daemon.outgoing.views import public_scores
from engines import REGISTRY
from engines.text import Lang
from tests.daemon.harness import PLAYERS, Harness
from tests.daemon.test_site import play_phases
from tests.paths import REPO

CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PICTURES = REPO / "docs" / "pictures"
PHONE = (390, 844)  # a phone's screen in CSS pixels
SCREEN = (1280, 900)  # a laptop's
WIDTHS = {"390": PHONE, "1280": SCREEN}
PAGES = ("index.html", "index.en.html")  # a game's, Russian and English
SHOT_GAME = "tribes"  # the README's screenshots: its public view has tables, a map and a chart

pytestmark = pytest.mark.skipif(
    not Path(CHROMEDRIVER).exists(),
    reason="chromium-driver missing: for the browser test run: sudo apt-get install chromium chromium-driver",
)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, Harness]]]:
    """A game of every shipped ruleset, three phases each by mail, their archive (one index)
    served over HTTP on localhost."""
    root = tmp_path_factory.mktemp("browser")
    games: dict[str, Harness] = {}
    for ruleset in sorted(REGISTRY):
        (root / ruleset).mkdir()
        h = Harness(root / ruleset, ruleset=ruleset, game=f"{ruleset}-7")
        record = h.game.load()
        record.seed = "site"  # the same lots every run: the same screenshot
        h.game.store.save(record)
        players = PLAYERS[: h.game.ruleset.max_players]
        h.start(players)
        play_phases(h, players, 3)
        games[h.game_id] = h
    refresh([h.game for h in games.values()], root / "site", every=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", games
    finally:
        server.shutdown()
        for h in games.values():
            h.daemon.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_window_size(*PHONE)
    try:
        yield driver
    finally:
        driver.quit()


def visited(browser: Any, root: str) -> dict[str, list[str]]:
    """Every page under `root` reachable from its index by links, with the console errors of each."""
    errors: dict[str, list[str]] = {}
    waiting = [root + "index.html"]
    while waiting:
        url = waiting.pop()
        if url in errors:
            continue
        browser.get(url)
        logs = browser.get_log("browser")
        errors[url] = [entry["message"] for entry in logs if entry["level"] == "SEVERE"]
        for link in browser.find_elements("css selector", "a[href]"):
            target = urldefrag(urljoin(url, link.get_attribute("href")))[0]
            if target.startswith(root) and target not in errors:
                waiting.append(target)
    return errors


def test_every_page_loads_without_a_console_error_and_every_link_resolves(
    site: tuple[str, dict[str, Harness]], browser: Any
) -> None:
    start, games = site
    errors = visited(browser, start)
    assert sorted(url for url in errors if url.endswith(".html")) == sorted(
        start + p for p in every_page(games)
    )
    assert {url: said for url, said in errors.items() if said and url.endswith(".html")} == {}
    for url in errors:  # the pages, and the pictures their links open at full size
        with urlopen(url) as answer:
            assert answer.status == 200
            assert not url.endswith(".html") or "<script" not in answer.read().decode()


def every_page(games: dict[str, Harness]) -> list[str]:
    return [
        "index.html",
        "index.en.html",
        *(f"{g}/{p}" for g in games for p in ("index.html", "index.en.html")),
    ]


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_no_page_scrolls_sideways_and_every_picture_loads_and_links_to_its_full_size(
    site: tuple[str, dict[str, Harness]], browser: Any, width: str
) -> None:
    start, games = site
    browser.set_window_size(*WIDTHS[width])
    wide, unlinked, broken = [], [], []
    for page in every_page(games):
        browser.get(start + page)
        sizes = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        if sizes[0] > sizes[1]:
            wide.append((page, sizes))
        for image in browser.find_elements("css selector", "img"):
            if browser.execute_script("return arguments[0].naturalWidth", image) == 0:
                broken.append((page, image.get_attribute("src")))
            link = browser.execute_script(
                "return arguments[0].closest('a') && arguments[0].closest('a').href", image
            )
            if link != image.get_attribute("src"):
                unlinked.append((page, image.get_attribute("src")))
    browser.set_window_size(*PHONE)
    assert (wide, broken, unlinked) == ([], [], [])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_standings_are_the_games_public_scores(
    site: tuple[str, dict[str, Harness]], browser: Any, lang: Lang
) -> None:
    start, games = site
    for game, h in games.items():
        browser.get(f"{start}{game}/{'index.html' if lang == 'ru' else 'index.en.html'}")
        catalog = h.game.catalog_for(h.game.load().state)
        shown = [
            (
                row.find_element("css selector", "td.power").text.split(" (")[0],
                row.find_element("css selector", "td.points:not(.place)").text,
            )
            for row in browser.find_elements("css selector", "table.standings tbody tr")
        ]
        scores = ranking(public_scores(h.game.ruleset, h.game.load().state))
        named = [(catalog.forms.in_english(p) if lang == "en" else p, points(v, lang)) for p, v in scores]
        assert shown == named, game


def test_the_screenshots(site: tuple[str, dict[str, Harness]], browser: Any) -> None:
    """The README's screenshots of a game page at both widths, with GONETS_SCREENSHOT=1."""
    if not os.environ.get("GONETS_SCREENSHOT"):
        pytest.skip("GONETS_SCREENSHOT=1 retakes the README's screenshots")
    start, _ = site
    for width, (across, _) in WIDTHS.items():
        browser.set_window_size(across, 1600)
        browser.get(f"{start}{SHOT_GAME}-7/index.html")
        (PICTURES / f"site-game-{width}.png").write_bytes(browser.get_screenshot_as_png())
    browser.set_window_size(*PHONE)
