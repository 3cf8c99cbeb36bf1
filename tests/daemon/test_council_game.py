"""«Держава и семьи» played through the daemon by mail: five powers, seven players, three turns of
three stages each. A family that only votes has not missed its turn, one silent all turn has; the
council's list, votes and decisions reach a power's own families; the GM's digest shows every bid
and vote; an anonymous author and the investigation's voters and crime text reach no player; an
army's commander is removed with «Никто»; the GM's verdict on a crime text, given between the vote
and the end of the turn, decides the investigation, and after a rollback must be given again."""

from __future__ import annotations

import re
from collections.abc import Iterator
from email.message import EmailMessage
from itertools import pairwise
from pathlib import Path

import pytest

from tests.daemon.harness import GM, Harness, accepted, body, flat

PLAYERS = tuple(f"{name}@test.local" for name in ("anna", "boris", "vera", "gleb", "dasha", "egor", "zhenya"))
SEED = "council-seed-1"  # the lot it draws, checked in `test_the_lot_spreads_seven_players_over_five_powers`
CRIME = "подделал печать вице-короля"
TYPOGRAPHY = re.compile(r"(?<![\w-])-\d+|\b\d+\.\d+\b")


def seeded(tmp_path: Path) -> Iterator[Harness]:
    """A council game of seven players, its lot drawn from `SEED`; closed after the test."""
    harness = Harness(tmp_path, early=False, ruleset="council", language="ru")
    record = harness.game.load()
    record.seed = SEED
    harness.game.store.save(record)
    harness.start(PLAYERS)
    yield harness
    harness.daemon.close()


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    yield from seeded(tmp_path)


def address(h: Harness, family: str) -> str:
    return next(a for a, f in h.powers.items() if f == family)


