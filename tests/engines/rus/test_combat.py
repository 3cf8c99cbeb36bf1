"""Combat (5.2–5.5): the rulebook's worked battles, the loss split, and the combat table's rules."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.rus.combat import Contingent, Ground, Loss, Side, fight, points, split
from engines.rus.data import DATA
from engines.rus.table import TABLE, Band, Table, lookup

RYAZAN, CHERNIGOV, ALLY = "Рязань", "Чернигов", "Тверь"
ARCHERS, SPEARMEN, CAVALRY, NONE = "Лучники", "Копейщики", "Конница", "Без тактики"
FOREST, FIELD, PLAIN = "Охота", "Хлебопашество", "Собирательство"  # PLAIN: neither forest nor field


def ryazan(tactic: str = "") -> Side:
    return Side((Contingent(RYAZAN, druzhina=10, militia=5),), tactic)


def chernigov(tactic: str = "") -> Side:
    return Side((Contingent(CHERNIGOV, druzhina=7, militia=12),), tactic)


def army(druzhina: int, tactic: str, militia: int = 0) -> Side:
    return Side((Contingent(RYAZAN, druzhina, militia),), tactic)


# ---- the rulebook's battles ---------------------------------------------------------------------


def test_mtsensk_without_modifiers_15_against_19() -> None:
    """5.2: 10п+5о attack 7п+12о; defender wins, 7 and 5 dead, militia first."""
    result = fight(ryazan(), chernigov(), Ground(PLAIN))
    assert (result.attack.value, result.defence.value) == (15, 19)
    assert result.attack.formula == "10 + 5 = 15"
    assert (result.cell.attack_range, result.cell.defence_range) == ("13–15", "17–20")
    assert not result.attacker_wins
    assert (result.cell.attack_loss, result.cell.defence_loss) == (7, 5)
    assert result.attack_losses == (Loss(RYAZAN, druzhina=2, militia=5, spared=0),)  # 8п left
    assert result.defence_losses == (Loss(CHERNIGOV, druzhina=0, militia=5, spared=0),)  # 7п+7о left


def test_mtsensk_archers_against_spearmen_17_against_19() -> None:
    """5.3: «Лучники» +25% on the druzhina only: 17,5 → 17; still the defender's, now 7 and 7 dead."""
    result = fight(ryazan(ARCHERS), chernigov(SPEARMEN), Ground(PLAIN))
    assert result.attack.value == 17
    assert result.attack.formula == "10 × 5/4 + 5 = 17.5 → 17"
    assert result.defence.value == 19  # spearmen beat only cavalry
    assert result.cell.attack_range != lookup(15, 19).attack_range
    assert not result.attacker_wins
    assert (result.cell.attack_loss, result.cell.defence_loss) == (7, 7)
    assert result.attack_losses == (Loss(RYAZAN, druzhina=2, militia=5, spared=0),)
    assert result.defence_losses == (Loss(CHERNIGOV, druzhina=0, militia=7, spared=0),)


def test_archers_across_a_river_into_a_forest_with_a_fortress() -> None:
    """5.4: «Атака через реку», «Лучники в лесу», «Штурм крепости 1 уровня» all at once."""
    ground = Ground(FOREST, river=True, fortress=1)
    result = fight(ryazan(ARCHERS), chernigov(SPEARMEN), ground)
    assert result.attack.value == 11
    assert result.attack.formula == "(10 × 5/4 + 5) × 1/2 × 13/10 = 11.375 → 11"
    assert result.defence.value == 28
    assert result.defence.formula == "(7 + 12) × 3/2 = 28.5 → 28"
    assert not result.attacker_wins


def test_joint_army_shares_losses_and_the_odd_man_goes_to_the_ally() -> None:
    """5.5: 10п+10о commander with a 5п+5о ally lose 5: the ally 3 (о), the commander 2 (о)."""
    side = Side((Contingent(RYAZAN, 10, 10), Contingent(ALLY, 5, 5)))
    assert split(5, side) == (Loss(RYAZAN, 0, 2, 0), Loss(ALLY, 0, 3, 0))


def test_joint_army_armour_counts_for_its_own_country_only() -> None:
    """5.5: the commander has leather armour: he loses 1 (о), the ally still 3 (о)."""
    leather = DATA.tech("Кожаные доспехи").armour
    side = Side((Contingent(RYAZAN, 10, 10, armour=leather), Contingent(ALLY, 5, 5)))
    assert split(5, side) == (Loss(RYAZAN, 0, 1, 1), Loss(ALLY, 0, 3, 0))


# ---- tactics and ground -------------------------------------------------------------------------


def test_cavalry_is_half_again_against_archers_and_double_that_in_the_field() -> None:
    assert points(army(10, CAVALRY), ARCHERS, Ground(PLAIN), attacking=True).value == 15
    in_field = points(army(10, CAVALRY), ARCHERS, Ground(FIELD), attacking=True)
    assert in_field.value == 30 and in_field.formula == "(10 × 3/2 + 0) × 2 = 30"
    assert points(army(10, CAVALRY), SPEARMEN, Ground(FIELD), attacking=False).value == 20


