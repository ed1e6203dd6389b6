"""The Tactical Genius table of unit types and skills (RULINGS G2, TG10): loading and validation.

The text lost its tables, so the game ships a house table (``house_table.toml`` in this
package). A host may replace it with the option ``table=PATH`` (a TOML or JSON file of the same
shape). Every table is checked on load; any fault raises ``ConfigError`` naming the entry and
what is wrong with it.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from duelhost.core.errors import ConfigError, quote_value, shorten

TYPE_NAMES = ("Axe", "Sword", "Lance", "Beserker", "Arrow", "Gun", "Magic", "Cannon")
"""The eight types the text names, in its order."""

HOUSE_TABLE = Path(__file__).with_name("house_table.toml")
STATS = ("health", "attack", "defense", "speed")
BOOST_STATS = ("attack", "defense", "speed")
PRIORITIES = ("high", "normal", "low")
PRIORITY_RANK = {"high": 0, "normal": 1, "low": 2}
MAX_NUMBER = 999
"""Every integer of a table is at most this (stats are small; it keeps arithmetic finite)."""
MAX_MULTIPLIER = 100.0
MAX_BOOST = 99
EFFECTS = ("strike", "boost", "heal", "deflect", "rush", "retreat", "shove")
SELF_EFFECTS = ("rush", "retreat")


@dataclass(frozen=True, slots=True)
class Reach:
    """A range: target tiles ``first``..``last`` columns ahead (facing direction; negative is
    behind) and at most ``rows`` rows above or below."""

    first: int
    last: int
    rows: int

    def covers(self, ahead: int, rows: int) -> bool:
        return self.first <= ahead <= self.last and abs(rows) <= self.rows

    def describe(self) -> str:
        span = str(self.first) if self.first == self.last else f"{self.first} to {self.last}"
        side = "same row" if self.rows == 0 else f"up to {self.rows} row(s) up or down"
        return f"{span} column(s) ahead, {side}"


@dataclass(frozen=True, slots=True)
class UnitType:
    """One of the eight unit types."""

    name: str
    index: int
    kind: str
    """melee or ranged."""
    health: int
    attack: int
    defense: int
    speed: int
    bonus_stat: str
    bonus_amount: int
    reach: Reach
    effective: frozenset[str]
    unique: str


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill: who may learn it, its priority class, target, range and effect."""

    id: str
    name: str
    kind: str
    """melee, ranged or unique."""
    priority: str
    target: str
    """self (no tile) or cell."""
    reach: Reach | None
    effect: str
    multiplier: float = 1.0
    splash: float = 0.0
    pierce: float = 0.0
    ignore_defense: bool = False
    pin: bool = False
    boosts: tuple[tuple[str, int], ...] = ()
    amount: int = 0
    counter: bool = False
    distance: int = 0
    text: str = ""

    @property
    def rank(self) -> int:
        return PRIORITY_RANK[self.priority]


@dataclass(frozen=True)
class Table:
    """A validated table of types and skills."""

    name: str
    source: str
    types: dict[str, UnitType]
    skills: dict[str, Skill]
    type_list: tuple[UnitType, ...]

    def type_named(self, text: str) -> UnitType | None:
        key = text.strip().lower()
        for unit_type in self.type_list:
            if unit_type.name.lower() == key:
                return unit_type
        return None

    def learnable(self, unit_type: UnitType) -> list[str]:
        """Skill ids a unit of this type may learn: its class's common skills and its unique."""
        return [
            skill.id
            for skill in self.skills.values()
            if skill.kind == unit_type.kind or skill.id == unit_type.unique
        ]


def load_table(path: str | None) -> Table:
    """The house table (``path`` None) or the table at ``path``; ConfigError if it is bad."""
    return _load(str(HOUSE_TABLE) if path is None else str(path))


