"""«Дипломатия» on the Ancient Mediterranean board: the same rules, the map and flags of data.toml's
`variants.ancmed`; a game picks it with `ruleset = "diplomacy_ancmed"`."""

from __future__ import annotations

from typing import Any

from engines.contract import Ruleset
from engines.diplomacy.ruleset import DiplomacyRuleset

RULESET: Ruleset[Any] = DiplomacyRuleset("ancmed")
