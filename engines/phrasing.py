"""How players word a ruleset's orders: data beside its command schema (`phrasing.toml`), validated
at import like the rules' own data, so a misspelt command or argument stops the daemon at start.

Players write «нанять дружину 2», «поход из Киева в Чернигов 5», «заключить союз с Рязанью»; the
file says, per command, what such an order starts with (`says`: «нанять», «набрать дружину»), the
words that may stand anywhere in it and add nothing (`objects`: «дружину»), which argument the name
after a preposition fills (`roles`: «из» the start, «в» the goal), which count the word after a
number names (`units`: «5 ополчения»), a count a player may leave out (`defaults`), the words
that spell a code's characters (`spelled`: «на север» for the move code «2»), and the commands of
opposite meaning (`opposite`: never offered for this one's words). Beside them, the
verbs that only say "do" (`generic`: «заключить союз», «построить храм») and the words of any
number's unit («200 Д», «2 ВС»).

Each word is written once, in its dictionary form; the forms a player writes it in (infinitive,
first and third person, imperative; every case) come from the morphology layer
(`russian.spoken_forms`), asked only when the parser first reads an order of the phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from pydantic import Field, ValidationInfo, model_validator

from engines.ruledata import RuleData, load_rules

if TYPE_CHECKING:
    from engines.contract import CommandSpec


class _Hashable(RuleData):
    """A record of tables that a phase, hashed by the parser's caches, may hold: hashed by its
    values as sorted pairs (a dict field would not hash), its tables kept as dicts for the file's
    mistakes to be named by their keys."""

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """Computed once: a phase is hashed at every lookup of the parser's tables."""
        return hash(tuple((name, _frozen(value)) for name, value in self))


def _frozen(value: Any) -> Any:
    return tuple(sorted((k, _frozen(v)) for k, v in value.items())) if isinstance(value, dict) else value


Words = dict[str, tuple[str, ...]]


class CommandPhrasing(_Hashable):
    """How players word one command (see the module's docstring)."""

    says: tuple[str, ...] = ()  # what an order may start with, each word in any form
    objects: tuple[str, ...] = ()  # words that may stand anywhere in it and add nothing
    roles: Words = Field(default_factory=dict)  # argument → prepositions after which a name fills it
    units: Words = Field(default_factory=dict)  # count → words after a number that make it this count
    defaults: dict[str, int] = Field(default_factory=dict)  # a count a player may leave out → its value
    # code argument → a word players write for some of its characters («север» → "2" of a move)
    spelled: dict[str, dict[str, str]] = Field(default_factory=dict)
    opposite: tuple[str, ...] = ()  # commands of opposite meaning


class Phrasing(_Hashable):
    """A ruleset's wording of its orders (see the module's docstring)."""

    generic: tuple[str, ...] = ()  # verbs that only say "do": skipped before the order's own word
    units: tuple[str, ...] = ()  # words of a number's unit, skipped after it
    commands: dict[str, CommandPhrasing] = Field(default_factory=dict)

    def of(self, command: str) -> CommandPhrasing:
        return self.commands.get(command, NO_WORDING)

    @model_validator(mode="after")
    def _fits_the_schema(self, info: ValidationInfo) -> Self:
        """Every command, argument and opposite the file names is the schema's, of the right kind."""
        schema: Mapping[str, Mapping[str, str]] = (info.context or {}).get("commands", {})
        if not schema:
            return self
        problems = []
        for name, wording in self.commands.items():
            args = schema.get(name)
            if args is None:
                problems.append(f"commands.{name}: no such command")
                continue
            wanted = (
                ("roles", wording.roles, ("name", "name_list")),
                ("units", wording.units, ("int",)),
                ("defaults", wording.defaults, ("int",)),
                ("spelled", wording.spelled, ("code",)),
            )
            for table, named, kinds in wanted:
                problems += [
                    f"commands.{name}.{table}.{arg}: no {' or '.join(kinds)} argument of {name}"
                    for arg in named
                    if args.get(arg) not in kinds
                ]
            unknown = [other for other in wording.opposite if other not in schema]
            problems += [f"commands.{name}.opposite: no command {other!r}" for other in unknown]
        if problems:
            raise ValueError("; ".join(problems))
        return self


NO_WORDING = CommandPhrasing()
NO_PHRASING = Phrasing()


def load_phrasing(path: Path, commands: Sequence[CommandSpec]) -> Phrasing:
    """`path` validated against `commands` (the ruleset's `CommandSpec`s): their names, their
    arguments' names and kinds."""
    schema = {c.name: {arg.name: str(arg.kind) for arg in c.args} for c in commands}
    return load_rules(path, Phrasing, context={"commands": schema})
