"""GM actions that only send mail: a broadcast to every player, a letter to one power or group, the
last digest again."""

from __future__ import annotations

from daemon.gm.context import GmContext, refused, result
from daemon.gm.schema import help_commands
from daemon.outgoing.heading import heading
from daemon.outgoing.postman import Letter
from daemon.outgoing.render import languages
from daemon.phases.release import letters
from daemon.phases.start import START_RECORD
from engines.contract import Command
from engines.text import Msg
from state.records import GameRecord


def broadcast(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    return _send(ctx, cmd, record, record.active_powers())


def letter(ctx: GmContext, cmd: Command) -> Msg:
    """A broadcast to one power or to one group of the rules (a realm's families), its active
    players only."""
    record = ctx.game.load()
    to = str(cmd.args["to"])
    members = [to] if to in record.players else ctx.game.ruleset.groups(record.state).get(to, ())
    powers = [p for p in record.active_powers() if p in members]
    if not powers:
        return refused("gm_letter_nobody", to=to)
    return _send(ctx, cmd, record, powers, to)


def _send(ctx: GmContext, cmd: Command, record: GameRecord, powers: list[str], to: str = "") -> Msg:
    """The GM's text (its line and the lines below, passwords blanked) to each of `powers`, audited
    once; `to` names the audience of a letter, "" is everyone."""
    text = ctx.redactor.text("\n".join([str(cmd.args["text"]), *ctx.following]).strip())
    said = (
        result("gm_letter", to=to, players=len(powers)) if to else result("gm_broadcast", players=len(powers))
    )
    if not ctx.applied(record):
        ctx.save(record, cmd.name, (f"{to}: {text}" if to else text)[:80], said=said)
    first = languages(ctx.game.settings.language)[0]
    subject = "subject_letter" if to else "subject_broadcast"
    for power in powers:
        player = record.players[power]
        head = heading(ctx.game, record, power)
        context = {"game": ctx.game.id, "power": power, "to": to, "text": text, "first": first, "head": head}
        mail = Letter(
            "player/broadcast", context, subject, {"game": ctx.game.id, "to": to}, reader=player.name
        )
        mail_id = f"{ctx.game.id}-{cmd.name}-{ctx.command_id}-{power}"
        catalog = ctx.game.catalog_for(record.state)
        ctx.postman.send(mail_id, player.address, mail, ctx.game.settings.language, catalog)
    return said


def digest(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    names = [n for n in ctx.game.store.turn_records() if n != START_RECORD]
    if not names:
        return result("gm_no_digest")
    data = ctx.game.store.read_turn_record(names[-1])
    (mail,) = letters(ctx.game, record, data, correction=False, only="")
    mail_id = f"{ctx.game.id}-{names[-1]}-digest-again-{ctx.command_id}"
    catalog = ctx.game.catalog_for(record.state)
    ctx.postman.send(mail_id, ctx.game.settings.gm, mail.letter, ctx.game.settings.language, catalog)
    return result("gm_digest_sent", name=names[-1])


def gm_help(ctx: GmContext, cmd: Command) -> Msg:
    """The daemon's GM commands and the ruleset's."""
    commands = help_commands(ctx.game, ctx.game.load())
    lines = {
        lang: "\n".join(f"  {c.example}  — {c.help.get(lang)}" for c in commands) for lang in ("ru", "en")
    }
    return result("gm_help", commands_ru=lines["ru"], commands_en=lines["en"])
