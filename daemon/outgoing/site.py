"""`gonets site` and the daemon's refresh of it: a static web archive of every game, to put behind
any web server. A game's page shows its standings (points as the mails show them), a chart of them
over the turns, the rules in brief with the orders and examples, and every released phase: its
news, the public view, the public pictures and the forum post; an index lists the games.

Only what everyone may see is read: the turn records' news and public view, the scores, the
pictures for `PUBLIC_VIEWER`, the rules' commands every power knows with the examples every power
can read. A phase is shown once its mails went out (not a preview, not a release still owed).
Pages are rendered by templates/site/ (escaped HTML, no script), in the game's languages: the
first one's page is `index.html`, an English one beside it `index.en.html`. A game is written
again only when its released phases changed; a picture once drawn is kept."""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import jinja2

from daemon.games import Game
from daemon.outgoing.forum import DIALECTS
from daemon.outgoing.render import (
    TEMPLATES,
    environment,
    languages,
    points,
    ranking,
    render_one,
    with_daemon_messages,
)
from daemon.outgoing.site_chart import Line, chart
from daemon.outgoing.views import public_texts
from engines.contract import JSON, PUBLIC_VIEWER, CommandSpec
from engines.text import Catalog, Lang, Msg, Text
from parsers.orders import parse_commands
from state.lifecycle import Releasing
from state.records import GameRecord

STAMP = "site.json"  # in a game's folder: the released phases it shows and the pictures drawn


@dataclass(frozen=True)
class Phase:
    """One released phase as the archive shows it."""

    name: str  # the turn record's name, "0003-orders"
    turn: int
    phase: str
    data: dict[str, Any]


@cache
def site_environment() -> jinja2.Environment:
    """The mails' environment (filters, typesetting), escaping HTML."""
    env = environment().overlay(autoescape=True, loader=jinja2.FileSystemLoader(TEMPLATES))
    return env


@cache
def words() -> dict[str, Text]:
    """The pages' own words (templates/site/words.toml), in both languages."""
    with (TEMPLATES / "site" / "words.toml").open("rb") as fh:
        return {key: Text(item["ru"], item["en"]) for key, item in tomllib.load(fh).items()}


def placed(game: Game, name: str) -> tuple[int, int]:
    """(turn, the phase's place in a turn) a turn record's name says: "0003-1-vote", or "0003-orders"
    as older records were named."""
    turn, *rest = name.split("-")
    phases = list(game.ruleset.phases)
    if len(rest) == 2 and rest[0].isdigit():
        return int(turn), int(rest[0])
    return int(turn), phases.index(rest[-1]) if rest[-1] in phases else 0


def released(game: Game, record: GameRecord) -> list[str]:
    """The names of the game's phases whose mails went out, oldest first (from the names alone)."""
    order = list(game.ruleset.phases)
    now = (record.turn, order.index(record.phase) if record.phase in order else 0)
    owed = record.pending.turn_record if isinstance(record.pending, Releasing) else None
    return [
        name
        for name in game.store.turn_records()
        if name != "0000-start" and name != owed and (record.status == "over" or placed(game, name) < now)
    ]


def readable_example(game: Game, state: JSON, spec: CommandSpec, phase: str) -> str:
    """The command's example when every power knows the command and can read every name in it (a
    fixed example may name a secret technology); "" otherwise."""
    ruleset = game.ruleset
    for power in state["powers"]:
        known = ruleset.known_commands(state, power, phase)
        if spec.name not in {c.name for c in known}:
            return ""
        vocabularies = ruleset.vocabularies_for(state, power)
        parsed = parse_commands(
            [(1, spec.example)], ruleset.phases[phase], vocabularies, ruleset.catalog.forms
        )
        if parsed.problems or len(parsed.commands) != 1:
            return ""
    return spec.example


def rules(game: Game, state: JSON) -> list[dict[str, Any]]:
    """Each phase with the commands every power knows of, their help and readable examples."""
    ruleset, shown = game.ruleset, []
    for name, spec in ruleset.phases.items():
        known = [{c.name for c in ruleset.known_commands(state, power, name)} for power in state["powers"]]
        shared = set.intersection(*known) if known else set()
        commands = [
            {
                "keyword": c.keywords[0],
                "english": next((k for k in c.keywords if k.isascii()), ""),
                "help": c.help,
                "example": readable_example(game, state, c, name),
            }
            for c in spec.commands
            if c.name in shared
        ]
        shown.append({"title": spec.title, "commands": commands})
    return shown


