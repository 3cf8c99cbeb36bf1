"""What mails show of a game: the order blank, the ruleset's status table and its public view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from daemon.games import Game
from daemon.outgoing.render import languages, render_one, template_exists
from engines.contract import JSON, CommandSpec, Ruleset
from engines.text import Lang
from parsers.header import HEADER_WORDS, PASSWORD_PLACEHOLDERS
from parsers.portable import portable
from state.records import GameRecord


def order_blank(
    game: str,
    power: str,
    turn: int,
    offered: Sequence[tuple[CommandSpec, str]],
    lang: Lang,
    password: str = "",
    power_word: str = "СТРАНА",
) -> str:
    """A ready-to-fill mail: the header, then each offered command's example (see
    `offered_orders`) and its help as a hint; in characters every Cyrillic charset has, since the
    player copies it into a mail of theirs (`parsers.portable`)."""
    password = password or PASSWORD_PLACEHOLDERS[lang]
    head = ["ИГРА " + game, f"{power_word} {power}", "ПАРОЛЬ " + password, f"ХОД {turn}"]
    hints = [f"# {example}    - {spec.help.get(lang)}" for spec, example in offered]
    return portable("\n".join([*head, *hints, "КОНЕЦ"]))


def offered_orders(
    ruleset: Ruleset[Any], state: JSON, power: str, phase: str
) -> list[tuple[CommandSpec, str]]:
    """What the blank and ПОМОЩЬ offer `power` in `phase`, each command with its example: the
    commands open to it now that it knows of (so a ruleset's slip in `open_commands` cannot reveal
    one it has not seen) and that the ruleset made an example for (none fits: not offered, as
    КРЕПОСТЬ without the technology)."""
    known = {spec.name for spec in ruleset.known_commands(state, power, phase)}
    fitting = ruleset.examples(state, power, phase)
    return [
        (spec, fitting[spec.name])
        for spec in ruleset.open_commands(state, power, phase)
        if spec.name in known and spec.name in fitting
    ]


def blanks(game: Game, record: GameRecord, power: str, password: str = "") -> dict[str, str]:
    offered = offered_orders(game.ruleset, record.state, power, record.phase)
    word = power_word(game.ruleset)
    return {
        lang: order_blank(game.id, power, record.turn, offered, lang, password, word)
        for lang in languages(game.settings.language)
    }


def power_word(ruleset: Ruleset[Any]) -> str:
    """The blank's header word for the power: the game's own name for what a player plays where
    it is a header word (СЕМЬЯ, ПЛЕМЯ, НАРОД, КНЯЖЕСТВО), else СТРАНА, which every game reads."""
    word = ruleset.power_title.ru.upper()
    return word if word in (*HEADER_WORDS["power"], *ruleset.power_keywords) else "СТРАНА"


def status_texts(game: Game, record: GameRecord, power: str) -> dict[str, str]:
    """The ruleset's own turn-balance table (templates/<ruleset>/status.<lang>.txt) of `view`."""
    return ruleset_texts(game, record, "status", game.ruleset.view(record.state, power))


def public_texts(game: Game, record: GameRecord, public: JSON | None) -> dict[str, str]:
    """What everyone may see beyond news and scores (templates/<ruleset>/public.<lang>.txt) of
    `public_view`, for the forum post; nothing for None (a turn record older than public views)."""
    return ruleset_texts(game, record, "public", public)


def ruleset_texts(game: Game, record: GameRecord, kind: str, view: JSON | None) -> dict[str, str]:
    """`view` rendered by the ruleset's templates/<ruleset>/<kind>.<lang>.txt in each language of
    the game (its names declined with the ruleset's forms and the game's own); "" where the
    ruleset has no such template or there is no view."""
    template = f"{game.ruleset.name}/{kind}"
    context = {"view": view, "forms": game.forms_for(record.state)}
    return {
        lang: render_one(template, lang, context).strip("\n")
        if view is not None and template_exists(f"{template}.{lang}.txt")
        else ""
        for lang in languages(game.settings.language)
    }
