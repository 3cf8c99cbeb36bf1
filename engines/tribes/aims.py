"""What an order aims at, when the player leaves it to the rules: a tribe of one community needs
no community's number («Дети: 2 охотника, 4 собирателя»), an order towards a neighbour may name its
tribe rather than its cell («Меняемся едой с Куницами»), and then its community is the one of ours
next to it. Where the line could mean several, it is refused saying which it could be. The check
judges, and the turn makes, the order as aimed here, with its community and cell spelt out.
"""

from __future__ import annotations

from dataclasses import replace

from engines.contract import Command
from engines.text import Msg
from engines.tribes import contact
from engines.tribes.said import msg
from engines.tribes.schema import COMMANDS
from engines.tribes.state import Community, State

SPECS = {spec.name: spec for spec in COMMANDS}


def aimed(state: State, power: str, cmd: Command) -> Command | Msg:
    """`cmd` with its community and its neighbour's cell spelt out, or why the line is unclear."""
    spec = SPECS.get(cmd.name)
    if spec is None or not any(arg.name == "community" for arg in spec.args):
        return cmd
    communities = state["tribes"][power]["communities"]
    args = dict(cmd.args)
    target = str(args["cell"]) if "cell" in args else None
    if "community" not in args:
        near = [c for c in communities if target is None or _next_to(state, power, c, target)]
        if len(near) != 1:
            return _unclear(state, power, cmd, near, target)
        args["community"] = near[0]["number"]
    own = next((c for c in communities if c["number"] == args["community"]), None)
    if target is not None and own is not None and target not in state["secret"]["cells"]:
        cells = [n.community["cell"] for n in contact.neighbours(state, power, own) if n.owner == target]
        if len(cells) != 1:
            code = "tribes.tribe_not_near" if not cells else "tribes.tribe_twice_near"
            return msg(code, community=own["number"], tribe=target, cells=", ".join(cells))
        args["cell"] = cells[0]
    return replace(cmd, args=args)


def _next_to(state: State, power: str, community: Community, target: str) -> bool:
    return any(target in (n.owner, n.community["cell"]) for n in contact.neighbours(state, power, community))


def _unclear(state: State, power: str, cmd: Command, near: list[Community], target: str | None) -> Msg:
    """Why a line that names no community cannot be aimed: none of ours is next to its target,
    or several are, or the tribe has several communities and the line concerns one."""
    if target is not None and not near:
        code = "tribes.none_near_cell" if target in state["secret"]["cells"] else "tribes.none_near_tribe"
        return msg(code, target=target)
    numbers = ", ".join(str(c["number"]) for c in sorted(near, key=lambda c: c["number"]))
    first = min(c["number"] for c in near)
    example = spelt(replace(cmd, args={**cmd.args, "community": first}))
    if target is not None:
        return msg("tribes.which_near", target=target, communities=numbers, example=example)
    return msg("tribes.which_community", count=len(near), example=example)


def spelt(cmd: Command) -> str:
    """The order as the schema writes it: «РАСПРЕДЕЛИТЬ 1 Охотники 3»."""
    spec = SPECS[cmd.name]
    words = [str(cmd.args[a.name]) for a in spec.args if a.name in cmd.args]
    words += [", ".join(cmd.lists[a.name]) for a in spec.args if a.name in cmd.lists]
    return " ".join([spec.keywords[0], *words])
