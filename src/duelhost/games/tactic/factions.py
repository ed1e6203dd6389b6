"""Faction tables: loading and validating the house factions or a host's own file (G2, TA5).

The house table (``factions.json`` in this package) replaces the lost faction cards. Option
``factions=PATH`` loads another JSON file of the same shape instead; every problem is a
``ConfigError`` naming the faction, the unit and what is wrong.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.games.tactic.abilities import ABILITIES, format_ability, kit_of, parse_ability
from duelhost.games.tactic.rows import Kit

HOUSE_PATH = Path(__file__).with_name("factions.json")
MAX_STAT = 99


@dataclass(frozen=True)
class UnitType:
    """One unit card: HP, AT, cost in BitCoins and abilities (name -> X, 0 without a number)."""

    name: str
    hp: int
    at: int
    cost: int
    king: bool
    abilities: dict[str, int] = field(hash=False, compare=False)
    faction: str = ""

    @property
    def ability_names(self) -> frozenset[str]:
        return frozenset(self.abilities)

    def value(self, ability: str) -> int:
        return self.abilities.get(ability, 0)

    @cached_property
    def kit(self) -> Kit:
        """What its abilities make it do, from the ability table (computed once)."""
        return kit_of(self.abilities)

    def card(self) -> dict[str, Any]:
        return {
            "unit": self.name,
            "hp": self.hp,
            "at": self.at,
            "cost": self.cost,
            "king": self.king,
            "abilities": [format_ability(n, v) for n, v in self.abilities.items()],
        }


@dataclass(frozen=True)
class Faction:
    name: str
    theme: str
    king: UnitType
    units: tuple[UnitType, ...]
    """The units that can be bought (everything but the King)."""

    def unit(self, name: str) -> UnitType:
        for unit in self.units:
            if unit.name == name:
                return unit
        raise KeyError(name)

    @property
    def cheapest(self) -> int:
        return min(unit.cost for unit in self.units)


@dataclass(frozen=True)
class FactionTable:
    factions: tuple[Faction, ...]
    source: str

    @property
    def names(self) -> list[str]:
        return [f.name for f in self.factions]


def _fail(where: str, what: str) -> ConfigError:
    return ConfigError(f"faction table {where}: {what}")


def _int(data: dict[str, Any], key: str, where: str, low: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, f"{key} must be an integer, got {value!r}")
    if not low <= value <= MAX_STAT:
        raise _fail(where, f"{key} must be from {low} to {MAX_STAT}, got {value}")
    return value


def _unit(data: Any, faction: str, where: str) -> UnitType:
    if not isinstance(data, dict):
        raise _fail(where, f"a unit must be an object, got {data!r}")
    known = {"name", "king", "hp", "at", "cost", "abilities"}
    extra = sorted(set(data) - known)
    if extra:
        raise _fail(where, f"unknown field {extra[0]!r} (fields: {', '.join(sorted(known))})")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or not name.replace(" ", "").isalnum():
        raise _fail(where, f"name must be letters and digits, got {name!r}")
    where = f"{where} ({name})"
    king = data.get("king", False)
    if not isinstance(king, bool):
        raise _fail(where, f"king must be true or false, got {king!r}")
    hp = _int(data, "hp", where, 1)
    at = _int(data, "at", where, 0)
    cost = _int(data, "cost", where, 0 if king else 1)
    if king and cost != 0:
        raise _fail(where, "a King costs 0 (it is placed for free)")
    abilities = _abilities(data.get("abilities", []), king, where)
    return UnitType(name.strip(), hp, at, cost, king, abilities, faction)


def _abilities(raw: Any, king: bool, where: str) -> dict[str, int]:
    """A unit's ability list (``["Range 1", "Taunt"]``) checked against the ability table:
    X in the row's bounds, each once, no excluded pair, nothing a King may not have."""
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise _fail(where, f"abilities must be a list of strings, got {raw!r}")
    abilities: dict[str, int] = {}
    for text in raw:
        try:
            ability, value = parse_ability(text)
        except ValueError as error:
            raise _fail(where, str(error)) from None
        if ability in abilities:
            raise _fail(where, f"ability {ability} is listed twice")
        row = ABILITIES[ability]
        if row.has_value and not row.min_value <= value <= 6:
            raise _fail(where, f"{text}: X must be from {row.min_value} to 6")
        abilities[ability] = value
    for ability in abilities:
        for other in ABILITIES[ability].excludes:
            if other in abilities:
                raise _fail(where, f"{ability} together with {other} is not supported")
    for ability in abilities:
        if king and not ABILITIES[ability].king_may_have:
            raise _fail(where, f"a King cannot have {ability}")
    return abilities


