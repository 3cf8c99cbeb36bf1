"""Arguments marked by their prepositions (`roles` in a ruleset's phrasing: «из» the start, «в» the
goal, «через» the way): the roles win over the order the player gave them in, so «Атакую Рим из
Вены» goes from Вена to Рим, though Рим comes first and the schema's first argument is the start."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.phrasing import CommandPhrasing, Phrasing
from engines.russian import inflect
from engines.text import Text
from parsers.orders import parse_commands

CITIES: Vocabulary = {"Рим": (), "Вена": (), "Париж": (), "Милан": ()}
MARCH = CommandSpec(
    "march",
    ("ИДТИ",),
    (
        Arg("start", ArgKind.NAME, "city"),
        Arg("goal", ArgKind.NAME, "city"),
        Arg("way", ArgKind.NAME, "city", optional=True),
    ),
    Text("идти", "march"),
    "ИДТИ Вена Рим",
)
WORDING = CommandPhrasing(
    says=("атаковать", "наступать"), roles={"start": ("из", "от"), "goal": ("на", "в"), "way": ("через",)}
)
PHASE = PhaseSpec(
    "orders", Text("Приказы", "Orders"), (MARCH,), phrasing=Phrasing(commands={"march": WORDING})
)
MARKED = {"start": ("из", "род"), "goal": ("на", "вин"), "way": ("через", "вин")}


def read(line: str) -> dict[str, int | str]:
    parsed = parse_commands([(1, line)], PHASE, {"city": CITIES})
    assert parsed.problems == [], (line, parsed.problems)
    (command,) = parsed.commands
    return dict(command.args)


def test_a_name_after_no_preposition_takes_the_argument_the_other_names_leave() -> None:
    assert read("Атакую Рим из Вены") == {"start": "Вена", "goal": "Рим"}
    assert read("Атакую из Вены Рим") == {"start": "Вена", "goal": "Рим"}
    assert read("Атакую Вену на Рим") == {"start": "Вена", "goal": "Рим"}
    assert read("ИДТИ Вена Рим") == {"start": "Вена", "goal": "Рим"}  # the schema's order, as before


@given(
    st.permutations(sorted(CITIES))
    .map(lambda cities: dict(zip(MARKED, cities[:3], strict=True)))
    .flatmap(lambda given: st.tuples(st.just(given), st.permutations(list(given)))),
    st.sets(st.sampled_from(list(MARKED)), max_size=1),
)
def test_marked_arguments_read_the_same_in_any_order(
    case: tuple[dict[str, str], list[str]], bare: set[str]
) -> None:
    """Every argument after its preposition, in any order; one of them may stand bare: the roles of
    the others leave it only its own."""
    cities, order = case
    words = [
        inflect(cities[arg], "им")
        if arg in bare
        else f"{MARKED[arg][0]} {inflect(cities[arg], MARKED[arg][1])}"
        for arg in order
    ]
    assert read("Наступаю " + " ".join(words)) == cities


def test_every_order_of_two_marked_names_and_a_bare_one_is_tried() -> None:
    """The three orders a bare name may stand in among two marked ones, spelt out."""
    for bare in itertools.permutations(["Рим", "из Вены", "через Милан"]):
        assert read("Атакую " + " ".join(bare)) == {"start": "Вена", "goal": "Рим", "way": "Милан"}
