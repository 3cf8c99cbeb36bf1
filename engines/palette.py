"""The powers' colours, shared by every picture of a game and by the archive's chart: a light
module (no drawing library), since the ruleset contract names a game's palette."""

from __future__ import annotations

Colour = tuple[int, int, int]

# Distinguishable on screen and for the common colour blindnesses (Okabe–Ito, then Tol's muted),
# light enough that black text on them stays readable.
PALETTE: tuple[Colour, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (204, 121, 167),
    (213, 94, 0),
    (0, 114, 178),
    (136, 204, 238),
    (68, 170, 153),
    (221, 204, 119),
    (204, 102, 119),
    (170, 68, 153),
    (153, 153, 51),
    (136, 34, 85),
    (51, 34, 136),
    (17, 119, 51),
)

# The palette in the order powers take it: the first six as far apart as six of it can be (ΔE ≥ 36
# in CIE76) of those black names stay readable on (contrast ≥ 4.5), for a game of up to six powers
# any two of which may border; then each next one the farthest from those before it.
APART = (1, 2, 3, 4, 5, 12, 14, 0, 13, 6, 11, 9, 15, 10, 8, 7)


def colour_of(index: int) -> Colour:
    """The palette's colour for the `index`-th power (by its place in setup order)."""
    return PALETTE[APART[index % len(APART)]]
