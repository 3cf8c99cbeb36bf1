"""The turn's collector: the shared Events plus each country's account of income and expenses."""

from __future__ import annotations

from collections.abc import Iterable

from engines.rus.state import InfluenceLine, Line, State
from engines.rus.world import country
from engines.text import Msg, Param, Text
from engines.toolkit import Events

# (from, on, delta, cause): the turn's influence changes, applied at step 8; the cause is a key of
# CAUSES, so the balance says why the influence moved
Influence = list[tuple[str, str, int, str]]

CAUSES: dict[str, Text] = {
    "trade": Text("торговое соглашение", "trade agreement"),
    "trade_broken": Text("разрыв торгового соглашения", "trade agreement broken"),
    "alliance": Text("союз", "alliance"),
    "alliance_broken": Text("разрыв союза", "alliance left"),
    "refusal": Text("отказ союзника воевать", "an ally's refusal to fight"),
    "war": Text("объявление войны", "declaration of war"),
    "white_peace": Text("белый мир", "white peace"),
    "unequal_peace": Text("неравноправный мир", "unequal peace"),
    "marriage": Text("династический брак", "dynastic marriage"),
    "divorce": Text("разрыв брака", "marriage broken"),
    "renounce": Text("отказ от присяги", "fealty renounced"),
    "renounced": Text("вассал отказался от присяги", "your vassal renounced fealty"),
    "gift": Text("дар", "gift"),
    "undermine": Text("подкуп соперника", "a rival's bribe"),
    "embassy": Text("посольство", "embassy"),
    "cession": Text("передача провинции", "province handed over"),
    "tech": Text("передача технологии", "technology given"),
    "event": Text("случайное событие", "random event"),
}


class Turn(Events):
    """What a resolution tells, and the money lines it books (credited to the treasury at once)."""

    def __init__(self, powers: Iterable[str]) -> None:
        super().__init__(powers)
        self.accounts: dict[str, list[Line]] = {power: [] for power in self.reports}
        self.influence: dict[str, list[InfluenceLine]] = {power: [] for power in self.reports}
        self._step: Msg | None = None

    def step(self, code: str, number: int) -> None:
        """A step of the turn begins: its heading goes to the GM's log only if the step logs
        anything (ten empty «Шаг N:» headings are noise)."""
        self._step = Msg(code, {"step": number})

    def log(self, code: str, /, **params: Param) -> None:
        if self._step is not None:
            self.gm_log.append(self._step)
            self._step = None
        super().log(code, **params)

    def book(self, state: State, power: str, item: str, amount: int, note: str = "") -> None:
        """Credit (or debit, if negative) the treasury and write the line in the turn's account."""
        if not amount:
            return
        country(state, power)["money"] += amount
        self.accounts[power].append({"item": item, "amount": amount, "note": note})

    def influenced(self, power: str, on: str, amount: int, value: int, cause: str) -> None:
        """Tell `power` its influence on `on` moved, and why; the balance lists it too."""
        why = CAUSES[cause]
        self.tell(power, "rus_influence", power=on, amount=amount, value=value, why=why.ru, why_en=why.en)
        self.note_influence(power, on, amount, value, cause)

    def note_influence(self, power: str, on: str, amount: int, value: int, cause: str) -> None:
        """Only the balance's line (the report already told it otherwise)."""
        if power in self.influence:
            self.influence[power].append({"on": on, "amount": amount, "value": value, "cause": cause})

    def tell_all(self, powers: Iterable[str], code: str, /, **params: Param) -> None:
        """The same private line to several powers (each once), and to the GM once."""
        for power in dict.fromkeys(powers):
            if power in self.reports:
                self.tell(power, code, **params)
        self.log(code, **params)
