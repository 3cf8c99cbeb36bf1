"""What a carried project does (8.2's list), each checked again against the world as it is when
the council has voted: a stronger project of the same turn may have taken the army, the
province or the room it needed. Projects 5, 7 and 10 only decide: an action of the same turn
carries them out (the actions stage: `actions.py`), or the decision lapses at the turn's end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from engines.contract import Command
from engines.council.agenda import Tally
from engines.council.checks import NOBODY, vetoed_armies
from engines.council.data import DATA, Form
from engines.council.events import CouncilEvents
from engines.council.state import Realm, State
from engines.council.world import (
    add_freedom,
    add_influence,
    add_loyalty,
    commanded,
    free,
    governed,
    government,
    new_army,
    provinces_of,
    size,
)

C = DATA.council


class Turn:
    """One power's council being carried out: what stronger projects already changed this turn."""

    def __init__(self, state: State, realm: str, events: CouncilEvents) -> None:
        self.state, self.realm, self.events = state, realm, events
        self.armies_changed: set[str] = set()
        self.provinces_appointed: set[str] = set()

    @property
    def here(self) -> Realm:
        return self.state["realms"][self.realm]

    def fails(self, tally: Tally, code: str, **params: str | int) -> None:
        """A passed project that cannot be carried out, and why."""
        self.events.inform(self.realm, "council_not_carried", number=tally.item["number"])
        self.events.inform(self.realm, code, **params)


def _next_name(existing: Collection[str], word: str) -> str:
    n = 1
    while f"{word} {n}" in existing:
        n += 1
    return f"{word} {n}"


def _army(t: Turn, tally: Tally, cmd: Command) -> None:
    province, commander = str(cmd.args["province"]), str(cmd.args["commander"])
    most = size(t.state, t.realm).armies
    if len(t.here["armies"]) >= most:
        return t.fails(tally, "council_armies_full", realm=t.realm, most=most)
    if not free(t.state["provinces"][province]) or t.state["provinces"][province]["realm"] != t.realm:
        return t.fails(tally, "council_province_not_free", province=province)
    if len(commanded(t.state, commander)) >= C.armies_per_family:
        return t.fails(tally, "council_commander_full", family=commander, most=C.armies_per_family)
    name = _next_name(t.here["armies"], "Армия")
    t.here["armies"][name] = new_army(
        province, commander, t.state["turn"] + C.immunity_turns, DATA.war.new_army
    )
    t.armies_changed.add(name)
    t.events.inform(t.realm, "council_army_created", army=name, province=province, family=commander)


def _militia(t: Turn, tally: Tally, cmd: Command) -> None:
    called = [p for p in cmd.lists["provinces"] if free(t.state["provinces"][p])]
    for name in called:
        province = t.state["provinces"][name]
        province["population"] = max(0, province["population"] - C.militia_population)
    add_loyalty(t.state, called, C.militia_loyalty)
    t.here["militia"] += len(called)
    if called:
        t.events.inform(t.realm, "council_militia_called", provinces=", ".join(called), count=len(called))


def _commanders(t: Turn, tally: Tally, cmd: Command) -> None:
    vetoed = {army for family in tally.vetoes for army in vetoed_armies(t.state, family, tally.item["order"])}
    for army, family in cmd.pairs["changes"]:
        new = "" if family == NOBODY else family
        if army in t.armies_changed:
            t.events.inform(t.realm, "council_army_taken", army=army, number=tally.item["number"])
        elif army in vetoed:
            t.events.inform(
                t.realm, "council_army_vetoed", army=army, family=t.here["armies"][army]["commander"]
            )
        elif new and len(commanded(t.state, new)) >= C.armies_per_family:
            t.events.inform(t.realm, "council_commander_full", family=new, most=C.armies_per_family)
        else:
            here = t.here["armies"][army]
            here["commander"] = new
            here["immune_until"] = t.state["turn"] + C.immunity_turns if new else 0
            t.armies_changed.add(army)
            if new:
                t.events.inform(t.realm, "council_commander_set", army=army, family=new)
            else:
                t.events.inform(t.realm, "council_commander_removed", army=army)


def _rights(t: Turn, tally: Tally, cmd: Command) -> None:
    add_freedom(t.here, C.rights_freedom)
    provinces = provinces_of(t.state, t.realm)
    add_loyalty(t.state, provinces, C.rights_loyalty)
    t.events.inform(t.realm, "council_rights_granted", freedom=t.here["freedom"], loyalty=C.rights_loyalty)
    author = tally.item["author"]
    if not tally.item["anonymous"]:
        add_influence(t.state["families"][author], C.rights_influence)
        t.events.tell(author, "council_rights_author", amount=C.rights_influence)


