"""«Держава и семьи» (rules/council.txt, its section 8): families inside five powers, a turn in
three mail stages (planning and auctions, the state council's decisions, actions), the council's
projects, the six auctions, elections and investigations. Sections 1–7 of the rulebook are lost;
the world they described is ours, as data (data.toml; README.md lists every invented value)."""

from engines.contract import Ruleset
from engines.council.ruleset import CouncilRuleset
from engines.council.state import State

RULESET: Ruleset[State] = CouncilRuleset()

__all__ = ["RULESET", "CouncilRuleset"]
