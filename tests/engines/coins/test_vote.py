"""«Голосования»: the most influential power proposes one of twelve projects; influence decides."""

from __future__ import annotations

from typing import Any

from engines.coins import RULESET
from engines.coins.data import DATA
from engines.coins.voting import EFFECTS
from engines.coins.world import partners
from engines.contract import JSON
from engines.rng import Rng
from tests.engines.coins.helpers import CN, EU, RU, US, country, game, problems, run, setc, typed
from tests.engines.helpers import codes, mail, o


def chaired(chair: str = US, **influence: int) -> JSON:
    """Talks of turn 3 with `chair` holding the right to propose and these influences."""
    state = game(3, "talks")
    state["chair"] = chair
    for power, value in zip(
        (US, CN, RU, EU), (influence.get(k, 0) for k in ("us", "cn", "ru", "eu")), strict=True
    ):
        setc(state, power, influence=value)
    return state


def passed(state: JSON, proposal: str, **args: Any) -> JSON:
    """US proposes; US and Китай vote for (influence 5 + 1) against Россия (2): it passes."""
    setc(state, US, influence=5)
    setc(state, CN, influence=1)
    setc(state, RU, influence=2)
    state = run(state, {US: mail(o("propose", proposal=proposal, **args))}).state
    assert state["phase"] == "vote"
    votes = {CN: mail(o("vote", choice="ЗА")), RU: mail(o("vote", choice="ПРОТИВ"))}
    state = run(state, votes).state
    assert state["passed"][-1]["name"] == proposal
    assert state["phase"] == "orders"
    return state


def test_twelve_proposals_each_with_an_effect() -> None:
    assert len(DATA.proposals) == 12
    assert {p.effect for p in DATA.proposals} <= set(EFFECTS)


def test_only_the_most_influential_power_may_propose() -> None:
    state = chaired(US)
    assert problems(state, CN, o("propose", proposal="Трибунал", target=US)) == ["not_chair"]
    assert problems(state, US, o("propose", proposal="Трибунал", target=CN)) == []


def test_chair_is_the_highest_influence() -> None:
    state = game(1, "orders")
    state = run(state, {RU: mail(o("invest", line="Влияние", amount=1))}).state
    assert state["chair"] == RU


def test_influence_tie_goes_to_the_wealthier() -> None:
    state = game(1, "orders")
    orders = {
        RU: mail(o("invest", line="Влияние", amount=1)),
        EU: mail(o("invest", line="Влияние", amount=1), o("give", power=US, amount=1)),
    }
    assert run(state, orders).state["chair"] == RU


def test_influence_and_wealth_tie_is_drawn_by_lot_and_logged() -> None:
    state = game(1, "orders")
    rng = Rng("lot")
    result = RULESET.resolve(state, "orders", {}, rng)
    assert result.state["chair"] in (US, CN, RU, EU)
    assert "chair_lot" in codes(result.gm_log)
    assert rng.log and rng.log[0].values == (result.state["chair"],)


def test_no_proposal_skips_the_vote_phase() -> None:
    assert run(chaired()).state["phase"] == "orders"


def test_voting_without_a_proposal_is_refused() -> None:
    state = chaired()
    state["phase"] = "vote"
    assert problems(state, CN, o("vote", choice="ЗА")) == ["no_proposal"]


def test_influence_for_against_influence_against_decides() -> None:
    state = chaired(US, us=3, cn=2, ru=4)
    state = run(state, {US: mail(o("propose", proposal="Трибунал", target=RU))}).state
    result = run(state, {CN: mail(o("vote", choice="ЗА")), RU: mail(o("vote", choice="ПРОТИВ"))})
    assert "vote_passed" in codes(result.news)  # 3 + 2 against 4
    assert country(result.state, RU)["vp"]["tribunal"] == -2


def test_abstaining_counts_for_nothing_and_a_tie_fails() -> None:
    state = chaired(US, us=3, cn=5, ru=3)
    state = run(state, {US: mail(o("propose", proposal="Трибунал", target=RU))}).state
    result = run(state, {RU: mail(o("vote", choice="ПРОТИВ"))})
    assert "vote_failed" in codes(result.news)
    assert not result.state["passed"]


def test_passed_proposal_gives_the_proposer_2_vp() -> None:
    state = passed(chaired(), "Ограничение вооружений")
    assert country(state, US)["vp"]["proposals"] == 2


def test_humanitarian_aid_everyone_gives_x_1_coin() -> None:
    state = passed(chaired(), "Гуманитарная помощь", target=EU)
    assert [country(state, p)["coins"] for p in (US, CN, RU, EU)] == [7, 7, 7, 11]


def test_transfer_of_territories_x_gives_y_a_colony() -> None:
    state = chaired()
    state["colonies"]["Исландия"] = RU
    state = passed(state, "Передача территорий", target="Исландия", recipient=CN)
    assert state["colonies"]["Исландия"] == CN


def test_transfer_of_territories_needs_an_owned_colony() -> None:
    refused = problems(
        chaired(), US, o("propose", proposal="Передача территорий", target="Исландия", recipient=CN)
    )
    assert refused == ["proposal_neutral_colony"]


