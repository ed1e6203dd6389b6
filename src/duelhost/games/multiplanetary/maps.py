"""Multiplanetary Empire maps: cells, the JSON map format, its validation (MP10) and the generator.

A map is ``{"planets": [{"cell": "A1", "size": 5, "owner": 0, "ships": 0}, ...]}`` with
``owner`` null for a neutral planet. ``normalise_map`` accepts such a dict, its JSON text or the
path of a JSON file, checks it against MP10 and returns the canonical dict (planets sorted by
column, then row) or raises ``ConfigError`` saying what is wrong. ``generate_map`` makes a fair
map from a match seed (G6).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from duelhost.core.errors import ConfigError, quote, quote_value
from duelhost.core.rng import derive

COLUMNS = 10
ROWS = 10
COLUMN_LETTERS = "ABCDEFGHIJ"
MAX_SHIPS = 999
"""MP7: no planet ever holds more ships than this."""
HOMES = {0: (1, 1), 1: (10, 10)}
"""MP10: seat 0 (Red) starts on A1, seat 1 (Blue) on J10, both size 5 with 0 ships."""
MIN_OTHER_PLANETS = 10
GENERATED_PAIRS = (5, 8)
"""The generator places 5 to 8 mirrored pairs: 10 to 16 planets besides the homes."""

_CELL = re.compile(r"^([A-Ja-j])(10|[1-9])$")
_PLANET_KEYS = ("cell", "size", "owner", "ships")
_PATH_QUOTE_LIMIT = 260
"""Errors quote a map file's path up to this length (a path is longer than other input)."""


def cell_name(x: int, y: int) -> str:
    """``(3, 4)`` -> ``"C4"``: 1-based column and row (MP1)."""
    return f"{COLUMN_LETTERS[x - 1]}{y}"


def cell_xy(text: str) -> tuple[int, int] | None:
    """``"C4"`` (any case) -> ``(3, 4)``; None if ``text`` is not a cell of the 10x10 board."""
    match = _CELL.match(text.strip())
    if match is None:
        return None
    return COLUMN_LETTERS.index(match.group(1).upper()) + 1, int(match.group(2))


def mirror(x: int, y: int) -> tuple[int, int]:
    """MP10: the cell that the 180-degree rotation about the centre maps ``(x, y)`` to."""
    return COLUMNS + 1 - x, ROWS + 1 - y


def normalise_map(value: Any) -> dict[str, Any]:
    """The canonical form of a map given as a dict, JSON text or file path; ConfigError if bad."""
    if isinstance(value, (str, os.PathLike)):
        value = _load(value)
    if not isinstance(value, dict):
        raise ConfigError(
            f"map: must be an object with a 'planets' list, got {type(value).__name__}"
        )
    unknown = sorted(str(key) for key in value if key != "planets")
    if unknown:
        raise ConfigError(
            f"map: unknown key {quote_value(unknown[0])} (a map holds only 'planets')"
        )
    planets = value.get("planets")
    if not isinstance(planets, list):
        raise ConfigError("map: 'planets' must be a list of planets")
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for number, planet in enumerate(planets, start=1):
        checked = _check_planet(number, planet)
        xy = cell_xy(checked["cell"])
        assert xy is not None
        if xy in seen:
            raise ConfigError(f"map: two planets on {checked['cell']} (MP10: one planet a cell)")
        seen[xy] = checked
    _check_homes(seen)
    others = len(seen) - 2
    if others < MIN_OTHER_PLANETS:
        raise ConfigError(
            f"map: {others} planets besides the homes; MP10 needs at least {MIN_OTHER_PLANETS}"
        )
    _check_symmetry(seen)
    ordered = [seen[xy] for xy in sorted(seen)]
    return {"planets": ordered}


def _load(path: str | os.PathLike[str]) -> Any:
    text = str(path).strip()
    if not text:
        raise ConfigError("map: the text is empty (give a map as JSON or the path of a file)")
    if text.startswith("{"):
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as error:
            raise ConfigError(f"map: not valid JSON: {error}") from None
    file = Path(path)
    try:
        content = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"map file {quote(str(path), _PATH_QUOTE_LIMIT)} not found") from None
    except (OSError, ValueError) as error:
        # ValueError: not UTF-8 (UnicodeDecodeError), or a path with a NUL character.
        raise ConfigError(
            f"map file {quote(str(path), _PATH_QUOTE_LIMIT)} cannot be read: {error}"
        ) from None
    try:
        return json.loads(content)
    except (ValueError, RecursionError) as error:
        raise ConfigError(
            f"map file {quote(str(path), _PATH_QUOTE_LIMIT)} is not valid JSON: {error}"
        ) from None


