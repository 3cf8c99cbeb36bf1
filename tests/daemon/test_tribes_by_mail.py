"""«Проект 13: первобытность» through the daemon by mail: four tribes named by their players at
signup play six turns on a small world of the GM's (tests/engines/tribes/scripted.toml), with a
split (one beyond the community limit, which makes a tribe of the computer's), a merge, a famine
and a migration; no mail to a player names a tribe, cell, technology or stratum it has not seen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.russian import inflect
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.paths import REPO

WORLD = REPO / "tests" / "engines" / "tribes" / "scripted.toml"
NAMES = {PLAYERS[0]: "Красные Волки", PLAYERS[1]: "Дети Ворона", PLAYERS[2]: "Сохатые"}
# the strata nobody opens in this world: no player's mail may name them
HIDDEN_STRATA = ("воин", "скотовод", "земледел", "старик", "шаман", "священнослуж", "жрец")
HIDDEN_STRATA_EN = ("warrior", "herder", "farmer", "elder", "shaman", "priest")
FORMS = """
[forms."Красные Волки"]
"род" = "Красных Волков"
"вин" = "Красных Волков"
"твор" = "Красными Волками"
"пол" = "мн"
"""


def started(tmp_path: Path, language: str = "ru+en", world: str = "") -> Harness:
    """A tribes game on the scripted world, its players signed up with their tribes' names."""
    h = Harness(tmp_path, ruleset="tribes", language=language)
    world = world or WORLD.read_text(encoding="utf-8") + FORMS
    (tmp_path / "world.toml").write_text(world, encoding="utf-8")
    with h.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "world.toml"\n')
    h.restart()
    h.start(PLAYERS, NAMES)
    return h


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    harness = started(tmp_path)
    yield harness
    harness.daemon.close()


def by_cell(h: Harness) -> dict[str, str]:
    """Each player's address by the cell its tribe started on (Б2 the splitter, К2 the starving,
    Б7 the walker, Е5 the sitter)."""
    state = h.game.load().state
    cells = {p: t["communities"][0]["cell"] for p, t in state["tribes"].items()}
    return {cells[power]: address for address, power in h.powers.items()}


def turn(
    h: Harness, orders: dict[str, tuple[str, ...]], senders: tuple[str, ...] = PLAYERS
) -> dict[str, list[str]]:
    """Each of `senders` sends its orders (none: НЕТ ДЕЙСТВИЙ) and the turn resolves; every mail
    of it by address, replies first."""
    for address in senders:
        h.send(address, h.orders(address, *(orders.get(address) or ("НЕТ ДЕЙСТВИЙ",))))
    h.run()
    h.run()
    return {address: [body(m) for m in h.mail_to(address)] for address in (*PLAYERS, GM)}


def secrets_of(state: dict[str, Any], power: str) -> tuple[list[str], list[re.Pattern[str]]]:
    """What `power` has seen of the tribes (their names, longest first, to be blanked out of a mail
    before it is scanned: «Волки» is in «Красные Волки»), and what it has not, as patterns: the
    tribes it has not met, the cells it has not explored, technologies nobody has discovered, the
    strata nobody has opened."""
    tribe = state["tribes"][power]
    known = {power, *tribe["met"]}
    tribes = [*state["tribes"], *(a["name"] for a in state["ai"])]
    unseen = [rf"(?<![А-Яа-яЁё]){re.escape(t)}(?![А-Яа-яЁё])" for t in tribes if t not in known]
    unseen += [
        rf"(?<![А-Яа-яЁё]){re.escape(c)}(?!\d)"
        for c in state["secret"]["cells"]
        if c not in tribe["explored"]
    ]
    unseen += [re.escape(t["name"]) for t in state["secret"]["techs"] if t["name"] not in state["discovered"]]
    unseen += [rf"(?i){stem}" for stem in (*HIDDEN_STRATA, *HIDDEN_STRATA_EN)]
    return sorted(known, key=len, reverse=True), [re.compile(p) for p in unseen]


def leaks(h: Harness, mails: dict[str, list[str]]) -> list[str]:
    state = h.game.load().state
    found = []
    for address in PLAYERS:
        known, patterns = secrets_of(state, h.powers[address])
        for text in mails[address]:
            for name in known:
                text = text.replace(name, "@")
            found += [f"{h.powers[address]}: {p.pattern}" for p in patterns if p.search(text)]
    return found


