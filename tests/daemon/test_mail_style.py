"""Every mail of a played game of every shipped ruleset (`engines.REGISTRY`), in Russian and in
English, read against the style guide (shared STYLE-mails.md): its typography (a minus sign, a
decimal comma in Russian and a point in English, a no-break space between a number and its unit,
«10 %», ranges with an en dash, «ёлочки» in Russian), a greeting and the signature, lines of at most
72 characters but an order line and the forum post, no English word in a Russian game (an English
game's Russian: test_english_games.py); and three model mails of each ruleset kept as golden files
(tests/golden/<ruleset>/), which README links. `GOLDEN=write pytest tests/daemon/test_mail_style.py`
writes them anew after a deliberate change: read the diff as a player would before committing it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from daemon.outgoing.render import FORUM_END, FORUM_START, SIGNATURE, WIDTH, is_order_line, wrapped
from engines import REGISTRY, get_ruleset
from engines.text import Lang
from tests.daemon.harness import GM, PLAYERS
from tests.daemon.played import Sent, play

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
LANGUAGES = ("ru", "en")


@pytest.fixture(scope="module", params=[(r, lang) for r in sorted(REGISTRY) for lang in LANGUAGES], ids=str)
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlayedGame]:
    ruleset, lang = request.param
    h, mails = play(tmp_path_factory.mktemp(f"{ruleset}-{lang}"), ruleset, lang)
    try:
        yield PlayedGame(ruleset, lang, mails)
    finally:
        h.daemon.close()


@dataclass(frozen=True)
class PlayedGame:
    ruleset: str
    lang: Lang
    mails: list[Sent]


# ---- what a line may hold, and what it may not ---------------------------------------------------------
_PASSWORD = re.compile(r"^(?:ПАРОЛЬ|Ваш пароль:|Your password:) \S+$", re.MULTILINE)
_SEED = re.compile(r"^(?:Зерно|Seed): \S+$", re.MULTILINE)
_ADDRESS = re.compile(r"[\w.+-]+@[\w.-]+")
_FILE = re.compile(r"\S+\.png\b")
# the blank's hints: a player copies them into a mail of any charset, so their typography is ASCII
_HINT = re.compile(r"^# .*$", re.MULTILINE)


def _prose(text: str) -> str:
    """The text a reader reads as prose: no password, seed, address or attachment's file name
    (identifiers, written as they are)."""
    for pattern in (_PASSWORD, _SEED, _ADDRESS, _FILE):
        text = pattern.sub("", text)
    return text


TYPOGRAPHY: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "ru": [
        ("a hyphen-minus as a minus", re.compile(r"(?<![\w\-−])-\d")),
        ("a decimal point", re.compile(r"\d\.\d")),
        ("a unit without a no-break space", re.compile(r"\d(?: ?)(?:Д|ВС|ОП|Ст)(?![А-Яа-яЁё\w])")),
        ("a percent sign without a no-break space", re.compile(r"\d ?%")),
        ("a range of dots or a hyphen", re.compile(r"\d\.\.\d|(?<![\w-])\d+-\d+(?![\w-])")),
        ("straight quotes", re.compile(r'"')),
    ],
    "en": [
        ("a hyphen-minus as a minus", re.compile(r"(?<![\w\-−])-\d")),
        ("a decimal comma", re.compile(r"\d,\d(?!\d\d)")),
        ("a unit without a no-break space", re.compile(r"\d(?: ?)(?:d|MS|PP)(?!\w)")),
        ("a range of dots or a hyphen", re.compile(r"\d\.\.\d|(?<![\w-])\d+-\d+(?![\w-])")),
    ],
}


def test_every_mail_is_typeset(game: PlayedGame) -> None:
    """The scan can fail: each pattern finds what today's mails held (see `test_the_scan_sees`).
    The blank's hints are in ASCII typography instead (`parsers.portable`)."""
    found = []
    for mail in game.mails:
        for said in (mail.subject, _HINT.sub("", _prose(mail.text))):
            for line in said.splitlines():
                found += [f"{what}: {line!r}" for what, bad in TYPOGRAPHY[game.lang] if bad.search(line)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "line", "what"),
    [
        ("ru", "Влияние на Галич: -150 (объявление войны), теперь -150.", "a hyphen-minus as a minus"),
        ("ru", "Греки (9.4) побеждают Римлян", "a decimal point"),
        ("ru", "Набрать дружину: 50Д за 1 ВС (п).", "a unit without a no-break space"),
        ("ru", "урожай 50 Д", "a unit without a no-break space"),
        ("ru", "Конница +50% против Лучников", "a percent sign without a no-break space"),
        ("ru", "«Засуха», 49 (1..100)", "a range of dots or a hyphen"),
        ("ru", "Вложить 0-3 монеты", "a range of dots or a hyphen"),
        ("ru", 'Did you mean "Industry"?', "straight quotes"),
        ("en", "Greeks (9,4) beat Romans", "a decimal comma"),
        ("en", "Hire druzhina: 50 d per 1 MS.", "a unit without a no-break space"),
    ],
)
def test_the_scan_sees_what_the_mails_held_before(lang: Lang, line: str, what: str) -> None:
    assert [w for w, bad in TYPOGRAPHY[lang] if bad.search(line)] == [what]