@lru_cache(maxsize=16)
def _load(path: str) -> Table:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, ValueError) as error:
        # ValueError: a path with a NUL character, or a file that is not UTF-8.
        raise ConfigError(
            f"tactical_genius table {shorten(path)}: cannot read it ({shorten(str(error))})"
        ) from None
    try:
        data = json.loads(text) if file.suffix.lower() == ".json" else tomllib.loads(text)
    except (ValueError, RecursionError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(
            f"tactical_genius table {shorten(path)}: not valid TOML/JSON ({shorten(str(error))})"
        ) from None
    return parse_table(data, path)


def parse_table(data: Any, source: str = "<table>") -> Table:
    """Validate table data (as read from TOML or JSON) and build the table."""
    where = f"tactical_genius table {shorten(source)}"
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: the table must be a mapping with [types] and [skills]")
    meta = data.get("meta", {})
    name = meta.get("name", source) if isinstance(meta, dict) else source
    raw_types = _mapping(data.get("types"), f"{where}: [types]")
    raw_skills = _mapping(data.get("skills"), f"{where}: [skills]")
    skills = {sid: _skill(sid, raw, where) for sid, raw in raw_skills.items()}
    missing = [t for t in TYPE_NAMES if t not in raw_types]
    extra = [t for t in raw_types if t not in TYPE_NAMES]
    if missing or extra:
        raise ConfigError(
            f"{where}: [types] must hold exactly the eight types {', '.join(TYPE_NAMES)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(map(str, extra))}" if extra else "")
        )
    types = {
        name_: _type(name_, index, raw_types[name_], skills, where)
        for index, name_ in enumerate(TYPE_NAMES)
    }
    _check_unique_skills(types, skills, where)
    _check_named_skills(skills, where)
    return Table(str(name), source, types, skills, tuple(types.values()))


def _check_unique_skills(types: dict[str, UnitType], skills: dict[str, Skill], where: str) -> None:
    """Each type has its own unique skill, and every unique skill belongs to a type."""
    owners: dict[str, str] = {}
    for unit_type in types.values():
        if unit_type.unique in owners:
            raise ConfigError(
                f"{where}: types {owners[unit_type.unique]} and {unit_type.name} share the unique "
                f"skill {quote_value(unit_type.unique)}; each type has its own"
            )
        owners[unit_type.unique] = unit_type.name
    for skill in skills.values():
        if skill.kind == "unique" and skill.id not in owners:
            raise ConfigError(f"{where}: unique skill {quote_value(skill.id)} belongs to no type")


def _check_named_skills(skills: dict[str, Skill], where: str) -> None:
    """The text's rule changes name these two skills: Covering Fire is high priority and
    Rushing passes through allied units (TG10)."""
    cover = skills.get("covering-fire")
    if cover is None or cover.kind != "ranged" or cover.priority != "high":
        raise ConfigError(f"{where}: skill 'covering-fire' must exist, ranged, priority high")
    rush = skills.get("rush")
    if rush is None or rush.kind != "melee" or rush.effect != "rush":
        raise ConfigError(f"{where}: skill 'rush' must exist, melee, with effect rush")


def _mapping(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise ConfigError(f"{where} must be a non-empty table")
    return value


def _int(raw: dict[str, Any], key: str, where: str, low: int, high: int = MAX_NUMBER) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ConfigError(
            f"{where}: {key} must be an integer {low}-{high}, got {quote_value(value)}"
        )
    return value


def _number(raw: dict[str, Any], key: str, where: str, default: float) -> float:
    value = raw.get(key, default)
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not 0 <= value <= MAX_MULTIPLIER
    ):
        raise ConfigError(
            f"{where}: {key} must be a number from 0 to {MAX_MULTIPLIER:g}, "
            f"got {quote_value(value)}"
        )
    # Multipliers in quarters keep health an exact binary fraction.
    if float(value) * 4 != int(float(value) * 4):
        raise ConfigError(f"{where}: {key} must be a multiple of 0.25, got {quote_value(value)}")
    return float(value)