def test_a_scripted_game_of_four_tribes_by_mail(h: Harness) -> None:
    assert {h.powers[a] for a in NAMES} == set(NAMES.values())
    roles = by_cell(h)
    splitter, starving, walker, sitter = (roles[c] for c in ("Б2", "К2", "Б7", "Е5"))
    assert leaks(h, {a: [h.roles[a]] for a in PLAYERS} | {GM: []}) == []
    played: list[dict[str, list[str]]] = []

    def play(orders: dict[str, tuple[str, ...]]) -> dict[str, list[str]]:
        mails = turn(h, orders)
        assert leaks(h, mails) == []
        played.append(mails)
        return mails

    one = play(
        {
            splitter: ("РАСПРЕДЕЛИТЬ 1 Охотники 3",),
            starving: ("МИГРИРОВАТЬ",),
            walker: ("ИДТИ 1 555",),
        }
    )
    report = flat("\n".join(one[starving]))
    assert re.search(r"Голод в общине 1: добыто \d+\xa0ед\. еды, а едоков 26\. Умерли \d+ человек", report)
    assert "Со следующего хода ваше племя в миграции." in report
    assert "Община 1 прошла 3 клетки: Б7 → В7 → Г7 → Д7." in flat("\n".join(one[walker]))
    assert "Ваше племя открыло технологию «Теснота»: ЛЧ −18." in flat("\n".join(one[splitter]))
    assert "Открыта технология «Теснота»: ЛЧ −18." in flat("\n".join(one[sitter]))  # news for all

    two = play({starving: ("ИДТИ 1 7777", "ОСЕСТЬ"), walker: ("ИДТИ 1 5",)})
    state = h.game.load().state
    split = flat("\n".join(two[splitter]))
    assert re.search(
        r"Община 1 переросла свой ЛЧ \(32 из 18\): от неё отделилась община 2, 10 человек, на ..\.", split
    )
    assert "стали новым племенем — «Люди Ручья»" in split
    assert [a["name"] for a in state["ai"]] == ["Люди Камня", "Люди Ручья"]
    assert "Люди Ручья" not in state["powers"]  # a tribe of the computer's, no power
    digest = "\n".join(m for m in two[GM] if "сводка" in m or "Пост для форума" in m)
    assert "Люди Ручья" in digest and "откол" not in flat("\n".join(two[sitter]))
    assert "Община 1 прошла 4 клетки: К2 → К3 → К4 → К5 → К6." in flat("\n".join(two[starving]))
    assert "и остановилась: рядом Люди Камня" in flat("\n".join(two[walker]))

    forum = next(m for m in two[GM] if "Пост для форума" in m)
    assert "[b]Численность племён[/b]" in forum and "[b]Развитие[/b]" in forum
    three = play({splitter: ("СЛИТЬ 2 1",)})
    assert re.search(
        r"Община 2 влилась в общину 1: теперь в ней \d+ человек", flat("\n".join(three[splitter]))
    )
    for _ in range(3):
        play({})
    record = h.game.load()
    assert record.turn == 7 and record.status == "running"
    assert [len(mails[GM]) >= 1 for mails in played] == [True] * 6
    tribe = record.state["tribes"][h.powers[splitter]]
    assert [c["number"] for c in tribe["communities"]] == [1]


def test_player_given_names_name_the_tribes_and_decline_by_the_gm_data(h: Harness) -> None:
    wolves = next(a for a, p in h.powers.items() if p == "Красные Волки")
    role = h.roles[wolves]
    assert "По жребию вы играете за Красных Волков." in flat(role)
    assert "Если пропустить 2 хода подряд, за Красных Волков начнёт играть компьютер." in flat(role)
    assert "ПЛЕМЯ Красные Волки — ход 1" in role and "ПЛЕМЯ Красные Волки\nПАРОЛЬ" in role
    unnamed = PLAYERS[3]  # no name given: the lot's
    assert h.powers[unnamed] in ("Волки", "Медведи", "Вороны", "Олени")
    forms = h.game.ruleset.catalog.forms  # Вороны are ravens: «Воронов»
    assert f"По жребию вы играете за {inflect(h.powers[unnamed], 'вин', forms)}." in h.roles[unnamed]


