"""The web archive in a real browser: Debian's chromium and chromium-driver (installed by .ci/run)
driven by selenium. Every page of a Русь game played by mail loads without a console error, every
link resolves, every picture loads, nothing is wider than a phone's screen, no page has a script,
and the standings table says the game's scores as the mails do. With GONETS_SCREENSHOT=1 it
writes the README's screenshot of the game page (docs/pictures/site-game.png)."""

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
from engines.text import Lang
from tests.daemon.harness import PLAYERS, Harness
from tests.daemon.test_site import play_phases
from tests.paths import REPO

CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCREENSHOT = REPO / "docs" / "pictures" / "site-game.png"
PHONE = (390, 844)  # a phone's screen in CSS pixels
SHOT = (820, 1500)  # the README's screenshot: the standings, their chart and the last turn with its map

pytestmark = pytest.mark.skipif(
    not Path(CHROMEDRIVER).exists(),
    reason="chromium-driver missing: for the browser test run: sudo apt-get install chromium chromium-driver",
)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Harness]]:
    """A Русь game of two turns by mail, its archive served over HTTP on localhost."""
    root = tmp_path_factory.mktemp("browser")
    h = Harness(root, ruleset="rus", game="rus-7")
    record = h.game.load()
    record.seed = "site"  # the same lots every run: the same screenshot
    h.game.store.save(record)
    h.start()
    play_phases(h, PLAYERS, 2)
    refresh(h.daemon.games, root / "site", every=True)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", h
    finally:
        server.shutdown()
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
    site: tuple[str, Harness], browser: Any
) -> None:
    start, _ = site
    errors = visited(browser, start)
    assert sorted(errors) == sorted(
        start + page for page in ("index.html", "index.en.html", "rus-7/index.html", "rus-7/index.en.html")
    )
    assert {url: said for url, said in errors.items() if said} == {}
    for url in errors:
        with urlopen(url) as answer:
            page = answer.read().decode()
            assert answer.status == 200 and "<script" not in page


@pytest.mark.parametrize("page", ["rus-7/index.html", "rus-7/index.en.html"])
def test_the_map_loads_the_standings_are_the_games_and_it_fits_a_phone(
    site: tuple[str, Harness], browser: Any, page: str
) -> None:
    start, h = site
    browser.get(start + page)
    images = browser.find_elements("css selector", "img")
    assert images and all(browser.execute_script("return arguments[0].naturalWidth", i) > 0 for i in images)
    lang: Lang = "en" if page.endswith(".en.html") else "ru"
    catalog = h.game.catalog_for(h.game.load().state)
    shown = [
        (
            row.find_element("css selector", "td.power").text,
            row.find_element("css selector", "td.points").text,
        )
        for row in browser.find_elements("css selector", "table.standings tbody tr")
    ]
    scores = ranking(h.game.ruleset.scores(h.game.load().state))
    named = [(catalog.forms.in_english(p) if lang == "en" else p, points(v, lang)) for p, v in scores]
    assert shown == named
    width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    if os.environ.get("GONETS_SCREENSHOT") and lang == "ru":
        browser.set_window_size(*SHOT)
        SCREENSHOT.write_bytes(browser.get_screenshot_as_png())
        browser.set_window_size(*PHONE)
