"""The one mail phase and its command schema (what the generic order parser reads), and the
vocabularies NAME arguments take. Examples use names from the data, so they always parse."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.phrasing import load_phrasing
from engines.ruledata import Named
from engines.rus.data import DATA
from engines.rus.state import State
from engines.rus.world import ORDERS
from engines.text import Text, number
from engines.toolkit import power_vocabulary, vocabulary_of

A, W, D, B, P = DATA.army, DATA.war, DATA.diplomacy, DATA.buildings, DATA.production

# Words of peace orders (not rules, so not in data.toml): `name` is what the code compares.
WHITE, VICTORY, DEFEAT = "Белый", "Победа", "Поражение"
TERMS = (
    Named(name=WHITE, en="White", aliases=("Белый мир", "Без условий", "WHITE PEACE")),
    Named(name=VICTORY, en="Victory", aliases=("Победитель", "WIN")),
    Named(name=DEFEAT, en="Defeat", aliases=("Побеждённый", "Побежденный", "LOSS")),
)
VASSAL, CESSION, ANNEX = "Вассалитет", "Уступки", "Аннексия"
OUTCOMES = (
    Named(name=VASSAL, en="Vassal", aliases=("Вассал", "VASSALAGE")),
    Named(name=CESSION, en="Cession", aliases=("Уступка", "Территории", "CEDE")),
    Named(name=ANNEX, en="Annex", aliases=("Присоединение", "ANNEXATION")),
)


def _name(name: str, vocabulary: str, optional: bool = False) -> Arg:
    return Arg(name, ArgKind.NAME, vocabulary=vocabulary, optional=optional)


def _provinces(name: str, optional: bool = False, most: int = len(DATA.provinces)) -> Arg:
    """Provinces in order to the end of the line, each checked alone; commas, spaces, «-», «→»
    or «;» between them; no more than the map has, unless the rule allows fewer."""
    return Arg(name, ArgKind.NAME_LIST, vocabulary="province", optional=optional, max_items=most)


def _int(name: str, minimum: int, maximum: int | None = None) -> Arg:
    return Arg(name, ArgKind.INT, minimum=minimum, maximum=maximum)


_D = "\u00a0Д"  # money after its amount, never parted from it
_EN_D = "\u00a0d"  # the same in English text (the role mail explains it)


def _n(value: int) -> str:
    """A rule's number in a help text, typeset: «−150», not «-150»."""
    return number(value, "ru")


def _spec(
    name: str, keywords: tuple[str, ...], args: tuple[Arg, ...], ru: str, en: str, example: str
) -> CommandSpec:
    return CommandSpec(name, keywords, args, Text(ru, en), example)


_PROVINCE = _name("province", "province")
_POWER = _name("power", "power")
_AMOUNT = _int("amount", 1)
_FORCES = (_PROVINCE, _int("druzhina", 0), _int("militia", 0))
_CRAFT = DATA.craft("Скорняжная мастерская")
_VASSALS_NEEDED = (
    (
        f" и у одного из княжеств {DATA.victory.vassals_to_end} и более вассалов.",
        f" and a principality has {DATA.victory.vassals_to_end} or more vassals.",
    )
    if DATA.victory.vassals_end == "required"
    else (".", ".")
)

