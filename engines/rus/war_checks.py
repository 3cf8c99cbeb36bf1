"""PLACEHOLDER being written."""

from engines.rus.judging import Check

CHECKS: dict[str, Check] = {}
ONCE: dict[str, tuple[str, ...]] = {}