def test_the_scan_passes_what_the_guide_writes() -> None:
    assert [
        w for w, bad in TYPOGRAPHY["ru"] if bad.search("−150, 5,6, 50\u00a0Д, 10\u00a0%, 1–100, «Замет»")
    ] == []
    assert [
        w
        for w, bad in TYPOGRAPHY["en"]
        if bad.search("−150, 5.6, 50\u00a0d, 2\u00a0MS, 10%, 1–100, 1,000, the 2nd")
    ] == []


def _letters(game: PlayedGame) -> Iterator[tuple[Sent, str]]:
    """Each language's part of each mail (one part: the games here speak one language)."""
    for mail in game.mails:
        yield mail, mail.text


def test_every_mail_greets_is_signed_and_keeps_its_lines_short(game: PlayedGame) -> None:
    hello = {
        "ru": re.compile(r"^(?:\S+, здравствуйте|Здравствуйте)\.\n"),
        "en": re.compile(r"^Hello(, .+)?\.\n"),
    }
    long = []
    for mail, text in _letters(game):
        assert hello[game.lang].match(text), text[:80]
        assert text.rstrip().endswith("\n\n" + SIGNATURE.get(game.lang)), text[-80:]
        pasted = False
        for line in text.splitlines():
            if line in (FORUM_START.get(game.lang), FORUM_END.get(game.lang)):
                pasted = line == FORUM_START.get(game.lang)
            elif len(line) > WIDTH and not pasted and not is_order_line(line):
                long.append(f"{mail.subject}: {line}")
    assert long == []


_GAP = re.compile(r"\S {2,}(?=\S)")  # the gap between two cells of a table row


def broken_rows(text: str) -> list[str]:
    """The table rows of `text` the wrapper broke with their last cell's words at a column of their
    own: a row (cells apart by two spaces or more, under another row or the header) followed by a
    line that could not have been its tail (its first word would not fit after it), not itself a
    row or an order line, and not under the row's last cell."""
    found = []
    lines = text.splitlines()
    for above, row, after in zip(lines, lines[1:], lines[2:], strict=False):
        gaps = list(_GAP.finditer(row))
        if (
            not gaps
            or not _GAP.search(above)
            or not after.strip()
            or _GAP.search(after)
            or is_order_line(after)
        ):
            continue
        tail = after.lstrip()
        if len(row) + 1 + len(tail.split()[0]) > WIDTH and len(after) - len(tail) != gaps[-1].end():
            found.append(f"{row}\n{after}")
    return found


def test_no_table_row_is_broken_and_no_line_ends_in_a_space(game: PlayedGame) -> None:
    """The guide's columns (§12): a long last cell goes on under its column, never at the line's
    start, and no line of a mail ends in a space."""
    found = []
    for mail, text in _letters(game):
        found += [f"{mail.subject}: a broken row\n{r}" for r in broken_rows(text)]
        found += [
            f"{mail.subject}: a trailing space {line!r}" for line in text.splitlines() if line.endswith(" ")
        ]
    assert found == [], "\n".join(found)


def test_the_row_scan_sees_the_broken_rows_mails_held_before() -> None:
    """Rows of a Средиземноморье report as the wrapper broke them, and as they should read."""
    row = "Цизальпинская Галлия     суша   Галлы       1      граница Альпийские"
    header = "Карта                    Тип    Владелец    Коэф.  Отметки"
    assert broken_rows(f"{header}\n{row}\nперевалы\nЛигурия  суша") == [f"{row}\nперевалы"]
    assert broken_rows(f"{header}\n{row}\n{' ' * 51}перевалы\n\nПотрачено 13 из 13.") == []
    assert broken_rows(f"{header}\nЛаций  суша\nПотрачено 13 из 13.") == []
    assert broken_rows(f"Галлы, ход 3\n{header}{' ' * 14}\nТерритории: 12") == []


def test_a_long_table_row_goes_on_under_its_last_column() -> None:
    row = "Цизальпинская Галлия     суша   Галлы       1      граница Альпийские перевалы"
    assert wrapped(row).split("\n") == [row[:-9], " " * 51 + "перевалы"]


def test_a_players_double_space_makes_no_column() -> None:
    """A refused line quotes the player's text as written: its spaces are no table's."""
    line = "Строка 3: «ЗАХВАТИТЬ  Луну 3, а потом ещё слова, что игрок написал» — неизвестный приказ."
    second = wrapped(line).split("\n")[1]
    assert len(second) - len(second.lstrip()) == 2


def test_a_heading_in_capitals_is_wrapped_like_prose() -> None:
    """«ИСПРАВЛЕННЫЕ ИТОГИ: …» starts as an order line does, but a player copies no heading."""
    heading = "ИСПРАВЛЕННЫЕ ИТОГИ: ведущий пересчитал этот ход, прежние итоги недействительны."
    assert not is_order_line(heading)
    assert max(len(line) for line in wrapped(heading).split("\n")) <= WIDTH
    assert (
        is_order_line("ВЛИЯНИЕ    Балеары   6")
        and is_order_line("ИГРА mare-1")
        and is_order_line("НЕТ ДЕЙСТВИЙ")
    )


