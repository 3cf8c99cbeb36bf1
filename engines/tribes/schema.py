"""The mail phase and its command schema (what the generic order parser reads), and the names NAME
arguments take: everything there is (`vocabularies`), and what one tribe has seen
(`vocabularies_for`): its explored cells, the tribes it has met, its strata and those public
rules name, the technologies discovered anywhere.

One phase a turn: every tribe's orders are taken at once and the turn's nine steps run on them.
A community is named by its number in the tribe; the children are given one line per stratum
(«РАСПРЕДЕЛИТЬ 1 Охотники 3»), which reads as players say it and needs no pair argument.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.phrasing import load_phrasing
from engines.text import Msg, Text
from engines.tribes import level, world
from engines.tribes.data import DATA
from engines.tribes.decisions import offered
from engines.tribes.level import level_of, opened
from engines.tribes.state import Decision, State
from engines.tribes.votes import VOTE_WORDS

G = DATA.game
ORDERS = "orders"
DIGITS = "".join(world.DIRECTIONS)


def _community(name: str = "community", optional: bool = False) -> Arg:
    """A community's number; `optional` where the rules can tell which one a line means without
    it (aims.py: a tribe of one community, the one next to the neighbour named)."""
    return Arg(name, ArgKind.INT, minimum=1, maximum=G.most_communities, optional=optional)


def _stratum(name: str = "stratum") -> Arg:
    return Arg(name, ArgKind.NAME, "stratum")


def _count() -> Arg:
    return Arg("count", ArgKind.INT, minimum=1, maximum=G.most_children)


CHILDREN = CommandSpec(
    "children",
    ("РАСПРЕДЕЛИТЬ", "ДЕТИ", "DISTRIBUTE", "CHILDREN"),
    (_community(optional=True), _stratum(), _count()),
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
        "steps as digits 1 2 3 / 4 * 5 / 6 7 8; «to river», «past»…",
    ),
    "ИДТИ 1 223",
)
MIGRATE = CommandSpec(
    "migrate",
    ("МИГРИРОВАТЬ", "МИГРАЦИЯ", "MIGRATE"),
    (),
    Text(
        "со следующего хода миграция: 20 очков хода, ЛЧ −50\u00a0%",
        "migrate from the next turn: 20 points, PL −50%",
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
    Text("влить малую общину (≤ ⅓ ЛЧ) в соседнюю", "merge a small community (≤ ⅓ PL) into a neighbour"),
    "СЛИТЬ 2 1",
)
CONVERT = CommandSpec(
    "convert",
    ("ПЕРЕВЕСТИ", "CONVERT"),
    (_community(optional=True), _stratum("source"), _count(), _stratum("target")),
    Text("когда еды мало: сделать людей добытчиками", "short of food: make people food-getters"),
    "ПЕРЕВЕСТИ 1 Аристократы 1 Охотники",
)


def _at(keyword: str, en: str, name: str, help_: Text, *more: Arg, example: str = "") -> CommandSpec:
    """An order of one community towards another tribe's next to it: on a cell, or of a tribe."""
    return CommandSpec(
        name,
        (keyword, *en.split()),
        (_community(optional=True), Arg("cell", ArgKind.NAME, "neighbour"), *more),
        help_,
        example or f"{keyword} 1 Б2",
    )


