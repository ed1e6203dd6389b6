"""The faction cards as the browser board shows them (``GameSpec.extra["reference"]``): every
faction of the match's table with its units (cost, HP, AT) and each ability in words, from the
table and the ability table themselves (nothing copied)."""

from __future__ import annotations

import re
from typing import Any

from duelhost.games.tactic.abilities import ABILITIES, format_ability
from duelhost.games.tactic.factions import UnitType, load_table


def ability_text(name: str, value: int) -> str:
    """The ability's card text with its X given (``Range 1``: "... an extra 1 spaces ...")."""
    text = ABILITIES[name].card
    return re.sub(r"\bX\b", str(value), text) if ABILITIES[name].has_value else text


def _unit(unit: UnitType) -> dict[str, Any]:
    return {
        **unit.card(),
        "texts": [
            {"ability": format_ability(n, v), "text": ability_text(n, v)}
            for n, v in unit.abilities.items()
        ],
    }


def reference(options: dict[str, Any]) -> dict[str, Any]:
    """``{"factions": [{"name", "theme", "units": [card + texts], ...}]}`` for the table of
    a match with these (resolved) options; the King first in each faction."""
    table = load_table(options.get("factions"))
    return {
        "factions": [
            {
                "name": faction.name,
                "theme": faction.theme,
                "units": [_unit(u) for u in (faction.king, *faction.units)],
            }
            for faction in table.factions
        ]
    }
