"""Where the repository is, so every test reads its files wherever pytest is started from."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TEMPLATES = REPO / "templates"
