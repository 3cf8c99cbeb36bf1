"""`gonets bench`: the pipeline against the physical floor, measured side by side in one run.

The floor is what a durable mail handler cannot do without (`bench_floor`): read the mail's bytes
from disk, write the archive copy, the state and the reply, each fsynced with its folder; for a
batch, the same with one fsync of each file and folder. The pipeline is one order mail (or a
batch) through a real Maildir pass (archive, parse, route, password, check, store, reply queued
and sent). Floor and pipeline alternate, so the machine's noise hits both, and the figure that
matters is their ratio. The scenarios are what a user waits for: an order mail in a coins game
and in a 16-player Русь game, one among 1000 idle Русь games, one after a long history, a full
Русь resolution, a crowded Diplomacy spring adjudicated (`bench_diplomacy`), a cron pass's
start-up against a bare interpreter's (`bench_startup`), a backlog of ten thousand mails as it
drains (`bench_backlog`); a burst and hostile inputs besides.
The goals say what a user should not feel. With `--imap`, the 1000 Русь games again behind a real
mail server (`bench_imap`), in the same table and JSON.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from daemon.passwords import Passwords
from daemon.service import PassReport
from daemon.tools import bench_backlog, bench_burst, bench_imap, bench_startup, bench_storm
from daemon.tools.bench_floor import Floor
from daemon.tools.bench_games import Scene, grow_history, open_scene, put_all_orders, stranger_mail
from daemon.tools.bench_report import Figure, Goal, as_json, median, p90, table, write_json
from engines import REGISTRY
from parsers.html_text import html_to_text
from parsers.mime import parse_mail

IDLE_BEFORE_MS = 488.0  # an idle pass over 1000 Русь games before games were woken from a heap
STRANGER_BYTES = 128 * 1024  # a stranger's mail of single letters (`bench_games.stranger_mail`)
STARTUP_GOAL = 4.0  # a cron pass, --help: at most this many bare interpreter starts


@dataclass(frozen=True)
class Sizes:
    mails: int = 40  # order mails timed per scenario, each alternating with a floor
    batch_mails: int = 100  # order mails in one pass, against the floor's batch
    batches: int = 5
    idle_games: int = 1000
    idle_passes: int = 10  # idle passes, alternating with passes of one mail
    history_turns: int = 200
    resolutions: int = 15  # one pass swings by a fifth here: the median of 15 holds still
    burst_mails: int = 1000
    hostile_scale: float = 1.0
    imap_games: int = 1000  # behind the loopback Dovecot (`--imap`)
    imap_samples: int = 20  # order mails timed over IDLE, and as many over polling
    startup_runs: int = 10  # each command's runs, each beside a bare interpreter's
    backlog_mails: int = 10_000  # waiting when one pass starts
    tribes_turns: int = 30  # turns of a tribes game resolved one after another
    notified_mails: int = 10  # order mails delivered to a long-running daemon on Maildir
    storm_games: int = 1000  # started games on the host of the storm, as many of each ruleset
    storm_due: int = 100  # of them, whose deadlines fall at the same instant
    stranger_games: int = 100  # started games behind a stranger's mail of single letters


QUICK = Sizes(
    mails=3,
    batch_mails=3,
    batches=1,
    idle_games=5,
    idle_passes=2,
    history_turns=3,
    resolutions=1,
    burst_mails=40,
    hostile_scale=0.01,
    imap_games=3,
    imap_samples=2,
    startup_runs=1,
    backlog_mails=60,
    tribes_turns=4,
    notified_mails=2,
    storm_games=len(REGISTRY),
    storm_due=len(REGISTRY),
    stranger_games=3,
)


def run_bench(sizes: Sizes, json_target: str | None, imap: bool = False) -> list[Figure]:
    """Every scenario in its own folder, the IMAP one last if asked for; the table goes to stdout
    unless the JSON does."""
    figures: list[Figure] = []
    scenarios = (
        *(_coins, _rus, _diplomacy, _idle, _history, _tribes, _burst, _startup, _deadline, _notified),
        *(_backlog, _storm, _stranger),
        *((_imap,) if imap else ()),
    )
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


def _floor_and_pipeline(name: str, scene: Scene, mails: int) -> list[Figure]:
    floor = Floor(scene.root / "floor")
    floors, parses, pipeline = [], [], []
    for n in range(mails):
        raw = scene.order_mail(n)
        (delivered,) = floor.deliver([raw])
        state, reply = _state_and_reply(scene)
        floors.append(floor.one(delivered, state, reply))
        parses.append(floor.parsed([delivered]))
        pipeline.append(_one_mail(scene, raw))
    cost, at_floor = median(pipeline), median(floors)
    return [
        Figure(
            f"{name}.floor",
            at_floor * 1000,
            "ms",
            "read the mail, write archive copy, state, reply, each fsynced",
        ),
        *_parse_figures(f"{name}.", at_floor, median(parses), "mail-parser reading the mail, median"),
        Figure(f"{name}.order_mail", cost * 1000, "ms", "one order mail through a Maildir pass, median"),
        Figure(f"{name}.order_mail_p90", p90(pipeline) * 1000, "ms", "the same, 90th percentile"),
        Figure(
            f"{name}.floor_share",
            at_floor / cost,
            "ratio",
            "floor / order mail (1 = at the floor; no goal: kept from falling)",
        ),
    ]


def _batches(name: str, scene: Scene, sizes: Sizes) -> list[Figure]:
    """Batches of order mails in one pass each, against the floor's batch, alternating."""
    floor = Floor(scene.root / "batch-floor")
    floors, parses, pipeline = [], [], []
    for _ in range(sizes.batches):
        raws = [scene.order_mail(n) for n in range(sizes.batch_mails)]
        delivered = floor.deliver(raws)
        state, reply = _state_and_reply(scene)
        floors.append(floor.batch(delivered, state, reply))
        parses.append(floor.parsed(delivered))
        for raw in raws:
            scene.inbox.add(raw)
        seconds, report = _timed(scene.daemon.run_once)
        if report.mails != len(raws) or report.sent < len(raws):
            raise RuntimeError(f"the bench's batch was not handled and answered: {report}")
        pipeline.append(seconds)
    size, cost, at_floor = sizes.batch_mails, median(pipeline), median(floors)
    return [
        Figure(
            f"{name}.batch_floor",
            at_floor * 1000,
            "ms",
            f"the floor's {size} mails, one fsync per file and folder",
        ),
        *_parse_figures(f"{name}.batch_", at_floor, median(parses), f"mail-parser reading the {size} mails"),
        Figure(f"{name}.batch", cost * 1000, "ms", f"{size} order mails in one Maildir pass, median"),
        Figure(
            f"{name}.batch_floor_share",
            at_floor / cost,
            "ratio",
            f"batch floor / {size} order mails in a pass (1 = at the floor; no goal: kept from falling)",
        ),
    ]


