"""Rule checks of the orders between tribes (war, raids, exchange, gifts, joining by consent,
assimilation), of isolation, faith, decisions and votes: each problem tied to its line, judged with
the earlier lines of the mail (mail.py)."""

from __future__ import annotations

from engines.contract import Command
from engines.text import Msg
from engines.tribes import community as numbers
from engines.tribes import contact
from engines.tribes.data import DATA
from engines.tribes.decisions import offered, owner_of
from engines.tribes.diplomacy import usable
from engines.tribes.mail import Mail
from engines.tribes.said import msg
from engines.tribes.schema import GATES
from engines.tribes.state import Community


def _neighbour(mail: Mail, cmd: Command, community: Community) -> contact.Neighbour | Msg:
    cell = str(cmd.args["cell"])
    found = contact.on_cell(mail.state, mail.power, community, cell)
    if found is None:
        return msg("tribes.nobody_near", community=community["number"], cell=cell)
    return found


def _closed(mail: Mail, cmd: Command, other: str = "") -> Msg | None:
    if usable(mail.state, mail.power, GATES[cmd.name], other):
        return None
    return msg(f"tribes.closed_{GATES[cmd.name]}")


def _attack(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    number = community["number"]
    closed = _closed(mail, cmd)
    if closed:
        return closed
    if number in mail.acting:
        return msg("tribes.attacks_twice", community=number, first=mail.acting[number])
    if number in mail.moving:
        return msg("tribes.moving_no_attack", community=number, first=mail.moving[number])
    target = _neighbour(mail, cmd, community)
    if isinstance(target, Msg):
        return target
    mail.acting[number] = cmd.line
    return None


def _towards(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    """ОБМЕН and ДАР: another tribe's community next to this one."""
    target = _neighbour(mail, cmd, community)
    if isinstance(target, Msg):
        return target
    return _closed(mail, cmd, target.owner)


def _cede(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    """УСТУПИТЬ: what ПРИНЯТЬ asks of the other side (`_accept`), and a community small enough to
    merge that gives no other merging or moving order."""
    number = community["number"]
    refused = _accept(mail, cmd, community)
    if refused:
        return refused
    if not numbers.mergeable(mail.state, mail.level, community, mail.tribe["migrating"]):
        limit = numbers.limit(mail.state, mail.level, community, mail.tribe["migrating"])
        return msg("tribes.merge_big", community=number, into=0, limit=limit)
    if number in mail.ceding or number in mail.merging:
        return msg(
            "tribes.merging_twice", community=number, first=mail.ceding.get(number) or mail.merging[number]
        )
    if number in mail.moving:
        return msg("tribes.moving_no_merge", community=number, first=mail.moving[number])
    mail.ceding[number] = cmd.line
    return None


def _accept(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    """ПРИНЯТЬ: a neighbouring community of a player's tribe, not closed to ours."""
    target = _neighbour(mail, cmd, community)
    if isinstance(target, Msg):
        return target
    if not target.player:
        return msg("tribes.cede_to_computer", tribe=target.owner)
    return _closed(mail, cmd, target.owner)


def _assimilate(mail: Mail, cmd: Command, community: Community) -> Msg | None:
    target = _neighbour(mail, cmd, community)
    if isinstance(target, Msg):
        return target
    ai = next((a for a in mail.state["ai"] if a["name"] == target.owner), None)
    if ai is None:
        return msg("tribes.assimilate_player", tribe=target.owner)
    relations = ai["relations"].get(mail.power, 0)
    if relations < DATA.contact.assimilate:
        return msg("tribes.assimilate_relations", tribe=ai["name"], relations=relations)
    if len(mail.tribe["communities"]) >= mail.level.communities:
        return msg("tribes.assimilate_full", most=mail.level.communities)
    return None


COMMUNITY_CHECKS = {
    "war": _attack,
    "raid": _attack,
    "exchange": _towards,
    "gift": _towards,
    "cede": _cede,
    "accept": _accept,
    "assimilate": _assimilate,
}


def tribe_wide(mail: Mail, cmd: Command) -> Msg | None:
    """The orders of the whole tribe: isolation, faith, a decision, a vote."""
    if cmd.name in ("isolate", "mingle"):
        if "isolation" in mail.once:
            return msg("tribes.mode_twice", first=mail.once["isolation"])
        if mail.tribe["isolated"] == (cmd.name == "isolate"):
            return msg(f"tribes.already_{cmd.name}d")
        mail.once["isolation"] = cmd.line
        return None
    if cmd.name == "faith":
        return _closed(mail, cmd)
    if cmd.name == "choose":
        return _choose(mail, cmd)
    return _vote(mail, cmd)


def _choose(mail: Mail, cmd: Command) -> Msg | None:
    option = str(cmd.args["option"])
    decision = owner_of(mail.state, option)
    name = decision["name"]
    if decision not in offered(mail.state, mail.power):
        return msg("tribes.decision_for_good", decision=name)
    if name in mail.chosen:
        return msg("tribes.decision_twice", decision=name, first=mail.chosen[name])
    taken = mail.tribe["decisions"].get(name)
    if taken is not None and taken["option"] == option:
        return msg("tribes.decision_same", decision=name, option=option)
    mail.chosen[name] = cmd.line
    return None


def _vote(mail: Mail, cmd: Command) -> Msg | None:
    vote = mail.state["vote"]
    if not vote["tribe"] or vote["turn"] != mail.state["turn"]:
        return msg("tribes.no_vote")
    if "vote" in mail.once:
        return msg("tribes.vote_twice", first=mail.once["vote"])
    mail.once["vote"] = cmd.line
    return None
