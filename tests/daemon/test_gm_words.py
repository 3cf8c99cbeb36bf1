"""GM commands read a power's name in any case, as player orders do, and a number of hours with
its unit word («ПРОДЛИТЬ 24 часа»)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from daemon.gm.schema import HOUR_WORDS, MOST_HOURS, unit_dropped
from engines.russian import inflect
from tests.daemon.harness import GM, Harness, flat, texts


def test_gm_commands_read_a_declined_power_name_by_mail_and_command_line(tmp_path: Path) -> None:
    h = Harness(tmp_path, ruleset="mare", language="ru")
    h.start()
    power = "Пуны"  # the dictionary does not decline it: «Пунов» is the game's own form
    assert power in h.powers.values()
    forms = h.game.forms_for(h.game.load().state)
    accusative, genitive = inflect(power, "вин", forms), inflect(power, "род", forms)
    assert accusative == genitive == "Пунов"
    done = h.gm(f"ИЗГНАТЬ {accusative} грубость")
    assert done.exit_code == 0, done.text
    assert h.game.load().players[power].status == "ai"
    h.gm_mail(f"ВЕРНУТЬ {genitive.lower()}")
    h.run()
    (reply,) = [t for t in texts(h, GM) if "ответ на команды ведущего" in t]
    assert f"ВЕРНУТЬ {power} —" in flat(reply) and "Такого значения нет" not in reply
    assert h.game.load().players[power].status == "active"


def test_hours_may_be_written_with_their_unit(tmp_path: Path) -> None:
    h = Harness(tmp_path, language="ru")
    h.start()
    texts(h, GM)
    h.gm_mail("ПРОДЛИТЬ 24 часа", "РИТМ 12 часов Переговоры", "ПРОДЛИТЬ 1 час")
    h.run()
    (reply,) = texts(h, GM)
    said = flat(reply)
    assert "ПРОДЛИТЬ 24 — срок продлён на 24 часа, теперь до 5 марта, 12:00 МСК" in said
    assert "ПРОДЛИТЬ 1 — срок продлён на 1 час" in said
    assert "РИТМ 12 Переговоры —" in said and "Лишние слова" not in said
    record = h.game.load()
    assert record.deadline == "2026-03-05T10:00:00+00:00"
    assert record.durations["talks"] == 12 * 3600
    assert h.gm("ПРОДЛИТЬ 2 часов").exit_code == 0
    assert h.gm("РИТМ 48 Приказы").exit_code == 0
    refused = h.gm("ПРОДЛИТЬ 2 дня")
    assert refused.exit_code == 2
    assert refused.text == ["Лишние слова в конце команды: «дня». Может быть, «ПРОДЛИТЬ 2»?"]


@given(
    hours=st.integers(min_value=1, max_value=MOST_HOURS),
    unit=st.sampled_from(sorted(HOUR_WORDS)),
    keyword=st.sampled_from(["ПРОДЛИТЬ", "продлить", "EXTEND", "РИТМ", "cadence"]),
    case=st.sampled_from([str.lower, str.upper, str.capitalize]),
    tail=st.sampled_from(["", " Переговоры", " talks"]),
)
def test_the_unit_word_after_the_hours_is_dropped_and_nothing_else(
    hours: int, unit: str, keyword: str, case: Callable[[str], str], tail: str
) -> None:
    assert unit_dropped(f"{keyword} {hours} {case(unit)}{tail}") == f"{keyword} {hours}{tail}"
    assert unit_dropped(f"{keyword} {hours}{tail}") == f"{keyword} {hours}{tail}"
    assert unit_dropped(f"ОТКАТ {hours} {unit}{tail}") == f"ОТКАТ {hours} {unit}{tail}"
