"""Text a player copies into a mail of any Cyrillic charset.

A player who answers in KOI8-R or windows-1251 pastes the order blank into that charset, and a
character it lacks («», —, …, −) makes the client send the whole reply in UTF-8, or worse, a «?».
So what a player copies keeps to ASCII and the Cyrillic letters, which every Cyrillic charset has
(KOI8-R, windows-1251, ISO 8859-5, CP866); the typography of the rest of a mail is not touched.
"""

from __future__ import annotations

_ASCII = str.maketrans(
    {
        "—": "-",
        "–": "-",
        "−": "-",
        "‐": "-",
        "«": '"',
        "»": '"',
        "„": '"',
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "…": "...",
        "→": "->",
        "←": "<-",
        "½": "1/2",
        "•": "*",
        "×": "x",
        "≤": "<=",
        "≥": ">=",
        "№": "N",
        "\u00a0": " ",
        "\u202f": " ",
        "\u2009": " ",
    }
)


def portable(text: str) -> str:
    """`text` with its typography in ASCII (see the module's docstring)."""
    return text.translate(_ASCII)
