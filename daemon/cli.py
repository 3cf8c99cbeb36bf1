"""`gonets`: the daemon, the newcomer's demo, and the GM's tools.

Commands that only look (`status`, `history`, `check`) read the store without the writer lock, so
they work while the daemon runs; `gm` runs the command itself when no daemon holds the lock, and
otherwise hands it to the daemon through the control spool (`state/control.py`) and prints its
answer. Every error the user can cause is one line, never a traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from engines import REGISTRY
from engines.errors import GonetsError

if TYPE_CHECKING:  # each command imports what it uses when it runs: `--help` loads none of it
    from daemon.config import Config
    from daemon.games import Game, Games
    from daemon.service import Daemon
    from state.control import Answer, ControlSpool
    from state.errors import CorruptStoreError

_DISK_WORDS = {
    "disk_full": "диск переполнен / the disk is full",
    "permission": "нет прав на запись / no permission to write",
}


_READING_MAIL = ("run",)  # the command whose mail stays in the inbox when the disk fails it
NOT_ANSWERED = 6  # `gm` queued a command the running daemon did not answer in time
POLL = 0.1  # seconds between two looks for the daemon's answer


class UsageError(GonetsError):
    """A file named on the command line that cannot be read, a ruleset that does not exist."""

    exit_code = 2


def _open_daemon(config_path: str) -> Daemon:
    """The writer: takes the games directory's lock (`LockedError` while another holds it)."""
    from daemon.config import load_config
    from daemon.service import Daemon
    from daemon.transports import make_transport

    config = load_config(Path(config_path))
    return Daemon(config, make_transport(config), config_path=Path(config_path))


@contextmanager
def _daemon(config_path: str) -> Iterator[Daemon]:
    with closing(_open_daemon(config_path)) as daemon:
        yield daemon


@contextmanager
def _reader(config_path: str) -> Iterator[tuple[Config, Games]]:
    """What a command that only looks needs, without the lock: each game read as one snapshot."""
    from daemon.config import load_config
    from daemon.games import Games
    from state.disk import Disk

    config = load_config(Path(config_path))
    games = Games(config, Disk(config.games_dir), read_only=True)
    try:
        yield config, games
    finally:
        games.close()


def _game(games: Games, game_id: str) -> Game:
    from daemon.config import ConfigError

    game = games.get(game_id)
    if game is None:
        raise ConfigError(f"нет игры {game_id} / no game {game_id} (games: {', '.join(games.ids())})")
    return game


def _out(text: str) -> None:
    """Print for a reader that may stop reading (`gonets status | head -1`): a closed pipe only
    ends the output. It is not a disk error, and the command keeps its own exit code."""
    try:
        print(text, flush=True)
    except BrokenPipeError:  # later writes, and Python's own flush at exit, go nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def cmd_run(args: argparse.Namespace) -> int:
    with _daemon(args.config) as daemon:
        if args.once:
            _out(daemon.run_once().summary())
        else:
            daemon.run_forever()
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    from daemon.tools.setup import init_game

    _known_ruleset(args.ruleset)
    _out(init_game(Path(args.config), args.game, args.ruleset, args.gm, args.address))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from daemon.service import utc_now
    from daemon.tools.checkmail import check_mail

    try:
        raw = Path(args.mail).read_bytes()
    except OSError as error:
        raise UsageError(f"{args.mail}: {error.strerror} / не читается") from error
    with _reader(args.config) as (config, games):
        _out(check_mail(config, games, utc_now(), raw))
    return 0


def cmd_check_data(args: argparse.Namespace) -> int:
    from daemon.tools.checkdata import check_data

    with _reader(args.config) as (config, games):
        text, code = check_data(config, games, args.game)
    _out(text)
    return code


def cmd_status(args: argparse.Namespace) -> int:
    from daemon.tools.status import status_text

    with _reader(args.config) as (_, games):
        _out(status_text(games))
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from daemon.tools.history import history_text

    with _reader(args.config) as (_, games):
        _out(history_text(_game(games, args.game)))
    return 0


