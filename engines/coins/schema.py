"""The mail phases and their command schemas (what the generic order parser reads), and the
vocabularies that NAME arguments take."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from engines.coins.data import DATA
from engines.coins.state import State
from engines.coins.world import ORDERS, TALKS, VOTE
from engines.contract import Arg, ArgKind, CommandSpec, PhaseSpec, Vocabulary
from engines.phrasing import load_phrasing
from engines.text import Text
from engines.toolkit import power_vocabulary, vocabulary_of


def _name(name: str, vocabulary: str, optional: bool = False) -> Arg:
    return Arg(name, ArgKind.NAME, vocabulary=vocabulary, optional=optional)


def _int(name: str, minimum: int, maximum: int | None = None, optional: bool = False) -> Arg:
    return Arg(name, ArgKind.INT, minimum=minimum, maximum=maximum, optional=optional)


# no maximum here: the rules refuse more than max_per_line in their own words (line_over_max)
_FUNDING = _int("amount", 0)
# names for the examples, taken from the data so a renamed colony never leaves a stale example
_POWER, _COLONY = DATA.powers[1].name, DATA.colonies[0].name
_DAMAGES = next(p for p in DATA.proposals if p.amount and p.recipient)
_ARMY = _int("army", 1)

LEADER = CommandSpec(
    "leader",
    ("ЛИДЕР", "ПЕРК", "LEADER", "PERK"),
    (_name("perk", "perk"),),
    Text(
        f"Выбрать талант лидера (один раз за игру): {', '.join(p.name for p in DATA.perks)}.",
        f"Choose your leader's perk (once per game): {', '.join(p.en for p in DATA.perks)}.",
    ),
    f"ЛИДЕР {DATA.perks[0].name}",
)
INVEST = CommandSpec(
    "invest",
    ("ВЛОЖИТЬ", "ФИНАНСИРОВАТЬ", "INVEST", "FUND"),
    (_name("line", "line"), _FUNDING),
    Text(
        f"Вложить 0–{DATA.game.max_per_line} монеты в направление; отдача придёт в начале следующего хода.",
        f"Invest 0–{DATA.game.max_per_line} coins in a line; it pays at the start of next turn.",
    ),
    f"ВЛОЖИТЬ {DATA.lines[0].name} {DATA.game.max_per_line}",
)
GIVE = CommandSpec(
    "give",
    ("ПЕРЕДАТЬ", "GIVE", "PAY"),
    (_name("power", "power"), _int("amount", 1)),
    Text("Открыто передать монеты другой стране.", "Give coins to another power, openly."),
    f"ПЕРЕДАТЬ {_POWER} 2",
)
ATTACK = CommandSpec(
    "attack",
    ("АТАКОВАТЬ", "НАПАСТЬ", "ATTACK"),
    (_name("target", "target"), _ARMY),
    Text(
        "Атаковать колонию (захват) или метрополию страны (грабёж: забрать перевес в монетах).",
        "Attack a colony (to take it) or a power's metropole (to plunder the margin in coins).",
    ),
    f"АТАКОВАТЬ {_COLONY} 3",
)
DEFEND = CommandSpec(
    "defend",
    ("ЗАЩИЩАТЬ", "ЗАЩИТИТЬ", "DEFEND"),
    (_name("colony", "colony"), _ARMY),
    Text(
        "Оставить часть армии защищать свою колонию (остальная армия защищает метрополию).",
        "Put part of your army on one of your colonies (the rest defends your metropole).",
    ),
    f"ЗАЩИЩАТЬ {_COLONY} 2",
)
MANAGE = CommandSpec(
    "manage",
    ("УПРАВЛЯТЬ", "MANAGE"),
    (_name("power", "power"), _name("line", "line"), _FUNDING),
    Text(
        "Под «Внешним управлением»: предложить, сколько страна вкладывает в направление.",
        "Under External Administration: say how much that power invests in a line.",
    ),
    f"УПРАВЛЯТЬ {_POWER} {DATA.lines[0].name} 1",
)
CEDE = CommandSpec(
    "cede",
    ("УСТУПИТЬ", "CEDE"),
    (_name("colony", "colony"), _name("power", "power")),
    Text("Открыто отдать свою колонию другой стране.", "Hand one of your colonies to another power, openly."),
    f"УСТУПИТЬ {_COLONY} {_POWER}",
)
SHARE = CommandSpec(
    "share",
    ("ПОДАРИТЬ", "ПЕРЕДАТЬ-ТЕХНОЛОГИЮ", "SHARE", "GIFT"),
    (_name("tech", "tech"), _name("power", "power")),
    Text(
        "Тайно передать технологию (она у вас остаётся); продажа — это передача плюс ПЕРЕДАТЬ монет.",
        "Secretly share a technology (you keep it); a sale is a share plus a GIVE of coins back.",
    ),
    f"ПОДАРИТЬ {DATA.tech_parts[0]} {_POWER}",
)
ALLY = CommandSpec(
    "ally",
    ("СОЮЗ", "ALLIANCE", "ALLY"),
    (_name("kind", "alliance"), _name("power", "power")),
    Text(
        "Предложить торговый или военный союз; он заключён, если обе стороны прикажут это "
        "в одних переговорах.",
        "Offer a trade or military alliance; it exists once both sides order it in the same talks.",
    ),
    f"СОЮЗ {DATA.alliances[0].name} {_POWER}",
)
BREAK = CommandSpec(
    "break",
    ("РАЗОРВАТЬ", "BREAK"),
    (_name("kind", "alliance"), _name("power", "power")),
    Text("Разорвать союз (достаточно одной стороны).", "Break an alliance (one side is enough)."),
    f"РАЗОРВАТЬ {DATA.alliances[-1].name} {_POWER}",
)
RESEARCH = CommandSpec(
    "research",
    ("ИССЛЕДОВАТЬ", "RESEARCH"),
    (_name("tech", "tech"),),
    Text(
        "Открыть технологию за очки исследований; она работает с этого хода.",
        "Develop a technology with research points; it works from this turn.",
    ),
    f"ИССЛЕДОВАТЬ {DATA.tech_parts[-1]}",
)
PROPOSE = CommandSpec(
    "propose",
    ("ПРЕДЛОЖИТЬ", "PROPOSE"),
    (
        _name("proposal", "proposal"),
        _name("target", "target", optional=True),
        _name("recipient", "power", optional=True),
        _int("amount", 1, optional=True),
    ),
    Text(
        "Вынести проект на голосование (только самая влиятельная страна): проект, затем страна, "
        "которой он касается (для «Передачи территорий» — колония), страна-получатель и сумма, "
        "если проект их требует.",
        "Put a proposal to the vote (most influential power only): the proposal, then the power it "
        "concerns (for Transfer of Territories, the colony), the receiving power and a sum where "
        "the proposal needs them.",
    ),
    f"ПРЕДЛОЖИТЬ {_DAMAGES.name} {_POWER} {DATA.powers[0].name} 3",
)
HELP = CommandSpec(
    "help",
    ("ПОМОЧЬ", "AID"),  # not HELP: that asks for the list of orders (ПОМОЩЬ)
    (_name("power", "power"), _ARMY),
    Text(
        "Отправить часть армии военному союзнику на этот ход; ею командует союзник.",
        "Send part of your army to a military ally for this turn; the ally commands it.",
    ),
    f"ПОМОЧЬ {_POWER} 2",
)
BALLOT = CommandSpec(
    "vote",
    ("ГОЛОС", "ГОЛОСОВАТЬ", "VOTE"),
    (_name("choice", "vote"),),
    Text(
        f"Голосовать {DATA.votes.yes.name} или {DATA.votes.no.name} проекта.",
        f"Vote {DATA.votes.yes.en} or {DATA.votes.no.en} the proposal.",
    ),
    f"ГОЛОС {DATA.votes.yes.name}",
)

# Turn 1 is only the leader's choice, the first funding and coin transfers.
FIRST_TURN = frozenset({LEADER.name, INVEST.name, GIVE.name})

COMMANDS: tuple[CommandSpec, ...] = (LEADER, INVEST, GIVE, ATTACK, DEFEND, MANAGE, CEDE, SHARE, ALLY)
COMMANDS += (BREAK, RESEARCH, PROPOSE, HELP, BALLOT)
PHRASING = load_phrasing(Path(__file__).with_name("phrasing.toml"), COMMANDS)
PHASES: dict[str, PhaseSpec] = {
    TALKS: PhaseSpec.optional(
        TALKS,
        Text("Переговоры", "Talks"),
        (GIVE, CEDE, SHARE, ALLY, BREAK, RESEARCH, HELP, PROPOSE),
        PHRASING,
    ),
    VOTE: PhaseSpec.optional(VOTE, Text("Голосование", "Vote"), (BALLOT,), PHRASING),
    ORDERS: PhaseSpec(
        ORDERS, Text("Приказы", "Orders"), (LEADER, ATTACK, DEFEND, GIVE, MANAGE, INVEST), phrasing=PHRASING
    ),
}


@cache
def _tech_parts() -> Vocabulary:
    """Part n of a two-part tech also answers to "<short form> n", "<short form>n", "<short>-n"."""
    found: dict[str, tuple[str, ...]] = {}
    for tech in DATA.techs:
        if tech.parts == 1:
            found[tech.name] = tech.spellings
            continue
        for n, part in enumerate(tech.part_names, start=1):
            found[part] = tuple(f"{s}{sep}{n}" for s in tech.spellings for sep in (" ", "", "-"))
    return found


def vocabularies(state: State) -> dict[str, Vocabulary]:
    """Built once per set of powers and colonies in play (a mail asks several times)."""
    return dict(_vocabularies(tuple(state["powers"]), tuple(state["colonies"])))


@lru_cache(maxsize=64)
def _vocabularies(in_play: tuple[str, ...], colonies_held: tuple[str, ...]) -> dict[str, Vocabulary]:
    powers = power_vocabulary(DATA.powers, in_play)
    colonies = vocabulary_of(c for c in DATA.colonies if c.name in colonies_held)
    return {
        "power": powers,
        "colony": colonies,
        "target": {**colonies, **powers},
        "line": vocabulary_of(DATA.lines),
        "perk": vocabulary_of(DATA.perks),
        "tech": _tech_parts(),
        "alliance": vocabulary_of(DATA.alliances),
        "proposal": vocabulary_of(DATA.proposals),
        "vote": vocabulary_of((DATA.votes.yes, DATA.votes.no)),
    }
