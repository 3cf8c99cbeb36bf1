"""Rule checks of one power's orders, each problem tied to its line.

Each command has one named check (the table CHECKS). A mail is judged top to bottom with a
running total of the influence it spends, so the line that overspends is the one refused; a
refused line spends nothing. `spending` turns accepted orders into the allocation table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engines import toolkit
from engines.contract import Command, CommandSpec, Problem
from engines.mare.data import DATA
from engines.mare.schema import PHASES, vocabularies
from engines.mare.state import Allocation, Row, State
from engines.mare.world import (
    adjacent,
    bonus_at,
    connectivity_cost,
    extra_components,
    held_generals,
    influence,
    is_land,
    neighbours,
    owned,
    pool,
)
from engines.text import Msg

C = DATA.costs


@dataclass
class Mail(toolkit.Mail[State]):
    """One power's mail being judged, with what its earlier lines already spent."""

    @property
    def game(self) -> State:
        return self.state

    def bids_on(self, territory: str) -> bool:
        return any(c.name == "influence" and c.args.get("territory") == territory for c in self.commands)

    def holds(self, general: str) -> bool:
        return general in held_generals(self.game, self.power)

    def mine(self, territory: str) -> bool:
        return self.game["owners"][territory] == self.power


Check = Callable[[Mail, Command], Msg | None]


def _msg(code: str, **params: str | int) -> Msg:
    return Msg(code, params)


def cost(cmd: Command) -> int:
    """What an order takes from the turn's influence."""
    if cmd.name in ("influence", "support"):
        return int(cmd.args["amount"])
    if cmd.name == "connect":
        return connectivity_cost(int(cmd.args["count"]))
    return {"fortify": C.fortress, "raze": C.raze, "move_bonus": C.move_bonus}.get(cmd.name, 0)


def _spend(mail: Mail, cmd: Command) -> Msg | None:
    return mail.spend(cost(cmd), influence(mail.game, mail.power), "mare_not_enough_influence")


def _influence(mail: Mail, cmd: Command) -> Msg | None:
    return _spend(mail, cmd)


