"""Every mail body comes from a jinja2 template in templates/, in Russian first, English too.

Templates are named by audience and event (`player/orders-reply`, `gm/digest`) with one file per
language (`player/orders-reply.ru.txt`). Player text is only ever template *data*.
"""

from __future__ import annotations

import logging
import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
from jinja2.bccache import Bucket

import templates
from daemon.config import Language
from engines.rng import Draw, draw_of
from engines.russian import NO_FORMS, Forms, latin, person_gender
from engines.text import Catalog, Grammar, Lang, Msg, Text, number, percent, quantity, rounded, signed, span

log = logging.getLogger(__name__)
TEMPLATES = Path(templates.__file__).resolve().parent  # the package, wherever it is installed
SEPARATOR = "\n\n──── English version ────\n\n"  # between a ru+en mail's halves (the style guide's)
WIDTH = 72  # the longest line of a mail: every mail client shows it whole
GREETING = Text("{name}, здравствуйте.", "Hello, {name}.")
HELLO = Text("Здравствуйте.", "Hello.")  # a reader whose name we do not know: a stranger, the GM
SIGNATURE = Text("Гонец, помощник ведущего", "Gonets, the GM's assistant")
# the forum post between these, pasted as it is: a wrapped line would be a line break on the forum
FORUM_START = Text("──── пост для форума: начало ────", "──── forum post: start ────")
FORUM_END = Text("──── пост для форума: конец ────", "──── forum post: end ────")


