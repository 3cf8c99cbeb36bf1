"""Rule checks of one power's complete order set for a phase, each problem tied to its line.

Each command has one named check (the table CHECKS). A mail is judged top to bottom with running
totals (coins, army, research spent), so the line that overspends is the one refused; a refused
line adds nothing to the totals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engines import toolkit
from engines.coins import voting
from engines.coins.data import DATA
from engines.coins.schema import FIRST_TURN, PHASES, vocabularies
from engines.coins.state import Country, ProposalRecord, State
from engines.coins.world import available_army, country, has_grant, is_last_turn, owned_colonies, partners
from engines.contract import Command, CommandSpec, Problem
from engines.text import Msg


@dataclass
class Mail(toolkit.Mail[State]):
    """One power's mail being judged, with what its earlier lines already spent."""

    army: int = 0
    lent: int = 0
    research: int = 0

    @property
    def game(self) -> State:
        return self.state

    @property
    def me(self) -> Country:
        return country(self.game, self.power)

    def offered(self, kind: str, partner: str) -> bool:
        return any(
            c.name == "ally" and c.args.get("kind") == kind and c.args.get("power") == partner
            for c in self.commands
        )

    def researched(self, part: str) -> bool:
        return any(c.name == "research" and c.args.get("tech") == part for c in self.commands)


Check = Callable[[Mail, Command], Msg | None]


def _msg(code: str, **params: str | int) -> Msg:
    return Msg(code, params)


def _spend(mail: Mail, amount: int) -> Msg | None:
    return mail.spend(amount, mail.me["coins"], "not_enough_coins")


def _funding_problem(mail: Mail, line: str, amount: int) -> Msg | None:
    limit = mail.game["effects"]["arms_limit"]
    if is_last_turn(mail.game):
        return _msg("no_funding_last_turn", turn=DATA.game.last_turn)
    if amount > DATA.game.max_per_line:
        return _msg("line_over_max", line=line, max=DATA.game.max_per_line)
    if limit is not None and DATA.line(line).stat == "army" and amount > limit:
        return _msg("arms_limited", line=line, max=limit)
    return None


def _leader(mail: Mail, cmd: Command) -> Msg | None:
    if mail.me["perk"]:
        return _msg("perk_already_chosen", perk=mail.me["perk"])
    return None


def _invest(mail: Mail, cmd: Command) -> Msg | None:
    line, amount = str(cmd.args["line"]), int(cmd.args["amount"])
    if mail.power in mail.game["effects"]["external"]:
        return _msg("funding_external")
    return _funding_problem(mail, line, amount) or _spend(mail, amount)


