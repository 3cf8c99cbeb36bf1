"""`gonets bench`: the pipeline against the physical floor, measured side by side in one run.

The floor is what an order mail cannot cost less than: reading it with mail-parser and three
atomic, fsynced writes of the scenario's game file. The pipeline is one order mail through a real
Maildir pass (archive, parse, route, password, check, store, reply queued and sent). Floor and
pipeline alternate mail by mail, so the machine's noise hits both, and the figure that matters is
their ratio. The scenarios are what a user waits for: an order mail in a coins game and in a
16-player Русь game, one among 1000 idle Русь games, one after a long history, a full Русь
resolution; a burst and hostile inputs besides. The goals say what a user should not feel.
With `--imap`, the 1000 Русь games again behind a real mail server (`bench_imap`), in the same
table and JSON.
"""

from __future__ import annotations

import secrets
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import mailparser

from daemon.passwords import Passwords
from daemon.service import PassReport
from daemon.tools import bench_burst, bench_imap
from daemon.tools.bench_games import Scene, grow_history, open_scene, put_all_orders
from daemon.tools.bench_report import Figure, Goal, as_json, median, p90, table, write_json
from parsers.html_text import html_to_text
from parsers.mime import parse_mail
from state.files import atomic_write_json, read_json

IDLE_BEFORE_MS = 488.0  # an idle pass over 1000 Русь games before games were woken from a heap


@dataclass(frozen=True)
class Sizes:
    mails: int = 40  # order mails timed per scenario, each alternating with a floor
    idle_games: int = 1000
    idle_passes: int = 10  # idle passes, alternating with passes of one mail
    history_turns: int = 200
    resolutions: int = 15  # one pass swings by a fifth here: the median of 15 holds still
    burst_mails: int = 1000
    hostile_scale: float = 1.0
    imap_games: int = 1000  # behind the loopback Dovecot (`--imap`)
    imap_samples: int = 20  # order mails timed over IDLE, and as many over polling


QUICK = Sizes(
    mails=3,
    idle_games=5,
    idle_passes=2,
    history_turns=3,
    resolutions=1,
    burst_mails=40,
    hostile_scale=0.01,
    imap_games=3,
    imap_samples=2,
)


def run_bench(sizes: Sizes, json_target: str | None, imap: bool = False) -> list[Figure]:
    """Every scenario in its own folder, the IMAP one last if asked for; the table goes to stdout
    unless the JSON does."""
    figures: list[Figure] = []
    scenarios = (_coins, _rus, _idle, _history, _burst, *((_imap,) if imap else ()))
    with tempfile.TemporaryDirectory(prefix="gonets-bench-") as tmp:
        root = Path(tmp)
        for scenario in scenarios:
            _progress(scenario.__doc__ or "")
            figures += scenario(root / scenario.__name__.strip("_"), sizes)
    figures += _hostile(sizes.hostile_scale)
    figures.append(Figure("password_check", _check_seconds() * 1000, "ms", "one keyed password check (HMAC)"))
    if json_target is not None:
        write_json(as_json(figures, asdict(sizes)), json_target)
    if json_target != "-":
        print(table(figures))
    return figures


def _progress(text: str) -> None:
    print(f"bench: {text.strip()}", file=sys.stderr, flush=True)


def _timed(action: Callable[[], PassReport]) -> tuple[float, PassReport]:
    began = time.perf_counter()
    report = action()
    return time.perf_counter() - began, report


def _one_mail(scene: Scene, raw: bytes) -> float:
    """Seconds of the pass that handles `raw`; refuses to count a pass that did not answer it."""
    scene.inbox.add(raw)
    seconds, report = _timed(scene.daemon.run_once)
    if report.mails != 1 or report.sent < 1:
        raise RuntimeError(f"the bench's order mail was not handled and answered: {report}")
    return seconds


def _floor(raw: bytes, game_file: Path, scratch: Path) -> float:
    """mail-parser on the mail, then three atomic writes of the game file as it is now."""
    data = read_json(game_file)
    began = time.perf_counter()
    mailparser.parse_from_bytes(raw)
    for _ in range(3):
        atomic_write_json(scratch / "game.json", data)
    return time.perf_counter() - began