class Mails:
    """Every mail the game sent, by address, read as it goes."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.seen: dict[str, list[EmailMessage]] = {a: [] for a in (*PLAYERS, GM)}

    def collect(self) -> None:
        for who, mails in self.seen.items():
            mails += self.h.mail_to(who)

    def texts(self, who: str) -> list[str]:
        return [f"{m['Subject']}\n{body(m)}" for m in self.seen[who]]


def stage(h: Harness, mails: Mails, orders: dict[str, list[str]], resolved: int = 1) -> None:
    """These families send their orders, then the stage's deadline passes; `resolved` 2 when the
    next stage asks nothing of anyone (a decisions stage with no council's list to vote on) and is
    resolved at once."""
    for family, lines in orders.items():
        h.send(address(h, family), h.orders(address(h, family), *lines))
    h.run()
    mails.collect()
    h.clock.advance(hours=49)
    assert h.run().resolved == resolved
    mails.collect()


def missed(h: Harness, family: str) -> int:
    return h.game.load().players[family].missed


def test_the_lot_spreads_seven_players_over_five_powers(h: Harness) -> None:
    state = h.game.load().state
    by_realm = {
        r: [f for f in h.powers.values() if state["families"][f]["realm"] == r] for r in state["realms"]
    }
    assert sorted(len(fs) for fs in by_realm.values()) == [1, 1, 1, 2, 2]
    assert {r: state["realms"][r]["ruling"] for r in by_realm} == {
        "Рим": "Савелли",
        "Флоренция": "Пацци",
        "Венеция": "Контарини",
        "Милан": "Тривульцио",
        "Неаполь": "Сансеверино",
    }
    assert sorted(by_realm["Неаполь"]) == ["Караччоло", "Сансеверино"]
    assert sorted(by_realm["Милан"]) == ["Висконти", "Тривульцио"]


def test_three_turns_by_mail(h: Harness) -> None:
    mails = Mails(h)
    mails.collect()
    h.gm_mail("РАССЛЕДОВАНИЕ Неаполь")
    # ---- turn 1: Pazzi stay silent all turn; Visconti only vote ----------------------------------
    stage(
        h,
        mails,
        {
            "Сансеверино": ["ДАРОВАТЬ ПРАВА", "СТАВКА Фактория 9", "КУПИТЬ ЭСКАДРЫ 2 6"],
            "Караччоло": [
                "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 без командира",
                "РЕПРЕССИРОВАТЬ Карафа",
                "АНОНИМНО Репрессии",
            ],
            "Тривульцио": ["ДАРОВАТЬ ПРАВА", "СТАВКА Наёмники 6"],
            "Савелли": ["УСТРОИТЬ ЗРЕЛИЩА Романья", "СТАВКА Наёмники 6"],
            "Контарини": ["АННЕКСИРОВАТЬ Албания", "ПЕРЕВЕСТИ Висконти 10"],
        },
    )
    record = h.game.load()
    assert (record.turn, record.phase) == (1, "decisions")
    naples = record.state["realms"]["Неаполь"]["agenda"]
    assert [i["kind"] for i in naples] == ["commanders", "rights", "repression"]
    (karachollo_reply,) = [t for t in mails.texts(address(h, "Караччоло")) if accepted(t)]
    assert "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 Никто" in karachollo_reply
    list_line = "3. Репрессии: Карафа. Выдвинут анонимно."
    for who in ("Сансеверино", "Караччоло"):
        (report,) = [t for t in mails.texts(address(h, who)) if "итоги для" in t]
        assert list_line in report and "Совет Неаполя, проектов на голосование: 3." in report
    # the author is told which of its projects got which number
    (report,) = [flat(t) for t in mails.texts(address(h, "Караччоло")) if "итоги для" in t]
    assert "Ваш проект «Смена командующих» (Армия 1 — Никто) вынесен на совет под номером 1." in report
    assert "Ваш анонимный проект «Репрессии» (Карафа) вынесен на совет под номером 3." in report
    for who in ("Савелли", "Контарини", "Висконти"):  # other powers' families do not get Naples' list
        assert not any(list_line in t for t in mails.texts(address(h, who)))
    (digest,) = [t for t in mails.texts(GM) if "ход 1 из 12, фаза «Планирование и аукционы» рассчитана" in t]
    assert "Аукцион «Наёмники», ставки: Савелли 6 (+5 %), Тривульцио 6." in digest
    assert "Совет Неаполя, проект 3: анонимно выдвинули Караччоло." in digest

    stage(
        h,
        mails,
        {
            "Сансеверино": ["ГОЛОСОВАТЬ 1 за, 2 за, 3 против", "ОБВИНИТЬ Караччоло"],
            "Караччоло": ["ГОЛОСОВАТЬ 1 за, 2 против, 3 за", f"ОБВИНИТЬ Карафа {CRIME}"],
            "Тривульцио": ["ГОЛОСОВАТЬ 1 за"],
            "Висконти": ["ГОЛОСОВАТЬ 1 за"],
        },
    )
    state = h.game.load().state
    assert state["realms"]["Неаполь"]["armies"]["Армия 1"]["commander"] == ""
    # the auctions' winners are news once: in the planning stage's report, not repeated after it
    reports = [t for t in mails.texts(address(h, "Сансеверино")) if "итоги для" in t]
    assert ["Аукционы хода 1:" in t for t in reports] == [True, False]
    sanseverino = mails.texts(address(h, "Сансеверино"))
    (decided,) = [flat(t) for t in sanseverino if "Итоги хода 1 из 12, фаза «Решения»" in t]
    assert "Армия 1 осталась без командира." in decided
    assert (
        "Проект 1 («Смена командующих»): за 4 (Караччоло 2, Сансеверино 2), против 0, сила 4 — принят."
        in decided
    )
    (digest,) = [flat(t) for t in mails.texts(GM) if "ход 1 из 12, фаза «Решения» рассчитана" in t]
    assert f"Текст Караччоло: «{CRIME}». Засчитать: ПРИНЯТЬ ТЕКСТ Караччоло" in digest
    assert (
        "Проект 1 («Дарование прав»): за 4 (Висконти 2, Тривульцио 2), против 0, сила 4 — принят." in digest
    )

    h.gm_mail("ПРИНЯТЬ ТЕКСТ Караччоло")
    stage(h, mails, {})  # the actions stage: nobody writes
    record = h.game.load()
    assert (record.turn, record.phase) == (2, "planning")
    assert (missed(h, "Пацци"), missed(h, "Висконти"), missed(h, "Сансеверино")) == (1, 0, 0)
    assert any("Мы не получили ваших приказов на ход 1." in t for t in mails.texts(address(h, "Пацци")))
    assert not any("Мы не получили ваших приказов" in t for t in mails.texts(address(h, "Висконти")))
    verdict = "Расследование в Неаполе: Карафа признаны виновными; штраф 2\u00a0Д, влиятельность −5."
    assert any(verdict in flat(t) for t in mails.texts(address(h, "Сансеверино")))

    # ---- turn 2: Rome grants rights and becomes a monarchy ---------------------------------------------
    stage(
        h,
        mails,
        {
            "Савелли": ["ДАРОВАТЬ ПРАВА"],
            "Сансеверино": ["НАЗНАЧИТЬ НАМЕСТНИКА Абруццо Сансеверино"],
            "Пацци": ["СТАВКА Колонисты 6"],
            "Висконти": ["СТАВКА Колонисты 6"],
        },
    )
    stage(h, mails, {"Савелли": ["ГОЛОСОВАТЬ 1 за"], "Сансеверино": ["ГОЛОСОВАТЬ 1 за"]})
    stage(h, mails, {"Контарини": ["ОТКАЗАТЬСЯ ОТ НАМЕСТНИЧЕСТВА Истрия"]})
    state = h.game.load().state
    assert (
        state["realms"]["Рим"]["freedom"] == 25 and state["provinces"]["Абруццо"]["governor"] == "Сансеверино"
    )
    assert state["provinces"]["Истрия"]["governor"] == ""

    # ---- turn 3: Florence's regular election, Rome's election after its new form -------------------------
    stage(
        h,
        mails,
        {
            "Пацци": ["УСТРОИТЬ ЗРЕЛИЩА Сиена"],
            "Савелли": ["СТАВКА Дипломат 3"],
            "Висконти": ["СТАВКА Дипломат 4"],
            "Тривульцио": ["СТАВКА Дипломат 2"],
            "Сансеверино": ["НЕТ ДЕЙСТВИЙ"],
        },
    )
    state = h.game.load().state
    assert (state["realms"]["Флоренция"]["election_now"], state["realms"]["Рим"]["election_now"]) == (
        "regular",
        "form",
    )
    stage(h, mails, {"Пацци": ["ГОЛОСОВАТЬ 1 за", "ИЗБРАТЬ Пацци"], "Савелли": ["ИЗБРАТЬ Савелли"]})
    stage(h, mails, {})
    record = h.game.load()
    assert (record.turn, record.phase) == (4, "planning")
    assert record.state["realms"]["Флоренция"]["freedom"] == 55 - 5  # the same family won again
    assert (missed(h, "Пацци"), missed(h, "Висконти")) == (0, 0)
    reelected = "Выборы во Флоренции: у власти снова Пацци. Свобода теперь 50, лояльность по стране −4."
    assert all(any(reelected in flat(t) for t in mails.texts(a)) for a in PLAYERS)  # news for all

    # ---- what no player read ---------------------------------------------------------------------------
    players = [t for a in PLAYERS for t in mails.texts(a)]
    gm = mails.texts(GM)
    assert any(CRIME in t for t in gm) and any("анонимно выдвинули Караччоло" in t for t in gm)
    own_replies = [t for t in mails.texts(address(h, "Караччоло")) if accepted(t)]
    assert [t for t in players if CRIME in t] == [t for t in own_replies if CRIME in t]
    assert not any("обвиняют" in t or "анонимно выдвинули" in t or "Штраф 2 Д получили" in t for t in players)
    # Russian typography: a minus sign, never a hyphen, before a number; a decimal comma (but in
    # the blank's hints, which a player copies into a mail of any charset: see parsers/portable.py)
    prose = [line for text in players + gm for line in text.splitlines() if not line.startswith("# ")]
    assert not [m.group() for line in prose for m in TYPOGRAPHY.finditer(line)]
    lines = [text.splitlines() for text in players if "Репрессии: Карафа" in text]
    about = [(a, b) for text in lines for a, b in pairwise(text) if "Репрессии: Карафа" in a]
    assert about and not any("Караччоло" in a + b for a, b in about)  # the list's line, the balance's two


def test_the_gms_verdict_on_a_crime_text_is_taken_again_after_a_rollback(h: Harness) -> None:
    mails = Mails(h)
    mails.collect()
    h.gm_mail("РАССЛЕДОВАНИЕ Неаполь")
    stage(h, mails, {f: ["НЕТ ДЕЙСТВИЙ"] for f in h.powers.values()})
    # Caracciolo (noble) and Sanseverino (ruling) weigh 2 each: without the text it is a tie
    stage(h, mails, {"Караччоло": [f"ОБВИНИТЬ Карафа {CRIME}"], "Сансеверино": ["ОБВИНИТЬ Караччоло"]})
    h.gm_mail("ПРИНЯТЬ ТЕКСТ Караччоло")
    h.run()
    mails.collect()
    assert any(
        "Текст преступления Караччоло засчитан: +1 голос в расследовании." in flat(t) for t in mails.texts(GM)
    )
    assert h.game.load().state["realms"]["Неаполь"]["investigation"]["accepted"] == ["Караччоло"]
    assert [e["action"] for e in h.game.store.history()].count("rule") == 2
    stage(h, mails, {})
    verdict = "Расследование в Неаполе: Карафа признаны виновными; штраф 2\u00a0Д, влиятельность −5."
    assert any(verdict in flat(t) for t in mails.texts(address(h, "Караччоло")))

    assert h.gm("ОТКАТ 1 ошибка в подсчёте").exit_code == 0
    record = h.game.load()
    assert (record.turn, record.phase) == (1, "planning")
    assert record.state["realms"]["Неаполь"]["investigation_called"]  # put before the turn's first stage
    for title in ("Планирование и аукционы", "Решения"):
        assert h.gm(f"ОБРАБОТАТЬ 1 {title}").exit_code == 0
    held = h.game.load().state["realms"]["Неаполь"]["investigation"]
    assert held is not None and held["accepted"] == [] and held["votes"]["Караччоло"]["text"] == CRIME
    assert h.gm("ПРИНЯТЬ ТЕКСТ Караччоло").exit_code == 0
    mails.collect()
    assert h.gm("ОБРАБОТАТЬ 1 Акции").exit_code == 0
    h.run()
    mails.collect()
    corrected = [
        t
        for t in mails.texts(address(h, "Караччоло"))
        if "ИСПРАВЛЕННЫЕ ИТОГИ" in t and "Итоги хода 1 из 12, фаза «Акции»" in t
    ]
    assert corrected and verdict in flat(corrected[-1])


def test_the_gms_letter_to_a_power_reaches_its_families_alone(h: Harness) -> None:
    for who in PLAYERS:
        h.mail_to(who)
    h.gm_mail("ПИСЬМО Неаполь Совет соберётся в Кастель-Нуово.")
    h.run()
    told = {h.powers[who] for who in PLAYERS if any("Кастель-Нуово" in body(m) for m in h.mail_to(who))}
    assert told == {"Сансеверино", "Караччоло"}


def test_a_refused_line_names_what_project_3_lacks_and_the_reserved_name(h: Harness) -> None:
    who = address(h, "Караччоло")
    h.mail_to(who)
    h.send(who, h.orders(who, "СМЕНИТЬ КОМАНДУЮЩИХ Армия 1", "СОЗДАТЬ АРМИЮ Абруццо"))
    h.run()
    (reply,) = [body(m) for m in h.mail_to(who)]
    assert "После «Армия 1» не хватает ещё одного названия" in flat(reply)
    assert re.search(r"В приказе СОЗДАТЬ АРМИЮ не хватает значения «командующий»", flat(reply))
