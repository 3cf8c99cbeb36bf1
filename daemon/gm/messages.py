"""GM actions that only send mail: a broadcast to every player, the last digest again."""

from __future__ import annotations

from daemon.gm.context import GmContext, result
from daemon.gm.schema import gm_phase
from daemon.outgoing.postman import Letter
from daemon.outgoing.render import languages
from daemon.phases.release import letters
from daemon.phases.start import START_RECORD
from engines.contract import Command
from engines.text import Msg


def broadcast(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    text = ctx.redactor.text("\n".join([str(cmd.args["text"]), *ctx.following]).strip())
    if not ctx.applied(record):
        ctx.save(record, "broadcast", text[:80])
    first = languages(ctx.game.settings.language)[0]
    for power in record.active_powers():
        player = record.players[power]
        context = {"game": ctx.game.id, "power": power, "text": text, "first": first}
        letter = Letter("player/broadcast", context, "subject_broadcast", {"game": ctx.game.id})
        mail_id = f"{ctx.game.id}-broadcast-{ctx.command_id}-{power}"
        ctx.postman.send(mail_id, player.address, letter, ctx.game.settings.language)
    return result("gm_broadcast", players=len(record.active_powers()))


def digest(ctx: GmContext, cmd: Command) -> Msg:
    record = ctx.game.load()
    names = [n for n in ctx.game.store.turn_records() if n != START_RECORD]
    if not names:
        return result("gm_no_digest")
    data = ctx.game.store.read_turn_record(names[-1])
    (mail,) = letters(ctx.game, record, data, correction=False, only="")
    mail_id = f"{ctx.game.id}-{names[-1]}-digest-again-{ctx.command_id}"
    ctx.postman.send(mail_id, ctx.game.settings.gm, mail.letter, ctx.game.settings.language, ctx.game.catalog)
    return result("gm_digest_sent", name=names[-1])


def gm_help(ctx: GmContext, cmd: Command) -> Msg:
    """The daemon's GM commands and the ruleset's."""
    commands = gm_phase(ctx.game).commands
    lines = {
        lang: "\n".join(f"  {c.example}  — {c.help.get(lang)}" for c in commands) for lang in ("ru", "en")
    }
    return result("gm_help", commands_ru=lines["ru"], commands_en=lines["en"])