def _floor_and_pipeline(name: str, scene: Scene, mails: int) -> list[Figure]:
    scratch = scene.root / "floor"
    scratch.mkdir()
    floors, pipeline = [], []
    for n in range(mails):
        raw = scene.order_mail(n)
        floors.append(_floor(raw, scene.game.store.directory / "game.json", scratch))
        pipeline.append(_one_mail(scene, raw))
    floor, cost = median(floors), median(pipeline)
    return [
        Figure(f"{name}.floor", floor * 1000, "ms", "mail-parser + 3 atomic writes of game.json, median"),
        Figure(f"{name}.order_mail", cost * 1000, "ms", "one order mail through a Maildir pass, median"),
        Figure(f"{name}.order_mail_p90", p90(pipeline) * 1000, "ms", "the same, 90th percentile"),
        Figure(
            f"{name}.floor_share",
            floor / cost,
            "ratio",
            "floor / order mail (1 = at the floor)",
            Goal(">=", 0.5),
        ),
    ]


def _coins(root: Path, sizes: Sizes) -> list[Figure]:
    """one coins game (4 players): floor and order mails, alternating"""
    scene = open_scene(root, "coins", 4)
    try:
        return _floor_and_pipeline("coins", scene, sizes.mails)
    finally:
        scene.close()


def _rus(root: Path, sizes: Sizes) -> list[Figure]:
    """one 16-player Русь game: floor and order mails, alternating, then full resolutions"""
    scene = open_scene(root, "rus", 16)
    try:
        figures = _floor_and_pipeline("rus16", scene, sizes.mails)
        passes, sent, references = [], [], []
        for _ in range(sizes.resolutions):
            references.append(_reference_seconds())
            put_all_orders(scene)
            deadline = scene.game.deadline(scene.game.load())
            assert deadline is not None
            scene.clock.now = deadline
            seconds, report = _timed(scene.daemon.run_once)
            if report.resolved != 1:
                raise RuntimeError(f"the bench's resolution pass resolved nothing: {report}")
            passes.append(seconds)
            sent.append(float(report.sent))
    finally:
        scene.close()
    return [
        *figures,
        Figure(
            "rus16.resolution",
            median(passes) * 1000,
            "ms",
            "a pass resolving the turn: compute, commit, mails sent, median",
        ),
        Figure(
            "rus16.resolution_mails",
            median(sent),
            "mails",
            "mails that pass sends (16 reports and the digest)",
        ),
        Figure(
            "rus16.cpu_reference",
            median(references) * 1000,
            "ms",
            "a fixed pure-Python loop timed before each resolution pass: how fast the CPU ran, median",
        ),
        Figure(
            "rus16.resolution_in_references",
            median(passes) / median(references),
            "ratio",
            "the resolution pass in those loops: the figure the machine's speed moves least",
        ),
    ]


def _reference_seconds() -> float:
    """A fixed amount of interpreter work (about 10 ms on this project's machine when its host is
    quiet): the resolution pass is an absolute goal, and this machine's CPU runs up to half again
    slower from one hour to the next."""
    began = time.perf_counter()
    sum(n * n % 7 for n in range(150_000))
    return time.perf_counter() - began


def _idle(root: Path, sizes: Sizes) -> list[Figure]:
    """idle Русь games (16 players each): passes without mail and with one mail, alternating"""
    scene = open_scene(root, "rus", 16, idle_games=sizes.idle_games - 1)
    idle, one = [], []
    try:
        for n in range(sizes.idle_passes):
            idle.append(_timed(scene.daemon.run_once)[0])
            one.append(_one_mail(scene, scene.order_mail(n)))
    finally:
        scene.close()
    games = sizes.idle_games
    return [
        Figure(
            "idle.pass",
            median(idle) * 1000,
            "ms",
            f"a pass with no mail over {games} games, median",
            Goal("<=", IDLE_BEFORE_MS * 0.05),
        ),
        Figure(
            "idle.one_mail",
            median(one) * 1000,
            "ms",
            f"a pass with one order mail among {games} games, median",
            Goal("<=", 60),
        ),
        Figure("idle.one_mail_p90", p90(one) * 1000, "ms", "the same, 90th percentile"),
    ]


