"""The UN vote: who may propose, what a proposal needs, how it is decided and what it does."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engines.coins.data import DATA, Proposal
from engines.coins.diplomacy import drop_all
from engines.coins.economy import pay
from engines.coins.intel import snapshot, snapshot_params
from engines.coins.state import Listed, ProposalRecord, State
from engines.coins.world import country, others
from engines.rng import Rng
from engines.text import Msg
from engines.toolkit import Events


def choose_chair(state: State, rng: Rng, events: Events) -> None:
    """Highest influence proposes; a tie goes to the richer; a tie in both is settled by lot."""

    def rank(power: str) -> tuple[int, int]:
        c = country(state, power)
        return (c["influence"], c["coins"])

    best = max(rank(p) for p in state["powers"])
    tied = [p for p in state["powers"] if rank(p) == best]
    chair = tied[0] if len(tied) == 1 else rng.choice(tied, Msg("coins_draw_chair", {"turn": state["turn"]}))
    if len(tied) > 1:
        events.log("chair_lot", tied=", ".join(tied), chair=chair)
    state["chair"] = chair
    events.announce("chair", power=chair)


def subject(state: State, record: ProposalRecord) -> str:
    """Player X of a proposal: the named power, or the owner of the named colony."""
    target = record["target"]
    if DATA.proposal(record["name"]).target == "colony":
        return state["colonies"].get(target, "")
    return target


def problem(state: State, record: ProposalRecord) -> Msg | None:
    """Whether a proposal names what it needs: X (a power or an owned colony), Y, an amount."""
    proposal = DATA.proposal(record["name"])
    target, recipient = record["target"], record["recipient"]
    if proposal.target == "power" and target not in state["powers"]:
        return Msg("proposal_needs_power", {"proposal": proposal.name})
    if proposal.target == "colony" and target not in state["colonies"]:
        return Msg("proposal_needs_colony", {"proposal": proposal.name})
    if proposal.target == "colony" and not subject(state, record):
        return Msg("proposal_neutral_colony", {"colony": target})
    if proposal.recipient and recipient not in state["powers"]:
        return Msg("proposal_needs_recipient", {"proposal": proposal.name})
    if proposal.recipient and recipient == subject(state, record):
        return Msg("proposal_same_parties", {"proposal": proposal.name})
    if proposal.amount and record["amount"] < 1:
        return Msg("proposal_needs_amount", {"proposal": proposal.name})
    return None


def announce_proposal(state: State, record: ProposalRecord, events: Events) -> None:
    state["proposal"] = record
    events.announce(
        "proposal_made", proposer=record["proposer"], name=record["name"], details=details(record)
    )


def details(record: ProposalRecord) -> str:
    """Parameters in a language-neutral form: "X → Y 3", "Исландия → США", "Китай"."""
    parts = [record["target"], f"→ {record['recipient']}" if record["recipient"] else ""]
    parts.append(str(record["amount"]) if record["amount"] else "")
    return " ".join(p for p in parts if p) or "—"


def tally(state: State, votes: Mapping[str, bool], events: Events) -> None:
    """Influence for against influence against; more for passes. Silence counts for nothing;
    the proposer counts for unless it votes against its own proposal."""
    record = state["proposal"]
    if not record:
        raise ValueError("no proposal to vote on")  # the vote phase exists only after one
    ballots = {record["proposer"]: True, **votes}
    yes = [p for p in state["powers"] if ballots.get(p) is True]
    no = [p for p in state["powers"] if ballots.get(p) is False]
    weight_for = sum(country(state, p)["influence"] for p in yes)
    weight_against = sum(country(state, p)["influence"] for p in no)
    passed = weight_for > weight_against
    events.log("vote_weights", name=record["name"], yes=weight_for, no=weight_against)
    events.announce(
        "vote_passed" if passed else "vote_failed",
        name=record["name"],
        yes=", ".join(yes) or "—",
        no=", ".join(no) or "—",
    )
    state["proposal"] = {}
    if passed:
        state["passed"].append({"turn": state["turn"], **record})
        country(state, record["proposer"])["vp"]["proposals"] += DATA.vp.per_passed_proposal
        proposal = DATA.proposal(record["name"])
        EFFECTS[proposal.effect](state, proposal, record, events)


Effect = Callable[[State, Proposal, ProposalRecord, Events], None]


def _aid(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    for giver in others(state, record["target"]):
        moved = pay(state, giver, record["target"], proposal.value)
        events.announce("coins_given", giver=giver, receiver=record["target"], amount=moved)


def _territory(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    owner = subject(state, record)
    if owner and owner != record["recipient"]:
        state["colonies"][record["target"]] = record["recipient"]
        events.announce("colony_ceded", colony=record["target"], giver=owner, receiver=record["recipient"])


def _compensation(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    moved = pay(state, record["target"], record["recipient"], record["amount"])
    events.announce("coins_given", giver=record["target"], receiver=record["recipient"], amount=moved)


def _arms_limit(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    state["effects"]["arms_limit"] = proposal.value


def _listed(key: Listed) -> Effect:
    """Effects that put X on one of this turn's lists (immune, disarmed, externally run)."""

    def effect(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
        state["effects"][key].append(record["target"])

    return effect


def _influence_factor(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    state["next_effects"]["influence_factor"][record["target"]] = proposal.value


def _commission(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    data = snapshot(state, record["target"])
    state["effects"]["commission"][record["target"]] = data
    events.announce("commission_report", power=record["target"], **snapshot_params(data))


def _tribunal(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    country(state, record["target"])["vp"]["tribunal"] -= proposal.value


def _sanctions(state: State, proposal: Proposal, record: ProposalRecord, events: Events) -> None:
    drop_all(state, "trade", record["target"], events)


EFFECTS: dict[str, Effect] = {
    "aid": _aid,
    "territory": _territory,
    "compensation": _compensation,
    "arms_limit": _arms_limit,
    "immunity": _listed("immune"),
    "disarmament": _listed("disarmed"),
    "influence_factor": _influence_factor,
    "commission": _commission,
    "tribunal": _tribunal,
    "sanctions": _sanctions,
    "external": _listed("external"),
}
