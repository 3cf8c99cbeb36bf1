"""The GM's alarm when the store cannot be written (disk full, permission) or read (corrupt file).

Such a failure is not the mail's fault, so the mail is neither quarantined nor acknowledged: it
stays in the inbox and the next pass tries again. The GM is told once per game, kind of failure
and hour (in memory, and durably through the outbox id, which carries the hour). An alert that
cannot be queued itself (the outbox is on the same full disk) is logged at CRITICAL and handed to
the transport directly, once, by a path that writes nothing to disk: alerting never retries in a
loop and never raises.

A journal the daemon does not trust (`JournalRefused`) stops its start instead: each game's GM is
told by the transport directly, once for that journal, however often the service manager starts
the daemon again (`alert_refused_journal`).
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from daemon.config import Config
from daemon.games import Game, Games
from daemon.outgoing.postman import Draft, Letter, Postman, compose
from state import files
from state.errors import CorruptStoreError
from state.journal import JournalRefused
from state.sending import FinishedMail
from state.syncing import fsync_dir, fsync_file

log = logging.getLogger(__name__)

QUIET = timedelta(hours=1)
Send = Callable[[FinishedMail], Path | None]  # a transport's send (`state.sending.Sender`)
_PERMISSION = {errno.EACCES, errno.EPERM, errno.EROFS}
REFUSED_NOTE = "journal.alerted"  # the digest of the last refused journal the GMs were told of


def failure_kind(error: BaseException) -> str:
    """disk_full | permission | corrupt | io: what the GM has to do differs for each."""
    if isinstance(error, CorruptStoreError):
        return "corrupt"
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "disk_full"
    if isinstance(error, OSError) and error.errno in _PERMISSION:
        return "permission"
    return "io"


def failed_path(error: BaseException) -> str:
    if isinstance(error, CorruptStoreError):
        return str(error.path)
    return str(getattr(error, "filename", "") or "")


class StoreAlarm:
    def __init__(self, games: Games, postman: Postman, games_dir: Path, direct: Send) -> None:
        self.games = games
        self.postman = postman
        self.games_dir = games_dir
        self.direct = direct  # the transport's send: no outbox, no disk
        self._last: dict[tuple[str, str], datetime] = {}

    def raise_alarm(self, error: BaseException, now: datetime) -> None:
        kind = failure_kind(error)
        for game in self._affected(failed_path(error)):
            last = self._last.get((game.id, kind))
            if last is not None and now - last < QUIET:
                continue
            self._last[game.id, kind] = now
            self._alert(game, kind, error, now)

    def _affected(self, path: str) -> list[Game]:
        """The game whose folder holds `path`; every game when it is shared (archive, outbox)."""
        games_root = (self.games_dir / "games").resolve()
        try:
            game_id = Path(path).resolve().relative_to(games_root).parts[0] if path else ""
        except (ValueError, IndexError):
            game_id = ""
        game = self.games.get(game_id) if game_id else None
        return [game] if game is not None else list(self.games)

    def _alert(self, game: Game, kind: str, error: BaseException, now: datetime) -> None:
        path = failed_path(error) or str(self.games_dir)
        context = {"game": game.id, "kind": kind, "path": path, "detail": str(error)}
        letter = Letter("gm/alert", context, "alert_store", {"game": game.id, "kind": kind})
        mail_id = f"alert-{game.id}-{kind}-{now:%Y%m%d%H}"
        try:
            self.postman.send(mail_id, game.settings.gm, letter, game.settings.language)
        except Exception:
            log.critical(
                "GM ALERT NOT QUEUED for %s (%s at %s: %s): sending it directly", game.id, kind, path, error
            )
            self._send_directly(mail_id, game, letter)
            return
        log.error("GM of %s alerted: %s at %s: %s", game.id, kind, path, error)

    def _send_directly(self, mail_id: str, game: Game, letter: Letter) -> None:
        try:
            draft = Draft(mail_id, game.settings.gm, letter, game.settings.language)
            _deliver(self.direct, self.postman.compose(draft).mail)
        except Exception as error:
            log.critical("GM ALERT NOT SENT for %s (%s): tell the GM by hand", game.id, error)


def _deliver(send: Send, mail: FinishedMail) -> None:
    """A mail handed to the transport without the outbox: a file it leaves is synced at once."""
    left = send(mail)
    if left is not None:
        fsync_file(left)
        fsync_dir(left.parent)


def alert_refused_journal(config: Config, send: Send, refused: JournalRefused, now: datetime) -> None:
    """Each game's GM learns why the daemon did not start, by the transport: the outbox lies in
    the directory whose journal was refused. Once per journal: the note beside it holds the
    digest of the one last told of. Never raises: the start stops with the error anyway."""
    note = config.games_dir / REFUSED_NOTE
    try:
        if files.read_regular(note, 256)[0] == refused.digest.encode():
            return
    except OSError:
        pass
    for game_id, settings in config.games.items():
        context = {"game": game_id, "ru": refused.ru, "en": refused.en}
        letter = Letter("gm/journal-refused", context, "alert_journal", {"game": game_id})
        mail_id = f"alert-{game_id}-journal-{refused.digest[:16]}"
        draft = Draft(mail_id, settings.gm, letter, settings.language)
        try:
            _deliver(send, compose(config.address, now, draft).mail)
        except Exception as error:
            log.critical("GM ALERT NOT SENT for %s (%s): tell the GM by hand", game_id, error)
            return  # not noted: the next start tries again
    log.error("the GMs were told that the journal %s was refused", refused.path)
    try:
        files.write_durably(note, refused.digest.encode())
    except OSError as error:
        log.critical("cannot note that the GMs were told (%s): the next start tells them again", error)
