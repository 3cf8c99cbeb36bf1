"""The three mail stages of a turn and their command schemas (what the generic order parser reads),
and the names each family's orders may use: only its own power's kin, armies, flotillas and
council list (`vocabularies_for`). Fixed examples use names of the data, so they always parse."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.council.data import DATA
from engines.council.state import State
from engines.council.world import ACTIONS, DECISIONS, PLANNING, REALMS, families_of, realm_of
from engines.phrasing import load_phrasing
from engines.russian import agree, english_plural
from engines.text import Lang, Msg, Text, number, signed
from engines.toolkit import vocabulary_of

C, A, W = DATA.council, DATA.actions, DATA.war
_REALM = DATA.realms[0].name  # Рим, for the fixed examples
_HOME = DATA.realm(_REALM).capital
_KIN = [f.name for f in DATA.families if f.realm == _REALM]
_PORT = next(p.name for p in DATA.provinces if p.realm == _REALM and "port" in p.properties)
_SEA = DATA.seas[0].name
_NOBODY = DATA.words.nobody.name
_UNGOVERNED = next(p.name for p in DATA.provinces if p.realm == _REALM and not p.governor)
_WILD = next(p.name for p in DATA.provinces if not p.realm and not p.sphere and not p.occupied)
_SPHERE = next(p.name for p in DATA.provinces if p.sphere)


def _name(name: str, vocabulary: str, optional: bool = False) -> Arg:
    return Arg(name, ArgKind.NAME, vocabulary=vocabulary, optional=optional)


def _spec(
    name: str, keywords: tuple[str, ...], args: tuple[Arg, ...], ru: str, en: str, example: str
) -> CommandSpec:
    return CommandSpec(name, keywords, args, Text(ru, en), example)


def _signed(value: int) -> str:
    return signed(value, "ru")


def _people(tenths: int, lang: Lang) -> str:
    """Tenths of a жителя as written: «0,3» in Russian, "0.3" in English."""
    return number(tenths / 10, lang)


_PROVINCE = _name("province", "province")
_AMOUNT = Arg("amount", ArgKind.INT, minimum=1)

# ---- projects (8.2): the requisites are the arguments; a missing one refuses the line -------------
PROJECTS = (
    _spec(
        "army",
        ("СОЗДАТЬ АРМИЮ", "CREATE ARMY"),
        (_PROVINCE, _name("commander", "kin")),
        "Проект 1: армия в свободной провинции и её командующий.",
        "Project 1: an army in a free province, and its commander.",
        f"СОЗДАТЬ АРМИЮ {_HOME} {_KIN[1]}",
    ),
    _spec(
        "militia",
        ("ПРИЗВАТЬ ОПОЛЧЕНИЕ", "CALL MILITIA"),
        (Arg("provinces", ArgKind.NAME_LIST, "province", max_items=len(DATA.provinces)),),
        f"Проект 2: жителей −{_people(C.militia_population, 'ru')}, "
        f"лояльность {_signed(C.militia_loyalty)} в каждой.",
        f"Project 2: population −{_people(C.militia_population, 'en')}, "
        f"loyalty {_signed(C.militia_loyalty)} in each.",
        f"ПРИЗВАТЬ ОПОЛЧЕНИЕ {_HOME}, {DATA.neighbours[_HOME][0]}",
    ),
    _spec(
        "commanders",
        ("СМЕНИТЬ КОМАНДУЮЩИХ", "СМЕНИТЬ ПОЛКОВОДЦЕВ", "CHANGE COMMANDERS"),
        (
            Arg(
                "changes",
                ArgKind.PAIR_LIST,
                "army",
                max_items=C.commanders_most,
                second_vocabulary="commander",
                second_default=_NOBODY,
            ),
        ),
        f"Проект 3: до {C.commanders_most} армий; без семьи — без командира.",
        f"Project 3: up to {C.commanders_most} armies; with no family, no commander.",
        f"СМЕНИТЬ КОМАНДУЮЩИХ Армия 1 {_KIN[2]}",
    ),
    _spec(
        "rights",
        ("ДАРОВАТЬ ПРАВА", "GRANT RIGHTS"),
        (),
        f"Проект 4: свобода {_signed(C.rights_freedom)}, лояльность {_signed(C.rights_loyalty)}; "
        "открытому автору "
        f"+{C.rights_influence} влиятельности.",
        f"Project 4: freedom {_signed(C.rights_freedom)}, loyalty {_signed(C.rights_loyalty)}; "
        "an open author gains "
        f"+{C.rights_influence} influence.",
        "ДАРОВАТЬ ПРАВА",
    ),
    _spec(
        "expel",
        ("ИЗГНАТЬ ТОРГОВЦЕВ", "EXPEL TRADERS"),
        (_PROVINCE,),
        "Проект 5: закрыть чужую факторию; нужна акция.",
        "Project 5: close a foreign trading post; an action must follow.",
        f"ИЗГНАТЬ ТОРГОВЦЕВ {DATA.trading_posts[0].province}",
    ),
    _spec(
        "exclude",
        ("ИСКЛЮЧИТЬ ИЗ СФЕРЫ", "EXCLUDE FROM SPHERE"),
        (_PROVINCE,),
        "Проект 6: провинция покидает сферу влияния.",
        "Project 6: a province leaves the sphere of influence.",
        f"ИСКЛЮЧИТЬ ИЗ СФЕРЫ {_SPHERE}",
    ),
    _spec(
        "migration",
        ("ПЕРЕСЕЛИТЬ", "MIGRATE"),
        (_name("source", "province"), _name("destination", "province")),
        "Проект 7: переселить 1 жителя; нужна акция.",
        "Project 7: move one resident; an action must follow.",
        f"ПЕРЕСЕЛИТЬ {_HOME} {DATA.neighbours[_HOME][0]}",
    ),
    _spec(
        "repression",
        ("РЕПРЕССИРОВАТЬ", "REPRESS"),
        (Arg("families", ArgKind.NAME_LIST, "kin", max_items=C.repressed_most),),
        f"Проект 8: до {C.repressed_most} семей, влиятельность {_signed(C.repression_influence)}, "
        f"свобода {_signed(C.repression_freedom)}.",
        f"Project 8: up to {C.repressed_most} families, influence {_signed(C.repression_influence)}, "
        f"freedom {_signed(C.repression_freedom)}.",
        f"РЕПРЕССИРОВАТЬ {_KIN[2]}",
    ),
    _spec(
        "governor",
        ("НАЗНАЧИТЬ НАМЕСТНИКА", "APPOINT GOVERNOR"),
        (_PROVINCE, _name("family", "kin", optional=True)),
        "Проект 9: наместник; без семьи — отставка.",
        "Project 9: a governor; with no family, a dismissal.",
        f"НАЗНАЧИТЬ НАМЕСТНИКА {_UNGOVERNED} {_KIN[2]}",
    ),
    _spec(
        "fleet",
        ("УПРАВЛЯТЬ ФЛОТОМ", "COMMAND FLEET"),
        (
            Arg(
                "moves",
                ArgKind.PAIR_LIST,
                "flotilla",
                max_items=max(s.flotillas for s in DATA.sizes),
                second_vocabulary="sea",
            ),
        ),
        "Проект 10: куда идут флотилии.",
        "Project 10: where flotillas go.",
        f"УПРАВЛЯТЬ ФЛОТОМ Флотилия 1 {_SEA}",
    ),
    _spec(
        "games",
        ("УСТРОИТЬ ЗРЕЛИЩА", "HOLD GAMES"),
        (_PROVINCE,),
        f"Проект 11: лояльность +{C.games_loyalty}.",
        f"Project 11: loyalty +{C.games_loyalty}.",
        f"УСТРОИТЬ ЗРЕЛИЩА {_HOME}",
    ),
    _spec(
        "flotilla",
        ("СОЗДАТЬ ФЛОТИЛИЮ", "CREATE FLOTILLA"),
        (_PROVINCE,),
        "Проект 14: флотилия в провинции с портом или мореходными традициями.",
        "Project 14: a flotilla in a province with a port or seafaring traditions.",
        f"СОЗДАТЬ ФЛОТИЛИЮ {_PORT}",
    ),
)
PROJECT_NAMES = frozenset(spec.name for spec in PROJECTS)

ANONYMOUS = _spec(
    "anonymous",
    ("АНОНИМНО", "ANONYMOUSLY"),
    (_name("project", "project", optional=True),),
    "Проекты письма (или одного вида) — анонимно.",
    "This mail's projects (or those of one kind), anonymously.",
    "АНОНИМНО Репрессии",
)

# ---- auctions, money and posts --------------------------------------------------------------------
_SQUADRONS = next(a for a in DATA.auctions if a.per_item)
SQUADRONS = _spec(
    "squadrons",
    ("КУПИТЬ ЭСКАДРЫ", "BUY SQUADRONS"),
    (
        Arg("count", ArgKind.INT, minimum=1, maximum=_SQUADRONS.lots),
        Arg("price", ArgKind.INT, minimum=_SQUADRONS.min_bid),
    ),
    f"Правящей семье: число эскадр ({_SQUADRONS.lots} на ход) и цена одной, от {_SQUADRONS.min_bid}\u00a0Д.",
    f"Ruling family: how many squadrons ({_SQUADRONS.lots} a turn) and the price of one, "
    f"from {_SQUADRONS.min_bid}\u00a0d.",
    f"КУПИТЬ ЭСКАДРЫ 2 {_SQUADRONS.min_bid + 1}",
)
TRANSFER = _spec(
    "transfer",
    ("ПЕРЕВЕСТИ", "TRANSFER"),
    (_name("family", "power"), _AMOUNT),
    f"Деньги семье; {DATA.transfers.loss_percent}\u00a0% теряется в пути.",
    f"Money to a family; {DATA.transfers.loss_percent}% is lost on the way.",
    f"ПЕРЕВЕСТИ {_KIN[1]} 10",
)
RESIGN_GOVERNOR = _spec(
    "resign_governor",
    ("ОТКАЗАТЬСЯ ОТ НАМЕСТНИЧЕСТВА", "RESIGN GOVERNOR"),
    (_PROVINCE,),
    "Сложить наместничество.",
    "Give up a governorship.",
    f"ОТКАЗАТЬСЯ ОТ НАМЕСТНИЧЕСТВА {_HOME}",
)
RESIGN_COMMAND = _spec(
    "resign_command",
    ("ОТКАЗАТЬСЯ ОТ КОМАНДОВАНИЯ", "RESIGN COMMAND"),
    (_name("army", "army"),),
    "Сложить командование.",
    "Give up a command.",
    "ОТКАЗАТЬСЯ ОТ КОМАНДОВАНИЯ Армия 1",
)
CIVIL_WAR = _spec(
    "civil_war",
    ("ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ", "DECLARE CIVIL WAR"),
    (),
    f"Против правящей семьи; лояльность {_signed(DATA.civil_war.loyalty)}.",
    f"On the ruling family; loyalty {_signed(DATA.civil_war.loyalty)}.",
    "ОБЪЯВИТЬ ГРАЖДАНСКУЮ ВОЙНУ",
)
_OCCUPIED = next(p.name for p in DATA.provinces if p.occupied)
ANNEX = _spec(
    "annex",
    ("АННЕКСИРОВАТЬ", "ANNEX"),
    (_PROVINCE,),
    "Занятую войсками провинцию — в державу.",
    "A province the army holds joins the power.",
    f"АННЕКСИРОВАТЬ {_OCCUPIED}",
)
SPHERE = _spec(
    "sphere",
    ("ВКЛЮЧИТЬ В СФЕРУ", "ADD TO SPHERE"),
    (_PROVINCE,),
    "Занятую варварскую землю — в сферу.",
    "Barbarian land the army holds joins the sphere.",
    f"ВКЛЮЧИТЬ В СФЕРУ {_OCCUPIED}",
)
WAR = _spec(
    "war",
    ("ОБЪЯВИТЬ ВОЙНУ", "DECLARE WAR"),
    (_name("realm", "realm"),),
    "Земли врага открыты вашим армиям.",
    "The enemy's land is open to your armies.",
    f"ОБЪЯВИТЬ ВОЙНУ {DATA.realms[1].name}",
)
PEACE = _spec(
    "peace",
    ("ЗАКЛЮЧИТЬ МИР", "MAKE PEACE"),
    (_name("realm", "realm"),),
    "Мир, если та держава ответит тем же в этом ходу или в следующем.",
    "Peace, if that power answers alike this turn or the next.",
    f"ЗАКЛЮЧИТЬ МИР {DATA.realms[1].name}",
)
INQUIRE = _spec(
    "inquire",
    ("ПРОВЕРИТЬ", "INQUIRE"),
    (_name("family", "power"),),
    "Не ведёт ли семья союз племён?",
    "Does the family lead a tribal union?",
    f"ПРОВЕРИТЬ {DATA.families[-1].name}",
)

# ---- the council (8.3) ------------------------------------------------------------------------------
VOTE = _spec(
    "vote",
    ("ГОЛОСОВАТЬ", "VOTE"),
    (
        Arg(
            "votes",
            ArgKind.PAIR_LIST,
            "agenda",
            max_items=DATA.most_families * DATA.most_projects,
            second_vocabulary="choice",
        ),
    ),
    "Номер проекта совета и «за» или «против».",
    "A council project's number and «yes» or «no».",
    "ГОЛОСОВАТЬ 1 за, 2 против",
)
ELECT = _spec(
    "elect",
    ("ИЗБРАТЬ", "ELECT"),
    (_name("candidate", "kin"),),
    "Голос за кандидата на выборах правящей семьи.",
    "A vote for a candidate in the election of the ruling family.",
    f"ИЗБРАТЬ {_KIN[0]}",
)
ACCUSE = _spec(
    "accuse",
    ("ОБВИНИТЬ", "ACCUSE"),
    (_name("accused", "kin"), Arg("text", ArgKind.TEXT, optional=True)),
    "Анонимный голос в расследовании против семьи (не своей); текст преступления — ведущему, "
    f"принятый даёт +{DATA.investigation.text_votes} голос.",
    "An anonymous vote in an investigation against a family (not your own); a crime text for the "
    f"GM, if accepted, adds {DATA.investigation.text_votes} vote.",
    f"ОБВИНИТЬ {_KIN[1]} присвоил казну на строительство моста",
)
VETO = _spec(
    "veto",
    ("НАЛОЖИТЬ ВЕТО", "ВЕТО", "VETO"),
    (_name("item", "agenda"),),
    f"Вето командующего с иммунитетом ({C.immunity_turns} хода): "
    "его армия исключается из проекта смены командующих.",
    f"A commander's veto while immune ({C.immunity_turns} turns): "
    "the army leaves a change-of-commanders project.",
    "НАЛОЖИТЬ ВЕТО 1",
)

# ---- the actions (8.4): unlimited ones first, then those of the limit in the order of 8.6 -----------
_ARMY = _name("army", "army")
GUARD = _spec(
    "guard",
    ("СОЗДАТЬ ГВАРДИЮ", "RAISE GUARD"),
    (Arg("units", ArgKind.INT, minimum=1, maximum=A.guard_most),),
    f"Отряды гвардии по {A.guard_cost}\u00a0Д, у семьи до {A.guard_most}.",
    f"Guard units at {A.guard_cost}\u00a0d, up to {A.guard_most} a family.",
    "СОЗДАТЬ ГВАРДИЮ 1",
)
GUARD_TO = _spec(
    "guard_to",
    ("НАПРАВИТЬ ГВАРДИЮ", "SEND GUARD"),
    (_ARMY,),
    "Вся гвардия семьи из столицы — в армию.",
    "All the family's guard from the capital to an army.",
    "НАПРАВИТЬ ГВАРДИЮ Армия 1",
)
GUARD_BACK = _spec(
    "guard_back",
    ("ОТОЗВАТЬ ГВАРДИЮ", "RECALL GUARD"),
    (_ARMY,),
    "Гвардия семьи из армии — в столицу.",
    "The family's guard from an army back to the capital.",
    "ОТОЗВАТЬ ГВАРДИЮ Армия 1",
)
HIRE = _spec(
    "hire",
    ("НАНЯТЬ НАЁМНИКОВ", "HIRE MERCENARIES"),
    (_ARMY,),
    f"По праву с аукциона наёмников: {A.mercenaries} отряда наёмников в армию вашей державы "
    "(не в счёт акций).",
    f"By the mercenaries' auction right: {A.mercenaries} units of mercenaries join an army of your power "
    "(no action spent).",
    "НАНЯТЬ НАЁМНИКОВ Армия 1",
)
MILITIA_TO = _spec(
    "militia_to",
    ("РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ", "ASSIGN MILITIA"),
    (_ARMY, Arg("units", ArgKind.INT, minimum=1, optional=True)),
    "Правящей семье: отдать армии отряды призванного ополчения (без числа — все, что ждут распределения).",
    "Ruling family: give an army units of the militia called up (without a number, all that await orders).",
    "РАСПРЕДЕЛИТЬ ОПОЛЧЕНИЕ Армия 1 1",
)
DISBAND = _spec(
    "disband",
    ("РАСФОРМИРОВАТЬ", "DISBAND"),
    (_ARMY, _name("unit", "unit", optional=True)),
    "Армию или её отряды одного вида.",
    "An army, or its units of one kind.",
    "РАСФОРМИРОВАТЬ Армия 1 Ополчение",
)
RAID = _spec(
    "raid",
    ("НАБЕГ", "RAID"),
    (_name("tribe", "tribe"), _PROVINCE),
    "Вождю союза племён: набег на провинцию у его земель; победа — лояльность "
    f"{_signed(A.raid_loyalty)}, население −{_people(A.raid_population, 'ru')}.",
    "A tribal union's leader: a raid on a province by its lands; won, loyalty "
    f"{_signed(A.raid_loyalty)}, population −{_people(A.raid_population, 'en')}.",
    f"НАБЕГ {DATA.tribes[0].name} {DATA.tribes[0].lands[0]}",
)
CLOSE_POST = _spec(
    "close_post",
    ("ЗАКРЫТЬ ФАКТОРИЮ", "CLOSE TRADING POST"),
    (_PROVINCE,),
    "Акция: исполнить решение совета об изгнании чужеземных торговцев.",
    "Action: carry out the council's decision to expel foreign traders.",
    f"ЗАКРЫТЬ ФАКТОРИЮ {DATA.trading_posts[0].province}",
)
MIGRATE = _spec(
    "migrate",
    ("ПРОВЕСТИ ПЕРЕСЕЛЕНИЕ", "CARRY OUT MIGRATION"),
    (),
    "Акция: исполнить решение совета о переселении.",
    "Action: carry out the council's decision on a migration.",
    "ПРОВЕСТИ ПЕРЕСЕЛЕНИЕ",
)
OPEN_POST = _spec(
    "open_post",
    ("ОТКРЫТЬ ФАКТОРИЮ", "OPEN TRADING POST"),
    (_PROVINCE,),
    "Акция по праву с аукциона факторий: фактория в чужой провинции рядом с землями, сферой "
    f"или факториями вашей державы, где у неё фактории нет; +{DATA.income.per_trading_post}\u00a0Д за ход.",
    "Action by the trading posts' right: a post in a foreign province next to your power's land, "
    f"sphere or posts, where it has none; +{DATA.income.per_trading_post}\u00a0d a turn.",
    f"ОТКРЫТЬ ФАКТОРИЮ {_SPHERE}",
)
ENVOY = _spec(
    "envoy",
    ("ПОСЛАТЬ ДИПЛОМАТА", "SEND DIPLOMAT"),
    (_PROVINCE,),
    "Акция по праву с аукциона дипломатов: варварская провинция рядом с вашими землями "
    "входит в сферу влияния державы.",
    "Action by the diplomats' right: a barbarian province next to your land joins the power's sphere.",
    f"ПОСЛАТЬ ДИПЛОМАТА {_WILD}",
)
PRESTIGE = _spec(
    "prestige",
    ("ПОВЫСИТЬ ПРЕСТИЖ", "RAISE PRESTIGE"),
    (),
    f"Акция по праву с аукциона дипломатов: влиятельность семьи +{A.prestige}.",
    f"Action by the diplomats' right: the family's influence +{A.prestige}.",
    "ПОВЫСИТЬ ПРЕСТИЖ",
)
HOLDING = _spec(
    "holding",
    ("ЗАЯВИТЬ ПРАВА", "CLAIM HOLDING"),
    (_PROVINCE,),
    "Акция по праву с аукциона дипломатов: провинция державы или её сферы без наместника "
    "становится фамильным владением (совет его не сменит), если наместничеств у семьи ещё не предел.",
    "Action by the diplomats' right: a province of the power or its sphere without a governor "
    "becomes the family's holding (the council cannot change it), within its governorships.",
    f"ЗАЯВИТЬ ПРАВА {_UNGOVERNED}",
)
COLONY = _spec(
    "colony",
    ("ОСНОВАТЬ КОЛОНИЮ", "FOUND COLONY"),
    (_PROVINCE,),
    "Акция по праву с аукциона колонистов: варварская провинция сферы влияния становится "
    "провинцией державы, наместник — ваша семья, если наместничеств у неё ещё не предел.",
    "Action by the colonists' right: a barbarian province of the sphere becomes the power's, "
    "governed by your family within its governorships.",
    f"ОСНОВАТЬ КОЛОНИЮ {_SPHERE}",
)
BUILD = _spec(
    "build",
    ("ПОСТРОИТЬ", "BUILD"),
    (_PROVINCE, _name("building", "building")),
    "Акция по праву с аукциона улучшений: постройка в свободной провинции державы; "
    f"грандиозное сооружение — ещё {A.grand_cost}\u00a0Д.",
    "Action by the improvements' right: a building in a free province of the power; "
    f"a grand work costs {A.grand_cost}\u00a0d more.",
    f"ПОСТРОИТЬ {_UNGOVERNED} {DATA.buildings[0].name}",
)
SAIL = _spec(
    "sail",
    ("ФЛОТ", "FLEET"),
    (
        Arg(
            "moves",
            ArgKind.PAIR_LIST,
            "flotilla",
            max_items=max(s.flotillas for s in DATA.sizes),
            second_vocabulary="sea",
        ),
    ),
    "Правящей семье, если совет не решил иначе: флотилии идут в соседние моря, "
    "враг там — морской бой (одна акция на все флотилии).",
    "Ruling family, unless the council decided: flotillas sail to neighbouring seas, "
    "fighting any enemy there (one action for all).",
    f"ФЛОТ Флотилия 1 {_SEA}",
)
MARCH = _spec(
    "march",
    ("ПОХОД", "MARCH"),
    (_ARMY, Arg("path", ArgKind.NAME_LIST, "place", max_items=W.march_steps)),
    f"Путь до {W.march_steps} мест; все походы семьи — одна акция.",
    f"A path of up to {W.march_steps} places; all the family's marches are one action.",
    f"ПОХОД Армия 1 {DATA.neighbours[_HOME][0]}",
)
# ---- the auctions (8.2): each right and the orders it lets a family give at the actions stage ---------
RIGHTS = {
    "trading_post": (OPEN_POST,),
    "mercenaries": (HIRE,),
    "diplomats": (ENVOY, PRESTIGE, HOLDING),
    "improvements": (BUILD,),
    "colonists": (COLONY,),
}


def _lots(lang: Lang) -> str:
    """Each auction with its lots, its minimum bid and the orders its right gives: what a family
    needs to know before it bids. No-break spaces keep «(7 лотов, от 5 Д)» on one line."""
    said = []
    for auction in (a for a in DATA.auctions if not a.per_item):
        orders = [spec.keywords[0] for spec in RIGHTS[auction.key]]
        if lang == "ru":
            joined = ", ".join(orders[:-1]) + " или " + orders[-1] if len(orders) > 1 else orders[0]
            lots = agree(auction.lots, "лот|лота|лотов").replace(" ", "\u00a0")
            said.append(f"{auction.name} ({lots},\u00a0от\u00a0{auction.min_bid}\u00a0Д): {joined}")
        else:
            joined = ", ".join(orders[:-1]) + " or " + orders[-1] if len(orders) > 1 else orders[0]
            lots = f"{auction.lots}\u00a0{english_plural(auction.lots, 'lot|lots')}"
            said.append(f"{auction.en} ({lots},\u00a0from\u00a0{auction.min_bid}\u00a0d): {joined}")
    return "; ".join(said)


BID = _spec(
    "bid",
    ("СТАВКА", "СДЕЛАТЬ СТАВКУ", "BID"),
    (_name("auction", "auction"), _AMOUNT),
    f"Заявка на аукцион, списывается сразу; проигравший теряет минимальную ставку. {_lots('ru')}.",
    f"A bid at an auction, paid at once; a loser forfeits the minimum bid. {_lots('en')}.",
    f"СТАВКА {DATA.auctions[0].name} {DATA.auctions[0].min_bid + 3}",
)
UNLIMITED = (GUARD, GUARD_TO, GUARD_BACK, HIRE, MILITIA_TO, DISBAND, RAID)
LIMITED = (CLOSE_POST, MIGRATE, OPEN_POST, ENVOY, PRESTIGE, HOLDING, COLONY, BUILD, SAIL, MARCH)

ALWAYS = (TRANSFER, RESIGN_GOVERNOR, RESIGN_COMMAND)
STAGES = {
    PLANNING: (*PROJECTS, ANONYMOUS, BID, SQUADRONS, CIVIL_WAR, WAR, PEACE, ANNEX, SPHERE, INQUIRE, *ALWAYS),
    DECISIONS: (VOTE, ELECT, ACCUSE, VETO, *ALWAYS),
    ACTIONS: (*UNLIMITED, *LIMITED, *ALWAYS),
}
# one file for all three stages, each reading its own commands' wording
PHRASING = load_phrasing(
    Path(__file__).with_name("phrasing.toml"),
    tuple({spec.name: spec for stage in STAGES.values() for spec in stage}.values()),
)
PHASES: dict[str, PhaseSpec] = {
    PLANNING: PhaseSpec(
        PLANNING,
        Text("Планирование и аукционы", "Planning and auctions"),
        STAGES[PLANNING],
        phrasing=PHRASING,
    ),
    # the vote reminds the silent but never holds the turn: a family may let the council pass
    DECISIONS: PhaseSpec(
        DECISIONS, Text("Решения", "Decisions"), STAGES[DECISIONS], counts_hold=False, phrasing=PHRASING
    ),
    # the actions remind the silent but never hold the turn: a family without a right, an army or
    # money has nothing to do there, so a silent majority is no broken mail path
    ACTIONS: PhaseSpec(
        ACTIONS, Text("Акции", "Actions"), STAGES[ACTIONS], counts_hold=False, phrasing=PHRASING
    ),
}

KEYWORDS = {spec.name: spec.keywords[0] for phase in PHASES.values() for spec in phase.commands}

# ---- the GM's rule inputs ----------------------------------------------------------------------------
ELECTION = _spec(
    "election",
    ("ВЫБОРЫ", "ELECTION"),
    (_name("realm", "realm"),),
    "Вынести выборы правящей семьи на ближайший совет державы.",
    "Put an election of the ruling family on the power's next council.",
    f"ВЫБОРЫ {_REALM}",
)
INVESTIGATION = _spec(
    "investigation",
    ("РАССЛЕДОВАНИЕ", "INVESTIGATION"),
    (_name("realm", "realm"),),
    "Вынести расследование на ближайший совет державы.",
    "Put an investigation on the power's next council.",
    f"РАССЛЕДОВАНИЕ {_REALM}",
)
ACCEPT_TEXT = _spec(
    "accept_text",
    ("ПРИНЯТЬ ТЕКСТ", "ACCEPT TEXT"),
    (_name("family", "family"),),
    "Засчитать текст преступления семьи в расследовании: +1 голос (до конца хода).",
    "Accept a family's crime text in an investigation: +1 vote (until the turn ends).",
    f"ПРИНЯТЬ ТЕКСТ {_KIN[0]}",
)
REFUSE_TEXT = _spec(
    "refuse_text",
    ("ОТКЛОНИТЬ ТЕКСТ", "REFUSE TEXT"),
    (_name("family", "family"),),
    "Не засчитывать текст преступления семьи (так и по умолчанию).",
    "Do not count a family's crime text (also the default).",
    f"ОТКЛОНИТЬ ТЕКСТ {_KIN[0]}",
)
GM_COMMANDS = (ELECTION, INVESTIGATION, ACCEPT_TEXT, REFUSE_TEXT)


# ---- names --------------------------------------------------------------------------------------------
CHOICES: Vocabulary = vocabulary_of((DATA.words.yes, DATA.words.no))
FIXED: dict[str, Vocabulary] = {
    "realm": vocabulary_of(DATA.realms),
    "province": vocabulary_of(DATA.provinces),
    "sea": vocabulary_of(DATA.seas),
    "choice": CHOICES,
    "auction": vocabulary_of(DATA.auctions),
    "project": vocabulary_of(p for p in DATA.projects if not p.by_gm),
    "place": vocabulary_of((*DATA.provinces, *DATA.seas)),
    "unit": vocabulary_of(u for u in DATA.units if u.key != "guard"),
    "building": vocabulary_of(DATA.buildings),
    "tribe": vocabulary_of(DATA.tribes),
}
_FAMILIES: Vocabulary = vocabulary_of(DATA.families)


OWN = frozenset(("kin", "commander", "army", "flotilla", "agenda"))  # names a power's families alone know


def _of_realm(state: State, realm: str) -> dict[str, Vocabulary]:
    families = {f: _FAMILIES.get(f, ()) for f in families_of(state, realm)}
    here = state["realms"][realm]
    return {
        "kin": families,
        "commander": {**families, DATA.words.nobody.name: DATA.words.nobody.spellings},
        "army": {a: (a.replace(" ", ""),) for a in here["armies"]},
        "flotilla": {f: (f.replace(" ", ""),) for f in here["flotillas"]},
        "agenda": {str(item["number"]): (f"№{item['number']}",) for item in here["agenda"]},
    }


def vocabularies(state: State) -> dict[str, Vocabulary]:
    """Every name of the game, as the GM may use them: each power's own lists merged."""
    everyone: dict[str, Vocabulary] = {"power": _FAMILIES, "family": _FAMILIES, **FIXED}
    merged: dict[str, dict[str, tuple[str, ...]]] = {}
    for realm in REALMS:
        for key, names in _of_realm(state, realm).items():
            merged.setdefault(key, {}).update({n: tuple(s) for n, s in names.items()})
    return {**everyone, **merged}


def known_commands(state: State, family: str, phase: str) -> list[CommandSpec]:
    """Every command of the stage but fleet orders while the family's power has no flotilla (their
    example would name another power's), and raids but for a tribal union's secret leader."""
    fleetless = not state["realms"][realm_of(state, family)]["flotillas"]
    hidden = ({"fleet", "sail"} if fleetless else set()) | ({"raid"} if not led_by(state, family) else set())
    return [spec for spec in PHASES[phase].commands if spec.name not in hidden]


def not_known(state: State, family: str, phase: str, command: str) -> Msg:
    """Why a family cannot give a fleet order or a raid (see `known_commands`)."""
    return Msg("council_raid_not_leader" if command == "raid" else "council_no_flotilla")


def led_by(state: State, family: str) -> list[str]:
    """The tribal unions the family secretly leads (the GM's data)."""
    return [tribe for tribe, leader in state["gm_data"]["tribal_unions"].items() if leader == family]


def vocabularies_for(state: State, family: str) -> Mapping[str, Vocabulary]:
    """What one family's orders may name: every family and the public map, but only its own
    power's kin, armies, flotillas and council list."""
    return {"power": _FAMILIES, "family": _FAMILIES, **FIXED, **_of_realm(state, realm_of(state, family))}
