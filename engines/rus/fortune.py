"""Step 1: random events from the data table (section 10) and the AI country converting by lot (9).

Every event of the table is rolled once a turn (d100 against its `chance`); one that happens
strikes a country drawn by lot, and, where it needs one, a province or specialisation drawn by lot.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.rng import Rng
from engines.rus.data import DATA, Event
from engines.rus.report import Turn
from engines.rus.science import grant, missing_prerequisite
from engines.rus.state import State
from engines.rus.war import raid
from engines.rus.world import (
    change_stability,
    clamp_influence,
    country,
    druzhina,
    is_ai,
    provinces_of,
    set_druzhina,
)
from engines.text import Msg

G, R = DATA.game, DATA.religions


@dataclass(frozen=True)
class HarvestChange:
    """«Засуха» / «Урожайный год»: this country's provinces of this specialisation, ±percent."""

    power: str
    spec: str
    percent: int


def roll(state: State, rng: Rng, turn: Turn) -> list[HarvestChange]:
    """Roll every event; apply what happens now and return the harvest changes for step 9."""
    harvests: list[HarvestChange] = []
    t = state["turn"]
    for event in DATA.events:
        if (
            rng.randint(
                1, 100, Msg("rus_draw_event", {"turn": t, "event": event.name, "chance": event.chance})
            )
            > event.chance
        ):
            continue
        power = rng.choice(state["powers"], Msg("rus_draw_event_where", {"turn": t, "event": event.name}))
        change = strike(state, event, power, rng, turn)
        if change is not None:
            harvests.append(change)
    return harvests


def strike(state: State, event: Event, power: str, rng: Rng, turn: Turn) -> HarvestChange | None:
    """One event that happened strikes `power` (a province or a branch of it drawn by lot)."""
    t, c = state["turn"], country(state, power)
    own = provinces_of(state, power)
    if event.kind == "harvest" and own:
        specs = [s.name for s in DATA.specs if any(state["provinces"][p]["spec"] == s.name for p in own)]
        spec = rng.choice(specs, _why("rus_draw_event_craft", t, event, power))
        _news(turn, power, event, "rus_event_harvest", spec=spec, percent=event.percent)
        return HarvestChange(power, spec, event.percent)
    if event.kind == "fire" and own:
        province = rng.choice(own, _why("rus_draw_event_province", t, event, power))
        here = state["provinces"][province]
        lost = max(0, min(event.amount, here["op"] - G.min_op))
        here["op"] -= lost
        _news(turn, power, event, "rus_event_fire", province=province, amount=lost)
    elif event.kind == "stability":
        made = change_stability(state, power, event.amount)
        _news(turn, power, event, "rus_event_stability", amount=made)
    elif event.kind == "raid" and own:
        province = rng.choice(own, _why("rus_draw_event_province", t, event, power))
        _news(
            turn, power, event, "rus_event_raid", province=province, amount=event.amount, raider=event.raider
        )
        raid(state, power, province, event.raider, event.amount, turn)
    elif event.kind == "druzhina":
        set_druzhina(state, power, druzhina(state, power) + event.amount)
        _news(turn, power, event, "rus_event_druzhina", amount=event.amount)
    elif event.kind == "influence":
        others = list(state["influence"][power])
        target = rng.choice(others, _why("rus_draw_event_target", t, event, power))
        state["influence"][power][target] = clamp_influence(state["influence"][power][target] + event.amount)
        turn.note_influence(power, target, event.amount, state["influence"][power][target], "event")
        _news(turn, power, event, "rus_event_influence", target=target, amount=event.amount)
    elif event.kind == "tech":
        open_techs = [
            x.name
            for x in DATA.techs
            if x.name not in c["techs"] and not missing_prerequisite(state, power, x.name)
        ]
        if open_techs:
            tech = rng.choice(open_techs, _why("rus_draw_event_tech", t, event, power))
            grant(state, power, tech)
            _news(turn, power, event, "rus_event_tech", tech=tech)
    elif event.kind == "money":
        turn.book(state, power, "event", event.amount, event.name)
        _news(turn, power, event, "rus_event_money", amount=event.amount)
    elif event.kind == "prestige":
        c["prestige"] += event.amount
        _news(turn, power, event, "rus_event_prestige", amount=event.amount)
    return None


def _news(turn: Turn, power: str, event: Event, code: str, **params: str | int) -> None:
    turn.announce("rus_news_event", event=event.name, power=power)
    turn.announce(code, power=power, **params)
    turn.tell(power, code, power=power, **params)


def ai_conversion(state: State, rng: Rng, turn: Turn) -> None:
    """«Ведущий по жребию каждый ход объявляет о принятии одной из АИ-стран христианства»."""
    pagans = [p for p in state["powers"] if is_ai(state, p) and country(state, p)["religion"] == R.pagan]
    if not pagans:
        return
    power = rng.choice(pagans, Msg("rus_draw_christening", {"turn": state["turn"]}))
    country(state, power)["religion"] = R.christian
    turn.announce("rus_news_ai_converts", power=power)


def _why(code: str, turn: int, event: Event, power: str) -> Msg:
    """Why an event's lot is drawn: which craft, province, country or technology it strikes."""
    return Msg(code, {"turn": turn, "event": event.name, "power": power})
