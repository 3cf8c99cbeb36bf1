"""«Русь» (rules/rus.txt): sixteen principalities, a one-year turn in ten steps: the map, the
economy, war and battles, diplomacy, vassals and the computer-run countries."""

from engines.contract import JSON, Ruleset
from engines.rus.ruleset import RusRuleset

RULESET: Ruleset[JSON] = RusRuleset()

__all__ = ["RULESET", "RusRuleset"]