WAR = _at(
    "НАПАСТЬ",
    "ВОЙНА ATTACK WAR",
    "war",
    Text("община нападает на соседнюю общину на этой клетке", "a community attacks the one on this cell"),
)
RAID = _at(
    "НАБЕГ",
    "RAID",
    "raid",
    Text("набег на соседнюю общину: потери вдвое меньше, никого не изгоняют", "a raid: half the losses"),
)
EXCHANGE = _at(
    "ОБМЕН",
    "EXCHANGE",
    "exchange",
    Text("обмен едой с соседней общиной: еда +5\u00a0% каждой стороне", "food exchange: +5% food to each"),
)
GIFT = _at(
    "ДАР",
    "ПОДАРИТЬ GIFT",
    "gift",
    Text("отдать соседней общине еду из остатка этого хода", "give a neighbour food left this turn"),
    _count(),
    example="ДАР 1 Б2 5",
)
CEDE = _at(
    "УСТУПИТЬ",
    "CEDE",
    "cede",
    Text(
        "малая община (≤ ⅓ ЛЧ) уходит к соседней общине другого племени, если та её примет",
        "a small community joins another tribe's neighbour, if it accepts",
    ),
)
ACCEPT = _at(
    "ПРИНЯТЬ",
    "ACCEPT",
    "accept",
    Text(
        "принять в общину малую общину другого племени с этой клетки, если её уступят",
        "take in another tribe's small community from this cell, if it is ceded",
    ),
)
ASSIMILATE = _at(
    "АССИМИЛИРОВАТЬ",
    "ASSIMILATE",
    "assimilate",
    Text(
        "племя компьютера с отношениями 100 входит в ваше племя (нужен свободный ЛО)",
        "a computer's tribe at relations 100 joins yours (room within CL needed)",
    ),
)
ISOLATE = CommandSpec(
    "isolate",
    ("ИЗОЛЯЦИЯ", "ISOLATE"),
    (),
    Text("племя в изоляции: никакого развития от контактов", "isolation: no development from contact"),
    "ИЗОЛЯЦИЯ",
)
MINGLE = CommandSpec(
    "mingle",
    ("ОТКРЫТОСТЬ", "OPENNESS"),
    (),
    Text("изоляция окончена", "the isolation ends"),
    "ОТКРЫТОСТЬ",
)
FAITH = CommandSpec(
    "faith",
    ("ВЕРА", "FAITH"),
    (Arg("text", ArgKind.TEXT),),
    Text("ваша вера своими словами (строки письма складываются)", "your faith in your own words"),
    "ВЕРА Небо — отец, земля — мать",
)
CHOOSE = CommandSpec(
    "choose",
    ("ВЫБРАТЬ", "РЕШЕНИЕ", "CHOOSE"),
    (Arg("option", ArgKind.NAME, "option"),),
    Text("принять решение: один из предложенных вариантов", "take a decision: one of the options offered"),
    "ВЫБРАТЬ Тотемизм",
)
VOTE = CommandSpec(
    "vote",
    ("ГОЛОС", "VOTE"),
    (Arg("choice", ArgKind.NAME, "vote"),),
    Text("голос по вопросу ведущего: за или против", "a vote on the GM's question: for or against"),
    "ГОЛОС за",
)
COMMANDS = (
    CHILDREN,
    MOVE,
    MIGRATE,
    SETTLE,
    MERGE,
    CONVERT,
    WAR,
    RAID,
    EXCHANGE,
    GIFT,
    CEDE,
    ACCEPT,
    ASSIMILATE,
    ISOLATE,
    MINGLE,
    FAITH,
    CHOOSE,
    VOTE,
)
ALWAYS = ("children", "move", "migrate", "settle", "merge", "convert", "assimilate", "isolate", "mingle")
# the orders a technology may open (data.OPENED), by their command's name
GATES = {
    "war": "war",
    "raid": "raid",
    "exchange": "exchange",
    "gift": "gift",
    "cede": "annex",
    "accept": "annex",
}
GATES["faith"] = "faith"
PHRASING = load_phrasing(Path(__file__).with_name("phrasing.toml"), COMMANDS)
PHASES: dict[str, PhaseSpec] = {
    ORDERS: PhaseSpec(ORDERS, Text("Приказы", "Orders"), COMMANDS, phrasing=PHRASING)
}
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
        "neighbour": {name: () for name in [*secret["cells"], *tribes]},
        "option": {
            o["name"]: _spellings(o["en"], *o["aliases"]) for d in secret["decisions"] for o in d["options"]
        },
        "vote": VOTE_WORDS,
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
        "neighbour": {name: () for name in [*tribe["explored"], *tribe["met"]]},
        "option": {
            o["name"]: _spellings(o["en"], *o["aliases"])
            for d in [*offered(state, power), *taken(state, power)]
            for o in d["options"]
        },
        "vote": VOTE_WORDS,
    }


def taken(state: State, power: str) -> list[Decision]:
    chosen = state["tribes"][power]["decisions"]
    return [d for d in state["secret"]["decisions"] if d["name"] in chosen]


def known_commands(state: State, power: str, phase: str) -> list[CommandSpec]:
    """The orders `power` has learnt of: the public ones; those a technology opens once it is
    discovered anywhere (its effects are public rules); ВЫБРАТЬ once a decision is offered to it;
    ГОЛОС while a vote is held."""
    gated = level.gated(state)
    discovered = {
        c for name in state["discovered"] for c in level.tech_named(state, name)["effects"]["commands"]
    }
    known = {*ALWAYS, *(name for name, c in GATES.items() if c not in gated or c in discovered)}
    if offered(state, power) or state["tribes"][power]["decisions"]:
        known.add("choose")
    if state["vote"]["tribe"] and state["vote"]["turn"] == state["turn"]:
        known.add("vote")
    return [_own_example(state, power, spec) for spec in PHASES[phase].commands if spec.name in known]


def not_known(state: State, power: str, phase: str, command: str) -> Msg:
    """Why `power` cannot give an order it has not learnt of: one a technology opens says so
    without naming it (the tree and its conditions are the GM's secret until discovered)."""
    if command in GATES:
        return Msg("order_needs_discovery")
    return Msg({"choose": "order_no_decision", "vote": "order_no_vote"}.get(command, "order_not_known"))


def _own_example(state: State, power: str, spec: CommandSpec) -> CommandSpec:
    """An order towards a neighbour's cell, exemplified on a cell the tribe has seen (the spec's
    own names a cell of some map: the parser's hints must not name one the tribe has not seen)."""
    if not any(arg.vocabulary == "neighbour" for arg in spec.args):
        return spec
    tribe = state["tribes"][power]
    cells = [c["cell"] for c in tribe["communities"]] or tribe["explored"] or [""]
    number = min((c["number"] for c in tribe["communities"]), default=1)
    words = [spec.keywords[0], str(number), cells[0], *(["5"] if spec.name == "gift" else [])]
    return replace(spec, example=" ".join(w for w in words if w))