class GamePages:
    """One game's pages, written into `folder`."""

    def __init__(self, game: Game, folder: Path) -> None:
        self.game, self.folder = game, folder
        self.record = game.load()
        self.langs = languages(game.settings.language)

    @cached_property
    def names(self) -> list[str]:
        return released(self.game, self.record)

    @cached_property
    def phases(self) -> list[Phase]:
        read = self.game.store.read_turn_record
        return [
            Phase(name, data["turn"], data["phase"], data) for name in self.names for data in [read(name)]
        ]

    @cached_property
    def state(self) -> JSON:
        """The state after the last released phase (the game record's holds a preview's)."""
        state: JSON = self.phases[-1].data["state_after"] if self.phases else self.record.state
        return state

    @cached_property
    def catalog(self) -> Catalog:
        return self.game.catalog_for(self.state)

    def stamp(self) -> dict[str, Any]:
        """What the pages show, as kept in the stamp file (JSON)."""
        return {"phases": self.names, "revision": self.record.revision, "status": self.record.status}

    def pictures(self, kept: dict[str, list[dict[str, str]]]) -> dict[str, list[dict[str, str]]]:
        """Each released phase's public pictures (file, title by language), drawn once."""
        drawn = {}
        for phase in self.phases:
            key = f"{phase.name}-r{phase.data['revision']}"
            if key not in kept:
                kept[key] = []
                for picture in self.game.ruleset.pictures(
                    phase.data["state_after"], PUBLIC_VIEWER, self.langs
                ):
                    file = f"{key}-{picture.name}.png"
                    write(self.folder / file, picture.png)
                    kept[key].append({"file": file, **{lang: picture.title.get(lang) for lang in self.langs}})
            drawn[key] = kept[key]
        return drawn

    def context(self, lang: Lang, pictures: dict[str, list[dict[str, str]]]) -> dict[str, Any]:
        ruleset, merged = self.game.ruleset, with_daemon_messages(self.catalog)

        def say(msg: Msg) -> str:
            return merged.render(msg, lang)

        scores = ranking(ruleset.scores(self.state))
        names = {power: index for index, power in enumerate(self.state["powers"])}
        ends = list({p.turn: p for p in self.phases}.values())  # each turn's last released phase
        history = [ruleset.scores(p.data["state_after"]) for p in ends]
        lines = [
            Line(
                self.catalog.forms.in_english(power) if lang == "en" else power,
                names.get(power, 0),
                [h.get(power, 0.0) for h in history],
            )
            for power, _ in scores
        ]
        labels = [str(p.turn) for p in ends]
        return {
            "lang": lang,
            "w": {key: text.get(lang) for key, text in words().items()},
            "game": self.game.id,
            "title": ruleset.title.get(lang),
            "record": self.record,
            "titled": ruleset.turn_title(self.record.turn, self.record.phase) if self.record.state else None,
            "last_turn": ruleset.last_turn,
            "players": (ruleset.min_players, ruleset.max_players),
            "over": self.record.status == "over" or bool(self.state.get("over")),
            "standings": [(power, points(value, lang)) for power, value in scores],
            "chart": chart(labels, lines, words()["chart"].get(lang), lang),
            "rules": rules(self.game, self.record.state or self.state),
            "phases": [self.phase(p, lang, say, pictures) for p in reversed(self.phases)],
            "other": [(other, page_name(self.langs, other)) for other in self.langs if other != lang],
            "forms": self.game.forms_for(self.state),
        }

    def phase(
        self, phase: Phase, lang: Lang, say: Any, pictures: dict[str, list[dict[str, str]]]
    ) -> dict[str, Any]:
        data, ruleset = phase.data, self.game.ruleset
        news = [Msg.from_json(m) for m in data["news"]]
        public = public_texts(self.game, self.record, data.get("public"))
        state_after = data["state_after"]
        post = render_one(
            "forum/body",
            lang,
            {
                "title": ruleset.title,
                "turn": phase.turn,
                "phase": ruleset.phases[phase.phase].title,
                "titled": ruleset.turn_title(phase.turn, phase.phase),
                "phase_count": len(ruleset.phases),
                "news": news,
                "public": public,
                "scores": ranking(ruleset.scores(state_after)),
                "over": bool(state_after.get("over")),
                "next": None,
                "forum": DIALECTS[self.game.settings.forum],
                "say": say,
                "forms": self.game.forms_for(state_after),
            },
        ).strip()
        titled = ruleset.turn_title(phase.turn, phase.phase)
        return {
            "id": phase.name,
            "turn": phase.turn,
            "title": ruleset.phases[phase.phase].title.get(lang),
            "titled": titled.get(lang) if titled else "",
            "news": [say(m) for m in news],
            "public": public.get(lang, ""),
            "pictures": [
                {"file": p["file"], "title": p[lang]} for p in pictures[f"{phase.name}-r{data['revision']}"]
            ],
            "post": post,
        }

    def write(self) -> None:
        """The pages in each language, and the stamp; the pictures drawn that are missing."""
        stamp_file = self.folder / STAMP
        kept = (
            json.loads(stamp_file.read_text(encoding="utf-8")).get("pictures", {})
            if stamp_file.exists()
            else {}
        )
        pictures = self.pictures(kept)
        for lang in self.langs:
            html = site_environment().get_template("site/game.html").render(**self.context(lang, pictures))
            write(self.folder / page_name(self.langs, lang), html.encode())
        write(stamp_file, json.dumps({**self.stamp(), "pictures": pictures}, ensure_ascii=False).encode())

    def fresh(self) -> bool:
        """Whether the folder shows these released phases already."""
        stamp_file = self.folder / STAMP
        if not stamp_file.exists():
            return False
        shown = json.loads(stamp_file.read_text(encoding="utf-8"))
        return all(shown.get(key) == value for key, value in self.stamp().items())

    def summary(self, lang: Lang) -> dict[str, Any]:
        """The game's line in the index."""
        state = self.record.state  # a preview is not in it: the last released phase's state
        played = self.record.turn > 1 or self.record.status == "over"
        scores = ranking(self.game.ruleset.scores(state)) if state and played else []
        return {
            "id": self.game.id,
            "title": self.game.ruleset.title.get(lang),
            "page": f"{self.game.id}/{page_name(self.langs, lang if lang in self.langs else self.langs[0])}",
            "turn": self.record.turn,
            "status": self.record.status,
            "leader": scores[0][0]
            if scores and (self.record.turn > 1 or self.record.status == "over")
            else "",
        }


