"""Goofspiel deals: galaxy and planet labels, drawing a deal from the seed, fixed-deal options.

A *deal* is everything chance decides in one playing of a match (RULINGS GO1): the order in
which the galaxies are fought, each galaxy's strategic value, each galaxy's planet order and
each planet's worth. It is drawn from the match seed (G6) or, for the first playing, fixed by
the options ``galaxy_order``, ``values``, ``planet_orders`` and ``worths`` (GO5). The option
checks here validate each fixed part on its own and normalise it to one canonical JSON form;
``check_fixed_sizes`` then checks the parts against the ``galaxies`` and ``planets`` options.
"""

from __future__ import annotations

import _random
import string
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.core.rng import derive_seed

MAX_GALAXIES = 26
MAX_PLANETS = 26

GALAXY_NAMES = (
    "Andromeda",
    "Butterfly",
    "Cartwheel",
    "Draco",
    "Eye of Sauron",
    "Fireworks",
    "Garland",
)
"""The seven galaxies of the text, A to G; further galaxies are named by their letter."""


def galaxy_letter(index: int) -> str:
    """Galaxy 0 is A, 1 is B, ..."""
    return string.ascii_uppercase[index]


def galaxy_name(index: int) -> str:
    if index < len(GALAXY_NAMES):
        return GALAXY_NAMES[index]
    return f"Galaxy {galaxy_letter(index)}"


def planet_letters(planets: int) -> str:
    """The planet labels of a galaxy: the ``planets`` letters ending at Z (seven: T to Z)."""
    return string.ascii_uppercase[MAX_PLANETS - planets :]


@dataclass(frozen=True, slots=True)
class Deal:
    """One playing's deal, by index: galaxy ``g`` is letter ``galaxy_letter(g)``, planet ``p``
    of a galaxy is ``planet_letters(planets)[p]``."""

    order: tuple[int, ...]
    """Galaxy indices in bout order."""
    values: tuple[int, ...]
    """Strategic value of each galaxy."""
    planet_orders: tuple[tuple[int, ...], ...]
    """For each galaxy, its planet indices in round order."""
    worths: tuple[tuple[int, ...], ...]
    """For each galaxy, the worth of each planet."""

    def to_json(self, planets: int) -> dict[str, Any]:
        """The deal in the canonical form of the fixed-deal options."""
        labels = planet_letters(planets)
        galaxies = range(len(self.values))
        return {
            "galaxy_order": "".join(galaxy_letter(g) for g in self.order),
            "values": {galaxy_letter(g): self.values[g] for g in galaxies},
            "planet_orders": {
                galaxy_letter(g): "".join(labels[p] for p in self.planet_orders[g])
                for g in galaxies
            },
            "worths": {
                galaxy_letter(g): {labels[p]: w for p, w in enumerate(self.worths[g])}
                for g in galaxies
            },
        }