def cmd_gm(args: argparse.Namespace) -> int:
    """One GM command line, e.g. `gonets gm coins-1 ПРОДЛИТЬ 24` or `… extend 24`; `start` is
    `gm GAME НАЧАТЬ`. Exit 1 when a command was refused, 2 when it could not be read. While a
    daemon holds the lock the command goes to it through the control spool."""
    from daemon.gm.dispatch import run_line
    from daemon.service import utc_now
    from state.lock import LockedError

    line = " ".join(["НАЧАТЬ"] if args.command == "start" else args.words)
    try:
        daemon = _open_daemon(args.config)
    except LockedError:
        return _through_daemon(args, line)
    with closing(daemon):
        game = _game(daemon.games, args.game)
        lines = run_line(game, daemon.postman, utc_now(), line, args.reason)
        _out("\n".join(lines.text))
        daemon.delivery.flush(daemon.transport)
    return lines.exit_code


def _through_daemon(args: argparse.Namespace, line: str) -> int:
    """Queue the line for the running daemon and print its answer (or only queue: `--no-wait`)."""
    from state.control import ControlSpool
    from state.disk import Disk

    with _reader(args.config) as (config, games):
        game = _game(games, args.game).id  # an unknown game is said at once, nothing queued
    spool = ControlSpool(config.games_dir / "control", Disk(config.games_dir))
    request_id = spool.submit(game, line, args.reason)
    if args.no_wait:
        _out(f"передано работающему демону / queued for the running daemon: {request_id}")
        return 0
    answer = _await(spool, request_id, args.timeout)
    if answer is None:
        print(
            f"демон не ответил за {args.timeout:g} с, команда ждёт его следующего прохода / the daemon "
            f"did not answer within {args.timeout:g} s; the command stays queued for its next pass "
            f"(answer: {spool.answers / request_id}.json)",
            file=sys.stderr,
        )
        return NOT_ANSWERED
    _out("\n".join(answer.text))
    return answer.exit_code


def _await(spool: ControlSpool, request_id: str, timeout: float) -> Answer | None:
    deadline = time.monotonic() + timeout
    while (answer := spool.collect(request_id)) is None and time.monotonic() < deadline:
        time.sleep(POLL)
    return answer


def _known_ruleset(name: str) -> None:
    if name not in REGISTRY:
        raise UsageError(f"нет правил {name} / no ruleset {name} (known: {', '.join(sorted(REGISTRY))})")


def cmd_rebuild(args: argparse.Namespace) -> int:
    """Rebuild games from the mail archive; the daemon must be stopped (the lock says so)."""
    from daemon.config import ConfigError, load_config
    from daemon.service import utc_now
    from daemon.tools.rebuild import rebuild_games

    config = load_config(Path(args.config))
    ids = [args.game.lower()] if args.game else sorted(config.games)
    unknown = [game_id for game_id in ids if game_id not in config.games]
    if unknown:
        raise ConfigError(f"нет игры {unknown[0]} / no game {unknown[0]} (games: {', '.join(config.games)})")
    reports = rebuild_games(config, ids, utc_now())
    for report in reports:
        _out(report.text(args.config))
    return 0 if all(report.faithful for report in reports) else 1  # said above, line by line


def _corrupt(error: CorruptStoreError, config_path: str) -> None:
    """A store file that does not parse: say which, and how to rebuild it; no traceback."""
    game = error.path.parent.name if error.path.name == "game.json" else "<game>"
    print(
        f"gonets: {error}\n"
        f"Файл игры испорчен / the game file is corrupt: {error.path}\n"
        f"Восстановить из архива писем / rebuild it from the mail archive (stop the daemon first):\n"
        f"    gonets rebuild --config {config_path} {game}",
        file=sys.stderr,
    )


def cmd_demo(args: argparse.Namespace) -> int:
    from daemon.tools.demo import SEED, run_demo

    return run_demo(Path(args.dir) if args.dir else None, args.seed or SEED)


def cmd_bench(args: argparse.Namespace) -> int:
    from daemon.tools.bench import QUICK, Sizes, run_bench

    if args.imap:
        from daemon.tools.bench_imap import require_servers

        require_servers()  # before minutes of the Maildir bench, not after
    run_bench(QUICK if args.quick else Sizes(), args.json, imap=args.imap)
    return 0


def cmd_pictures(args: argparse.Namespace) -> int:
    from daemon.tools.pictures import run_pictures

    _known_ruleset(args.ruleset)
    return run_pictures(args.ruleset, Path(args.out), args.turns, args.seed)


