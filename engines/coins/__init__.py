"""The "coins" ruleset (rules/coins.txt): modern powers, coins, ten turns."""

from __future__ import annotations

from engines.coins.ruleset import CoinsRuleset
from engines.contract import Ruleset

RULESET: Ruleset = CoinsRuleset()

__all__ = ["RULESET", "CoinsRuleset"]
