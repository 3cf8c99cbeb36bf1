"""«Проект 13: первобытность» (rules/tribes.txt): tribes of communities and strata on a grid map
under the fog of war, with the GM's secret map and technologies (README.md)."""

from engines.contract import Ruleset
from engines.tribes.ruleset import TribesRuleset
from engines.tribes.state import State

RULESET: Ruleset[State] = TribesRuleset()
