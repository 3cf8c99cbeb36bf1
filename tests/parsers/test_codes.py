"""CODE arguments: one word of an alphabet's characters (a move code, "223" of the digits 1–8),
read whole or refused with its own message: the first foreign character, or the length."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec
from engines.text import Catalog, Text
from parsers.orders import normal_form, parse_commands, parser_catalog

DIGITS = "12345678"
MOST = 20
MOVE = CommandSpec(
    "move",
    ("ИДТИ", "MOVE"),
    (
        Arg("community", ArgKind.INT, minimum=1, maximum=9),
        Arg("code", ArgKind.CODE, alphabet=DIGITS, max_items=MOST),
    ),
    Text("идти", "move"),
    "ИДТИ 1 223",
)
PHASE = PhaseSpec("orders", Text("Приказы", "Orders"), (MOVE,))
codes = st.text(alphabet=DIGITS, min_size=1, max_size=MOST)
CATALOG = parser_catalog().merged(Catalog({"arg.code": Text("код хода", "move code")}))


def read(line: str) -> tuple[str, str]:
    """The code read, or the refusal's code and its Russian sentence."""
    parsed = parse_commands([(1, line)], PHASE, {})
    if parsed.commands:
        return str(parsed.commands[0].args["code"]), ""
    (problem,) = parsed.problems
    return problem.msg.code, CATALOG.render(problem.msg, "ru")


@given(codes)
def test_every_code_of_the_digits_reads_as_written_and_is_quoted_back_so(code: str) -> None:
    parsed = parse_commands([(1, f"ИДТИ 2 {code}")], PHASE, {})
    (command,) = parsed.commands
    assert command.args == {"community": 2, "code": code}
    assert normal_form(command, PHASE) == f"ИДТИ 2 {code}"


@given(codes, st.integers(min_value=0, max_value=MOST), st.sampled_from("09a-ж"))
def test_a_foreign_character_anywhere_is_refused_naming_it(code: str, at: int, bad: str) -> None:
    written = code[:at] + bad + code[at:]
    found, said = read(f"ИДТИ 1 {written}")
    assert found == "code_bad_character"
    assert f"знак «{bad}» не годится, можно только 1–8" in said


@given(st.text(alphabet=DIGITS, min_size=MOST + 1, max_size=3 * MOST))
def test_a_longer_code_is_refused_with_its_length(code: str) -> None:
    found, said = read(f"ИДТИ 1 {code}")
    assert found == "code_too_long"
    assert said.endswith(f"а можно не больше {MOST}.")


def test_a_bad_character_is_told_before_the_length_and_glued_punctuation_is_no_character() -> None:
    assert read("ИДТИ 1 223,")[0] == "223"
    assert read(f"ИДТИ 1 {'9' * 40}")[0] == "code_bad_character"
    assert read("ИДТИ 1 2-2-3")[1] == "код хода: в «2-2-3» знак «-» не годится, можно только 1–8."


def test_a_huge_word_costs_one_pass_and_is_quoted_short() -> None:
    found, said = read("ИДТИ 1 " + "1" * 100_000)
    assert found == "code_too_long" and len(said) < 200
