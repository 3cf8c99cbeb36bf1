"""One incoming mail, start to finish: archive, parse, route, check, record, answer.

`evaluate` decides and writes nothing, so `gonets check` shows exactly the reply a mail would get;
`apply` stores what was decided and runs the GM's commands. Both are replay-safe: a mail handled
again after a crash stores the same orders under the same key, its reply id is already queued,
and each GM command leaves a once-only marker in the same write as its change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from daemon.config import Limits
from daemon.games import Game, Games
from daemon.gm.context import GmContext
from daemon.gm.dispatch import GmPlan, plan, run
from daemon.incoming import guards, throttle
from daemon.incoming.orderflow import Extra, answer
from daemon.incoming.routing import (
    Refusal,
    Via,
    find_game,
    is_gm,
    played_elsewhere,
    route_orders,
    said,
    throttled,
    wrong_password,
)
from daemon.incoming.signup import signup_words
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.views import power_word
from daemon.passwords import LiveChecks, PasswordChecks
from engines.contract import JSON
from engines.text import Catalog, Msg
from parsers.cleanup import Part, clean_body, clean_lines
from parsers.header import OrderText, is_placeholder, split_header
from parsers.mime import IncomingMail, parse_head, parse_mail
from parsers.redact import NO_SECRETS, Redactor
from parsers.signup import MAX_CHARS, read_signup
from state.records import OrderSet, Readiness, Signup

GM_GUESSES = 10  # the GM's address may give this many times the wrong passwords a player may
# what the model order mail of a refusal fills in when the mail reached no game (`_sender_blank`)
NO_GAME_BLANK: dict[str, Any] = {
    "game": "",
    "keyword": "СТРАНА",
    "word": None,
    "power": "",
    "turn": None,
    "head": None,
    "signed_up": False,
}


@dataclass
class Outcome:
    """What handling a mail decided; the archive log keeps `kind`, `game`, `power`, `detail`."""

    kind: str  # ignored | orders | rejected | service | refused | signup | unrouted | gm
    game: Game | None = None
    power: str = ""
    detail: str = ""
    letter: Letter | None = None
    cc: tuple[str, ...] = ()
    orders: OrderSet | None = None
    readiness: Readiness | None = None
    request: JSON | None = None  # a player's ОТПУСК request, for the next digest
    signup: Signup | None = None
    gm_plan: GmPlan | None = None
    extras: list[Extra] = field(default_factory=list)
    mark: throttle.Mark | None = None  # a wrong password, a "wait" notice or a GM's right one
    redactor: Redactor = NO_SECRETS  # blanks this mail's passwords wherever its text is repeated
    verdict: str = ""  # what the password proved (`PasswordChecks.verdict`), for `gonets rebuild`
    rehash: str = ""  # the power's password hash to store instead of its old-kind one

    def log_record(self) -> dict[str, Any]:
        return {
            "outcome": self.kind,
            "game": self.game.id if self.game else "",
            "power": self.power,
            "detail": self.detail,
            "verdict": self.verdict,
        }

    @property
    def catalog(self) -> Catalog | None:
        return self.game.catalog_for(self.game.load().state) if self.game else None


def read(raw: bytes, oversize: int, limits: Limits) -> IncomingMail:
    """A mail as the pipeline reads it: a mail over the size limit by its header block alone."""
    return parse_head(raw) if oversize else parse_mail(raw, body_limit=limits.body_chars)


def evaluate(
    mail: IncomingMail,
    key: str,
    games: Games,
    own_address: str,
    now: datetime,
    oversize: int = 0,
    checks: PasswordChecks | None = None,
) -> Outcome:
    """What to do with a mail; `oversize` is the raw size of a mail too big to read (its head only);
    `checks` check the passwords (`gonets rebuild` answers from the archive instead)."""
    checks = checks or LiveChecks(games.passwords)
    outcome = _judge(mail, key, games, own_address, now, oversize, checks)
    outcome.verdict = checks.verdict
    return outcome


def _judge(
    mail: IncomingMail,
    key: str,
    games: Games,
    own_address: str,
    now: datetime,
    oversize: int,
    checks: PasswordChecks,
) -> Outcome:
    redactor = Redactor.of((game.settings.gm_password for game in games), games.is_password)
    limits = games.config.limits
    stop = guards.screen(mail, guards.Screen(own_address, limits, oversize))
    if isinstance(stop, guards.Ignore):
        return Outcome("ignored", detail=stop.detail, redactor=mail_redactor(mail, games))
    if isinstance(stop, guards.Refuse):
        return _unrouted(Refusal(stop.msg), "", mail, mail_redactor(mail, games), kind="refused")
    cleaned = clean_body(mail.body)
    lines = cleaned.lines
    text = split_header(lines, mail.subject, games.power_keywords())
    redactor = redactor.with_values(_secret(text.header.password))
    if len(text.body) > limits.order_lines:  # header lines are not orders: they do not count
        msg = Msg("limit_lines", {"lines": len(text.body), "limit": limits.order_lines})
        return _unrouted(Refusal(msg), "", mail, redactor, kind="refused", part=cleaned.part)
    found = find_game(text.header, games, mail.recipients)
    if isinstance(found, Refusal):
        return _unrouted(found, "", mail, redactor, part=cleaned.part)
    redactor = redactor.knowing(found.is_password)  # the passwords this mail may quote: its game's
    if text.header.gm:
        return _gm(found, mail, text, lines, now, limits, redactor, checks)
    if (words := signup_words(text, lines)) is not None:
        return _signup(found, mail, words, text.header.power, now)
    ready_alone = text.header.ready and not text.body
    route = route_orders(text.header, found, mail.sender, now, limits.wrong_passwords, checks, ready_alone)
    if isinstance(route, Refusal):
        route = played_elsewhere(route, games, mail.sender, _via(text))
        return _unrouted(route, text.header.power or "", mail, redactor, part=cleaned.part)
    done = answer(route, mail, key, text, cleaned, now, redactor)
    player = route.record.players[route.power]
    cc = (player.address,) if mail.sender != player.address and not route.by_gm else ()
    return Outcome(
        done.kind,
        route.game,
        route.power,
        done.detail,
        done.letter,
        cc,
        done.orders,
        done.readiness,
        done.request,
        extras=done.extras,
        redactor=redactor,
        rehash=route.rehash,
    )


def mail_redactor(mail: IncomingMail, games: Games) -> Redactor:
    """Every password the daemon knows a mail may carry: the GM passwords, its ПАРОЛЬ value and
    any player's (also for a mail not otherwise read: an auto-reply or a duplicate may quote one)."""
    header = split_header(clean_lines(mail.body), mail.subject, games.power_keywords()).header
    gm_passwords = (game.settings.gm_password for game in games)
    return Redactor.of([*gm_passwords, _secret(header.password)], games.is_password)


