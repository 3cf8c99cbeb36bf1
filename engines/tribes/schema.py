"""The mail phase and its command schema (what the generic order parser reads), and the names NAME
arguments take: everything there is (`vocabularies`), and what one tribe has seen
(`vocabularies_for`): its explored cells, the tribes it has met, its strata and those public
rules name, the technologies discovered anywhere.

One phase a turn: every tribe's orders are taken at once and the turn's nine steps run on them.
A community is named by its number in the tribe; the children are given one line per stratum
(«РАСПРЕДЕЛИТЬ 1 Охотники 3»), which reads as players say it and needs no pair argument.
"""

from __future__ import annotations

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.text import Text
from engines.tribes import world
from engines.tribes.data import DATA
from engines.tribes.level import level_of, opened
from engines.tribes.state import State

G = DATA.game
ORDERS = "orders"
DIGITS = "".join(world.DIRECTIONS)


def _community(name: str = "community") -> Arg:
    return Arg(name, ArgKind.INT, minimum=1, maximum=G.most_communities)


def _stratum(name: str = "stratum") -> Arg:
    return Arg(name, ArgKind.NAME, "stratum")


def _count() -> Arg:
    return Arg("count", ArgKind.INT, minimum=1, maximum=G.most_children)


CHILDREN = CommandSpec(
    "children",
    ("РАСПРЕДЕЛИТЬ", "ДЕТИ", "DISTRIBUTE", "CHILDREN"),
    (_community(), _stratum(), _count()),
    Text("дети общины — в эту страту (строка на страту)", "a community's children into this stratum"),
    "РАСПРЕДЕЛИТЬ 1 Охотники 3",
)
MOVE = CommandSpec(
    "move",
    ("ИДТИ", "ПЕРЕЙТИ", "MOVE", "GO"),
    (
        _community(),
        Arg("code", ArgKind.CODE, alphabet=DIGITS, max_items=G.most_steps),
        Arg("conditions", ArgKind.NAME_LIST, "condition", optional=True, max_items=len(DATA.conditions)),
    ),
    Text(
        "шаги цифрами 1 2 3 / 4 * 5 / 6 7 8; «до реки», «мимо»…",
        "steps as digits 1 2 3 / 4 * 5 / 6 7 8; «до реки», «мимо»…",
    ),
    "ИДТИ 1 223",
)
MIGRATE = CommandSpec(
    "migrate",
    ("МИГРИРОВАТЬ", "МИГРАЦИЯ", "MIGRATE"),
    (),
    Text(
        "со следующего хода миграция: 20 очков хода, ЛЧ −50\u00a0%",
        "migrate from the next turn: 20 points, ЛЧ −50%",
    ),
    "МИГРИРОВАТЬ",
)
SETTLE = CommandSpec(
    "settle",
    ("ОСЕСТЬ", "SETTLE"),
    (),
    Text("со следующего хода миграция окончена", "end the migration from the next turn"),
    "ОСЕСТЬ",
)
MERGE = CommandSpec(
    "merge",
    ("СЛИТЬ", "ОБЪЕДИНИТЬ", "MERGE"),
    (_community(), _community("into")),
    Text("влить малую общину (≤ ⅓ ЛЧ) в соседнюю", "merge a small community (≤ ⅓ ЛЧ) into a neighbour"),
    "СЛИТЬ 2 1",
)
CONVERT = CommandSpec(
    "convert",
    ("ПЕРЕВЕСТИ", "CONVERT"),
    (_community(), _stratum("source"), _count(), _stratum("target")),
    Text("когда еды мало: сделать людей добытчиками", "short of food: make people food-getters"),
    "ПЕРЕВЕСТИ 1 Аристократы 1 Охотники",
)
COMMANDS = (CHILDREN, MOVE, MIGRATE, SETTLE, MERGE, CONVERT)
PHASES: dict[str, PhaseSpec] = {ORDERS: PhaseSpec(ORDERS, Text("Приказы", "Orders"), COMMANDS)}
KEYWORDS = {spec.name: spec.keywords[0] for spec in COMMANDS}


def _spellings(item_en: str, *more: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((item_en, *more)))


def strata_vocabulary(ids: set[str]) -> Vocabulary:
    """The strata of `ids`, with their English names and abbreviations of two letters («Ох»: one
    letter would read as a preposition)."""
    return {
        s.name: _spellings(s.en, *s.aliases, *([s.short] if len(s.short) > 1 else []))
        for s in DATA.strata
        if s.id in ids
    }


def vocabularies(state: State) -> dict[str, Vocabulary]:
    secret = state["secret"]
    tribes = [*state["tribes"], *(a["name"] for a in state["ai"])]
    return {
        "power": {power: () for power in state["powers"]},
        "tribe": {name: () for name in tribes},
        "stratum": strata_vocabulary({s.id for s in DATA.strata}),
        "condition": {c.name: c.spellings for c in DATA.conditions},
        "tech": {t["name"]: _spellings(t["en"], *t["aliases"]) for t in secret["techs"]},
        "cell": {cell: () for cell in secret["cells"]},
    }


def public_strata(state: State) -> set[str]:
    """The strata public rules name: those open at the start and those discovered technologies open."""
    return set(DATA.opening) | opened(state)


def vocabularies_for(state: State, power: str) -> dict[str, Vocabulary]:
    everything = vocabularies(state)
    tribe = state["tribes"][power]
    met = {power, *tribe["met"]}
    return {
        "power": {p: () for p in state["powers"] if p in met},
        "tribe": {name: () for name in everything["tribe"] if name in met},
        "stratum": strata_vocabulary(set(level_of(state, power).strata) | public_strata(state)),
        "condition": everything["condition"],
        "tech": {name: spelt for name, spelt in everything["tech"].items() if name in state["discovered"]},
        "cell": {cell: () for cell in tribe["explored"]},
    }
