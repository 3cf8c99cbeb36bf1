"""«Урожай»: villages sow and give grain; the most grain after the last turn wins."""

from __future__ import annotations

from .ruleset import SkeletonRuleset

RULESET = SkeletonRuleset()