def _faction(data: Any, where: str) -> Faction:
    if not isinstance(data, dict):
        raise _fail(where, f"a faction must be an object, got {data!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or not name.replace(" ", "").isalnum():
        raise _fail(where, f"name must be letters and digits, got {name!r}")
    where = f"faction {name}"
    theme = data.get("theme", "")
    if not isinstance(theme, str):
        raise _fail(where, "theme must be a string")
    units_data = data.get("units")
    if not isinstance(units_data, list):
        raise _fail(where, "units must be a list")
    units = [_unit(u, name, f"{where}, unit {i + 1}") for i, u in enumerate(units_data)]
    king, others = _roster(units, where)
    return Faction(name.strip(), theme, king, others)


def _roster(units: list[UnitType], where: str) -> tuple[UnitType, tuple[UnitType, ...]]:
    """The faction's King and its other units (TA5: one King, at least six others, no two
    units of one name)."""
    kings = [u for u in units if u.king]
    if len(kings) != 1:
        raise _fail(where, f"needs exactly one King, has {len(kings)}")
    others = tuple(u for u in units if not u.king)
    if len(others) < 6:
        raise _fail(where, f"needs at least 6 units besides the King, has {len(others)} (TA5)")
    seen: set[str] = set()
    for unit in units:
        if unit.name.lower() in seen:
            raise _fail(where, f"two units are named {unit.name}")
        seen.add(unit.name.lower())
    return kings[0], others


def parse_table(data: Any, source: str) -> FactionTable:
    """A validated table from parsed JSON; ConfigError saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("factions"), list):
        raise _fail(source, 'the file must be an object with a list "factions"')
    factions = tuple(
        _faction(f, f"{source}, faction {i + 1}") for i, f in enumerate(data["factions"])
    )
    if len(factions) < 2:
        raise _fail(source, f"needs at least 2 factions, has {len(factions)}")
    names = [f.name.lower() for f in factions]
    for name in names:
        if names.count(name) > 1:
            raise _fail(source, f"two factions are named {name}")
    return FactionTable(factions, source)


_CACHE: dict[tuple[str, int, int], FactionTable] = {}


def load_table(path: str | os.PathLike[str] | None = None) -> FactionTable:
    """The house table (``path`` None) or the file at ``path``, validated (cached per file
    version, so a benchmark's thousand matches read it once)."""
    file = HOUSE_PATH if path is None else Path(path)
    try:
        stat = file.stat()
    except (OSError, ValueError) as error:
        # ValueError: a path holding a NUL character.
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise ConfigError(f"faction table {file}: cannot read it ({reason})") from None
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"faction table {file}: cannot read it ({error.strerror})") from None
    except (ValueError, RecursionError) as error:
        # RecursionError: JSON nested deeper than the parser's stack allows.
        raise ConfigError(f"faction table {file}: not JSON ({error})") from None
    table = parse_table(data, "house table" if path is None else str(file))
    _CACHE[key] = table
    return table


def check_option(value: Any) -> Any:
    """Validation of option ``factions=PATH`` when the game is loaded."""
    if value is not None:
        load_table(value)
    return value