def _parse_figures(prefix: str, at_floor: float, parse: float, meaning: str) -> list[Figure]:
    """The chosen parser's own time beside the floor, and the share a pipeline built on it could
    reach at best: the floor plus the parse, everything else free."""
    return [
        Figure(f"{prefix}parse", parse * 1000, "ms", meaning),
        Figure(
            f"{prefix}floor_share_bound",
            at_floor / (at_floor + parse),
            "ratio",
            "floor / (floor + parse): the share if all but the parse were free",
        ),
    ]


def _state_and_reply(scene: Scene) -> tuple[bytes, bytes]:
    """What the floor writes as the state and the reply: the game's file as it is now, and the
    last mail the daemon sent (a reply, or at first a role mail)."""
    sent = scene.root / "mail" / "sent" / "new"
    last = max(sent.iterdir(), key=lambda path: path.stat().st_mtime_ns)
    return (scene.game.store.directory / "game.json").read_bytes(), last.read_bytes()


def _coins(root: Path, sizes: Sizes) -> list[Figure]:
    """one coins game (4 players): floor and order mails, alternating, then batches"""
    scene = open_scene(root, "coins", 4)
    try:
        return [*_floor_and_pipeline("coins", scene, sizes.mails), *_batches("coins", scene, sizes)]
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