COMMANDS = (
    _spec(
        "specialise",
        ("СПЕЦИАЛИЗАЦИЯ", "ХОЗЯЙСТВО", "SPECIALISE", "SPECIALIZE"),
        (_PROVINCE, _name("spec", "spec")),
        f"Хозяйство провинции (рыболовство — только у воды); менять не чаще раза в {P.change_every} ходов.",
        f"A province's economy (fishing only on water); change it at most once in {P.change_every} turns.",
        "СПЕЦИАЛИЗАЦИЯ Рязань Рыболовство",
    ),
    _spec(
        "recruit",
        ("ДРУЖИНА", "НАНЯТЬ", "RECRUIT", "HIRE"),
        (_int("count", 1),),
        f"Набрать дружину: {A.druzhina_price}\u00a0Д за 1\u00a0ВС (п).",
        f"Hire druzhina: {A.druzhina_price}{_EN_D} per 1\u00a0MS.",
        "ДРУЖИНА 2",
    ),
    _spec(
        "dismiss",
        ("РАСПУСТИТЬ ДРУЖИНУ", "DISMISS"),
        (_int("count", 1),),
        "Распустить часть дружины (денег не возвращает, содержание уменьшается).",
        "Dismiss part of the druzhina (no refund; less upkeep).",
        "РАСПУСТИТЬ ДРУЖИНУ 2",
    ),
    _spec(
        "mobilise",
        ("МОБИЛИЗАЦИЯ", "ОПОЛЧЕНИЕ", "MOBILISE", "MOBILIZE"),
        (_PROVINCE,),
        f"Призвать ополчение: ½ ОП провинции меняется на ВС (о) {A.militia_rate} к 1; провинция не торгует.",
        f"Call up militia: half the province's PP, {A.militia_rate}\u00a0PP for 1\u00a0MS; the province "
        "stops trading.",
        "МОБИЛИЗАЦИЯ Тула",
    ),
    _spec(
        "disband",
        ("РАСПУСТИТЬ ОПОЛЧЕНИЕ", "DISBAND"),
        (_PROVINCE,),
        f"Распустить ополчение провинции: 1\u00a0ВС (о) возвращает {A.disband_rate}\u00a0ОП.",
        f"Disband a province's militia: 1\u00a0MS gives back {A.disband_rate}\u00a0PP.",
        "РАСПУСТИТЬ ОПОЛЧЕНИЕ Тула",
    ),
    _spec(
        "tactic",
        ("ТАКТИКА", "TACTIC"),
        (_name("tactic", "tactic"),),
        "Боевая тактика дружины: Конница +50\u00a0% против Лучников (и 40\u00a0Д содержания), "
        "Лучники +25\u00a0% против Копейщиков, Копейщики +25\u00a0% против Конницы.",
        "The druzhina's battle tactic: Cavalry +50% against Archers (and 40\u00a0d upkeep), Archers +25% "
        "against Spearmen, Spearmen +25% against Cavalry.",
        "ТАКТИКА Лучники",
    ),
    _spec(
        "policy",
        ("ПОЛИТИКА", "POLICY"),
        (_name("policy", "policy"),),
        "Выбрать внутреннюю политику; смена снижает стабильность на 1.",
        "Choose the internal policy; a change costs 1 stability.",
        "ПОЛИТИКА Наука",
    ),
    _spec(
        "stability",
        ("СТАБИЛЬНОСТЬ", "STABILITY"),
        (),
        f"При «Приоритете стабильности»: {DATA.stability.bought_cost}\u00a0Д за +1\u00a0Ст (раз в ход).",
        f"Under the stability policy: {DATA.stability.bought_cost}{_EN_D} for +1 stability (once a turn).",
        "СТАБИЛЬНОСТЬ",
    ),
    _spec(
        "sacrifice",
        ("ЖЕРТВОПРИНОШЕНИЕ", "ЖЕРТВА", "SACRIFICE"),
        (_PROVINCE,),
        "Язычникам: −1\u00a0ОП провинции за +1\u00a0Ст (раз в ход).",
        "Pagans only: −1\u00a0PP of a province for +1 stability (once a turn).",
        "ЖЕРТВОПРИНОШЕНИЕ Пронск",
    ),
    _spec(
        "convert",
        ("КРЕЩЕНИЕ", "CONVERT", "BAPTISM"),
        (),
        f"Принять христианство ({_n(DATA.stability.conversion)}\u00a0Ст).",
        f"Convert to Christianity ({_n(DATA.stability.conversion)} stability).",
        "КРЕЩЕНИЕ",
    ),
    _spec(
        "research",
        ("ИЗУЧИТЬ", "НАУКА", "RESEARCH"),
        (_name("tech", "tech"), _int("amount", 1)),
        "Вложить Д в технологию; недостающее копится, излишек сгорает; действует со следующего хода.",
        "Invest money in a technology; a shortfall is kept, an excess burnt; it works from the next turn.",
        "ИЗУЧИТЬ Замет 500",
    ),
    _spec(
        "workshop",
        ("МАСТЕРСКАЯ", "РЕМЕСЛО", "WORKSHOP", "CRAFT"),
        (_name("craft", "craft"), _name("province", "province", optional=True)),
        "Построить мастерскую в столице (при «Приоритете ремесла» — в любой провинции).",
        "Build a workshop in the capital (anywhere under the crafts policy).",
        f"МАСТЕРСКАЯ {_CRAFT.name} Рязань",
    ),
    _spec(
        "temple",
        ("ХРАМ", "TEMPLE"),
        (_PROVINCE,),
        f"Построить храм ({B.temple}\u00a0Д, только христианам): в провинции не бывает восстаний.",
        f"Build a temple ({B.temple}{_EN_D}, Christians only): the province never revolts.",
        "ХРАМ Рязань",
    ),
    _spec(
        "fortress",
        ("КРЕПОСТЬ", "FORTRESS", "FORT"),
        (_PROVINCE, _int("level", 1, len(B.fortress))),
        "Построить крепость уровня 1–3 (нужны Замет, Острог, Град).",
        "Build a fortress of level 1–3 (needs Palisade, Stockade, Stronghold).",
        "КРЕПОСТЬ Рязань 1",
    ),
    _spec(
        "trade",
        ("ТОРГОВЛЯ", "КАРАВАН", "TRADE"),
        (_PROVINCE, _name("partner", "partner"), _provinces("route", optional=True)),
        "Караван из своей провинции в столицу партнёра; дальше — путь через провинции "
        "(без пути — кратчайший). С игроком нужен его приказ ЯРМАРКА в тот же ход.",
        "A caravan from your province to the partner's capital, then the route through provinces "
        "(none: the shortest). With a player, they must order FAIR in the same turn.",
        "ТОРГОВЛЯ Рязань Новгород Рязань, Тула, Москва, Тверь, Торжок, Новгород",
    ),
    _spec(
        "fair",
        ("ЯРМАРКА", "FAIR", "ACCEPT"),
        (_PROVINCE,),
        "Принять караван из чужой провинции (второй подписью под торговым соглашением).",
        "Accept a caravan from another country's province (the second signature of a trade agreement).",
        "ЯРМАРКА Рязань",
    ),
    _spec(
        "cancel_trade",
        ("РАЗОРВАТЬ ТОРГОВЛЮ", "CANCEL TRADE"),
        (_PROVINCE,),
        f"Разорвать торговое соглашение провинции-каравана ({_n(DATA.trade.break_influence)} влияния).",
        f"Break the trade agreement of a caravan province ({_n(DATA.trade.break_influence)} influence).",
        "РАЗОРВАТЬ ТОРГОВЛЮ Рязань",
    ),
    _spec(
        "march",
        ("ПОХОД", "MARCH", "MOVE"),
        (*_FORCES, _provinces("path", most=W.cavalry_march + 1)),  # the start may lead the path
        f"Выступить из провинции: дружина, ополчение (только на {W.militia_march} провинцию) и путь "
        "(провинции через запятую или «→»); "
        f"дружина идёт на {W.march} провинции (Конница — на {W.cavalry_march}), только через свои, "
        "союзные и вражеские земли. Бой в каждой вражеской; победа в последней — её захват.",
        f"March from a province: druzhina, militia (one province only) and the path (provinces "
        "separated by commas or «→»); druzhina goes "
        f"{W.march} provinces ({W.cavalry_march} with Cavalry), through own, allied and enemy land only. "
        "A battle in each enemy province; a win in the last one takes it.",
        "ПОХОД Рязань 10 0 Мценск, Козельск",
    ),
    _spec(
        "boats",
        ("ЛАДЬИ", "BOATS", "BY BOAT"),
        (*_FORCES, _name("target", "province")),
        "С «Кораблестроением»: любое войско ладьями в любую провинцию у воды, бой сразу там; "
        "проигравшим отступать некуда.",
        "With Shipbuilding: any force by boat to any province on water, the battle right there; "
        "losers have no retreat.",
        "ЛАДЬИ Рязань 10 0 Муром",
    ),
    _spec(
        "lend",
        ("ПОД КОМАНДУ", "UNDER COMMAND", "LEND TROOPS"),
        (_name("commander", "power"), _PROVINCE, _int("count", 1)),
        "Передать дружину в провинции под командование союзника: она идёт в его поход из этой "
        "провинции, с его тактикой.",
        "Put druzhina standing in a province under an ally's command: it joins his march from there, "
        "with his tactic.",
        "ПОД КОМАНДУ Чернигов Тула 5",
    ),
    _spec(
        "war",
        ("ВОЙНА", "ОБЪЯВИТЬ ВОЙНУ", "WAR", "DECLARE WAR"),
        (_name("power", "partner"),),  # Польша and Венгрия parse, to be refused in words
        f"Объявить войну ({_n(D.war)} влияния; союзники вступают, если не разорвут союз).",
        f"Declare war ({_n(D.war)} influence; allies join unless they leave the alliance).",
        "ВОЙНА Чернигов",
    ),
    _spec(
        "peace",
        ("МИР", "PEACE"),
        (_POWER, _name("terms", "terms", optional=True)),
        "Мир: с компьютерной страной — белый мир сразу; с игроком — когда оба прикажут МИР в один "
        "ход (Белый / Победа / Поражение должны сойтись).",
        "Peace: with a computer country a white peace at once; with a player when both order PEACE "
        "in the same turn (White / Victory / Defeat must match).",
        f"МИР Чернигов {WHITE}",
    ),
    _spec(
        "terms",
        ("УСЛОВИЯ", "TERMS"),
        (_POWER, _name("outcome", "outcome"), _provinces("provinces", optional=True)),
        "Что потребовать, если все провинции противника будут захвачены (автомир): Вассалитет, "
        "Уступки [провинции] или Аннексия.",
        "What to demand if all the enemy's provinces are taken (automatic peace): Vassal, "
        "Cession [provinces] or Annex.",
        f"УСЛОВИЯ Чернигов {CESSION} Мценск",
    ),
    _spec(
        "alliance",
        ("СОЮЗ", "ALLIANCE"),
        (_POWER,),
        f"Союз с игроком: когда оба прикажут в один ход (+{D.alliance} влияния обоим).",
        f"An alliance with a player: when both order it in the same turn (+{D.alliance} influence each).",
        "СОЮЗ Новгород",
    ),
    _spec(
        "leave_alliance",
        ("РАЗОРВАТЬ СОЮЗ", "ВЫЙТИ ИЗ СОЮЗА", "LEAVE ALLIANCE"),
        (_POWER,),
        f"Разорвать союз ({_n(D.break_alliance)} влияния); так же — отказ вступить в войну союзника.",
        f"Leave an alliance ({_n(D.break_alliance)} influence); also how to refuse an ally's war.",
        "РАЗОРВАТЬ СОЮЗ Новгород",
    ),
    _spec(
        "marriage",
        ("БРАК", "MARRIAGE"),
        (_POWER,),
        f"Династический брак одной веры (+{D.marriage} влияния обоим, +1\u00a0Ст); не больше "
        f"{D.max_marriages} за игру и одного за ход; с игроком — оба в один ход.",
        f"A dynastic marriage of one faith (+{D.marriage} influence each, +1 stability); at most "
        f"{D.max_marriages} a game and one a turn; with a player both in the same turn.",
        "БРАК Новгород",
    ),
    _spec(
        "divorce",
        ("РАЗВОД", "РАЗОРВАТЬ БРАК", "DIVORCE"),
        (_POWER,),
        f"Разорвать династический брак ({_n(D.divorce)} влияния, −1\u00a0Ст).",
        f"Break a dynastic marriage ({_n(D.divorce)} influence, −1 stability).",
        "РАЗВОД Новгород",
    ),
    _spec(
        "gift",
        ("ДАР", "ПОДАРОК", "GIFT"),
        (_POWER, _AMOUNT),
        f"Подарить Д: +{D.gift_points} влияния за {D.gift_unit}{_D} ({D.etiquette_unit}{_D} с «Этикетом»); "
        "игрок должен принять (ПРИНЯТЬ ДАР).",
        f"Give money: +{D.gift_points} influence per {D.gift_unit}{_EN_D} ({D.etiquette_unit}{_EN_D} with "
        "Etiquette); a player must accept (ACCEPT GIFT).",
        "ДАР Муром 200",
    ),
    _spec(
        "accept_gift",
        ("ПРИНЯТЬ ДАР", "ACCEPT GIFT"),
        (_POWER,),
        "Согласие принять деньги (ДАР или ПОДКУП) от этой страны в этот ход.",
        "Consent to money (GIFT or UNDERMINE) from this country this turn.",
        "ПРИНЯТЬ ДАР Рязань",
    ),
    _spec(
        "undermine",
        ("ПОДКУП", "UNDERMINE"),
        (_POWER, _AMOUNT, _name("rival", "power")),
        f"Передать Д стране, чтобы снизить на ней влияние третьей: −{D.gift_points} за {D.gift_unit}{_D}.",
        f"Give money to a country to lower a third one's influence on it: "
        f"−{D.gift_points} per {D.gift_unit}{_EN_D}.",
        "ПОДКУП Муром 200 Владимир",
    ),
    _spec(
        "pay",
        ("ЗАПЛАТИТЬ", "ПЛАТЁЖ", "PAY"),
        (_POWER, _AMOUNT),
        "Платёж по сделке или контрибуция: деньги без влияния.",
        "A payment for a deal or a contribution: money without influence.",
        "ЗАПЛАТИТЬ Чернигов 300",
    ),
    _spec(
        "embassy",
        ("ПОСОЛЬСТВО", "EMBASSY"),
        (_POWER,),
        f"С «Посольствами»: открыть посольство (+{D.embassy} влияния, {D.embassy_upkeep}\u00a0Д в ход, "
        "дипломатическая сводка каждый ход).",
        f"With Embassies: open an embassy (+{D.embassy} influence, {D.embassy_upkeep}{_EN_D} a turn, "
        "a diplomatic summary every turn).",
        "ПОСОЛЬСТВО Новгород",
    ),
    _spec(
        "close_embassy",
        ("ЗАКРЫТЬ ПОСОЛЬСТВО", "CLOSE EMBASSY"),
        (_POWER,),
        "Закрыть посольство.",
        "Close an embassy.",
        "ЗАКРЫТЬ ПОСОЛЬСТВО Новгород",
    ),
    _spec(
        "cede",
        ("ПЕРЕДАТЬ ПРОВИНЦИЮ", "CEDE", "CEDE PROVINCE"),
        (_PROVINCE, _POWER),
        f"Отдать провинцию игроку (он должен ПРИНЯТЬ ПРОВИНЦИЮ в тот же ход; +{D.transfer} влияния).",
        f"Hand a province to a player (they must ACCEPT PROVINCE the same turn; +{D.transfer} influence).",
        "ПЕРЕДАТЬ ПРОВИНЦИЮ Пронск Чернигов",
    ),
    _spec(
        "accept_province",
        ("ПРИНЯТЬ ПРОВИНЦИЮ", "ACCEPT PROVINCE"),
        (_PROVINCE,),
        "Принять провинцию, которую отдаёт другой игрок.",
        "Accept a province another player hands over.",
        "ПРИНЯТЬ ПРОВИНЦИЮ Мценск",
    ),
    _spec(
        "give_tech",
        ("ПЕРЕДАТЬ ТЕХНОЛОГИЮ", "GIVE TECH"),
        (_name("tech", "tech"), _POWER),
        f"Передать изученную технологию игроку (+{D.transfer} влияния).",
        f"Give a known technology to a player (+{D.transfer} influence).",
        "ПЕРЕДАТЬ ТЕХНОЛОГИЮ Замет Новгород",
    ),
    _spec(
        "demand",
        ("ТРЕБОВАТЬ ПРИСЯГИ", "DEMAND FEALTY"),
        (_POWER,),
        f"Потребовать вассальной присяги (нужно право: влияние +{D.vassal_at}).",
        f"Demand fealty (needs the right: influence +{D.vassal_at}).",
        "ТРЕБОВАТЬ ПРИСЯГИ Муром",
    ),
    _spec(
        "fealty",
        ("ПРИСЯГА", "FEALTY", "SWEAR FEALTY"),
        (_POWER,),
        "Принести присягу тому, кто её требует в этот ход (+1\u00a0Ст); молчание — отказ (−1\u00a0Ст).",
        "Swear fealty to the one demanding it this turn (+1 stability); silence refuses (−1).",
        "ПРИСЯГА Рязань",
    ),
    _spec(
        "renounce",
        ("ОТКАЗ ОТ ПРИСЯГИ", "RENOUNCE"),
        (),
        f"Разорвать вассальный договор ({_n(D.renounce)} влияния на сюзерена, {_n(D.contempt)} на всех, "
        f"{_n(D.renounce_stability)}\u00a0Ст).",
        f"Renounce vassalage ({_n(D.renounce)} influence on the suzerain, {_n(D.contempt)} on everyone, "
        f"{_n(D.renounce_stability)} stability).",
        "ОТКАЗ ОТ ПРИСЯГИ",
    ),
    _spec(
        "call",
        ("ПРИЗЫВ", "CALL TO ARMS", "CALL"),
        (_name("vassal", "power"), _name("province", "province", optional=True)),
        "Призвать вассала: его дружина идёт в ваши походы, [ополчение в одной его провинции].",
        "Call a vassal to arms: its druzhina joins your marches, [militia raised in one of its provinces].",
        "ПРИЗЫВ Муром Муром",
    ),
    _spec(
        "bank",
        ("БАНК", "BANK"),
        (_name("vassal", "power"), _AMOUNT),
        "Взять Д из дипломатического банка компьютерного вассала.",
        "Take money from a computer vassal's diplomatic bank.",
        "БАНК Муром 100",
    ),
    _spec(
        "finish",
        ("ЗАВЕРШИТЬ", "FINISH"),
        (),
        "Голосовать за окончание игры: она кончится, если за это в один ход голосуют все игроки"
        + _VASSALS_NEEDED[0],
        "Vote to end the game: it ends once every player votes so in the same turn" + _VASSALS_NEEDED[1],
        "ЗАВЕРШИТЬ",
    ),
)

