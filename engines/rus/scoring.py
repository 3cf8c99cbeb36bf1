"""Section 12: victory points of the player countries, and the end of the game."""

from __future__ import annotations

from engines.contract import JSON
from engines.rus.data import DATA
from engines.rus.world import country, players, provinces_of

M = DATA.misc


def breakdown(state: JSON, power: str) -> dict[str, int]:
    """(ОП of the three richest provinces)/2, money/5, vassals' provinces ×5, event points, stories."""
    ops = sorted((state["provinces"][p]["op"] for p in provinces_of(state, power)), reverse=True)
    vassal_provinces = sum(
        len(provinces_of(state, v)) for v, lord in state["vassals"].items() if lord == power
    )
    authors = {p: country(state, p)["stories"] for p in players(state)}
    best = max(authors.values(), default=0)
    return {
        "provinces": sum(ops[: M.top_provinces]) // M.op_divisor,
        "money": max(0, country(state, power)["money"]) // M.money_divisor,
        "vassals": vassal_provinces * M.per_vassal_province,
        "events": country(state, power)["prestige"],
        "stories": M.most_stories if best and authors.get(power) == best else 0,
    }


def scores(state: JSON) -> dict[str, int]:
    """Countries run by the GM take no part in the count (they neither win nor lose)."""
    return {power: sum(breakdown(state, power).values()) for power in players(state)}


def game_ends(state: JSON, voters: list[str]) -> str:
    """Why the game ends after this turn ("" if it goes on): the GM, every player's vote, or a
    country with four or more vassals."""
    if state["gm_end"]:
        return "rus_news_end_gm"
    live = players(state)
    if live and sorted(voters) == sorted(live):
        return "rus_news_end_vote"
    lords = list(state["vassals"].values())
    if any(lords.count(lord) >= M.vassals_to_end for lord in set(lords)):
        return "rus_news_end_vassals"
    return ""