def _flag(raw: dict[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: {key} must be true or false, got {quote_value(value)}")
    return value


def _reach(raw: Any, where: str) -> Reach:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: range must be {{ columns = [first, last], rows = N }}")
    columns = raw.get("columns")
    if (
        not isinstance(columns, list)
        or len(columns) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in columns)
        or columns[0] > columns[1]
        or not -9 <= columns[0] <= 9
        or not -9 <= columns[1] <= 9
    ):
        raise ConfigError(
            f"{where}: range columns must be [first, last] integers with first <= last, "
            f"between -9 and 9, got {quote_value(columns)}"
        )
    rows = _int(raw, "rows", f"{where} range", 0, 2)
    return Reach(columns[0], columns[1], rows)


def _type(name: str, index: int, raw: Any, skills: dict[str, Skill], source: str) -> UnitType:
    where = f"{source}: type {name}"
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table")
    kind = raw.get("class")
    if kind not in ("melee", "ranged"):
        raise ConfigError(f"{where}: class must be melee or ranged, got {quote_value(kind)}")
    health = _int(raw, "health", where, 1)
    attack = _int(raw, "attack", where, 0)
    defense = _int(raw, "defense", where, 0)
    speed = _int(raw, "speed", where, 0)
    bonus = raw.get("bonus")
    if not isinstance(bonus, dict) or bonus.get("stat") not in STATS:
        raise ConfigError(
            f"{where}: bonus must be {{ stat = {' | '.join(STATS)}, amount = N }}, "
            f"got {quote_value(bonus)}"
        )
    amount = _int(bonus, "amount", f"{where} bonus", 0)
    reach = _reach(raw.get("range"), where)
    if reach.first < 1:
        raise ConfigError(f"{where}: an attack range starts at least 1 column ahead")
    effective = raw.get("effective")
    if not isinstance(effective, list) or not all(e in TYPE_NAMES for e in effective):
        raise ConfigError(
            f"{where}: effective must be a list of type names ({', '.join(TYPE_NAMES)}), "
            f"got {quote_value(effective)}"
        )
    unique = raw.get("unique")
    if not isinstance(unique, str) or unique not in skills:
        raise ConfigError(f"{where}: unique skill {quote_value(unique)} is not in [skills]")
    if skills[unique].kind != "unique":
        raise ConfigError(f"{where}: skill {quote_value(unique)} must have class unique")
    return UnitType(
        name,
        index,
        kind,
        health,
        attack,
        defense,
        speed,
        str(bonus["stat"]),
        amount,
        reach,
        frozenset(effective),
        str(unique),
    )


def _one_of(raw: dict[str, Any], key: str, allowed: tuple[str, ...], where: str, words: str) -> str:
    """``raw[key]`` if it is one of ``allowed``, else ConfigError saying ``key must be words``."""
    value = raw.get(key)
    if value not in allowed:
        raise ConfigError(f"{where}: {key} must be {words}, got {quote_value(value)}")
    return str(value)


def _skill_name(sid: str, raw: Any, where: str) -> str:
    """The skill's id is well formed and ``raw`` is a table with a name; that name."""
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} must be a table")
    if not sid or not all(c.isalnum() or c == "-" for c in sid) or sid != sid.lower():
        raise ConfigError(f"{where}: a skill id is lower-case letters, digits and hyphens")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"{where}: name must be a non-empty string")
    return name


def _target(raw: dict[str, Any], effect: str, where: str) -> str:
    target = _one_of(raw, "target", ("self", "cell"), where, "self or cell")
    if effect in SELF_EFFECTS and target != "self":
        raise ConfigError(f"{where}: a {effect} skill moves its user: target must be self")
    if effect in ("strike", "heal", "shove") and target != "cell":
        raise ConfigError(f"{where}: a {effect} skill needs a target tile: target must be cell")
    return target


def _boosts(raw: dict[str, Any], where: str) -> tuple[tuple[str, int], ...]:
    """A boost skill's ``stats``: attack/defense/speed -> an integer within +-MAX_BOOST."""
    stats = raw.get("stats")
    if (
        not isinstance(stats, dict)
        or not stats
        or not all(k in BOOST_STATS for k in stats)
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and -MAX_BOOST <= v <= MAX_BOOST
            for v in stats.values()
        )
    ):
        raise ConfigError(
            f"{where}: stats must map attack/defense/speed to integers from -{MAX_BOOST} "
            f"to {MAX_BOOST}, got {quote_value(stats)}"
        )
    return tuple((k, int(stats[k])) for k in BOOST_STATS if k in stats)


def _skill(sid: str, raw: Any, source: str) -> Skill:
    where = f"{source}: skill {sid}"
    name = _skill_name(sid, raw, where)
    kind = _one_of(raw, "class", ("melee", "ranged", "unique"), where, "melee, ranged or unique")
    priority = _one_of(raw, "priority", PRIORITIES, where, "high, normal or low")
    effect = _one_of(raw, "effect", EFFECTS, where, f"one of {', '.join(EFFECTS)}")
    target = _target(raw, effect, where)
    reach = _reach(raw.get("range"), where) if target == "cell" else None
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise ConfigError(f"{where}: text must be a string")
    boosts = _boosts(raw, where) if effect == "boost" else ()
    return Skill(
        id=sid,
        name=name,
        kind=kind,
        priority=priority,
        target=target,
        reach=reach,
        effect=effect,
        multiplier=_number(raw, "multiplier", where, 1.0),
        splash=_number(raw, "splash", where, 0.0),
        pierce=_number(raw, "pierce", where, 0.0),
        ignore_defense=_flag(raw, "ignore_defense", where),
        pin=_flag(raw, "pin", where),
        boosts=boosts,
        amount=_int(raw, "amount", where, 1) if effect == "heal" else 0,
        counter=_flag(raw, "counter", where),
        distance=_int(raw, "distance", where, 1, 9) if effect == "rush" else 0,
        text=text,
    )
