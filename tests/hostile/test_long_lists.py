"""One order line listing a name thousands of times: its cost and its reply stay bounded.

A «Русь» march whose path named a misspelt province 3,000 times (a 49 KB mail) once took 1.78 GB
and got a 293 MB reply: every bad item was its own error, each quoting the whole line, and valid
items cost the square of their number. Now a line is read no further than an order can be long
(`ORDER_WORDS`), no item past a list's `max_items` is looked at, a reply quotes each line once and
at most an excerpt of it, and a message quotes at most an excerpt of the player's words. Work is
counted (calls, guesses, bytes), never timed.
"""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec
from engines.rus.data import DATA
from engines.text import Text
from parsers.names import Phrases
from parsers.orders import ORDER_WORDS, parse_commands
from tests.daemon.harness import PLAYERS, Harness, body, flat
from tests.hostile.test_quadratic import calls, growth

ANNA = PLAYERS[0]
KB = 1024

CELLS = {"Рязань": ("Ryazan",), "Старая Рязань": (), "Пронск": (), "Великий Новгород": ("Новгород",)}


def phase(most: int) -> PhaseSpec:
    path = Arg("path", ArgKind.NAME_LIST, "cells", max_items=most)
    roam = CommandSpec("roam", ("БРОДИТЬ",), (path,), Text("бродить", "roam"), "БРОДИТЬ Рязань, Пронск")
    return PhaseSpec("orders", Text("Приказы", "Orders"), (roam,))


UNBOUNDED = phase(10**6)  # no rule bounds the list: what bounds the reading is the line's length
ITEMS = {
    "valid, commas": "Рязань, ",
    "valid, spaces": "Пронск ",
    "two words, no comma": "Великий Новгород ",
    "misspelt, commas": "Рязн, ",
    "misspelt, spaces": "Прнск ",
    "glued by hyphens": "Рязань-Пронск ",
    "arrows": "Рязань → ",
    "quoted": "«Старая Рязань», ",
    "glued by commas": "Рязань,",
}


def read_line(line: str) -> object:
    return parse_commands([(1, line)], UNBOUNDED, {"cells": CELLS})


@pytest.mark.parametrize("name", ITEMS)
def test_a_line_is_read_no_further_than_an_order_can_be_long(name: str) -> None:
    """Four times the items past the limit cost nothing more: only the first words are read."""
    assert growth(read_line, lambda n: "БРОДИТЬ " + ITEMS[name] * n, 2_000) <= 1.5
    problems = parse_commands([(1, "БРОДИТЬ " + ITEMS[name] * 2_000)], UNBOUNDED, {"cells": CELLS}).problems
    assert [(p.msg.code, p.msg.params) for p in problems] == [("too_many_words", {"most": ORDER_WORDS})]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(sorted(ITEMS.values())), min_size=1, max_size=4))