def _check_planet(number: int, planet: Any) -> dict[str, Any]:
    where = f"map: planet {number}"
    if not isinstance(planet, dict):
        raise ConfigError(f"{where} must be an object with {', '.join(_PLANET_KEYS)}")
    unknown = sorted(str(key) for key in planet if key not in _PLANET_KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key {quote_value(unknown[0])} (keys: {', '.join(_PLANET_KEYS)})"
        )
    missing = [key for key in _PLANET_KEYS if key not in planet]
    if missing:
        raise ConfigError(f"{where} lacks {missing[0]!r}")
    cell = planet["cell"]
    xy = cell_xy(cell) if isinstance(cell, str) else None
    if xy is None:
        raise ConfigError(
            f"{where}: cell must be a cell from A1 to J10 (MP1), got {quote_value(cell)}"
        )
    name = cell_name(*xy)
    return {"cell": name, **_planet_numbers(planet, f"map: planet {name}")}


def _planet_numbers(planet: dict[str, Any], where: str) -> dict[str, Any]:
    """A planet's size (1-5), owner (0, 1 or None) and ships (0 to MAX_SHIPS), checked."""
    size = planet["size"]
    if not _is_int(size) or not 1 <= size <= 5:
        raise ConfigError(f"{where}: size must be an integer from 1 to 5, got {quote_value(size)}")
    owner = planet["owner"]
    if owner is not None and (not _is_int(owner) or owner not in (0, 1)):
        raise ConfigError(
            f"{where}: owner must be 0, 1 or null (neutral), got {quote_value(owner)}"
        )
    ships = planet["ships"]
    if not _is_int(ships) or not 0 <= ships <= MAX_SHIPS:
        raise ConfigError(
            f"{where}: ships must be an integer from 0 to {MAX_SHIPS} (MP7), "
            f"got {quote_value(ships)}"
        )
    return {"size": size, "owner": owner, "ships": ships}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_homes(planets: dict[tuple[int, int], dict[str, Any]]) -> None:
    for seat, xy in HOMES.items():
        home = planets.get(xy)
        name = cell_name(*xy)
        if home is None:
            raise ConfigError(f"map: no home planet on {name} (MP10: seat {seat} starts there)")
        if home["owner"] != seat or home["size"] != 5 or home["ships"] != 0:
            raise ConfigError(
                f"map: the home planet on {name} must have size 5, owner {seat} and 0 ships "
                f"(MP10), got size {home['size']}, owner {home['owner']}, {home['ships']} ships"
            )
    for xy, planet in planets.items():
        if xy not in HOMES.values() and planet["owner"] is not None:
            raise ConfigError(
                f"map: planet {planet['cell']} is owned by {planet['owner']}; every planet but "
                "the two homes starts neutral (owner null)"
            )


def _check_symmetry(planets: dict[tuple[int, int], dict[str, Any]]) -> None:
    for (x, y), planet in planets.items():
        other = planets.get(mirror(x, y))
        mirror_name = cell_name(*mirror(x, y))
        if other is None:
            raise ConfigError(
                f"map: planet {planet['cell']} has no mirror planet on {mirror_name} "
                "(MP10: the map is symmetric under the 180-degree rotation)"
            )
        if other["size"] != planet["size"] or other["ships"] != planet["ships"]:
            raise ConfigError(
                f"map: planet {planet['cell']} (size {planet['size']}, {planet['ships']} ships) "
                f"and its mirror {mirror_name} (size {other['size']}, {other['ships']} ships) "
                "differ (MP10: sizes and garrisons are equal)"
            )


# ---------------------------------------------------------------------- the generator

_SIZE_WEIGHTS = (3, 3, 3, 2, 1)
"""Relative frequency of sizes 1-5 among generated planets."""


def _garrison_range(size: int) -> tuple[int, int]:
    """Neutral garrisons grow with size: richer planets cost more to take."""
    return 2 + 2 * size, 5 + 5 * size


def generate_map(seed: int) -> dict[str, Any]:
    """A fair MP10 map from ``seed``: the homes, 10-16 other planets in mirrored pairs of mixed
    sizes (at least three different sizes) with neutral garrisons; never two on one cell."""
    rng = derive(seed, "multiplanetary", "map")
    pairs = rng.randint(*GENERATED_PAIRS)
    # One cell of each mirrored pair, the homes' pair excluded; its mirror is the other cell.
    halves = [
        (x, y)
        for x in range(1, COLUMNS + 1)
        for y in range(1, ROWS + 1)
        if (x, y) < mirror(x, y) and (x, y) != HOMES[0]
    ]
    cells = rng.sample(halves, pairs)
    while True:
        sizes = rng.choices(range(1, 6), weights=_SIZE_WEIGHTS, k=pairs)
        if len(set(sizes)) >= 3:
            break
    planets = [
        {"cell": cell_name(*HOMES[0]), "size": 5, "owner": 0, "ships": 0},
        {"cell": cell_name(*HOMES[1]), "size": 5, "owner": 1, "ships": 0},
    ]
    for (x, y), size in zip(cells, sizes, strict=True):
        ships = rng.randint(*_garrison_range(size))
        for cx, cy in ((x, y), mirror(x, y)):
            planets.append({"cell": cell_name(cx, cy), "size": size, "owner": None, "ships": ships})
    return normalise_map({"planets": planets})
