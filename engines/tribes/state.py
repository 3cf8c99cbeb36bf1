"""The typed shape of a tribes game's state, so mypy checks every key the rules read and write.

On disk the state is plain JSON; these TypedDicts describe exactly that JSON, nothing is
converted. The ruleset is a `Ruleset[State]`, so its functions take and return `State` directly.
The GM's secret data lives in "secret" (`Secret`: the validated file as secret.stored keeps it) and
never leaves the state but through what a tribe has found.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Community(TypedDict):
    """One community: where it lives and who it is. `strata` holds every stratum but the elders
    (kept apart: always a tenth of the others, absent in migration) and the children (the food
    left last turn, to be given to the strata this turn); neither counts in its numbers (Ч)."""

    number: int  # its number in its tribe: 1, 2…; orders name it so
    cell: str
    strata: dict[str, int]
    elders: int
    children: int
    main: bool  # the seat of the chief: +50% ЛЧ, never vanishes; none while a tribe has one community
    dying: NotRequired[dict[str, int]]  # natural mortality carried by stratum, in hundredths of a person


class Tribe(TypedDict):
    communities: list[Community]
    migrating: bool  # the mode in force this turn (an order changes it from the next)
    points: dict[str, int]  # development points by field (soc, mil, eco), in tenths
    techs: dict[str, int]  # technology → the turn it was discovered; it works from the next
    explored: list[str]  # every cell it has seen, sorted
    met: list[str]  # every tribe it has met (players' and the computer's), sorted
    computer: bool  # the computer runs it (handover)
    extinct: int  # the turn it died out; 0 while alive
    decisions: dict[str, Decided]  # decision → the option taken and when; it works from the next turn
    faith: str  # the player's own words of its religion (ВЕРА), kept as written
    isolated: bool  # «объявляет о своей изоляции»: no development from contact, either way
    offered: list[str]  # the decisions it has been offered (told once, when first met)
    war: WarRecord


class Decided(TypedDict):
    option: str
    turn: int


class WarRecord(TypedDict):
    """«военные успехи … кол-во награбленной еды и кол-во истребленных людей», and the victories
    and assimilations victory points count."""

    plundered: int
    killed: int
    ai_destroyed: int
    players_destroyed: int
    assimilated: int


class AiTribe(TypedDict):
    """A tribe of the computer, not a power: the GM's, or one that split off a player's."""

    name: str
    community: Community
    relations: dict[str, int]  # players' tribe → 0–100
    frozen: int  # turns it keeps what it split off with; 0: «75% от ЛЧ», 2:2:1
    points: dict[str, int]  # development points by field, in tenths
    beaten: int  # the turn a player last beat it (0: never): «штраф к ЛЧ на два хода»


# a stratum's numbers per person, or a technology's additions: food (tenths), mortality (%),
# fight (БО), soc, mil, eco (development points, tenths)
Numbers = dict[str, int]


class Effects(TypedDict):
    communities: int
    distance: int
    limit: int
    limit_percent: int
    moves: int
    opens: list[str]
    children_to: list[str]
    caps: dict[str, int]
    numbers: dict[str, Numbers]
    bonus: dict[str, dict[str, int]]
    food_cap: dict[str, int]
    commands: list[str]
    fight_percent: int
    plunder: int
    city: bool


class Needs(TypedDict):
    soc: int
    mil: int
    eco: int
    after: list[str]
    at: list[str]
    strata: list[str]
    people: int
    decided: list[str]


class Tech(TypedDict):
    name: str
    en: str
    aliases: list[str]
    needs: Needs
    effects: Effects


class Option(TypedDict):
    name: str
    en: str
    aliases: list[str]
    effects: Effects


class Decision(TypedDict):
    name: str
    en: str
    aliases: list[str]
    needs: Needs
    permanent: bool
    options: list[Option]


class HiddenStratum(TypedDict):
    id: str
    children: bool
    numbers: Numbers


class AiPlace(TypedDict):
    name: str
    en: str
    aliases: list[str]
    cell: str


class Start(TypedDict):
    players: list[str]
    east: list[str]


class Secret(TypedDict):
    """The GM's data file, validated (secret.GmData) and kept with its map read cell by cell."""

    width: int
    height: int
    cells: dict[str, str]  # cell → its code in the map («Рл»)
    start: Start
    ai: list[AiPlace]
    names: list[str]
    strata: list[HiddenStratum]
    techs: list[Tech]
    decisions: list[Decision]
    forms: dict[str, dict[str, str]]  # the file's [forms."Имя"] tables, as written


class State(TypedDict):
    turn: int  # the contract's keys
    phase: str
    over: bool
    powers: list[str]
    tribes: dict[str, Tribe]  # every player's tribe, by power
    ai: list[AiTribe]
    secret: Secret
    discovered: list[str]  # technologies anyone has discovered: public, with their effects
    places: list[str]  # cells the GM chose (МЕСТО) for the next new tribes, first first
    city: str  # the tribe that founded a city, ending the game; "" before
    vote: Vote  # the players' vote on a former player's return, opened by the GM (ВОПРОС)
    returns: list[str]  # died-out tribes whose players the vote let come back, not yet come


class Vote(TypedDict):
    """«создается голосование по вопросу, требуется простое большинство, не голосовавшие считаются
    воздержавшимися»: the died-out tribe whose player asks to come back ("" when no vote is open),
    and the turn whose orders carry the votes."""

    tribe: str
    turn: int