def _give(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["power"] == mail.power:
        return _msg("give_to_self")
    if mail.power in mail.game["effects"]["external"]:
        return _msg("transfer_external")
    return _spend(mail, int(cmd.args["amount"]))


def _manage(mail: Mail, cmd: Command) -> Msg | None:
    managed = str(cmd.args["power"])
    if managed == mail.power or managed not in mail.game["effects"]["external"]:
        return _msg("not_external", power=managed)
    return _funding_problem(mail, str(cmd.args["line"]), int(cmd.args["amount"]))


def _commit_army(mail: Mail, amount: int) -> Msg | None:
    have = available_army(mail.game, mail.power)
    if mail.army + amount > have:
        return _msg("not_enough_army", need=mail.army + amount, have=have)
    mail.army += amount
    return None


def _attack(mail: Mail, cmd: Command) -> Msg | None:
    state, target = mail.game, str(cmd.args["target"])
    victim = state["colonies"].get(target, target)
    if mail.power in state["effects"]["disarmed"]:
        return _msg("disarmed")
    if victim == mail.power:
        return _msg("attack_own", target=target)
    if victim in state["effects"]["immune"]:
        return _msg("target_immune", target=target, power=victim)
    if target in state["powers"] and has_grant(state, target, "nuclear"):
        return _msg("target_nuclear", power=target)
    needs = DATA.colony(target).requires if target in state["colonies"] else ""
    if needs and not has_grant(state, mail.power, needs):
        tech = next(t.name for t in DATA.techs if t.grants == needs)
        return _msg("colony_needs_tech", colony=target, tech=tech)
    return _commit_army(mail, int(cmd.args["army"]))


def _not_owner(mail: Mail, colony: str) -> Msg | None:
    return None if mail.game["colonies"][colony] == mail.power else _msg("not_your_colony", colony=colony)


def _defend(mail: Mail, cmd: Command) -> Msg | None:
    return _not_owner(mail, str(cmd.args["colony"])) or _commit_army(mail, int(cmd.args["army"]))


def _cede(mail: Mail, cmd: Command) -> Msg | None:
    if cmd.args["power"] == mail.power:
        return _msg("give_to_self")
    return _not_owner(mail, str(cmd.args["colony"]))


def _share(mail: Mail, cmd: Command) -> Msg | None:
    part = str(cmd.args["tech"])
    if cmd.args["power"] == mail.power:
        return _msg("give_to_self")
    if part not in mail.me["techs"] and not mail.researched(part):
        return _msg("tech_not_owned", tech=part)
    return None


def _ally(mail: Mail, cmd: Command) -> Msg | None:
    kind, partner = DATA.alliance(str(cmd.args["kind"])).kind, str(cmd.args["power"])
    if partner == mail.power:
        return _msg("ally_self")
    if partner in partners(mail.game, kind, mail.power):
        return _msg("already_allied", kind=str(cmd.args["kind"]), power=partner)
    return None


def _break(mail: Mail, cmd: Command) -> Msg | None:
    kind, partner = DATA.alliance(str(cmd.args["kind"])).kind, str(cmd.args["power"])
    if partner not in partners(mail.game, kind, mail.power):
        return _msg("no_such_alliance", kind=str(cmd.args["kind"]), power=partner)
    return None


def _research(mail: Mail, cmd: Command) -> Msg | None:
    part = str(cmd.args["tech"])
    if part in mail.me["techs"]:
        return _msg("tech_owned", tech=part)
    cost, have = DATA.tech_of_part(part).cost, mail.me["research"]
    if mail.research + cost > have:
        return _msg("not_enough_research", tech=part, need=mail.research + cost, have=have)
    mail.research += cost
    return None


def _help(mail: Mail, cmd: Command) -> Msg | None:
    ally, amount = str(cmd.args["power"]), int(cmd.args["army"])
    military = DATA.alliance_kind("military")
    if ally == mail.power:
        return _msg("ally_self")
    if ally not in partners(mail.game, military.kind, mail.power) and not mail.offered(military.name, ally):
        return _msg("not_military_ally", power=ally)
    have = mail.me["army"] - mail.me["lent"]
    if mail.lent + amount > have:
        return _msg("not_enough_army", need=mail.lent + amount, have=have)
    mail.lent += amount
    return None


def proposal_record(power: str, cmd: Command) -> ProposalRecord:
    return {
        "proposer": power,
        "name": str(cmd.args["proposal"]),
        "target": str(cmd.args.get("target", "")),
        "recipient": str(cmd.args.get("recipient", "")),
        "amount": int(cmd.args.get("amount", 0)),
    }


def _propose(mail: Mail, cmd: Command) -> Msg | None:
    if mail.game["chair"] != mail.power:
        return _msg("not_chair", chair=mail.game["chair"])
    return voting.problem(mail.game, proposal_record(mail.power, cmd))


def _vote(mail: Mail, cmd: Command) -> Msg | None:
    return None if mail.game["proposal"] else _msg("no_proposal")


CHECKS: dict[str, Check] = {
    "leader": _leader,
    "invest": _invest,
    "give": _give,
    "manage": _manage,
    "attack": _attack,
    "defend": _defend,
    "cede": _cede,
    "share": _share,
    "ally": _ally,
    "break": _break,
    "research": _research,
    "help": _help,
    "propose": _propose,
    "vote": _vote,
}

# Orders that may appear once per mail, keyed by these arguments (a second one is refused).
ONCE: dict[str, tuple[str, ...]] = {
    "leader": (),
    "invest": ("line",),
    "manage": ("power", "line"),
    "attack": ("target",),
    "defend": ("colony",),
    "cede": ("colony",),
    "share": ("tech", "power"),
    "ally": ("kind", "power"),
    "break": ("kind", "power"),
    "research": ("tech",),
    "help": ("power",),
    "propose": (),
    "vote": (),
}


CODES = toolkit.CheckCodes(
    game_over="game_already_over",
    wrong_phase="wrong_phase",
    not_in_phase="not_in_phase",
    argument_missing="argument_missing",
    name_not_in_game="name_not_in_game",
    bad_number="bad_number",
    duplicate="duplicate_order",
)


def _shape_problem(phase: str) -> Check:
    """The shared shape check, and the first turn's short list of orders."""

    def shape(mail: Mail, cmd: Command) -> Msg | None:
        in_phase = any(spec.name == cmd.name for spec in PHASES[phase].commands)
        if in_phase and mail.game["turn"] == 1 and cmd.name not in FIRST_TURN:
            return _msg("not_on_first_turn")
        return toolkit.shape_problem(PHASES[phase], mail, cmd, CODES)

    return shape


def _keys(mail: Mail, cmd: Command) -> list[tuple[str, ...]]:
    if cmd.name not in ONCE:
        return []
    return [(cmd.name, *(str(cmd.args.get(arg, "")) for arg in ONCE[cmd.name]))]


def open_commands(state: State, power: str, phase: str) -> list[CommandSpec]:
    """What the order blank offers: the phase's commands minus those this turn or power rules out."""
    external = state["effects"]["external"]
    me = country(state, power)
    closed = {
        "leader": bool(me["perk"]),
        "invest": is_last_turn(state) or power in external,
        "manage": not [p for p in external if p != power],
        "defend": not owned_colonies(state, power),
        "cede": not owned_colonies(state, power),
        "share": not me["techs"],
        "break": not any(partners(state, kind.kind, power) for kind in DATA.alliances),
        "propose": state["chair"] != power,
    }
    return [
        spec
        for spec in PHASES[phase].commands
        if not closed.get(spec.name, False) and (state["turn"] > 1 or spec.name in FIRST_TURN)
    ]


def _judge(state: State, power: str, phase: str, commands: Sequence[Command]) -> tuple[list[Problem], Mail]:
    mail = Mail(state, power, commands, vocabularies(state))
    return toolkit.judge(mail, _shape_problem(phase), CHECKS, _keys, CODES.duplicate), mail


def check(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
    return toolkit.gate(state, phase, CODES) or _judge(state, power, phase, commands)[0]


def summary(state: State, power: str, phase: str, commands: Sequence[Command]) -> list[Msg]:
    """What accepted orders add up to: coins, army and research used of what the power has; a
    part they do not use is not said (a vote spends nothing)."""
    if state["over"] or phase != state["phase"]:
        return []
    mail = _judge(state, power, phase, commands)[1]
    lines = []
    if mail.spent:
        lines.append(
            _msg("summary_coins", spent=mail.spent, have=mail.me["coins"], left=mail.me["coins"] - mail.spent)
        )
    if mail.army or mail.lent:
        lines.append(_msg("summary_army", used=mail.army + mail.lent, have=available_army(state, power)))
    if mail.research:
        lines.append(_msg("summary_research", spent=mail.research, have=mail.me["research"]))
    return lines
