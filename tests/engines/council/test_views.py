"""What each reader sees of the war: a family's map is drawn from its `view` alone (its power's
forces, the foreign troops in sight, its power's revolts), the forum's from `public_view` (no troop
at all), the GM's from everything; no family's report tells it where a foreign army moves unseen,
nor who leads a tribal union."""

from __future__ import annotations

import io

from PIL import Image

from daemon.outgoing.forum import DIALECTS
from daemon.outgoing.markup import BBCode
from daemon.outgoing.render import render_one
from engines.contract import GM_VIEWER, PUBLIC_VIEWER
from engines.council import RULESET
from engines.council.pictures import Troop, board, draw, family_board
from engines.council.state import State
from engines.text import BOTH
from tests.engines.council.helpers import FAMILIES, actions, at_war, game, run, said


def _troops(state: State, viewer: str) -> set[Troop]:
    return set(board(state, viewer).troops)


def _world() -> State:
    """Florence's army in Abruzzo (next to Naples and Rome), Venice's flotilla in the Adriatic,
    a revolt in Umbria."""
    state = game()
    state["realms"]["Флоренция"]["armies"]["Армия 1"]["province"] = "Абруццо"
    state["provinces"]["Умбрия"]["revolt"] = True
    return state


def test_a_familys_map_is_drawn_from_its_view_and_nothing_else() -> None:
    state = _world()
    for family in FAMILIES:
        b = board(state, family)
        assert b == family_board(RULESET.view(state, family))
        (picture,) = RULESET.pictures(state, family)
        assert picture.png == draw(b, RULESET.catalog, BOTH)
        with Image.open(io.BytesIO(picture.png)) as image:
            assert image.format == "PNG"


def test_foreign_troops_show_only_in_sight_and_revolts_only_to_their_power() -> None:
    state = _world()
    florence_army = Troop("Флоренция", "Абруццо", 6, False)
    venice_fleet = Troop("Венеция", "Адриатическое море", 2, True)
    assert florence_army in _troops(state, "Карафа")  # Abruzzo is Naples' own province
    assert florence_army in _troops(state, "Орсини")  # it borders Latium
    assert florence_army not in _troops(state, "Висконти")  # Milan is far away
    assert venice_fleet in _troops(state, "Орсини")  # Ancona lies on the Adriatic
    assert venice_fleet not in _troops(state, "Медичи")
    assert board(state, "Орсини").revolts == ("Умбрия",)
    assert board(state, "Медичи").revolts == ()
    seen = RULESET.view(state, "Висконти")["seen"]
    assert [a["realm"] for a in seen["armies"]] == ["Венеция"] and seen[
        "flotillas"
    ] == []  # Veneto borders Milan


def test_the_public_map_shows_no_troop_and_the_gms_shows_every_one() -> None:
    state = _world()
    public = board(state, PUBLIC_VIEWER)
    assert public.troops == () and public.revolts == ()
    everyone = board(state, GM_VIEWER)
    assert len(everyone.troops) == sum(
        len(r["armies"]) + len(r["flotillas"]) for r in state["realms"].values()
    )
    assert everyone.revolts == ("Умбрия",)
    pictures = {
        viewer: RULESET.pictures(state, viewer)[0].png for viewer in (GM_VIEWER, PUBLIC_VIEWER, "Медичи")
    }
    assert len(set(pictures.values())) == 3


def test_no_report_tells_a_family_of_a_foreign_army_moving_out_of_its_sight() -> None:
    state = at_war(actions(game()), "Флоренция", "Рим")
    result = run(state, {"Строцци": ["ПОХОД Армия 1 Пиза"]})  # Tuscany to Pisa, within Florence
    assert result.state["realms"]["Флоренция"]["armies"]["Армия 1"]["province"] == "Пиза"
    for family in FAMILIES:
        realm = state["families"][family]["realm"]
        heard = said(result.reports[family]) + said(result.group_news.get(realm, ())) + said(result.news)
        assert realm == "Флоренция" or not any("Пиз" in line for line in heard), family


def test_a_tribal_unions_leader_is_in_no_view_but_its_own() -> None:
    state = RULESET.with_data(game(), {"tribal_unions": {"Сарды": "Пацци"}})
    assert RULESET.view(state, "Пацци")["tribes"] == [{"name": "Сарды", "warriors": 3, "lands": ["Сардиния"]}]
    for family in FAMILIES:
        if family != "Пацци":
            assert RULESET.view(state, family)["tribes"] == []
            assert "Пацци" not in str(RULESET.view(state, family)["tribes"])
    assert "tribal" not in str(RULESET.public_view(state))


def _rendered(state: State, template: str, family: str = "") -> str:
    view = RULESET.view(state, family) if family else RULESET.public_view(state)
    context = {"view": view, "forms": RULESET.catalog.forms, "markup": BBCode(DIALECTS["phpbb"])}
    return render_one(f"council/{template}", "ru", context)


def test_the_auctions_winners_are_one_line_a_kind_and_the_powers_once_a_turn() -> None:
    """The trial's reports and forum posts listed «• Дипломат: Савелли» eight times, and the block
    of all five powers at every stage."""
    bids = {f: ["СТАВКА Дипломат 3"] for f in ("Орсини", "Медичи", "Дандоло")}
    planned = run(game(), {**bids, "Висконти": ["КУПИТЬ ЭСКАДРЫ 2 6"]}).state
    for text in (_rendered(planned, "status", "Медичи"), _rendered(planned, "public")):
        assert "Дипломаты (3): Орсини, Медичи, Дандоло" in text and "Дипломат:" not in text
        assert "Эскадры (2): Висконти (2)" in text
        assert text.count("Неаполь: монархия, свобода 35") == 1
    decided = run(planned).state
    for text in (_rendered(decided, "status", "Медичи"), _rendered(decided, "public")):
        assert "Дипломаты" not in text and "Неаполь: монархия" not in text
    assert "Неаполь: монархия" in _rendered(game(), "status", "Медичи")  # the role mail's
