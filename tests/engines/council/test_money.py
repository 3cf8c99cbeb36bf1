"""Money between families (8.2–8.5): a transfer loses 20 % on the way («транзакционные издержки»),
in every stage; a family spends only what it held when the stage began, so money received in a
stage is spent from the next one on («переводы … не могут использоваться на той стадии, когда они
были произведены»)."""

from __future__ import annotations

import pytest

from engines.council import RULESET
from tests.engines.council.helpers import actions, game, parsed, refused, run, said, told


@pytest.mark.parametrize(("sent", "arrived"), [(10, 8), (7, 5), (25, 20), (1, 0)])
def test_a_fifth_of_a_transfer_is_lost_rounded_in_the_senders_disfavour(sent: int, arrived: int) -> None:
    before = game()
    result = run(before, {"Медичи": [f"ПЕРЕВЕСТИ Пацци {sent}"]})
    families = result.state["families"]
    assert families["Медичи"]["money"] == before["families"]["Медичи"]["money"] - sent
    assert families["Пацци"]["money"] == before["families"]["Пацци"]["money"] + arrived
    assert told(result, "Медичи") == [f"Вы перевели Пацци {sent}\u00a0Д, дошло {arrived}\u00a0Д."]
    assert told(result, "Пацци") == [f"Медичи перевели вам {arrived}\u00a0Д."]


def test_a_transfer_goes_to_any_family_in_any_stage_but_not_to_oneself() -> None:
    state = game()
    assert refused(state, "Медичи", "ПЕРЕВЕСТИ Орсини 10") == []
    assert refused(state, "Медичи", "ПЕРЕВЕСТИ Медичи 10") == ["council_transfer_self"]
    for stage in ("decisions", "actions"):
        state = run(state).state
        assert state["phase"] == stage
        assert refused(state, "Медичи", "ПЕРЕВЕСТИ Орсини 10") == []


def test_money_received_in_a_stage_is_spent_from_the_next_one() -> None:
    state = game()
    pazzi = state["families"]["Пацци"]["money"]
    result = run(state, {"Медичи": ["ПЕРЕВЕСТИ Пацци 25"], "Пацци": [f"СТАВКА Фактория {pazzi}"]})
    # in the same stage Pazzi could not have bid a coin more than they held when it began
    assert refused(state, "Пацци", f"СТАВКА Фактория {pazzi + 1}") == ["council_not_enough_money"]
    decisions = result.state
    received = decisions["families"]["Пацци"]["money"]
    assert received == 20  # all they had went on the bid, won at once; then the 20 of the 25 arrived
    assert refused(decisions, "Пацци", f"ПЕРЕВЕСТИ Медичи {received}") == []
    assert refused(decisions, "Пацци", f"ПЕРЕВЕСТИ Медичи {received + 1}") == ["council_not_enough_money"]


def test_transfers_and_bids_of_one_mail_share_the_money_of_the_stage() -> None:
    state = game()
    have = state["families"]["Орсини"]["money"]
    assert refused(state, "Орсини", f"ПЕРЕВЕСТИ Колонна {have - 5}", "СТАВКА Колонисты 5") == []
    assert refused(state, "Орсини", f"ПЕРЕВЕСТИ Колонна {have - 4}", "СТАВКА Колонисты 5") == [
        "council_not_enough_money_with_above"
    ]


def test_the_reply_says_what_the_money_goes_to() -> None:
    """The trial's «На ставки и переводы уходит 10 Д» was said of a guard, «30 Д» of a palace."""
    state = actions(game(), Колонна="improvements")
    money = state["families"]["Колонна"]["money"] = 60
    orders = parsed(state, "Колонна", "СОЗДАТЬ ГВАРДИЮ 1", "ПОСТРОИТЬ Умбрия Дворец")
    assert said(RULESET.summary(state, "Колонна", "actions", orders))[:3] == [
        "На гвардию уходит 10\u00a0Д.",
        "На грандиозное сооружение уходит 30\u00a0Д.",
        f"Из {money}\u00a0Д у семьи останется {money - 40}\u00a0Д.",
    ]
    planning = game()
    orders = parsed(planning, "Орсини", "СТАВКА Дипломат 3", "ПЕРЕВЕСТИ Колонна 10", "СТАВКА Фактория 5")
    assert said(RULESET.summary(planning, "Орсини", "planning", orders))[:2] == [
        "На ставки уходит 8\u00a0Д.",
        "На переводы уходит 10\u00a0Д.",
    ]
