"""Step 8, wars and raids («VI. Войны»): a community attacks another tribe's next to it.

«БО страты умножаются на ее численность, после чего все они суммируются. Затем к БО добавляется
процентные модификатор местности (ММ) и боевой модификатор (БМ) … Нападающий побеждает в случае,
если его БО на 25% больше чем БО противника» (at least 125 %: README). The loss table is lost: ours
is in data.toml [war]. Losses fall on the strata in the rulebook's order (`casualties`); the loser of
a war retreats 3 cells away from the attacker or, losing half of its fighters, is no more; the winner
takes the cell and 25 % of the loser's stock (next turn's children). A raid halves both sides' losses
and drives nobody off. A computer's tribe beaten loses ЛЧ for two turns, and a second defeat in them
ends it («два удачных нападения на АИ его уничтожат»).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.contract import Command
from engines.text import Text
from engines.tribes import contact, world
from engines.tribes.community import ai_penalty
from engines.tribes.data import DATA
from engines.tribes.diplomacy import hand_on, relate
from engines.tribes.level import Level, level, level_of
from engines.tribes.said import Story, strata_list
from engines.tribes.sight import occupied
from engines.tribes.state import AiTribe, Community, State

W = DATA.war
# «Первыми потери несут воины … Далее … охотники. Затем поровну … собиратели, земледельцы и скотоводы»
FIRST, SECOND, EVENLY = "warriors", "hunters", ("gatherers", "farmers", "herders")
FIGHTING = (FIRST, SECOND, *EVENLY)


def _half_up(value: int) -> int:
    return (value + 1) // 2


def casualties(strata: dict[str, int], loss: int) -> dict[str, int]:
    """Who dies of `loss` battle losses: «1. Первыми потери несут воины, но не более половины (с
    округлением в большую сторону) от общих потерь. 2. Далее до половины … от оставшихся потерь несут
    охотники. 3. Затем поровну … несут по порядку собиратели, земледельцы и скотоводы. 4. Аристократы,
    шаманы, священнослужители, старики и дети не несут боевых потерь». Ours: losses a round leaves
    (a stratum ran out) go round again in the same order while anyone who fights is left."""
    left = dict(strata)
    dead: dict[str, int] = {}

    def take(stratum: str, most: int) -> int:
        taken = min(left.get(stratum, 0), most)
        if taken:
            left[stratum] -= taken
            dead[stratum] = dead.get(stratum, 0) + taken
        return taken

    while loss > 0 and any(left.get(s, 0) for s in FIGHTING):
        loss -= take(FIRST, _half_up(loss))
        loss -= take(SECOND, _half_up(loss))
        present = [s for s in EVENLY if left.get(s, 0)]
        share = -(-loss // len(present)) if present else 0
        for stratum in present:
            loss -= take(stratum, min(share, loss))
    return dead


def fighters(community: Community) -> int:
    return sum(community["strata"].get(s, 0) for s in FIGHTING)


def might(lvl: Level, community: Community) -> int:
    """A community's БО before modifiers: each stratum's БО times its people (elders and children do
    not fight)."""
    return sum(n * lvl.numbers[s]["fight"] for s, n in community["strata"].items())


@dataclass
class Side:
    """One side of a battle: its tribe (a player's or the computer's), community and БО."""

    owner: str
    community: Community
    level: Level
    strength: int  # БО with every modifier, in hundredths
    ai: AiTribe | None = None


def _side(state: State, owner: str, community: Community, defending: bool) -> Side:
    ai = next((a for a in state["ai"] if a["name"] == owner), None)
    lvl = level(state, []) if ai is not None else level_of(state, owner)
    percent = 100 + lvl.fight_percent
    if ai is None and state["tribes"][owner]["migrating"]:
        percent += W.migration_fight
    if defending:
        cell = community["cell"]
        percent += world.terrain(state, cell).fight + sum(f.fight for f in world.features(state, cell))
    return Side(owner, community, lvl, might(lvl, community) * max(0, percent), ai)


def _losses(winner: Side, loser: Side, raid: bool) -> tuple[int, int]:
    """Ours: the loser loses `loser_loss` % of its fighters times the ratio of БО, the winner
    `winner_loss` % of its own divided by it, each rounded up; a raid halves both."""
    lf, wf = fighters(loser.community), fighters(winner.community)
    if loser.strength <= 0:
        lost = lf
    else:
        lost = min(lf, -(-lf * W.loser_loss * winner.strength // (100 * loser.strength)))
    won = min(wf, -(-wf * W.winner_loss * loser.strength // (100 * max(1, winner.strength))))
    if raid:
        lost, won = (-(-x * W.raid_losses // 100) for x in (lost, won))
    return lost, won


def retreat(state: State, loser: Community, attacker_cell: str) -> str | None:
    """«отступает на 3 клетки в направлении противоположном направлению с которого пришел напавший»:
    the cell it reaches, stopping before the sea, the edge or a held cell; None: nowhere to go."""
    (ax, ay), (lx, ly) = world.xy(attacker_cell), world.xy(loser["cell"])
    dx, dy = (lx > ax) - (lx < ax), (ly > ay) - (ly < ay)
    taken = occupied(state)
    x, y, reached = lx, ly, None
    for _ in range(W.retreat):
        x, y = x + dx, y + dy
        cell = world.cell_at(state, x, y)
        if cell is None or not world.passable(state, cell) or cell in taken:
            break
        reached = cell
    return reached


def fight(
    state: State,
    power: str,
    commands: Sequence[Command],
    attacked: set[tuple[str, int]],
    gained: dict[str, dict[str, int]],
    story: Story,
) -> None:
    """Step 8 for one tribe: each of its attacks in its mail's order."""
    for cmd in commands:
        number = int(cmd.args["community"])
        own = next((c for c in state["tribes"][power]["communities"] if c["number"] == number), None)
        if own is None:
            continue
        target = contact.on_cell(state, power, own, str(cmd.args["cell"]))
        if target is None:
            story.tell(power, "tribes.battle_none", community=number, cell=str(cmd.args["cell"]))
            continue
        battle(state, power, own, target, cmd.name == "raid", attacked, gained, story)


