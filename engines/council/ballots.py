"""The two council votes for families rather than for projects: the election of the ruling family
(project 12) and the anonymous investigation (project 13).

An election is voted and decided at the end of the decisions stage. An investigation is voted
then too, but settled only at the end of the turn: between the two the GM has read the crime
texts in the digest and accepted those worth a vote (`gm.apply_gm`: ПРИНЯТЬ ТЕКСТ), so the verdict
comes in by a rule input that ОТКАТ undoes like any other. No player's mail names a voter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engines.contract import Command
from engines.council.data import DATA
from engines.council.events import CouncilEvents
from engines.council.state import Accusation, State
from engines.council.world import (
    add_freedom,
    add_influence,
    add_loyalty,
    families_of,
    provinces_of,
    set_ruling,
    vote_weight,
)
from engines.rng import Rng
from engines.text import Msg

Orders = Mapping[str, Sequence[Command]]
INV, E = DATA.investigation, DATA.elections


def _top(counts: Counter[str], order: Sequence[str], rng: Rng, purpose: Msg) -> str:
    """The name with the most, equal ones drawn by lot."""
    best = max(counts.values())
    leaders = [name for name in order if counts.get(name) == best]
    return leaders[0] if len(leaders) == 1 else rng.choice(leaders, purpose)


# ---- elections (project 12) -----------------------------------------------------------------------------
def hold_election(state: State, realm: str, orders: Orders, rng: Rng, events: CouncilEvents) -> None:
    """Votes only «за» a candidate, weighed as on the council; the most votes win. Without a vote
    the ruling family stays. A regular election a republic or oligarchy gives the family already in
    power again costs loyalty and freedom."""
    here = state["realms"][realm]
    kind, here["election_now"] = here["election_now"], ""
    if not kind:
        return
    here["last_election"] = state["turn"]
    votes: Counter[str] = Counter()
    for family in families_of(state, realm):
        for cmd in orders.get(family, ()):
            if cmd.name == "elect":
                votes[str(cmd.args["candidate"])] += vote_weight(state, family)
                events.log(
                    "council_gm_elect", realm=realm, family=family, candidate=str(cmd.args["candidate"])
                )
    ruling = here["ruling"]
    if not votes:
        events.inform(realm, "council_election_no_votes", family=ruling)
        return
    kin = families_of(state, realm)
    events.inform(
        realm, "council_election_votes", votes=", ".join(f"{f} {votes[f]}" for f in kin if votes[f])
    )
    winner = _top(votes, kin, rng, Msg("council_draw_election", {"realm": realm}))
    if winner != ruling:
        set_ruling(state, realm, winner)
        events.announce("council_elected", realm=realm, family=winner)
    elif kind == "regular":
        add_loyalty(state, provinces_of(state, realm), E.repeat_loyalty)
        add_freedom(here, E.repeat_freedom)
        events.announce(
            "council_reelected",
            realm=realm,
            family=winner,
            freedom=here["freedom"],
            loyalty=E.repeat_loyalty,
        )
    else:
        events.announce("council_ruling_stays", realm=realm, family=winner)


# ---- investigations (project 13) ------------------------------------------------------------------------
def record_investigation(state: State, realm: str, orders: Orders, events: CouncilEvents) -> None:
    """The accusations as cast, kept for the end of the turn; the GM reads them and their texts."""
    here = state["realms"][realm]
    if not here["investigation_now"]:
        return
    here["investigation_now"] = False
    votes: dict[str, Accusation] = {}
    for family in families_of(state, realm):
        for cmd in orders.get(family, ()):
            if cmd.name == "accuse":
                text = str(cmd.args.get("text", ""))
                votes[family] = {
                    "accused": str(cmd.args["accused"]),
                    "text": text,
                    "weight": vote_weight(state, family),
                }
                events.log(
                    "council_gm_accusation", realm=realm, family=family, accused=votes[family]["accused"]
                )
                if text:
                    events.log("council_gm_crime_text", family=family, text=text)
    here["investigation"] = {"votes": votes, "accepted": []}
    events.inform(realm, "council_investigation_held", realm=realm)


def settle_investigation(state: State, realm: str, rng: Rng, events: CouncilEvents) -> None:
    """The family with the most votes is the culprit: it loses influence and 10 % of its budget
    at the start of the turn, paid to the family that gave the most votes against it. With no
    vote at all the lot names the culprit and the fine is lost. A family exiled since the vote
    (a civil war lost in the actions stage) is neither culprit nor paid: votes against it fall,
    and with every accused exiled there is no fine."""
    here = state["realms"][realm]
    held, here["investigation"] = here["investigation"], None
    if held is None:
        return
    kin = families_of(state, realm)  # a family exiled since the vote neither pays nor is paid
    given: Counter[str] = Counter()
    against: Counter[str] = Counter()
    for accuser, vote in held["votes"].items():
        given[accuser] = vote["weight"] + (
            INV.text_votes if accuser in held["accepted"] and vote["text"] else 0
        )
        if vote["accused"] in kin:
            against[vote["accused"]] += given[accuser]
    if held["votes"] and not against:  # every family accused was exiled since the vote
        events.inform(realm, "council_investigation_moot", realm=realm)
        return
    if against:
        culprit = _top(against, kin, rng, Msg("council_draw_investigation", {"realm": realm}))
        accusers = Counter(
            {a: n for a, n in given.items() if held["votes"][a]["accused"] == culprit and a in kin}
        )
        receiver = _top(accusers, kin, rng, Msg("council_draw_fine", {"realm": realm})) if accusers else ""
    else:
        culprit = rng.choice(kin, Msg("council_draw_culprit", {"realm": realm}))
        receiver = ""
    family = state["families"][culprit]
    fine = min(family["budget"] * INV.fine_percent // 100, family["money"])
    family["money"] -= fine
    add_influence(family, INV.influence)
    events.tell(culprit, "council_found_guilty", fine=fine, influence=-INV.influence)
    events.log(
        "council_gm_verdict",
        realm=realm,
        family=culprit,
        votes=", ".join(f"{f} {against[f]}" for f in kin if against[f]),
    )
    if receiver:
        state["families"][receiver]["money"] += fine
        events.tell(receiver, "council_fine_received", family=culprit, fine=fine)
        events.log("council_gm_fine_to", family=receiver, fine=fine)
    if against:
        events.inform(
            realm,
            "council_investigation_verdict",
            realm=realm,
            family=culprit,
            fine=fine,
            influence=-INV.influence,
        )
    else:
        events.inform(
            realm,
            "council_investigation_by_lot",
            realm=realm,
            family=culprit,
            fine=fine,
            influence=-INV.influence,
        )
