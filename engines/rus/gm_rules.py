"""What the rulebook leaves to the GM between turns and only a rollback could do before: end a war
(ЗАМИРИТЬ, white or with a winner, 8.3) and lift an occupation (ОСВОБОДИТЬ). Each goes through the
rules' own peace and liberation; what a turn's report would have told the players waits in the
state and opens the next turn's report."""

from __future__ import annotations

from engines.contract import Arg, ArgKind, Command, CommandSpec, GmApplied
from engines.rng import Rng
from engines.rus import diplomacy, treaties
from engines.rus.report import Influence, Turn
from engines.rus.state import State, fresh
from engines.rus.world import at_war, capital, owner, send_home
from engines.text import Msg, Text

PEACE = CommandSpec(
    "gm_peace",
    ("ЗАМИРИТЬ", "MAKE PEACE"),
    (
        Arg("a", ArgKind.NAME, "principality"),
        Arg("b", ArgKind.NAME, "principality"),
        Arg("winner", ArgKind.NAME, "principality", optional=True),
    ),
    Text(
        "закончить войну двух княжеств: белый мир, или неравноправный, если назван победитель",
        "end the war of two principalities: a white peace, or an unequal one if a winner is named",
    ),
    "ЗАМИРИТЬ Рязань Чернигов",
)
LIBERATE = CommandSpec(
    "gm_liberate",
    ("ОСВОБОДИТЬ", "LIBERATE"),
    (Arg("province", ArgKind.NAME, "province"),),
    Text(
        "снять оккупацию провинции: она снова у владельца, дружина оккупанта уходит домой",
        "lift a province's occupation: its owner holds it again, the occupier's druzhina goes home",
    ),
    "ОСВОБОДИТЬ Мценск",
)
GM_COMMANDS = (PEACE, LIBERATE)


def apply_gm(state: State, command: Command, rng: Rng) -> GmApplied[State] | Msg:
    """No lot is drawn: peace and liberation are the GM's word (rng stays unused)."""
    if command.name == PEACE.name:
        a, b = str(command.args["a"]), str(command.args["b"])
        return _peace(state, a, b, str(command.args.get("winner", "")))
    return _liberate(state, str(command.args["province"]))


def _peace(state: State, a: str, b: str, winner: str) -> GmApplied[State] | Msg:
    if not at_war(state, a, b):
        return Msg("rus_treaty_gm_not_at_war", {"a": a, "b": b})
    if winner and winner not in (a, b):
        return Msg("rus_treaty_gm_winner_not_side", {"winner": winner, "a": a, "b": b})
    new = fresh(state)
    turn = Turn(new["powers"])
    influence: Influence = []
    loser = (b if winner == a else a) if winner else ""
    treaties.make_peace(new, a, b, winner, loser, influence, turn)
    treaties.allies_leave(new, a, b, influence, turn)
    diplomacy.apply_influence(new, influence, turn)
    said = (
        Msg("rus_treaty_gm_unequal_peace", {"winner": winner, "loser": loser})
        if winner
        else Msg("rus_treaty_gm_white_peace", {"a": a, "b": b})
    )
    return GmApplied(_kept(new, turn), said)


def _liberate(state: State, province: str) -> GmApplied[State] | Msg:
    occupier, lord = state["occupied"].get(province, ""), owner(state, province)
    if not occupier:
        return Msg("rus_treaty_gm_not_occupied", {"province": province, "owner": lord})
    new = fresh(state)
    turn = Turn(new["powers"])
    del new["occupied"][province]
    params = {"province": province, "occupier": occupier, "owner": lord}
    turn.tell_all([occupier, lord], "rus_treaty_gm_liberated", **params)
    turn.announce("rus_treaty_gm_liberated", **params)
    men, home = send_home(new, occupier, province), capital(new, occupier) or "—"
    if men:
        turn.tell(occupier, "rus_treaty_gm_troops_home", province=province, count=men, home=home)
    return GmApplied(_kept(new, turn), Msg("rus_treaty_gm_liberated", params))


def _kept(new: State, turn: Turn) -> State:
    """The state with what the players are to read added to what earlier GM inputs left."""
    events = new.setdefault("gm_events", {"news": [], "reports": {}})
    events["news"] += [m.to_json() for m in turn.news]
    for power, told in turn.reports.items():
        if told:
            events["reports"].setdefault(power, []).extend(m.to_json() for m in told)
    return new


def carry(new: State, turn: Turn) -> None:
    """The GM's rule inputs since the last turn open this turn's news and reports."""
    events = new.pop("gm_events", None)
    if events is None:
        return
    turn.news.extend(Msg.from_json(m) for m in events["news"])
    for power, told in events["reports"].items():
        turn.reports[power].extend(Msg.from_json(m) for m in told)
