"""The state kept on disk between phases: plain JSON, typed here."""

from __future__ import annotations

from typing import TypedDict


class State(TypedDict):
    turn: int  # the daemon reads these four and never writes them
    phase: str
    over: bool
    powers: list[str]
    grain: dict[str, int]  # power → sacks of grain: private, and its score
