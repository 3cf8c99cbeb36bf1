"""A routed player's mail: orders parsed and checked into the standing orders of the phase, plus
the conveniences (СТАТУС, БЛАНК, ПОМОЩЬ, ОТПУСК) answered beside them. Lines of prose around the
orders («Привет!») are shown as not read rather than refused, and go with a leave request to the GM:
they are the player's own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.incoming import readiness
from daemon.incoming.conveniences import CONVENIENCES
from daemon.incoming.reordering import Judge, suggested
from daemon.incoming.routing import Route
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter
from daemon.outgoing.render import moment
from daemon.outgoing.views import blanks, offered_orders, status_texts
from daemon.phases.release import letters, power_pictures
from daemon.phases.start import START_RECORD
from engines.contract import (
    JSON,
    Command,
    PhaseSpec,
    Problem,
    Ruleset,
)
from engines.russian import Forms
from engines.text import Msg, Text, excerpt
from engines.toolkit import standing_orders
from parsers.cleanup import Cleaned
from parsers.header import OrderText
from parsers.mime import IncomingMail
from parsers.orders import ParsedOrders, find_commands, normal_form, parse_commands
from parsers.redact import Redactor
from parsers.wrapped import rejoin
from state.lifecycle import Previewed
from state.records import GameRecord, OrderSet, Readiness

# what one reply quotes at most: a mail of any size gets a reply of bounded size
QUOTED_LINE = 100  # characters of a quoted line
SHOWN = 50  # refusals; the rest are counted
SHOWN_UNREAD = 20  # lines not read as orders; the rest are counted
PREVIEWED = "previewed"  # the phase's results wait for the GM's check: ПЕРЕСЧИТАТЬ or ВЫПУСТИТЬ


@dataclass(frozen=True)
class Refused:
    """A refused order line as the reply shows it."""

    line: int
    text: str
    msg: Msg
    suggestion: str = ""

    def to_json(self) -> JSON:
        msg = self.msg.to_json()
        return {"line": self.line, "text": self.text, "msg": msg, "suggestion": self.suggestion}


@dataclass(frozen=True)
class Extra:
    """A mail a player's mail asks for besides the reply: the last report again, a leave request."""

    suffix: str
    to: str
    letter: Letter


@dataclass(frozen=True)
class Answer:
    """What a routed mail decided: the standing orders (if any), the power's readiness (if the mail
    had order lines or ГОТОВО), the reply, and extra mails; `kind` is "orders" (stored), "rejected"
    (order lines, none stored) or "service" (only СТАТУС, БЛАНК, ПОМОЩЬ, ОТПУСК or ГОТОВО)."""

    orders: OrderSet | None
    readiness: Readiness | None
    letter: Letter
    extras: list[Extra]
    detail: str
    kind: str
    request: JSON | None = None  # an ОТПУСК request, kept for the next digest


