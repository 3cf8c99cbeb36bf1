"""A former player's return, by the players' vote («IX. … Игрок, чье племя исчезло, может … вновь
присоединиться к игре, если другие игроки будут не против (создается голосование по вопросу,
требуется простое большинство, не голосовавшие считаются воздержавшимися). Так же к игре может
присоединиться любой форумит, не участвовавший до этого в партии, на это согласия игроков не
требуется»).

The GM opens the question (ВОПРОС and the tribe that died out), every player is told it in the
turn's news (and sees it in the balance) and may vote in the next turn's orders (ГОЛОС за / ГОЛОС
против); that turn's resolution counts the votes: more for than against passes it. A passed vote
lets `join` seat that tribe's former player once; without one, `join` refuses a returning player,
and seats a newcomer.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from engines.contract import Arg, ArgKind, Command, CommandSpec, GmApplied
from engines.text import Msg, Text
from engines.tribes.said import Story, msg
from engines.tribes.state import State

FOR, AGAINST = "за", "против"
VOTE_WORDS = {FOR: ("да", "for", "yes"), AGAINST: ("нет", "against", "no")}

ASK = CommandSpec(
    "ask",
    ("ВОПРОС", "ASK"),
    (Arg("tribe", ArgKind.NAME, "tribe"),),
    Text(
        "голосование игроков: вернуть ли в игру игрока вымершего племени (голосуют в следующих приказах)",
        "the players' vote on letting the player of a died-out tribe back (votes come in the next orders)",
    ),
    "ВОПРОС Волки",
)


def ask(state: State, command: Command) -> GmApplied[State] | Msg:
    """ВОПРОС: the vote is held in the next turn's orders; this turn's news tells everyone (one vote
    at a time: another opens once this one is counted)."""
    tribe = str(command.args["tribe"])
    if tribe not in state["tribes"] or not state["tribes"][tribe]["extinct"]:
        return msg("tribes.ask_not_extinct", tribe=tribe)
    if state["vote"]["tribe"]:
        return msg("tribes.ask_open", tribe=state["vote"]["tribe"])
    fresh = copy.deepcopy(state)
    fresh["vote"] = {"tribe": tribe, "turn": state["turn"] + 1}
    return GmApplied(fresh, msg("tribes.ask_set", tribe=tribe, turn=state["turn"] + 1))


def count(state: State, orders: Mapping[str, Sequence[Command]], voters: Sequence[str], story: Story) -> None:
    """The end of the turn the vote was open in: a simple majority of those who voted."""
    tribe = state["vote"]["tribe"]
    if not tribe or state["vote"]["turn"] != state["turn"]:
        return
    votes = {p: str(c.args["choice"]) for p in voters for c in orders.get(p, ()) if c.name == "vote"}
    yes = sum(1 for v in votes.values() if v == FOR)
    no = len(votes) - yes
    passed = yes > no
    if passed:
        state["returns"].append(tribe)
    state["vote"] = {"tribe": "", "turn": 0}
    story.announce(f"tribes.vote_{'passed' if passed else 'failed'}", tribe=tribe, yes=yes, no=no)
    story.log("tribes.log_vote", tribe=tribe, yes=yes, no=no, abstained=len(voters) - len(votes))


def announce(state: State, story: Story) -> None:
    """The news of the turn before the vote: the question, and how to answer it."""
    if state["vote"]["tribe"] and state["vote"]["turn"] == state["turn"] + 1:
        story.announce("tribes.vote_open", tribe=state["vote"]["tribe"])


def returning(state: State, past: Sequence[str]) -> str | None:
    """The died-out tribe a joining player held, if any: "" when none, None when the player held one
    and no passed vote lets them back."""
    gone = [p for p in past if p in state["tribes"] and state["tribes"][p]["extinct"]]
    if not gone:
        return ""
    return next((p for p in reversed(gone) if p in state["returns"]), None)
