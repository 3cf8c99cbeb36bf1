"""The header as players write it, by mail: any game's word for a power (ДЕРЖАВА, НАРОД, ПЛЕМЯ,
ГОСУДАРСТВО) and the power's name in the case the phrase puts it in («страна Волыни»)."""

from __future__ import annotations

from pathlib import Path

import pytest

from daemon.outgoing.views import order_blank, power_word
from engines import get_ruleset
from engines.russian import inflect
from parsers.header import split_header
from tests.daemon.harness import PLAYERS, Harness, texts

ANNA = PLAYERS[0]


@pytest.mark.parametrize(
    ("ruleset", "word", "case"),
    [
        ("rus", "СТРАНА", "род"),  # «страна Волыни»
        ("rus", "Княжество:", "им"),
        ("mare", "НАРОД", "им"),
        ("mare", "ПЛЕМЯ", "род"),
        ("coins", "ДЕРЖАВА", "твор"),
        ("coins", "Государство", "им"),
    ],
)
def test_a_power_named_by_any_games_word_and_in_any_case_routes_the_mail(
    tmp_path: Path, ruleset: str, word: str, case: str
) -> None:
    h = Harness(tmp_path, ruleset=ruleset, game=f"{ruleset}-1", language="ru")
    h.start()
    power = h.powers[ANNA]
    name = inflect(power, case, get_ruleset(ruleset).catalog.forms)
    h.send(
        ANNA,
        "\n".join([f"ИГРА {ruleset}-1", f"{word} {name}", f"ПАРОЛЬ {h.passwords[ANNA]}", "НЕТ ДЕЙСТВИЙ"]),
    )
    h.run()
    (reply,) = texts(h, ANNA)
    assert f"\n{h.game.ruleset.power_title.ru}: {power}\n" in reply and "Принято: НЕТ ДЕЙСТВИЙ" in reply, (
        reply
    )
    stored = h.game.store.orders(1, h.game.load().phase)[power]
    assert stored.explicit_pass


def test_a_family_under_its_realm_routes_the_mail(tmp_path: Path) -> None:
    """«ДЕРЖАВА Милан» above «СЕМЬЯ Висконти»: the realm the family is in, not a second power."""
    h = Harness(tmp_path, ruleset="council", game="council-1", language="ru")
    h.start()
    family = h.powers[ANNA]
    realm = h.game.load().state["families"][family]["realm"]
    lines = [
        "ИГРА council-1",
        f"ДЕРЖАВА {realm}",
        f"СЕМЬЯ {family}",
        f"ПАРОЛЬ {h.passwords[ANNA]}",
        "НЕТ ДЕЙСТВИЙ",
    ]
    h.send(ANNA, "\n".join(lines))
    h.run()
    (reply,) = texts(h, ANNA)
    assert f"\nСемья: {family}\n" in reply and "Принято: НЕТ ДЕЙСТВИЙ" in reply, reply


@pytest.mark.parametrize(
    ("ruleset", "word"),
    [("coins", "СТРАНА"), ("mare", "НАРОД"), ("rus", "КНЯЖЕСТВО"), ("council", "СЕМЬЯ"), ("tribes", "ПЛЕМЯ")],
)
def test_the_blank_names_the_power_by_the_games_own_word_and_reads_back(ruleset: str, word: str) -> None:
    rules = get_ruleset(ruleset)
    assert power_word(rules) == word
    blank = order_blank("g-1", "Дом", 3, [], "ru", "пароль", word)
    header = split_header(list(enumerate(blank.splitlines(), 1)), "", rules.power_keywords).header
    assert (header.game, header.power, header.password, header.turn) == ("g-1", "Дом", "пароль", 3)
