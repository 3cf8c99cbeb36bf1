"""The Rus GM's own rule inputs by mail and command line: ending a war (ЗАМИРИТЬ) and lifting an
occupation (ОСВОБОДИТЬ) go through the rules' peace and liberation, are audited, reach the players
in the next turn's report and are undone by ОТКАТ; what the rules refuse comes back with why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.rus.data import DATA
from engines.rus.world import provinces_of
from engines.russian import by_gender, inflect
from tests.daemon.harness import GM, PLAYERS, Harness, body, everyone
from tests.engines.rus.helpers import typed


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    """A Rus game at turn 1 in which a player is at war with a computer neighbour and holds
    one of its provinces with 5 men."""
    harness = Harness(tmp_path, ruleset="rus")
    harness.start()
    record = harness.game.load()
    ai = record.state["ai"]
    power, taken = next(
        (power, p)
        for power in record.players
        for home in provinces_of(typed(record.state), power)
        for p in DATA.adjacency[home]
        if DATA.province(p).owner in ai
    )
    occupy(harness, power, taken)
    yield harness
    harness.daemon.close()


def occupy(h: Harness, power: str, taken: str) -> None:
    """`power` at war with the owner of `taken`, holding it with 5 men."""
    record = h.game.load()
    state = record.state
    state["wars"] = [
        *(w for w in state["wars"] if set(w) != {power, DATA.province(taken).owner}),
        [power, DATA.province(taken).owner],
    ]
    state["occupied"][taken] = power
    state["countries"][power]["posts"][taken] = 5
    h.game.store.save(record)


FORMS = DATA.forms


def _of(name: str) -> str:
    """`name` in the genitive, as the rules' sentences put it («война Переяславля и Киева»)."""
    return inflect(name, "род", FORMS)


def _with(name: str) -> str:
    return inflect(name, "твор", FORMS)


def _sides(h: Harness) -> tuple[str, str, str]:
    state = h.game.load().state
    ((taken, power),) = state["occupied"].items()
    return power, DATA.province(taken).owner, taken


def test_the_gm_ends_a_war_as_the_rules_peace_does_and_rollback_brings_it_back(h: Harness) -> None:
    power, enemy, taken = _sides(h)
    everyone(h, "НЕТ ДЕЙСТВИЙ")
    assert h.run().resolved == 1  # turn 1 resolved: a record to roll back to
    occupy(h, power, taken)  # the computer may have made peace or retaken the province meanwhile
    before = h.game.load().state
    done = h.gm(f"ЗАМИРИТЬ {power} {enemy}", reason="договорились на форуме")
    assert done.exit_code == 0
    assert f"Война {_of(power)} и {_of(enemy)} окончена белым миром" in done.text[0]
    state = h.game.load().state
    assert {power, enemy} not in [set(w) for w in state["wars"]] and taken not in state["occupied"]
    assert state["influence"][power][enemy] == before["influence"][power][enemy] + DATA.diplomacy.white_peace
    assert state["countries"][power]["stability"] == before["countries"][power]["stability"] + 1
    entry = h.game.store.history()[-1]
    assert (entry["action"], entry["reason"]) == ("rule", "договорились на форуме")
    assert h.gm("ОТКАТ 1").exit_code == 0
    restored = h.game.load().state
    assert restored["wars"] == [[power, enemy]] and restored["occupied"] == {taken: power}  # as before turn 1


def test_the_next_report_tells_the_players_of_the_gms_peace(h: Harness) -> None:
    power, enemy, _ = _sides(h)
    h.gm_mail(f"MAKE PEACE {enemy} {power} {power}")  # an unequal peace: the player won
    h.run()
    won, lost = (
        by_gender(power, "победил|победила|победило|победили", FORMS),
        by_gender(enemy, "побеждён|побеждена|побеждено|побеждены", FORMS),
    )
    assert any(f"{power} {won}, {enemy} {lost}" in body(m) for m in h.mail_to(GM))
    assert h.game.load().state["defeated"] == {enemy: 1}
    everyone(h, "НЕТ ДЕЙСТВИЙ")
    assert h.run().resolved == 1
    address = next(a for a in PLAYERS if h.powers[a] == power)
    report = next(body(m) for m in h.mail_to(address) if "Итоги хода 1" in body(m))
    assert f"Мир между {_with(enemy)} и {_with(power)} заключён" in report
    assert "gm_events" not in h.game.load().state


def test_the_gm_lifts_an_occupation_and_the_occupiers_druzhina_goes_home(h: Harness) -> None:
    power, enemy, taken = _sides(h)
    home = DATA.power(power).capital
    men = h.game.load().state["countries"][power]["posts"].get(home, 0)
    done = h.gm(f"ОСВОБОДИТЬ {taken}")
    assert done.exit_code == 0 and f"Оккупация провинции {taken} ({power}) снята" in done.text[0]
    state = h.game.load().state
    assert state["occupied"] == {} and state["wars"] == [[power, enemy]]  # the war goes on
    assert taken not in state["countries"][power]["posts"]
    assert state["countries"][power]["posts"][home] == men + 5
    assert h.game.store.history()[-1]["action"] == "rule"


def test_what_the_rules_cannot_do_is_refused_with_the_reason(h: Harness) -> None:
    power, enemy, _ = _sides(h)
    other = next(p.name for p in DATA.powers if p.name not in (power, enemy))
    free = DATA.power(other).capital
    occupied = by_gender(free, "оккупирован|оккупирована|оккупировано|оккупированы", FORMS)
    state = h.game.load().state
    cases = {
        f"ЗАМИРИТЬ {power} {other}": f"{power} и {other} не воюют между собой",
        f"ЗАМИРИТЬ {power} {enemy} {other}": f"{other} не сторона войны {_of(power)} и {_of(enemy)}",
        f"ОСВОБОДИТЬ {free}": f"{free} не {occupied}: провинцию держит сам владелец ({other})",
    }
    for line, reason in cases.items():
        done = h.gm(line)
        assert done.exit_code == 1 and reason in done.text[0], done.text
    assert h.game.load().state == state
    assert [e["action"] for e in h.game.store.history()].count("rule") == 0
    h.gm_mail(f"LIBERATE {free}")
    h.run()
    assert any("is not occupied" in body(m) for m in h.mail_to(GM))
