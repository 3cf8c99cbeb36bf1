"""The control spool: how `gonets gm` reaches a running daemon, which holds the writer lock.

The command line drops one request file (`requests/<id>.json`: game, line, reason) and the
daemon, on its next pass, runs it and writes `answers/<id>.json` before it removes the request.
Both are written atomically (`state.files`), so neither side ever reads half a file. A crash
between running a request and removing it leaves the request in place: it runs again with the
same id, which the GM commands' once-only markers turn into "already done"; a request whose answer
is already written is only removed. Answers nobody collected (`--no-wait`, a timed-out wait) are
kept for `ANSWER_DAYS` days.

Whoever can write to `requests/` is trusted to run GM commands, and the history names them by the
file's owner, never by what the file says. Anything there that is not a request this daemon can
read (a file it may not open, a directory, a FIFO, a link, not JSON, over `REQUEST_BYTES`) is
answered once, saying why, and moved to `rejected/` for the GM to look at. A request the daemon
could not even answer (a full disk) stays, and is tried again at the next tick: only a request no
pass has seen yet wakes the daemon (`waiting`), so nothing in the spool can make it spin.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from state import files
from state.files import KIND_NAMES, FileTooLarge, NotRegularFile, atomic_write_json

ANSWER_DAYS = 7
REQUEST_BYTES = 64 * 1024  # a GM command line is a few hundred bytes; a broadcast a few KB
_REQUEST_ID = re.compile(r"[0-9a-f]{1,64}")
_FIELDS = ("game", "line", "reason")
_UNREADABLE = "запрос не читается / the request cannot be read"


@dataclass(frozen=True)
class Request:
    id: str  # also the token of the GM commands' once-only markers: hex, no ":"
    game: str
    line: str
    reason: str
    who: str  # "cli:<user>" of the file's owner, kept in the game's history


@dataclass(frozen=True)
class Answer:
    text: list[str]
    exit_code: int


class ControlSpool:
    def __init__(self, directory: Path) -> None:
        self.requests = directory / "requests"
        self.answers = directory / "answers"
        self.rejected = directory / "rejected"
        self._seen: set[str] = set()  # the requests the last `pending` found

    def submit(self, game: str, line: str, reason: str) -> str:
        """Queue one GM command line; returns its id. The id starts with the time, so the daemon
        runs requests in the order they were typed. Who typed it is the file's owner."""
        request_id = f"{time.time_ns():x}{secrets.token_hex(6)}"
        body = {"id": request_id, "game": game, "line": line, "reason": reason}
        atomic_write_json(self.requests / f"{request_id}.json", body)
        return request_id

    def waiting(self) -> bool:
        """Whether a request waits that no pass has seen yet: cheap enough to ask between slices
        of a wait for mail. One a pass could not settle waits for the next tick instead."""
        return any(name not in self._seen for name in self._names())

    def pending(self) -> list[Request]:
        """Requests not yet answered, oldest first; one already answered (the daemon died before
        removing it) is removed here, one that cannot be run is answered and moved aside."""
        names = self._names()
        self._seen = set(names)
        found = []
        for name in names:
            request_id = name.removesuffix(".json")
            if files.exists(self.answers / name):
                self._remove(request_id)
                continue
            try:
                found.append(self._read(request_id))
            except FileNotFoundError:  # gone since the listing
                continue
            except (OSError, ValueError, RecursionError) as error:  # JSON nested past Python's stack
                self._refuse(name, _refusal(error))
        return found

    def answer(self, request_id: str, answer: Answer) -> None:
        """The answer first, then the request goes: a crash between leaves both, never neither."""
        atomic_write_json(
            self.answers / f"{request_id}.json", {"text": answer.text, "exit_code": answer.exit_code}
        )
        self._remove(request_id)

    def collect(self, request_id: str) -> Answer | None:
        """The command line takes its answer (and removes it), or None while there is none yet."""
        path = self.answers / f"{request_id}.json"
        try:
            data: dict[str, Any] = json.loads(files.read_regular(path)[0])
        except FileNotFoundError:
            return None
        path.unlink(missing_ok=True)
        return Answer([str(line) for line in data["text"]], int(data["exit_code"]))

    def forget_old_answers(self) -> None:
        """By the files' own age (wall-clock time, as their mtime is)."""
        now = time.time()
        for name in files.names(self.answers):
            path = self.answers / name
            try:
                if now - path.stat().st_mtime > ANSWER_DAYS * 86400:
                    files.remove(path)
            except FileNotFoundError:
                continue

    def _names(self) -> list[str]:
        return files.names(self.requests, ".json")

    def _read(self, request_id: str) -> Request:
        """The request, if it is one: a regular file of at most `REQUEST_BYTES`, JSON with text
        fields, under an id `submit` could have made; ValueError or OSError saying why not."""
        if not _REQUEST_ID.fullmatch(request_id):
            raise ValueError(request_id)
        data, status = files.read_regular(self.requests / f"{request_id}.json", REQUEST_BYTES)
        body = json.loads(data)
        game, line, reason = (body.get(key) if isinstance(body, dict) else None for key in _FIELDS)
        if not (isinstance(game, str) and isinstance(line, str) and isinstance(reason, str)):
            raise ValueError("not a request")
        return Request(request_id, game, line, reason, cli_user(status.st_uid))

    def _remove(self, request_id: str) -> None:
        name = f"{request_id}.json"
        try:
            regular = stat.S_ISREG(os.lstat(self.requests / name).st_mode)
        except FileNotFoundError:
            return
        if regular:
            files.remove(self.requests / name)
        else:  # answered by `_refuse` before a crash
            self._set_aside(name)

    def _refuse(self, name: str, text: str) -> None:
        """Answered and moved aside at once, outside the pass's batch: what is there may be no
        file at all (a directory, a FIFO), which no journal record may name (its removal could
        never be replayed). A crash between the two leaves both: the next pass moves it aside."""
        answer = files.json_bytes({"text": [text], "exit_code": 2})
        files.write_durably(self.answers / name, answer)
        self._set_aside(name)

    def _set_aside(self, name: str) -> None:
        """Into `rejected/`, under a new name if one of this name was set aside before."""
        files.make_dirs(self.rejected)
        try:
            os.rename(self.requests / name, self.rejected / name)
        except FileNotFoundError:
            return
        except OSError:  # a directory there already, or a file where a directory goes
            os.rename(self.requests / name, self.rejected / f"{time.time_ns():x}-{name}")