def _secret(password: str | None) -> str | None:
    """The ПАРОЛЬ value as a secret to blank: the blank's placeholder is none, and the reply that
    says it was left names it."""
    return None if password is None or is_placeholder(password) else password


def _via(text: OrderText) -> Via:
    """How the mail named its game: an ИГРА line, else its subject's tag, else the address."""
    return "line" if "game" in text.fields.values() else "subject" if text.header.game else "address"


def _unrouted(
    refusal: Refusal,
    power: str,
    mail: IncomingMail,
    redactor: Redactor,
    kind: str = "unrouted",
    part: Part = "top",
) -> Outcome:
    """A refusal before the orders are read; `part`: the part of the mail that was read (see
    `parsers.cleanup.Cleaned`), which the reply names when it is not the usual one."""
    game = refusal.game
    if refusal.silent:
        detail = f"{refusal.msg.code}: the sender was told already"
        return Outcome("ignored", game, power, detail, redactor=redactor)
    context = {
        "reason": redactor.msg(refusal.msg),
        "sender": mail.sender,
        "part": part,
        "form": refusal.form,
        "stray": mail.replaced,
        "stray_charset": mail.charset,
    }
    if game is None:
        letter = Letter("player/unrouted", context | NO_GAME_BLANK, "subject_unrouted", {})
    else:
        reader, blank = _sender_blank(refusal.meant or game, mail.sender)
        subject = refusal.subject or f"subject_{refusal.msg.code}"
        params = {name: v for name, v in refusal.msg.params.items() if isinstance(v, str | int)}  # no float
        letter = Letter("player/unrouted", context | blank, subject, params, reader=reader)
    return Outcome(kind, game, power, refusal.msg.code, letter, mark=refusal.mark, redactor=redactor)


def _sender_blank(game: Game, sender: str) -> tuple[str, dict[str, Any]]:
    """The name to greet the sender by and what the reply's model mail fills in: the game, its
    word for a power (СЕМЬЯ), and for one of its players (or one signed up) the name and, once the
    game runs, the power, the open turn and the game's heading; whether the sender signed up."""
    record = game.load()
    own = next((p for p in record.players.values() if p.address == sender), None)
    signed = next((s.name for s in record.signups if s.address == sender), "")
    running = record.status == "running"
    blank = {
        "game": game.id,
        "keyword": power_word(game.ruleset),
        "word": game.ruleset.power_title,
        "power": own.power if own else "",
        "turn": record.turn if running else None,
        "head": heading(game, record, own.power) if own and running else None,
        "signed_up": bool(signed),
    }
    return (own.name if own else signed), blank


