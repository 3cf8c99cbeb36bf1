"""The state council (8.2–8.3): the list of projects each power's council takes at the end of the
planning stage, and at the end of the decisions stage the vote, the strength of each project and
which of the competing projects are carried out.

A project's strength (сила, which the rulebook never defines) is the weight of the votes for it
less the weight of those against; it passes with a strength above zero. A family's vote weighs
what its power's form of government gives its status. Projects of one kind compete as data.toml
says: the strongest alone, all that passed, or the strongest in full and the rest where they do
not contradict it; equal strengths are ordered by lot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from engines.contract import Command
from engines.council.data import DATA
from engines.council.events import CouncilEvents
from engines.council.schema import PROJECT_NAMES
from engines.council.state import Item, State
from engines.council.world import DECISIONS, REALMS, families_of, government, realm_of, vote_weight
from engines.rng import Rng
from engines.text import Msg

Orders = Mapping[str, Sequence[Command]]


def owes_orders(state: State, family: str, phase: str) -> bool:
    """Whether the family has anything to order in the stage: in every stage but the decisions,
    and in the decisions only when its council's list holds something to vote on (projects, an
    election, an investigation): «На этой стадии игроки голосуют в гос. совете» (8.3), and with
    nothing on the list the stage asks nothing of anyone (a transfer or a resignation may still be
    sent)."""
    if phase != DECISIONS:
        return True
    here = state["realms"][realm_of(state, family)]
    return bool(here["agenda"] or here["election_now"] or here["investigation_now"])


# ---- the list (end of the planning stage) ---------------------------------------------------------
def anonymous_kinds(commands: Sequence[Command]) -> set[str] | None:
    """The project kinds a mail puts anonymously; None when АНОНИМНО named no kind (all of them)."""
    kinds: set[str] = set()
    for cmd in commands:
        if cmd.name == "anonymous":
            if "project" not in cmd.args:
                return None
            kinds.add(DATA.project_named(str(cmd.args["project"])).key)
    return kinds


def put_projects(state: State, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    """Each power's projects on its council's list, by kind in the rulebook's order and, within a
    kind, in an order drawn by lot (so a number says nothing of its author); elections and an
    investigation join the list when due. The list goes to the power's families."""
    for realm in REALMS:
        here = state["realms"][realm]
        put = []
        for family in families_of(state, realm):
            hidden = anonymous_kinds(orders.get(family, ()))
            for cmd in orders.get(family, ()):
                if cmd.name in PROJECT_NAMES:
                    put.append((family, cmd, hidden is None or cmd.name in hidden))
        if len(put) > 1:
            labels = [
                f"{family}: {DATA.project(cmd.name).name} (строка {cmd.line})" for family, cmd, _ in put
            ]
            drawn = rng.shuffled(labels, Msg("council_draw_agenda", {"realm": realm}))
            put = [put[labels.index(label)] for label in drawn]
        put.sort(key=lambda entry: DATA.project(entry[1].name).number)
        here["agenda"] = [
            {"number": n, "kind": cmd.name, "author": family, "anonymous": anonymous, "order": cmd.to_json()}
            for n, (family, cmd, anonymous) in enumerate(put, start=1)
        ]
        here["election_now"] = here["election"] or _regular(state, realm)
        here["investigation_now"] = here["investigation_called"]
        here["election"], here["investigation_called"] = "", False
        _announce_list(state, realm, events)