def _history(root: Path, sizes: Sizes) -> list[Figure]:
    """a fresh coins game against one with a long history: order mails, alternating"""
    turns = sizes.history_turns
    fresh, aged = open_scene(root / "fresh", "coins", 4), open_scene(root / "aged", "coins", 4)
    try:
        grow_history(aged, turns, mails_per_turn=len(aged.players) * len(aged.game.ruleset.phases))
        young, old = [], []
        for n in range(sizes.mails):
            young.append(_one_mail(fresh, fresh.order_mail(n)))
            old.append(_one_mail(aged, aged.order_mail(n)))
    finally:
        fresh.close()
        aged.close()
    return [
        Figure("history.turn_1", median(young) * 1000, "ms", "an order mail on turn 1, median"),
        Figure(
            f"history.turn_{turns}",
            median(old) * 1000,
            "ms",
            f"an order mail after {turns} turns of history, median",
        ),
        Figure(
            "history.ratio",
            median(old) / median(young),
            "ratio",
            f"turn {turns} / turn 1 (1 = history costs nothing)",
            Goal("<=", 1.2),
        ),
    ]


def _burst(root: Path, sizes: Sizes, games: int = 10) -> list[Figure]:
    """a mixed burst (valid, re-delivered, garbage) over 10 coins games"""
    root.mkdir()
    daemon = bench_burst.open_daemon(root, games)
    try:
        burst = bench_burst.build(bench_burst.start_games(daemon), sizes.burst_mails)
        bench_burst.deliver(root, burst)
        seconds = bench_burst.run(daemon)
    finally:
        daemon.close()
    meaning = f"{sizes.burst_mails} mails ({burst.duplicates} re-delivered, most garbage) through Maildir"
    return [Figure("burst.rate", sizes.burst_mails / seconds, "mails/s", meaning)]


def _imap(root: Path, sizes: Sizes) -> list[Figure]:
    """16-player Русь games behind a loopback Dovecot and SMTP server: order mails over IDLE and polling"""
    return bench_imap.imap_figures(root, sizes.imap_games, sizes.imap_samples, sizes.mails)


def _hostile(scale: float) -> list[Figure]:
    """Inputs an attacker shapes to be slow; each must cost time linear in its size."""
    _progress("hostile inputs")

    def n(count: int) -> int:
        return max(1, int(count * scale))

    cases: dict[str, tuple[str, Callable[[], object]]] = {
        "nested_divs": (
            f"{n(200_000)} nested <div>s to text",
            lambda: html_to_text("<div>x" * n(200_000) + "</div>" * n(200_000)),
        ),
        "long_subject": (
            f"a Subject of {n(260_000)} words (cut at the 100 KB header cap)",
            lambda: _mail(f"Subject: {'word ' * n(260_000)}"),
        ),
        "references": (
            f"a References header of {n(5_300)} ids",
            lambda: _mail(f"References: {_ids(n(5_300))}"),
        ),
    }
    figures = []
    for name, (meaning, case) in cases.items():
        began = time.perf_counter()
        case()
        figures.append(Figure(f"hostile.{name}", time.perf_counter() - began, "s", meaning))
    return figures


def _mail(header: str) -> object:
    return parse_mail(f"From: a@b.example\nMessage-ID: <x@b.example>\n{header}\n\nhi".encode())


def _ids(count: int) -> str:
    return " ".join(f"<{n}@b.example>" for n in range(count))


def _check_seconds(rounds: int = 1000) -> float:
    """One password check: an HMAC under a 32-byte key, as every order mail pays."""
    passwords = Passwords(secrets.token_bytes(32))
    stored = passwords.hash("bench-password")
    began = time.perf_counter()
    for _ in range(rounds):
        passwords.check("bench-password", stored)
    return (time.perf_counter() - began) / rounds
