"""The root of every error Gonets raises on purpose, with the command line's exit code for it.

Kept in the bottom layer so the store, the parsers, the rulesets and the daemon can all derive
from it; `gonets` turns any of them into its message and `exit_code`, never a traceback. Code 1
is "something asked could not be done", 2 a configuration or data file to fix, 3 a damaged store
to rebuild, 4 another daemon on the directory; 5 (an OSError: disk full, permissions) is the CLI's.
"""

from __future__ import annotations


class GonetsError(Exception):
    exit_code = 1


class RuleDataError(GonetsError):
    """A data file does not match its ruleset's schema; the message names file, key and problem.
    Raised when the ruleset is first imported, which a pass does only for a game with work: the
    daemon lets it through (the mail waits) rather than blame the mail it was reading."""

    exit_code = 2
