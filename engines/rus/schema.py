"""The one mail phase and its command schema (what the generic order parser reads), and the
vocabularies NAME arguments take. Examples use names from the data, so they always parse."""

from __future__ import annotations

from engines.contract import JSON, Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.rus.data import DATA
from engines.rus.world import ORDERS
from engines.text import Text
from engines.toolkit import power_vocabulary, vocabulary_of

M, A = DATA.misc, DATA.army


def _name(name: str, vocabulary: str, optional: bool = False) -> Arg:
    return Arg(name, ArgKind.NAME, vocabulary=vocabulary, optional=optional)


def _int(name: str, minimum: int, maximum: int | None = None) -> Arg:
    return Arg(name, ArgKind.INT, minimum=minimum, maximum=maximum)


def _spec(
    name: str, keywords: tuple[str, ...], args: tuple[Arg, ...], ru: str, en: str, example: str
) -> CommandSpec:
    return CommandSpec(name, keywords, args, Text(ru, en), example)


_PROVINCE = _name("province", "province")
_CRAFT = DATA.craft("Скорняжная мастерская")

COMMANDS = (
    _spec(
        "specialise",
        ("СПЕЦИАЛИЗАЦИЯ", "ХОЗЯЙСТВО", "SPECIALISE", "SPECIALIZE"),
        (_PROVINCE, _name("spec", "spec")),
        f"Хозяйство провинции (рыболовство — только у воды); менять не чаще раза в {M.change_every} ходов.",
        f"A province's economy (fishing only on water); change it at most once in {M.change_every} turns.",
        "СПЕЦИАЛИЗАЦИЯ Рязань Рыболовство",
    ),
    _spec(
        "recruit",
        ("ДРУЖИНА", "НАНЯТЬ", "RECRUIT", "HIRE"),
        (_int("count", 1),),
        f"Набрать дружину: {A.druzhina_price}Д за 1 ВС (п).",
        f"Hire druzhina: {A.druzhina_price}Д per 1 ВС (п).",
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
        f"Call up militia: half the province's ОП at {A.militia_rate} to 1; the province stops trading.",
        "МОБИЛИЗАЦИЯ Тула",
    ),
    _spec(
        "disband",
        ("РАСПУСТИТЬ ОПОЛЧЕНИЕ", "DISBAND"),
        (_PROVINCE,),
        f"Распустить ополчение провинции: 1 ВС (о) возвращает {A.disband_rate} ОП.",
        f"Disband a province's militia: 1 ВС (о) gives back {A.disband_rate} ОП.",
        "РАСПУСТИТЬ ОПОЛЧЕНИЕ Тула",
    ),
    _spec(
        "tactic",
        ("ТАКТИКА", "TACTIC"),
        (_name("tactic", "tactic"),),
        "Боевая тактика дружины (Конница удваивает содержание; в бою — часть 2).",
        "The druzhina's battle tactic (Cavalry doubles upkeep; its battle effect comes with part 2).",
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
        f"При «Приоритете стабильности»: {DATA.stability.bought_cost}Д за +1 Ст (раз в ход).",
        f"Under the stability policy: {DATA.stability.bought_cost}Д for +1 stability (once a turn).",
        "СТАБИЛЬНОСТЬ",
    ),
    _spec(
        "sacrifice",
        ("ЖЕРТВОПРИНОШЕНИЕ", "ЖЕРТВА", "SACRIFICE"),
        (_PROVINCE,),
        "Язычникам: −1 ОП провинции за +1 Ст (раз в ход).",
        "Pagans only: −1 ОП of a province for +1 stability (once a turn).",
        "ЖЕРТВОПРИНОШЕНИЕ Пронск",
    ),
    _spec(
        "convert",
        ("КРЕЩЕНИЕ", "CONVERT", "BAPTISM"),
        (),
        f"Принять христианство ({DATA.stability.conversion} Ст).",
        f"Convert to Christianity ({DATA.stability.conversion} stability).",
        "КРЕЩЕНИЕ",
    ),
    _spec(
        "research",
        ("ИЗУЧИТЬ", "НАУКА", "RESEARCH"),
        (_name("tech", "tech"), _int("amount", 1)),
        "Вложить Д в технологию; недостающее копится, излишек сгорает; действует со следующего хода.",
        "Invest Д in a technology; a shortfall is kept, an excess burnt; it works from the next turn.",
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
        f"Построить храм ({M.temple}Д, только христианам): в провинции не бывает восстаний.",
        f"Build a temple ({M.temple}Д, Christians only): the province never revolts.",
        "ХРАМ Рязань",
    ),
    _spec(
        "fortress",
        ("КРЕПОСТЬ", "FORTRESS", "FORT"),
        (_PROVINCE, _int("level", 1, len(M.fortress))),
        "Построить крепость уровня 1–3 (нужны Замет, Острог, Град).",
        "Build a fortress of level 1–3 (needs Palisade, Stockade, Stronghold).",
        "КРЕПОСТЬ Рязань 1",
    ),
    _spec(
        "trade",
        ("ТОРГОВЛЯ", "КАРАВАН", "TRADE"),
        (_PROVINCE, _name("partner", "partner"), Arg("route", ArgKind.TEXT, optional=True)),
        "Караван из своей провинции в столицу партнёра; дальше — путь через провинции "
        "(без пути — кратчайший). С игроком нужен его приказ ЯРМАРКА в тот же ход.",
        "A caravan from your province to the partner's capital, then the route through provinces "
        "(none: the shortest). With a player, they must order FAIR in the same turn.",
        "ТОРГОВЛЯ Рязань Новгород Рязань Тула Москва Тверь Торжок Новгород",
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
        f"Разорвать торговое соглашение провинции-каравана ({DATA.trade.break_influence} влияния).",
        f"Break the trade agreement of a caravan province ({DATA.trade.break_influence} influence).",
        "РАЗОРВАТЬ ТОРГОВЛЮ Рязань",
    ),
    _spec(
        "finish",
        ("ЗАВЕРШИТЬ", "FINISH"),
        (),
        "Голосовать за окончание игры: она кончится, если за это в один ход голосуют все игроки.",
        "Vote to end the game: it ends once every player votes so in the same turn.",
        "ЗАВЕРШИТЬ",
    ),
)

PHASES: dict[str, PhaseSpec] = {ORDERS: PhaseSpec(ORDERS, Text("Приказы", "Orders"), COMMANDS, required=True)}
BY_NAME = {spec.name: spec for spec in COMMANDS}


def vocabularies(state: JSON) -> dict[str, Vocabulary]:
    powers = power_vocabulary(DATA.powers, state["powers"])
    parties = vocabulary_of(p for p in DATA.parties if p.trade)
    return {
        "power": powers,
        "partner": {**powers, **parties},
        "province": vocabulary_of(DATA.provinces),
        "spec": vocabulary_of(DATA.specs),
        "craft": vocabulary_of(DATA.crafts),
        "policy": vocabulary_of(DATA.policies),
        "tactic": vocabulary_of(DATA.tactics),
        "tech": vocabulary_of(DATA.techs),
    }