def cli_user(uid: int) -> str:
    """How the game's history names the OS user `uid`: "cli:<login>", or "cli:uid-<n>" for a
    user the system has no name for."""
    try:
        return f"cli:{pwd.getpwuid(uid).pw_name}"
    except KeyError:
        return f"cli:uid-{uid}"


def _refusal(error: Exception) -> str:
    """Why a request was not run, in one line for the GM who typed it."""
    if isinstance(error, NotRegularFile):
        ru, en = KIND_NAMES[error.kind]
        return f"{_UNREADABLE}: это не обычный файл, а {ru} / it is not a regular file but {en}"
    if isinstance(error, FileTooLarge):
        limit = REQUEST_BYTES // 1024
        return f"запрос слишком велик: больше {limit} КБ / the request is too large: over {limit} KB"
    if isinstance(error, PermissionError):
        daemon = cli_user(os.geteuid()).removeprefix("cli:")
        return (
            f"{_UNREADABLE}: демону (пользователь {daemon}) нельзя открыть этот файл, запустите gonets gm "
            f"от имени {daemon} / the daemon (user {daemon}) may not open it: run gonets gm as {daemon}"
        )
    if isinstance(error, OSError):
        return f"{_UNREADABLE}: {error.strerror}"
    return f"{_UNREADABLE}: это не запрос gonets gm / it is not one gonets gm wrote"
