"""The "mare" ruleset (rules/mare.txt): western Mediterranean antiquity, one resource (МОЩЬ),
simultaneous influence auctions per territory, generals, map painting."""

from __future__ import annotations

from engines.contract import JSON, Ruleset
from engines.mare.ruleset import MareRuleset

RULESET: Ruleset[JSON] = MareRuleset()

__all__ = ["RULESET", "MareRuleset"]
