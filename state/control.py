"""The control spool: how `gonets gm` reaches a running daemon, which holds the writer lock.

The command line drops one request file (`requests/<id>.json`: game, line, reason, who) and the
daemon, on its next pass, runs it and writes `answers/<id>.json` before it removes the request.
Both are written atomically (`state.files`), so neither side ever reads half a file. A crash
between running a request and removing it leaves the request in place: it runs again with the
same id, which the GM commands' once-only markers turn into "already done"; a request whose answer
is already written is only removed. Answers nobody collected (`--no-wait`, a timed-out wait) are
kept for `ANSWER_DAYS` days.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from state import files
from state.files import TEMP_PREFIX, atomic_write_json, read_json

ANSWER_DAYS = 7


@dataclass(frozen=True)
class Request:
    id: str  # also the token of the GM commands' once-only markers: hex, no ":"
    game: str
    line: str
    reason: str
    who: str  # "cli:<user>" of the user who typed it, kept in the game's history


@dataclass(frozen=True)
class Answer:
    text: list[str]
    exit_code: int


class ControlSpool:
    def __init__(self, directory: Path) -> None:
        self.requests = directory / "requests"
        self.answers = directory / "answers"

    def submit(self, game: str, line: str, reason: str, who: str) -> str:
        """Queue one GM command line; returns its id. The id starts with the time, so the daemon
        runs requests in the order they were typed."""
        request_id = f"{time.time_ns():x}{secrets.token_hex(6)}"
        body = {"id": request_id, "game": game, "line": line, "reason": reason, "who": who}
        atomic_write_json(self.requests / f"{request_id}.json", body)
        return request_id

    def waiting(self) -> bool:
        """Whether a request waits: cheap enough to ask between slices of a wait for mail."""
        return any(not name.startswith(TEMP_PREFIX) for name in _names(self.requests))

    def pending(self) -> list[Request]:
        """Requests not yet answered, oldest first; one already answered (the daemon died before
        removing it) is removed here."""
        found = []
        for name in sorted(_names(self.requests)):
            if name.startswith(TEMP_PREFIX) or not name.endswith(".json"):
                continue
            request_id = name.removesuffix(".json")
            if files.exists(self.answers / name):
                self._remove(request_id)
                continue
            try:
                data: dict[str, Any] = read_json(self.requests / name)
                found.append(Request(request_id, data["game"], data["line"], data["reason"], data["who"]))
            except (ValueError, KeyError, TypeError):  # written by hand: say so, never block the spool
                self.answer(request_id, Answer(["запрос не читается / the request cannot be read"], 2))
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
            data: dict[str, Any] = read_json(path)
        except FileNotFoundError:
            return None
        path.unlink(missing_ok=True)
        return Answer([str(line) for line in data["text"]], int(data["exit_code"]))

    def forget_old_answers(self) -> None:
        """By the files' own age (wall-clock time, as their mtime is)."""
        now = time.time()
        for name in _names(self.answers):
            path = self.answers / name
            try:
                if now - path.stat().st_mtime > ANSWER_DAYS * 86400:
                    files.remove(path)
            except FileNotFoundError:
                continue

    def _remove(self, request_id: str) -> None:
        files.remove(self.requests / f"{request_id}.json")


def _names(directory: Path) -> list[str]:
    return files.names(directory)
