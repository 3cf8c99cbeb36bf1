"""One incoming mail, start to finish, inside a daemon pass: archived first, handled (or set aside
when it broke the daemon), blanked for the archive, marked done, and answered within the reply
limits. `Daemon.run_once` hands each mail the transport fetched to `Intake.handle`; the decision
itself (`mailflow.evaluate`) writes nothing, so `gonets check` shows exactly the reply a mail gets.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import replace
from datetime import datetime

from daemon.config import Config
from daemon.games import Game, Games
from daemon.incoming import mailflow
from daemon.incoming.addresses import answerable, mailbox_key
from daemon.incoming.replies import ReplyLedger
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.render import compile_template
from daemon.transports.base import Incoming
from engines import get_ruleset
from engines.errors import RuleDataError
from parsers.mime import IncomingMail, parse_head
from parsers.mime_head import cap_head
from parsers.redact import Redactor
from parsers.secrets import load_lookalikes
from parsers.wording import wording
from state.archive import MailArchive
from state.errors import STORE_FAILURES
from state.handling import POISON_AFTER, Handling

log = logging.getLogger(__name__)
REPLIES = ("player/orders-reply", "player/unrouted")  # the templates nearly every mail's reply needs


class Intake:
    """The mail side of a pass. `config` is the daemon's, read again when its file changes."""

    def __init__(
        self,
        config: Config,
        games: Games,
        archive: MailArchive,
        handling: Handling,
        ledger: ReplyLedger,
        postman: Postman,
    ) -> None:
        self.config = config
        self.games = games
        self.archive = archive
        self.handling = handling
        self.ledger = ledger
        self.postman = postman
        self._known: set[str] | None = None  # addresses some game knows, built once per pass
        self._prepared: set[str] = set()  # the rulesets `prepare` loaded

    def new_pass(self) -> None:
        """What a pass learnt of the games (who plays) is asked again in the next one."""
        self._known = None

    def handle(
        self, incoming: Incoming, now: datetime, failures: list[BaseException]
    ) -> tuple[str, bool | None]:
        """Archive first, acknowledge last (once the pass is committed): a crash in between only
        means handling it again. Returns the outcome's kind ("" when the mail was handled before
        or stays in the inbox) and how to acknowledge it: `rejected` or not, None to leave it.

        A store that cannot be written or read is not the mail's fault: the mail is left in the
        inbox, unacknowledged, for the next pass, and the GM is alerted (`StoreAlarm`). A mail over
        the size limit is archived as its head only and left for the GM in the rejected folder.
        """
        key = self.archive.key(incoming.raw)
        self.prepare()
        try:
            self.archive.store(incoming.raw)
            done = self.archive.is_done(key)
            deaths = 0 if done else self.handling.deaths(key)
            if deaths >= POISON_AFTER:
                log.error("mail %s killed the daemon %d times while it was handled", key, deaths)
                return self._quarantine(key, incoming.raw, now, f"the daemon died {deaths} times handling it")
            outcome = None if done else self._handled(key, incoming, now)
        except STORE_FAILURES as error:
            log.error("store failure; mail %s stays in the inbox: %s", incoming.uid, error)
            failures.append(error)
            return "", None
        except RuleDataError:  # a ruleset's data file to fix, met as its game is first read: the pass stops
            raise
        except Exception as error:  # a mail that breaks us is quarantined, never lost
            log.exception("mail %s could not be processed", key)
            return self._quarantine(key, incoming.raw, now, repr(error))
        rejected = bool(incoming.oversize) or (outcome is not None and outcome.kind == "ignored")
        return (outcome.kind if outcome is not None else ""), rejected

    def _handled(self, key: str, incoming: Incoming, now: datetime) -> mailflow.Outcome:
        """`_decide`, with the mail's key on disk meanwhile (`state.handling`): a mail that kills
        the process is known at the next start."""
        self.handling.begin(key)
        try:
            return self._decide(key, incoming, now)
        finally:
            self.handling.end(key)

    def prepare(self) -> None:
        """What handling a mail of any game loads once (every game's ruleset, its orders' wording
        and the morphology dictionary it is made with, the look-alikes table, the replies'
        templates), loaded before a mail's marker is set (`state.handling`): a process killed
        while loading them (0.3–0.8 s) killed no mail."""
        rulesets = {game.settings.ruleset for game in self.games} - self._prepared
        if not self._prepared:
            load_lookalikes()
            for name in REPLIES:
                compile_template(name)
        for name in sorted(rulesets):
            for phase in get_ruleset(name).phases.values():
                wording(phase)
        self._prepared |= rulesets

    def _quarantine(self, key: str, raw: bytes, now: datetime, detail: str) -> tuple[str, bool]:
        """Kept in the archive (its plainly written passwords blanked: it is not taken apart again)
        and in the rejected folder for the GM, never handled again; the sender told, and the GM of
        each game the sender plays in, in the next digest."""
        gm_passwords = (game.settings.gm_password for game in self.games)
        redactor = Redactor.of(gm_passwords, self.games.is_password)
        self._tell(key, raw, now, redactor)
        blanked = redactor.raw(raw, parse=False)
        if blanked != raw:
            self.archive.blank(key, blanked)
        self.archive.mark_done(key, {"outcome": "error", "detail": detail})
        self.handling.end(key)
        return "error", True

    def _tell(self, key: str, raw: bytes, now: datetime, redactor: Redactor) -> None:
        """Tell the sender of a quarantined mail that it was kept but not handled (never an
        automatic sender, never ourselves), so nobody waits for a reply that will not come; and
        keep it for the digest of each game whose player sent it, with how to give the orders."""
        try:
            mail = parse_head(raw)  # the header block alone: the mail itself is not read again
            if not mail.sender or mail.automatic or mail.sender == self.config.address:
                return
            if answerable(mail.sender) and self.ledger.may_send(mail.sender, f"reply-{key}", now):
                letter = Letter("player/error", {"key": key[:12]}, "subject_error", {})
                shown = answered(mail, redactor)
                self.postman.send(f"reply-{key}", mail.sender, letter, "ru+en", answering=shown)
            for game in self.games:
                _keep_for_the_digest(game, mail, key, now, redactor)
        except Exception:  # telling must never stop the loop
            log.exception("could not tell of mail %s", key)

    def _decide(self, key: str, incoming: Incoming, now: datetime) -> mailflow.Outcome:
        mail = mailflow.read(incoming.raw, incoming.oversize, self.config.limits)
        fingerprint = _fingerprint(mail, incoming.oversize)
        duplicate = self.archive.seen_fingerprint(fingerprint)
        repeated = duplicate is not None and duplicate != key
        if repeated:
            redactor = mailflow.mail_redactor(mail, self.games)
            outcome = mailflow.Outcome("ignored", detail=f"duplicate of {duplicate}", redactor=redactor)
        else:
            outcome = mailflow.evaluate(mail, key, self.games, self.config.address, now, incoming.oversize)
        kept = cap_head(incoming.raw).head if incoming.oversize else incoming.raw  # oversize: not read
        # the archive's copy is made before anything of the mail is stored: a mail whose copy
        # cannot be made leaves no orders, no reply and no command behind
        blanked = outcome.redactor.raw(kept)
        sequence = {}
        if not repeated:
            if outcome.game is not None:  # its place among the game's events, for `gonets rebuild`
                sequence["seq"] = outcome.game.store.next_event()
            mailflow.apply(outcome, self.postman, now, key)
            self._answer(key, mail, outcome, now)
        record = {
            **outcome.log_record(),
            **sequence,
            "message_id": outcome.redactor.text(mail.message_id),
            "fingerprint": fingerprint,
            "from": mail.sender,
            "subject": outcome.redactor.text(mail.subject),
            "problems": list(mail.problems),
            "handled_at": now.isoformat(),  # the pass's clock: `gonets rebuild` replays at this time
            "oversize": incoming.oversize,  # only the head was read: `gonets rebuild` must not read more
        }
        if blanked != incoming.raw:  # before the done marker: after a crash the inbox's copy is read
            self.archive.blank(key, blanked)
        self.archive.mark_done(key, record)
        log.info("mail %s from %s: %s %s", key[:12], mail.sender, outcome.kind, outcome.detail)
        return outcome

    def _answer(self, key: str, mail: IncomingMail, outcome: mailflow.Outcome, now: datetime) -> None:
        """The reply to the sender (within the sender's quota) and the copy to a player's
        registered address (within that address's own quota: a flood from elsewhere never
        silences it), then the extra mails the orders asked for."""
        language = outcome.game.settings.language if outcome.game else "ru+en"
        shown = answered(mail, outcome.redactor)
        mail_id = f"reply-{key}"
        if outcome.letter is not None:
            copies = tuple(a for a in outcome.cc if self.ledger.may_send(a, mail_id, now, "copy"))
            if self._may_answer(mail, outcome, mail_id, now):
                self.postman.send(
                    mail_id,
                    mail.sender,
                    outcome.letter,
                    language,
                    outcome.catalog,
                    answering=shown,
                    cc=copies,
                )
            elif copies:
                first, *others = copies
                self.postman.send(
                    f"{mail_id}-copy", first, outcome.letter, language, outcome.catalog, shown, tuple(others)
                )
        for extra in outcome.extras:
            self.postman.send(f"{mail_id}-{extra.suffix}", extra.to, extra.letter, language, outcome.catalog)

    def _may_answer(self, mail: IncomingMail, outcome: mailflow.Outcome, mail_id: str, now: datetime) -> bool:
        """Never an address no reply can reach; a mail that reached no game, from an address no
        game knows, once a day (backscatter to forged senders); anyone else within the hour's quota."""
        if not answerable(mail.sender):
            log.warning("no reply to %s: not an address a reply can reach", mail.sender)
            return False
        stray = (
            outcome.kind in ("unrouted", "refused")
            and mailbox_key(mail.sender) not in self._known_addresses()
        )
        return self.ledger.may_send(mail.sender, mail_id, now, "unrouted" if stray else "reply")

    def _known_addresses(self) -> set[str]:
        if self._known is None:
            self._known = {mailbox_key(a) for game in self.games for a in _addresses(game)}
        return self._known


