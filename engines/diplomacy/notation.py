"""Orders as players write them, read into order values, and orders written back out.

The grammar is the judges' one, read over the lexicon's tokens, so the same line may be English
(«A PAR - BUR», «F NTH C A LON - NWY», «A MUN S A BER», «BUILD F STP/NC»), Russian words or
abbreviations («А Пар - Бур», «Армия Париж идёт в Бургундию», «Флот Северное море конвоирует
армию из Лондона в Норвегию») or both at once:

    [power] [A|F] place [coast] ( nothing | hold | [move] place [coast] ... [via convoy]
        | support [A|F] place [coast] [[move] place [coast]] | convoy [A|F] place [move] place
        | retreat place [coast] | disband | build )
    build [A|F] place [coast] | disband [A|F] place | waive | draw

A path of several places is read as a move to the last (DATC 4.A.6: a path is ignored). A coast
on a province of one coast is ignored (DATC 4.B.6). The unit's kind, when written, is only a
hint: the unit on the board is the one ordered (DATC 4.C.1, 4.C.2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from engines.diplomacy.board import Board, Unit, UnitKind
from engines.diplomacy.lexicon import Lexicon, Token, words
from engines.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from engines.text import Lang, Msg


@dataclass(frozen=True)
class Draw:
    """A vote for a draw shared by every surviving power (DIAS)."""


@dataclass(frozen=True)
class Spoken:
    """What a line said: the order, and the kinds its writer gave the units it names (A, F or "":
    the ordered unit's, then the supported or convoyed unit's)."""

    order: Order | Draw
    kind: str = ""
    other: str = ""


class _Refused(Exception):
    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.code)
        self.msg = msg


class _Reader:
    """One line's tokens, read left to right."""

    def __init__(self, lexicon: Lexicon, tokens: list[Token]) -> None:
        self.lexicon, self.tokens, self.at = lexicon, tokens, 0

    def peek(self, *kinds: str) -> Token | None:
        token = self.tokens[self.at] if self.at < len(self.tokens) else None
        return token if token is not None and (not kinds or token.kind in kinds) else None

    def take(self, *kinds: str) -> Token | None:
        token = self.peek(*kinds)
        if token is not None:
            self.at += 1
        return token

    def kind(self) -> str:
        token = self.take("army", "fleet")
        return "" if token is None else "A" if token.kind == "army" else "F"

    def place(self, missing: str) -> tuple[str, str]:
        """A place and the coast written after it."""
        token = self.take("place")
        if token is None:
            raise _Refused(self._unknown() or Msg(missing))
        coast = self.take("coast")
        coasts = self.lexicon.board.coasts(token.value)
        return token.value, coast.value if coast is not None and coast.value in coasts else ""

    def unit(self, missing: str) -> tuple[str, str, str]:
        self.take("power")
        kind = self.kind()
        at, coast = self.place(missing)
        return kind, at, coast

    def _unknown(self) -> Msg | None:
        token = self.peek("unknown")
        if token is None:
            return None
        guess = self.lexicon.guess(token.value)
        if guess is None:
            return Msg("dip_unknown_place", {"word": token.written})
        return Msg("dip_unknown_place_guess", {"word": token.written, "guess": guess})

    def end(self, spoken: Spoken) -> Spoken:
        """The order, when nothing is left of the line but a misspelt place (told so)."""
        if self.at < len(self.tokens):
            unknown = self._unknown()
            if unknown is not None and unknown.code == "dip_unknown_place_guess":
                raise _Refused(unknown)
            raise _Refused(Msg("dip_extra_words", {"words": self._rest()}))
        return spoken

    def _rest(self) -> str:
        return " ".join(t.written for t in self.tokens[self.at :])


def read(lexicon: Lexicon, line: str) -> Spoken | Msg | None:
    """The order `line` gives; a Msg saying why it cannot be read; None for a line that is no
    order at all (chat, a header the parser reads)."""
    tokens = lexicon.tokens(line)
    # a power's name before its order («Англия: Ф Лон – ЛаМ»), spelt as a place where one is
    # named so («Рим: А Рим – Апулия»): no order has a unit's letter after its first place
    while tokens and (tokens[0].kind == "power" or (tokens[0].kind == "place" and _unit_next(tokens))):
        tokens = tokens[1:]
    if not tokens or tokens[0].kind in ("unknown", "filler", "coast", "via"):
        return None
    reader = _Reader(lexicon, tokens)
    try:
        return _order(reader)
    except _Refused as refused:
        return refused.msg


def _unit_next(tokens: list[Token]) -> bool:
    return len(tokens) > 1 and tokens[1].kind in ("army", "fleet")


