"""PAIR_LIST arguments: pairs of names to the end of the line ("Армия1 Медичи, Армия2 Сфорца"),
each half checked and guessed in its own vocabulary, each bad pair named by its number."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.contract import Arg, ArgKind, Command, CommandSpec, PhaseSpec, Vocabulary
from engines.text import Text
from parsers.orders import normal_form, parse_commands, parser_catalog

SUPPORT = CommandSpec(
    "support",
    ("ПОДДЕРЖКА", "SUPPORT"),
    (Arg("support", ArgKind.PAIR_LIST, "army", min_items=2, max_items=3, second_vocabulary="family"),),
    Text("какая армия поддерживает какую семью", "which army supports which family"),
    "ПОДДЕРЖКА Армия1 Медичи, Армия2 Сфорца",
)
PHASE = PhaseSpec("actions", Text("Акции", "Actions"), (SUPPORT,))
ARMIES: dict[str, tuple[str, ...]] = {
    "Армия1": ("Army1",),
    "Армия2": ("Army2",),
    "Армия3": ("Army3",),
    "Железный Легион": ("Iron Legion",),
}
# no family followed by an army's first word is another family, so pairs need no comma between
# them; a comma always ends one
FAMILIES: dict[str, tuple[str, ...]] = {
    "Медичи": ("Medici",),
    "Сфорца": ("Sforza",),
    "Дом Строцци": ("Строцци", "Strozzi"),
    "Орсини": (),
}
VOCABULARIES: dict[str, Vocabulary] = {"army": ARMIES, "family": FAMILIES}
Found = tuple[list[Command], list[tuple[str, dict[str, str | int | float], str]]]


def parse(line: str, vocabularies: Mapping[str, Vocabulary] = VOCABULARIES) -> Found:
    parsed = parse_commands([(1, line)], PHASE, vocabularies)
    return parsed.commands, [(p.msg.code, dict(p.msg.params), p.suggestion) for p in parsed.problems]


def support(*pairs: tuple[str, str]) -> Command:
    return Command("support", {}, 1, {}, {"support": pairs})


SECOND = {"choices_ru": "ещё одного названия", "choices_en": "a second name"}  # of four families


def problem(
    code: str, item: int, word: str, guess: str = "", **more: str
) -> tuple[str, dict[str, str | int | float], str]:
    return code, {"arg": "support", "item": item, "word": word, **more}, guess


@pytest.mark.parametrize(
    ("line", "pairs"),
    [
        ("ПОДДЕРЖКА Армия1 Медичи, Армия2 Сфорца", (("Армия1", "Медичи"), ("Армия2", "Сфорца"))),
        (
            "support iron legion strozzi,army3 MEDICI",
            (("Железный Легион", "Дом Строцци"), ("Армия3", "Медичи")),
        ),
        (
            "ПОДДЕРЖКА «Железный Легион» «Дом Строцци», Армия1 Орсини",
            (("Железный Легион", "Дом Строцци"), ("Армия1", "Орсини")),
        ),
        ("ПОДДЕРЖКА Армия1 «Медичи», Армия2 Сфорца", (("Армия1", "Медичи"), ("Армия2", "Сфорца"))),
        ("ПОДДЕРЖКА Армия1 Медичи Армия2 Сфорца # без запятой", (("Армия1", "Медичи"), ("Армия2", "Сфорца"))),
    ],
)
def test_pairs_read_to_canonical_names(line: str, pairs: tuple[tuple[str, str], ...]) -> None:
    assert parse(line) == ([support(*pairs)], [])


def test_a_wrong_half_is_named_by_its_pair_and_half_with_a_guess_from_its_own_vocabulary() -> None:
    assert parse("ПОДДЕРЖКА Армия1 Сфорца, Армия2 Медичы")[1] == [
        problem("unknown_pair_second", 2, "Медичы", "Медичи", first="Армия2")
    ]
    assert parse("ПОДДЕРЖКА Армя1 Медичи, Армия2 Сфорца, Армия3 Сфрца")[1] == [
        problem("unknown_pair_first", 1, "Армя1", "Армия1"),
        problem("unknown_pair_second", 3, "Сфрца", "Сфорца", first="Армия3"),
    ]
    refusal = parse_commands([(1, "ПОДДЕРЖКА Армия1 Сфорца, Армия2 Медичы")], PHASE, VOCABULARIES).problems[0]
    assert parser_catalog().render(refusal.msg, "ru") == "После «Армия2» не подходит «Медичы» (support)."
    assert parser_catalog().render(refusal.msg, "en") == "“Медичы” does not fit after “Армия2” (support)."


@pytest.mark.parametrize(
    ("line", "item", "word"),
    [
        ("ПОДДЕРЖКА Армия1, Армия2 Сфорца", 1, "Армия1"),
        ("ПОДДЕРЖКА Армия1 Медичи, Армия2", 2, "Армия2"),
        ("ПОДДЕРЖКА Армия1 Армия2 Сфорца", 1, "Армия1"),
    ],
)
def test_a_pair_without_its_second_half_is_refused_and_the_next_pair_still_read(
    line: str, item: int, word: str
) -> None:
    assert parse(line)[1] == [problem("pair_missing_second", item, word, **SECOND)]


@pytest.mark.parametrize(
    ("line", "pairs"),
    [
        ("ПОДДЕРЖКА Армия1, Армия2 Сфорца", (("Армия1", "Орсини"), ("Армия2", "Сфорца"))),
        ("ПОДДЕРЖКА Армия1 Медичи, Армия2", (("Армия1", "Медичи"), ("Армия2", "Орсини"))),
        ("ПОДДЕРЖКА Армия1 Армия2 Сфорца", (("Армия1", "Орсини"), ("Армия2", "Сфорца"))),
    ],
)
def test_a_pair_without_its_second_half_stands_with_the_arguments_default(
    line: str, pairs: tuple[tuple[str, str], ...]
) -> None:
    """Council's project 3: an army named without a family is left without a commander."""
    arg = replace(SUPPORT.args[0], second_default="Орсини")
    phase = replace(PHASE, commands=(replace(SUPPORT, args=(arg,)),))
    read = parse_commands([(1, line)], phase, VOCABULARIES)
    assert (read.commands, read.problems) == ([support(*pairs)], [])
    assert normal_form(read.commands[0], phase) == f"ПОДДЕРЖКА {', '.join(' '.join(p) for p in pairs)}"