PHRASING = load_phrasing(Path(__file__).with_name("phrasing.toml"), COMMANDS)
PHASES: dict[str, PhaseSpec] = {
    ORDERS: PhaseSpec(ORDERS, Text("Приказы", "Orders"), COMMANDS, phrasing=PHRASING)
}
BY_NAME = {spec.name: spec for spec in COMMANDS}


def vocabularies(state: State) -> dict[str, Vocabulary]:
    return names_in(state)


def names_in(state: State) -> dict[str, Vocabulary]:
    """Every vocabulary of this game's orders: the data's names, and its powers; built once per
    set of powers (each check of each order mail asked for them anew)."""
    return dict(_names(tuple(state["powers"])))


@lru_cache(maxsize=64)
def _names(game_powers: tuple[str, ...]) -> dict[str, Vocabulary]:
    powers = power_vocabulary(DATA.powers, game_powers)
    parties = vocabulary_of(p for p in DATA.parties if p.trade)
    return {
        "power": powers,
        "partner": {**powers, **parties},
        "principality": powers,  # every power, for the GM (whose "power" is the players' only)
        "province": vocabulary_of(DATA.provinces),
        "spec": vocabulary_of(DATA.specs),
        "craft": vocabulary_of(DATA.crafts),
        "policy": vocabulary_of(DATA.policies),
        "tactic": vocabulary_of(DATA.tactics),
        "tech": vocabulary_of(DATA.techs),
        "terms": vocabulary_of(TERMS),
        "outcome": vocabulary_of(OUTCOMES),
    }