_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""For each list length, the swaps of a shuffle: (position, bound, bits to draw)."""


def shuffle(bits: Callable[[int], int], items: list[int]) -> None:
    """``random.Random.shuffle`` of CPython 3.11 and later, draw for draw (``bits`` is the
    generator's ``getrandbits``): the same Fisher-Yates walk from the end, each position's
    partner drawn by rejection with the bit length of its bound, without the two calls per
    position (a deal is a quarter of a classic match's time; ``test_deal`` checks it against
    ``Random.shuffle``)."""
    swaps = _SWAPS.get(len(items))
    if swaps is None:
        swaps = _SWAPS[len(items)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(items)))
        )
    for i, bound, k in swaps:
        j = bits(k)
        while j >= bound:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def draw_deal(
    seed: int, playing: int, galaxies: int, planets: int, fixed: dict[str, Any] | None = None
) -> Deal:
    """The deal of a playing (0: the match, 1, 2, ...: replays after a tie, GO4).

    Everything is drawn from ``derive(seed, "deal", playing)`` (G6); fixed parts (canonical
    option values, already checked by ``check_fixed_sizes``) replace what was drawn.
    """
    # ``derive(seed, "deal", playing)``'s generator: its C core, seeded as ``random.Random``
    # seeds it (the Python layer adds nothing ``getrandbits`` uses; ``test_deal`` checks).
    bits = _random.Random(derive_seed(seed, "deal", playing)).getrandbits
    order = list(range(galaxies))
    shuffle(bits, order)
    values = list(range(1, galaxies + 1))
    shuffle(bits, values)
    planet_orders: list[tuple[int, ...]] = []
    worths: list[tuple[int, ...]] = []
    for _ in range(galaxies):
        planet_order = list(range(planets))
        shuffle(bits, planet_order)
        planet_orders.append(tuple(planet_order))
        galaxy_worths = list(range(1, planets + 1))
        shuffle(bits, galaxy_worths)
        worths.append(tuple(galaxy_worths))
    if fixed:
        labels = planet_letters(planets)
        if fixed.get("galaxy_order") is not None:
            order = [ord(letter) - ord("A") for letter in fixed["galaxy_order"]]
        if fixed.get("values") is not None:
            values = [fixed["values"][galaxy_letter(g)] for g in range(galaxies)]
        if fixed.get("planet_orders") is not None:
            planet_orders = [
                tuple(labels.index(p) for p in fixed["planet_orders"][galaxy_letter(g)])
                for g in range(galaxies)
            ]
        if fixed.get("worths") is not None:
            worths = [
                tuple(fixed["worths"][galaxy_letter(g)][label] for label in labels)
                for g in range(galaxies)
            ]
    return Deal(tuple(order), tuple(values), tuple(planet_orders), tuple(worths))


# ---------------------------------------------------------------------- fixed-deal options


def _letters(value: Any, what: str) -> str:
    """A run of letters from a string ("CAB", "C A B", "c,a,b") or a list of letters."""
    if isinstance(value, str):
        text = "".join(ch for ch in value if ch not in " ,-")
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        text = "".join(item.strip() for item in value)
    else:
        raise ConfigError(f"{what} must be a string of letters such as 'CAB', got {value!r}")
    if not text or not text.isascii() or not text.isalpha():
        raise ConfigError(f"{what} must be a string of letters such as 'CAB', got {value!r}")
    return text.upper()


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{what} must be a whole number, got {value!r}")
    return value


def _by_galaxy(value: Any, option: str) -> dict[str, Any]:
    """A per-galaxy option given as an object keyed by galaxy letter, or as a list in galaxy
    letter order (A first)."""
    if isinstance(value, (list, dict)) and not value:
        raise ConfigError(f"option {option} must give at least one galaxy, got {value!r}")
    if isinstance(value, list):
        if len(value) > MAX_GALAXIES:
            raise ConfigError(f"option {option} lists {len(value)} galaxies; at most 26")
        return {galaxy_letter(g): item for g, item in enumerate(value)}
    if isinstance(value, dict):
        result: dict[str, Any] = {}
        for key, item in value.items():
            letter = str(key).strip().upper()
            if len(letter) != 1 or letter not in string.ascii_uppercase:
                raise ConfigError(f"option {option}: {key!r} is not a galaxy letter")
            if letter in result:
                raise ConfigError(f"option {option} names galaxy {letter} twice")
            result[letter] = item
        letters = "".join(sorted(result))
        expected = string.ascii_uppercase[: len(result)]
        if letters != expected:
            raise ConfigError(
                f"option {option} must give the galaxies {expected[0]}-{expected[-1]} "
                f"(one entry each), got {', '.join(letters)}"
            )
        return dict(sorted(result.items()))
    raise ConfigError(
        f"option {option} must be an object keyed by galaxy letter or a list in galaxy order, "
        f"got {value!r}"
    )


def check_galaxy_order(value: Any) -> str:
    """``galaxy_order``: the galaxy letters in bout order, e.g. ``"CAFGBDE"``."""
    order = _letters(value, "option galaxy_order")
    expected = string.ascii_uppercase[: len(order)]
    if "".join(sorted(order)) != expected:
        raise ConfigError(
            f"option galaxy_order must name each of the galaxies {expected[0]}-{expected[-1]} "
            f"once, got {order!r}"
        )
    return order


def check_values(value: Any) -> dict[str, int]:
    """``values``: the strategic value of each galaxy, 1 to n once each (GO1)."""
    values = {
        letter: _whole(item, f"option values: galaxy {letter}'s value")
        for letter, item in _by_galaxy(value, "values").items()
    }
    if sorted(values.values()) != list(range(1, len(values) + 1)):
        raise ConfigError(
            f"option values must give the {len(values)} galaxies the values 1 to {len(values)} "
            f"once each (GO1), got {values}"
        )
    return values


def check_planet_orders(value: Any) -> dict[str, str]:
    """``planet_orders``: for each galaxy, its planet letters in round order, e.g. ``"VTZ..."``."""
    orders = {
        letter: _letters(item, f"option planet_orders: galaxy {letter}'s planet order")
        for letter, item in _by_galaxy(value, "planet_orders").items()
    }
    sizes = {len(order) for order in orders.values()}
    if len(sizes) != 1:
        raise ConfigError(
            f"option planet_orders: every galaxy must have as many planets, got {orders}"
        )
    planets = sizes.pop()
    if planets > MAX_PLANETS:
        raise ConfigError(f"option planet_orders: at most {MAX_PLANETS} planets per galaxy")
    labels = planet_letters(planets)
    for letter, order in orders.items():
        if "".join(sorted(order)) != labels:
            raise ConfigError(
                f"option planet_orders: galaxy {letter}'s order must name each of the planets "
                f"{labels[0]}-{labels[-1]} once, got {order!r}"
            )
    return orders


def check_worths(value: Any) -> dict[str, dict[str, int]]:
    """``worths``: for each galaxy, each planet's worth, 1 to n once each (GO1). A galaxy's
    worths are an object keyed by planet letter or a list in planet letter order."""
    result: dict[str, dict[str, int]] = {}
    for letter, item in _by_galaxy(value, "worths").items():
        what = f"option worths: galaxy {letter}"
        if isinstance(item, list):
            if not item or len(item) > MAX_PLANETS:
                raise ConfigError(f"{what} must list 1 to {MAX_PLANETS} worths, got {item!r}")
            labels = planet_letters(len(item))
            worths = {labels[p]: _whole(w, f"{what}'s worths") for p, w in enumerate(item)}
        elif isinstance(item, dict):
            worths = _keyed_worths(item, what)
        else:
            raise ConfigError(
                f"{what} must be an object keyed by planet letter or a list of worths, got {item!r}"
            )
        if sorted(worths.values()) != list(range(1, len(worths) + 1)):
            raise ConfigError(
                f"{what}'s planets must have the worths 1 to {len(worths)} once each (GO1), "
                f"got {worths}"
            )
        result[letter] = worths
    if len({len(worths) for worths in result.values()}) != 1:
        raise ConfigError("option worths: every galaxy must have as many planets")
    return result


def _keyed_worths(item: dict[Any, Any], what: str) -> dict[str, int]:
    """A galaxy's worths given as an object keyed by planet letter, in letter order."""
    if not item or len(item) > MAX_PLANETS:
        raise ConfigError(f"{what} must give 1 to {MAX_PLANETS} worths, got {item!r}")
    labels = planet_letters(len(item))
    worths: dict[str, int] = {}
    for key, w in item.items():
        planet = str(key).strip().upper()
        if planet not in labels or len(planet) != 1:
            raise ConfigError(f"{what}: {key!r} is not one of its planets {labels[0]}-{labels[-1]}")
        if planet in worths:
            raise ConfigError(f"{what} gives planet {planet} twice")
        worths[planet] = _whole(w, f"{what}'s worths")
    return dict(sorted(worths.items()))


FIXED_OPTIONS = ("galaxy_order", "values", "planet_orders", "worths")


def check_fixed_sizes(options: dict[str, Any]) -> None:
    """The fixed-deal options (already normalised) against ``galaxies`` and ``planets``."""
    galaxies, planets = options["galaxies"], options["planets"]
    expected = f"galaxies={galaxies}"
    order = options.get("galaxy_order")
    if order is not None and len(order) != galaxies:
        raise ConfigError(f"option galaxy_order names {len(order)} galaxies but {expected}")
    for name in ("values", "planet_orders", "worths"):
        fixed = options.get(name)
        if fixed is not None and len(fixed) != galaxies:
            raise ConfigError(f"option {name} gives {len(fixed)} galaxies but {expected}")
    for name in ("planet_orders", "worths"):
        fixed = options.get(name)
        if fixed is not None:
            given = len(next(iter(fixed.values())))
            if given != planets:
                raise ConfigError(
                    f"option {name} gives {given} planets per galaxy but planets={planets}"
                )