def _support(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["side"] == mail.power:
        return _msg("mare_support_self")
    return _spend(mail, cmd)


def _sent_general(mail: Mail, general: str, territory: str) -> Msg | None:
    if not mail.holds(general):
        return _msg("mare_general_not_yours", general=general)
    if not mail.bids_on(territory):
        return _msg("mare_general_needs_influence", general=general, territory=territory)
    return None


def _general(mail: Mail, cmd: Command) -> Msg | None:
    general = DATA.general(str(cmd.args["general"]))
    if general.command != "general":
        keyword = next(spec.keywords[0] for spec in PHASES["orders"].commands if spec.name == general.command)
        return _msg("mare_general_own_order", general=general.name, keyword=keyword)
    return _sent_general(mail, general.name, str(cmd.args["territory"]))


def _charm(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["side"] == mail.power:
        return _msg("mare_charm_self")
    return _sent_general(mail, DATA.general_of("charmer").name, str(cmd.args["territory"]))


def _unite(mail: Mail, cmd: Command) -> Msg | None:
    first, other = str(cmd.args["territory"]), str(cmd.args["other"])
    if not adjacent(mail.game, first, other):
        return _msg("mare_not_adjacent", territory=first, other=other)
    return _sent_general(mail, DATA.general_of("unifier").name, first)


def _kill(mail: Mail, cmd: Command) -> Msg | None:
    killer, target = DATA.general_of("killer").name, str(cmd.args["general"])
    if not mail.holds(killer):
        return _msg("mare_general_not_yours", general=killer)
    if target == killer:
        return _msg("mare_kill_self")
    if target in pool(mail.game):
        return _msg("mare_general_in_pool", general=target)
    return None


def _exchange(mail: Mail, cmd: Command) -> Msg | None:
    sukh, target = DATA.general_of("sukhbaatar").name, str(cmd.args["general"])
    if not mail.holds(sukh):
        return _msg("mare_general_not_yours", general=sukh)
    if target == sukh or target not in pool(mail.game):
        return _msg("mare_general_not_in_pool", general=target)
    return None


def _fortify(mail: Mail, cmd: Command) -> Msg | None:
    territory = str(cmd.args["territory"])
    if not mail.mine(territory):
        return _msg("mare_not_your_territory", territory=territory)
    if not is_land(territory):
        return _msg("mare_fortress_on_sea", territory=territory)
    if territory in mail.game["fortresses"]:
        return _msg("mare_fortress_exists", territory=territory)
    return _spend(mail, cmd)


def _raze(mail: Mail, cmd: Command) -> Msg | None:
    territory = str(cmd.args["territory"])
    if mail.game["fortresses"].get(territory) != mail.power:
        return _msg("mare_no_fortress", territory=territory)
    return _spend(mail, cmd)


def _move_bonus(mail: Mail, cmd: Command) -> Msg | None:
    source, target = str(cmd.args["territory"]), str(cmd.args["to"])
    for territory in (source, target):
        if not mail.mine(territory):
            return _msg("mare_not_your_territory", territory=territory)
    if not bonus_at(mail.game, source):
        return _msg("mare_no_bonus_there", territory=source)
    if not is_land(target) or bonus_at(mail.game, target):
        return _msg("mare_bad_bonus_target", territory=target)
    return _spend(mail, cmd)


def _connect(mail: Mail, cmd: Command) -> Msg | None:
    extra = extra_components(mail.game, mail.power)
    if int(cmd.args["count"]) > extra:
        return _msg("mare_connect_too_many", count=int(cmd.args["count"]), extra=extra)
    return _spend(mail, cmd)


def _permit(mail: Mail, cmd: Command) -> Msg | None:
    power, territory = str(cmd.args["power"]), str(cmd.args["territory"])
    if power == mail.power or owned(mail.game, power):
        return _msg("mare_permit_not_landless", power=power)
    if mail.game["owners"][territory]:
        return _msg("mare_permit_not_neutral", territory=territory)
    if not any(mail.mine(n) for n in neighbours(mail.game, territory)):
        return _msg("mare_permit_not_neighbour", territory=territory)
    return None


CHECKS: dict[str, Check] = {
    "influence": _influence,
    "support": _support,
    "general": _general,
    "charm": _charm,
    "unite": _unite,
    "kill": _kill,
    "exchange": _exchange,
    "fortify": _fortify,
    "raze": _raze,
    "move_bonus": _move_bonus,
    "connect": _connect,
    "permit": _permit,
}

# Orders that may appear once per mail, keyed by these arguments (a second one is refused).
ONCE: dict[str, tuple[str, ...]] = {
    "influence": ("territory",),
    "support": ("territory", "side"),
    "general": ("general",),
    "charm": (),
    "unite": (),
    "kill": (),
    "exchange": (),
    "fortify": ("territory",),
    "raze": ("territory",),
    "move_bonus": ("territory",),
    "connect": (),
    "permit": ("power", "territory"),
}


CODES = toolkit.CheckCodes(
    game_over="mare_game_over",
    wrong_phase="mare_wrong_phase",
    not_in_phase="mare_not_an_order",
    argument_missing="mare_argument_missing",
    name_not_in_game="mare_name_not_in_game",
    bad_number="mare_bad_number",
    duplicate="mare_duplicate_order",
)


def _shape_problem(mail: Mail, cmd: Command) -> Msg | None:
    return toolkit.shape_problem(PHASES["orders"], mail, cmd, CODES)


def _keys(mail: Mail, cmd: Command) -> list[tuple[str, ...]]:
    """An order once per its ONCE arguments; a move bonus also once per target territory."""
    keys = [(cmd.name, *(str(cmd.args.get(arg, "")) for arg in ONCE[cmd.name]))]
    if cmd.name == "move_bonus":
        keys.append(("move_bonus_to", str(cmd.args.get("to", ""))))
    return keys


def open_commands(state: State, power: str, phase: str) -> list[CommandSpec]:
    """What the order blank offers: the commands this power can use now."""
    held = {DATA.general(g).command for g in held_generals(state, power)}
    mine = owned(state, power)
    closed = {
        "general": "general" not in held,
        "charm": "charm" not in held,
        "unite": "unite" not in held,
        "kill": "kill" not in held,
        "exchange": "exchange" not in held or not pool(state),
        "fortify": not any(is_land(t) and t not in state["fortresses"] for t in mine),
        "raze": power not in state["fortresses"].values(),
        "move_bonus": not any(bonus_at(state, t) for t in mine),
        "connect": extra_components(state, power) == 0,
        "permit": all(owned(state, p) for p in state["powers"] if p != power),
    }
    return [spec for spec in PHASES[phase].commands if not closed.get(spec.name, False)]


def check(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    mail = Mail(state, power, commands, vocabularies(state))
    return toolkit.gate(state, phase, CODES) or toolkit.judge(
        mail, _shape_problem, CHECKS, _keys, CODES.duplicate
    )


def spending(state: State, power: str, commands: Sequence[Command]) -> Allocation:
    """The allocation table of accepted orders: what goes where, the total and what is left."""
    rows: list[Row] = [
        {
            "order": cmd.name,
            "territory": str(cmd.args.get("territory", "")),
            "side": str(cmd.args.get("side", "")),
            "amount": cost(cmd),
        }
        for cmd in commands
        if cost(cmd)
    ]
    have = influence(state, power)
    spent = sum(row["amount"] for row in rows)
    return {"rows": rows, "available": have, "spent": spent, "left": have - spent}


_ROW_CODES = {
    "influence": "mare_summary_influence",
    "support": "mare_summary_support",
    "fortify": "mare_summary_fortify",
    "raze": "mare_summary_raze",
    "move_bonus": "mare_summary_move_bonus",
    "connect": "mare_summary_connect",
}
_SPECIAL = ("fortify", "move_bonus")  # «снижает вашу МОЩЬ на 1»: the reply says so beside the cost


def summary(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
    """The reply's allocation table: each paid order, then the total and what is left (the one
    mail phase's; `phase` is the contract's and changes nothing)."""
    table = spending(state, power, commands)
    loss = DATA.thresholds.special_action_loss
    rows = [
        _msg(_ROW_CODES[row["order"]], **row, might=loss if row["order"] in _SPECIAL else 0)
        for row in table["rows"]
    ]
    return [
        *rows,
        _msg("mare_summary_total", spent=table["spent"], available=table["available"], left=table["left"]),
    ]
