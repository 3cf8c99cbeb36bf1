"""The technology tree and decisions as a data language: each kind of mistake named with its key, in
both languages (unknown technologies and options in conditions, circles of prerequisites, effects
on parameters that do not exist, a city no path reaches), and the shipped default tree, which
plays from the stone age to the city."""

from __future__ import annotations

from typing import Any

import pytest

from engines.tribes import secret, tree
from tests.engines.tribes.helpers import scripted

CITY = {"name": "Город", "en": "City", "needs": {"eco": 50, "after": ["Огонь"]}, "effects": {"city": True}}


def said(data: dict[str, Any]) -> list[str]:
    return [text.ru for text in secret.problems(data)]


def with_techs(*techs: dict[str, Any], **more: Any) -> dict[str, Any]:
    data = scripted()
    data["techs"] = list(techs)
    data.update(more)
    return data


FIRE = {"name": "Огонь", "en": "Fire", "needs": {"eco": 3}}
RITE = {
    "name": "Обряд",
    "en": "Rite",
    "options": [{"name": "Тотем", "en": "Totem"}, {"name": "Предки", "en": "Ancestors"}],
}


@pytest.mark.parametrize(
    ("techs", "more", "mistake"),
    [
        (
            [FIRE, {**CITY, "needs": {"after": ["Огон"]}}],
            {},
            "techs.1.needs.after.0: «Огон» — нет такой технологии",
        ),
        (
            [FIRE, {**CITY, "needs": {"decided": ["Тотемы"]}}],
            {"decisions": [RITE]},
            "techs.1.needs.decided.0: «Тотемы» — нет такого варианта решения",
        ),
        (
            [{**FIRE, "needs": {"after": ["Город"]}}, CITY],
            {},
            "techs.0.needs: условия идут по кругу: «Огонь» → «Город» → «Огонь»",
        ),
        (
            [{**FIRE, "effects": {"population": 3}}, CITY],
            {},
            "techs.0.effects.population: такого ключа нет (3)",
        ),
        (
            [{**FIRE, "effects": {"numbers": {"hunters": {"speed": 1}}}}, CITY],
            {},
            "techs.0.effects.numbers.hunters.speed: такого ключа нет (1)",
        ),
        (
            [{**FIRE, "effects": {"commands": ["trade"]}}, CITY],
            {},
            "techs.0.effects.commands.0: допустимо одно из",
        ),
        (
            [FIRE, {**CITY, "needs": {"after": ["Огонь"], "strata": ["farmers"]}}],
            {},
            "techs.1: к «Город» не ведёт ни один путь: недостижимо farmers",
        ),
        (
            [FIRE, {**CITY, "needs": {"at": ["desert"]}}],
            {},
            "techs.1: к «Город» не ведёт ни один путь: недостижимо desert",
        ),
        ([FIRE], {}, "techs: ни одна технология не основывает город (effects.city): игра не кончится"),
        (
            [FIRE, CITY],
            {"decisions": [{**RITE, "options": [{"name": "Тотем", "en": "Totem", "effects": {"mood": 1}}]}]},
            "decisions.0.options: слишком короткий список: нужно не меньше 2",
        ),
    ],
)
def test_each_mistake_of_the_tree_is_named_with_its_key(
    techs: list[dict[str, Any]], more: dict[str, Any], mistake: str
) -> None:
    found = said(with_techs(*techs, **more))
    assert any(line.startswith(mistake) for line in found), found


def test_a_circle_through_a_decision_is_found_too() -> None:
    rite = {**RITE, "needs": {"after": ["Город"]}}
    found = said(with_techs(FIRE, {**CITY, "needs": {"decided": ["Тотем"]}}, decisions=[rite]))
    assert found == ["techs.1.needs: условия идут по кругу: «Город» → «Обряд» → «Город»"]


def test_the_default_tree_leads_from_the_stone_age_to_the_city() -> None:
    model = secret.GmData.model_validate(secret.default_data())
    techs, options = tree.reachable(model, secret.map_places(model.map.rows))
    assert {t.name for t in model.techs} == techs  # every technology can be discovered
    assert {o.name for d in model.decisions for o in d.options} == options
    assert [t.name for t in model.techs if t.effects.city] == ["Город"]
    opened = {c for t in model.techs for c in t.effects.commands}
    assert opened == {"war", "raid", "exchange", "gift", "annex", "faith"}
    assert model.decisions[0].needs.after == ("Анимизм",) and model.decisions[0].permanent  # religion
