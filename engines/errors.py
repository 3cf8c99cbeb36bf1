"""The root of every error Gonets raises on purpose, with the command line's exit code for it.

Kept in the bottom layer so the store, the parsers, the rulesets and the daemon can all derive
from it; `gonets` turns any of them into its message and `exit_code`, never a traceback. Code 1
is "something asked could not be done", 2 a configuration or data file to fix, 3 a damaged store
to rebuild, 4 another daemon on the directory; 5 (an OSError: disk full, permissions) is the CLI's.
"""

from __future__ import annotations


class GonetsError(Exception):
    exit_code = 1
