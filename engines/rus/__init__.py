"""«Русь» (rules/rus.txt): sixteen principalities, a one-year turn in ten steps: the map, the
economy, war and battles, diplomacy, vassals and the computer-run countries."""

from typing import Any

from engines.contract import Ruleset
from engines.rus.ruleset import RusRuleset

RULESET: Ruleset[Any] = RusRuleset()  # as the daemon holds it: its states are JSON

__all__ = ["RULESET", "RusRuleset"]