class _Environment(jinja2.Environment):
    """Jinja's environment, with `view.money` on a plain dict looked up as an item at once. Jinja
    tries the attribute first and catches the AttributeError a dict raises for it: a thousand
    exceptions a Русь status, half its rendering. A dict has the attribute only if dict does, so the
    answer is the same (`view.items` is still the method)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            return obj[attribute] if attribute in obj else self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


_DICT_ATTRIBUTES = frozenset(dir(dict))


@cache
def environment() -> jinja2.Environment:
    """Templates are part of the installed code: read once, like a module, not checked for
    changes at every mail (jinja's auto-reload asks the disk for each template's mtime at each
    render, 66 times in a Русь resolution)."""
    env = _Environment(
        auto_reload=False,
        loader=jinja2.FileSystemLoader(TEMPLATES),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.finalize = _finalize
    env.filters["points"] = _points_filter
    env.filters["number"] = _number_filter
    env.filters["signed"] = _signed_filter
    env.filters["unit"] = _unit_filter
    env.filters["percent"] = _percent_filter
    env.filters["span"] = _span_filter
    env.filters["drawn"] = _drawn_filter
    env.filters["said"] = _said_filter
    env.filters["case"] = _case_filter
    env.filters["agree"] = _agree_filter
    env.filters["counted"] = _counted_filter
    env.filters["gendered"] = _gendered_filter
    env.filters["personal"] = _personal_filter
    env.filters["named"] = _named_filter
    env.filters["wordwrap"] = _wordwrap_filter
    return env


def keep_compiled(folder: Path) -> None:
    """Keep the templates compiled in `folder` (the games directory's cache), so that a process
    compiles each only once, not every process: a cron pass that resolves a deadline spent about
    0.2 s of its 0.7–1.0 s compiling the same templates. Jinja keys each file by the template's
    name and checks its source's digest and jinja's own version, so a changed template or an
    upgrade compiles afresh. The folder is the daemon's alone, as everything in the directory."""
    env = environment()
    if not isinstance(env.bytecode_cache, _Compiled) or env.bytecode_cache.folder != folder:
        env.bytecode_cache = _Compiled(folder)


class _Compiled(jinja2.FileSystemBytecodeCache):
    """Jinja's file cache of compiled templates, which may fail without failing a mail: a full
    disk or a folder gone only means compiling again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        try:
            for level in (folder.parent, folder):  # the games directory's cache, then ours in it
                level.mkdir(mode=0o700, exist_ok=True)
        except OSError as error:
            log.warning("compiled templates are not kept in %s: %s", folder, error)
        super().__init__(str(folder))

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as error:
            log.warning("a compiled template was not kept in %s: %s", self.folder, error)


def shown(value: float) -> float:
    """A score as it is shown, which is what rankings compare: float noise is no lead."""
    return rounded(value)


def ranking(scores: Mapping[str, float]) -> list[tuple[str, float]]:
    """Best first, ties by name: the one order of the digest, the forum post, the final report
    and `gonets status`; scores equal as shown are a tie, whatever their float noise."""
    return sorted(scores.items(), key=lambda kv: (-shown(kv[1]), kv[0]))


def places(ranked: Sequence[tuple[str, float]]) -> list[int]:
    """Each ranked power's place: equal scores as shown share one, the next counts them (1, 1, 3)."""
    values = [shown(value) for _, value in ranked]
    return [values.index(value) + 1 for value in values]


def points(value: float, lang: Lang) -> str:
    """A score as players read it: «1,4» in Russian, "1.4" in English, to two decimals."""
    return number(rounded(value), lang)


@jinja2.pass_context
def _finalize(context: jinja2.runtime.Context, value: Any) -> Any:
    """Every `{{ value }}` of every template as its language says it: a number typeset («−150»,
    «5,6»), and in English a name of the game (or names joined by «, ») by its English name."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value, context["lang"])
    if isinstance(value, str) and context["lang"] == "en":
        forms: Forms = context.get("forms") or NO_FORMS
        return forms.in_english(value)
    return value


@jinja2.pass_context
def _points_filter(context: jinja2.runtime.Context, value: float) -> str:
    """`{{ score|points }}`: a score as text, to align it in a column."""
    return points(value, context["lang"])


@jinja2.pass_context
def _said_filter(context: jinja2.runtime.Context, name: str) -> str:
    """`{{ name|said }}`: a name as the template's language says it, before it is padded."""
    return str(_finalize(context, name))


@jinja2.pass_context
def _number_filter(context: jinja2.runtime.Context, value: float) -> str:
    """`{{ x|number }}`: a number as text («0,35»), to align it in a column."""
    return number(value, context["lang"])


@jinja2.pass_context
def _signed_filter(context: jinja2.runtime.Context, value: float) -> str:
    """`{{ change|signed }}` → «+3», «−150»."""
    return signed(value, context["lang"])


@jinja2.pass_context
def _unit_filter(context: jinja2.runtime.Context, value: float, unit: str, sign: bool = False) -> str:
    """`{{ money|unit("Д") }}` → «500 Д» with a no-break space; `sign=True` → «+20 Д»."""
    return quantity(value, unit, context["lang"], sign)


@jinja2.pass_context
def _percent_filter(context: jinja2.runtime.Context, value: float) -> str:
    """`{{ share|percent }}` → «10 %», "10%"."""
    return percent(value, context["lang"])


@jinja2.pass_context
def _span_filter(context: jinja2.runtime.Context, low: float, high: float) -> str:
    """`{{ low|span(high) }}` → «0–3»."""
    return span(low, high, context["lang"])


def _grammar(context: jinja2.runtime.Context) -> Grammar:
    forms: Forms = context.get("forms") or NO_FORMS
    return Grammar(context["lang"], forms)


@jinja2.pass_context
def _case_filter(context: jinja2.runtime.Context, name: str, case: str) -> str:
    """`{{ power|case("дат") }}`: «Китаю» in Russian; the name as it is in English."""
    return _grammar(context).format_field(name, case)


@jinja2.pass_context
def _agree_filter(context: jinja2.runtime.Context, number: int, noun: str, case: str = "") -> str:
    """`{{ n|agree("монета") }}` → «4 монеты»; `{{ n|agree("монета", "вин") }}`; in English
    templates `{{ n|agree("coin|coins") }}` → "4 coins"."""
    return _grammar(context).format_field(number, "#" + noun + (":" + case if case else ""))


@jinja2.pass_context
def _counted_filter(context: jinja2.runtime.Context, number: int, noun: str, case: str = "") -> str:
    """`{{ n|counted("прислал|прислали|прислали") }}`: only the word agreeing with the number."""
    return _grammar(context).format_field(number, "~" + noun + (":" + case if case else ""))


@jinja2.pass_context
def _gendered_filter(context: jinja2.runtime.Context, name: str, forms: str) -> str:
    """`{{ power|gendered("ответил|ответила|ответило|ответили") }}` → «ответила» for «Россия»."""
    return _grammar(context).format_field(name, "пол:" + forms)


def _personal_filter(name: str, forms: str) -> str:
    """`{{ player|personal("прислал|прислала|приказы получены") }}`: the word agreeing with a
    person's first name, the third (agreement-free) wording when the name does not say."""
    masculine, feminine, neutral = forms.split("|")
    return {"м": masculine, "ж": feminine}.get(person_gender(name) or "", neutral)


def _named_filter(name: str | Sequence[str], names: Mapping[str, str], joined: str = ", ") -> str:
    """`{{ power|named(view.en) }}`: the name as `names` gives it (a view's English names), else as
    it is; `{{ powers|named(view.en) }}`, `{{ pair|named(view.en, " and ") }}`: each name so, joined.
    A filter, not a template macro or `map`: each costs a frame or a filter call of its own per name,
    and the Русь status names ~150 things a reader."""
    if isinstance(name, str):
        return names.get(name, name)
    return joined.join([names.get(n, n) for n in name])


@jinja2.pass_environment
def _wordwrap_filter(
    env: jinja2.Environment,
    text: str,
    width: int = 79,
    break_long_words: bool = True,
    wrapstring: str | None = None,
    break_on_hyphens: bool = True,
) -> str:
    """Jinja's `wordwrap`, each text wrapped once: a resolution wraps the same turn order in every
    reader's status table, and textwrap is slow."""
    return _wrapped(text, width, break_long_words, wrapstring or env.newline_sequence, break_on_hyphens)


@lru_cache(maxsize=256)
def _wrapped(text: str, width: int, break_long_words: bool, wrapstring: str, hyphens: bool) -> str:
    return jinja2.filters.do_wordwrap(environment(), text, width, break_long_words, wrapstring, hyphens)


def said_draw(data: Mapping[str, Any], lang: Lang, say: Callable[[Msg], str], forms: Forms = NO_FORMS) -> str:
    """One lot draw as the GM reads it: «жребий: …: Китай, Евросоюз», a roll with its range
    «… : 49 (1–100)»; a record older than catalog purposes as it was written."""
    draw = draw_of(data)
    if draw is None:
        return f"{data.get('purpose', '')}: {data.get('outcome', '')}"
    english = forms.in_english if lang == "en" else str
    values = ", ".join(number(v, lang) if isinstance(v, int) else english(v) for v in draw.values)
    if draw.span is not None:
        values += f" ({span(*draw.span, lang)})"
    return f"{say(draw.purpose)}: {values}"


def said_draws(draws: Sequence[Draw], lang: Lang, catalog: Catalog | None) -> str:
    """The draws of a GM command for its history entry, in the game's first language."""
    say = _sayer(catalog, lang)
    forms = catalog.forms if catalog else NO_FORMS
    return "; ".join(said_draw(d.to_json(), lang, say, forms) for d in draws)


@jinja2.pass_context
def _drawn_filter(context: jinja2.runtime.Context, data: Mapping[str, Any]) -> str:
    """`{{ d|drawn }}`: a turn record's draw said in the template's language."""
    return said_draw(data, context["lang"], context["say"], context.get("forms") or NO_FORMS)


@cache
def daemon_catalog() -> Catalog:
    return Catalog.load(TEMPLATES / "messages.toml")


def languages(language: Language) -> tuple[Lang, ...]:
    return ("ru", "en") if language == "ru+en" else (language,)


@cache
def template_exists(name: str) -> bool:
    """Whether the templates hold `name` (a ruleset may have no status or public table)."""
    try:
        environment().get_template(name)
    except jinja2.TemplateNotFound:
        return False
    return True


def compile_template(template: str) -> None:
    """Compile the template in each language now (jinja2 keeps it), not at its first mail."""
    for lang in ("ru", "en"):
        environment().get_template(f"{template}.{lang}.txt")


def render_one(template: str, lang: Lang, context: dict[str, Any]) -> str:
    return environment().get_template(f"{template}.{lang}.txt").render(lang=lang, **context)


def render(
    template: str,
    language: Language,
    context: dict[str, Any],
    catalog: Catalog | None = None,
    reader: str | None = None,
) -> str:
    """The body in each language of the game; `say(msg)` renders a Msg from `catalog`. A mail
    (`reader` given: the person's name, "" when unknown) is a letter: greeted by name, signed,
    and wrapped to `WIDTH`."""
    parts = []
    forms = catalog.forms if catalog else NO_FORMS
    for lang in languages(language):
        say = _sayer(catalog, lang)
        text = render_one(template, lang, {"forms": forms, **context, "say": say}).strip()
        parts.append(text if reader is None else letter(text, lang, reader))
    return SEPARATOR.join(parts) + "\n"


def letter(text: str, lang: Lang, reader: str) -> str:
    """`text` as a letter: the greeting (by name when we know it), the text, the signature, every
    line wrapped to `WIDTH` but the forum post's."""
    name = reader if lang == "ru" else latin(reader)
    hello = GREETING.get(lang).format(name=name) if reader.strip() else HELLO.get(lang)
    return wrapped(f"{hello}\n{text}\n\n{SIGNATURE.get(lang)}")


_BULLET = re.compile(r"( *)([•*-] |# |\d+\. )?")
_NUMBERED = re.compile(r"(?:Строка|Line) \d+: ")  # a refused or unread line: its reason hangs under it
# an order line: its keyword first, not a heading in capitals («ИСПРАВЛЕННЫЕ ИТОГИ: …»)
_ORDER = re.compile(r" *[А-ЯЁ]{2,}(?: [А-ЯЁ]{2,})*+(?!:)(?: |$)")
_CELL = re.compile(r"\S {2,}(?=\S)")  # the gap before a table row's cell: two spaces or more
_BREAK_AFTER = (". ", "; ", ", ", " — ")  # where a line is best broken: after a clause


def wrapped(text: str, width: int = WIDTH) -> str:
    """Every line longer than `width` broken at spaces (never inside a word, a «…» name or a
    hyphenated one), at the end of a clause when one ends in its last third; a continuation is
    indented under its item's text, a table row's under its last cell (the row itself is never
    broken), and a comment line (`# …`, an order blank's hint) stays a comment. An order line (a
    blank's, an accepted order's) is never broken: a player copies it; nor is the forum post,
    between `FORUM_START` and `FORUM_END`. No line ends in a space (a padded last column's)."""
    out: list[str] = []
    pasted = False
    for line in text.split("\n"):
        line = line.rstrip()
        if line in (FORUM_START.ru, FORUM_START.en):
            pasted = True
        elif line in (FORUM_END.ru, FORUM_END.en):
            pasted = False
        out += [line] if pasted or is_order_line(line) else _broken(line, width)
    return "\n".join(out)


def is_order_line(line: str) -> bool:
    """Whether `line` is an order as a player writes it (`ИГРА coins-1`, `  ВЛОЖИТЬ Наука 2`)."""
    return bool(_ORDER.match(line))


def _broken(line: str, width: int) -> list[str]:
    if len(line) <= width:
        return [line]
    found = _BULLET.match(line)
    assert found is not None  # the pattern matches every line
    spaces, bullet = found.group(1), found.group(2) or ""
    last = max((gap.end() for gap in _CELL.finditer(line)), default=0)  # a table row's last cell
    start = len(spaces) + len(bullet)  # no break before: an item's mark, a row's last cell
    numbered = _NUMBERED.match(line) is not None  # a player's line quoted: its spaces are no cells
    if bullet == "# ":
        hang = "#" + " " * (len(spaces) + 3)
    elif last and not numbered and _cut(line, width, last) > 0:  # else a player's spaces, or prose
        start, hang = last, " " * last
    elif bullet or spaces or numbered:
        hang = " " * (len(spaces) + (len(bullet) if bullet else 2))
    else:
        hang = ""
    lines, rest, first = [], line, True
    while len(rest) > width:
        cut = _cut(rest, width, start if first else len(hang))
        if cut <= 0:
            break
        lines.append(rest[:cut].rstrip())
        rest = hang + rest[cut:].lstrip()
        first = False
    lines.append(rest)
    return lines


def _cut(text: str, width: int, start: int) -> int:
    """Where to break `text` to fit `width`: after a clause in the last third, else the last
    space; 0 when no space past `start` fits (one long word stays whole)."""
    window = text[: width + 1]
    clause = max((window.rfind(mark) + len(mark) - 1 for mark in _BREAK_AFTER), default=-1)
    if clause > max(start, width * 2 // 3):
        return clause
    space = window.rfind(" ")
    return space if space > start else 0


def subject(code: str, language: Language, catalog: Catalog | None = None, **params: str | int | Text) -> str:
    """The subject in each language of the game, names declined with the ruleset's forms; a
    `Text` value (a turn with its phase) said in each language."""
    merged = daemon_catalog().with_forms(catalog.forms) if catalog else daemon_catalog()
    return " / ".join(
        merged.render(
            Msg(code, {k: v.get(lang) if isinstance(v, Text) else v for k, v in params.items()}), lang
        )
        for lang in languages(language)
    )


# a game's catalog merged with the daemon's, once per catalog (a game keeps its own for its life)
_MERGED: weakref.WeakKeyDictionary[Catalog, Catalog] = weakref.WeakKeyDictionary()


def with_daemon_messages(catalog: Catalog | None) -> Catalog:
    """The daemon's messages and `catalog`'s in one, built once per catalog object."""
    if catalog is None:
        return daemon_catalog()
    merged = _MERGED.get(catalog)
    if merged is None:
        merged = _MERGED[catalog] = daemon_catalog().merged(catalog)
    return merged


def _sayer(catalog: Catalog | None, lang: Lang) -> Callable[[Msg], str]:
    merged = with_daemon_messages(catalog)

    def say(msg: Msg) -> str:
        return merged.render(msg, lang)

    return say


MONTHS = Text(
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "January February March April May June July August September October November December",
)
ZONE_NAMES = {"Europe/Moscow": Text("МСК", "MSK")}


def moment(instant: datetime, zone: ZoneInfo, utc: bool = True) -> Text:
    """A deadline as a reader needs it, to the minute and never later than it is (the seconds are
    dropped, not rounded): «3 декабря, 21:00 МСК» in the game's zone (a Russian reader plays in
    the game's zone: no UTC copy in Russian text) and, with `utc`, in English also in UTC (its date
    too when it differs), "3 December, 21:00 MSK (18:00 UTC)"."""
    shown = instant.replace(second=0, microsecond=0)
    local, universal = shown.astimezone(zone), shown.astimezone(ZoneInfo("UTC"))
    offset = local.utcoffset() or timedelta()

    def said(lang: Lang) -> str:
        label = ZONE_NAMES[zone.key].get(lang) if zone.key in ZONE_NAMES else _offset_name(offset)
        text = f"{_day(local, lang)}, {local:%H:%M} {label}"
        if not offset or not utc or lang == "ru":
            return text
        other = (
            f"{universal:%H:%M} UTC"
            if universal.date() == local.date()
            else f"{_day(universal, lang)}, {universal:%H:%M} UTC"
        )
        return f"{text} ({other})"

    return Text(said("ru"), said("en"))


def _day(instant: datetime, lang: Lang) -> str:
    return f"{instant.day} {MONTHS.get(lang).split()[instant.month - 1]}"


def _offset_name(offset: timedelta) -> str:
    minutes = int(offset.total_seconds()) // 60
    if not minutes:
        return "UTC"
    sign, minutes = ("+" if minutes > 0 else "−"), abs(minutes)
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")
