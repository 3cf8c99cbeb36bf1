"""The six auctions of the planning stage (8.2), exactly as the rulebook counts them.

Every bid is taken from the family's money when the stage resolves («сразу списаны»); a winner
pays its bid, a loser only the auction's minimum bid and gets the rest back. A family takes at
most one lot of an auction, but any number of squadrons. Where bids are equal, a lot (through the
rng, logged) orders them, and the same order serves the quota and the open round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from engines.contract import Command
from engines.council.data import DATA, Auction
from engines.council.events import CouncilEvents
from engines.council.state import Lot, State
from engines.council.world import REALMS, governed, realm_of
from engines.rng import Rng
from engines.text import Msg


@dataclass(frozen=True)
class Bid:
    family: str
    amount: int  # per lot; per squadron for squadrons
    count: int = 1  # squadrons wanted
    bonus: int = 0  # percent added for the auction's property («наёмники»)

    @property
    def weight(self) -> Fraction:
        """The bid as the auction compares it: with its bonus."""
        return Fraction(self.amount * (100 + self.bonus), 100)


def bonus(state: State, family: str, auction: Auction) -> int:
    """5 % for each province with the auction's property the family controls (governs)."""
    if auction.bonus_property is None:
        return 0
    held = [p for p in governed(state, family) if auction.bonus_property in DATA.province(p).properties]
    return auction.bonus_percent * len(held)


def bids_of(state: State, auction: Auction, orders: Mapping[str, Sequence[Command]]) -> list[Bid]:
    found = []
    for family in state["powers"]:
        for cmd in orders.get(family, ()):
            if auction.per_item and cmd.name == "squadrons":
                found.append(Bid(family, int(cmd.args["price"]), int(cmd.args["count"])))
            elif cmd.name == "bid" and DATA.auction_named(str(cmd.args["auction"])).key == auction.key:
                found.append(Bid(family, int(cmd.args["amount"]), bonus=bonus(state, family, auction)))
    return found


def ranked(bids: Sequence[Bid], auction: Auction, rng: Rng) -> list[Bid]:
    """Highest first; equal bids in an order drawn by lot."""
    ordered = sorted(bids, key=lambda b: -b.weight)
    out: list[Bid] = []
    for weight, group in groupby(ordered, key=lambda b: b.weight):
        tied = list(group)
        if len(tied) > 1:
            purpose = Msg("council_draw_bids", {"auction": auction.name, "stake": float(weight)})
            drawn = rng.shuffled([b.family for b in tied], purpose)
            tied.sort(key=lambda b: drawn.index(b.family))
        out += tied
    return out


def lots_won(
    state: State, auction: Auction, bids: Sequence[Bid], rng: Rng, events: CouncilEvents
) -> dict[str, int]:
    """Family → lots (squadrons) won, the quota round first where the auction has one."""
    order = ranked(bids, auction, rng)
    won: dict[str, int] = {}
    if auction.per_item:
        left = auction.lots
        for bid in order:
            if left:
                won[bid.family] = min(bid.count, left)
                left -= won[bid.family]
        return won
    left = auction.lots
    if auction.quota:
        lost = []
        for realm in REALMS:
            first = next((b for b in order if realm_of(state, b.family) == realm), None)
            if first is None:
                lost.append(realm)
                continue
            won[first.family] = 1
            events.log(
                "council_gm_quota_lot",
                auction=auction.name,
                realm=realm,
                family=first.family,
                bid=first.amount,
            )
        if lost:
            events.log("council_gm_quota_lost", auction=auction.name, realms=", ".join(lost))
        left -= len(REALMS)
    for bid in [b for b in order if b.family not in won][: max(left, 0)]:
        won[bid.family] = 1
        events.log("council_gm_open_lot", auction=auction.name, family=bid.family, bid=bid.amount)
    return won


def run(state: State, orders: Mapping[str, Sequence[Command]], rng: Rng, events: CouncilEvents) -> None:
    """Every auction in the rulebook's order: bids paid, lots given, the losers' stakes returned
    less the minimum bid; the winners are public (`state["lots"]`), the bids the GM's."""
    state["lots"] = []
    for family in state["families"].values():
        family["auction_spent"] = 0
    for auction in DATA.auctions:
        bids = bids_of(state, auction, orders)
        if not bids:
            continue
        events.log(
            "council_gm_bids",
            auction=auction.name,
            bids=", ".join(f"{b.family} {_stake(b)}" + (f" (+{b.bonus} %)" if b.bonus else "") for b in bids),
        )
        won = lots_won(state, auction, bids, rng, events)
        for bid in bids:
            _settle(state, auction, bid, won.get(bid.family, 0), events)


def _stake(bid: Bid) -> str:
    return f"{bid.count}×{bid.amount}" if bid.count > 1 else str(bid.amount)


def _settle(state: State, auction: Auction, bid: Bid, got: int, events: CouncilEvents) -> None:
    family = state["families"][bid.family]
    staked = bid.amount * bid.count
    paid = bid.amount * got if got else auction.min_bid
    family["money"] -= paid
    family["auction_spent"] += paid
    names = {"auction": auction.name, "auction_en": auction.en}
    if not got:
        events.tell(bid.family, "council_lot_lost", **names, bid=staked, lost=paid, back=staked - paid)
        return
    lot: Lot = {
        "turn": state["turn"],
        "auction": auction.key,
        "family": bid.family,
        "bid": bid.amount,
        "count": got,
    }
    state["lots"].append(lot)
    if auction.per_item:
        state["realms"][realm_of(state, bid.family)]["squadrons"] += got
        code = "council_squadrons_won_part" if got < bid.count else "council_squadrons_won"
        events.tell(bid.family, code, count=got, price=bid.amount, paid=paid, back=staked - paid)
    else:
        family["rights"].append(auction.key)
        events.tell(bid.family, "council_lot_won", **names, bid=paid)
