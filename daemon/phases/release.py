"""Step 3 of a resolution: every mail a resolved phase owes, queued under ids that make a replay harmless.

Players get their private report (only what `view` and their own events allow, with the pictures
the ruleset draws for them), the warned, retired and ended get told, and the GM gets the digest with
every order, miss, draw, GM action and the forum post, with the GM's pictures and the public ones.
`letters` builds them from a turn record and the game as it stands after that record, so a preview
shows the GM exactly what players will get.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.outgoing.forum import DIALECTS
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.render import languages, moment, ranking
from daemon.outgoing.views import blanks, public_texts, status_texts
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Command, Picture
from engines.text import Msg, Text
from parsers.orders import normal_form
from state import lifecycle
from state.lifecycle import Releasing
from state.records import GameRecord, Player


@dataclass(frozen=True)
class OwedMail:
    """One mail a released phase owes: its id suffix, its reader, and what it says."""

    suffix: str
    to: str
    letter: Letter
    power: str = ""  # the report's power; "" for the GM's digest and notices


def release(
    game: Game, postman: Postman, record: GameRecord, pending: Releasing, data: dict[str, Any] | None = None
) -> None:
    """Queue every mail the phase owes, in order (`data`: its turn record, when the caller has just
    read it); a mail queued before (a replay after a crash) is not queued again."""
    name = pending.turn_record
    data = game.store.read_turn_record(name) if data is None else data
    prefix = f"{game.id}-{name}" + (f"-r{data['revision']}" if data["revision"] else "")
    mails = PhaseMails(game, record, data, correction=name in record.corrections)
    catalog = game.catalog_for(record.state)
    for suffix in mails.suffixes:
        mail = mails.letter(suffix)
        postman.send(f"{prefix}-{suffix}", mail.to, mail.letter, game.settings.language, catalog)
    game.store.purge_orders(data["turn"], data["phase"])
    record.corrections = [c for c in record.corrections if c != name]
    record.pending = lifecycle.finish(record.pending, pending)
    game.store.save(record)


def letters(
    game: Game, record: GameRecord, data: dict[str, Any], correction: bool, only: str | None = None
) -> Iterator[OwedMail]:
    """Every mail of a released phase in order, or `only` those to one power ("": the GM's), so
    a mail sent again draws no one else's pictures; `record` is the game as it stands after it."""
    mails = PhaseMails(game, record, data, correction, only)
    return (mails.letter(suffix) for suffix in mails.suffixes)


class PhaseMails:
    """The mails a released phase owes, each made on its own from the turn record and the game as
    it stands after it: `suffixes` names them in the order they are queued (the powers' in order
    of name, then the digest), `letter` makes one."""

    def __init__(
        self,
        game: Game,
        record: GameRecord,
        data: dict[str, Any],
        correction: bool,
        only: str | None = None,
    ) -> None:
        self.game, self.record, self.data, self.correction = game, record, data, correction
        self.news = [Msg.from_json(m) for m in data["news"]]
        self.scores = game.ruleset.scores(record.state)
        self.over = record.status == "over" or bool(record.state.get("over"))
        self._owed: dict[str, tuple[str, str]] = {}  # suffix → (kind, power)
        for power, player in sorted(record.players.items()):
            kind = _owed(data, power, player)
            if kind and only in (None, power):
                self._owed[f"{kind}-{power}"] = (kind, power)
        if not only:
            self._owed["digest"] = ("digest", "")
        self.suffixes = list(self._owed)

    def letter(self, suffix: str) -> OwedMail:
        kind, power = self._owed[suffix]
        game, record = self.game, self.record
        if kind == "digest":
            return OwedMail(
                suffix, game.settings.gm, _digest_letter(game, record, self.data, _digest_context(self))
            )
        player = record.players[power]
        if kind == "ended":
            return OwedMail(suffix, player.address, _ended_letter(self, power), power)
        if kind == "retired":
            context = {
                "game": game.id,
                "power": power,
                "missed": player.missed,
                "gm": game.settings.gm,
                "head": heading(game, record, power, gone=True),
            }
            told: dict[str, str | int] = {"game": game.id, "power": power}
            letter = Letter("player/retired", context, "subject_retired", told, reader=player.name)
            return OwedMail(suffix, player.address, letter, power)
        drawn = power_pictures(game, record, power)
        context = _report_context(self, power)
        context["pictures"] = [p.title for p in drawn]
        params: dict[str, str | int | Text] = {
            "game": game.id,
            "turn": game.turn_in_subject(self.data["turn"], self.data["phase"]),
            "power": power,
        }
        subject = "subject_report_missed" if context["warned"] else "subject_report"
        letter = Letter("player/report", context, subject, params, drawn, player.name)
        return OwedMail(suffix, player.address, letter, power)


def _owed(data: dict[str, Any], power: str, player: Player) -> str:
    """What the phase owes `power`'s player: "ended", "retired", "report", or nothing."""
    if power in data.get("ended", []):  # turn records written before powers could end have none
        return "ended"
    if power in data["retired"]:
        return "retired"
    return "report" if player.status == "active" else ""


def _digest_letter(game: Game, record: GameRecord, data: dict[str, Any], context: dict[str, Any]) -> Letter:
    """The digest of the phase `data` resolved, with the GM's pictures of `record`, the state after it,
    and, named "public-…", the forum post's."""
    langs = languages(game.settings.language)
    own = tuple(game.ruleset.pictures(record.state, GM_VIEWER, langs))
    public = tuple(
        replace(p, name=f"public-{p.name}") for p in game.ruleset.pictures(record.state, PUBLIC_VIEWER, langs)
    )
    context["pictures"] = [p.title for p in own]
    context["forum_pictures"] = [{"title": p.title, "file": f"{p.name}.png"} for p in public]
    params: dict[str, str | int | Text] = {
        "game": game.id,
        "turn": game.turn_in_subject(data["turn"], data["phase"]),
    }
    return Letter("gm/digest", context, "subject_digest", params, own + public)


def power_pictures(game: Game, record: GameRecord, power: str) -> tuple[Picture, ...]:
    """What the ruleset draws for `power` from the game as it stands (its own fog only)."""
    return tuple(game.ruleset.pictures(record.state, power, languages(game.settings.language)))


def _ended_letter(phase: PhaseMails, power: str) -> Letter:
    """The one notice that the rules ended `power`: what happened to it in the phase that ended
    it (the battle it lost), the news, and what the rules offer its player next."""
    game, record = phase.game, phase.record
    offer = game.ruleset.restart_offer(record.state, power)
    context = {
        "game": game.id,
        "title": game.ruleset.title,
        "power": power,
        "offer": offer,
        "gm": game.settings.gm,
        # no «orders are taken until …» to a power whose orders are no longer taken
        "head": heading(game, record, power) | {"deadline": None, "paused": False},
        "events": [Msg.from_json(m) for m in phase.data["reports"].get(power, [])],
        "news": phase.news,
    }
    params: dict[str, str | int] = {"game": game.id, "power": power}
    return Letter("player/ended", context, "subject_ended", params, reader=record.players[power].name)


def _next_phase(game: Game, record: GameRecord, power: str) -> dict[str, Any]:
    deadline = game.deadline(record)
    return {
        "turn": record.turn,
        "title": game.phase_spec(record).title,
        "titled": game.ruleset.turn_title(record.turn, record.phase),
        "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        "owes": game.ruleset.owes_orders(record.state, power, record.phase),
        "blank": blanks(game, record, power),
    }


def _report_context(phase: PhaseMails, power: str) -> dict[str, Any]:
    game, record, data = phase.game, phase.record, phase.data
    player = record.players[power]
    return {
        "game": game.id,
        "title": game.ruleset.title,
        "power": power,
        "power_title": game.ruleset.power_title,
        "turn": data["turn"],
        "last": game.ruleset.last_turn,
        "phase": game.ruleset.phases[data["phase"]].title,
        "titled": game.ruleset.turn_title(data["turn"], data["phase"]),
        "events": [Msg.from_json(m) for m in data["reports"].get(power, [])],
        "news": phase.news,
        "group_news": _group_news(data, power),
        "status": status_texts(game, record, power),
        "warned": power in data["warned"],
        "leave": _leave(game, data, power),
        "misses_left": max(0, game.settings.max_missed - player.missed),
        "missed": player.missed,
        "over": phase.over,
        "scores": ranking(phase.scores) if phase.over else [],
        "next": None if phase.over else _next_phase(game, record, power),
        "correction": phase.correction,
    }


def _leave(game: Game, data: dict[str, Any], power: str) -> dict[str, Any] | None:
    """A report of a phase `power`'s player was on leave for: until which turn, and what the
    computer ordered for it (none: it stood without orders, or the player's own orders went)."""
    before = data["players_before"].get(power, {})
    if before.get("status") != "active" or before.get("leave_until", 0) < data["turn"]:
        return None
    entry = data["orders"].get(power, {"source": "", "commands": []})
    phase = game.ruleset.phases[data["phase"]]
    return {
        "until": before["leave_until"],
        "source": entry["source"],  # leave: the computer or nothing; player, pass: the player's own
        "lines": [normal_form(Command.from_json(c), phase) for c in entry["commands"]],
    }


def _digest_context(released: PhaseMails) -> dict[str, Any]:
    game, record, data = released.game, released.record, released.data
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
        "last": game.ruleset.last_turn,
        "phase": phase.title,
        "titled": game.ruleset.turn_title(data["turn"], data["phase"]),
        "phase_count": len(game.ruleset.phases),
        "resolved_at": datetime.fromisoformat(data["resolved_at"]),
        "orders": orders,
        "missed": data["missed"],
        "warned": [_player(record, data, power) for power in data["warned"]],
        "retired": [_player(record, data, power) for power in data["retired"]],
        "refused": _refused(record, data),
        "requests": [
            {**_player(record, data, r["power"]), **r}
            for r in data.get("requests", [])  # turn records written before requests were kept have none
            if r["power"] in record.players and record.players[r["power"]].leave_until < r["turn"]
        ],
        "ended": data.get("ended", []),  # turn records written before powers could end have none
        "draws": data["draws"],
        "seed": data["seed"],
        "news": released.news,
        "group_news": _group_news(data),
        "gm_log": [Msg.from_json(m) for m in data["gm_log"]],
        "gm_notes": [_note(game, note) for note in data["gm_notes"]],
        "undelivered": data.get("undelivered", []),
        "forum": DIALECTS[game.settings.forum],
        # turn records written before it was kept have none
        "public": public_texts(game, record, data.get("public")),
        "scores": ranking(released.scores),
        "over": released.over,
        "correction": released.correction,
        "next": None
        if released.over
        else {
            "turn": record.turn,
            "title": game.phase_spec(record).title,
            "titled": game.ruleset.turn_title(record.turn, record.phase),
            "deadline": moment(deadline, game.settings.timezone) if deadline else None,
        },
    }


def _player(record: GameRecord, data: dict[str, Any], power: str) -> dict[str, Any]:
    """Who plays `power`, for the GM: the name, the address, the misses in a row after the phase."""
    player = record.players[power]
    missed = data["players_after"].get(power, {}).get("missed", player.missed)
    return {"power": power, "name": player.name, "address": player.address, "missed": missed}


def _refused(record: GameRecord, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The refused lines of each power's latest mail of the phase, and whether that mail left the
    power ready (a ГОТОВО), by power; none from turn records written before readiness was kept."""
    return [
        {
            **_player(record, data, power),
            "ready": entry["ready"],
            "count": entry["refused_count"],
            "lines": [{**line, "msg": Msg.from_json(line["msg"])} for line in entry["refused"]],
        }
        for power, entry in sorted(data.get("readiness", {}).items())
    ]


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
