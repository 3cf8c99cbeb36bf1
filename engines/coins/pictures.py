"""The standings chart: every power's victory points at the end of each turn, from the state's
`standings` (a state written before they were kept charts from the first turn it ended since).

A total counts the treasury, which the rules keep secret (only its owner knows it; intelligence and
the International Commission never show it, views.py), and the daemon tells the totals only when
the game is over (`secret_scores`). So while the game runs, a power sees its own line, the GM every
line; once it is over, every player sees every line. The public gets no chart of its own: the
archive draws one, from the same scores its standings table shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.coins.chart import Chart, Series, draw
from engines.coins.data import DATA
from engines.coins.scoring import standings
from engines.coins.state import State
from engines.contract import GM_VIEWER, PUBLIC_VIEWER, Picture
from engines.drawing import colour_of, said
from engines.text import Catalog, Lang, Text

ENGLISH = {power.name: power.en for power in DATA.powers}


def pictures(state: State, viewer: str, catalog: Catalog, langs: Sequence[Lang]) -> Sequence[Picture]:
    shown = _shown(state, viewer)
    kept = standings(state)
    if not shown or not kept:
        return ()
    first, last = kept[0]["turn"], kept[-1]["turn"]
    chart = Chart(
        title=said(catalog.entries["chart_title"], langs),
        note="" if shown == state["powers"] else said(catalog.entries["chart_own_only"], langs),
        x_title=said(catalog.entries["chart_turn"], langs),
        y_title=said(catalog.entries["chart_points"], langs),
        turns=(first, last if state["over"] else max(last, DATA.game.last_turn)),
        series=tuple(
            Series(
                label=f"{said(Text(power, ENGLISH[power]), langs)}  {kept[-1]['vp'][power]}",
                colour=colour_of(state["powers"].index(power)),
                points=tuple((entry["turn"], entry["vp"][power]) for entry in kept),
            )
            for power in shown
        ),
    )
    return (Picture(f"vp-turn-{last}", catalog.entries["chart_title"], draw(chart)),)


def _shown(state: State, viewer: str) -> list[str]:
    """The powers whose points `viewer` may see, in setup order; none for the public, whose
    standings chart (the archive's, once the game is over) is drawn from the turn records."""
    if viewer == PUBLIC_VIEWER:
        return []
    if viewer == GM_VIEWER or state["over"]:
        return list(state["powers"])
    return [power for power in state["powers"] if power == viewer]
