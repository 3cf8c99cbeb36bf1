"""GM actions on who plays: replace, give back, eject, leave, revive, join. Each one tells the player.
A power the rules ended is nobody's to take over: a new player joins with a new power instead."""

from __future__ import annotations

from daemon.gm.context import GmContext, Refused, refused, result
from daemon.gm.notices import tell_one
from daemon.outgoing.render import languages, said_draws
from daemon.phases.start import mail_password
from engines.contract import Command, Joined
from engines.rng import Rng
from engines.text import Msg
from state.records import GameRecord, Player


def _who(text: str) -> tuple[str, str]:
    """ "ivan@example.org Иван Петров" → (address, name); "" when no name is given."""
    address, _, name = text.strip().partition(" ")
    return address.lower(), name.strip()


def _new_player(ctx: GmContext, record: GameRecord, power: str, address: str, name: str, action: str) -> None:
    player = record.players[power]
    if not ctx.applied(record):
        if player.status != "active":
            record.state = ctx.game.ruleset.handover(record.state, power, computer=False)
        player.address, player.name = address, name
        player.status, player.missed, player.retired_turn, player.retired_why = "active", 0, 0, ""
        player.role_mail = ""
        said = result("gm_replaced" if action == "replace" else "gm_returned", power=power, address=address)
        ctx.save(record, action, f"{power}: {name} <{address}>", said=said)
    mail_password(ctx.game, ctx.postman, record, power, action)


def _hand(ctx: GmContext, record: GameRecord, power: str, who: str, action: str) -> Msg:
    """`power` to the player `who` names (address, then name): given back to its own player
    (`action` "return"), or passed to another, whose old player is told ("replace"; a return to
    another address is one), called by the name given, else by the address's first part. One
    address plays one power: a player who holds another is refused, as a join is."""
    old = record.players[power]
    address, name = _who(who)
    if "@" not in address:
        return refused("gm_bad_address", address=address)
    if address != old.address:
        action = "replace"
    name = name or (old.name if address == old.address else address.partition("@")[0])
    if not ctx.applied(record):
        holds = (p for p in record.players.values() if p.address == address and p.status == "active")
        other = next((p for p in holds if p.power != power), None)
        if other is not None:
            return refused("gm_already_playing", address=address, power=other.power)
        if address != old.address:
            notice = result("notice_replaced", power=power)
            tell_one(ctx, old.address, power, notice, "subject_replaced", gone=True)
    _new_player(ctx, record, power, address, name, action)
    return result("gm_replaced" if action == "replace" else "gm_returned", power=power, address=address)


def replace(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    power = str(cmd.args["power"])
    if record.players[power].status == "ended":
        return refused("gm_power_ended", power=power)
    return _hand(ctx, record, power, str(cmd.args["who"]), "replace")


def give_back(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    power = str(cmd.args["power"])
    player = record.players[power]
    if player.status == "ended":
        return refused("gm_power_ended", power=power)
    if player.status == "active" and not ctx.applied(record):
        return refused("gm_already_active", power=power)
    return _hand(ctx, record, power, str(cmd.args.get("who", "")) or player.address, "return")


def eject(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    power = str(cmd.args["power"])
    player = record.players[power]
    if player.status != "active":
        return result("gm_already_done")
    player.status, player.retired_turn, player.retired_why = "ai", record.turn, "ejected"
    record.state = ctx.game.ruleset.handover(record.state, power, computer=True)
    reason = str(cmd.args.get("reason", ""))
    ctx.save(record, "eject", power, reason, said=result("gm_ejected", power=power))
    notice = result("notice_ejected", power=power)
    tell_one(ctx, player.address, power, notice, "subject_ejected", reason, gone=True)
    return result("gm_ejected", power=power)


def leave(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    power, turns = str(cmd.args["power"]), int(cmd.args["turns"])
    player = record.players[power]
    if player.status != "active":
        return refused("gm_not_active", power=power)
    if ctx.applied(record):
        return result("gm_already_done")
    player.leave_until = record.turn + turns - 1
    player.leave_mode = "pass" if cmd.args.get("mode") == "НИЧЕГО" else "ai"
    mode = "_pass" if player.leave_mode == "pass" else ""
    said = result(f"gm_leave{mode}", power=power, first=record.turn, last=player.leave_until)
    ctx.save(
        record, "leave", f"{power}: turns {record.turn}–{player.leave_until}, {player.leave_mode}", said=said
    )
    notice = result(f"notice_leave{mode}", power=power, first=record.turn, last=player.leave_until)
    tell_one(ctx, player.address, power, notice, "subject_leave_granted")
    return said


def revive(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    power = str(cmd.args["power"])
    player = record.players[power]
    if player.status != "ai" or player.retired_why != "missed":
        return refused("gm_not_retired", power=power)
    player.status, player.missed, player.retired_turn, player.retired_why = "active", 0, 0, ""
    record.state = ctx.game.ruleset.handover(record.state, power, computer=False)
    ctx.save(record, "revive", power, said=result("gm_revived", power=power))
    tell_one(ctx, player.address, power, result("notice_revived", power=power), "subject_revived")
    return result("gm_revived", power=power)


def join(ctx: GmContext, cmd: Command) -> Msg:
    """A new player in the running game: the rules place a new power or seat the player at one the
    computer runs (pure, told the powers this address held before, its lot seeded by the game and
    the moment, so a rebuild draws the same), then the role mail as at the start. A power an active
    player holds, or one the rules ended, is refused; one the computer ran is handed over."""
    record = ctx.game.load()
    who, _, country = str(cmd.args["who"]).partition(";")
    address, name = _who(who)
    if "@" not in address:
        return refused("gm_bad_address", address=address)
    if record.status != "running":
        return refused("gm_not_running")
    playing = [p for p in record.players.values() if p.address == address and p.status == "active"]
    if not ctx.applied(record):
        if playing:
            return refused("gm_already_playing", address=address, power=playing[0].power)
        rng = Rng(f"{record.seed}:join:{record.turn}:{record.phase}:{len(record.players)}")
        past = [p.power for p in record.players.values() if p.address == address]
        joined = ctx.game.ruleset.join(record.state, " ".join(country.split()), rng, past)
        if not isinstance(joined, Joined):
            return Refused(joined.code, joined.params)
        holder = record.players.get(joined.power)
        if holder is not None and holder.status in ("active", "ended"):
            code = "gm_power_taken" if holder.status == "active" else "gm_power_ended"
            return refused(code, power=joined.power, address=holder.address)
        computer_ran = joined.power in record.state["powers"]  # a power of the game no player holds
        record.state = joined.state
        if computer_ran:
            record.state = ctx.game.ruleset.handover(record.state, joined.power, computer=False)
        record.players[joined.power] = Player(joined.power, name or address, address, password_hash="")
        draws = said_draws(rng.log, languages(ctx.game.settings.language)[0], ctx.game.catalog)
        said = result("gm_joined", power=joined.power, address=address)
        ctx.save(
            record, "join", f"{joined.power}: {name} <{address}>" + (f"; {draws}" if draws else ""), said=said
        )
        playing = [record.players[joined.power]]
    mail_password(ctx.game, ctx.postman, record, playing[0].power, "join")
    return result("gm_joined", power=playing[0].power, address=address)