def test_the_count_of_pairs_is_bounded() -> None:
    assert parse("ПОДДЕРЖКА Армия1 Медичи")[1] == [
        ("too_few_pairs", {"arg": "support", "count": 1, "min": 2}, "")
    ]
    four = "ПОДДЕРЖКА Армия1 Медичи, Армия2 Сфорца, Армия3 Орсини, Железный Легион Строцци"
    assert parse(four)[1] == [("too_many_pairs", {"arg": "support", "max": 3}, "")]
    assert parse("ПОДДЕРЖКА")[1][0][0] == "missing_argument"


def test_a_guess_names_only_what_the_power_knows() -> None:
    known = {"army": ARMIES, "family": {k: v for k, v in FAMILIES.items() if k != "Медичи"}}
    assert parse("ПОДДЕРЖКА Армия1 Сфорца, Армия2 Медичы", known)[1] == [
        problem("unknown_pair_second", 2, "Медичы", first="Армия2")
    ]
    assert parse("ПОДДЕРЖКА Армия1 Сфорца, Армия2 Медичи", known)[1] == [
        problem("unknown_pair_second", 2, "Медичи", first="Армия2")
    ]


def test_the_normal_form_writes_pairs_comma_separated_and_a_command_stores_them() -> None:
    command = support(("Железный Легион", "Дом Строцци"), ("Армия1", "Медичи"))
    assert normal_form(command, PHASE) == "ПОДДЕРЖКА Железный Легион Дом Строцци, Армия1 Медичи"
    assert Command.from_json(command.to_json()) == command
    assert "pairs" not in Command("support", {"n": 1}).to_json()  # stores written before stay the same


# --- properties ----------------------------------------------------------------------------------

CASES: list[Callable[[str], str]] = [str, str.upper, str.lower, str.title]
pairs_lists = st.lists(
    st.tuples(st.sampled_from(sorted(ARMIES)), st.sampled_from(sorted(FAMILIES))), min_size=2, max_size=3
)
separators = st.sampled_from([", ", ",", " , ", ",   ", " ", "  "])


def spelt(name: str, vocabulary: dict[str, tuple[str, ...]], data: st.DataObject) -> str:
    """`name` as a player might write it: an alias, any case, any spaces, maybe quoted."""
    written = data.draw(st.sampled_from([name, *vocabulary[name]]))
    written = data.draw(st.sampled_from(CASES))(written).replace(" ", data.draw(st.sampled_from([" ", "  "])))
    return data.draw(st.sampled_from([written, f"«{written}»"]))


def written_line(pairs: list[tuple[str, str]], data: st.DataObject) -> str:
    items = [f"{spelt(army, ARMIES, data)} {spelt(family, FAMILIES, data)}" for army, family in pairs]
    return "ПОДДЕРЖКА " + items[0] + "".join(data.draw(separators) + item for item in items[1:])


@given(pairs_lists, st.data())
def test_any_valid_pairs_read_back_through_their_normal_form(
    pairs: list[tuple[str, str]], data: st.DataObject
) -> None:
    expected: Found = ([support(*pairs)], [])
    commands, problems = parse(written_line(pairs, data))
    assert (commands, problems) == expected
    assert parse(normal_form(commands[0], PHASE)) == expected


@given(pairs_lists, st.data())
def test_one_misspelt_name_refuses_its_pair_by_number_and_half(
    pairs: list[tuple[str, str]], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(pairs) - 1))
    half = data.draw(st.integers(0, 1))
    name = pairs[index][half]
    cut = data.draw(st.integers(1, len(name) - 1).filter(lambda i: name[i] != " " and name[i - 1] != " "))
    typo = name[:cut] + name[cut + 1 :]
    items = [
        (typo if i == index and half == 0 else a, typo if i == index and half == 1 else f)
        for i, (a, f) in enumerate(pairs)
    ]
    commands, problems = parse("ПОДДЕРЖКА " + ", ".join(f"{a} {f}" for a, f in items))
    assert commands == []
    [(code, params, guess)] = problems
    assert (code, params["item"]) == (("unknown_pair_first", "unknown_pair_second")[half], index + 1)
    assert guess in ("", *(ARMIES, FAMILIES)[half])


@given(
    st.text(max_size=60),
    st.lists(st.one_of(st.sampled_from([*ARMIES, *FAMILIES]), separators, st.text(max_size=6)), max_size=10),
)
def test_never_raises(tail: str, words: list[str]) -> None:
    for line in ("ПОДДЕРЖКА " + tail, "ПОДДЕРЖКА " + " ".join(words)):
        parse_commands([(1, line)], PHASE, VOCABULARIES)
