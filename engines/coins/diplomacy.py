"""Open diplomacy of the talks phase: alliances, ceded colonies and military help to allies."""

from __future__ import annotations

from collections.abc import Sequence

from engines.coins.data import DATA
from engines.coins.state import State
from engines.coins.world import alliance_record, country, partners
from engines.toolkit import Events


def form_alliances(state: State, offers: Sequence[tuple[str, str, str]], events: Events) -> None:
    """An alliance exists once both sides offered it in the same talks phase: (kind, from, to)."""
    wanted = set(offers)
    for kind, a, b in offers:
        record = alliance_record(state, kind, a, b)
        if (kind, b, a) in wanted and record not in state["alliances"]:
            state["alliances"].append(record)
            events.announce("alliance_formed", kind=DATA.alliance_kind(kind).name, a=a, b=b)
        elif (kind, b, a) not in wanted:
            events.tell(a, "alliance_unanswered", kind=DATA.alliance_kind(kind).name, partner=b)
    _sort(state)


def break_alliance(state: State, kind: str, power: str, partner: str, events: Events) -> None:
    """Breaking is one-sided and public."""
    record = alliance_record(state, kind, power, partner)
    if record in state["alliances"]:
        state["alliances"].remove(record)
        events.announce("alliance_broken", kind=DATA.alliance_kind(kind).name, a=power, b=partner)


def drop_all(state: State, kind: str, power: str, events: Events) -> None:
    for partner in partners(state, kind, power):
        break_alliance(state, kind, power, partner, events)


def _sort(state: State) -> None:
    order = {p: i for i, p in enumerate(state["powers"])}
    kinds: list[str] = [a.kind for a in DATA.alliances]
    state["alliances"].sort(key=lambda a: (kinds.index(a["kind"]), *(order[p] for p in a["powers"])))


def cede_colony(state: State, power: str, colony: str, receiver: str, events: Events) -> None:
    if state["colonies"][colony] == power:
        state["colonies"][colony] = receiver
        events.announce("colony_ceded", colony=colony, giver=power, receiver=receiver)


def send_help(state: State, power: str, ally: str, amount: int, events: Events) -> None:
    """Troops sent to a military ally are commanded by the ally this turn."""
    if ally not in partners(state, "military", power):
        events.tell(power, "help_no_alliance", ally=ally)
        return
    helper = country(state, power)
    sent = max(0, min(amount, helper["army"] - helper["lent"]))
    helper["lent"] += sent
    country(state, ally)["borrowed"] += sent
    events.tell(power, "help_sent", ally=ally, amount=sent)
    events.tell(ally, "help_received", ally=power, amount=sent)
