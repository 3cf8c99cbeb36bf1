"""Section 5.2–5.5: combat points, the combat table and who loses which men. Pure: no game state.

The war module decides who fights where; this module only answers "how strong is each side, who won,
and how many of whose men died". Every rule number comes from data.toml (through DATA) or from the
combat table (table.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import floor

from engines.rus.data import DATA
from engines.rus.table import Cell, lookup


@dataclass(frozen=True)
class Contingent:
    """One country's troops in a battle."""

    power: str
    druzhina: int
    militia: int
    armour: int = 0  # its best armour technology's reduction of losses (0–3)

    @property
    def men(self) -> int:
        return self.druzhina + self.militia


@dataclass(frozen=True)
class Side:
    contingents: tuple[Contingent, ...]  # the commander's (or the province holder's) first
    tactic: str = ""  # the commander's tactic; "" or "Без тактики": none


@dataclass(frozen=True)
class Ground:
    spec: str  # the battle province's specialisation (forest / field modifiers)
    river: bool = False  # the attackers crossed a river border into it without Shipbuilding
    fortress: int = 0  # fortress level that helps the defenders (0 if none or not theirs)


@dataclass(frozen=True)
class Points:
    value: int  # rounded down
    formula: str  # language-neutral, e.g. "(10 × 5/4 + 5) × 1/2 × 13/10 = 11.375 → 11"


@dataclass(frozen=True)
class Loss:
    """What one contingent lost."""

    power: str
    druzhina: int
    militia: int
    spared: int  # men its armour saved


@dataclass(frozen=True)
class Outcome:
    attack: Points
    defence: Points
    cell: Cell
    attack_losses: tuple[Loss, ...]  # one per contingent, same order as the Side
    defence_losses: tuple[Loss, ...]

    @property
    def attacker_wins(self) -> bool:
        return self.cell.attacker_wins


# ---- combat points ------------------------------------------------------------------------------


def _percent(percent: int) -> Fraction:
    return 1 + Fraction(percent, 100)


def _tactic_bonus(tactic: str, enemy_tactic: str) -> Fraction:
    """M(тактика): only a tactic that beats the enemy's helps, and only the druzhina (5.3)."""
    if not tactic:
        return Fraction(1)
    mine = DATA.tactic(tactic)
    return _percent(mine.percent) if mine.beats and mine.beats == enemy_tactic else Fraction(1)


def _modifiers(side: Side, ground: Ground, attacking: bool) -> list[Fraction]:
    """The ground's modifiers on the whole army (5.4), in the rulebook formula's order."""
    war, found = DATA.war, []
    if attacking and ground.river:
        found.append(_percent(war.river_percent))
    if ground.spec == war.forest_spec and side.tactic == war.forest_tactic:
        found.append(_percent(war.forest_percent))
    if ground.spec in war.field_specs and side.tactic == war.field_tactic:
        found.append(_percent(war.field_percent))
    if not attacking and ground.fortress > 0:
        found.append(_percent(war.fortress_percent[ground.fortress - 1]))
    return found


def _show(number: Fraction) -> str:
    """A fraction as the players read it: an integer, else "5/4" for a factor."""
    return str(number.numerator) if number.denominator == 1 else f"{number.numerator}/{number.denominator}"


def _decimal(number: Fraction) -> str:
    """An exact value as a decimal when it has one (percent factors always do), else as a fraction."""
    den, twos, fives = number.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1:
        return _show(number)
    places = max(twos, fives)
    scaled = number * 10**places
    whole, part = divmod(scaled.numerator, 10**places)
    return f"{whole}.{part:0{places}d}"


def points(side: Side, enemy_tactic: str, ground: Ground, attacking: bool) -> Points:
    """БО = [ВС(п) × M(тактика) + ВС(о)] × m(река) × m(лес) × m(поле) × m(крепость), exact, floored once.

    The river counts only for attackers and the fortress only for defenders (5.4).
    """
    druzhina = sum(c.druzhina for c in side.contingents)
    militia = sum(c.militia for c in side.contingents)
    bonus = _tactic_bonus(side.tactic, enemy_tactic)
    exact = druzhina * bonus + militia
    base = f"{druzhina} × {_show(bonus)} + {militia}" if bonus != 1 else f"{druzhina} + {militia}"
    factors = _modifiers(side, ground, attacking)
    for factor in factors:
        exact *= factor
    shown = f"({base})" + "".join(f" × {_show(f)}" for f in factors) if factors else base
    value = floor(exact)
    result = f"{value}" if exact == value else f"{_decimal(exact)} → {value}"
    return Points(value, f"{shown} = {result}")


# ---- losses -------------------------------------------------------------------------------------


def _allot(total: int, men: list[int]) -> list[int]:
    """How many each contingent loses before armour: «условным делением потерь поровну» (5.5).

    Equal shares, none above what a contingent has: what it cannot pay is shared among those who
    still have men. «Если потери не делятся поровну, большая часть потерь относится на войска
    союзника/вассала»: the odd men go to the allies in order and to the commander (index 0) last.
    """
    lost = [0] * len(men)
    left = min(total, sum(men))
    while left > 0:
        takers = [i for i, n in enumerate(men) if lost[i] < n]
        level = min(left // len(takers), *(men[i] - lost[i] for i in takers))
        if level == 0:  # fewer dead left than contingents that still have men
            for i in sorted(takers, key=lambda i: i == 0)[:left]:
                lost[i] += 1
            break
        for i in takers:
            lost[i] += level
        left -= level * len(takers)
    return lost


def _loss(contingent: Contingent, lost: int) -> Loss:
    """Militia die first (5.2), then the druzhina; then armour spares men, druzhina first.

    Armour (7: leather, mail, plate) saves `armour` of this contingent's dead; we let it save
    druzhina before militia, since the professional warriors are the ones who wear it.
    """
    militia = min(lost, contingent.militia)
    druzhina = lost - militia
    spared = min(contingent.armour, lost)
    spared_druzhina = min(spared, druzhina)
    return Loss(
        power=contingent.power,
        druzhina=druzhina - spared_druzhina,
        militia=militia - (spared - spared_druzhina),
        spared=spared,
    )


def split(total: int, side: Side) -> tuple[Loss, ...]:
    """The table's loss for a side shared among its contingents (5.5), one Loss per contingent."""
    if total < 0:
        raise ValueError(f"losses cannot be negative: {total}")
    lost = _allot(total, [c.men for c in side.contingents])
    return tuple(_loss(c, n) for c, n in zip(side.contingents, lost, strict=True))


def fight(attack: Side, defence: Side, ground: Ground) -> Outcome:
    """One battle: both sides' points (each tactic against the other's), the cell, the dead."""
    attack_points = points(attack, defence.tactic, ground, attacking=True)
    defence_points = points(defence, attack.tactic, ground, attacking=False)
    cell = lookup(attack_points.value, defence_points.value)
    return Outcome(
        attack=attack_points,
        defence=defence_points,
        cell=cell,
        attack_losses=split(cell.attack_loss, attack),
        defence_losses=split(cell.defence_loss, defence),
    )