def answer(
    route: Route,
    mail: IncomingMail,
    key: str,
    text: OrderText,
    cleaned: Cleaned,
    now: datetime,
    redactor: Redactor,
) -> Answer:
    """The orders of `text` (the mail's header and body as `cleaned` kept its lines: the reply
    names the part of the mail they came from when it is not the usual one)."""
    game, record, power = route.game, route.record, route.power
    lines, ready_word = cleaned.lines, text.header.ready
    asked = {c.line: c for c in find_commands(text.body, CONVENIENCES)}
    body = [(n, line) for n, line in text.body if n not in asked]
    forms = game.forms_for(record.state)
    phase, parsed = read_orders(game.ruleset, record.state, power, record.phase, body, forms, cleaned.wrapped)
    unread = [(n, line) for n, line in body if n in parsed.unread]
    said = [str(c.args["words"]) for c in asked.values() if "words" in c.args] + [t for _, t in unread]
    accepted, check_problems = standing_orders(
        game.ruleset.check, record.state, power, record.phase, parsed.commands
    )
    names = (game.ruleset.vocabularies_for(record.state, power), forms)
    judge = Judge(game.ruleset, record.state, power, phase, accepted)
    problems = text.problems + suggested(judge, parsed.problems + check_problems, parsed.commands, names)
    refused = _refusals(problems, lines, redactor)
    refused_lines = len({problem.line for problem in problems})
    earlier = game.store.orders_of(record.turn, record.phase, power)
    player = record.players[power]
    submitted = bool(accepted) or parsed.explicit_pass
    orders = None
    if submitted:
        orders = OrderSet(
            record.turn,
            record.phase,
            power,
            accepted,
            parsed.explicit_pass and not accepted,
            key,
            now.isoformat(),
            mail.sender,
            by_gm=route.by_gm,
        )
    order_lines = submitted or bool(refused)
    kept = game.store.readiness(record.turn, record.phase).get(power)
    shown = [r.to_json() for r in refused]
    ready = readiness.judge(record, power, key, now, shown, refused_lines, order_lines, ready_word, kept)
    standing = submitted or earlier is not None
    deadline = game.deadline(record)
    context: dict[str, Any] = {
        "game": game.id,
        "head": heading(game, record, power),
        "power": power,
        "turn": record.turn,
        "phase": phase.title,
        "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        "accepted": [normal_form(c, phase) for c in accepted],
        "summary": list(game.ruleset.summary(record.state, power, record.phase, accepted))
        if accepted
        else [],
        "explicit_pass": orders is not None and orders.explicit_pass,
        "refused": refused,
        "refused_lines": refused_lines,
        "refused_more": refused_lines - len({r.line for r in refused}),
        "joined": parsed.joined,
        "stopped": _stopped(
            text,
            lines,
            lambda below: read_orders(game.ruleset, record.state, power, record.phase, below, forms)[1],
        ),
        "unread": [(n, excerpt(redactor.text(text), QUOTED_LINE)) for n, text in unread[:SHOWN_UNREAD]],
        "unread_more": len(unread[SHOWN_UNREAD:]),
        "leave_words": bool(said),
        "stored": submitted,
        "orders_sent": order_lines or not (asked or ready_word),
        "ready_word": ready_word,
        "ready_alone": ready_word and not order_lines,
        "left_out": ready.refused_count if ready else 0,
        "standing": standing,
        "goes": _goes(game, record, power, ready, standing, route.by_gm),
        "replaced": submitted and earlier is not None and earlier.mail_key != key,
        "kept_earlier": not submitted and earlier is not None,
        "misses_left": max(0, game.settings.max_missed - player.missed),
        "missed": 0 if route.by_gm else player.missed,
        "other_sender": mail.sender if mail.sender != player.address and not route.by_gm else "",
        "by_gm": route.by_gm,
        "release": f"ВЫПУСТИТЬ {record.turn} {phase.title.ru}",
        "part": cleaned.part,
        "stray": mail.replaced,
        "stray_charset": mail.charset,
        **_service_context(game, record, power, list(asked.values())),
    }
    params: dict[str, str | int | Text] = {
        "game": game.id,
        "turn": game.turn_in_subject(record.turn, record.phase),
        "refused": refused_lines,
    }
    subject = _subject(bool(accepted), orders is not None and orders.explicit_pass, refused_lines)
    reader = "" if route.by_gm else player.name  # the GM's reply greets the GM, not the player
    letter = Letter("player/orders-reply", context, subject, params, reader=reader)
    words = [redactor.text(t) for t in said]
    extras = _service_mails(game, record, power, list(asked.values()), words)
    kind = "orders" if orders else "rejected" if order_lines else "service"
    detail = f"{len(accepted)} accepted, {refused_lines} refused" + (", ready" if ready_word else "")
    turns = int(context["leave_asked"])
    request = (
        {"power": power, "turns": turns, "words": words, "turn": record.turn, "mail": key} if turns else None
    )
    return Answer(orders, readiness.to_store(ready, kept), letter, extras, detail, kind, request)


def _goes(
    game: Game, record: GameRecord, power: str, ready: Readiness | None, standing: bool, by_gm: bool
) -> str:
    """When the reply says the phase will be resolved (`readiness.when`); for the GM's orders while
    its results are in preview, that it waits for the GM's ПЕРЕСЧИТАТЬ or ВЫПУСТИТЬ."""
    if by_gm and isinstance(record.clock, Previewed):
        return PREVIEWED
    if ready is None or game.deadline(record) is None:
        return ""
    return readiness.when(game, record, power, ready, standing)


def _subject(accepted: bool, explicit_pass: bool, refused: int) -> str:
    """What the reply says it is: orders accepted, some lines refused, all refused, or an answer."""
    if refused:
        return "subject_orders_part" if accepted else "subject_orders_refused"
    if explicit_pass:
        return "subject_orders_pass"
    return "subject_orders" if accepted else "subject_orders_service"


def _stopped(
    text: OrderText, lines: list[tuple[int, str]], read: Callable[[list[tuple[int, str]]], ParsedOrders]
) -> int:
    """The number of the КОНЕЦ line that ended the reading when lines below it read as orders or
    attempts at them (the first `SHOWN_UNREAD` of them are looked at), else 0: the reply says
    where it stopped. A name or thanks below КОНЕЦ is no news to the player who wrote it there."""
    end = next((number for number, field in text.fields.items() if field == "end"), 0)
    below = [(number, line) for number, line in lines if number > end][:SHOWN_UNREAD] if end else []
    parsed = read(below) if below else None
    return end if parsed is not None and (parsed.commands or parsed.problems) else 0


def _refusals(problems: list[Problem], lines: list[tuple[int, str]], redactor: Redactor) -> list[Refused]:
    """The first `SHOWN` problems as the reply quotes them, in line order: each line once, at its
    first problem, and at most its first `QUOTED_LINE` characters; any password in it blanked
    first (the reply may be copied to another address, and an auto-responder may have pasted a
    role mail). A line listing a hundred bad names has a problem each: the rest are only counted."""
    texts = dict(lines)
    quoted: set[int] = set()
    refused = []
    for problem in sorted(problems, key=lambda problem: problem.line)[:SHOWN]:
        text = (
            "" if problem.line in quoted else excerpt(redactor.text(texts.get(problem.line, "")), QUOTED_LINE)
        )
        quoted.add(problem.line)
        refused.append(
            Refused(problem.line, text, redactor.msg(problem.msg), redactor.text(problem.suggestion))
        )
    return refused


