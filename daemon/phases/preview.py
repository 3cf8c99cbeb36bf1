"""Preview mode: the GM reads a resolved phase, every private report included, before players do.

The preview is the turn record itself; nothing in the game record changes until the GM releases
it (`commit`) or corrects orders or state and asks for it again. Every mail's pictures come along,
each file named with its mail's place in the preview and listed under it, so the GM sees whose
picture is whose.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import replace
from datetime import datetime
from typing import Any

from daemon.games import Game
from daemon.outgoing.postman import Letter, Postman
from daemon.outgoing.render import languages, render
from daemon.phases.release import letters
from engines.text import Text
from state.records import GameRecord


def as_committed(game: Game, record: GameRecord, data: dict[str, Any]) -> GameRecord:
    """The game record as it will be once this turn record is released (a copy)."""
    future = copy.deepcopy(record)
    future.state = data["state_after"]
    for power, standing in data["players_after"].items():
        future.players[power].restore(standing)
    if future.state.get("over"):
        future.status, future.deadline = "over", ""
    else:
        resolved = datetime.fromisoformat(data["resolved_at"])
        future.deadline = (resolved + game.duration(future)).isoformat()
    return future


def send_preview(game: Game, postman: Postman, record: GameRecord, name: str) -> None:
    data = game.store.read_turn_record(name)
    future = as_committed(game, record, data)
    parts, attached = [], []
    for number, mail in enumerate(letters(game, future, data, correction=name in record.corrections), 1):
        drawn = [replace(p, name=f"{number}-{p.name}") for p in mail.letter.pictures]
        attached.extend(drawn)
        parts.append(
            {
                "to": mail.to,
                "power": mail.power,
                "files": [f"{p.name}.png" for p in drawn],
                "text": render(
                    mail.letter.template,
                    game.settings.language,
                    mail.letter.context,
                    game.catalog_for(future.state),
                ),
            }
        )
    first = languages(game.settings.language)[0]
    phase = game.ruleset.phases[data["phase"]].title
    context = {
        "game": game.id,
        "title": game.ruleset.title,
        "turn": data["turn"],
        "phase": phase,
        "parts": parts,
    }
    context["first"] = first
    params: dict[str, str | int | Text] = {
        "game": game.id,
        "turn": game.turn_in_subject(data["turn"], data["phase"]),
    }
    letter = Letter("gm/preview", context, "subject_preview", params, tuple(attached))
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]
    postman.send(f"{game.id}-{name}-preview-{digest}", game.settings.gm, letter, game.settings.language)
