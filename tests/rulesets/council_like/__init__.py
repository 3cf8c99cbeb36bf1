"""A tiny ruleset shaped like council.txt for the daemon's tests: families, three stages a turn.

Planning and actions are ordinary phases; decisions (the vote) is optional for the mass-silence
hold yet still reminds, and misses count per turn, so a family that only voted has not missed.
Families live in two realms; the lot spreads the played ones evenly over them and makes one of each
realm's played families the ruling one. The rules themselves are trivial: the state moves through
the stages, and a family put in disgrace (ОПАЛА) in the actions stage is destroyed; its player
may found a new house, which joins under the name the player gives it (or "Дом N"); a joining
player who names a family of the game is seated there, and one whose family is still in the game
is told to be returned instead. Each handover is kept in "handed" (power → computer-run). Names given
at signup are kept in "names". In the actions stage a family says which army supports which family
(ВОЙСКА, up to three army–family pairs, as council.txt's change of commanders); an army named twice
is refused, and the reply sums the pairs up.

Each realm is a group of its families still in play (`Groups`). The GM may call an election
(ВЫБОРЫ), which the next resolution announces to that realm's families only, and correct a family's
influence, which a ruling family may not have above 50 (clamped) and a destroyed one not at all.
The game's GM data file is kept whole in "gm_data" (the default: no plot), never in a view; it
holds the plot, a text, and the forms of names the dictionary gets wrong (a joining family's), and
nothing else, or it is refused. The public view (templates/council_like/public.*.txt) shows the
ruling families and the influence ranking.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import zip_longest

from engines.contract import (
    JSON,
    Adjustable,
    Arg,
    ArgKind,
    Clamped,
    Command,
    CommandSpec,
    GmApplied,
    Joined,
    MissesPer,
    PhaseSpec,
    Problem,
    Resolution,
    Ruleset,
    Vocabulary,
)
from engines.rng import Rng
from engines.ruledata import NameForms, RuleData, mistakes
from engines.russian import Forms, forms_from
from engines.text import Catalog, Msg, Text

REALMS = {"Рим": ("Орсини", "Колонна", "Савелли"), "Флоренция": ("Медичи", "Сфорца", "Строцци")}
FAMILIES = tuple(family for families in REALMS.values() for family in families)
PLANNING, DECISIONS, ACTIONS = "planning", "decisions", "actions"

BID = CommandSpec(
    "bid",
    ("СТАВКА", "BID"),
    (Arg("amount", ArgKind.INT, minimum=1, maximum=9),),
    Text("ставка", "bid"),
    "СТАВКА 5",
)
VOTE = CommandSpec(
    "vote",
    ("ГОЛОС", "ГОЛОСОВАТЬ", "VOTE"),
    (Arg("choice", ArgKind.NAME, "choice"),),
    Text("голос", "vote"),
    "ГОЛОС ЗА",
)
ACT = CommandSpec(
    "act",
    ("АКЦИЯ", "ACT"),
    (Arg("number", ArgKind.INT, minimum=1, maximum=9),),
    Text("акция", "action"),
    "АКЦИЯ 1",
)

TROOPS = CommandSpec(
    "troops",
    ("ВОЙСКА", "TROOPS"),
    (Arg("troops", ArgKind.PAIR_LIST, "army", max_items=3, second_vocabulary="power"),),
    Text(
        "какая армия поддерживает какую семью (до трёх пар)",
        "which army supports which family (up to three pairs)",
    ),
    "ВОЙСКА Армия1 Медичи, Армия2 Сфорца",
)
ARMIES: Vocabulary = {"Армия1": ("Army1",), "Армия2": ("Army2",), "Армия3": ("Army3",)}

DISGRACE = CommandSpec(
    "disgrace",
    ("ОПАЛА", "DISGRACE"),
    (Arg("family", ArgKind.NAME, "power"),),
    Text("опала: семья уничтожена", "disgrace: the family is destroyed"),
    "ОПАЛА Колонна",
)

ELECTION = CommandSpec(
    "election",
    ("ВЫБОРЫ", "ELECTION"),
    (Arg("realm", ArgKind.NAME, "realm"),),
    Text("объявить выборы в державе", "call an election in a realm"),
    "ВЫБОРЫ Рим",
)


class Secret(RuleData):
    """The GM data file: the plot, a text, and the forms of names the dictionary gets wrong."""

    plot: str = ""
    forms: NameForms = Forms()


INFLUENCE = Adjustable("influence", Text("Влияние", "Influence"), minimum=0, maximum=100)
RULING_CAP = 50
DEFAULT_DATA: JSON = {"plot": ""}

PHASES: dict[str, PhaseSpec] = {
    PLANNING: PhaseSpec(PLANNING, Text("Планирование", "Planning"), (BID,)),
    DECISIONS: PhaseSpec(DECISIONS, Text("Решения", "Decisions"), (VOTE,), counts_hold=False),
    ACTIONS: PhaseSpec(ACTIONS, Text("Акции", "Actions"), (ACT, DISGRACE, TROOPS)),
}


class CouncilLike(Ruleset[JSON]):
    name = "council_like"
    title = Text("Совет (тест)", "Council (test)")
    power_keywords: tuple[str, ...] = ()
    min_players = 2
    max_players = len(FAMILIES)
    phases: Mapping[str, PhaseSpec] = PHASES
    catalog = Catalog(
        {
            "council_like.sent": Text("Приказов: {count}", "Orders: {count}"),
            "council_like.name_taken": Text("Имя {name} уже занято.", "The name {name} is taken."),
            "council_like.return": Text(
                "семья {family} ещё в игре: вернуть её игроку можно командой ВЕРНУТЬ",
                "the family {family} is still in the game: RETURN gives it back",
            ),
            "council_like.election_called": Text("Выборы объявлены: {realm}", "Election called: {realm}"),
            "council_like.election": Text("В державе {realm} выборы", "An election in {realm}"),
            "council_like.ruling_cap": Text(
                "у правящей семьи не больше {cap}", "a ruling family has at most {cap}"
            ),
            "council_like.destroyed": Text("семья {family} уничтожена", "the family {family} is destroyed"),
            "council_like.troops": Text(
                "{army} поддерживает семью {family}", "{army} supports the family {family}"
            ),
            "council_like.army_twice": Text(
                "{army} названа дважды: армия поддерживает одну семью",
                "{army} is named twice: an army supports one family",
            ),
            "council_like.draw_ruling": Text(
                "жребий: правящая семья, {realm}", "lot: the ruling family, {realm}"
            ),
            "council_like.draw_realms": Text("жребий: порядок держав", "lot: the order of realms"),
            "council_like.draw_families": Text("жребий: семьи, {realm}", "lot: families of {realm}"),
            "council_like.restart": Text(
                "Вы можете основать новый дом: напишите ведущему.",
                "You may found a new house: write to the GM.",
            ),
        }
    )
    adjustables: Mapping[str, Adjustable] = {INFLUENCE.name: INFLUENCE}
    misses_per: MissesPer = "turn"
    public_views = True  # a family sees the turn and the stage, as every other does
    gm_commands: Sequence[CommandSpec] = (ELECTION,)

    def setup(self, powers: Sequence[str], rng: Rng) -> JSON:
        ruling = {
            realm: rng.choice(
                [f for f in families if f in powers] or families,
                Msg("council_like.draw_ruling", {"realm": realm}),
            )
            for realm, families in REALMS.items()
        }
        return {
            "turn": 1,
            "phase": PLANNING,
            "over": False,
            "powers": list(FAMILIES),
            "ended": [],
            "ruling": ruling,
            "influence": dict.fromkeys(FAMILIES, 0),
            "elections": [],
            "gm_data": DEFAULT_DATA,
        }

    def playable_powers(self, player_count: int) -> list[str]:
        return list(FAMILIES)

    def draw(self, pool: Sequence[str], players: int, rng: Rng) -> list[str]:
        """Each realm's families in lot order, dealt from the realms in turn, so the first
        `players` of them spread evenly; those are then shuffled over the players."""
        realms = rng.shuffled(list(REALMS), Msg("council_like.draw_realms"))
        rows = [
            rng.shuffled([f for f in REALMS[r] if f in pool], Msg("council_like.draw_families", {"realm": r}))
            for r in realms
        ]
        dealt = [family for row in zip_longest(*rows) for family in row if family]
        played = rng.shuffled(dealt[:players], Msg("draw_powers"))
        return [*played, *dealt[players:]]

    def handover(self, state: JSON, power: str, computer: bool) -> JSON:
        return {**state, "handed": {**state.get("handed", {}), power: computer}}

    def vocabularies(self, state: JSON) -> Mapping[str, Vocabulary]:
        return {
            "power": {p: () for p in state["powers"]},
            "choice": {"ЗА": ("YES",), "ПРОТИВ": ("NO",)},
            "realm": {realm: () for realm in REALMS},
            "army": ARMIES,
        }

    def open_commands(self, state: JSON, power: str, phase: str) -> Sequence[CommandSpec]:
        return PHASES[phase].commands

    def summary(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> Sequence[Msg]:
        pairs = [pair for c in commands if c.name == "troops" for pair in c.pairs["troops"]]
        return [Msg("council_like.troops", {"army": army, "family": family}) for army, family in pairs]

    def check(self, state: JSON, power: str, phase: str, commands: Sequence[Command]) -> list[Problem]:
        return [
            Problem(c.line, Msg("council_like.army_twice", {"army": army}))
            for c in commands
            if c.name == "troops"
            for army, times in Counter(army for army, _ in c.pairs["troops"]).items()
            if times > 1
        ]

    def resolve(
        self, state: JSON, phase: str, orders: Mapping[str, Sequence[Command]], rng: Rng
    ) -> Resolution[JSON]:
        stages = list(PHASES)
        last = stages.index(phase) == len(stages) - 1
        disgraced = {str(c.args["family"]) for cs in orders.values() for c in cs if c.name == "disgrace"}
        after = {
            **state,
            "ended": sorted({*state.get("ended", []), *disgraced}),
            "turn": state["turn"] + last,
            "phase": stages[0] if last else stages[stages.index(phase) + 1],
            "elections": [],
        }
        reports = {p: [Msg("council_like.sent", {"count": len(c)})] for p, c in orders.items()}
        elections = {realm: [Msg("council_like.election", {"realm": realm})] for realm in state["elections"]}
        return Resolution(after, reports, [], [], group_news=elections)

    def ai_orders(self, state: JSON, power: str, phase: str) -> list[Command]:
        return []

    def view(self, state: JSON, power: str) -> JSON:
        return {"turn": state["turn"], "phase": state["phase"]}

    def examples(self, state: JSON, power: str, phase: str) -> Mapping[str, str]:
        """A family is shown disgracing another family still in play, never itself."""
        rivals = [f for f in state["powers"] if f != power and f not in state["ended"]]
        return {DISGRACE.name: f"{DISGRACE.keywords[0]} {rivals[0]}"} if rivals else {}

    def groups(self, state: JSON) -> Mapping[str, Sequence[str]]:
        return {
            realm: [f for f in families if f in state["powers"] and f not in state["ended"]]
            for realm, families in REALMS.items()
        }

    def public_view(self, state: JSON) -> JSON:
        influence = state["influence"]
        ranking = sorted(
            (f for f in state["powers"] if f not in state["ended"]), key=lambda f: -influence.get(f, 0)
        )
        return {"ruling": state["ruling"], "influence": [[f, influence.get(f, 0)] for f in ranking]}

    def scores(self, state: JSON) -> dict[str, int]:
        return dict.fromkeys(state["powers"], 0)

    def read(self, state: JSON, power: str, name: str) -> int:
        return int(state["influence"].get(power, 0))

    def adjust(self, state: JSON, power: str, name: str, value: int) -> JSON:
        return {**state, "influence": {**state["influence"], power: value}}

    def limit(self, state: JSON, power: str, name: str, value: int) -> Clamped | Msg | None:
        if power in state["ended"]:
            return Msg("council_like.destroyed", {"family": power})
        if power in state["ruling"].values() and value > RULING_CAP:
            return Clamped(RULING_CAP, Msg("council_like.ruling_cap", {"cap": RULING_CAP}))
        return None

    def apply_gm(self, state: JSON, command: Command, rng: Rng) -> GmApplied[JSON] | Msg:
        realm = str(command.args["realm"])
        said = Msg("council_like.election_called", {"realm": realm})
        return GmApplied({**state, "elections": sorted({*state["elections"], realm})}, said)

    def with_data(self, state: JSON, data: JSON) -> JSON:
        return {**state, "gm_data": {**DEFAULT_DATA, **data}}

    def data_problems(self, state: JSON | None, data: JSON) -> Sequence[Text]:
        return mistakes(Secret, data)

    def forms(self, state: JSON) -> Forms:
        return forms_from(state["gm_data"].get("forms", {}))

    def ended(self, state: JSON) -> set[str]:
        return set(state.get("ended", []))

    def restart_offer(self, state: JSON, power: str) -> Msg | None:
        return Msg("council_like.restart")

    def join(self, state: JSON, name: str, rng: Rng, past: Sequence[str]) -> Joined[JSON] | Msg:
        kept = [power for power in past if power not in state["ended"]]
        if kept:
            return Msg("council_like.return", {"family": kept[-1]})
        if name in state["ended"]:
            return Msg("council_like.name_taken", {"name": name})
        if name in state["powers"]:
            return Joined(state, name)  # a family of the game: the daemon seats the player there
        power = name or f"Дом{len(state['powers']) + 1}"
        return Joined({**state, "powers": [*state["powers"], power]}, power)

    def name_powers(self, state: JSON, names: Mapping[str, str]) -> JSON:
        return {**state, "names": dict(names)}


RULESET: Ruleset[JSON] = CouncilLike()
