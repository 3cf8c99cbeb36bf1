"""Step 4, the interactions between communities but war («VIII. Взаимодействие между племенами»):
food exchange, gifts of food, isolation, a small community joining another tribe's by consent,
assimilating a computer's tribe, and a tribe's faith written down. «Для применения любого
дипломатического действия достаточно, что бы лишь одна сторона знала нужную технологию. После этого
вторая сторона получит эту технологию автоматически» (`hand_on`).

- Exchange: «если обе стороны согласны обмениваться едой, то каждая из них получает 5% бонус к
  добыче еды (этот бонус суммируется …)»: both players order it this turn; a computer's tribe
  «всегда согласны на это, это улучшает взаимоотношения на 20 ед.».
- Gifts: «в любом доступном количестве … (игромеханически это представлено как передача детей),
  согласия … не требуется»: given from the food left this turn, after step 5; to a computer's tribe
  «улучшать с ними взаимоотношения (1 к одному)».
- Joining by consent: «игроки могут позволять друг другу присоединять свои общины с численностью
  менее 1/3 от ЛЧ, в т.ч. последнюю общину»: УСТУПИТЬ by the giver and ПРИНЯТЬ by the taker, the
  same turn.
- Assimilation: «достигло 100 ед взаимоотношений с АИ-общиной и имеет свободный ЛО … войдет в
  состав племени, полностью сохранив свой стратовый состав и численность».
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engines.contract import Command
from engines.tribes import community as numbers
from engines.tribes import contact, division, sight
from engines.tribes.data import DATA
from engines.tribes.level import level_of
from engines.tribes.said import Story
from engines.tribes.state import AiTribe, Community, State

C = DATA.contact
MOST_FAITH = 600  # the most characters of a tribe's written faith (ours: a bound)


@dataclass
class Gift:
    power: str
    community: Community
    to: contact.Neighbour
    food: int


@dataclass
class Interactions:
    """What step 4 leaves for step 5: each community's exchange bonus (%) and the gifts to give."""

    exchange: dict[tuple[str, int], int] = field(default_factory=dict)
    gifts: list[Gift] = field(default_factory=list)


def relate(ai: AiTribe, power: str, more: int) -> int:
    """A computer's tribe's relations with `power` changed by `more`, within 0–100; the new value."""
    ai["relations"][power] = max(0, min(C.most_relations, ai["relations"].get(power, 0) + more))
    return ai["relations"][power]


def _ai(state: State, name: str) -> AiTribe | None:
    return next((a for a in state["ai"] if a["name"] == name), None)


def opening_tech(state: State, power: str, command: str) -> str:
    """The first technology `power` knows that opens `command` ("" if none)."""
    known = state["tribes"][power]["techs"]
    return next(
        (
            t["name"]
            for t in state["secret"]["techs"]
            if command in t["effects"]["commands"] and t["name"] in known
        ),
        "",
    )


def hand_on(state: State, power: str, target: contact.Neighbour, command: str, story: Story) -> None:
    """The other side of a diplomatic action learns the technology that opened it, without its
    points or prerequisites (and without its prerequisites themselves)."""
    from engines.tribes.development import describe

    if not target.player:
        return
    tech_name = opening_tech(state, power, command)
    tribe = state["tribes"][target.owner]
    if not tech_name or tech_name in tribe["techs"]:
        return
    tribe["techs"][tech_name] = state["turn"]
    tech = next(t for t in state["secret"]["techs"] if t["name"] == tech_name)
    story.tell(target.owner, "tribes.handed_on", tech=tech_name, effects=describe(state, tech), tribe=power)


def usable(state: State, power: str, command: str, other: str = "") -> bool:
    """Whether `power` may give an order opened by a technology: it knows one, or (for all but war
    and raids) the tribe it deals with does."""
    if command in level_of(state, power).commands:
        return True
    return (
        command not in ("war", "raid")
        and other in state["tribes"]
        and command in level_of(state, other).commands
    )


def interact(
    state: State, lot: Sequence[str], standing: Mapping[str, Sequence[Command]], story: Story
) -> Interactions:
    """Step 4 for every tribe in the lot's order."""
    done = Interactions()
    for power in lot:
        _declare(state, power, standing[power], story)
    _join_by_consent(state, lot, standing, story)
    for power in lot:
        for cmd in (c for c in standing[power] if c.name == "assimilate"):
            _assimilate(state, power, cmd, story)
    for power in lot:
        for cmd in (c for c in standing[power] if c.name in ("exchange", "gift")):
            own = _community(state, power, int(cmd.args["community"]))
            target = contact.on_cell(state, power, own, str(cmd.args["cell"])) if own else None
            if own is None or target is None:
                continue
            if cmd.name == "gift":
                done.gifts.append(Gift(power, own, target, int(cmd.args["count"])))
            elif _agreed(state, power, own, target, standing):
                done.exchange[(power, own["number"])] = (
                    done.exchange.get((power, own["number"]), 0) + C.exchange
                )
                _exchanged(state, power, own, target, story)
            else:
                story.tell(power, "tribes.exchange_refused", community=own["number"], tribe=target.owner)
    return done


def _community(state: State, power: str, number: int) -> Community | None:
    return next((c for c in state["tribes"][power]["communities"] if c["number"] == number), None)


def _declare(state: State, power: str, commands: Sequence[Command], story: Story) -> None:
    """Isolation declared or ended, and the faith the player wrote (its lines in order, one text)."""
    tribe = state["tribes"][power]
    for cmd in commands:
        if cmd.name in ("isolate", "mingle"):
            tribe["isolated"] = cmd.name == "isolate"
            story.tell(power, f"tribes.{cmd.name}d")
    faith = " ".join(str(c.args["text"]).strip() for c in commands if c.name == "faith")
    if faith:
        tribe["faith"] = faith[:MOST_FAITH]
        story.tell(power, "tribes.faith_kept")


