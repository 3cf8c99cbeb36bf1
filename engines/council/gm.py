"""What the GM may do by the rules: correct a family's money and influence (the rules clamp the
influence scale), put an election or an investigation on a council's next list, judge the crime
texts of an investigation, and hand a computer-run family to a new player (the secret GM data,
who leads a tribal union, is gm_data.py's)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from engines.contract import Adjustable, Clamped, Command, GmApplied, Joined
from engines.council.data import DATA
from engines.council.state import State
from engines.council.world import PLANNING, REALMS, families_of, realm_of, set_ruling
from engines.rng import Rng
from engines.text import Msg, Text

ADJUSTABLES: Mapping[str, Adjustable] = {
    "money": Adjustable("money", Text("Деньги", "Money"), aliases=("Д", "Казна", "MONEY"), minimum=0),
    "influence": Adjustable(
        "influence", Text("Влиятельность", "Influence"), aliases=("Влияние", "INFLUENCE"), minimum=0
    ),
}


def read(state: State, family: str, name: str) -> int:
    here = state["families"][family]
    return here["money"] if name == "money" else here["influence"]


def adjust(state: State, family: str, name: str, value: int) -> State:
    new = copy.deepcopy(state)
    if name == "money":
        new["families"][family]["money"] = value
    else:
        new["families"][family]["influence"] = value
    return new


def limit(state: State, family: str, name: str, value: int) -> Clamped | Msg | None:
    """Influence runs 0–100 (data.toml [bounds]): a correction beyond is clamped, with the reason."""
    most = DATA.bounds.influence_max
    if name == "influence" and value > most:
        return Clamped(most, Msg("council_gm_influence_max", {"most": most}))
    return None


def apply_gm(state: State, command: Command, rng: Rng) -> GmApplied[State] | Msg:
    new = copy.deepcopy(state)
    if command.name in ("election", "investigation"):
        realm = str(command.args["realm"])
        here = new["realms"][realm]
        turn = new["turn"] if new["phase"] == PLANNING else new["turn"] + 1
        if command.name == "election":
            if here["election"]:
                return Msg("council_gm_election_already", {"realm": realm, "turn": turn})
            here["election"] = "gm"
        else:
            if here["investigation_called"]:
                return Msg("council_gm_investigation_already", {"realm": realm, "turn": turn})
            here["investigation_called"] = True
        return GmApplied(new, Msg(f"council_gm_{command.name}_called", {"realm": realm, "turn": turn}))
    family = str(command.args["family"])
    realm = realm_of(new, family)
    held = new["realms"][realm]["investigation"]
    if held is None or not held["votes"].get(family, {"text": ""})["text"]:
        return Msg("council_gm_no_text", {"family": family, "realm": realm})
    accepted = [f for f in held["accepted"] if f != family]
    held["accepted"] = [*accepted, family] if command.name == "accept_text" else accepted
    verdict = "accepted" if command.name == "accept_text" else "refused"
    return GmApplied(new, Msg(f"council_gm_text_{verdict}", {"family": family}))


def handover(state: State, family: str, computer: bool) -> State:
    """Who plays which family, as `join` needs it: a family the computer takes is free to join.
    A ruling family the computer takes passes its duties on to the played family of its power
    with the most influence (the first in the data on a tie), so a player rules where one can."""
    new = copy.deepcopy(state)
    played = [f for f in new["played"] if f != family]
    new["played"] = played if computer else [f for f in new["powers"] if f in {*played, family}]
    realm = realm_of(new, family)
    heirs = [f for f in families_of(new, realm) if f in played]
    if computer and new["realms"][realm]["ruling"] == family and heirs:
        heir = max(heirs, key=lambda f: new["families"][f]["influence"])
        set_ruling(new, realm, heir)
    return new


def ended(state: State) -> set[str]:
    """The families exiled after losing a civil war."""
    return {f for f in state["powers"] if state["families"][f]["exiled"]}


def restart_offer(state: State, family: str) -> Msg | None:
    """An exiled family's player may go on with another family, one the computer runs now."""
    free = [f for f in state["powers"] if f not in state["played"] and f not in ended(state)]
    return Msg("council_restart_offer") if free else None


def join(state: State, name: str, rng: Rng, past: Sequence[str]) -> Joined[State] | Msg:
    """A new player takes a computer-run family: the one named, or by lot one of a power with the
    fewest players, so families stay spread evenly over the powers. A returning player (`past`)
    is dealt as a newcomer: a family is not a people that dies out."""
    free = [f for f in state["powers"] if f not in state["played"] and not state["families"][f]["exiled"]]
    if name:
        if name not in state["powers"]:
            return Msg("council_join_unknown", {"family": name})
        if state["families"][name]["exiled"]:
            return Msg("council_join_exiled", {"family": name})
        if name not in free:
            return Msg("council_join_taken", {"family": name})
        chosen = name
    else:
        if not free:
            return Msg("council_join_full")
        players = {r: sum(f in state["played"] for f in families_of(state, r)) for r in REALMS}
        fewest = min(players[realm_of(state, f)] for f in free)
        chosen = rng.choice(
            [f for f in free if players[realm_of(state, f)] == fewest],
            Msg("council_draw_join"),
        )
    return Joined(handover(state, chosen, computer=False), chosen)
