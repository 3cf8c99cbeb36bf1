"""What mails show of a game: the order blank, the ruleset's status table and its public view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from daemon.games import GameRules
from daemon.outgoing.render import languages, render_one, template_exists
from engines.contract import JSON, CommandSpec, Ruleset
from engines.text import Lang
from state.records import GameRecord


def order_blank(
    game: str,
    power: str,
    turn: int,
    commands: Sequence[CommandSpec],
    lang: Lang,
    password: str = "",
    fitting: Mapping[str, str] | None = None,
) -> str:
    """A ready-to-fill mail: the header, then each open command's example (`fitting`: the
    ruleset's examples for this power, by command) and help as a hint."""
    password = password or ("ваш-пароль" if lang == "ru" else "your-password")
    head = ["ИГРА " + game, "СТРАНА " + power, "ПАРОЛЬ " + password, f"ХОД {turn}"]
    fitting = fitting or {}
    hints = [f"# {fitting.get(spec.name, spec.example)}    — {spec.help.get(lang)}" for spec in commands]
    return "\n".join([*head, *hints, "КОНЕЦ"])


def blank_commands(ruleset: Ruleset[Any], state: JSON, power: str, phase: str) -> list[CommandSpec]:
    """The blank's commands: those open to `power` now that it knows of, so a ruleset's slip in
    `open_commands` cannot reveal a command it has not seen."""
    known = {spec.name for spec in ruleset.known_commands(state, power, phase)}
    return [spec for spec in ruleset.open_commands(state, power, phase) if spec.name in known]


def blanks(game: GameRules, record: GameRecord, power: str, password: str = "") -> dict[str, str]:
    commands = blank_commands(game.ruleset, record.state, power, record.phase)
    fitting = game.ruleset.examples(record.state, power, record.phase)
    return {
        lang: order_blank(game.id, power, record.turn, commands, lang, password, fitting)
        for lang in languages(game.settings.language)
    }


def status_texts(game: GameRules, record: GameRecord, power: str) -> dict[str, str]:
    """The ruleset's own turn-balance table (templates/<ruleset>/status.<lang>.txt) of `view`."""
    return ruleset_texts(game, record, "status", game.ruleset.view(record.state, power))


def public_texts(game: GameRules, record: GameRecord, public: JSON | None) -> dict[str, str]:
    """What everyone may see beyond news and scores (templates/<ruleset>/public.<lang>.txt) of
    `public_view`, for the forum post; nothing for None (a turn record older than public views)."""
    return ruleset_texts(game, record, "public", public)


def ruleset_texts(game: GameRules, record: GameRecord, kind: str, view: JSON | None) -> dict[str, str]:
    """`view` rendered by the ruleset's templates/<ruleset>/<kind>.<lang>.txt in each language of
    the game (its names declined with the ruleset's forms and the game's own); "" where the
    ruleset has no such template or there is no view."""
    template = f"{game.ruleset.name}/{kind}"
    context = {"view": view, "forms": game.forms_for(record.state)}
    return {
        lang: render_one(template, lang, context)
        if view is not None and template_exists(f"{template}.{lang}.txt")
        else ""
        for lang in languages(game.settings.language)
    }
