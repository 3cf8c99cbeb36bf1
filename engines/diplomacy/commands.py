"""Between the daemon's commands and the game's orders: an order read from a line becomes the
command of its phase in normal form («А Париж – Бургундия»), and a command becomes the order it
holds by reading its normal form again, so what was accepted is what is carried out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engines.contract import Command
from engines.diplomacy.board import Board, Unit
from engines.diplomacy.lexicon import Lexicon
from engines.diplomacy.notation import Draw, Spoken, action, place, read, unit, with_kinds
from engines.diplomacy.orders import Build, Disband, Move, Retreat, Waive
from engines.diplomacy.state import MOVES, RETREATS, WINTER, State
from engines.text import Msg

KINDS = {"A": "army", "F": "fleet"}
_HEADS = {
    "army": "А",
    "fleet": "Ф",
    "build": "ПОСТРОИТЬ",
    "disband": "РАСПУСТИТЬ",
    "waive": "ОТКАЗ",
    "draw": "НИЧЬЯ",
}


def units(state: State) -> dict[str, Unit]:
    return {
        p: Unit(u["power"], "A" if u["kind"] == "A" else "F", u["location"])
        for p, u in state["units"].items()
    }


def dislodged(state: State) -> dict[str, Unit]:
    return {
        p: Unit(u["power"], "A" if u["kind"] == "A" else "F", u["location"])
        for p, u in state["dislodged"].items()
    }


def ordered_units(state: State, phase: str) -> dict[str, Unit]:
    """The units a phase's orders name: the dislodged ones in a retreat phase."""
    return dislodged(state) if phase in RETREATS else units(state)


def command(board: Board, state: State, phase: str, spoken: Spoken) -> Command | Msg:
    """The command `spoken` makes in `phase`, in normal form; a Msg when it is no order of it."""
    present = ordered_units(state, phase)
    spoken = with_kinds(spoken, {**units(state), **present})
    order = spoken.order
    if isinstance(order, Draw):
        return Command("draw") if phase in MOVES else Msg("dip_draw_in_moves")
    if isinstance(order, Waive):
        return Command("waive") if phase == WINTER else Msg("dip_order_in_winter")
    if isinstance(order, Build):
        if phase != WINTER:
            return Msg("dip_order_in_winter")
        return Command("build", {"unit": _built(board, order)})
    if isinstance(order, Disband):
        if phase in MOVES:
            return Msg("dip_disband_not_now")
        return Command("disband", {"unit": _unit_at(board, spoken.kind, order.at, present)})
    if phase == WINTER:
        return Msg("dip_winter_orders")
    if phase in RETREATS:
        if isinstance(order, Move):
            order = Retreat(order.at, order.to, order.coast)
        if not isinstance(order, Retreat):
            return Msg("dip_retreat_orders")
    elif isinstance(order, Retreat):
        return Msg("dip_retreat_not_now")
    kind = spoken.kind or ("F" if board.kind(order.at) == "sea" else "A")
    location = present[order.at].location if order.at in present else order.at
    text = f"{place(board, location, 'ru')} {action(board, order, {**units(state), **present}, 'ru')}"
    return Command(KINDS[kind], {"order": text})


def _built(board: Board, order: Build) -> str:
    return unit(board, order.kind, f"{order.at}/{order.coast}" if order.coast else order.at, "ru")


def _unit_at(board: Board, kind: str, at: str, present: Mapping[str, Unit]) -> str:
    there = present.get(at)
    if there is not None:
        return unit(board, there.kind, there.location, "ru")
    return unit(board, kind or "A", at, "ru")


def spoken(lexicon: Lexicon, cmd: Command, phase: str) -> Spoken | Msg:
    """The order a command of `phase` holds, read from its normal form (a move in a retreat
    phase is a retreat)."""
    head = _HEADS.get(cmd.name, cmd.name)
    text = str(cmd.args.get("order", cmd.args.get("unit", "")))
    found = read(lexicon, f"{head} {text}".strip())
    if found is None:
        return Msg("dip_unreadable", {"text": text})
    if phase in RETREATS and isinstance(found, Spoken) and isinstance(found.order, Move):
        move = found.order
        return replace(found, order=Retreat(move.at, move.to, move.coast))
    return found