def test_the_tactic_helps_the_druzhina_only() -> None:
    assert points(army(10, CAVALRY, militia=4), ARCHERS, Ground(PLAIN), attacking=True).value == 19


def test_spearmen_beat_cavalry_but_nothing_else() -> None:
    assert points(army(10, SPEARMEN), CAVALRY, Ground(PLAIN), attacking=True).value == 12  # 12.5
    assert points(army(10, SPEARMEN), ARCHERS, Ground(PLAIN), attacking=True).value == 10
    assert points(army(10, SPEARMEN), NONE, Ground(PLAIN), attacking=True).value == 10


def test_no_tactic_gains_nothing_and_fears_nothing() -> None:
    for mine in ("", NONE):
        for theirs in ("", NONE, CAVALRY, ARCHERS, SPEARMEN):
            assert points(army(10, mine), theirs, Ground(FIELD), attacking=True).value == 10


def test_river_hurts_only_attackers_and_the_fortress_helps_only_defenders() -> None:
    ground = Ground(PLAIN, river=True, fortress=3)
    assert points(army(10, ""), "", ground, attacking=True).formula == "(10 + 0) × 1/2 = 5"
    assert points(army(10, ""), "", ground, attacking=False).formula == "(10 + 0) × 3 = 30"


def test_forest_helps_archers_on_both_sides_and_not_elsewhere() -> None:
    assert points(army(10, ARCHERS), "", Ground(FOREST), attacking=False).value == 13
    assert points(army(10, ARCHERS), "", Ground(FIELD), attacking=True).value == 10
    assert points(army(10, CAVALRY), "", Ground(FOREST), attacking=True).value == 10


def test_fight_uses_each_sides_tactic_against_the_others() -> None:
    result = fight(army(10, SPEARMEN), Side((Contingent(CHERNIGOV, 10, 0),), CAVALRY), Ground(FIELD))
    assert (result.attack.value, result.defence.value) == (12, 20)


# ---- the loss split -----------------------------------------------------------------------------


def test_a_contingent_cannot_lose_more_than_it_has_and_the_rest_passes_on() -> None:
    side = Side((Contingent(RYAZAN, 10, 0), Contingent(ALLY, 1, 0), Contingent(CHERNIGOV, 0, 2)))
    assert split(9, side) == (Loss(RYAZAN, 6, 0, 0), Loss(ALLY, 1, 0, 0), Loss(CHERNIGOV, 0, 2, 0))


def test_what_one_cannot_pay_is_shared_equally_by_the_others() -> None:
    side = Side((Contingent(RYAZAN, 10, 0), Contingent(ALLY, 10, 0), Contingent(CHERNIGOV, 0, 1)))
    assert split(9, side) == (Loss(RYAZAN, 4, 0, 0), Loss(ALLY, 4, 0, 0), Loss(CHERNIGOV, 0, 1, 0))
    assert split(10, side)[:2] == (Loss(RYAZAN, 4, 0, 0), Loss(ALLY, 5, 0, 0))


def test_losses_beyond_the_army_kill_everyone_and_no_more() -> None:
    side = Side((Contingent(RYAZAN, 3, 2), Contingent(ALLY, 1, 1)))
    assert split(100, side) == (Loss(RYAZAN, 3, 2, 0), Loss(ALLY, 1, 1, 0))


def test_armour_spares_druzhina_first_and_never_below_zero() -> None:
    side = Side((Contingent(RYAZAN, 10, 2, armour=3),))
    assert split(6, side) == (Loss(RYAZAN, druzhina=1, militia=2, spared=3),)
    assert split(2, side) == (Loss(RYAZAN, druzhina=0, militia=0, spared=2),)
    assert split(0, side) == (Loss(RYAZAN, 0, 0, 0),)


contingents = st.lists(
    st.builds(
        Contingent,
        power=st.sampled_from([RYAZAN, CHERNIGOV, ALLY]),
        druzhina=st.integers(0, 30),
        militia=st.integers(0, 30),
        armour=st.integers(0, 3),
    ),
    min_size=1,
    max_size=4,
).map(tuple)


@given(contingents, st.integers(0, 200))
def test_split_invariants(troops: tuple[Contingent, ...], total: int) -> None:
    side = Side(troops)
    losses = split(total, side)
    bare = split(total, Side(tuple(Contingent(c.power, c.druzhina, c.militia) for c in troops)))
    assert len(losses) == len(troops)
    assert sum(x.druzhina + x.militia + x.spared for x in losses) == min(total, sum(c.men for c in troops))
    for loss, before, c in zip(losses, bare, troops, strict=True):
        assert 0 <= loss.militia <= c.militia and 0 <= loss.druzhina <= c.druzhina
        assert before.druzhina == 0 or before.militia == c.militia  # militia die first
        assert loss.spared == min(c.armour, before.druzhina + before.militia)
        assert loss.druzhina <= before.druzhina and loss.militia <= before.militia  # armour only helps
    shares = [x.druzhina + x.militia + x.spared for x in losses]
    room = [i for i, c in enumerate(troops) if shares[i] < c.men]
    assert all(abs(shares[i] - shares[j]) <= 1 for i in room for j in room)  # equal while men last
    assert all(shares[0] <= shares[i] for i in room)  # the commander never takes the odd man first