def test_the_start_refuses_a_gm_data_file_with_a_mistake_naming_its_key(tmp_path: Path) -> None:
    bad = WORLD.read_text(encoding="utf-8").replace('"Р Рлр Р Р', '"Р Рлр Ж Р').replace('"К2"', '"Щ2"')
    h = Harness(tmp_path, ruleset="tribes")
    (tmp_path / "world.toml").write_text(bad, encoding="utf-8")
    with h.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "world.toml"\n')
    h.restart()
    for n, address in enumerate(PLAYERS):
        h.send(address, f"ЗАПИСЫВАЮСЬ Игрок{n}", subject=f"[{GAME}] запись")
    h.run()
    done = h.gm("НАЧАТЬ")
    assert done.exit_code == 1 and h.game.load().status == "signup"
    assert "map.rows.1: клетка В2 «Ж» — нет такого кода местности" in done.text[0]
    assert "map.rows.1: cell В2 “Ж” is no terrain code" in done.text[0]
    h.daemon.close()


def test_data_with_a_mistake_is_refused_on_reload_and_the_game_keeps_its_world(h: Harness) -> None:
    world = h.root / "world.toml"
    world.write_text(world.read_text(encoding="utf-8").replace('after = ["Теснота"]', 'after = ["Теснотa"]'))
    h.gm_mail("ДАННЫЕ")
    h.run()
    (answer,) = [body(m) for m in h.mail_to(GM) if "ДАННЫЕ" in body(m)]
    assert "не принят" in answer
    assert "techs.1.needs.after.0: «Теснотa» — нет такой технологии" in answer
    assert [t["name"] for t in h.game.load().state["secret"]["techs"]] == [
        "Теснота",
        "Простор",
        "Огонь",
        "Город",
    ]


def test_move_codes_are_refused_by_mail_with_their_own_reasons(h: Harness) -> None:
    walker = by_cell(h)["Б7"]
    h.send(walker, h.orders(walker, "ИДТИ 1 5905", "ИДТИ 1 5555", "ИДТИ 1 7", "ИДТИ 1 5 до рекии"))
    h.run()
    (reply,) = [flat(body(m)) for m in h.mail_to(walker)]
    assert "код хода: в «5905» знак «9» не годится, можно только 1–8." in reply
    assert "За ход община проходит не больше 3 клеток, а в коде 4 шага." in reply
    assert "«ИДТИ 1 7» — Шаг 1 ведёт в море." in reply
    assert "до реки" in reply  # the condition misspelt: the suggestion


IVAN, PETR, OLGA = "ivan@test.local", "petr@test.local", "olga@test.local"


def test_joins_seat_a_newcomer_at_a_tribe_of_the_computers_never_at_a_played_one(h: Harness) -> None:
    roles = by_cell(h)
    turn(h, {roles["Б2"]: ("РАСПРЕДЕЛИТЬ 1 Охотники 3",)})
    turn(h, {})  # the splitter's second split makes «Люди Ручья», a tribe of the computer's
    played = h.powers[PLAYERS[0]]
    refused = h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; {played}")
    assert refused.exit_code == 1 and f"уже играет {PLAYERS[0]}" in refused.text[0]
    assert h.game.load().players[played].address == PLAYERS[0]

    assert h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; Люди Ручья").exit_code == 0
    (role,) = [body(m) for m in h.mail_to(IVAN)]
    assert "по правилам вам достались Люди Ручья." in role
    state = h.game.load().state
    assert "Люди Ручья" in state["powers"] and "Люди Ручья" not in [a["name"] for a in state["ai"]]
    assert state["tribes"]["Люди Ручья"]["communities"][0]["number"] == 1
    assert "Люди Ручья" in state["tribes"][h.powers[roles["Б2"]]]["met"]  # the mother tribe knows it

    assert h.gm(f"ПРИСОЕДИНИТЬ {PETR} Пётр").exit_code == 0  # no name: the last computer's tribe
    assert "Люди Камня" in h.game.load().state["powers"]
    assert h.gm("МЕСТО Б2").exit_code == 1  # a community lives there
    assert h.gm("МЕСТО Л6").exit_code == 0  # the GM's place goes before the data's eastern М4
    assert h.gm(f"ПРИСОЕДИНИТЬ {OLGA} Ольга; Совы").exit_code == 0  # none left: a new tribe in the east
    state = h.game.load().state
    assert state["tribes"]["Совы"]["communities"][0]["cell"] == "Л6" and state["ai"] == []
    assert state["places"] == []
    h.send(
        OLGA, "\n".join([f"ИГРА {GAME}", "ПЛЕМЯ Совы", f"ПАРОЛЬ {_password(h, OLGA)}", "ИДТИ 1 4", "КОНЕЦ"])
    )
    h.run()
    (move,) = h.game.store.orders(state["turn"], "orders")["Совы"].commands
    assert (move.name, move.args) == ("move", {"community": 1, "code": "4"})


