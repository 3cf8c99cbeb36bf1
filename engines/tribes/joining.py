"""Who plays which tribe: names players give their tribes at signup, a player joining the running
game, the computer taking a tribe over, and the GM's choice of where new tribes start (МЕСТО).

«В любом из этих случаев игрок садится за АИ племя, имеющее 0 отношения со всеми игроками, либо
если таких племен не осталось - на восточной границе, в месте выбранном Ведущим, создается новое
племя для него.» A player whose tribe still lives (retired, ejected) is given it back with ВЕРНУТЬ,
not joined.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence

from engines.contract import Arg, ArgKind, Command, CommandSpec, GmApplied, Joined
from engines.rng import Rng
from engines.text import Msg, Text
from engines.tribes import division, founding, sight, votes, world
from engines.tribes.data import DATA
from engines.tribes.said import msg
from engines.tribes.state import State

# a tribe's name as a player may give it: words of letters (no digits) joined by spaces, hyphens and
# apostrophes (ours)
NAME = re.compile(r"[^\W\d_]+(?:[ '’-]+[^\W\d_]+)*")
MOST_NAME = 30


def given_name(state: State, name: str, keep: str = "") -> str | None:
    """`name` cleaned, if it may name a tribe here: a word or a few, at most 30 characters, no
    other tribe's name (`keep`: the tribe being named may keep its own)."""
    name = " ".join(name.split())
    taken = {n.casefold() for n in [*state["tribes"], *(a["name"] for a in state["ai"])] if n != keep}
    if not name or len(name) > MOST_NAME or not NAME.fullmatch(name) or name.casefold() in taken:
        return None
    return name


def renamed(state: State, old: str, new: str) -> State:
    """`state` with the tribe `old` called `new` everywhere (powers, tribes met)."""
    fresh = copy.deepcopy(state)
    fresh["powers"] = [new if p == old else p for p in fresh["powers"]]
    fresh["tribes"] = {new if p == old else p: t for p, t in fresh["tribes"].items()}
    for tribe in fresh["tribes"].values():
        tribe["met"] = sorted(new if m == old else m for m in tribe["met"])
    if fresh["city"] == old:
        fresh["city"] = new
    return fresh


def name_powers(state: State, names: Mapping[str, str]) -> State:
    """«в теле сообщения игрок указывает … название своего племени»: each tribe takes the name its
    player gave at signup, when it may (else it keeps the lot's)."""
    for power, name in names.items():
        given = given_name(state, name, keep=power)
        if given is not None and given != power:
            state = renamed(state, power, given)
    return state


def handover(state: State, power: str, computer: bool) -> State:
    fresh = copy.deepcopy(state)
    fresh["tribes"][power]["computer"] = computer
    return fresh


def join(state: State, name: str, rng: Rng, past: Sequence[str]) -> Joined[State] | Msg:
    """The tribe a joining player gets: one the player names, a tribe of the computer's with no
    relations (the player's own name for it, if given), or a new tribe on the eastern edge. A player
    whose tribe died out comes back only after the players voted for it (votes.py)."""
    kept = [p for p in past if p in state["tribes"] and not state["tribes"][p]["extinct"]]
    if kept:
        return msg("tribes.join_return", tribe=kept[-1])
    back = votes.returning(state, past)
    if back is None:
        gone = [p for p in past if p in state["tribes"]]
        return msg("tribes.join_no_vote", tribe=gone[-1])
    if back:  # the vote lets this player back once
        state = copy.deepcopy(state)
        state["returns"].remove(back)
    named = " ".join(name.split())
    if named in state["tribes"]:
        if state["tribes"][named]["extinct"]:
            return msg("tribes.join_extinct", tribe=named)
        return Joined(state, named)
    computer = next((a for a in state["ai"] if a["name"] == named), None)
    if computer is not None and any(computer["relations"].values()):
        return msg("tribes.join_relations", tribe=named)
    if named and computer is None and given_name(state, named) is None:
        return msg("tribes.join_bad_name", name=named[:MOST_NAME])
    if computer is None:
        free = [a for a in state["ai"] if not any(a["relations"].values())]
        if free:
            computer = rng.choice(free, msg("tribes.draw_computer_tribe"))
    fresh = copy.deepcopy(state)
    if computer is not None:
        fresh["ai"] = [a for a in fresh["ai"] if a["name"] != computer["name"]]
        power = named or computer["name"]
        tribe = founding.new_tribe(copy.deepcopy(computer["community"]), computer["points"])
        for other in fresh["tribes"].values():
            other["met"] = sorted(power if m == computer["name"] else m for m in other["met"])
    else:
        cell = founding.newcomers_cell(fresh)
        if cell is None:
            return msg("tribes.join_no_room")
        power = named or _new_name(fresh)
        tribe = founding.new_tribe(founding.start_community(cell))
        fresh["places"] = [p for p in fresh["places"] if p != cell]
    fresh["powers"].append(power)
    fresh["tribes"][power] = tribe
    sight.look(fresh, power)
    return Joined(fresh, power)


def _new_name(state: State) -> str:
    """The first of the lot's names no tribe has, else a tribe of the GM's names' kind."""
    used = {*state["tribes"], *(a["name"] for a in state["ai"])}
    return next((t.name for t in DATA.tribes if t.name not in used), None) or division.tribe_name(state)


PLACE = CommandSpec(
    "place",
    ("МЕСТО", "PLACE"),
    (Arg("cell", ArgKind.NAME, "cell"),),
    Text(
        "где начнёт новое племя следующий присоединившийся игрок (клетка суши, не занятая общиной)",
        "where the next joining player's new tribe starts (a land cell no community holds)",
    ),
    "МЕСТО Ш9",
)
GM_COMMANDS = (PLACE, votes.ASK)


def apply_gm(state: State, command: Command, rng: Rng) -> GmApplied[State] | Msg:
    """МЕСТО: the GM's choice of the next new tribe's cell, before the data's eastern places;
    ВОПРОС: the players' vote on a former player's return."""
    if command.name == "ask":
        return votes.ask(state, command)
    cell = str(command.args["cell"])
    if not world.passable(state, cell) or cell in sight.occupied(state):
        return msg("tribes.place_taken", cell=cell)
    fresh = copy.deepcopy(state)
    fresh["places"] = [cell, *(p for p in fresh["places"] if p != cell)]
    return GmApplied(fresh, msg("tribes.place_set", cell=cell))
