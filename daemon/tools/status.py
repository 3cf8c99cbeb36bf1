"""`gonets status`: every game's phase, deadline, and who has sent orders."""

from __future__ import annotations

from daemon.games import Games
from daemon.outgoing.render import languages, points, ranking
from state.lifecycle import Held


def status_text(games: Games) -> str:
    out = []
    for game in games:
        record = game.load()
        head = f"{game.id} [{game.ruleset.name}] {record.status}"
        if record.status == "signup":
            names = ", ".join(f"{s.name} <{s.address}>" for s in record.signups) or "—"
            out.append(f"{head}: записались / signed up: {names}")
            continue
        if record.status == "over":
            lang = languages(game.settings.language)[0]
            ranked = ranking(game.ruleset.scores(record.state))
            out.append(head + ": " + "; ".join(f"{p} {points(v, lang)}" for p, v in ranked))
            continue
        deadline = game.deadline(record)
        out.append(
            f"{head}: ход/turn {record.turn}, фаза/phase {record.phase}, срок/deadline "
            f"{deadline.astimezone(game.settings.timezone):%Y-%m-%d %H:%M %Z}"
            if deadline
            else head
        )
        if isinstance(record.clock, Held):
            out.append(f"  ЗАДЕРЖАН / HELD: {record.clock.reason}")
        orders = game.store.orders(record.turn, record.phase)
        for power, player in sorted(record.players.items()):
            sent = "прислал / sent" if power in orders else "нет приказов / no orders"
            if player.status == "ended":
                sent = "выбыла / out of the game"
            elif player.status != "active":
                sent = "компьютер / computer"
            out.append(
                f"  {power:<12} {player.name} <{player.address}>: {sent}; пропуски/missed {player.missed}"
            )
    return "\n".join(out) or "нет игр / no games"
