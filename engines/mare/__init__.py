"""The "mare" ruleset (rules/mare.txt): western Mediterranean antiquity, one resource (МОЩЬ),
simultaneous influence auctions per territory, generals, map painting."""

from __future__ import annotations

from typing import Any

from engines.contract import Ruleset
from engines.mare.ruleset import MareRuleset

RULESET: Ruleset[Any] = MareRuleset()  # as the daemon holds it: its states are JSON

__all__ = ["RULESET", "MareRuleset"]
