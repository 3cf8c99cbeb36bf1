"""Signing up as the players' trial wrote it: the keyword in any case, after a greeting on the same
line, with a full stop or a colon before the name. A mail to a game in signup that is no signup
is told how to sign up; one from a player signed up already, that the game has not begun."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.incoming.signup import signup_words
from parsers.header import split_header
from parsers.signup import read_signup
from tests.daemon.harness import body, flat
from tests.daemon.trials import TrialHarness

GLEB = "gleb@player.local"


@pytest.fixture
def h(tmp_path: Path) -> Iterator[TrialHarness]:
    harness = TrialHarness(tmp_path, started=(), unsent=("c-signup-gleb3",))
    harness.game_id = "council-1"
    yield harness
    harness.daemon.close()


def signed_up(h: TrialHarness) -> dict[str, str]:
    return {s.address: s.name for s in h.game.load().signups}


@pytest.mark.parametrize(
    ("mail", "name"),
    [
        ("c-signup-gleb", "Глеб"),  # «Привет, хочу играть. ЗАПИСЫВАЮСЬ Глеб»
        ("c-signup-gleb2", "Глеб Орлов"),  # «Записываюсь. Глеб Орлов»
        ("c-signup-gleb3", "Глеб Орлов"),  # «Записываюсь: Глеб Орлов»
    ],
)
def test_a_signup_as_the_trial_wrote_it_is_read(h: TrialHarness, mail: str, name: str) -> None:
    h.deliver(mail)
    (reply,) = h.mail_to(GLEB)
    assert reply["Subject"] == "[council-1] Запись на игру"
    assert body(reply).startswith(f"{name}, здравствуйте.\nВы записаны на игру «Держава и семьи")
    assert signed_up(h)[GLEB] == name


def test_orders_to_a_game_in_signup_are_told_how_to_sign_up(h: TrialHarness) -> None:
    h.deliver("c4-gleb-stale")
    (reply,) = h.mail_to(GLEB)
    assert reply["Subject"] == "[council-1] Идёт запись на игру: как записаться"
    text = body(reply)
    assert "Игра council-1 ещё не началась, идёт запись игроков." in flat(text)
    assert "Чтобы записаться, пришлите письмо с темой [council-1] и строкой:\nЗАПИСЫВАЮСЬ <ваше имя>" in text
    assert GLEB not in signed_up(h)


def test_a_player_signed_up_already_is_told_to_wait_for_the_start(h: TrialHarness) -> None:
    h.deliver("c-signup-gleb3")
    h.mail_to(GLEB)
    h.deliver("c4-gleb-stale")
    (reply,) = h.mail_to(GLEB)
    text = flat(body(reply))
    assert body(reply).startswith("Глеб Орлов, здравствуйте.\n")
    assert "Вы уже записаны на эту игру" in text and "ЗАПИСЫВАЮСЬ" not in text


GREETINGS = st.sampled_from(["", "Привет!", "Привет, хочу играть.", "Здравствуйте.", "Добрый день!"])
CASES = st.sampled_from([str.upper, str.lower, str.capitalize])
SEPARATORS = st.sampled_from([" ", ": ", ". ", " - ", " — ", ", "])
NAMES = st.sampled_from(["Глеб", "Глеб Орлов", "И. Петров", "Dark Lord"])


@given(GREETINGS, CASES, SEPARATORS, NAMES)
def test_a_signup_sentence_gives_the_name_however_it_is_written(
    greeting: str, case: Callable[[str], str], separator: str, name: str
) -> None:
    line = f"{greeting} {case('записываюсь')}{separator}{name}".strip()
    text = split_header([(1, line)], "[council-1]")
    words = signup_words(text, [(1, line)])
    assert words is not None and read_signup(words, None).name == name


@given(st.sampled_from(["Я записываюсь на следующую игру", "Не записываюсь", "Перезаписываюсь: Глеб"]))
def test_the_keyword_inside_a_sentence_signs_nobody_up(line: str) -> None:
    assert signup_words(split_header([(1, line)], "[council-1]"), [(1, line)]) is None
