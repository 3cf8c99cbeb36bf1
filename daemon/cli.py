"""`gonets`: the daemon, the newcomer's demo, and the GM's offline tools."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from daemon.config import ConfigError, load_config, parse_duration
from daemon.service import Daemon, utc_now
from daemon.transports import make_transport


def _open(config_path: str) -> Daemon:
    config = load_config(Path(config_path))
    return Daemon(config, make_transport(config))


def cmd_run(args: argparse.Namespace) -> int:
    daemon = _open(args.config)
    try:
        if args.once:
            print(daemon.run_once())
        else:
            daemon.run_forever()
    finally:
        daemon.close()
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    from daemon.setup import init_game

    print(init_game(Path(args.config), args.game, args.ruleset, args.gm, args.address))
    return 0


def cmd_start(args: argparse.Namespace) -> int:
    from daemon.start import StartError, start_game

    daemon = _open(args.config)
    try:
        game = daemon.games.get(args.game)
        if game is None:
            print(f"нет игры {args.game} / no game {args.game}", file=sys.stderr)
            return 2
        try:
            result = start_game(game, daemon.postman, utc_now())
        except StartError as error:
            print(error, file=sys.stderr)
            return 1
        for power, name in sorted(result.assignment.items()):
            print(f"{power}: {name}")
        daemon.outbox.flush(daemon.transport)
    finally:
        daemon.close()
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from daemon.checkmail import check_mail

    daemon = _open(args.config)
    try:
        print(check_mail(daemon, Path(args.mail).read_bytes()))
    finally:
        daemon.close()
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from daemon.status import status_text

    daemon = _open(args.config)
    try:
        print(status_text(daemon.games))
    finally:
        daemon.close()
    return 0


def cmd_gm(args: argparse.Namespace) -> int:
    from daemon import gm

    daemon = _open(args.config)
    try:
        game = daemon.games.get(args.game)
        if game is None:
            print(f"нет игры {args.game} / no game {args.game}", file=sys.stderr)
            return 2
        if args.action == "confirm":
            print(gm.confirm(game))
        else:
            print(gm.extend(game, parse_duration(args.by, "extend"), utc_now()))
    finally:
        daemon.close()
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from daemon.demo import run_demo

    return run_demo(Path(args.dir) if args.dir else None)


def cmd_bench(args: argparse.Namespace) -> int:
    from daemon.bench import run_bench

    return run_bench(args.turns, args.mails)


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

    start = sub.add_parser("start", help="close signup, draw powers by lot, mail the roles")
    start.add_argument("--config", required=True)
    start.add_argument("game")
    start.set_defaults(func=cmd_start)

    check = sub.add_parser("check", help="show what the reply to a mail would say; changes nothing")
    check.add_argument("--config", required=True)
    check.add_argument("mail", help="an .eml file")
    check.set_defaults(func=cmd_check)

    status = sub.add_parser("status", help="games, phases, deadlines, who has sent orders")
    status.add_argument("--config", required=True)
    status.set_defaults(func=cmd_status)

    gm = sub.add_parser("gm", help="the GM's decisions on a held turn")
    gm.add_argument("action", choices=["confirm", "extend"])
    gm.add_argument("game")
    gm.add_argument("by", nargs="?", default="24h", help="with extend: how long, e.g. 24h")
    gm.add_argument("--config", required=True)
    gm.set_defaults(func=cmd_gm)

    demo = sub.add_parser("demo", help="play a whole coins game with simulated players on Maildir")
    demo.add_argument("--dir", help="where to leave the game and its maildirs (default: a temp dir)")
    demo.set_defaults(func=cmd_demo)

    bench = sub.add_parser("bench", help="measure the mail pipeline's cost per mail as history grows")
    bench.add_argument("--turns", type=int, default=200, help="turns of history to build up")
    bench.add_argument("--mails", type=int, default=200, help="mails to time at each point")
    bench.set_defaults(func=cmd_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose or args.command == "run" else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("mailparser").setLevel(logging.ERROR)  # it warns on every bounce report
    try:
        code: int = args.func(args)
    except ConfigError as error:
        print(f"config: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
