"""A turn: the rulebook's nine steps («Порядок действий во время хода»), each done for every tribe
in the turn's lot order («Очередность хода игроков определяется Ведущим по жребию каждый ход.
Каждое действие выполняется по порядку для всех игроков, затем переходят к следующему»):

1. the technologies discovered last turn take effect (and the computer's tribes are kept);
2. the children are given to the strata (and the emergency conversions made);
3. communities split for lack of ЛЧ;
4. interactions between communities but war: merging, isolation and faith, joining another tribe
   by consent, assimilation, food exchange (gifts are given from the food left, after step 5);
5. food: gathering, eating, growth and famine;
6. development: points and technologies;
7. natural mortality;
8. wars, raids, losses and plunder;
9. the moves of communities not attacked;

and after them: the migration ordered starts or ends, decisions are taken, communities break away
beyond ЛР, vanish or die out, each tribe looks around, a vote on a former player's return is
counted. A technology founding a city ends the game. Pure: the state
is copied and every draw goes through `rng`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from engines.contract import Command, Resolution
from engines.rng import Rng
from engines.toolkit import standing_orders
from engines.tribes import (
    ai,
    aims,
    decisions,
    diplomacy,
    division,
    growth,
    marching,
    scoring,
    sight,
    votes,
    war,
)
from engines.tribes.checks import check
from engines.tribes.development import develop, gains, take_effect
from engines.tribes.level import level_of
from engines.tribes.said import Story, msg
from engines.tribes.state import State


def resolve(state: State, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng) -> Resolution[State]:
    after = copy.deepcopy(state)
    story = Story(state["powers"])
    alive = [p for p in state["powers"] if not state["tribes"][p]["extinct"]]
    standing = {p: _standing(state, p, phase, orders.get(p, ()), story) for p in alive}
    turn = state["turn"]
    lot = rng.shuffled(alive, msg("tribes.draw_order", turn=turn))
    for place, power in enumerate(lot, 1):
        story.tell(power, "tribes.lot", place=place, count=len(lot))
    levels = {p: level_of(after, p) for p in lot}

    def each(name: str) -> dict[str, list[Command]]:
        return {p: [c for c in standing[p] if c.name == name] for p in lot}

    for power in lot:  # 1
        take_effect(after, power, story)
    ai.upkeep(after)
    for power in lot:  # 2
        mine = [c for c in standing[power] if c.name in ("children", "convert")]
        growth.raise_children(after, power, levels[power], mine, story)
    ways = {p: marching.plans(after, p, standing[p]) for p in lot}
    for power in lot:  # 3
        division.split(after, power, levels[power], rng, story, ways[power])
    merges = each("merge")
    for power in lot:  # 4
        division.merge(after, power, levels[power], merges[power], story)
    dealt = diplomacy.interact(after, lot, standing, story)
    for power in lot:  # 5
        exchange = {n: more for (p, n), more in dealt.exchange.items() if p == power}
        growth.feed(after, power, levels[power], story, exchange)
    diplomacy.give(after, dealt.gifts, story)
    gained = {power: gains(after, power) for power in lot}  # 6, all read at the step's start
    for power in lot:
        develop(after, power, story, gained[power])
        decisions.offer(after, power, story)
    died = {power: growth.age(after, power, levels[power], story) for power in lot}  # 7
    for power in (p for p in state["powers"] if died.get(p)):
        story.log("tribes.log_died", power=power, dead=died[power])
    attacked: set[tuple[str, int]] = set()
    attacks = {p: [c for c in standing[p] if c.name in ("war", "raid")] for p in lot}
    for power in lot:  # 8
        war.fight(after, power, attacks[power], attacked, gained, story)
    walks = each("move")
    for power in lot:  # 9
        marching.march(after, power, walks[power], {n for p, n in attacked if p == power}, story)
    for power in lot:
        _end(after, power, standing[power], story)
    votes.count(after, standing, lot, story)
    votes.announce(after, story)
    _found_city(after, lot, story)
    after["turn"] = turn + 1
    for power in lot:
        if not after["tribes"][power]["extinct"]:
            growth.forewarn(after, power, story)
    return Resolution(after, story.reports, story.news, story.gm_log)


def _standing(
    state: State, power: str, phase: str, commands: Sequence[Command], story: Story
) -> list[Command]:
    """The orders that stand, each as aimed (its community and cell spelt out); a line the turn
    refuses (the state changed since the mail) is told."""
    valid, problems = standing_orders(check, state, power, phase, commands)
    for problem in problems:
        story.tell(power, "tribes.refused", line=problem.line)
        story.reports[power].append(problem.msg)
    aimed = [aims.aimed(state, power, cmd) for cmd in valid]  # the check took each as aimed
    return [cmd for cmd in aimed if isinstance(cmd, Command)]


def _end(state: State, power: str, commands: Sequence[Command], story: Story) -> None:
    tribe = state["tribes"][power]
    for cmd in commands:
        if cmd.name in ("migrate", "settle"):
            tribe["migrating"] = cmd.name == "migrate"
            story.tell(power, f"tribes.{cmd.name}_next")
    decisions.take(state, power, [c for c in commands if c.name == "choose"], story)
    division.settle_the_turn(state, power, level_of(state, power), story)
    met = sight.look(state, power)
    if met:
        story.tell(power, "tribes.met", tribes=", ".join(met))


def _found_city(state: State, lot: Sequence[str], story: Story) -> None:
    """«Игра оканчивается, когда хотя бы один из игроков создаст город»: a technology founding a
    city discovered this turn ends the game after it."""
    for power in lot:
        founded = [
            tech
            for tech in state["secret"]["techs"]
            if tech["effects"]["city"] and state["tribes"][power]["techs"].get(tech["name"]) == state["turn"]
        ]
        if founded and not state["over"]:
            state["over"], state["city"] = True, power
            story.announce("tribes.city")
            story.announce("tribes.winners", winners=", ".join(scoring.winners(state)))
            story.log("tribes.log_city", power=power)
