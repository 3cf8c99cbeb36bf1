"""What every GM action needs: the game, the mail it came in (for idempotence), and the audit."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from daemon.games import Game
from daemon.outgoing.postman import Postman
from engines.text import Msg, Param
from parsers.redact import NO_SECRETS, Redactor
from state.records import GameRecord

APPLIED_KEPT = 200  # recent command ids remembered; a mail replayed after a crash is far younger


@dataclass
class GmContext:
    game: Game
    postman: Postman
    now: datetime
    actor: str  # who: the GM's address, or "cli:<user>"
    token: str  # the mail's archive key, or a fresh token on the command line
    reason: str = ""  # ПРИЧИНА of the mail, for every command in it
    following: list[str] = field(default_factory=list)  # lines after the command (a broadcast's text)
    redactor: Redactor = NO_SECRETS  # blanks the mail's passwords in text that is repeated
    index: int = 0  # which command of the mail is running
    command: str = ""  # that command in normal form: the history keeps it so `gonets rebuild` can replay it
    seq: int = 0  # a command line's place among the game's events (`GameStore.next_event`); 0 by mail

    @property
    def command_id(self) -> str:
        return f"{self.token}:{self.index}"

    def applied(self, record: GameRecord) -> bool:
        """This very command was applied before a crash: applying it again would double it. Its
        history line, which the crash may have cut off after the record was saved, is written now."""
        if self.command_id not in record.gm_applied:
            return False
        note = next((n for n in record.gm_notes if n.get("id") == self.command_id), None)
        if note is not None and all(e.get("id") != self.command_id for e in self.game.store.history()):
            self.game.store.append_history(note)
        return True

    def save(
        self,
        record: GameRecord,
        action: str,
        detail: str,
        reason: str = "",
        extra: dict[str, str] | None = None,
        said: Msg | None = None,
    ) -> None:
        """Store the action's change, its once-only marker and its audit note in one write. The note
        keeps the command and its id, so `gonets rebuild` replays it as this very command, and what
        it did as a catalog message (`said`), so the digest says it in the game's language."""
        entry: dict[str, object] = {
            **(extra or {}),
            "id": self.command_id,
            "at": self.now.isoformat(timespec="seconds"),
            "by": self.actor,
            "action": action,
            "detail": detail,
            "reason": reason or self.reason,
            "turn": record.turn,
            "phase": record.phase,
            "command": self.command,
        }
        if self.seq:
            entry["seq"] = self.seq
        if said is not None:
            entry["said"] = said.to_json()
        record.gm_notes.append(entry)
        record.gm_applied = [*record.gm_applied, self.command_id][-APPLIED_KEPT:]
        self.game.store.save(record)
        self.game.store.append_history(entry)


class Refused(Msg):
    """What a command answers when it could not do what it was asked: the command line exits 1."""


def result(code: str, **params: Param) -> Msg:
    return Msg(code, params)


def refused(code: str, **params: Param) -> Msg:
    return Refused(code, params)