def read_orders(
    ruleset: Ruleset[Any],
    state: JSON,
    power: str,
    phase: str,
    body: list[tuple[int, str]],
    forms: Forms | None = None,
    wrapped: frozenset[int] = frozenset(),
) -> tuple[PhaseSpec, ParsedOrders]:
    """`power`'s order lines read with only what it knows, so neither a refusal's suggestion nor
    the quoted normal form can name a command or a name it has not seen; and the phase as it knows
    it. A line in the game's own notation is read by the ruleset (`read_notation`); an order of a
    later phase is told where it belongs; one it has not learnt of is refused with the ruleset's
    reason (`not_known`); prose is set aside, not refused; an order an editor wrapped over the
    lines of `wrapped` is read whole (`parsers.wrapped`).
    `forms`: the names' forms (default: the ruleset's, without the game's own)."""
    order = list(ruleset.phases)
    later = order[order.index(phase) + 1 :] + order[: order.index(phase)]
    known, *elsewhere = (_known_phase(ruleset, state, power, name) for name in (phase, *later))
    vocabularies = ruleset.vocabularies_for(state, power)
    forms = ruleset.catalog.forms if forms is None else forms
    learnt = {spec.name for spec in known.commands}
    closed = [
        (spec, ruleset.not_known(state, power, phase, spec.name))
        for spec in ruleset.phases[phase].commands
        if spec.name not in learnt
    ]

    def notation(text: str) -> Command | Msg | None:
        return ruleset.read_notation(state, power, phase, text)

    def parse(lines: list[tuple[int, str]]) -> ParsedOrders:
        return parse_commands(lines, known, vocabularies, forms, elsewhere, True, closed, notation)

    return known, rejoin(parse(body), body, wrapped, parse)


def _known_phase(ruleset: Ruleset[Any], state: JSON, power: str, phase: str) -> PhaseSpec:
    return replace(ruleset.phases[phase], commands=tuple(ruleset.known_commands(state, power, phase)))


def help_pages(ruleset: Ruleset[Any], state: JSON, power: str) -> list[dict[str, Any]]:
    """ПОМОЩЬ: every phase's orders that `power` could give now, as its blank offers them (see
    `offered_orders`), with examples and help."""
    pages = []
    for name, spec in ruleset.phases.items():
        commands = [(example, c.help) for c, example in offered_orders(ruleset, state, power, name)]
        pages.append({"title": spec.title, "commands": commands})
    return pages


def _service_context(game: Game, record: GameRecord, power: str, asked: list[Command]) -> dict[str, Any]:
    names = {c.name for c in asked}
    return {
        "blank": blanks(game, record, power) if "form" in names else None,
        "help": help_pages(game.ruleset, record.state, power) if "help" in names else None,
        "leave_asked": next((int(c.args["turns"]) for c in asked if c.name == "leave"), 0),
        "status_sent": "status" in names,
    }


def _service_mails(
    game: Game, record: GameRecord, power: str, asked: list[Command], said: list[str]
) -> list[Extra]:
    """The mails the conveniences ask for; a leave request carries what the player `said` (after
    ОТПУСК N, and the prose around the orders) to the GM."""
    extras = []
    player = record.players[power]
    for command in asked:
        if command.name == "status":
            extras.append(Extra("status", player.address, _last_report(game, record, power)))
        elif command.name == "leave":
            context = {
                "game": game.id,
                "power": power,
                "name": player.name,
                "address": player.address,
                "turns": int(command.args["turns"]),
                "words": said,
                "head": heading(game, record, power),
            }
            letter = Letter("gm/leave-request", context, "subject_leave", {"game": game.id, "power": power})
            extras.append(Extra("leave", game.settings.gm, letter))
    return extras


def _last_report(game: Game, record: GameRecord, power: str) -> Letter:
    """The latest turn report as it went out; before the first resolution, the status and blank;
    both with the power's pictures of the game as it stands."""
    names = [n for n in game.store.turn_records() if n != START_RECORD]
    if names:
        data = game.store.read_turn_record(names[-1])
        for mail in letters(game, record, data, correction=False, only=power):
            if mail.power == power and mail.letter.template == "player/report":
                return mail.letter
    drawn = power_pictures(game, record, power)
    context = {
        "game": game.id,
        "power": power,
        "turn": record.turn,
        "head": heading(game, record, power),
        "status": status_texts(game, record, power),
        "blank": blanks(game, record, power),
        "pictures": [p.title for p in drawn],
    }
    params: dict[str, str | int] = {"game": game.id, "power": power}
    return Letter("player/status", context, "subject_status", params, drawn, record.players[power].name)