def cmd_conformance(args: argparse.Namespace) -> int:
    from daemon.tools.conformance import run_conformance

    _known_ruleset(args.ruleset)
    return run_conformance(args.ruleset, REGISTRY[args.ruleset])


def cmd_site(args: argparse.Namespace) -> int:
    from daemon.config import ConfigError, published_secrets
    from daemon.outgoing.site import refresh

    with _reader(args.config) as (config, games):
        out = Path(args.out) if args.out else config.site_dir
        if out is None:
            raise ConfigError(
                "нет site_dir в настройках и нет --out / no site_dir in the config and no --out"
            )
        if exposed := published_secrets(out, config, Path(args.config)):
            raise UsageError(f"--out {out}: a web server would publish {', '.join(exposed)}")
        written = refresh(games, out, every=True)
    _out(f"{out}: игр {len(written)} / {len(written)} games")
    return 0


def cmd_new_ruleset(args: argparse.Namespace) -> int:
    from daemon.tools.newruleset import run_new_ruleset

    return run_new_ruleset(args.name, Path(args.root) if args.root else None)


def cmd_doctor(args: argparse.Namespace) -> int:
    from daemon.tools.doctor import run_doctor

    return run_doctor(Path(args.config))


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gonets", description="Гонец: play-by-email game master daemon")
    top.add_argument("-v", "--verbose", action="store_true", help="log every step")
    sub = top.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the daemon / запустить демона")
    run.add_argument("--config", required=True)
    run.add_argument(
        "--once", action="store_true", help="one pass over inbox, deadlines and outbox, then exit"
    )
    run.set_defaults(func=cmd_run)

    init = sub.add_parser("init", help="create a game in a config (the file is created if missing)")
    init.add_argument("--config", required=True)
    init.add_argument("--game", required=True, help="game id, e.g. coins-1")
    init.add_argument("--ruleset", required=True, help="ruleset id, e.g. coins")
    init.add_argument("--gm", required=True, help="the GM's mail address")
    init.add_argument("--address", default="gonets@localhost", help="the daemon's own address (new config)")
    init.set_defaults(func=cmd_init)

    start = sub.add_parser("start", help="close signup, draw powers by lot, mail the roles (= gm GAME START)")
    start.add_argument("--config", required=True)
    start.add_argument("game")
    start.add_argument("--reason", default="")
    _daemon_options(start)
    start.set_defaults(func=cmd_gm)

    check = sub.add_parser("check", help="show what the reply to a mail would say; changes nothing")
    check.add_argument("--config", required=True)
    check.add_argument("mail", help="an .eml file")
    check.set_defaults(func=cmd_check)

    check_data_ = sub.add_parser(
        "check-data", help="does a game's GM data file fit its rules (each mistake by its key)"
    )
    check_data_.add_argument("--config", required=True)
    check_data_.add_argument("game")
    check_data_.set_defaults(func=cmd_check_data)

    status = sub.add_parser("status", help="games, phases, deadlines, who has sent orders")
    status.add_argument("--config", required=True)
    status.set_defaults(func=cmd_status)

    gm = sub.add_parser(
        "gm", help="a GM command, as in a GM mail: gonets gm GAME ПРОДЛИТЬ 24 (HELP lists them)"
    )
    gm.add_argument("--config", required=True)
    gm.add_argument("--reason", default="", help="why, for the GM log")
    gm.add_argument("game")
    gm.add_argument("words", nargs="+", help="the command and its arguments")
    _daemon_options(gm)
    gm.set_defaults(func=cmd_gm)

    history = sub.add_parser("history", help="a game's timeline: turns, orders per power, GM actions")
    history.add_argument("--config", required=True)
    history.add_argument("game")
    history.set_defaults(func=cmd_history)

    rebuild = sub.add_parser(
        "rebuild", help="rebuild a game's store from the raw mail archive (the old one is moved aside)"
    )
    rebuild.add_argument("--config", required=True)
    rebuild.add_argument("game", nargs="?", help="one game (default: every game of the config)")
    rebuild.set_defaults(func=cmd_rebuild)

    demo = sub.add_parser("demo", help="play a whole coins game with simulated players on Maildir")
    demo.add_argument("--dir", help="where to leave the game and its maildirs (default: a temp dir)")
    demo.add_argument("--seed", help="the game's lots: the same seed, the same game (default: a fixed one)")
    demo.set_defaults(func=cmd_demo)

    bench = sub.add_parser(
        "bench", help="measure the mail pipeline against the physical floor, scenario by scenario"
    )
    bench.add_argument(
        "--quick", action="store_true", help="tiny sizes: checks the bench runs, measures nothing"
    )
    bench.add_argument(
        "--json", metavar="PATH", help="also write every figure and the machine as JSON (- for stdout)"
    )
    bench.add_argument(
        "--imap", action="store_true", help="also over IMAP/SMTP on loopback (needs dovecot and aiosmtpd)"
    )
    bench.set_defaults(func=cmd_bench)

    pictures = sub.add_parser(
        "pictures", help="draw a ruleset's pictures after a few computer-played turns, for the docs"
    )
    pictures.add_argument("--ruleset", required=True, help="ruleset id, e.g. rus")
    pictures.add_argument("--out", required=True, help="the folder to write the PNG files to")
    pictures.add_argument("--turns", type=int, default=3, help="turns to play first")
    pictures.add_argument("--seed", default="docs", help="the seed of the lot and every roll")
    pictures.set_defaults(func=cmd_pictures)

    conformance = sub.add_parser(
        "conformance", help="check that a ruleset does what the daemon needs of any ruleset (exit 1 if not)"
    )
    conformance.add_argument("ruleset", help="ruleset id, e.g. coins")
    conformance.set_defaults(func=cmd_conformance)

    site = sub.add_parser("site", help="write the public web archive of every game (static HTML)")
    site.add_argument("--config", required=True)
    site.add_argument("--out", help="the folder to write it to (default: site_dir of the config)")
    site.set_defaults(func=cmd_site)

    new_ruleset = sub.add_parser(
        "new-ruleset", help="write a working ruleset to start a new game from, and register it"
    )
    new_ruleset.add_argument("name", help="its id: lowercase letters, digits and _, e.g. harvest")
    new_ruleset.add_argument("--root", help="the project folder to write into (default: this Gonets' own)")
    new_ruleset.set_defaults(func=cmd_new_ruleset)

    doctor = sub.add_parser("doctor", help="check the IMAP and SMTP servers of a config, in plain words")
    doctor.add_argument("--config", required=True)
    doctor.set_defaults(func=cmd_doctor)
    return top