def battle(
    state: State,
    power: str,
    own: Community,
    target: contact.Neighbour,
    raid: bool,
    attacked: set[tuple[str, int]],
    gained: dict[str, dict[str, int]],
    story: Story,
) -> None:
    """One battle: БО compared, losses by strata, the loser driven off or ended, plunder; the tribe
    attacked learns the order's technology, a computer's tribe remembers."""
    attacker = _side(state, power, own, defending=False)
    defender = _side(state, target.owner, target.community, defending=True)
    won = attacker.strength > 0 and attacker.strength * 100 >= defender.strength * W.attacker_edge
    winner, loser = (attacker, defender) if won else (defender, attacker)
    before = fighters(loser.community)
    lost, kept = _losses(winner, loser, raid)
    dead = {"loser": _bury(loser, lost), "winner": _bury(winner, kept)}
    cell, kind = defender.community["cell"], "raid" if raid else "war"
    attacked.add((target.owner, target.community["number"]))
    hand_on(state, power, target, kind, story)
    if defender.ai is not None:
        relate(defender.ai, power, DATA.contact.ai_war)
    _migrants_learn(state, (attacker, defender), gained)
    _record(state, winner, sum(dead["loser"].values()))
    _record(state, loser, sum(dead["winner"].values()))
    ended = not fighters(loser.community)
    ended |= won and not raid and lost * 100 >= W.destroy * max(1, before)
    ended |= won and _ai_beaten_again(state, power, defender)
    taken = 0
    if won:
        taken = defender.community["children"] * attacker.level.plunder // 100
        defender.community["children"] -= taken
        own["children"] += taken
        state["tribes"][power]["war"]["plundered"] += taken
    end = ""
    if won and not raid and not ended:
        to = retreat(state, defender.community, own["cell"])
        ended = to is None
        if to is not None:
            defender.community["cell"], end = to, "retreated"
    if ended:
        _remove(state, loser)
        end = "destroyed"
        if won:
            record = state["tribes"][power]["war"]
            if defender.ai is not None:
                record["ai_destroyed"] += 1
            else:
                record["players_destroyed"] += 1
    if won and not raid:
        own["cell"] = cell
    ours, theirs = (dead["winner"], dead["loser"]) if won else (dead["loser"], dead["winner"])
    story.tell(
        power,
        f"tribes.{kind}_{'won' if won else 'lost'}",
        community=own["number"],
        cell=cell,
        tribe=target.owner,
        ours=attacker.strength // 100,
        theirs=defender.strength // 100,
        dead_ours=_dead(ours),
        dead_theirs=_dead(theirs),
        plunder=_food(taken, Text(" Захвачено еды: {}.", " Food taken: {}.")),
        edge=W.attacker_edge - 100,
    )
    if end and (won or loser is attacker):
        story.tell(
            power,
            f"tribes.{'enemy' if won else 'own'}_{end}",
            tribe=target.owner,
            cell=cell,
            community=own["number"],
        )
    if target.player:
        story.tell(
            target.owner,
            f"tribes.{kind}_{'beaten' if won else 'held'}",
            community=target.community["number"],
            cell=cell,
            tribe=power,
            ours=defender.strength // 100,
            theirs=attacker.strength // 100,
            dead_ours=_dead(theirs),
            dead_theirs=_dead(ours),
            lost=_food(taken, Text(" Потеряно еды: {}.", " Food lost: {}.")),
        )
        if end and loser is defender:
            story.tell(
                target.owner,
                f"tribes.own_{end}",
                community=target.community["number"],
                cell=target.community["cell"],
            )
    story.log(
        f"tribes.log_{kind}",
        power=power,
        tribe=target.owner,
        cell=cell,
        won=Text("да", "yes") if won else Text("нет", "no"),
    )


