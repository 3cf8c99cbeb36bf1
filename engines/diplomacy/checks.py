"""What a power's orders are refused for, line by line, as they arrive.

An order is checked as the DATC defines a legal order (legality.py): whatever other orders come,
it could be valid. As orders are checked when sent (DATC 4.B.4), a support to a fleet's move
must name the coast when the fleet could reach either. Each unit takes one order; winter's builds
and disbands are counted against what the power is due, the lines above counting too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engines.contract import Command, Problem
from engines.diplomacy.adjustments import balance, legal_build
from engines.diplomacy.board import Board, Unit, province_of
from engines.diplomacy.commands import ordered_units, spoken, units
from engines.diplomacy.legality import Refusal, legal
from engines.diplomacy.lexicon import Lexicon, words
from engines.diplomacy.notation import Draw
from engines.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from engines.diplomacy.retreats import Waiting, fit
from engines.diplomacy.state import MOVES, RETREATS, State
from engines.text import Msg
from engines.toolkit import CheckCodes, gate

CODES = CheckCodes(
    game_over="dip_game_over",
    wrong_phase="dip_wrong_phase",
    not_in_phase="dip_not_in_phase",
    argument_missing="dip_unreadable",
    name_not_in_game="dip_unreadable",
    bad_number="dip_unreadable",
    duplicate="dip_duplicate",
)


# a move that cannot go where it was sent: the refusal says where the unit can go
_ASTRAY = ("not_adjacent", "army_to_sea", "fleet_inland", "move_same_place")


@dataclass
class _Mail:
    """One power's orders being judged, and what the lines above took."""

    board: Board
    state: State
    power: str
    phase: str
    seen: dict[str, int] = field(default_factory=dict)  # a unit's province or "draw" → its line
    built: dict[str, Unit] = field(default_factory=dict)
    waived: int = 0
    removed: int = 0


def check(
    board: Board, lexicon: Lexicon, state: State, power: str, phase: str, commands: Sequence[Command]
) -> list[Problem]:
    problems = gate(state, phase, CODES)
    if problems:
        return problems
    mail = _Mail(board, state, power, phase)
    # a waive declines what the builds leave: the builds are judged first, wherever it stands
    ordered = sorted(commands, key=lambda cmd: cmd.name == "waive")
    for cmd in ordered:
        msg = _line(mail, lexicon, cmd)
        if msg is not None:
            problems.append(Problem(cmd.line, msg))
    return sorted(problems, key=lambda p: p.line)


def _line(mail: _Mail, lexicon: Lexicon, cmd: Command) -> Msg | None:
    found = spoken(lexicon, cmd, mail.phase)
    if isinstance(found, Msg):
        return found
    order = found.order
    key = "draw" if isinstance(order, Draw) else "" if isinstance(order, Waive | Build) else order.at
    if key and key in mail.seen:
        return Msg(CODES.duplicate, {"first": mail.seen[key]})
    msg = _rule(mail, order)
    if msg is None and key:
        mail.seen[key] = cmd.line
    return msg


def _rule(mail: _Mail, order: Order | Draw) -> Msg | None:
    if isinstance(order, Draw):
        return None
    if mail.phase in MOVES and isinstance(order, Hold | Move | Support | Convoy):
        present = units(mail.state)
        fit_order = legal(mail.board, present, mail.power, order)
        if isinstance(fit_order, Refusal):
            said = refusal(mail.board, fit_order)
            if fit_order.code not in _ASTRAY:
                return said
            reachable = {mail.board.name(province_of(loc)) for loc in mail.board.moves(present[order.at])}
            return Msg(said.code, {**said.params, "options": ", ".join(sorted(reachable))})
        return _support_coast(mail.board, present, fit_order)
    if mail.phase in RETREATS and isinstance(order, Retreat | Disband):
        return _retreat(mail, order)
    return _adjustment(mail, order)


def _support_coast(
    board: Board, present: Mapping[str, Unit], order: Hold | Move | Support | Convoy
) -> Msg | None:
    """A support naming no coast of a province whose two coasts the supported fleet both reaches."""
    if not isinstance(order, Support) or not order.to or order.coast:
        return None
    supported = present[order.unit]
    coasts = board.fleet_coasts(supported.location, order.to) if supported.kind == "F" else ()
    if len(coasts) < 2:
        return None
    return Msg("dip_support_coast_needed", {"to": board.name(order.to), "coast": _coast(coasts)})


def _retreat(mail: _Mail, order: Retreat | Disband) -> Msg | None:
    record = mail.state["dislodged"].get(order.at)
    unit = ordered_units(mail.state, mail.phase).get(order.at)
    waiting = Waiting(unit, tuple(record["options"])) if unit is not None and record else None
    found = fit(waiting, mail.power, order)
    if isinstance(found, Refusal):
        return refusal(mail.board, found, waiting.options if waiting else ())
    return None


def _adjustment(mail: _Mail, order: Order) -> Msg | None:
    board, state, power = mail.board, mail.state, mail.power
    present = units(state)
    due = balance(present, state["centres"], power)
    if isinstance(order, Build | Waive):
        if due <= 0:
            return Msg("dip_no_builds")
        if len(mail.built) + mail.waived >= due:
            return Msg("dip_too_many_builds", {"count": due})
        if isinstance(order, Waive):
            mail.waived += 1
            return None
        found = legal_build(board, {**present, **mail.built}, state["centres"], power, order)
        if isinstance(found, Refusal):
            return refusal(board, found)
        mail.built[found.at] = Unit(power, found.kind, found.at)
        return None
    if isinstance(order, Disband):
        if due >= 0:
            return Msg("dip_no_disbands")
        unit = present.get(order.at)
        if unit is None or unit.power != power:
            return Msg("dip_not_your_unit" if unit else "dip_no_unit", {"at": board.name(order.at)})
        if mail.removed >= -due:
            return Msg("dip_too_many_disbands", {"count": -due})
        mail.removed += 1
        return None
    return Msg("dip_winter_orders")


def refusal(board: Board, found: Refusal, options: Sequence[str] = ()) -> Msg:
    """A legality refusal in the game's words: its code, the provinces by name."""
    params: dict[str, str | int] = {key: board.name(code) for key, code in found.places.items() if code}
    if found.code in ("coast_needed", "build_coast_needed"):
        params["coast"] = _coast(board.coasts(found.places.get("to") or found.places["at"]))
    if found.code == "retreat_closed":
        names = [board.name(loc) for loc in options]
        return Msg("dip_retreat_to", {**params, "options": ", ".join(names)} if names else params)
    return Msg(f"dip_{found.code}", params)


def _coast(coasts: Sequence[str]) -> str:
    """A coast to name in an example of the order: the first of the province's."""
    return words().coast_names[coasts[0]].ru