def test_within_the_limit_a_list_costs_its_length(unit: list[str]) -> None:
    """Up to the words an order may have, the reading grows with the items, never their square."""
    pattern = "".join(unit)
    words = len(re.split(r"[\s,→-]+", pattern.strip(" ,→-")))
    assert growth(read_line, lambda n: "БРОДИТЬ " + pattern * n, ORDER_WORDS // (4 * words)) <= 5


def test_no_item_past_the_limit_is_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five misspelt items or 150: four guesses, and the refusal says how many may be given."""
    guesses: list[object] = []
    closest = Phrases.closest

    def counted(self: Phrases[object], *args: Any, **kwargs: Any) -> Any:
        guesses.append(args)
        return closest(self, *args, **kwargs)

    monkeypatch.setattr(Phrases, "closest", counted)
    bounded = phase(4)
    for count in (5, 150):
        guesses.clear()
        parsed = parse_commands([(1, "БРОДИТЬ " + "Рязн, " * count)], bounded, {"cells": CELLS})
        assert [problem.msg.code for problem in parsed.problems] == ["too_many_items", *["unknown_item"] * 4]
        assert parsed.problems[0].msg.params == {"arg": "path", "max": 4}
        assert len(guesses) == 4
    assert calls(lambda: read_line("БРОДИТЬ Рязн")) > 0


def rus_game(tmp_path: Path) -> tuple[Harness, str]:
    h = Harness(tmp_path, ruleset="rus", game="rus-t", language="ru")
    h.start()
    h.mail_to(ANNA)
    return h, DATA.power(h.powers[ANNA]).capital


def test_a_march_naming_a_misspelt_province_3000_times_costs_little_and_gets_a_short_reply(
    tmp_path: Path,
) -> None:
    h, home = rus_game(tmp_path)
    h.send(ANNA, h.orders(ANNA, f"ПОХОД {home} 10 0 Рязн"))
    h.run()  # the game's tables and caches, made once
    h.mail_to(ANNA)
    raw = h.send(ANNA, h.orders(ANNA, f"ПОХОД {home} 10 0 " + ", ".join(["Рязн"] * 3000)))
    assert len(raw) > 32 * KB
    tracemalloc.start()
    try:
        h.run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    (reply,) = h.mail_to(ANNA)
    text = body(reply)
    assert len(reply.as_bytes()) < 8 * KB, len(reply.as_bytes())
    assert text.count("ПОХОД") == 1 and text.count("Рязн") < 20  # the line quoted once, in part
    assert f"В строке больше {ORDER_WORDS} слов — таких длинных приказов не бывает" in flat(text)
    assert peak < 20 * len(raw), peak  # the mail and a few copies of it: nothing grows with the items


def test_a_march_one_province_too_long_says_how_many_may_be_given(tmp_path: Path) -> None:
    h, home = rus_game(tmp_path)
    most = DATA.war.cavalry_march + 1
    h.send(ANNA, h.orders(ANNA, f"ПОХОД {home} 10 0 " + ", ".join(["Мценск"] * (most + 1))))
    h.run()
    (reply,) = h.mail_to(ANNA)
    assert f"путь похода: можно указать не больше {most} названий." in body(reply)


def test_a_mail_of_500_long_garbage_lines_gets_a_reply_of_bounded_size(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.start()
    h.mail_to(ANNA)
    garbage = [f"ВЛАЖИТЬ {'Армия' * 400} {n}" for n in range(249)]
    prose = [f"Здравствуйте, {'ведущий ' * 250}" for _ in range(250)]
    h.send(ANNA, h.orders(ANNA, "ВЛОЖИТЬ Армия 1", *garbage, *prose))
    h.run()
    (reply,) = h.mail_to(ANNA)
    text = body(reply)
    assert len(reply.as_bytes()) < 64 * KB, len(reply.as_bytes())
    assert "…и ещё 199 строк: их покажем, когда исправите эти." in text
    assert "…и ещё 230 строк." in text
    assert "ВЛОЖИТЬ Армия 1" in text  # the good order is kept and shown


def test_a_reply_counts_the_lines_refused_not_the_names_refused_in_them(tmp_path: Path) -> None:
    """400 marches, each with more misspelt provinces than a march may have: every bad name is
    its own refusal, and the subject said «2000 строк не приняты»; it counts lines."""
    h, home = rus_game(tmp_path)
    march = f"ПОХОД {home} 10 0 " + ", ".join(["Рязн"] * (DATA.war.cavalry_march + 2))
    h.send(ANNA, h.orders(ANNA, *[march] * 400))
    h.run()
    (reply,) = h.mail_to(ANNA)
    assert "Ход 1: 400 строк не приняты" in str(reply["Subject"])
    text = flat(body(reply))
    assert "Не приняты 400 строк:" in text
    shown = len(set(re.findall(r"Строка (\d+)", text)))
    assert f"…и ещё {400 - shown} строк: их покажем, когда исправите эти." in text
    assert h.game.store.readiness(1, "orders")[h.powers[ANNA]].refused_count == 400