def _pending(t: Turn, tally: Tally, cmd: Command) -> None:
    t.here["pending"].append(
        {"kind": tally.item["kind"], "number": tally.item["number"], "order": tally.item["order"]}
    )
    kind = DATA.project(tally.item["kind"])
    t.events.inform(
        t.realm,
        "council_waits_for_action",
        number=tally.item["number"],
        project=kind.name,
        project_en=kind.en,
    )


def _exclude(t: Turn, tally: Tally, cmd: Command) -> None:
    province = str(cmd.args["province"])
    if t.state["provinces"][province]["sphere"] != t.realm:
        return t.fails(tally, "council_not_in_sphere", province=province, realm=t.realm)
    t.state["provinces"][province]["sphere"] = ""
    t.events.announce("council_sphere_left", province=province, realm=t.realm)


def _repression(t: Turn, tally: Tally, cmd: Command) -> None:
    families = list(cmd.lists["families"])
    add_freedom(t.here, C.repression_freedom)
    for family in families:
        add_influence(t.state["families"][family], C.repression_influence)
        t.events.tell(family, "council_repressed", amount=C.repression_influence)
        add_loyalty(t.state, governed(t.state, family), C.repression_loyalty)
    t.events.inform(t.realm, "council_repression", families=", ".join(families), freedom=t.here["freedom"])


def _governor(t: Turn, tally: Tally, cmd: Command) -> None:
    province, family = str(cmd.args["province"]), str(cmd.args.get("family", ""))
    if province in t.provinces_appointed:
        return t.events.inform(
            t.realm, "council_province_taken", province=province, number=tally.item["number"]
        )
    if t.state["provinces"][province]["holding"]:
        here = t.state["provinces"][province]
        return t.fails(tally, "council_holding", province=province, family=here["governor"])
    most = size(t.state, t.realm).governorships
    if family and len(governed(t.state, family)) + 1 > most:
        return t.fails(tally, "council_governorships_full", family=family, most=most)
    t.state["provinces"][province]["governor"] = family
    t.provinces_appointed.add(province)
    if family:
        t.events.inform(t.realm, "council_governor_set", province=province, family=family)
    else:
        t.events.inform(t.realm, "council_governor_removed", province=province)


def _games(t: Turn, tally: Tally, cmd: Command) -> None:
    province = str(cmd.args["province"])
    add_loyalty(t.state, [province], C.games_loyalty)
    t.events.inform(
        t.realm, "council_games_held", province=province, loyalty=t.state["provinces"][province]["loyalty"]
    )


def _flotilla(t: Turn, tally: Tally, cmd: Command) -> None:
    province = str(cmd.args["province"])
    most = size(t.state, t.realm).flotillas
    if len(t.here["flotillas"]) >= most:
        return t.fails(tally, "council_flotillas_full", realm=t.realm, most=most)
    if not free(t.state["provinces"][province]):
        return t.fails(tally, "council_province_not_free", province=province)
    sea = next(n for n in DATA.neighbours[province] if n in DATA.sea_names)
    name = _next_name(t.here["flotillas"], "Флотилия")
    squadrons, t.here["squadrons"] = C.flotilla_squadrons + t.here["squadrons"], 0
    t.here["flotillas"][name] = {"sea": sea, "squadrons": squadrons}
    t.events.inform(t.realm, "council_flotilla_created", flotilla=name, province=province, sea=sea)


EFFECTS: dict[str, Callable[[Turn, Tally, Command], None]] = {
    "army": _army,
    "militia": _militia,
    "commanders": _commanders,
    "rights": _rights,
    "expel": _pending,
    "exclude": _exclude,
    "migration": _pending,
    "repression": _repression,
    "governor": _governor,
    "fleet": _pending,
    "games": _games,
    "flotilla": _flotilla,
}


def carry_out(state: State, realm: str, tallies: list[Tally], events: CouncilEvents) -> None:
    turn = Turn(state, realm, events)
    for tally in tallies:
        EFFECTS[tally.item["kind"]](turn, tally, Command.from_json(tally.item["order"]))


def settle_form(state: State, realm: str, before: Form, events: CouncilEvents) -> None:
    """The form of government the council leaves, judged once its projects and its election are
    done: a grant of rights that a repression of the same council takes back below the line
    changed no form, so it brings no second loss of loyalty and no election. A freer form costs
    loyalty again and brings an election of the ruling family (project 4); a less free one is
    only said."""
    after = government(state, realm)
    if after.freedom_from > before.freedom_from:
        add_loyalty(state, provinces_of(state, realm), C.form_change_loyalty)
        state["realms"][realm]["election"] = "form"
        events.announce("council_form_changed", realm=realm, form=after.name, form_en=after.en)
    elif after.freedom_from < before.freedom_from:
        events.announce("council_form_fell", realm=realm, form=after.name, form_en=after.en)