def _regular(state: State, realm: str) -> str:
    """«В республиках и олигархиях … выборы проходят каждые три года»."""
    here = state["realms"][realm]
    every = max(1, DATA.elections.every // DATA.game.years_per_turn)
    due = government(state, realm).regular_elections and state["turn"] - here["last_election"] >= every
    return "regular" if due else ""


def _announce_list(state: State, realm: str, events: CouncilEvents) -> None:
    here = state["realms"][realm]
    if not here["agenda"] and not here["election_now"] and not here["investigation_now"]:
        events.inform(realm, "council_list_empty", realm=realm)
        return
    events.inform(realm, "council_list", realm=realm, count=len(here["agenda"]))
    for item in here["agenda"]:
        code, params = describe(item)
        events.inform(realm, code, **params)
        _tell_author(item, events)
        if item["anonymous"]:
            events.log(
                "council_gm_author_anonymous", realm=realm, number=item["number"], author=item["author"]
            )
    if here["election_now"]:
        events.inform(realm, "council_list_election", realm=realm)
    if here["investigation_now"]:
        events.inform(realm, "council_list_investigation", realm=realm)


def _tell_author(item: Item, events: CouncilEvents) -> None:
    """The author's own line: which of its projects got which number, its names given when it
    has any, so that two projects of one kind are told apart."""
    kind, given = DATA.project(item["kind"]), details(item["order"])
    code = "council_your_item" + ("_anonymous" if item["anonymous"] else "") + ("_details" if given else "")
    project: dict[str, str | int] = {"number": item["number"], "project": kind.name, "project_en": kind.en}
    events.tell(item["author"], code, **project, details=given)


def describe(item: Item) -> tuple[str, dict[str, str | int]]:
    """The list's line of one project: what it would do, and who put it (or that it is anonymous)."""
    cmd = Command.from_json(item["order"])
    kind = DATA.project(item["kind"])
    what: dict[str, str | int] = {"number": item["number"], "project": kind.name, "project_en": kind.en}
    what.update({k: str(v) for k, v in cmd.args.items()})
    what.update({k: ", ".join(v) for k, v in cmd.lists.items()})
    code = f"council_item_{item['kind']}"
    if item["kind"] == "commanders":
        nobody = DATA.words.nobody.name
        given = [f"{army} — {family}" for army, family in cmd.pairs["changes"] if family != nobody]
        vacated = [army for army, family in cmd.pairs["changes"] if family == nobody]
        what.update(given=", ".join(given), vacated=", ".join(vacated))
        code += "_" + "_".join(part for part, names in (("given", given), ("vacated", vacated)) if names)
    if item["kind"] == "fleet":
        what["moves"] = ", ".join(f"{flotilla} — {sea}" for flotilla, sea in cmd.pairs["moves"])
    if item["kind"] == "governor" and "family" not in cmd.args:
        code += "_vacated"
    if item["anonymous"]:
        return code + "_anonymous", what
    return code, {**what, "author": item["author"]}


def details(order: dict[str, object]) -> str:
    """The names a project gives, in its order's order: «Лаций, Колонна», «Армия 1 — Никто»."""
    cmd = Command.from_json(order)
    names = [str(v) for v in cmd.args.values()] + [n for v in cmd.lists.values() for n in v]
    names += [f"{a} — {b}" for pairs in cmd.pairs.values() for a, b in pairs]
    return ", ".join(names)


# ---- the vote (end of the decisions stage) ------------------------------------------------------------
@dataclass
class Tally:
    item: Item
    yes: list[tuple[str, int]]  # (family, weight)
    no: list[tuple[str, int]]
    vetoes: list[str]  # families that vetoed their armies out of it

    @property
    def strength(self) -> int:
        return sum(w for _, w in self.yes) - sum(w for _, w in self.no)

    @property
    def passed(self) -> bool:
        return self.strength > 0


def tally(state: State, realm: str, orders: Orders) -> list[Tally]:
    """Each project of the power's list with its votes, weighed now."""
    yes_word = DATA.words.yes.name
    tallies = {item["number"]: Tally(item, [], [], []) for item in state["realms"][realm]["agenda"]}
    for family in families_of(state, realm):
        weight = vote_weight(state, family)
        for cmd in orders.get(family, ()):
            if cmd.name == "vote":
                for number, choice in cmd.pairs["votes"]:
                    side = tallies[int(number)].yes if choice == yes_word else tallies[int(number)].no
                    side.append((family, weight))
            elif cmd.name == "veto":
                tallies[int(str(cmd.args["item"]))].vetoes.append(family)
    return list(tallies.values())


def carried(tallies: Sequence[Tally], rng: Rng, realm: str) -> list[Tally]:
    """The passed projects to carry out, kind by kind in the rulebook's order, strongest first
    (equal strengths by lot): one of a "strongest" kind, every one of the others (a "layered" kind
    is then carried out where a stronger one left room)."""
    out: list[Tally] = []
    passed = sorted((t for t in tallies if t.passed), key=lambda t: DATA.project(t.item["kind"]).number)
    for kind, group in groupby(passed, key=lambda t: t.item["kind"]):
        ordered = strongest_first(list(group), rng, realm, DATA.project(kind).name)
        out += ordered[:1] if DATA.project(kind).competition == "strongest" else ordered
    return out


def strongest_first(tallies: list[Tally], rng: Rng, realm: str, project: str) -> list[Tally]:
    out: list[Tally] = []
    for _, group in groupby(sorted(tallies, key=lambda t: -t.strength), key=lambda t: t.strength):
        tied = list(group)
        if len(tied) > 1:
            numbers = rng.shuffled(
                [t.item["number"] for t in tied],
                Msg("council_draw_strength", {"realm": realm, "project": project}),
            )
            tied.sort(key=lambda t: numbers.index(t.item["number"]))
        out += tied
    return out