def page_name(langs: Sequence[Lang], lang: Lang) -> str:
    return "index.html" if lang == langs[0] else f"index.{lang}.html"


def write(path: Path, content: bytes) -> None:
    """Written whole or not at all: a web server never serves half a page."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_bytes(content)
    os.replace(temp, path)


def refresh(
    games: Iterable[Game], site: Path, every: bool = False, index_games: Iterable[Game] | None = None
) -> list[str]:
    """The pages of each of `games` whose released phases changed (`every`: of each), and the
    index of `index_games` (default: `games`) when any was written; the ids of the games written."""
    pages = [GamePages(game, site / game.id) for game in games if game.load().status != "signup"]
    written = []
    for page in pages:
        if every or not page.fresh():
            page.write()
            written.append(page.game.id)
    if index_games is not None and written:
        pages = [GamePages(game, site / game.id) for game in index_games if game.load().status != "signup"]
    if written or every or not (site / "index.html").exists():
        for lang in ("ru", "en"):
            context = {
                "lang": lang,
                "w": {key: text.get(lang) for key, text in words().items()},
                "games": [page.summary(lang) for page in pages],
                "other": [
                    ("en" if lang == "ru" else "ru", "index.en.html" if lang == "ru" else "index.html")
                ],
            }
            html = site_environment().get_template("site/index.html").render(**context)
            write(site / ("index.html" if lang == "ru" else "index.en.html"), html.encode())
    return written


class SiteKeeper:
    """The daemon's refresh of the archive after a busy pass: each game whose record changed since
    it last looked is written again if its released phases did (known from the turn records'
    names, none read); the first look reads every game's record once."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.seen: dict[str, int] = {}  # game id → its record's mtime when last looked at

    def after_pass(self, games: Iterable[Game]) -> list[str]:
        changed = []
        for game in games:
            path = game.store.directory / "game.json"
            stamp = path.stat().st_mtime_ns if path.exists() else 0
            if self.seen.get(game.id) != stamp:
                changed.append(game)
                self.seen[game.id] = stamp
        return refresh(changed, self.site, index_games=games) if changed else []