NOISE = {
    "filler news": re.compile(r"^(?:• |\[\*\])(?:Итоги хода \d+|Начался ход \d+)\.$", re.MULTILINE),
    "a zero part": re.compile(r"(?:урожай|сгорело) 0\u00a0Д|потрачено 0 из 0|: \+0$", re.MULTILINE),
    "a change that cannot happen yet": re.compile(r"сменить хозяйство можно с хода 1$", re.MULTILINE),
    "an empty rule step": re.compile(r"^Шаг \d+: .*\n(?:Шаг \d+:|\n)", re.MULTILINE),
    "a map as news": re.compile(r"^(?:• |\[\*\])[А-ЯЁа-яё ]+ — [А-ЯЁ][а-яё]+(?: ★.*)?$", re.MULTILINE),
    "a ranking as a list": re.compile(r"^\[\*\]\d+\. ", re.MULTILINE),
    "a log in a player's battle": re.compile(r"БО нападающих|Таблица боя|доспехи сберегли 0"),
}


def test_no_mail_holds_noise(game: PlayedGame) -> None:
    """What the guide calls noise (§10–11): filler news, zero parts, empty steps, the map as news
    items, a ranking as a bulleted list, a battle's arithmetic in a player's mail; and one line,
    not one a power, for the countries the computer plays."""
    if game.lang != "ru":
        pytest.skip("the noise is looked for in Russian")
    found = []
    for mail in game.mails:
        text = mail.text if mail.to == GM else mail.text.replace("Журнал правил", "")
        for what, noise in NOISE.items():
            if what == "a log in a player's battle" and mail.to == GM:
                continue
            found += [f"{what}: {m.group()!r} — {mail.subject}" for m in noise.finditer(text)]
        if mail.text.count("играет компьютер") > 1:
            found.append(f"the computer's countries one a line — {mail.subject}")
    assert found == [], "\n".join(found)


def test_every_subject_says_what_the_mail_is_and_the_role_mail_explains_the_abbreviations(
    game: PlayedGame,
) -> None:
    assert [m.subject for m in game.mails if m.subject.lower().startswith("re:")] == []
    assert [m.subject for m in game.mails if not m.subject.startswith("[coins-t] ")] == []
    glossary = get_ruleset(game.ruleset).glossary.get(game.lang)
    roles = [m for m in game.mails if re.search(r"^(?:Ваш пароль|Your password): ", m.text, re.MULTILINE)]
    assert roles and all(glossary.split()[0] in m.text for m in roles if glossary)


_LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_ROMAN = re.compile(r"[IVXLCDM]+")  # «XI века»: Roman numerals are Russian typography
_BBCODE = re.compile(r"\[/?[a-z*]+\]")


def test_a_russian_game_mails_no_english_word(game: PlayedGame) -> None:
    if game.lang != "ru":
        pytest.skip("a Russian game's scan")
    allowed = {"coins-t", "gonets", "gm"}  # the game's id, `gonets gm` (a command the GM types)
    found = set()
    for mail in game.mails:
        for said in (mail.subject, mail.text):
            words = _LATIN.findall(_BBCODE.sub("", _prose(said)).replace("coins-t", ""))
            found |= {f"{w}: {mail.subject}" for w in words if w not in allowed and not _ROMAN.fullmatch(w)}
    assert sorted(found) == []


# ---- the model mails ---------------------------------------------------------------------------------
MODELS = {"role": PLAYERS[0], "report": PLAYERS[0], "digest": GM}


def _model(game: PlayedGame, kind: str) -> Sent:
    """The first role mail, the first report and the first digest the game sent (a game whose turns
    have titles, `Ruleset.turn_title`, heads them «Итоги: Весна 1901»)."""
    mine = [m for m in game.mails if m.to == MODELS[kind]]
    if kind == "role":
        return next(m for m in mine if _PASSWORD.search(m.text))
    if kind == "report":
        return next(m for m in mine if re.search(r"\nИтоги(?: хода 1|: )|\nResults(?: of turn 1|: )", m.text))
    first = r"\nСводка ведущего: (?:ход 1|.* — итоги рассчитаны)|\nGM digest: (?:turn 1|.* resolved)"
    return next(m for m in mine if re.search(first, m.text))


@pytest.mark.parametrize("kind", list(MODELS))
def test_the_model_mails_are_the_golden_ones(game: PlayedGame, kind: str) -> None:
    if game.lang != "ru":
        pytest.skip("the golden mails are the Russian ones")
    mail = _model(game, kind)
    text = _PASSWORD.sub(lambda m: m.group().rsplit(" ", 1)[0] + " ••••-••••-••••", mail.text)
    written = f"Тема: {mail.subject}\n\n{text}"
    path = GOLDEN / game.ruleset / f"{kind}.txt"
    if os.environ.get("GOLDEN") == "write":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(written, encoding="utf-8")
    assert path.exists(), f"{path} is missing: GOLDEN=write pytest {__file__}"
    assert written == path.read_text(encoding="utf-8")