def _password(h: Harness, address: str) -> str:
    found = [re.search(r"Ваш пароль: (\S+)", body(m)) for m in h.mail_to(address)]
    return next(f.group(1) for f in found if f)


def test_a_join_onto_a_tribe_the_computer_took_over_hands_it_back_to_a_player(h: Harness) -> None:
    gleb = PLAYERS[3]
    tribe = h.powers[gleb]
    assert h.gm(f"ИЗГНАТЬ {tribe}").exit_code == 0
    assert h.game.load().state["tribes"][tribe]["computer"] is True
    again = h.gm(f"ПРИСОЕДИНИТЬ {gleb} Глеб")
    assert again.exit_code == 1 and "вернуть ему племя можно командой ВЕРНУТЬ" in again.text[0]
    assert h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; {tribe}").exit_code == 0
    record = h.game.load()
    assert record.players[tribe].address == IVAN and record.state["tribes"][tribe]["computer"] is False


def test_a_tribe_that_dies_out_is_told_once_with_a_new_start_on_offer(tmp_path: Path) -> None:
    desert = WORLD.read_text(encoding="utf-8").replace(
        '"Р Рлр Р Р У У У У У У У У"', '"Р Рлр Р Р У У У У У П У У"'
    )
    h = started(tmp_path, world=desert + FORMS)
    doomed = by_cell(h)["К2"]
    told: list[str] = []
    for _ in range(8):
        if h.game.load().players[h.powers[doomed]].status == "ended":
            break
        told += turn(h, {})[doomed]
    assert h.game.load().players[h.powers[doomed]].status == "ended"
    assert any("Голод в общине 1" in flat(t) for t in told)
    (notice,) = [t for t in told if "из игры" in t]
    assert "Вы можете вернуться в игру с новым племенем, если другие игроки не против" in flat(notice)
    assert turn(h, {}, tuple(a for a in PLAYERS if a != doomed))[doomed] == []  # told once, not expected
    h.daemon.close()


def test_the_gm_corrects_development_points_and_awards_food_in_store(h: Harness) -> None:
    tribe = h.powers[PLAYERS[1]]
    assert h.gm(f"ПОПРАВКА {tribe} Воентех 12").exit_code == 0
    assert h.gm(f"НАГРАДА {tribe} Дети 5").exit_code == 0
    state = h.game.load().state
    assert state["tribes"][tribe]["points"]["mil"] == 120
    assert next(c for c in state["tribes"][tribe]["communities"] if c["main"])["children"] == 11  # 6 + 5


def test_a_russian_game_is_set_in_russian_typography(tmp_path: Path) -> None:
    """Decimal commas («1,4»), true minus signs («ЛЧ −18», «охотники −1»), a no-break space before
    «%», and no Latin word outside addresses, ids and the order blank's keywords (its hints keep to
    ASCII typography, `parsers.portable`)."""
    h = started(tmp_path, language="ru")
    roles = by_cell(h)
    mails = [h.roles[a] for a in PLAYERS]
    mails += [
        t
        for mail in turn(h, {roles["К2"]: ("МИГРИРОВАТЬ",), roles["Б7"]: ("ИДТИ 1 555",)}).values()
        for t in mail
    ]
    mails += [t for mail in turn(h, {roles["К2"]: ("ИДТИ 1 7777", "ОСЕСТЬ")}).values() for t in mail]
    # the blank's hints are in ASCII typography: a player copies them into a mail of any charset
    text = "\n".join(line for mail in mails for line in mail.splitlines() if not line.startswith("# "))
    assert re.search(r"\d,\d", text) and "ЛЧ −18" in text
    assert not re.search(r"(?<![\w:])\d+\.\d", text)  # no decimal point
    assert not re.search(r"(?<![\w-])-\d", text)  # no hyphen for a minus
    assert not re.search(r"[^\u00a0]%", text)  # «−50 %»: a no-break space before the sign
    h.daemon.close()
