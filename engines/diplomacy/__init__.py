"""«Дипломатия»: the classic game on the standard map, adjudicated to the DATC (see README.md)."""

from __future__ import annotations

from typing import Any

from engines.contract import Ruleset
from engines.diplomacy.ruleset import DiplomacyRuleset

RULESET: Ruleset[Any] = DiplomacyRuleset("standard")  # as the daemon holds it: its states are JSON

__all__ = ["RULESET", "DiplomacyRuleset"]