def _diplomacy(root: Path, sizes: Sizes) -> list[Figure]:
    """a Diplomacy moves phase of 34 units: the rules' resolution alone, the computer's orders"""
    from daemon.tools.bench_diplomacy import moves_phase

    state, orders, resolve = moves_phase()
    seconds = []
    for _ in range(sizes.resolutions):
        began = time.perf_counter()
        resolve(state, orders)
        seconds.append(time.perf_counter() - began)
    return [
        Figure(
            "diplomacy.moves34",
            median(seconds) * 1000,
            "ms",
            "a Diplomacy spring of 34 units: every order read, checked, adjudicated, reported; median",
            Goal("<=", 1000),
        )
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


def _tribes(root: Path, sizes: Sizes) -> list[Figure]:
    """a tribes game of eight played by the computer: its resolutions as it grows, turn by turn"""
    scene = open_scene(root, "tribes", 8)
    seconds: list[float] = []
    try:
        for _ in range(sizes.tribes_turns):
            put_all_orders(scene)
            deadline = scene.game.deadline(scene.game.load())
            assert deadline is not None
            scene.clock.now = deadline
            took, report = _timed(scene.daemon.run_once)
            if report.resolved != 1:
                raise RuntimeError(f"the tribes game did not resolve its turn {len(seconds) + 1}: {report}")
            seconds.append(took)
    finally:
        scene.close()
    turns = sizes.tribes_turns
    first, last = median(seconds[:3]), median(seconds[-3:])
    return [
        Figure("tribes.turn_1", first * 1000, "ms", "a resolution pass of turns 1–3, 8 tribes, median"),
        Figure(f"tribes.turn_{turns}", last * 1000, "ms", f"the same, turns {turns - 2}–{turns}, median"),
        Figure(
            "tribes.ratio",
            last / first,
            "ratio",
            f"turn {turns} / turn 1 (the communities grow; their orders' checks should not)",
            Goal("<=", 2.0),
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


def _startup(root: Path, sizes: Sizes) -> list[Figure]:
    """start-up: fresh processes against a bare interpreter, in turn"""
    now = datetime.now(UTC)  # the commands run on the real clock: nothing may be due yet
    one = open_scene(root / "one", "coins", 4, start=now)
    one.close()
    many = open_scene(root / "many", "rus", 16, idle_games=sizes.idle_games - 1, start=now)
    many.close()
    gonets, runs = bench_startup.gonets(), sizes.startup_runs
    commands = {
        "run_once": ("gonets run --once, an empty inbox, one started coins game", ["run", "--once"], one),
        "help": ("gonets --help", ["--help"], None),
        "status": ("gonets status of one started coins game (typed by hand: no goal)", ["status"], one),
    }
    figures = []
    bare: list[float] = []
    for name, (meaning, words, scene) in commands.items():
        config = ["--config", str(scene.root / "gonets.toml")] if scene else []
        ratio, seconds = bench_startup.ratios([*gonets, *words, *config], root, runs)
        bare.append(seconds)
        goal = Goal("<=", STARTUP_GOAL) if name != "status" else None
        figures.append(Figure(f"startup.{name}", ratio, "ratio", f"{meaning} / python -c pass, CPU", goal))
    games = sizes.idle_games
    command = [*gonets, "run", "--once", "--config", str(many.root / "gonets.toml")]
    ratio, seconds = bench_startup.ratios(command, root, runs)
    bare.append(seconds)
    meaning = f"gonets run --once, an empty inbox, {games} started Русь games / python -c pass, CPU"
    figures.append(Figure(f"startup.run_once_{games}", ratio, "ratio", meaning))
    bare_meaning = "python -c pass: a bare interpreter's start, CPU, median"
    return [Figure("startup.bare", median(bare) * 1000, "ms", bare_meaning), *figures]


def _backlog(root: Path, sizes: Sizes, games: int = 10) -> list[Figure]:
    """a backlog drained by one pass in a fresh process: the burst's mix, ten times over"""
    root.mkdir()
    daemon = bench_burst.open_daemon(root, games)
    try:
        burst = bench_burst.build(bench_burst.start_games(daemon), sizes.backlog_mails)
        bench_burst.deliver(root, burst)
    finally:
        daemon.close()
    os.sync()  # no writeback of the build under the measured pass
    drained = bench_backlog.run_child(root, games)
    mails = len(burst.mails)  # the burst's valid mails at least, however small the size asked
    if drained["mails"] != mails:
        raise RuntimeError(f"the backlog's pass read {drained['mails']} of {mails} mails")
    return [
        Figure(
            "backlog.first_reply",
            drained["first_reply"] * 1000,
            "ms",
            f"{mails} mails waiting: from the pass's start to the first reply handed to the transport",
            Goal("<=", 1000),
        ),
        Figure(
            "backlog.pass", drained["pass"], "s", f"the pass that handles all {mails} and sends every reply"
        ),
        Figure(
            "backlog.peak",
            drained["peak_mb"],
            "MB",
            f"the peak resident memory of that pass's process ({mails} mails)",
        ),
    ]


def _notified(root: Path, sizes: Sizes) -> list[Figure]:
    """a long-running `gonets run` on Maildir: an order mail's reply, from its delivery"""
    scene = open_scene(root, "coins", 4, start=datetime.now(UTC))
    raws = [scene.order_mail(n) for n in range(1 + sizes.notified_mails)]  # the first warms it up
    scene.close()
    sent = root / "mail" / "sent" / "new"
    command = [*bench_startup.gonets(), "run", "--config", str(root / "gonets.toml")]
    daemon = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples = []
    try:
        for raw in raws:
            replies = len(os.listdir(sent))
            delivered = time.perf_counter()
            scene.inbox.add(raw)
            _until(lambda: len(os.listdir(sent)) > replies or daemon.poll() is not None)  # noqa: B023
            samples.append(time.perf_counter() - delivered)
            time.sleep(0.2)  # the pass is over: the daemon waits again
    finally:
        daemon.terminate()
        daemon.wait()
    if daemon.returncode not in (0, -15):
        raise RuntimeError(f"gonets run exited with {daemon.returncode}")
    meaning = "an order mail delivered to a running daemon on Maildir: to its reply, median"
    return [Figure("maildir.reply", median(samples[1:]) * 1000, "ms", meaning, Goal("<=", 1000))]


def _deadline(root: Path, sizes: Sizes) -> list[Figure]:
    """a cron pass that resolves a deadline, in a fresh process: with the templates compiled, and not"""
    now = datetime.now(UTC)
    scene = open_scene(root / "game", "coins", 4, start=now - timedelta(days=30))  # long past its deadline
    put_all_orders(scene)
    scene.close()
    gonets, compiled = bench_startup.gonets(), root / "game" / "games" / "cache" / "templates"

    def one_pass(keep: bool, n: int) -> float:
        copy = shutil.copytree(root / "game", root / f"pass-{keep}-{n}", symlinks=True)
        if not keep:
            shutil.rmtree(copy / "games" / "cache", ignore_errors=True)
        seconds = bench_startup.cpu_seconds(
            [*gonets, "run", "--once", "--config", str(copy / "gonets.toml")], copy
        )
        if keep and not compiled.exists():  # the first pass compiled them: the next copies find them
            shutil.copytree(copy / "games" / "cache", root / "game" / "games" / "cache")
        shutil.rmtree(copy)
        return seconds

    one_pass(True, 0)  # not counted: the interpreter's own bytecode, and the templates compiled
    pairs = [(one_pass(True, n), one_pass(False, n)) for n in range(1, 1 + sizes.startup_runs)]
    return [
        Figure(
            "deadline.cron",
            median([kept for kept, _ in pairs]),
            "s",
            "gonets run --once resolving a coins deadline (4 reports, a digest), templates compiled: CPU",
        ),
        Figure(
            "deadline.cron_compiling",
            median([cold for _, cold in pairs]),
            "s",
            "the same pass compiling every template it renders (no compiled templates kept)",
        ),
    ]


def _until(done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Look every 5 ms until `done`; a bench that would wait longer has found a fault."""
    give_up = time.monotonic() + seconds
    while not done():
        if time.monotonic() > give_up:
            raise RuntimeError("gonets run did not do it within two minutes")
        time.sleep(0.005)


def _storm(root: Path, sizes: Sizes) -> list[Figure]:
    """deadlines at one instant on a host of every ruleset's games, then every game's at once"""
    each = max(1, sizes.storm_games // len(REGISTRY))
    host = each * len(REGISTRY)
    figures = []
    for name, due in (("storm", max(1, sizes.storm_due // len(REGISTRY))), ("storm_all", each)):
        folder = root / name
        bench_storm.build(folder, bench_storm.Storm(each, due))
        os.sync()
        found = bench_storm.run_child(folder)
        shutil.rmtree(folder)
        storm = f"{due * len(REGISTRY)} of {host} games' deadlines at one instant"
        if found["resolved"] < due * len(REGISTRY):  # a phase nobody owes is resolved with its own
            raise RuntimeError(f"the storm resolved {found['resolved']} games: {storm}")
        last = Figure(f"{name}.last_report", found["last_report"], "s", f"{storm}: the last report sent")
        if name == "storm_all":
            figures.append(replace(last, goal=Goal("<=", 60)))
            continue
        figures += [
            Figure(
                "storm.first_report",
                found["first_report"] * 1000,
                "ms",
                f"{storm}: from the deadline to the first report sent",
                Goal("<=", 1000),
            ),
            Figure(
                "storm.mail_answered",
                found["mail_answered"] * 1000,
                "ms",
                f"an order mail delivered {bench_storm.MAIL_AFTER:g} s into the storm: to its answer",
                Goal("<=", 2000),
            ),
            last,
            Figure("storm.idle", found["idle_mb"], "MB", "the daemon's resident memory before the storm"),
            Figure(
                "storm.peak_share",
                found["peak_mb"] / found["idle_mb"],
                "ratio",
                "the storm's peak resident memory / before it",
                Goal("<=", 1.5),
            ),
            Figure(
                "storm.after_share",
                found["after_mb"] / found["idle_mb"],
                "ratio",
                "resident memory once the storm is over / before it",
            ),
        ]
    return figures


def _stranger(root: Path, sizes: Sizes) -> list[Figure]:
    """A stranger's mail of single letters among started games"""
    scene = open_scene(root, "coins", 4, idle_games=sizes.stranger_games - 1)
    try:
        scene.daemon.run_once()  # the clocks of every game, which no mail waits for
        scene.inbox.add(stranger_mail(STRANGER_BYTES))
        seconds, _ = _timed(scene.daemon.run_once)
    finally:
        scene.close()
    kilobytes = STRANGER_BYTES // 1024
    meaning = f"a pass with a stranger's {kilobytes} KB mail of single letters, {sizes.stranger_games} games"
    return [Figure("stranger.pass", seconds, "s", meaning, Goal("<=", 1.0))]


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
