"""A ruleset's phrasing data is checked against its command schema when it is read: a misspelt
command, argument or opposite, an argument of the wrong kind or an unknown key stops the load with
one line per mistake, as every rule data file does."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.errors import RuleDataError
from engines.phrasing import load_phrasing
from engines.rus.schema import COMMANDS

GOOD = """
generic = ["заключить"]
units = ["Д"]

[commands.march]
says = ["выступить"]
objects = ["дружина"]
roles = { province = ["из"], path = ["в"] }
units = { militia = ["ополчение"] }
defaults = { militia = 0 }
opposite = ["dismiss"]
"""

BAD = """
[commands.marhc]
says = ["выступить"]

[commands.march]
roles = { druzhina = ["из"], nowhere = ["в"] }
units = { path = ["дружина"] }
defaults = { province = 0 }
opposite = ["retreat"]
oposite = ["dismiss"]
"""


def test_the_rulesets_own_phrasing_loads(tmp_path: Path) -> None:
    path = tmp_path / "phrasing.toml"
    path.write_text(GOOD, encoding="utf-8")
    march = load_phrasing(path, COMMANDS).of("march")
    assert march.roles == {"province": ("из",), "path": ("в",)}
    assert (march.defaults, march.opposite) == ({"militia": 0}, ("dismiss",))


def test_every_mistake_is_named_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "phrasing.toml"
    path.write_text(BAD, encoding="utf-8")
    with pytest.raises(RuleDataError) as raised:
        load_phrasing(path, COMMANDS)
    said = str(raised.value)
    assert "commands.march.oposite: Extra inputs are not permitted" in said
    path.write_text(BAD.replace("oposite", "# oposite"), encoding="utf-8")
    with pytest.raises(RuleDataError) as raised:
        load_phrasing(path, COMMANDS)
    said = str(raised.value)
    for mistake in (
        "commands.marhc: no such command",
        "commands.march.roles.druzhina: no name or name_list argument of march",
        "commands.march.roles.nowhere: no name or name_list argument of march",
        "commands.march.units.path: no int argument of march",
        "commands.march.defaults.province: no int argument of march",
        "commands.march.opposite: no command 'retreat'",
    ):
        assert mistake in said