# ---- the combat table ---------------------------------------------------------------------------


def cells() -> list[tuple[Band, Band, Any]]:
    return [
        (column, row, TABLE.cells[r][c])
        for r, row in enumerate(TABLE.defences)
        for c, column in enumerate(TABLE.columns)
    ]


def test_the_rulebooks_cells() -> None:
    first, second = lookup(15, 19), lookup(17, 19)
    assert (first.attack_range, first.defence_range) == ("13–15", "17–20")
    assert (first.attacker_wins, first.attack_loss, first.defence_loss) == (False, 7, 5)
    assert (second.attacker_wins, second.attack_loss, second.defence_loss) == (False, 7, 7)


@pytest.mark.parametrize("axis", [TABLE.columns, TABLE.defences])
def test_axes_start_at_zero_are_contiguous_and_end_open(axis: tuple[Band, ...]) -> None:
    assert axis[0].low == 0 and axis[0].high == 0
    for before, after in pairwise(axis):
        assert before.high is not None and after.low == before.high + 1
    assert axis[-1].high is None


def test_threefold_superiority_always_wins() -> None:
    for column, row, cell in cells():
        if row.high is not None and column.low >= 3 * row.high:
            assert cell.attacker_wins, (column.label, row.label)


def test_a_beaten_defender_loses_more_than_the_attacker() -> None:
    for column, row, cell in cells():
        if cell.attacker_wins and row.low > 0:
            assert cell.defence_loss > cell.attack_loss, (column.label, row.label)


def test_a_stronger_attack_never_does_worse_in_a_row() -> None:
    for row in TABLE.cells:
        for weaker, stronger in pairwise(row):
            assert stronger.attacker_wins or not weaker.attacker_wins, weaker
            assert stronger.defence_loss >= weaker.defence_loss, weaker


def test_a_stronger_defence_never_does_worse_in_a_column() -> None:
    for weaker_row, stronger_row in pairwise(TABLE.cells):
        for weaker, stronger in zip(weaker_row, stronger_row, strict=True):
            assert weaker.attacker_wins or not stronger.attacker_wins, weaker
            assert stronger.attack_loss >= weaker.attack_loss, weaker


def test_an_empty_defence_always_falls_and_nobody_dies() -> None:
    for cell in TABLE.cells[0]:
        assert cell.attacker_wins and (cell.attack_loss, cell.defence_loss) == (0, 0)


def test_an_attack_worth_nothing_always_fails_and_kills_nobody() -> None:
    for row in TABLE.cells[1:]:
        assert not row[0].attacker_wins and row[0].defence_loss == 0


def test_lookup_finds_the_open_ranges_and_refuses_negative_points() -> None:
    huge = lookup(10_000, 10_000)
    assert huge.attack_range == TABLE.columns[-1].label and huge.defence_range == TABLE.defences[-1].label
    with pytest.raises(ValueError):
        lookup(-1, 5)


# ---- the table file's shape is checked at import ------------------------------------------------

GOOD: dict[str, Any] = {
    "columns": ["0", "1–2", "3+"],
    "rows": [
        {"defence": "0", "cells": ["A 0/0", "A 0/0", "A 0/0"]},
        {"defence": "1+", "cells": ["D 1/0", "D 1/1", "A 1/2"]},
    ],
}


def test_a_well_formed_table_loads() -> None:
    table = Table.model_validate(GOOD)
    assert [b.label for b in table.columns] == ["0", "1–2", "3+"]
    assert table.cells[1][2].attacker_wins and table.cells[1][2].defence_loss == 2


@pytest.mark.parametrize(
    "change",
    [
        {"columns": ["1–2", "3–4", "5+"]},  # does not start at 0
        {"columns": ["0", "2–3", "4+"]},  # a gap
        {"columns": ["0", "1–2", "3–4"]},  # not open at the end
        {"columns": ["0", "1+", "3+"]},  # open in the middle
        {"columns": ["0", "2–1", "3+"]},  # backwards
        {"columns": ["0", "one", "3+"]},  # not a range
        {"rows": [{"defence": "0", "cells": ["A 0/0", "A 0/0"]}, GOOD["rows"][1]]},  # a cell short
        {"rows": [{"defence": "0", "cells": ["A 0/0", "W 0/0", "A 0/0"]}, GOOD["rows"][1]]},
        {"rows": [{"defence": "0", "cells": ["A 0/0", "A 0", "A 0/0"]}, GOOD["rows"][1]]},
    ],
)
def test_a_malformed_table_fails_loudly(change: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Table.model_validate({**GOOD, **change})