def test_damages_x_pays_y_the_sum() -> None:
    state = passed(chaired(), "Компенсация ущерба", target=RU, recipient=CN, amount=3)
    assert (country(state, RU)["coins"], country(state, CN)["coins"]) == (5, 11)


def test_damages_needs_a_sum() -> None:
    refused = problems(chaired(), US, o("propose", proposal="Компенсация ущерба", target=RU, recipient=CN))
    assert refused == ["proposal_needs_amount"]


def test_arms_limitation_at_most_1_coin_into_the_army_this_turn() -> None:
    state = passed(chaired(), "Ограничение вооружений")
    assert problems(state, CN, o("invest", line="Армия", amount=2)) == ["arms_limited"]
    assert problems(state, CN, o("invest", line="Армия", amount=1)) == []
    state = run(run(state).state).state  # the next turn's orders: the limit is gone
    assert state["phase"] == "orders"
    assert problems(state, CN, o("invest", line="Армия", amount=3)) == []


def test_immunity_x_cannot_be_attacked_this_turn() -> None:
    state = chaired()
    state["colonies"]["Исландия"] = CN
    state = passed(state, "Неприкосновенность", target=CN)
    setc(state, RU, army=4)
    assert problems(state, RU, o("attack", target=CN, army=1)) == ["target_immune"]
    assert problems(state, RU, o("attack", target="Исландия", army=1)) == ["target_immune"]
    assert run(state).state["effects"]["immune"] == []


def test_disarmament_x_cannot_attack_this_turn() -> None:
    state = passed(chaired(), "Разоружение", target=RU)
    setc(state, RU, army=4)
    assert problems(state, RU, o("attack", target="Исландия", army=1)) == ["disarmed"]


def test_loss_of_vote_x_has_no_influence_next_turn() -> None:
    state = passed(chaired(), "Лишение права голоса", target=RU)
    setc(state, RU, perk="Политик")
    state = run(state, {RU: mail(o("invest", line="Влияние", amount=3))}).state
    assert country(state, RU)["influence"] == 0
    state = run(run(state).state, {RU: mail(o("invest", line="Влияние", amount=3))}).state
    assert country(state, RU)["influence"] == 4 + 1  # the turn after, influence is back


def test_un_secretary_general_x_doubles_influence_next_turn() -> None:
    state = passed(chaired(), "Выборы генсека ООН", target=RU)
    state = run(state, {RU: mail(o("invest", line="Влияние", amount=2))}).state
    assert country(state, RU)["influence"] == 3 * 2


def test_international_commission_shows_x_to_everyone() -> None:
    state = chaired()
    setc(state, EU, army=3, techs=["Кибершпионаж"])
    state = passed(state, "Международная комиссия", target=EU)
    assert state["effects"]["commission"][EU]["army"] == 3
    assert RULESET.view(state, CN)["commission"][0]["techs"] == ["Кибершпионаж"]


def test_tribunal_x_loses_2_vp() -> None:
    state = chaired()
    before = RULESET.scores(state)[RU]
    state = passed(state, "Трибунал", target=RU)
    assert RULESET.scores(state)[RU] == before - 2


def test_sanctions_x_loses_all_trade_alliances() -> None:
    state = chaired()
    state["alliances"] = [
        {"kind": "trade", "powers": [US, RU]},
        {"kind": "trade", "powers": [CN, RU]},
        {"kind": "military", "powers": [CN, RU]},
    ]
    state = passed(state, "Санкции", target=RU)
    assert partners(typed(state), "trade", RU) == []
    assert partners(typed(state), "military", RU) == [CN]


def test_external_administration_others_decide_x_funding() -> None:
    state = passed(chaired(), "Внешнее управление", target=RU)
    assert problems(state, RU, o("invest", line="Армия", amount=1)) == ["funding_external"]
    assert problems(state, RU, o("give", power=CN, amount=1)) == ["transfer_external"]
    assert problems(state, CN, o("manage", power=US, line="Армия", amount=1)) == ["not_external"]
    orders = {
        US: mail(o("manage", power=RU, line="Армия", amount=3)),
        CN: mail(
            o("manage", power=RU, line="Армия", amount=1), o("manage", power=RU, line="Наука", amount=2)
        ),
        EU: mail(o("manage", power=RU, line="Армия", amount=2)),
    }
    state = run(state, orders).state
    assert country(state, RU)["funding"]["Армия"] == 2  # the median of 3, 1, 2
    assert country(state, RU)["funding"]["Наука"] == 0  # the median of 0, 2, 0


def test_a_vote_reply_says_nothing_of_coins_it_does_not_spend() -> None:
    state = run(chaired(US, us=5, cn=1, ru=2), {US: mail(o("propose", proposal="Трибунал", target=CN))}).state
    assert state["phase"] == "vote"
    said = RULESET.summary(state, RU, "vote", mail(o("vote", choice="ПРОТИВ")))
    assert [m.code for m in said] == []
    spent = RULESET.summary(game(2, "orders"), RU, "orders", mail(o("invest", line="Армия", amount=2)))
    assert [m.code for m in spent] == ["summary_coins"]
