"""Step 3 of a resolution: every mail a resolved phase owes, queued under ids that make a replay harmless.

Players get their private report (only what `view` and their own events allow, with the pictures
the ruleset draws for them), the warned, retired and ended get told, and the GM gets the digest with
every order, miss, draw, GM action and the forum post, with the GM's pictures and the public ones.
`letters` builds them from a turn record and the game as it stands after that record, so a preview
shows the GM exactly what players will get.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.outgoing.forum import DIALECTS
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.render import moment, ranking
from daemon.outgoing.views import blanks, public_texts, status_texts
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Command, Picture, pictures
from engines.text import Msg
from parsers.orders import normal_form
from state import lifecycle
from state.lifecycle import Releasing
from state.records import GameRecord


@dataclass(frozen=True)
class Outgoing:
    """One mail a released phase owes: its id suffix, its reader, and what it says."""

    suffix: str
    to: str
    letter: Letter
    power: str = ""  # the report's power; "" for the GM's digest and notices


def release(game: Game, postman: Postman, record: GameRecord, pending: Releasing) -> None:
    name = pending.turn_record
    data = game.store.read_turn_record(name)
    prefix = f"{game.id}-{name}" + (f"-r{data['revision']}" if data["revision"] else "")
    for mail in letters(game, record, data, correction=name in record.corrections):
        postman.send(f"{prefix}-{mail.suffix}", mail.to, mail.letter, game.settings.language, game.catalog)
    game.store.purge_orders(data["turn"], data["phase"])
    record.corrections = [c for c in record.corrections if c != name]
    record.pending = lifecycle.finish(record.pending, pending)
    game.store.save(record)


def letters(
    game: Game, record: GameRecord, data: dict[str, Any], correction: bool, only: str | None = None
) -> list[Outgoing]:
    """Every mail of a released phase, or `only` those to one power ("": the GM's), so a mail sent
    again draws no one else's pictures; `record` is the game as it stands after it."""
    news = [Msg.from_json(m) for m in data["news"]]
    scores = game.ruleset.scores(record.state)
    over = record.status == "over" or bool(record.state.get("over"))
    result = []
    for power, player in sorted(record.players.items()):
        if only is not None and power != only:
            continue
        if power in data.get("ended", []):  # turn records written before powers could end have none
            result.append(
                Outgoing(f"ended-{power}", player.address, _ended_letter(game, record, power), power)
            )
        elif power in data["retired"]:
            context = {
                "game": game.id,
                "power": power,
                "missed": player.missed,
                "gm": game.settings.gm,
                "head": heading(game, record, power),
            }
            letter = Letter("player/retired", context, "subject_retired", {"game": game.id, "power": power})
            result.append(Outgoing(f"retired-{power}", player.address, letter, power))
        elif player.status == "active":
            events = [Msg.from_json(m) for m in data["reports"].get(power, [])]
            context = _report_context(game, record, data, power, events, news, scores, over)
            context["correction"] = correction
            params: dict[str, str | int] = {"game": game.id, "turn": data["turn"], "power": power}
            drawn = power_pictures(game, record, power)
            context["pictures"] = [p.title for p in drawn]
            letter = Letter("player/report", context, "subject_report", params, drawn)
            result.append(Outgoing(f"report-{power}", player.address, letter, power))
    if only:
        return result
    context = _digest_context(game, record, data, news, scores, over)
    context["correction"] = correction
    result.append(Outgoing("digest", game.settings.gm, _digest_letter(game, record, context)))
    return result


def _digest_letter(game: Game, record: GameRecord, context: dict[str, Any]) -> Letter:
    """The digest with the GM's pictures and, named "public-…", the forum post's."""
    own = tuple(pictures(game.ruleset, record.state, GM_VIEWER))
    public = tuple(
        replace(p, name=f"public-{p.name}") for p in pictures(game.ruleset, record.state, PUBLIC_VIEWER)
    )
    context["pictures"] = [p.title for p in own]
    context["forum_pictures"] = [{"title": p.title, "file": f"{p.name}.png"} for p in public]
    params: dict[str, str | int] = {"game": game.id, "turn": context["turn"]}
    return Letter("gm/digest", context, "subject_digest", params, own + public)


def power_pictures(game: Game, record: GameRecord, power: str) -> tuple[Picture, ...]:
    """What the ruleset draws for `power` from the game as it stands (its own fog only)."""
    return tuple(pictures(game.ruleset, record.state, power))


def _ended_letter(game: Game, record: GameRecord, power: str) -> Letter:
    """The one notice that the rules ended `power`, with what the rules offer its player next."""
    offer = game.ruleset.restart_offer(record.state, power)
    context = {
        "game": game.id,
        "title": game.ruleset.title,
        "power": power,
        "offer": offer,
        "gm": game.settings.gm,
        "head": heading(game, record, power),
    }
    return Letter("player/ended", context, "subject_ended", {"game": game.id, "power": power})


def _next_phase(game: Game, record: GameRecord, power: str) -> dict[str, Any]:
    deadline = game.deadline(record)
    return {
        "turn": record.turn,
        "title": game.phase_spec(record).title,
        "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        "blank": blanks(game, record, power),
    }


def _report_context(
    game: Game,
    record: GameRecord,
    data: dict[str, Any],
    power: str,
    events: list[Msg],
    news: list[Msg],
    scores: Mapping[str, float],
    over: bool,
) -> dict[str, Any]:
    player = record.players[power]
    return {
        "game": game.id,
        "title": game.ruleset.title,
        "power": power,
        "turn": data["turn"],
        "phase": game.ruleset.phases[data["phase"]].title,
        "events": events,
        "news": news,
        "group_news": _group_news(data, power),
        "status": status_texts(game, record, power),
        "warned": power in data["warned"],
        "misses_left": max(0, game.settings.max_missed - player.missed),
        "missed": player.missed,
        "over": over,
        "scores": ranking(scores) if over else [],
        "next": None if over else _next_phase(game, record, power),
    }


def _digest_context(
    game: Game,
    record: GameRecord,
    data: dict[str, Any],
    news: list[Msg],
    scores: Mapping[str, float],
    over: bool,
) -> dict[str, Any]:
    phase = game.ruleset.phases[data["phase"]]
    orders = []
    for power, entry in sorted(data["orders"].items()):
        commands = [Command.from_json(c) for c in entry["commands"]]
        player = record.players.get(power)
        orders.append(
            {
                "power": power,
                "name": player.name if player else "",
                "address": player.address if player else "",
                "source": entry["source"],
                "lines": [normal_form(c, phase) for c in commands],
            }
        )
    deadline = game.deadline(record)
    return {
        "game": game.id,
        "title": game.ruleset.title,
        "turn": data["turn"],
        "phase": phase.title,
        "resolved_at": datetime.fromisoformat(data["resolved_at"]),
        "orders": orders,
        "missed": data["missed"],
        "warned": data["warned"],
        "retired": data["retired"],
        "ended": data.get("ended", []),  # turn records written before powers could end have none
        "draws": data["draws"],
        "seed": data["seed"],
        "news": news,
        "group_news": _group_news(data),
        "gm_log": [Msg.from_json(m) for m in data["gm_log"]],
        "gm_notes": [_note(game, note) for note in data["gm_notes"]],
        "undelivered": data.get("undelivered", []),
        "forum": DIALECTS[game.settings.forum],
        "public": public_texts(game, data.get("public")),  # turn records written before it was kept have none
        "scores": ranking(scores),
        "over": over,
        "next": None
        if over
        else {
            "turn": record.turn,
            "title": game.phase_spec(record).title,
            "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        },
    }


def _note(game: Game, note: dict[str, Any]) -> dict[str, Any]:
    """A GM action as the digest shows it: when (the game's zone), who, and what it did as a
    catalog message; notes written before they kept one show their English detail."""
    said = note.get("said")
    return {
        "at": moment(datetime.fromisoformat(note["at"]), game.settings.timezone),
        "cli": str(note["by"]).startswith("cli:"),
        "by": note["by"],
        "command": note.get("command", ""),
        "said": Msg.from_json(said) if said else None,
        "detail": f"{note['action']} {note['detail']}",
        "reason": note.get("reason", ""),
    }


def _group_news(data: dict[str, Any], power: str = "") -> list[dict[str, Any]]:
    """The news of each group `power` belonged to when the phase was resolved (every group's for
    the GM, `power` ""), by group name; none from turn records written before groups were kept."""
    members = data.get("groups", {})
    return [
        {"group": group, "news": [Msg.from_json(m) for m in msgs]}
        for group, msgs in data.get("group_news", {}).items()
        if msgs and (not power or power in members.get(group, []))
    ]
