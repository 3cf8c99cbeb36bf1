"""The GM's technology tree and decisions as a small data language, judged whole: every name a
condition or effect gives must exist (technologies, options, strata, terrains and features), the
prerequisites may not go round in a circle, and some path must lead from the start to a city — a
technology the tribes could never discover would leave the game without an end. Each mistake names
its key («techs.3.needs.after»), in both languages.

A technology or a decision is reachable when what it needs could come to be: the technologies
after which it comes reachable, the strata it needs opened at the start or by something reachable,
its places on the map, the options it needs offered by a reachable decision. Points and people are
taken to come with time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engines.text import Text
from engines.tribes.data import DATA

if TYPE_CHECKING:
    from engines.tribes.secret import Effects, GmData, Needs


def problems(data: GmData, on_map: set[str]) -> list[Text]:
    """Every mistake of the tree and decisions; `on_map`: the places the map has (empty when the map
    itself is broken, so reachability is not judged)."""
    found = [*_names(data), *_references(data)]
    if not found:
        found += _circles(data)
    if not found and on_map:
        found += _city(data, on_map)
    return found


def _conditions(data: GmData) -> Iterator[tuple[str, Needs]]:
    for i, tech in enumerate(data.techs):
        yield f"techs.{i}.needs", tech.needs
    for i, decision in enumerate(data.decisions):
        yield f"decisions.{i}.needs", decision.needs


def _effects(data: GmData) -> Iterator[tuple[str, Effects]]:
    for i, tech in enumerate(data.techs):
        yield f"techs.{i}.effects", tech.effects
    for i, decision in enumerate(data.decisions):
        for j, option in enumerate(decision.options):
            yield f"decisions.{i}.options.{j}.effects", option.effects


def _names(data: GmData) -> Iterator[Text]:
    kinds = (
        ("techs", [t.name for t in data.techs], "одна технология дважды", "a technology twice"),
        ("decisions", [d.name for d in data.decisions], "одно решение дважды", "a decision twice"),
        (
            "decisions",
            [o.name for d in data.decisions for o in d.options],
            "один вариант решения дважды",
            "an option twice",
        ),
    )
    for key, names, ru, en in kinds:
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            yield Text(f"{key}: {ru}: {', '.join(twice)}", f"{key}: {en}: {', '.join(twice)}")


def _references(data: GmData) -> Iterator[Text]:
    techs = {t.name for t in data.techs}
    options = {o.name for d in data.decisions for o in d.options}
    strata = {s.id for s in DATA.strata}
    for key, needs in _conditions(data):
        for j, after in enumerate(needs.after):
            if after not in techs:
                yield Text(
                    f"{key}.after.{j}: «{after}» — нет такой технологии",
                    f"{key}.after.{j}: “{after}” is no technology",
                )
        for j, option in enumerate(needs.decided):
            if option not in options:
                yield Text(
                    f"{key}.decided.{j}: «{option}» — нет такого варианта решения",
                    f"{key}.decided.{j}: “{option}” is no option of a decision",
                )
        for j, place in enumerate(needs.at):
            if place not in DATA.places:
                yield Text(
                    f"{key}.at.{j}: «{place}» — нет такой местности или особенности",
                    f"{key}.at.{j}: “{place}” is no terrain or feature",
                )
    for key, effects in _effects(data):
        for place, by in effects.bonus.items():
            if place not in DATA.places:
                yield Text(
                    f"{key}.bonus.{place}: нет такой местности или особенности",
                    f"{key}.bonus.{place}: no such terrain or feature",
                )
            for who in by:
                if who != "all" and who not in strata:
                    yield Text(
                        f"{key}.bonus.{place}.{who}: нет такой страты",
                        f"{key}.bonus.{place}.{who}: no such stratum",
                    )
        for terrain in effects.food_cap:
            if terrain not in {t.id for t in DATA.terrains if t.cap}:
                yield Text(
                    f"{key}.food_cap.{terrain}: нет такой местности с пределом добычи еды",
                    f"{key}.food_cap.{terrain}: no such terrain with a food cap",
                )


def _needed(data: GmData) -> dict[str, list[str]]:
    """What each technology and decision needs first, by name: technologies and decisions (an
    option needed stands for its decision)."""
    owner = {o.name: d.name for d in data.decisions for o in d.options}
    items: list[tuple[str, Needs]] = [(t.name, t.needs) for t in data.techs]
    items += [(d.name, d.needs) for d in data.decisions]
    return {name: [*needs.after, *(owner[o] for o in needs.decided)] for name, needs in items}


def _circles(data: GmData) -> Iterator[Text]:
    """Each circle of prerequisites once, from the first of it in the file."""
    needed = _needed(data)
    keys = {t.name: f"techs.{i}.needs" for i, t in enumerate(data.techs)}
    keys |= {d.name: f"decisions.{i}.needs" for i, d in enumerate(data.decisions)}
    done: set[str] = set()
    for start in needed:
        circle = _circle_from(start, needed, done)
        if circle:
            done |= set(circle)
            said = " → ".join(f"«{n}»" for n in [*circle, circle[0]])
            said_en = " → ".join(f"“{n}”" for n in [*circle, circle[0]])
            yield Text(
                f"{keys[circle[0]]}: условия идут по кругу: {said}",
                f"{keys[circle[0]]}: the prerequisites go round in a circle: {said_en}",
            )


def _circle_from(start: str, needed: dict[str, list[str]], done: set[str]) -> list[str]:
    """A circle through `start` (the path from it back to it), [] when none."""
    path: list[str] = [start]
    seen: set[str] = set()

    def walk(name: str) -> bool:
        for before in needed[name]:
            if before == start:
                return True
            if before in seen or before in done:
                continue
            seen.add(before)
            path.append(before)
            if walk(before):
                return True
            path.pop()
        return False

    return path if walk(start) else []


def _city(data: GmData, on_map: set[str]) -> Iterator[Text]:
    cities = [(i, t) for i, t in enumerate(data.techs) if t.effects.city]
    if not cities:
        yield Text(
            "techs: ни одна технология не основывает город (effects.city): игра не кончится",
            "techs: no technology founds a city (effects.city): the game would never end",
        )
        return
    techs, options = reachable(data, on_map)
    if any(t.name in techs for _, t in cities):
        return
    i, city = cities[0]
    names = [n for n in (*city.needs.after, *city.needs.decided) if n not in techs | options]
    things: list[str] = [s for s in city.needs.strata if s not in _strata(data, techs, options)]
    things += [p for p in city.needs.at if p not in on_map]
    ru = ", ".join([*(f"«{n}»" for n in names), *things])
    en = ", ".join([*(f"“{n}”" for n in names), *things])
    yield Text(
        f"techs.{i}: к «{city.name}» не ведёт ни один путь: недостижимо {ru}",
        f"techs.{i}: no path leads to “{city.name}”: out of reach: {en}",
    )


def _strata(data: GmData, techs: set[str], options: set[str]) -> set[str]:
    opened: set[str] = set(DATA.opening)
    for tech in data.techs:
        if tech.name in techs:
            opened |= set(tech.effects.opens)
    for decision in data.decisions:
        for option in decision.options:
            if option.name in options:
                opened |= set(option.effects.opens)
    return opened


def reachable(data: GmData, on_map: set[str]) -> tuple[set[str], set[str]]:
    """The technologies some tribe could discover and the options some tribe could be offered."""
    techs: set[str] = set()
    options: set[str] = set()
    while True:
        strata = _strata(data, techs, options)
        more = {t.name for t in data.techs if _met(t.needs, techs, options, strata, on_map)} - techs
        offered = {
            o.name for d in data.decisions if _met(d.needs, techs, options, strata, on_map) for o in d.options
        } - options
        if not more and not offered:
            return techs, options
        techs |= more
        options |= offered


def _met(needs: Needs, techs: set[str], options: set[str], strata: set[str], on_map: set[str]) -> bool:
    return (
        set(needs.after) <= techs
        and set(needs.decided) <= options
        and set(needs.strata) <= strata
        and (not needs.at or bool(set(needs.at) & on_map))
    )
