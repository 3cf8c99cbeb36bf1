"""One incoming mail, start to finish: archive, parse, route, check, record, answer.

`evaluate` decides and writes nothing, so `gonets check` shows exactly the reply a mail would get;
`apply` stores what was decided and queues the reply. Both are replay-safe: a mail handled again
after a crash stores the same orders under the same key and its reply id is already queued.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from daemon.games import Game, Games
from daemon.postman import Letter
from daemon.render import when
from daemon.routing import Refusal, Route, find_game, route_orders
from engines.contract import Command, Problem
from engines.text import Catalog, Msg
from parsers.cleanup import clean_lines
from parsers.header import split_header
from parsers.mime import IncomingMail
from parsers.orders import normal_form, parse_commands
from state.records import GameRecord, OrderSet, Signup


@dataclass
class Outcome:
    """What handling a mail decided; the archive log keeps `kind`, `game`, `power`, `detail`."""

    kind: str  # ignored | orders | rejected | refused | signup | unrouted
    game: Game | None = None
    power: str = ""
    detail: str = ""
    letter: Letter | None = None
    cc: tuple[str, ...] = ()
    orders: OrderSet | None = None
    signup: Signup | None = None

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


@dataclass(frozen=True)
class Refused:
    """A refused order line as the reply shows it."""

    line: int
    text: str
    msg: Msg
    suggestion: str = ""


@dataclass
class Checked:
    accepted: list[Command]
    problems: list[Problem]


def evaluate(mail: IncomingMail, key: str, games: Games, own_address: str, now: datetime) -> Outcome:
    if mail.automatic:
        return Outcome("ignored", detail=f"automatic: {mail.automatic}")
    if not mail.sender:
        return Outcome("ignored", detail="no usable From address")
    if mail.sender == own_address:
        return Outcome("ignored", detail="from our own address")
    lines = clean_lines(mail.body)
    text = split_header(lines, mail.subject, games.power_keywords())
    found = find_game(text.header, games)
    if isinstance(found, Refusal):
        return _unrouted(found, "", mail)
    if text.header.signup is not None:
        return _signup(found, mail, text.header.signup, now)
    route = route_orders(text.header, found)
    if isinstance(route, Refusal):
        return _unrouted(route, text.header.power or "", mail)
    return _orders(route, mail, key, text.body, lines, text.problems, now)


def _orders(
    route: Route,
    mail: IncomingMail,
    key: str,
    body: list[tuple[int, str]],
    lines: list[tuple[int, str]],
    header_problems: list[Problem],
    now: datetime,
) -> Outcome:
    game, record, power = route.game, route.record, route.power
    phase = game.phase_spec(record)
    parsed = parse_commands(body, phase, game.ruleset.vocabularies(record.state))
    checked = _check(game, record, power, parsed.commands)
    problems = header_problems + parsed.problems + checked.problems
    refused = sorted((_refused(p, lines) for p in problems), key=lambda r: r.line)
    earlier = game.store.orders(record.turn, record.phase).get(power)
    player = record.players[power]
    cc = (player.address,) if mail.sender != player.address else ()
    submitted = bool(checked.accepted) or parsed.explicit_pass
    orders = None
    if submitted:
        orders = OrderSet(
            turn=record.turn,
            phase=record.phase,
            power=power,
            commands=checked.accepted,
            explicit_pass=parsed.explicit_pass and not checked.accepted,
            mail_key=key,
            received=now.isoformat(),
            sender=mail.sender,
        )
    deadline = game.deadline(record)
    context = {
        "game": game.id,
        "power": power,
        "turn": record.turn,
        "phase": phase.title,
        "deadline": when(deadline, game.settings.timezone) if deadline else "",
        "accepted": [normal_form(c, phase) for c in checked.accepted],
        "explicit_pass": orders is not None and orders.explicit_pass,
        "refused": refused,
        "stored": submitted,
        "replaced": submitted and earlier is not None and earlier.mail_key != key,
        "kept_earlier": not submitted and earlier is not None,
        "misses_left": max(0, game.settings.max_missed - player.missed),
        "other_sender": mail.sender if cc else "",
    }
    letter = Letter("player/orders-reply", context, "subject_orders", {"game": game.id, "power": power})
    kind = "orders" if submitted else "rejected"
    detail = f"{len(checked.accepted)} accepted, {len(refused)} refused"
    return Outcome(kind, game, power, detail, letter, cc, orders=orders)


def _check(game: Game, record: GameRecord, power: str, commands: list[Command]) -> Checked:
    """Drop refused commands until the ruleset accepts the rest, so stored orders are always valid."""
    accepted, problems = list(commands), []
    for _ in range(len(commands) + 1):
        found = game.ruleset.check(record.state, power, record.phase, accepted)
        if not found:
            break
        bad_lines = {p.line for p in found}
        if 0 in bad_lines:  # a problem with the whole set: nothing of it stands
            bad_lines = {c.line for c in accepted}
        problems += found
        accepted = [c for c in accepted if c.line not in bad_lines]
    return Checked(accepted, problems)


def _refused(problem: Problem, lines: list[tuple[int, str]]) -> Refused:
    text = dict(lines).get(problem.line, "")
    return Refused(problem.line, text, problem.msg, problem.suggestion)


def _unrouted(refusal: Refusal, power: str, mail: IncomingMail) -> Outcome:
    context = {"reason": refusal.msg, "sender": mail.sender}
    letter = Letter("player/unrouted", context, "subject_unrouted", {})
    game = refusal.game
    return Outcome("unrouted", game, power, refusal.msg.code, letter)


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


def apply(outcome: Outcome) -> None:
    """Store what `evaluate` decided (idempotent: same mail, same result)."""
    if outcome.game is None:
        return
    if outcome.orders is not None:
        outcome.game.store.put_orders(outcome.orders)
    if outcome.signup is not None:
        record = outcome.game.load()
        record.signups = [s for s in record.signups if s.address != outcome.signup.address]
        record.signups.append(outcome.signup)
        outcome.game.store.save(record)
