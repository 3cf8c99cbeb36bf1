"""What mails show of a game: the order blank, the ruleset's status table and its public view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from daemon.games import Game
from daemon.outgoing.forum import DIALECTS
from daemon.outgoing.markup import BBCode
from daemon.outgoing.render import languages, places, ranking, render_one, shown, template_exists
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


def rules_texts(game: Game, record: GameRecord, power: str) -> dict[str, str]:
    """The ruleset's public rules as they stand for `power` (templates/<ruleset>/rules.<lang>.txt
    of its view), for the role mail and ПОМОЩЬ; "" where the ruleset has none."""
    return ruleset_texts(game, record, "rules", game.ruleset.view(record.state, power))


def public_texts(game: Game, record: GameRecord, public: JSON | None) -> dict[str, str]:
    """What everyone may see beyond news and scores (templates/<ruleset>/public.<lang>.txt) of
    `public_view`, for the forum post in its forum's BBCode; nothing for None (a turn record older
    than public views). The archive renders the same template as HTML (daemon/outgoing/site.py)."""
    return ruleset_texts(game, record, "public", public, {"markup": BBCode(DIALECTS[game.settings.forum])})


def public_scores(ruleset: Ruleset[Any], state: JSON) -> Mapping[str, float]:
    """The scores everyone may see: none while a game runs whose scores count a value its rules
    keep private (`secret_scores`: coins' treasury), all of them otherwise and once it is over."""
    return {} if ruleset.secret_scores and not state.get("over") else ruleset.scores(state)


def computer_run(data: JSON) -> list[str]:
    """The powers the computer played in a resolved phase (its turn record `data`) or plays after
    it (retired in it), marked so in the forum post's and the archive's standings."""
    played = {power for power, entry in data["orders"].items() if entry["source"] == "ai"}
    return sorted(played | set(data["retired"]))


def standings(ruleset: Ruleset[Any], state: JSON, computer: Sequence[str]) -> dict[str, Any]:
    """What the forum post and the archive say of the standings after a phase: the public scores
    ranked, each one's place, and once the game is over its winners as the ruleset ranks them
    (`tied`: they share the first place with equal points)."""
    ranked = ranking(public_scores(ruleset, state))
    over = bool(state.get("over"))
    winners = list(ruleset.winners(state)) if over and ranked else []
    scored = dict(ranked)
    return {
        "standings": ranked,
        "places": places(ranked),
        "winners": winners,
        "tied": len(winners) > 1 and len({shown(scored.get(w, 0.0)) for w in winners}) == 1,
        "computer_run": list(computer),
        "power_title": ruleset.power_title,
    }


def ruleset_texts(
    game: Game, record: GameRecord, kind: str, view: JSON | None, extra: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """`view` rendered by the ruleset's templates/<ruleset>/<kind>.<lang>.txt in each language of
    the game (its names declined with the ruleset's forms and the game's own); "" where the
    ruleset has no such template or there is no view."""
    template = f"{game.ruleset.name}/{kind}"
    context = {"view": view, "forms": game.forms_for(record.state), **(extra or {})}
    return {
        lang: render_one(template, lang, context).strip("\n")
        if view is not None and template_exists(f"{template}.{lang}.txt")
        else ""
        for lang in languages(game.settings.language)
    }
