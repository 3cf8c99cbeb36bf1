"""«Проект 13», part 2, through the daemon by mail on a small world of the GM's
(tests/engines/tribes/warfare.toml): four tribes play eleven turns with a discovery spreading by
contact, a war, a raid, an assimilation and an auto-kill; the players' vote on a former player's
return; a technology's conditions reach no text a player sees; the tree's mistakes refused by key
at ДАННЫЕ and in `gonets check-data`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from daemon.cli import main
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body, flat
from tests.daemon.test_tribes_by_mail import FORMS, by_cell, leaks, started, turn
from tests.paths import REPO

WARFARE = REPO / "tests" / "engines" / "tribes" / "warfare.toml"


@pytest.fixture
def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Harness]:
    monkeypatch.setattr("daemon.games._new_seed", lambda game_id: f"{game_id}:warfare")  # one story
    harness = started(tmp_path, world=WARFARE.read_text(encoding="utf-8") + FORMS)
    yield harness
    harness.daemon.close()


def public(h: Harness, mails: dict[str, list[str]]) -> dict[str, list[str]]:
    """The mails with the names of tribes that died out blanked: the forum's ratings list them, and
    the vote on a return names one, so every player may know them."""
    state = h.game.load().state
    fallen = [p for p, t in state["tribes"].items() if t["extinct"]]
    for name in fallen:
        mails = {a: [text.replace(name, "@") for text in texts] for a, texts in mails.items()}
    armed = {  # warriors came with the computer's tribe it assimilated (2:2:1)
        a
        for a, p in h.powers.items()
        if any("warriors" in c["strata"] for c in state["tribes"][p]["communities"])
    }
    return {
        a: [re.sub(r"(?i)воин|warrior", "@", text) for text in texts] if a in armed else texts
        for a, texts in mails.items()
    }


def joined(mails: list[str]) -> str:
    return flat("\n".join(mails))


def test_four_tribes_play_eleven_turns_of_contact_war_raids_assimilation_and_an_auto_kill(h: Harness) -> None:
    roles = by_cell(h)
    river, east, south, south_east = (roles[c] for c in ("Д4", "Е4", "Д7", "Е7"))
    tribe = {a: h.powers[a] for a in PLAYERS}
    played: list[dict[str, list[str]]] = []

    def play(orders: dict[str, tuple[str, ...]], senders: tuple[str, ...] = PLAYERS) -> dict[str, list[str]]:
        mails = turn(h, orders, senders)
        if senders != PLAYERS:  # someone silent or out: the deadline passes
            h.clock.advance(hours=48)
            h.run()
            mails = {a: mails[a] + _bodies(h, a) for a in mails}
        assert leaks(h, public(h, mails)) == []
        played.append(mails)
        return mails

    # turn 1: the river tribe discovers fishing, and raises its children as hunters; everyone
    # discovers exchange
    one = play({river: ("РАСПРЕДЕЛИТЬ 1 Охотники 6",)})
    assert "Ваше племя открыло технологию «Рыболовство»" in joined(one[river])
    assert "Открыта технология «Рыболовство»" in joined(one[south_east])  # news for all
    # turns 2–6: the south-western tribe exchanges food with the computer's tribe every turn
    for _ in range(2):
        play({south: ("ОБМЕН 1 Г7",)})
    state = h.game.load().state
    assert "Рыболовство" in state["tribes"][tribe[east]]["techs"]  # learnt by contact, with no river
    assert "Рыболовство" not in state["tribes"][tribe[south_east]]["techs"]  # far away: never
    assert state["ai"][0]["relations"][tribe[south]] == 40
    # turn 4: a war (the neighbour loses half its fighters: it is no more) and a raid
    four = play({river: ("НАПАСТЬ 1 Е4",), south: ("ОБМЕН 1 Г7", "НАБЕГ 1 Е7")})
    assert re.search(r"Община 1 напала на .+ на Е4 и победила", joined(four[river]))
    assert "Побеждённой общины больше нет, община 1 заняла Е4." in joined(four[river])
    assert re.search(r"Община 1 совершила набег на .+ на Е7", joined(four[south]))
    assert re.search(r"На общину 1 \(Е7\) совершили набег .+", joined(four[south_east]))
    forum = next(m for m in four[GM] if "Пост для форума" in m)
    assert "[b]Военные успехи[/b]" in forum and "[b]Открытые правила[/b]" in forum
    record = h.game.load()
    assert record.players[tribe[east]].status == "ended"
    assert record.state["tribes"][tribe[river]]["war"]["players_destroyed"] == 1
    living = (river, south, south_east)
    # turn 5: the GM asks the players whether the fallen tribe's player may come back
    refused = h.gm(f"ПРИСОЕДИНИТЬ {east} Игрок1")
    assert refused.exit_code == 1 and "только если игроки проголосуют за" in refused.text[0]
    assert h.gm(f"ВОПРОС {tribe[east]}").exit_code == 0
    five = play({south: ("ОБМЕН 1 Г7",)}, senders=living)
    assert f"вернуть ли в игру игрока вымершего племени {tribe[east]}?" in joined(five[south_east])
    # turn 6: they vote in their orders, two for and one against
    six = play(
        {river: ("ГОЛОС за",), south: ("ОБМЕН 1 Г7", "ГОЛОС против"), south_east: ("ГОЛОС за",)},
        senders=living,
    )
    assert "за 2, против 1 — игрок может вернуться" in joined(six[river])
    assert "отношения теперь 100 из 100" in joined(six[south])
    # turns 7 and 8: the south-eastern player is silent, and the computer takes the tribe over
    seven = play({south: ("АССИМИЛИРОВАТЬ 1 Г7",)}, senders=(river, south))
    assert "Племя Людей Камня вошло в ваше племя общиной 2" in joined(seven[south])
    play({}, senders=(river, south))
    record = h.game.load()
    assert record.state["tribes"][tribe[south_east]]["computer"] is True
    assert record.state["tribes"][tribe[south]]["war"]["assimilated"] == 1
    # the vote lets the fallen tribe's player back, once, with a new tribe
    assert h.gm(f"ПРИСОЕДИНИТЬ {east} Игрок1; Выдры").exit_code == 0
    state = h.game.load().state
    assert state["tribes"]["Выдры"]["communities"][0]["cell"] == "К2" and state["returns"] == []
    h.powers[east] = "Выдры"
    for _ in range(3):
        play({}, senders=(river, south))
    record = h.game.load()
    assert record.turn == 12 and record.status == "running" and len(played) == 11


def _bodies(h: Harness, address: str) -> list[str]:
    return [body(m) for m in h.mail_to(address)]


# the same world with other conditions, none of which changes what happens in four turns
OTHER_CONDITIONS = (
    ('needs = { eco = 1, at = ["river"] }', 'needs = { eco = 1, at = ["river", "swamp"] }'),
    ("needs = { mil = 2 }", "needs = { mil = 2, people = 15 }"),
    (
        'needs = { soc = 77.7, after = ["Набеги"], at = ["hills"], people = 300 }',
        'needs = { soc = 66.6, mil = 55.5, after = ["Война"], strata = ["aristocrats"] }',
    ),
)
ASKING = ("ПОМОЩЬ", "БЛАНК", "НАПАСТ 1 Е4", "ВЫБРАТЬ Тайн", "ИДТИ 1 5")


def _played(tmp_path: Path, world: str) -> list[str]:
    """Four turns of the warfare world with help, blanks and misspelt lines: every text a player
    sees (mails, their pictures' names, the forum post), passwords and message ids masked."""
    tmp_path.mkdir()
    h = started(tmp_path, world=world + FORMS)
    roles = by_cell(h)
    seen = [h.roles[a] for a in PLAYERS]
    for number in range(4):
        south_orders = ("ОБМЕН 1 Г7",) if number else ()
        mails = turn(h, {roles["Д4"]: ASKING, roles["Д7"]: (*south_orders, *ASKING)})
        h.clock.advance(hours=48)
        h.run()
        mails = {a: mails[a] + _bodies(h, a) for a in mails}
        seen += [text for a in PLAYERS for text in mails[a]]
        seen += [text for text in mails[GM] if "Пост для форума" in text]
    h.daemon.close()
    return [re.sub(r"(ПАРОЛЬ|пароль:|password:) \S+", r"\1 …", text) for text in seen]


def test_a_technologys_conditions_reach_no_text_a_player_sees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("daemon.games._new_seed", lambda game_id: f"{game_id}:conditions")
    world = WARFARE.read_text(encoding="utf-8")
    other = world
    for before, after in OTHER_CONDITIONS:
        assert before in other
        other = other.replace(before, after)
    seen = _played(tmp_path / "one", world)
    assert sorted(_played(tmp_path / "other", other)) == sorted(seen)  # nothing read depends on them
    text = "\n".join(seen)
    assert "Война" in text and "ПОМОЩЬ" in text and "Возможно" in text  # help and suggestions came
    assert not re.search(r"77[,.]7|66[,.]6|55[,.]5|Тайна|Secret", text)


def test_check_data_and_a_reload_name_each_mistake_of_the_tree_by_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    world = WARFARE.read_text(encoding="utf-8")
    h = Harness(tmp_path, ruleset="tribes")
    path = tmp_path / "world.toml"
    circle = world.replace("needs = { mil = 2 }", 'needs = { mil = 2, after = ["Набеги"] }')
    path.write_text(circle.replace('at = ["hills"]', 'at = ["hills"], decided = ["Тотем"]'), encoding="utf-8")
    with h.config_path.open("a", encoding="utf-8") as config:
        config.write('data = "world.toml"\n')
    config_path = str(h.config_path)
    assert main(["check-data", "--config", config_path, GAME]) == 1
    out = capsys.readouterr().out
    assert "techs.4.needs.decided.0: «Тотем» — нет такого варианта решения" in out
    assert "techs.4.needs.decided.0: “Тотем” is no option of a decision" in out
    path.write_text(circle, encoding="utf-8")
    assert main(["check-data", "--config", config_path, GAME]) == 1
    assert "techs.2.needs: условия идут по кругу: «Война» → «Набеги» → «Война»" in capsys.readouterr().out
    path.write_text(world.replace("city = true", "limit = 1"), encoding="utf-8")
    assert main(["check-data", "--config", config_path, GAME]) == 1
    assert "ни одна технология не основывает город" in capsys.readouterr().out
    path.write_text(world, encoding="utf-8")
    assert main(["check-data", "--config", config_path, GAME]) == 0
    h.daemon.close()


def test_a_reload_with_an_effect_on_no_parameter_is_refused_and_the_tree_stays(h: Harness) -> None:
    world = h.root / "world.toml"
    world.write_text(
        world.read_text(encoding="utf-8").replace("effects = { limit = 5 }", "effects = { might = 5 }")
    )
    h.gm_mail("ДАННЫЕ")
    h.run()
    (answer,) = [body(m) for m in h.mail_to(GM) if "ДАННЫЕ" in body(m)]
    assert "не принят" in answer and "techs.4.effects.might: такого ключа нет (5)" in answer
    assert h.game.load().state["secret"]["techs"][4]["effects"]["limit"] == 5
