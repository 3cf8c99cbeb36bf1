"""Orders with pair-list arguments through the daemon by mail, on the council-like test ruleset's
ВОЙСКА (up to three army–family pairs): accepted, echoed in normal form and summed up; a wrong
half refused by its pair with a guess; kept whole through the stage's resolution."""

from __future__ import annotations

import pytest

from engines.contract import Command
from tests.daemon.harness import GM, PLAYERS, Harness, body, flat
from tests.daemon.test_attendance import stage

ANNA = PLAYERS[0]


@pytest.fixture
def h(council: Harness) -> Harness:
    stage(council, *PLAYERS)  # planning
    stage(council, *PLAYERS)  # decisions: now the actions stage collects orders
    return council


def reply(h: Harness, *lines: str) -> str:
    h.mail_to(ANNA)
    h.send(ANNA, h.orders(ANNA, *lines))
    h.run()
    return "\n".join(body(m) for m in h.mail_to(ANNA))


def test_pairs_are_accepted_echoed_and_summed_up(h: Harness) -> None:
    assert h.game.load().phase == "actions"
    text = reply(h, "войска army1 МЕДИЧИ,Армия2   «Сфорца»")
    assert "ВОЙСКА Армия1 Медичи, Армия2 Сфорца" in text
    assert "Армия1 поддерживает семью Медичи" in text and "Армия2 поддерживает семью Сфорца" in text


def test_the_pairs_are_kept_whole_through_the_resolution(h: Harness) -> None:
    reply(h, "ВОЙСКА Армия3 Орсини, Армия1 Строцци")
    h.mail_to(GM)
    stage(h, *PLAYERS[1:])  # the others act too, so the stage is not held for mass silence
    records = [h.game.store.read_turn_record(name) for name in h.game.store.turn_records()]
    [actions] = [r for r in records if r.get("phase") == "actions"]
    [stored] = actions["orders"][h.powers[ANNA]]["commands"]
    assert Command.from_json(stored).pairs == {"troops": (("Армия3", "Орсини"), ("Армия1", "Строцци"))}
    assert any("ВОЙСКА Армия3 Орсини, Армия1 Строцци" in body(m) for m in h.mail_to(GM))


def test_a_wrong_half_is_refused_by_its_pair_with_a_guess(h: Harness) -> None:
    text = reply(h, "ВОЙСКА Армия1 Медичи, Армия2 Медичы", "ВОЙСКА Армия3")
    text = flat(text)
    assert "После «Армия2» не подходит «Медичы»" in text
    assert "Медичи" in text.split("«Медичы»")[1].split("Строка")[0]
    assert "После «Армия3» не хватает ещё одного названия" in text and "пара" not in text


def test_the_rules_refuse_an_army_named_twice(h: Harness) -> None:
    text = reply(h, "TROOPS Army1 Медичи, Army1 Сфорца")
    assert "Армия1 названа дважды" in text
