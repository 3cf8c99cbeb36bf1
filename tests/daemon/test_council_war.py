"""«Держава и семьи» at war, played through the daemon by mail: five powers, seven players, four
turns. Rome declares war on Florence and the computer's commanders fight it; Visconti raise an army
and rise against Milan's ruling family, storming the capital; Florence holds its regular election;
two Naples families send a diplomat to one island, and the second arrives too late; Contarini fall
silent and the computer takes Venice over, then Sanseverino, whose duty of ruling Naples passes to
Caracciolo. The GM's digest lists every action in the order resolved, with the outcome; each
family's report tells what happened to it with its own map attached; the forum post shows the wars
and the public map."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from daemon.outgoing.render import languages
from engines.contract import GM_VIEWER, PUBLIC_VIEWER
from tests.daemon.harness import GM, Harness, body, flat
from tests.daemon.test_council_game import Mails, address, missed, seeded, stage

PLAYING = ("Савелли", "Пацци", "Висконти", "Тривульцио", "Сансеверино", "Караччоло")  # Contarini are silent


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    yield from seeded(tmp_path)


def pngs(message: EmailMessage) -> dict[str, bytes]:
    found = {}
    for part in message.iter_attachments():
        assert isinstance(part, EmailMessage) and part.get_content_type() == "image/png"
        data = part.get_content()
        assert isinstance(data, bytes)
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "PNG"
        found[str(part.get_filename())] = data
    return found


def quiet(*families: str, **orders: list[str]) -> dict[str, list[str]]:
    """A stage's mails: these families' orders, and НЕТ ДЕЙСТВИЙ from the other playing ones."""
    return {f: orders.get(f, ["НЕТ ДЕЙСТВИЙ"]) for f in (*families, *orders)}


def test_four_turns_of_war_by_mail(h: Harness) -> None:
    mails = Mails(h)
    mails.collect()
    everyone = list(PLAYING)
    # ---- turn 1: war declared, bids, an army for Visconti ------------------------------------------
    stage(
        h,
        mails,
        quiet(
            *everyone,
            Савелли=["ОБЪЯВИТЬ ВОЙНУ Флоренция"],
            Пацци=["СТАВКА Дипломат 6"],
            Сансеверино=["СТАВКА Дипломат 5"],
            Караччоло=["СТАВКА Дипломат 4"],
            Висконти=["СОЗДАТЬ АРМИЮ Павия Висконти"],
        ),
    )
    assert all(any("Рим объявил войну Флоренции." in t for t in mails.texts(address(h, f))) for f in PLAYING)
    stage(h, mails, {"Тривульцио": ["ГОЛОСОВАТЬ 1 за"], "Висконти": ["ГОЛОСОВАТЬ 1 за"]})
    assert h.game.load().state["realms"]["Милан"]["armies"]["Армия 2"]["commander"] == "Висконти"
    stage(
        h,
        mails,
        {
            "Пацци": ["ПОВЫСИТЬ ПРЕСТИЖ"],
            "Сансеверино": ["ПОСЛАТЬ ДИПЛОМАТА Сардиния"],
            "Караччоло": ["ПОСЛАТЬ ДИПЛОМАТА Сардиния"],
        },
    )
    record = h.game.load()
    assert (record.turn, record.phase) == (2, "planning")
    (digest,) = [m for m in mails.seen[GM] if re.search(r"ход 1 из \d+, фаза «Акции» рассчитана", body(m))]
    text = body(digest)
    assert "Порядок держав на стадии акций: " in text
    numbered = [line.strip() for line in text.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    actions = [line for line in numbered if ", " in line and ": " in line.split(". ", 1)[1]]
    assert [int(line.split(".")[0]) for line in actions] == list(range(1, len(actions) + 1))
    lines = [line.strip() for line in text.splitlines()]
    late = lines.index(
        next(line for line in lines if "Неаполь, Караччоло: ПОСЛАТЬ ДИПЛОМАТА Сардиния" in line)
    )
    assert lines[late + 1].startswith("Дипломат опоздал: Сардиния уже в сфере влияния")
    pazzi = address(h, "Пацци")
    (report,) = [m for m in mails.seen[pazzi] if re.search(r"Итоги хода 1 из \d+, фаза «Акции»", body(m))]
    # the family's own action, said to it on one bullet: not «Акция «…»:» and «Престиж Пацци вырос»
    assert re.search(r"\n• Ваш престиж вырос: влиятельность \+5, теперь \d+\.\n", body(report))
    assert "Акция «" not in body(report) and "Престиж Пацци" not in body(report)
    langs = languages(h.game.settings.language)
    drawn = h.game.ruleset.pictures(record.state, "Пацци", langs)
    assert pngs(report) == {"map-turn-2.png": drawn[0].png}
    attached = pngs(digest)
    for viewer in (GM_VIEWER, PUBLIC_VIEWER):
        assert h.game.ruleset.pictures(record.state, viewer, langs)[0].png in attached.values()
    assert "Рим: деспотия, свобода 15, правят Савелли; в войне с Флоренцией" in text  # the forum post
    # a family's report says the wars in a sentence, the enemy declined
    assert "• Флоренция: олигархия, свобода 55, правят Пацци, в войне с Римом" in flat(body(report))

    # ---- turn 2: Visconti rise and storm Lombardy; Contarini silent a second turn -------------------
    stage(h, mails, quiet(*everyone, Висконти=["ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ"]), resolved=2)  # no list
    stage(h, mails, {"Висконти": ["ПОХОД Армия 2 Ломбардия"]})
    record = h.game.load()
    milan = record.state["realms"]["Милан"]
    stormed = [t for t in mails.texts(address(h, "Тривульцио")) if "Гражданская война в Милане" in t]
    assert stormed  # won, Visconti rule and the war is over; beaten, they fight on while they have an army
    assert milan["civil_war"] == ([] if milan["ruling"] == "Висконти" else ["Висконти"])
    battles = [t for t in mails.texts(address(h, "Савелли")) if "Бой в " in t and "войска Флоренции" in t]
    assert battles  # the computer's commanders fight Rome's war
    told = [
        line
        for family in PLAYING
        for t in mails.texts(address(h, family))
        for line in re.findall(r"(?:Бой|Морской бой|Гражданская война|Набег)[^•]*", flat(t))
    ]
    assert told and [line for line in told if "бросок" in line or "(сила" in line] == []  # words only
    journals = [t.split("Журнал правил:")[-1] for t in mails.texts(GM) if "Журнал правил:" in t]
    assert any("Бой в " in j and ": у нападавших сила " in flat(j) for j in journals)  # the numbers: the GM's
    assert (missed(h, "Контарини"), record.players["Контарини"].status) == (2, "ai")
    assert "[coins-t] За Контарини теперь играет компьютер" in [
        str(m["Subject"]) for m in mails.seen[address(h, "Контарини")]
    ]

    # ---- turn 3: Florence's regular election; Sanseverino fall silent --------------------------------
    playing = [f for f in everyone if f != "Сансеверино"]
    stage(h, mails, quiet(*playing))
    assert h.game.load().state["realms"]["Флоренция"]["election_now"] == "regular"
    stage(h, mails, {"Пацци": ["ИЗБРАТЬ Пацци"]})
    reelected = "Выборы во Флоренции: у власти снова Пацци."
    assert all(any(reelected in t for t in mails.texts(address(h, f))) for f in playing)
    stage(h, mails, {})

    # ---- turn 4: Sanseverino silent again: the computer takes them, Caracciolo rule Naples -----------
    stage(h, mails, quiet(*playing), resolved=2)  # no council has a list: the decisions are skipped
    stage(h, mails, {})
    record = h.game.load()
    assert (record.turn, record.phase) == (5, "planning")
    assert record.players["Сансеверино"].status == "ai"
    assert record.state["realms"]["Неаполь"]["ruling"] == "Караччоло"
    assert record.state["realms"]["Рим"]["wars"] == ["Флоренция"]
    gm = [body(m) for m in mails.seen[GM]]
    assert any("Порядок держав на стадии акций" in t for t in gm)