def _daemon_options(command: argparse.ArgumentParser) -> None:
    """How `gm` waits for a running daemon's answer."""
    command.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds to wait for a running daemon's answer (default 60)",
    )
    command.add_argument(
        "--no-wait", action="store_true", help="only queue the command for the running daemon"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose or args.command == "run" else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("mailparser").setLevel(logging.ERROR)  # it warns on every bounce report
    try:
        code: int = args.func(args)
    except GonetsError as error:
        return _said(error, getattr(args, "config", "F"))
    except OSError as error:  # the games directory cannot be written (disk full, permissions) or read
        from daemon.outgoing.alerts import failure_kind

        kind = failure_kind(error)
        waits = "\nНичего не потеряно: почта ждёт в ящике / nothing is lost: the mail waits in the inbox"
        print(
            f"{_DISK_WORDS.get(kind, 'ошибка диска / disk error')}: {error}"
            f"{waits if args.command in _READING_MAIL else ''}",
            file=sys.stderr,
        )
        return 5
    return code


def _said(error: GonetsError, config_path: str) -> int:
    """The error in words and its exit code (its classes are imported only now: a command that
    went well never loads them)."""
    from daemon.config import ConfigError
    from state.errors import CorruptStoreError
    from state.lock import LockedError

    if isinstance(error, ConfigError):
        print(f"config: {error}", file=sys.stderr)
    elif isinstance(error, CorruptStoreError):
        _corrupt(error, config_path)
    elif isinstance(error, LockedError):
        print(
            f"{error}\nДругой гонец уже работает с этой папкой / another gonets runs on this directory",
            file=sys.stderr,
        )
    else:  # a rule data file, a refused start, a transport: said, not traced
        print(str(error), file=sys.stderr)
    return error.exit_code


if __name__ == "__main__":
    sys.exit(main())