def _signup(game: Game, mail: IncomingMail, given: str, country: str | None, now: datetime) -> Outcome:
    """A name the player gave (`given` after ЗАПИСЫВАЮСЬ), else the From header's display name, else
    the mailbox's local part («Записываюсь в игру!» names nobody); the country's name (there, or
    `country`: the mail's СТРАНА line) rides along for `name_powers`."""
    record = game.load()
    words = read_signup(given, country, game.ruleset.power_keywords)
    name = words.name or mail.sender_name[:MAX_CHARS] or mail.sender.partition("@")[0]
    context: dict[str, Any] = {
        "game": game.id,
        "name": name,
        "title": game.ruleset.title,
        "power_title": game.ruleset.power_title,
        "country": words.country,
    }
    if record.status != "signup":
        letter = Letter("player/signup-closed", context, "subject_signup", {"game": game.id}, reader=name)
        return Outcome("refused", game, "", "signup closed", letter)
    others = [s for s in record.signups if s.address != mail.sender]
    if len(others) >= game.ruleset.max_players:
        context["max_players"] = game.ruleset.max_players
        letter = Letter("player/signup-full", context, "subject_signup", {"game": game.id}, reader=name)
        return Outcome("refused", game, "", "game full", letter)
    context["count"] = len(others) + 1
    context["min_players"] = game.ruleset.min_players
    letter = Letter("player/signup-ok", context, "subject_signup", {"game": game.id}, reader=name)
    return Outcome(
        "signup",
        game,
        "",
        name,
        letter,
        signup=Signup(name, mail.sender, now.isoformat(), words.country),
    )


def _gm(
    game: Game,
    mail: IncomingMail,
    text: OrderText,
    lines: list[tuple[int, str]],
    now: datetime,
    limits: Limits,
    redactor: Redactor,
    checks: PasswordChecks,
) -> Outcome:
    """GM commands need both the GM's address and the GM password; either alone proves nothing.

    Wrong GM passwords from the GM's address are counted like a player's, but a forger must not
    lock the GM out with a few forged mails: the GM's address gets `GM_GUESSES` times the
    player's allowance (the answers go to the GM's own mailbox, so a forger learns nothing from
    them), and the right password clears the count. The command line is never throttled."""
    password = text.header.password
    from_gm = bool(game.settings.gm_password) and mail.sender == game.settings.gm
    if from_gm and (refusal := throttled(game, mail.sender, now, limits.wrong_passwords * GM_GUESSES)):
        return _unrouted(refusal, "", mail, redactor)
    if not (password and is_gm(game, mail.sender, password, checks)):
        msg = said(game, "route_not_gm")
        guessed = from_gm and bool(password)
        refusal = wrong_password(msg, game, mail.sender, "gm") if guessed else Refusal(msg, game, form="gm")
        return _unrouted(refusal, "", mail, redactor)
    gm_plan = plan(game, text.body, lines, text.fields, redactor)
    detail = f"{len(gm_plan.commands)} GM commands"
    mark = throttle.Mark(mail.sender, "reset")
    return Outcome("gm", game, "", detail, gm_plan=gm_plan, mark=mark, redactor=redactor)


def apply(outcome: Outcome, postman: Postman, now: datetime, key: str) -> None:
    """Carry out what `evaluate` decided (idempotent: the same mail again changes nothing more)."""
    if outcome.game is None:
        return
    if outcome.mark is not None:
        throttle.record(outcome.game.store, outcome.mark, key, now)
    if outcome.gm_plan is not None:
        ctx = GmContext(outcome.game, postman, now, actor=outcome.game.settings.gm, token=key)
        results = run(ctx, outcome.gm_plan)
        context = {"game": outcome.game.id, "results": results, "problems": outcome.gm_plan.problems}
        outcome.letter = Letter("gm/reply", context, "subject_gm_reply", {"game": outcome.game.id})
    if outcome.rehash:
        _store_rehash(outcome.game, outcome.power, outcome.rehash)
    if outcome.orders is not None:
        outcome.game.store.put_orders(outcome.orders)
    if outcome.readiness is not None:
        outcome.game.store.put_readiness(outcome.readiness)
    if outcome.request is not None:
        _keep_request(outcome.game, outcome.request)
    if outcome.signup is not None:
        record = outcome.game.load()
        record.signups = [s for s in record.signups if s.address != outcome.signup.address]
        record.signups.append(outcome.signup)
        outcome.game.store.save(record)


def _keep_request(game: Game, request: JSON) -> None:
    """A leave request waits in the record for the next digest (once, if the mail comes again)."""
    record = game.load()
    if all(kept["mail"] != request["mail"] for kept in record.requests):
        record.requests.append(request)
        game.store.save(record)


def _store_rehash(game: Game, power: str, rehash: str) -> None:
    """The keyed hash replaces the power's old-kind one (not one the GM changed since)."""
    record = game.load()
    player = record.players[power]
    if not player.password_hash.startswith("hmac$"):
        player.password_hash = rehash
        game.store.save(record)
