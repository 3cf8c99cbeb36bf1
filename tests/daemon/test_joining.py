"""Joining a running game (ПРИСОЕДИНИТЬ), the names players give their powers, and a ruleset's
own lot, through the daemon on the council-like test ruleset and on coins (which refuses joins): a
newcomer is seated at a power the computer runs (handed over) but never at one a player holds, and
the rules hear which powers the joining player held before."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from daemon.outgoing.render import with_daemon_messages
from daemon.phases.start import START_RECORD, start_game
from engines.rng import Rng
from engines.text import Msg
from state.archive import MailArchive
from state.game_store import GameStore
from state.outbox import Outbox
from state.records import GameRecord
from tests.daemon.harness import GAME, GM, PLAYERS, Harness, body
from tests.daemon.test_attendance import stage
from tests.daemon.test_crash import Crash, crash_on_call
from tests.rulesets.council_like import REALMS, RULESET

ANNA, BORIS, VERA, GLEB = PLAYERS
IVAN = "ivan@test.local"


@pytest.fixture
def h(council: Harness) -> Harness:
    return council


def role(h: Harness, address: str) -> tuple[str, str]:
    """The power and password of the role mail just sent to `address`."""
    found = [re.search(r"^[А-ЯЁ]+ (.+)\nПАРОЛЬ (\S+)$", body(m), re.MULTILINE) for m in h.mail_to(address)]
    (match,) = [f for f in found if f]
    return match.group(1), match.group(2)


def test_a_joining_player_gets_a_named_power_and_a_role_mail_and_plays(h: Harness) -> None:
    assert h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван Петров; Вольные").exit_code == 0
    h.powers[IVAN], h.passwords[IVAN] = role(h, IVAN)
    assert h.powers[IVAN] == "Вольные"
    record = h.game.load()
    assert "Вольные" in record.state["powers"] and record.players["Вольные"].name == "Иван Петров"
    entry = h.game.store.history()[-1]
    assert (entry["action"], entry["command"]) == ("join", f"ПРИСОЕДИНИТЬ {IVAN} Иван Петров; Вольные")
    h.send(IVAN, h.orders(IVAN, "СТАВКА 3"))
    h.run()
    assert "Вольные" in h.game.store.orders(1, "planning")


def test_a_join_by_mail_tells_the_gm_and_is_undone_by_a_confirmed_rollback(h: Harness) -> None:
    stage(h, *PLAYERS)  # turn 1 has a turn record to roll back to
    h.gm_mail(f"ПРИСОЕДИНИТЬ {IVAN} Иван")
    h.run()
    power, _ = role(h, IVAN)
    assert power == "Дом7" and h.game.load().players[power].status == "active"
    assert any("теперь играет за" in body(m) for m in h.mail_to(GM))
    assert h.gm("ОТКАТ 1").exit_code == 1  # it would take the newcomer out: the GM confirms first
    assert power in h.game.load().players
    assert h.gm("ОТКАТ 1 ПОДТВЕРЖДАЮ").exit_code == 0
    record = h.game.load()
    assert power not in record.players and power not in record.state["powers"]


def test_joins_the_rules_refuse_and_a_player_already_in_the_game(h: Harness, tmp_path: Path) -> None:
    result = h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; {h.powers[ANNA]}")  # the rules seat him at Anna's family
    assert result.exit_code == 1 and f"уже играет {ANNA}" in result.text[0]
    record = h.game.load()
    assert record.players[h.powers[ANNA]].address == ANNA and IVAN not in str(record.players)
    assert h.gm(f"ПРИСОЕДИНИТЬ {ANNA} Анна").exit_code == 1
    (tmp_path / "coins").mkdir()
    coins = Harness(tmp_path / "coins")
    coins.start()
    result = coins.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван")
    assert result.exit_code == 1 and "новые страны во время игры не появляются" in result.text[0]
    coins.daemon.close()


def test_a_join_onto_a_family_the_computer_runs_hands_it_over_to_the_newcomer(h: Harness) -> None:
    undrawn = next(f for f in h.game.load().state["powers"] if f not in h.game.load().players)
    assert h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; {undrawn}").exit_code == 0
    assert role(h, IVAN)[0] == undrawn
    record = h.game.load()
    assert record.players[undrawn].address == IVAN and record.state["handed"] == {undrawn: False}
    assert record.state["powers"].count(undrawn) == 1


def test_a_join_onto_an_ejected_players_family_replaces_him_and_he_is_told_to_be_returned(h: Harness) -> None:
    gleb = h.powers[GLEB]
    assert h.gm(f"ИЗГНАТЬ {gleb}").exit_code == 0
    refused = h.gm(f"ПРИСОЕДИНИТЬ {GLEB} Глеб")  # his family is still in the game
    assert refused.exit_code == 1 and f"семья {gleb} ещё в игре" in refused.text[0]
    assert h.gm(f"ПРИСОЕДИНИТЬ {IVAN} Иван; {gleb}").exit_code == 0
    record = h.game.load()
    assert record.players[gleb].address == IVAN and record.players[gleb].status == "active"
    assert record.state["handed"] == {gleb: False}  # the eject handed it to the computer, the join back


def test_signups_may_name_their_power_and_setup_receives_it(council_signup: Harness) -> None:
    h = council_signup
    h.send(ANNA, "ЗАПИСЫВАЮСЬ Анна Павловна; Вольные  Сыны", subject=f"[{GAME}] запись")
    h.send(BORIS, "ЗАПИСЫВАЮСЬ Борис", subject=f"[{GAME}] запись")
    h.run()
    assert [(s.name, s.country) for s in h.game.load().signups] == [
        ("Анна Павловна", "Вольные Сыны"),
        ("Борис", ""),
    ]
    start_game(h.game, h.daemon.postman, h.clock())
    record = h.game.load()
    anna = record.player_by_address(ANNA)
    assert anna is not None and record.state["names"] == {anna.power: "Вольные Сыны"}


def test_the_lot_spreads_played_families_evenly_with_one_ruling_family_each(h: Harness) -> None:
    record = h.game.load()
    played = set(record.players)
    for families in REALMS.values():
        assert len(played.intersection(families)) == 2
    assert {realm: record.state["ruling"][realm] in played for realm in REALMS} == dict.fromkeys(REALMS, True)
    draws = h.game.store.read_turn_record(START_RECORD)["draws"]
    purposes = [with_daemon_messages(h.game.catalog).render(Msg.from_json(d["purpose"]), "ru") for d in draws]
    assert purposes[0] == "жребий: порядок держав" and "правящая семья" in purposes[-1]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_council_lot_is_even_for_any_number_of_players(players: int) -> None:
    for seed in range(20):
        drawn = RULESET.draw(RULESET.playable_powers(players), players, Rng(f"s{seed}"))[:players]
        counts = [len(set(drawn).intersection(families)) for families in REALMS.values()]
        assert sorted(drawn) == sorted(set(drawn)) and max(counts) - min(counts) <= 1


def _newcomer_with_mail_id(record: GameRecord) -> bool:
    return any(p.address == IVAN and p.role_mail for p in record.players.values())


JOIN_CRASHES: dict[str, tuple[type, str, Callable[..., bool]]] = {
    "after the join is saved, before its history line": (
        GameStore,
        "append_history",
        lambda entry: entry["action"] == "join",
    ),
    "after the history line, before the password is saved": (GameStore, "save", _newcomer_with_mail_id),
    "after the password is saved, before the role mail is queued": (
        Outbox,
        "enqueue",
        lambda mail: "-role-" in mail.id,
    ),
    "after the role mail is queued, before the reply": (Outbox, "enqueue", lambda mail: "reply-" in mail.id),
    "after the reply, before the done marker": (MailArchive, "mark_done", lambda *_: True),
}


@pytest.mark.parametrize("moment", list(JOIN_CRASHES))
def test_a_crash_at_any_step_of_a_join_by_mail_gives_one_power_one_role_mail_and_one_reply(
    h: Harness, monkeypatch: pytest.MonkeyPatch, moment: str
) -> None:
    before = set(h.game.load().players)
    h.gm_mail(f"ПРИСОЕДИНИТЬ {IVAN} Иван")
    crash_on_call(monkeypatch, *JOIN_CRASHES[moment])
    with pytest.raises(Crash):
        h.run()
    h.restart()
    h.run()  # the mail is still in the inbox: handled again
    record = h.game.load()
    (power,) = set(record.players) - before
    assert record.state["powers"].count(power) == 1
    found = [re.search(r"Ваш пароль: (\S+)", body(m)) for m in h.mail_to(IVAN)]
    (password,) = [f.group(1) for f in found if f]
    assert h.game.passwords.check(password, record.players[power].password_hash)
    assert [e["action"] for e in h.game.store.history()].count("join") == 1
    assert len([m for m in h.mail_to(GM) if "теперь играет за" in body(m)]) == 1
