"""The "coins" ruleset (rules/coins.txt): modern powers, coins, ten turns."""

from __future__ import annotations

from engines.coins.ruleset import CoinsRuleset
from engines.contract import JSON, Ruleset

RULESET: Ruleset[JSON] = CoinsRuleset()

__all__ = ["RULESET", "CoinsRuleset"]
