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

from daemon import throttle
from daemon.config import Limits
from daemon.games import Game, Games
from daemon.gm.context import GmContext
from daemon.gm.dispatch import GmPlan, plan, run
from daemon.orderflow import Extra, answer
from daemon.postman import Letter, Postman
from daemon.routing import Refusal, find_game, is_gm, route_orders, throttled, wrong_password
from engines.text import Catalog, Msg
from parsers.cleanup import clean_lines
from parsers.header import split_header
from parsers.mime import IncomingMail
from state.records import OrderSet, Signup


@dataclass
class Outcome:
    """What handling a mail decided; the archive log keeps `kind`, `game`, `power`, `detail`."""

    kind: str  # ignored | orders | rejected | refused | signup | unrouted | gm
    game: Game | None = None
    power: str = ""
    detail: str = ""
    letter: Letter | None = None
    cc: tuple[str, ...] = ()
    orders: OrderSet | None = None
    signup: Signup | None = None
    gm_plan: GmPlan | None = None
    extras: list[Extra] = field(default_factory=list)
    mark: throttle.Mark | None = None  # a wrong password or a "wait" notice to remember

    def log_record(self) -> dict[str, Any]:
        return {
            "outcome": self.kind,
            "game": self.game.id if self.game else "",
            "power": self.power,
            "detail": self.detail,
        }

    @property
    def catalog(self) -> Catalog | None:
        return self.game.catalog if self.game else None


def evaluate(mail: IncomingMail, key: str, games: Games, own_address: str, now: datetime) -> Outcome:
    if mail.automatic:
        return Outcome("ignored", detail=f"automatic: {mail.automatic}")
    if not mail.sender:
        return Outcome("ignored", detail="no usable From address")
    if mail.ambiguous_sender:  # a forger's trick: clients show one From, filters check another
        return Outcome("ignored", detail="several From addresses: none can be trusted to answer")
    if _is_own(mail.sender, own_address):
        return Outcome("ignored", detail="from our own address")
    limits = games.config.limits
    too_long = _over_limits(mail.body, limits)
    if isinstance(too_long, Msg):
        return _unrouted(Refusal(too_long), "", mail, kind="refused")
    lines = too_long
    text = split_header(lines, mail.subject, games.power_keywords())
    found = find_game(text.header, games, mail.recipients)
    if isinstance(found, Refusal):
        return _unrouted(found, "", mail)
    if text.header.gm:
        return _gm(found, mail, text.header.password, text.body, lines, now, limits)
    if text.header.signup is not None:
        return _signup(found, mail, text.header.signup, now)
    route = route_orders(text.header, found, mail.sender, now, limits.wrong_passwords)
    if isinstance(route, Refusal):
        return _unrouted(route, text.header.power or "", mail)
    done = answer(route, mail, key, text.body, lines, text.problems, now)
    player = route.record.players[route.power]
    cc = (player.address,) if mail.sender != player.address else ()
    kind = "orders" if done.orders is not None else "rejected"
    return Outcome(
        kind, route.game, route.power, done.detail, done.letter, cc, done.orders, extras=done.extras
    )


def _is_own(sender: str, own_address: str) -> bool:
    """Our address, also with a "+game" tag: a reply of ours that came back must not be answered."""
    local, _, domain = sender.rpartition("@")
    return f"{local.partition('+')[0]}@{domain}" == own_address


def _over_limits(body: str, limits: Limits) -> list[tuple[int, str]] | Msg:
    """The lines that may hold orders, or why the mail is refused whole (a `limit_` message).

    The text length is checked before any line is read, so a huge body costs one `len`."""
    if len(body) > limits.body_chars:
        return Msg("limit_body", {"chars": len(body), "limit": limits.body_chars})
    lines = clean_lines(body)
    if len(lines) > limits.order_lines:
        return Msg("limit_lines", {"lines": len(lines), "limit": limits.order_lines})
    return lines


def _unrouted(refusal: Refusal, power: str, mail: IncomingMail, kind: str = "unrouted") -> Outcome:
    game = refusal.game
    if refusal.silent:
        return Outcome("ignored", game, power, f"{refusal.msg.code}: the sender was told already")
    context = {"reason": refusal.msg, "sender": mail.sender}
    letter = Letter("player/unrouted", context, "subject_unrouted", {})
    return Outcome(kind, game, power, refusal.msg.code, letter, mark=refusal.mark)


def _signup(game: Game, mail: IncomingMail, name: str, now: datetime) -> Outcome:
    record = game.load()
    name = " ".join(name.split())[:60] or mail.sender_name or mail.sender
    context: dict[str, Any] = {"game": game.id, "name": name, "title": game.ruleset.title}
    if record.status != "signup":
        letter = Letter("player/signup-closed", context, "subject_signup", {"game": game.id})
        return Outcome("refused", game, "", "signup closed", letter)
    others = [s for s in record.signups if s.address != mail.sender]
    if len(others) >= game.ruleset.max_players:
        context["max_players"] = game.ruleset.max_players
        letter = Letter("player/signup-full", context, "subject_signup", {"game": game.id})
        return Outcome("refused", game, "", "game full", letter)
    context["count"] = len(others) + 1
    context["min_players"] = game.ruleset.min_players
    letter = Letter("player/signup-ok", context, "subject_signup", {"game": game.id})
    return Outcome("signup", game, "", name, letter, signup=Signup(name, mail.sender, now.isoformat()))


def _gm(
    game: Game,
    mail: IncomingMail,
    password: str | None,
    body: list[tuple[int, str]],
    lines: list[tuple[int, str]],
    now: datetime,
    limits: Limits,
) -> Outcome:
    """GM commands need both the GM's address and the GM password; either alone proves nothing.
    Wrong GM passwords from the GM's address are throttled like a player's."""
    from_gm = bool(game.settings.gm_password) and mail.sender == game.settings.gm
    if from_gm and (refusal := throttled(game, mail.sender, now, limits.wrong_passwords)):
        return _unrouted(refusal, "", mail)
    if not (password and is_gm(game, mail.sender, password)):
        msg = Msg("route_not_gm", {"game": game.id})
        guessed = from_gm and bool(password)
        return _unrouted(wrong_password(msg, game, mail.sender) if guessed else Refusal(msg, game), "", mail)
    gm_plan = plan(game, body, lines)
    return Outcome("gm", game, "", f"{len(gm_plan.commands)} GM commands", gm_plan=gm_plan)


def apply(outcome: Outcome, postman: Postman, now: datetime, key: str) -> None:
    """Carry out what `evaluate` decided (idempotent: the same mail again changes nothing more)."""
    if outcome.game is None:
        return
    if outcome.mark is not None:
        throttle.record(outcome.game.store.directory, outcome.mark, key, now)
    if outcome.gm_plan is not None:
        ctx = GmContext(outcome.game, postman, now, actor=outcome.game.settings.gm, token=key)
        results = run(ctx, outcome.gm_plan)
        context = {"game": outcome.game.id, "results": results, "problems": outcome.gm_plan.problems}
        outcome.letter = Letter("gm/reply", context, "subject_gm_reply", {"game": outcome.game.id})
    if outcome.orders is not None:
        outcome.game.store.put_orders(outcome.orders)
    if outcome.signup is not None:
        record = outcome.game.load()
        record.signups = [s for s in record.signups if s.address != outcome.signup.address]
        record.signups.append(outcome.signup)
        outcome.game.store.save(record)