def _order(r: _Reader) -> Spoken:
    head = r.take("draw", "waive", "build", "disband")
    if head is not None and head.kind in ("draw", "waive"):
        return r.end(Spoken(Draw() if head.kind == "draw" else Waive()))
    if head is not None:
        kind, at, coast = r.unit("dip_no_unit_place")
        order: Order = Build(_kind(kind, r, at), at, coast) if head.kind == "build" else Disband(at)
        return r.end(Spoken(order, kind))
    if r.peek("army", "fleet", "place", "power") is None:
        raise _Refused(Msg("dip_unit_first"))
    kind, at, coast = r.unit("dip_no_unit_place")
    action = r.take("hold", "move", "support", "convoy", "retreat", "disband", "build")
    name = "move" if action is None and r.peek("place", "unknown") else (action.kind if action else "hold")
    return r.end(_ACTIONS[name](r, kind, at, coast))


def _kind(kind: str, r: _Reader, at: str) -> UnitKind:
    """A unit to build: as written, else a fleet only at sea (which the build check refuses)."""
    return "F" if kind == "F" or (not kind and r.lexicon.board.kind(at) == "sea") else "A"


def _move(r: _Reader, kind: str, at: str, coast: str) -> Spoken:
    to, to_coast = r.place("dip_no_destination")
    while r.take("move") or r.peek("place"):  # a path: only where it ends counts
        to, to_coast = r.place("dip_no_destination")
    return Spoken(Move(at, to, to_coast, r.take("via") is not None), kind)


def _support(r: _Reader, kind: str, at: str, coast: str) -> Spoken:
    other, unit, _ = r.unit("dip_no_supported")
    r.take("hold")
    if r.take("move") is None and r.peek("place", "unknown") is None:
        return Spoken(Support(at, unit), kind, other)
    to, to_coast = r.place("dip_no_destination")
    return Spoken(Support(at, unit, to, to_coast), kind, other)


def _convoy(r: _Reader, kind: str, at: str, coast: str) -> Spoken:
    other, army, _ = r.unit("dip_no_convoyed")
    r.take("move")
    to, _ = r.place("dip_no_destination")
    return Spoken(Convoy(at, army, to), kind, other)


def _retreat(r: _Reader, kind: str, at: str, coast: str) -> Spoken:
    to, to_coast = r.place("dip_no_destination")
    return Spoken(Retreat(at, to, to_coast), kind)


_ACTIONS: dict[str, Callable[[_Reader, str, str, str], Spoken]] = {
    "hold": lambda r, kind, at, coast: Spoken(Hold(at), kind),
    "move": _move,
    "support": _support,
    "convoy": _convoy,
    "retreat": _retreat,
    "disband": lambda r, kind, at, coast: Spoken(Disband(at), kind),
    "build": lambda r, kind, at, coast: Spoken(Build(_kind(kind, r, at), at, coast), kind),
}


# ---- written back out ---------------------------------------------------------------------------
def place(board: Board, location: str, lang: Lang) -> str:
    """«Испания (СП)», "Spain (nc)": a province by its name, its coast where it has two."""
    province, _, coast = location.partition("/")
    p = board.provinces[province]
    name = p.name if lang == "ru" else p.en
    return f"{name} ({words().coast_names[coast].get(lang)})" if coast else name


def unit(board: Board, kind: str, location: str, lang: Lang) -> str:
    """«А Париж», «Ф Санкт-Петербург (ЮП)»."""
    return f"{words().said['army' if kind == 'A' else 'fleet'].get(lang)} {place(board, location, lang)}"


def action(board: Board, order: Order, units: Mapping[str, Unit], lang: Lang) -> str:
    """What a unit is ordered to do, after the unit: «– Бургундия», «поддерживает А Берлин»."""
    said = words().said

    def other(at: str) -> str:
        there = units.get(at)
        return unit(board, there.kind, there.location, lang) if there else place(board, at, lang)

    def to(province: str, coast: str) -> str:
        return place(board, f"{province}/{coast}" if coast else province, lang)

    if isinstance(order, Move | Retreat):
        via = f" {said['via'].get(lang)}" if isinstance(order, Move) and order.convoy else ""
        return f"– {to(order.to, order.coast)}{via}"
    if isinstance(order, Support):
        target = f" – {to(order.to, order.coast)}" if order.to else ""
        return f"{said['support'].get(lang)} {other(order.unit)}{target}"
    if isinstance(order, Convoy):
        return f"{said['convoy'].get(lang)} {other(order.army)} – {place(board, order.to, lang)}"
    return said["hold"].get(lang)


def with_kinds(spoken: Spoken, units: Mapping[str, Unit]) -> Spoken:
    """The kinds the board's units have, where it has them (the written ones are hints)."""
    order = spoken.order
    at = getattr(order, "at", "")
    named = getattr(order, "unit", getattr(order, "army", ""))
    kind = units[at].kind if at in units else spoken.kind
    other = units[named].kind if named in units else spoken.other
    return replace(spoken, kind=kind, other=other)
