"""The "coins" ruleset (rules/coins.txt): modern powers, coins, ten turns."""

from __future__ import annotations

from typing import Any

from engines.coins.ruleset import CoinsRuleset
from engines.contract import Ruleset

RULESET: Ruleset[Any] = CoinsRuleset()  # as the daemon holds it: its states are JSON

__all__ = ["RULESET", "CoinsRuleset"]
