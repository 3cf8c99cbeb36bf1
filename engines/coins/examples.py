"""Order examples that fit the reader: a real partner, its own colony and technology, an amount it
can afford (Китай is never told «ПЕРЕДАТЬ Китай 2»). A command with nothing fitting to show (no
colony to cede, no alliance to break, no technology its research points pay for) is left out,
and the blank does not offer it."""

from __future__ import annotations

from collections.abc import Callable

from engines.coins import schema
from engines.coins.data import DATA
from engines.coins.state import State
from engines.coins.world import available_army, country, has_grant, others, owned_colonies, partners
from engines.contract import CommandSpec

Example = Callable[[State, str], list[str] | None]  # an order's arguments, or None: nothing fits


def _amount(wanted: int, have: int) -> int:
    """`wanted`, or less when the power has less, but never below 1 (an order's least amount):
    an order that needs what the power has none of is not offered at all."""
    return max(1, min(wanted, have))


def _partner(state: State, power: str) -> str:
    """The next power after `power` in setup order: a real other country."""
    powers = state["powers"]
    return powers[(powers.index(power) + 1) % len(powers)]


def _give(state: State, power: str) -> list[str]:
    return [_partner(state, power), str(_amount(2, country(state, power)["coins"]))]


def _invest(state: State, power: str) -> list[str]:
    return [DATA.lines[0].name, str(min(DATA.game.max_per_line, country(state, power)["coins"]))]


def _attack(state: State, power: str) -> list[str] | None:
    reachable = [
        colony
        for colony, owner in state["colonies"].items()
        if owner != power
        and (not DATA.colony(colony).requires or has_grant(state, power, DATA.colony(colony).requires))
    ]
    targets = reachable or [p for p in others(state, power) if not has_grant(state, p, "nuclear")]
    army = available_army(state, power)
    return [targets[0], str(_amount(2, army))] if targets and army else None


def _defend(state: State, power: str) -> list[str] | None:
    mine, army = owned_colonies(state, power), available_army(state, power)
    return [mine[0], str(_amount(1, army))] if mine and army else None


def _cede(state: State, power: str) -> list[str] | None:
    mine = owned_colonies(state, power)
    return [mine[0], _partner(state, power)] if mine else None


def _share(state: State, power: str) -> list[str] | None:
    mine = country(state, power)["techs"]
    return [mine[0], _partner(state, power)] if mine else None


def _research(state: State, power: str) -> list[str] | None:
    """A part the power lacks and has the research points for."""
    me = country(state, power)
    affordable = [
        part
        for part in DATA.tech_parts
        if part not in me["techs"] and DATA.tech_of_part(part).cost <= me["research"]
    ]
    return affordable[:1] or None


def _leader(state: State, power: str) -> list[str] | None:
    return None if country(state, power)["perk"] else [DATA.perks[0].name]


def _vote(state: State, power: str) -> list[str] | None:
    return [DATA.votes.yes.name] if state["proposal"] else None


def _ally(state: State, power: str) -> list[str] | None:
    for kind in DATA.alliances:
        free = [p for p in others(state, power) if p not in partners(state, kind.kind, power)]
        if free:
            return [kind.name, free[0]]
    return None


def _break(state: State, power: str) -> list[str] | None:
    for kind in DATA.alliances:
        allies = partners(state, kind.kind, power)
        if allies:
            return [kind.name, allies[0]]
    return None


def _help(state: State, power: str) -> list[str] | None:
    allies = partners(state, DATA.alliance_kind("military").kind, power)
    return [allies[0], str(_amount(1, country(state, power)["army"]))] if allies else None


def _manage(state: State, power: str) -> list[str] | None:
    managed = [p for p in state["effects"]["external"] if p != power]
    return [managed[0], DATA.lines[0].name, "1"] if managed else None


def _propose(state: State, power: str) -> list[str]:
    """Damages: the partner pays this power, the one example that shows every parameter."""
    damages = next(p for p in DATA.proposals if p.amount and p.recipient)
    return [damages.name, _partner(state, power), power, "3"]


EXAMPLES: dict[str, Example] = {
    schema.LEADER.name: _leader,
    schema.BALLOT.name: _vote,
    schema.GIVE.name: _give,
    schema.INVEST.name: _invest,
    schema.ATTACK.name: _attack,
    schema.DEFEND.name: _defend,
    schema.CEDE.name: _cede,
    schema.SHARE.name: _share,
    schema.RESEARCH.name: _research,
    schema.ALLY.name: _ally,
    schema.BREAK.name: _break,
    schema.HELP.name: _help,
    schema.MANAGE.name: _manage,
    schema.PROPOSE.name: _propose,
}


def _line(spec: CommandSpec, args: list[str]) -> str:
    return " ".join([spec.keywords[0], *args])


def examples(state: State, power: str, phase: str) -> dict[str, str]:
    """Example lines by command name for `power` in `phase` (the contract's `examples`)."""
    found = {}
    for spec in schema.PHASES[phase].commands:
        example = EXAMPLES.get(spec.name)
        args = example(state, power) if example else None
        if args is not None:
            found[spec.name] = _line(spec, args)
    return found
