"""Section 12: victory points of the player countries, and the end of the game."""

from __future__ import annotations

from engines.rus.data import DATA
from engines.rus.state import State
from engines.rus.world import country, players, provinces_of

V = DATA.victory


def breakdown(state: State, power: str) -> dict[str, int]:
    """(ОП of the three richest provinces)/2, money/5, vassals' provinces ×5, event points, stories."""
    ops = sorted((state["provinces"][p]["op"] for p in provinces_of(state, power)), reverse=True)
    vassal_provinces = sum(
        len(provinces_of(state, v)) for v, lord in state["vassals"].items() if lord == power
    )
    authors = {p: country(state, p)["stories"] for p in players(state)}
    best = max(authors.values(), default=0)
    return {
        "provinces": sum(ops[: V.top_provinces]) // V.op_divisor,
        "money": max(0, country(state, power)["money"]) // V.money_divisor,
        "vassals": vassal_provinces * V.per_vassal_province,
        "events": country(state, power)["prestige"],
        "stories": V.most_stories if best and authors.get(power) == best else 0,
    }


def tally(state: State) -> dict[str, int]:
    """Countries run by the GM take no part in the count (they neither win nor lose)."""
    return {power: sum(breakdown(state, power).values()) for power in players(state)}


def scores(state: State) -> dict[str, int]:
    """The standings: the players' countries and those the computer took over from a player, so
    a leader handed over stays in the table (the mails mark it); the final count is `tally`'s."""
    listed = set(players(state)) | set(state.get("handed", []))
    return {power: sum(breakdown(state, power).values()) for power in state["powers"] if power in listed}


def unanimous(state: State, voters: list[str]) -> bool:
    """Every player country voted ЗАВЕРШИТЬ this turn."""
    live = players(state)
    return bool(live) and sorted(voters) == sorted(live)


def _vassals_enough(state: State) -> bool:
    lords = list(state["vassals"].values())
    return any(lords.count(lord) >= V.vassals_to_end for lord in set(lords))


def game_ends(state: State, voters: list[str]) -> str:
    """Why the game ends after this turn ("" if it goes on): the GM's decision, or every player's
    vote, or a country with four or more vassals. `vassals_end` reads the rulebook's «обязательным
    условием окончания игры» (README): "required" lets the vote end the game only once a country
    has them; "trigger" ends the game by them alone. The GM's decision is never held back."""
    if state["gm_end"]:
        return "rus_news_end_gm"
    enough = _vassals_enough(state)
    if unanimous(state, voters) and (enough or V.vassals_end == "trigger"):
        return "rus_news_end_vote"
    if enough and V.vassals_end == "trigger":
        return "rus_news_end_vassals"
    return ""
