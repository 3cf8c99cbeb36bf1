"""`gonets history GAME`: the game's timeline — each resolved phase with every power's orders, and
every GM action with who, when and why — in the order it happened, in the game's language and time
zone (templates/gm/history.<lang>.txt), as its mails speak."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.outgoing.render import moment, render
from daemon.phases.start import START_RECORD
from engines.contract import Command
from engines.text import Msg
from parsers.orders import normal_form


def history_text(game: Game) -> str:
    # by time; at the same second a GM action first (an ОБРАБОТАТЬ is logged before it resolves)
    events = sorted([*_actions(game), *_turns(game)], key=lambda event: event["sort"])
    context = {"game": game.id, "title": game.ruleset.title, "events": events}
    catalog = game.catalog_for(game.load().state)
    return render("gm/history", game.settings.language, context, catalog).rstrip("\n")


def _turns(game: Game) -> list[dict[str, Any]]:
    """The lot of the start and each resolved phase, with each power's orders and their source."""
    events: list[dict[str, Any]] = []
    for name in game.store.turn_records():
        data = game.store.read_turn_record(name)
        if name == START_RECORD:
            lot = sorted(data.get("assignment", {}).items())  # the lot's own words are the ruleset's
            events.append({"kind": "start", "sort": "", "lot": [f"{power} — {to}" for power, to in lot]})
            continue
        phase = game.ruleset.phases[data["phase"]]
        orders: list[dict[str, Any]] = [
            {
                "power": power,
                "source": entry["source"],
                "lines": [normal_form(Command.from_json(c), phase) for c in entry["commands"]],
            }
            for power, entry in sorted(data["orders"].items())
        ]
        events.append(
            {
                "kind": "turn",
                "sort": data["resolved_at"],
                "at": _at(game, data["resolved_at"]),
                "turn": data["turn"],
                "phase": phase.title,
                "orders": orders,
                "retired": data["retired"],
            }
        )
    return events


def _actions(game: Game) -> list[dict[str, Any]]:
    """Each GM action as the digest tells it: what it did as a catalog message (an entry written
    before they kept one shows its command, or else its detail)."""
    events: list[dict[str, Any]] = []
    for entry in game.store.history():
        said = entry.get("said")
        by = str(entry["by"])
        events.append(
            {
                "kind": "gm",
                "sort": entry["at"],
                "at": _at(game, entry["at"]),
                "cli": by.removeprefix("cli:") if by.startswith("cli:") else "",
                "said": Msg.from_json(said) if said else None,
                "command": entry.get("command", "") or f"{entry['action']} {entry['detail']}",
                "reason": entry.get("reason", ""),
            }
        )
    return events


def _at(game: Game, stamp: str) -> Any:
    return moment(datetime.fromisoformat(stamp), game.settings.timezone, utc=False)
