"""`gonets history GAME`: the game's timeline — each resolved phase with every power's orders, and
every GM action with who, when and why — in the order it happened."""

from __future__ import annotations

from daemon.games import Game
from daemon.phases.start import START_RECORD
from engines.contract import Command
from parsers.orders import normal_form

_SOURCES = {
    "player": "игрок/player",
    "pass": "НЕТ ДЕЙСТВИЙ/pass",
    "ai": "компьютер/computer",
    "leave": "отпуск/leave",
    "missing": "НЕ ПРИСЛАЛ/missed",
}


def history_text(game: Game) -> str:
    events: list[tuple[str, list[str]]] = []
    for name in game.store.turn_records():
        data = game.store.read_turn_record(name)
        if name == START_RECORD:
            draws = "; ".join(f"{d['purpose']}: {d['outcome']}" for d in data["draws"])
            events.append(("", [f"{name}: начало игры / start — {draws}"]))
            continue
        phase = game.ruleset.phases[data["phase"]]
        lines = [f"{data['resolved_at'][:16]} ход/turn {data['turn']}, {data['phase']} ({name})"]
        for power, entry in sorted(data["orders"].items()):
            orders = [normal_form(Command.from_json(c), phase) for c in entry["commands"]]
            lines.append(
                f"    {power} [{_SOURCES.get(entry['source'], entry['source'])}]: {'; '.join(orders) or '—'}"
            )
        if data["retired"]:
            lines.append(f"    компьютеру/retired: {', '.join(data['retired'])}")
        events.append((data["resolved_at"], lines))
    for entry in game.store.history():
        why = f" — {entry['reason']}" if entry.get("reason") else ""
        text = f"{entry['at'][:16]} ВЕДУЩИЙ/GM {entry['by']}: {entry['action']} {entry['detail']}{why}"
        events.append((entry["at"], [text]))
    events.sort(key=lambda event: event[0])
    return "\n".join(line for _, lines in events for line in lines) or f"{game.id}: пусто / nothing yet"
