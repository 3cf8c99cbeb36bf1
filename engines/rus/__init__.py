"""«Русь» (rules/rus.txt): sixteen principalities, a one-year turn in ten steps; part 1: the map,
the state and its economy (war and diplomacy come in part 2)."""

from engines.rus.ruleset import RusRuleset

RULESET = RusRuleset()