def answered(mail: IncomingMail, redactor: Redactor) -> IncomingMail:
    """`mail` as a reply repeats it: its subject blanked, and a Message-ID or reference holding a
    secret not repeated at all (the reply then stands outside the thread: no password goes out,
    nor into the outbox's copy)."""
    message_id = mail.message_id if redactor.text(mail.message_id) == mail.message_id else ""
    references = tuple(r for r in mail.references if redactor.text(r) == r)
    return replace(mail, subject=redactor.text(mail.subject), message_id=message_id, references=references)


def _fingerprint(mail: IncomingMail, oversize: int) -> str:
    """The same mail again: same sender, Message-ID and content. A relay that adds headers does not
    change it; a client that reuses a Message-ID for new orders (or another sender) does."""
    parts = (mail.sender, mail.message_id, mail.subject, mail.body, str(oversize or mail.text_chars))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def _keep_for_the_digest(game: Game, mail: IncomingMail, key: str, now: datetime, redactor: Redactor) -> None:
    """A quarantined mail of one of the game's active players, kept in its record for the digest
    (once, by the mail's key)."""
    record = game.load()
    power = next((p for p in record.active_powers() if record.players[p].address == mail.sender), None)
    if power is None or any(kept["key"] == key[:12] for kept in record.quarantined):
        return
    player = record.players[power]
    subject = redactor.text(mail.subject)
    entry = {"key": key[:12], "power": power, "name": player.name, "address": player.address}
    record.quarantined.append({**entry, "subject": subject, "at": now.isoformat()})
    game.store.save(record)


def _addresses(game: Game) -> list[str]:
    record = game.load()
    players = [p.address for p in record.players.values()]
    return [game.settings.gm, *players, *(s.address for s in record.signups)]
