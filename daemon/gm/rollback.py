"""ОТКАТ: back to the start of turn N, its state, the players' standing and every order sent since.

The turn records from there on are set aside (kept, never deleted). The phase does not resolve
again at once: the GM rolls back so that players may correct. Their restored orders stand, but
make no power ready (`_restore_orders`), and the phase runs to a fresh deadline: the hours the GM
gives after the turn («ОТКАТ 3 24 часа …»), else the phase's length from now. Each player is told
what was kept and until when it may change (`_tell_players`). Resolving with the same orders gives
the same result, and the mails of a re-released phase say they correct.

A rollback undoes what the turns did, not what the GM decided about who plays: his ИЗГНАТЬ,
ЗАМЕНИТЬ, ВЕРНУТЬ, ВОСКРЕСИТЬ, ОТПУСК and ПРИСОЕДИНИТЬ since that turn's first resolution are taken
again in their order over the standing restored (`_keep`), and the answer names them (an ejected
player got his power back with his old password, told by nobody). A player who joined since with a
power the game did not have at turn N cannot keep it: the rollback names each such player and waits
for the GM's ПОДТВЕРЖДАЮ, then tells them (`_lost`).
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from daemon.games import Game, on_the_minute
from daemon.gm.context import GmContext, refused, result
from daemon.gm.notices import tell_active, tell_one
from daemon.gm.schema import MOST_HOURS, hours_first
from daemon.phases.start import START_RECORD
from engines.contract import Command
from engines.text import Msg
from parsers.normalize import normalize
from parsers.orders import normal_form
from state import lifecycle
from state.records import GameRecord, OrderSet, Player, Readiness

PLAYER_ACTIONS = frozenset({"eject", "replace", "return", "revive", "leave", "join"})  # history's words
CONFIRM = frozenset({"подтверждаю", "confirm"})  # the GM's word that the rollback may lose players
_LEAVE = re.compile(r"turns \d+–(\d+), (\w+)$")  # a leave's history detail: its last turn, its mode


def rollback(ctx: GmContext, cmd: Command) -> Msg:
    turn = int(cmd.args["turn"])
    confirmed, hours, reason = _read(str(cmd.args.get("reason", "")))
    if hours is not None and not 1 <= hours <= MOST_HOURS:
        return refused("gm_bad_hours", hours=hours, most=MOST_HOURS)
    record = ctx.game.load()
    names = [n for n in ctx.game.store.turn_records() if n != START_RECORD]
    later = [n for n in names if int(n[:4]) >= turn]
    if ctx.applied(record):
        _set_aside(ctx, record)
        return result("gm_already_done")
    if not later or int(later[0][:4]) != turn:
        return refused("gm_no_such_turn", turn=turn)
    first = ctx.game.store.read_turn_record(later[0])
    before = first["players_before"]
    powers = first["state_before"]["powers"]
    lost = {p: pl for p, pl in record.players.items() if p not in before and p not in powers}
    if lost and not confirmed:
        again = f"ОТКАТ {turn} ПОДТВЕРЖДАЮ {ctx.redactor.text(str(cmd.args.get('reason', '')))}".rstrip()
        return refused("gm_rollback_loses", turn=turn, again=again, **_listed(ctx.game, lost))
    since = _actions_since(ctx.game, names, later[0])
    record.state = first["state_before"]
    record.players = {p: pl for p, pl in record.players.items() if p not in lost}
    for power, standing in before.items():
        record.players[power].restore(standing)
    kept = _keep(ctx, record, since, before)
    out = {*lost, *(p for p, pl in record.players.items() if pl.status != "active")}
    for name in later:
        _restore_orders(ctx, ctx.game.store.read_turn_record(name), out)
    record.status, record.clock = "running", lifecycle.restart(record.clock)
    record.pending = lifecycle.abandon(record.pending)
    record.revision += 1
    record.corrections = later
    if hours is None:
        record.deadline = ctx.game.deadline_from(record, ctx.now)
    else:
        record.deadline = on_the_minute(ctx.now + timedelta(hours=hours)).isoformat()
    said = _said(ctx.game, turn, len(later), kept, lost)
    ctx.save(record, "rollback", f"turn {turn}: {', '.join(later)}", reason, said=said)
    _set_aside(ctx, record)
    _tell_players(ctx, ctx.game.load(), reason or ctx.reason)
    for power, player in sorted(lost.items()):
        notice = result("notice_rollback_lost", turn=turn, power=power, gm=ctx.game.settings.gm)
        subject = "subject_rollback_lost"
        tell_one(ctx, player.address, power, notice, subject, reason, gone=True, reader=player.name)
    return said


def _read(text: str) -> tuple[bool, int | None, str]:
    """What follows the turn: ПОДТВЕРЖДАЮ (before or after the hours), the hours, the reason."""
    confirmed, rest = _confirmation(text)
    hours, reason = hours_first(rest)
    if not confirmed:
        confirmed, reason = _confirmation(reason)
    return confirmed, hours, reason


def _confirmation(text: str) -> tuple[bool, str]:
    word, _, rest = text.strip().partition(" ")
    return (True, rest.strip()) if normalize(word) in CONFIRM else (False, text)


def _listed(game: Game, lost: dict[str, Player]) -> dict[str, str]:
    """The players a rollback would lose, a line each: the power, the address and name, the turn
    they joined in (from the history)."""
    joined = {
        str(e["detail"]).partition(": ")[0]: int(e["turn"])
        for e in game.store.history()
        if e.get("action") == "join"
    }
    lines: dict[str, str] = {"lost_ru": "", "lost_en": ""}
    for power, player in sorted(lost.items()):
        who, when = f"\n      {power}: {player.address} ({player.name})", joined.get(power)
        lines["lost_ru"] += who + (f", с хода {when}" if when else "")
        lines["lost_en"] += who + (f", from turn {when}" if when else "")
    return lines


def _actions_since(game: Game, names: list[str], first: str) -> list[dict[str, Any]]:
    """The GM's actions on who plays taken after the turn record `first` was resolved, in their
    order: what the history holds after the last GM action that record, or else the latest earlier
    one, was resolved with (a turn record keeps the GM's notes since the last resolution)."""
    notes: list[str] = []
    for name in reversed([n for n in names if n <= first]):
        notes = [str(n.get("id")) for n in game.store.read_turn_record(name).get("gm_notes", [])]
        if notes:
            break
    history = game.store.history()
    at = max((i for i, entry in enumerate(history) if entry.get("id") in notes), default=-1)
    return [entry for entry in history[at + 1 :] if entry.get("action") in PLAYER_ACTIONS]


def _keep(
    ctx: GmContext, record: GameRecord, since: list[dict[str, Any]], before: dict[str, Any]
) -> list[str]:
    """The GM's actions on who plays `since` the rolled-back turn, taken again in their order over
    the standing restored (the address, name and password a replacement gave were never undone);
    the commands kept, as the GM wrote them. A power the rolled-back game has not is left out."""
    kept = []
    for entry in since:
        action, detail = str(entry["action"]), str(entry["detail"])
        power = detail.partition(": ")[0]
        player = record.players.get(power)
        if player is None:
            continue
        if action == "eject":
            if player.status == "active":
                player.status, player.retired_turn, player.retired_why = "ai", record.turn, "ejected"
                record.state = ctx.game.ruleset.handover(record.state, power, computer=True)
        elif action == "leave":
            found = _LEAVE.search(detail)
            if found is None:
                continue
            player.leave_until, player.leave_mode = int(found[1]), found[2]
        else:  # replace, return, revive, join: the power is a player's again
            if player.status == "ended":
                continue
            if player.status != "active" or power not in before:
                record.state = ctx.game.ruleset.handover(record.state, power, computer=False)
            player.status, player.missed, player.retired_turn, player.retired_why = "active", 0, 0, ""
        kept.append(str(entry.get("command") or f"{action} {detail}"))
    return kept


def _said(game: Game, turn: int, phases: int, kept: list[str], lost: dict[str, Player]) -> Msg:
    """The GM's answer: the turn the game is back at, the GM's commands on who plays that stay in
    force (one a line, as he wrote them), the players it lost (told by mail)."""
    if not kept and not lost:
        return result("gm_rolled_back", turn=turn, phases=phases)
    params: dict[str, str | int] = {"turn": turn, "phases": phases, **dict.fromkeys(_TAILS, "")}
    commands = "".join(f"\n      {command}" for command in kept)
    if kept:
        params["kept_ru"] = (
            f"\n    Ваши команды об игроках, отданные после расчёта хода {turn}, в силе:{commands}"
        )
        params["kept_en"] = (
            f"\n    Your commands on players given after turn {turn} was resolved stand:{commands}"
        )
    if lost:
        listed = _listed(game, lost)
        params["lost_ru"] = f"\n    Выбыли из игры (им отправлено письмо):{listed['lost_ru']}"
        params["lost_en"] = f"\n    Out of the game (told by mail):{listed['lost_en']}"
    return result("gm_rolled_back_keeping", **params)


_TAILS = ("kept_ru", "kept_en", "lost_ru", "lost_en")


def _restore_orders(ctx: GmContext, data: dict[str, object], out: set[str]) -> None:
    """Each player's orders of a rolled-back phase back in the store (but of the powers `out` of
    the players' hands after the rollback: ejected, or lost with it), each power not ready: the
    players were rolled back to correct, so a phase resolves early only once each one sends orders
    or ГОТОВО again (`Readiness` with no refused line and not ready says just that). The refused
    lines of a power's last mail (kept in the turn record) stay for the digest."""
    orders, readiness = data["orders"], data.get("readiness", {})
    assert isinstance(orders, dict) and isinstance(readiness, dict)
    mail = {"mail_key": f"rollback-{ctx.command_id}", "received": ctx.now.isoformat()}
    for power, entry in orders.items():
        if entry["source"] not in ("player", "pass", "gm") or power in out:
            continue
        kept = readiness.get(power, {"refused": [], "refused_count": 0})
        restored = {"turn": data["turn"], "phase": data["phase"], "power": power, **kept, "ready": False}
        ctx.game.store.put_readiness(Readiness.from_json(restored | mail))
        standing = OrderSet.from_json(
            {
                "turn": data["turn"],
                "phase": data["phase"],
                "power": power,
                "commands": entry["commands"],
                "explicit_pass": entry["source"] == "pass" or not entry["commands"],
                **mail,
                "sender": "rollback",
                "by_gm": entry["source"] == "gm",
            }
        )
        ctx.game.store.put_orders(standing)


def _tell_players(ctx: GmContext, record: GameRecord, reason: str) -> None:
    """Every active player hears of the rollback: the phase the game is back at, the orders of
    theirs it kept, and until when they may change them or confirm them with ГОТОВО."""
    phase = ctx.game.phase_spec(record)
    orders = ctx.game.store.orders(record.turn, record.phase)

    def kept(power: str) -> dict[str, Any]:
        standing = orders.get(power)
        return {
            "turn": record.turn,
            "phase": phase.title,
            "orders": [normal_form(c, phase) for c in standing.commands] if standing else [],
            "explicit_pass": standing is not None and standing.explicit_pass,
            "reason": reason,
        }

    tell_active(ctx, record, "rollback", "subject_rollback", {"turn": record.turn}, kept)


def _set_aside(ctx: GmContext, record: GameRecord) -> None:
    present = [n for n in record.corrections if ctx.game.store.has_turn_record(n)]
    ctx.game.store.set_aside(present, f"rolled-back-r{record.revision}")