def _food(taken: int, sentence: Text) -> Text:
    """The plunder's sentence, or nothing when nothing was taken."""
    return Text(sentence.ru.format(taken), sentence.en.format(taken)) if taken else Text("", "")


def _bury(side: Side, loss: int) -> dict[str, int]:
    """`loss` people of `side` die in battle, by strata; who died."""
    dead = casualties(side.community["strata"], loss)
    for stratum, n in dead.items():
        side.community["strata"][stratum] -= n
    side.community["strata"] = {s: n for s, n in side.community["strata"].items() if n}
    return dead


def _dead(dead: dict[str, int]) -> Text:
    """«охотники −3, собиратели −2», or «никто» when nobody died."""
    if not any(dead.values()):
        return Text("никто", "nobody")
    return strata_list({s: -n for s, n in dead.items()})


def _record(state: State, side: Side, killed: int) -> None:
    if side.ai is None:
        state["tribes"][side.owner]["war"]["killed"] += killed


def _remove(state: State, side: Side) -> None:
    if side.ai is not None:
        state["ai"] = [a for a in state["ai"] if a["name"] != side.owner]
    else:
        communities = state["tribes"][side.owner]["communities"]
        communities[:] = [c for c in communities if c is not side.community]


def _ai_beaten_again(state: State, power: str, defender: Side) -> bool:
    """«каждое нападение ухудшает взаимоотношения на 50 ед.»; a computer's tribe beaten loses ЛЧ for
    two turns, and beaten again while it does, it is no more. Whether this defeat ends it."""
    ai = defender.ai
    if ai is None:
        return False
    again = bool(ai["beaten"]) and bool(ai_penalty(state, ai["beaten"]) or state["turn"] == ai["beaten"])
    ai["beaten"] = state["turn"]
    return again


def _migrants_learn(state: State, sides: Sequence[Side], gained: dict[str, dict[str, int]]) -> None:
    """«на время миграции во время сражений общины получают … 100% бонус к росту воентеха»: a
    migrating tribe that fights gets its воентех of the turn again (once a turn)."""
    for side in sides:
        if side.ai is not None or not state["tribes"][side.owner]["migrating"]:
            continue
        more = gained.get(side.owner, {}).pop("mil", 0) * W.migration_mil // 100
        state["tribes"][side.owner]["points"]["mil"] += more
