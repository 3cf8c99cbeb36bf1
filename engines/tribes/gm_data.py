"""The GM's data file and the game it is given to (`Ruleset.data_problems`, `with_data`).

Before the first turn a file places everything afresh. Once a turn is played the game holds what
the file named: technologies known, decisions offered and taken, communities on its map; a file
that drops any of them would jam the game (every mail, the turn and the public pages read them), so
it is refused, each loss said with its key, and the game keeps its data.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from engines.text import Text
from engines.tribes import founding, secret, sight, world
from engines.tribes.state import Secret, State


def data_problems(state: State | None, data: Mapping[str, Any]) -> list[Text]:
    """The GM data file's mistakes; at the start, a place for every tribe; once the first turn is
    played, also what it may not change (`_kept`)."""
    found = secret.problems(data)
    if found or state is None:
        return found
    new = secret.stored(data)
    if state["turn"] == 1:
        places = len(new["start"]["players"])
        if len(state["powers"]) > places:
            return [
                Text(
                    f"start.players: мест {places}, а племён {len(state['powers'])}",
                    f"start.players: {places} places for {len(state['powers'])} tribes",
                )
            ]
        return []
    if (new["width"], new["height"]) != (state["secret"]["width"], state["secret"]["height"]):
        return [
            Text(
                "map.rows: размер карты в идущей игре не меняется",
                "map.rows: a running game keeps its map's size",
            )
        ]
    return list(_kept(state, new))


def _kept(state: State, new: Secret) -> Iterator[Text]:
    """What the running game holds that `new` must keep: the land under every community, every
    technology discovered, every decision offered with its options, every option taken."""
    for cell in sorted({c["cell"] for _, c in sight.occupants(state)}):
        if not world.terrain_of(new["cells"][cell]).passable:
            yield Text(
                f"map.rows: под общиной на {cell} теперь не суша",
                f"map.rows: the community on {cell} would be off land",
            )
    techs = {t["name"] for t in new["techs"]}
    known = {*state["discovered"], *(t for tribe in state["tribes"].values() for t in tribe["techs"])}
    for name in sorted(known - techs):
        yield Text(
            f"techs: нет технологии «{name}», а её в игре уже открыли",
            f"techs: no technology “{name}”, and it has been discovered in the game",
        )
    yield from _decisions(state, new)


def _decisions(state: State, new: Secret) -> Iterator[Text]:
    """A decision offered to a tribe (its options were told, an order may name one) or taken:
    it stays, with every option it had and the one taken."""
    options = {d["name"]: {o["name"] for o in d["options"]} for d in new["decisions"]}
    before = {d["name"]: [o["name"] for o in d["options"]] for d in state["secret"]["decisions"]}
    lost: dict[tuple[str, str], list[str]] = {}  # (decision, option or "") → the tribes it was offered
    for power, tribe in sorted(state["tribes"].items()):
        taken = {name: d["option"] for name, d in tribe["decisions"].items()}
        for name in sorted({*tribe["offered"], *taken}):
            had = [*before.get(name, []), taken.get(name, "")]
            gone = [""] if name not in options else [o for o in had if o and o not in options[name]]
            for option in dict.fromkeys(gone):
                lost.setdefault((name, option), []).append(power)
    for (name, option), powers in lost.items():
        ru = f"{'племени' if len(powers) == 1 else 'племенам'} " + ", ".join(f"«{p}»" for p in powers)
        en = f"{'the tribe' if len(powers) == 1 else 'the tribes'} " + ", ".join(f"“{p}”" for p in powers)
        if not option:
            yield Text(
                f"decisions: нет решения «{name}», а его уже предложили {ru}",
                f"decisions: no decision “{name}”, and it was offered to {en}",
            )
        else:
            yield Text(
                f"decisions: в решении «{name}» нет варианта «{option}», а решение уже предложили {ru}",
                f"decisions: the decision “{name}” has no option “{option}”, and it was offered to {en}",
            )


def with_data(state: State, data: Mapping[str, Any]) -> State:
    """The GM's data in the state: before the first turn everything is placed afresh on its map,
    later only its rules and map are taken and every community stays where it is."""
    new = secret.stored(data)
    if state["turn"] == 1:
        return founding.placed(state, new)
    fresh = copy.deepcopy(state)
    fresh["secret"] = new
    return fresh
