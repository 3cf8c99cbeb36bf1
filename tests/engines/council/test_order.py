"""The GM's order of the actions stage (8.6): powers in an order drawn by lot, then each kind of
action in the list's order, within a kind power by power and in a power its families by status,
then by what they paid at the auctions (a tie by lot); conditions as they stood when the stage
began, but sea and land battles change the world as they go, so a sea won earlier in the stage
carries an army later. The GM's log lists every action in the order resolved, with its outcome."""

from __future__ import annotations

from engines.council import RULESET
from engines.council.state import State
from engines.rng import Rng
from engines.text import Msg
from tests.engines.council.helpers import actions, at_war, game, log, parsed, run, told

SARDINIA = "ПОСЛАТЬ ДИПЛОМАТА Сардиния"


def _resolve(state: State, mails: dict[str, list[str]], seed: str = "order") -> tuple[list[str], State, Rng]:
    rng = Rng(seed)
    orders = {family: parsed(state, family, *lines) for family, lines in mails.items()}
    result = RULESET.resolve(state, state["phase"], orders, rng)
    return [RULESET.catalog.render(m, "ru") for m in result.gm_log], result.state, rng


def test_the_powers_order_is_a_logged_lot_and_the_first_power_takes_a_contested_province() -> None:
    state = actions(game(), Медичи="diplomats", Караччоло="diplomats")
    mails = {"Медичи": [SARDINIA], "Караччоло": [SARDINIA]}
    winners = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        lines, after, rng = _resolve(state, mails, seed)
        (draw,) = [d for d in rng.log if d.purpose.code == "council_draw_action_powers"]
        order = [str(power) for power in draw.values]
        assert f"Порядок держав на стадии акций: {', '.join(order)}." in lines
        first = min(("Флоренция", "Неаполь"), key=order.index)
        assert after["provinces"]["Сардиния"]["sphere"] == first
        late = "Караччоло" if first == "Флоренция" else "Медичи"
        whose = "Флоренции" if first == "Флоренция" else "Неаполя"
        assert f"Дипломат опоздал: Сардиния уже в сфере влияния {whose}." in lines
        assert after["families"][late]["rights"] == ["diplomats"]  # a failed action keeps its right
        winners.add(first)
    assert winners == {"Флоренция", "Неаполь"}  # the lot, not the data's order, decides


def test_within_a_power_the_ruling_family_first_then_the_bigger_spender_ties_by_lot() -> None:
    state = actions(game(), Медичи="diplomats", Строцци="diplomats", Пацци="diplomats")
    state["families"]["Строцци"]["auction_spent"] = 5
    state["families"]["Пацци"]["auction_spent"] = 9
    mails = {"Строцци": [SARDINIA], "Пацци": [SARDINIA], "Медичи": [SARDINIA]}
    lines, after, _ = _resolve(state, mails)
    actions_logged = [line for line in lines if ": ПОСЛАТЬ ДИПЛОМАТА" in line]
    assert [line.split(", ")[1].split(":")[0] for line in actions_logged] == ["Медичи", "Пацци", "Строцци"]
    assert after["provinces"]["Сардиния"]["sphere"] == "Флоренция"
    state["families"]["Строцци"]["auction_spent"] = 9
    _, _, rng = _resolve(state, mails)
    assert [d.purpose for d in rng.log] == [Msg("council_draw_action_families", {"realm": "Флоренция"})]


def test_the_kinds_go_in_the_lists_order_whatever_the_powers_order() -> None:
    """A colony comes after trading posts and diplomats; prestige after the diplomats; the fleet
    before the marches."""
    state = actions(game(), Медичи=["colonists"], Караччоло=["trading_post"], Дандоло=["diplomats"])
    mails = {
        "Медичи": ["ОСНОВАТЬ КОЛОНИЮ Корсика"],
        "Караччоло": ["ОТКРЫТЬ ФАКТОРИЮ Сардиния"],
        "Дандоло": ["ПОВЫСИТЬ ПРЕСТИЖ"],
    }
    for seed in ("a", "b", "c"):
        lines, _, _ = _resolve(state, mails, seed)
        done = [line.split(": ", 1)[1] for line in lines if line[:1].isdigit()]
        assert done == ["ОТКРЫТЬ ФАКТОРИЮ Сардиния", "ПОВЫСИТЬ ПРЕСТИЖ", "ОСНОВАТЬ КОЛОНИЮ Корсика"]


def _naples_at_war_with_venice() -> State:
    """Naples' strong flotilla in the Ionian Sea and its army in Apulia, Venice's flotilla in the
    Adriatic between them and Dalmatia: no die can turn either battle."""
    state = at_war(actions(game()), "Неаполь", "Венеция")
    naples = state["realms"]["Неаполь"]
    naples["flotillas"]["Флотилия 1"] = {"sea": "Ионическое море", "squadrons": 9}
    naples["armies"]["Армия 1"]["province"] = "Апулия"
    naples["armies"]["Армия 1"]["units"]["regulars"] = 10
    return state


def test_a_sea_won_earlier_in_the_stage_carries_an_army_later() -> None:
    state = _naples_at_war_with_venice()
    march = "ПОХОД Армия 1 Адриатическое море, Далмация"
    mails = {"Сансеверино": [march], "Караччоло": ["ФЛОТ Флотилия 1 Адриатическое море"]}
    result = run(state, mails)
    after = result.state
    assert after["realms"]["Неаполь"]["flotillas"]["Флотилия 1"]["sea"] == "Адриатическое море"
    assert "Флотилия 1" not in after["realms"]["Венеция"]["flotillas"] or (
        after["realms"]["Венеция"]["flotillas"]["Флотилия 1"]["sea"] != "Адриатическое море"
    )
    assert after["realms"]["Неаполь"]["armies"]["Армия 1"]["province"] == "Далмация"
    assert after["provinces"]["Далмация"]["occupied"] == "Неаполь"
    lines = log(result)
    fleet = next(i for i, line in enumerate(lines) if "Караччоло: ФЛОТ" in line)
    land = next(i for i, line in enumerate(lines) if "Сансеверино: ПОХОД" in line)
    assert fleet < land
    news = [RULESET.catalog.render(m, "ru") for m in result.news]
    assert any(line.startswith("Морской бой в Адриатическом море: флот Неаполя") for line in news)
    assert "Войска Неаполя заняли Далмацию." in news


def test_without_the_sea_the_army_stays_on_the_coast() -> None:
    state = _naples_at_war_with_venice()
    result = run(state, {"Сансеверино": ["ПОХОД Армия 1 Адриатическое море, Далмация"]})
    assert result.state["realms"]["Неаполь"]["armies"]["Армия 1"]["province"] == "Апулия"
    assert "Адриатическое море не под контролем державы: Армия 1 дальше Апулии не прошла." in told(
        result, "Сансеверино"
    )
    assert "Адриатическое море не под контролем державы: Армия 1 дальше Апулии не прошла." in log(result)