def _agreed(
    state: State,
    power: str,
    own: Community,
    target: contact.Neighbour,
    standing: Mapping[str, Sequence[Command]],
) -> bool:
    """A computer's tribe always agrees; a player's, when it ordered the same exchange back."""
    if not target.player:
        return True
    return any(
        c.name == "exchange"
        and int(c.args["community"]) == target.community["number"]
        and str(c.args["cell"]) == own["cell"]
        for c in standing.get(target.owner, ())
    )


def _exchanged(state: State, power: str, own: Community, target: contact.Neighbour, story: Story) -> None:
    ai = _ai(state, target.owner)
    if ai is not None:
        relations = relate(ai, power, C.ai_exchange)
        story.tell(
            power,
            "tribes.exchange_ai",
            community=own["number"],
            tribe=target.owner,
            relations=relations,
            percent=C.exchange,
        )
    else:
        hand_on(state, power, target, "exchange", story)
        story.tell(power, "tribes.exchange", community=own["number"], tribe=target.owner, percent=C.exchange)


def give(state: State, gifts: Sequence[Gift], story: Story) -> None:
    """After step 5: each gift from the food its community has left (next turn's children)."""
    for gift in gifts:
        food = min(gift.food, gift.community["children"])
        gift.community["children"] -= food
        ai = _ai(state, gift.to.owner)
        number = gift.community["number"]
        if ai is not None:
            relations = relate(ai, gift.power, food * C.ai_gift)
            story.tell(
                gift.power,
                "tribes.gift_ai",
                community=number,
                tribe=ai["name"],
                food=food,
                relations=relations,
            )
            continue
        if (
            gift.to.owner in state["tribes"]
            and gift.to.community in state["tribes"][gift.to.owner]["communities"]
        ):
            gift.to.community["children"] += food
            hand_on(state, gift.power, gift.to, "gift", story)
            story.tell(gift.power, "tribes.gift", community=number, tribe=gift.to.owner, food=food)
            story.tell(
                gift.to.owner,
                "tribes.gift_taken",
                community=gift.to.community["number"],
                tribe=gift.power,
                food=food,
            )


def _join_by_consent(
    state: State, lot: Sequence[str], standing: Mapping[str, Sequence[Command]], story: Story
) -> None:
    """Each УСТУПИТЬ met by the taker's ПРИНЯТЬ the same turn, checked with this turn's numbers."""
    for giver in lot:
        for cmd in (c for c in standing[giver] if c.name == "cede"):
            given = _community(state, giver, int(cmd.args["community"]))
            target = contact.on_cell(state, giver, given, str(cmd.args["cell"])) if given else None
            if given is None or target is None or not target.player:
                continue
            taker, into = target.owner, target.community
            accepted = any(
                c.name == "accept"
                and int(c.args["community"]) == into["number"]
                and str(c.args["cell"]) == given["cell"]
                for c in standing.get(taker, ())
            )
            if not accepted:
                story.tell(giver, "tribes.cede_unanswered", community=given["number"], tribe=taker)
                continue
            giving = state["tribes"][giver]
            small = numbers.mergeable(state, level_of(state, giver), given, giving["migrating"])
            taking_limit = numbers.limit(
                state, level_of(state, taker), into, state["tribes"][taker]["migrating"]
            )
            if not small or numbers.people(given) + numbers.people(into) > taking_limit:
                story.tell(giver, "tribes.cede_failed", community=given["number"], tribe=taker)
                story.tell(taker, "tribes.accept_failed", community=into["number"], tribe=giver)
                continue
            division.absorb(into, given)
            into["elders"] = numbers.elders(level_of(state, taker), into, state["tribes"][taker]["migrating"])
            giving["communities"].remove(given)
            hand_on(state, giver, target, "annex", story)
            story.tell(giver, "tribes.ceded", community=given["number"], tribe=taker)
            story.tell(
                taker, "tribes.accepted", community=into["number"], tribe=giver, people=numbers.people(into)
            )
            story.log("tribes.log_ceded", power=giver, tribe=taker)


def _assimilate(state: State, power: str, cmd: Command, story: Story) -> None:
    own = _community(state, power, int(cmd.args["community"]))
    target = contact.on_cell(state, power, own, str(cmd.args["cell"])) if own else None
    ai = _ai(state, target.owner) if target else None
    if own is None or ai is None:
        return
    tribe = state["tribes"][power]
    level = level_of(state, power)
    if ai["relations"].get(power, 0) < C.assimilate or len(tribe["communities"]) >= level.communities:
        story.tell(power, "tribes.assimilate_failed", tribe=ai["name"], most=level.communities)
        return
    state["ai"].remove(ai)
    taken = {c["number"] for c in tribe["communities"]}
    joined: Community = {
        **ai["community"],
        "number": next(n for n in range(1, len(taken) + 2) if n not in taken),
        "main": False,
    }
    joined["elders"] = numbers.elders(level, joined, tribe["migrating"])
    tribe["communities"].append(joined)
    numbers.crown(tribe, tribe["communities"][0])
    tribe["war"]["assimilated"] += 1
    sight.explore(state, power, sight.seen_from(state, joined["cell"]))
    story.tell(
        power,
        "tribes.assimilated",
        tribe=ai["name"],
        community=joined["number"],
        people=numbers.people(joined),
    )
    story.log("tribes.log_assimilated", power=power, tribe=ai["name"])
