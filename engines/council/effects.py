"""What a carried project does (8.2's list), each checked again, by the very check that took it,
against the world as it is when the council has voted: the planning stage may have given its
province to another power (an annexation), a family may have given up the post it named, and a
stronger project of the same turn may have taken the army, the province or the room it needed.
A project that no longer fits is not carried out, and its power's news says why. Projects 5, 7
and 10 only decide: an action of the same turn carries them out (the actions stage:
`actions.py`), or the decision lapses at the turn's end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from engines.contract import Command
from engines.council.agenda import Tally
from engines.council.checks import NOBODY, RULES, vetoed_armies
from engines.council.data import DATA, Form
from engines.council.events import CouncilEvents
from engines.council.mail import Mail
from engines.council.schema import vocabularies_for
from engines.council.state import Realm, State
from engines.council.world import (
    add_freedom,
    add_influence,
    add_loyalty,
    buildings_of,
    governed,
    government,
    new_army,
    provinces_of,
)
from engines.text import Msg

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

    def fails(self, tally: Tally, problem: Msg) -> None:
        """A passed project that cannot be carried out, and why."""
        self.events.inform(self.realm, "council_not_carried", number=tally.item["number"])
        self.events.inform(self.realm, problem.code, **problem.params)

    def misfit(self, tally: Tally, cmd: Command) -> Msg | None:
        """Why the project, checked again now as its author's order, no longer fits the world."""
        author = tally.item["author"]
        mail = Mail(self.state, author, [cmd], vocabularies_for(self.state, author))
        return RULES[tally.item["kind"]](mail, cmd)


def _next_name(existing: Collection[str], word: str) -> str:
    n = 1
    while f"{word} {n}" in existing:
        n += 1
    return f"{word} {n}"


def _army(t: Turn, tally: Tally, cmd: Command) -> None:
    province, commander = str(cmd.args["province"]), str(cmd.args["commander"])
    name = _next_name(t.here["armies"], "Армия")
    t.here["armies"][name] = new_army(
        province, commander, t.state["turn"] + C.immunity_turns, DATA.war.new_army
    )
    t.armies_changed.add(name)
    t.events.inform(t.realm, "council_army_created", army=name, province=province, family=commander)


def _militia(t: Turn, tally: Tally, cmd: Command) -> None:
    called = list(cmd.lists["provinces"])
    for name in called:
        province = t.state["provinces"][name]
        province["population"] = max(0, province["population"] - C.militia_population)
    add_loyalty(t.state, called, C.militia_loyalty)
    t.here["militia"] += len(called)
    t.events.inform(t.realm, "council_militia_called", provinces=", ".join(called), count=len(called))


def _commanders(t: Turn, tally: Tally, cmd: Command) -> None:
    """Each army of the project in turn, where no stronger project changed it, no veto keeps it
    and the change still fits (the army's command may have changed since it was put)."""
    vetoed = {army for family in tally.vetoes for army in vetoed_armies(t.state, family, tally.item["order"])}
    for army, family in cmd.pairs["changes"]:
        new = "" if family == NOBODY else family
        one = Command(cmd.name, pairs={"changes": ((army, family),)})
        if army in t.armies_changed:
            t.events.inform(t.realm, "council_army_taken", army=army, number=tally.item["number"])
        elif army in vetoed:
            t.events.inform(
                t.realm, "council_army_vetoed", army=army, family=t.here["armies"][army]["commander"]
            )
        elif (problem := t.misfit(tally, one)) is not None:
            t.events.inform(t.realm, problem.code, **problem.params)
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
    t.events.inform(t.realm, "council_rights_granted", freedom=C.rights_freedom, loyalty=C.rights_loyalty)
    author = tally.item["author"]
    if not tally.item["anonymous"]:
        add_influence(t.state["families"][author], C.rights_influence)
        t.events.tell(author, "council_rights_author", amount=C.rights_influence)


def _pending(t: Turn, tally: Tally, cmd: Command) -> None:
    """A decision an action of this turn carries out: the balance lists it until then."""
    t.here["pending"].append(
        {"kind": tally.item["kind"], "number": tally.item["number"], "order": tally.item["order"]}
    )


def _exclude(t: Turn, tally: Tally, cmd: Command) -> None:
    province = str(cmd.args["province"])
    t.state["provinces"][province]["sphere"] = ""
    t.events.announce("council_sphere_left", province=province, realm=t.realm)


def _repression(t: Turn, tally: Tally, cmd: Command) -> None:
    families = list(cmd.lists["families"])
    add_freedom(t.here, C.repression_freedom)
    for family in families:
        add_influence(t.state["families"][family], C.repression_influence)
        t.events.tell(family, "council_repressed", amount=C.repression_influence)
        add_loyalty(t.state, governed(t.state, family), C.repression_loyalty)
    t.events.inform(t.realm, "council_repression", families=", ".join(families), freedom=C.repression_freedom)


def _governor(t: Turn, tally: Tally, cmd: Command) -> None:
    province, family = str(cmd.args["province"]), str(cmd.args.get("family", ""))
    t.state["provinces"][province]["governor"] = family
    t.provinces_appointed.add(province)
    if family:
        t.events.inform(t.realm, "council_governor_set", province=province, family=family)
    else:
        t.events.inform(t.realm, "council_governor_removed", province=province)


def _games(t: Turn, tally: Tally, cmd: Command) -> None:
    province = str(cmd.args["province"])
    add_loyalty(t.state, [province], C.games_loyalty)
    t.events.inform(t.realm, "council_games_held", province=province, loyalty=C.games_loyalty)


def _flotilla(t: Turn, tally: Tally, cmd: Command) -> None:
    """On the first sea by the province (every harbour has one: data.py checks it); a shipyard
    there adds its squadrons, and the power's reserve joins."""
    province = str(cmd.args["province"])
    sea = next(n for n in DATA.neighbours[province] if n in DATA.sea_names)
    name = _next_name(t.here["flotillas"], "Флотилия")
    built = sum(b.squadrons for b in buildings_of(t.state, province))
    squadrons, t.here["squadrons"] = C.flotilla_squadrons + built + t.here["squadrons"], 0
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
    """The passed projects in order, each checked again first: a change of commanders army by
    army (a stronger one may have changed some), a governor once no stronger project of the
    turn named the province, every other kind whole."""
    turn = Turn(state, realm, events)
    for tally in tallies:
        cmd = Command.from_json(tally.item["order"])
        kind = tally.item["kind"]
        if kind == "governor" and str(cmd.args["province"]) in turn.provinces_appointed:
            province = str(cmd.args["province"])
            events.inform(realm, "council_province_taken", province=province, number=tally.item["number"])
            continue
        problem = None if kind == "commanders" else turn.misfit(tally, cmd)
        if problem is None:
            EFFECTS[kind](turn, tally, cmd)
        else:
            turn.fails(tally, problem)


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
