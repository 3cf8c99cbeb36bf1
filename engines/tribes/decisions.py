"""Decisions («VII. Решения»): «Решения предлагаются игроку после выполнения какого-то условия …
Условия и эффекты решений изначально скрыты от игроков, однако получая возможность принять решение
игрок видит возможные эффекты от последствий своего выбора. Некоторые решения можно принять в любой
момент и впоследствии поменять свой выбор, некоторые принимаются сразу и навсегда».

A decision is offered privately once its condition is met (told once, and listed in the tribe's
balance while it stands open); ВЫБРАТЬ takes an option at the end of the turn, and its effects work
from the next turn, as a technology's do. The religion of the rulebook is data of this kind: a
permanent decision after «Анимизм» whose branch later decisions need.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.contract import Command
from engines.text import Text
from engines.tribes.development import effects_said, needs_met
from engines.tribes.said import Story
from engines.tribes.state import Decision, Option, State


def offered(state: State, power: str) -> list[Decision]:
    """The decisions `power` may take or change now: their condition met, not taken for good."""
    tribe = state["tribes"][power]
    known = set(tribe["techs"])
    return [
        d
        for d in state["secret"]["decisions"]
        if needs_met(state, tribe, d["needs"], known)
        and not (d["permanent"] and d["name"] in tribe["decisions"])
    ]


def owner_of(state: State, option: str) -> Decision:
    return next(d for d in state["secret"]["decisions"] if any(o["name"] == option for o in d["options"]))


def options_said(state: State, decision: Decision) -> Text:
    """«Тотемизм: охотники: еда +0,1; Культ предков: …», each option with its effects."""
    parts = [(o, effects_said(state, o["effects"])) for o in decision["options"]]
    return Text(
        "; ".join(f"{o['name']} — {e.ru}" for o, e in parts),
        "; ".join(f"{o['en']} — {e.en}" for o, e in parts),
    )


def offer(state: State, power: str, story: Story) -> None:
    """After development: a decision offered for the first time is told to its tribe alone."""
    tribe = state["tribes"][power]
    for decision in offered(state, power):
        if decision["name"] in tribe["offered"]:
            continue
        tribe["offered"].append(decision["name"])
        code = "tribes.decision_offered_for_good" if decision["permanent"] else "tribes.decision_offered"
        story.tell(power, code, decision=decision["name"], options=options_said(state, decision))


def take(state: State, power: str, commands: Sequence[Command], story: Story) -> None:
    """The end of the turn: each option chosen (ВЫБРАТЬ) is the tribe's, working from the next turn."""
    tribe = state["tribes"][power]
    for cmd in commands:
        option = str(cmd.args["option"])
        decision = owner_of(state, option)
        if decision not in offered(state, power):
            continue
        tribe["decisions"][decision["name"]] = {"option": option, "turn": state["turn"]}
        code = "tribes.decided_for_good" if decision["permanent"] else "tribes.decided"
        story.tell(power, code, decision=decision["name"], option=option)


def option_named(decision: Decision, name: str) -> Option:
    return next(o for o in decision["options"] if o["name"] == name)
