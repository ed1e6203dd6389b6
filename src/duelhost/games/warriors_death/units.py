"""The ten units of A Warrior's Death and the submission notation (RULINGS WD1).

A submission names one unit by its strength (``"9"``), its name or an unambiguous prefix of it,
in any case and with or without spaces (``"black mage"``, ``"Black"``, ``"blackm"``). The
Astrologian also names the unit it predicts and the Blue Mage the unit it is disguised as:
``"1 5"``, ``"astrologian samurai"``, ``"astrologian predicting samurai"``, ``"blue mage as
reaper"``, ``"2 6"``. The canonical forms are ``"Black Mage"``, ``"Astrologian predicting
Samurai"`` and ``"Blue Mage as Reaper"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from duelhost.core.errors import IllegalAction

CHOCOBO = 0
ASTROLOGIAN = 1
BLUE_MAGE = 2
BARD = 3
SAGE = 4
SAMURAI = 5
REAPER = 6
DARK_KNIGHT = 7
DRAGOON = 8
BLACK_MAGE = 9

UNITS = (
    "Chocobo",
    "Astrologian",
    "Blue Mage",
    "Bard",
    "Sage",
    "Samurai",
    "Reaper",
    "Dark Knight",
    "Dragoon",
    "Black Mage",
)
"""Unit names by printed strength: a unit's number is its strength."""

ABILITIES = (
    "none",
    "Divination",
    "Aetheric Mimicry",
    "Battle Voice",
    "Kardia",
    "Third Eye",
    "Enshroud",
    "Living Dead",
    "Dragon Sight",
    "Paradox",
)

_CONNECTORS = frozenset({"as", "predict", "predicts", "predicting", "on", "disguised"})
_DIGITS = "0123456789"
"""Strengths are ASCII digits: ``"²".isdigit()`` is true too, but ``int("²")`` fails."""
_KEYS = tuple("".join(name.lower().split()) for name in UNITS)
MAX_TEXT = 100
"""Longest submission read: the longest canonical play, ``"Astrologian predicting Black
Mage"``, is 33 characters, so this leaves room for generous spacing."""
UNIT_LIST = ", ".join(f"{number} {name}" for number, name in enumerate(UNITS))


@dataclass(frozen=True, slots=True)
class Play:
    """One round's submission: a unit and, for the Astrologian and Blue Mage, a second unit
    (the prediction or the disguise; -1 otherwise)."""

    unit: int
    second: int = -1

    @property
    def text(self) -> str:
        """The canonical notation."""
        if self.unit == ASTROLOGIAN:
            return f"Astrologian predicting {UNITS[self.second]}"
        if self.unit == BLUE_MAGE:
            return f"Blue Mage as {UNITS[self.second]}"
        return UNITS[self.unit]


def _all_plays() -> tuple[Play, ...]:
    plays: list[Play] = [Play(CHOCOBO)]
    plays.extend(Play(ASTROLOGIAN, other) for other in range(10))
    plays.extend(Play(BLUE_MAGE, other) for other in range(10) if other != BLUE_MAGE)
    plays.extend(Play(unit) for unit in range(BARD, 10))
    return tuple(plays)


PLAYS = _all_plays()
"""Every submission there is, in unit order (then second unit order)."""

BY_TEXT: dict[str, Play] = {}
TEXT_OF: dict[tuple[int, int], str] = {}
"""Canonical text by (unit, second unit or -1)."""
for _play in PLAYS:
    BY_TEXT[_play.text] = _play
    BY_TEXT[_play.text.lower()] = _play
    TEXT_OF[(_play.unit, _play.second)] = _play.text


def _candidates(key: str) -> list[int]:
    """Units that ``key`` (lower case, no spaces) names: by strength, exactly or by prefix."""
    if len(key) == 1 and key in _DIGITS:
        return [int(key)]
    if key in _KEYS:
        return [_KEYS.index(key)]
    return [number for number, name in enumerate(_KEYS) if name.startswith(key)]


def _names(units: list[int]) -> str:
    return ", ".join(UNITS[unit] for unit in units)


def parse_play(text: str) -> Play:
    """The submission ``text`` names (WD1); ``IllegalAction`` saying what is wrong otherwise.

    Does not check whether the unit may be played now: that is the state's business.
    """
    known = BY_TEXT.get(text)
    if known is not None:
        return known
    if len(text) > MAX_TEXT:
        # Refuse at once: every split of the words is tried below (quadratic in their number).
        raise IllegalAction(
            f"illegal play '{text.strip()[:20]}...': too long ({len(text)} characters, at most "
            f"{MAX_TEXT}); name a unit ({UNIT_LIST})"
        )
    words = text.replace(",", " ").replace(":", " ").lower().split()
    if not words:
        raise IllegalAction(f"empty submission: name a unit ({UNIT_LIST})")
    whole = _candidates("".join(words))
    if len(whole) == 1:
        return _single(text, whole[0])
    pairs, ambiguous, missing = _splits(words)
    if len(pairs) == 1:
        return _double(text, *pairs[0])
    if len(pairs) > 1:
        options = "; ".join(f"{UNITS[a]} and {UNITS[b]}" for a, b in pairs)
        raise IllegalAction(f"illegal play '{text}': it could mean {options}")
    if missing is not None:
        if missing in (ASTROLOGIAN, BLUE_MAGE):
            _single(text, missing)  # raises: the second unit is missing
        raise _no_second(text, missing)
    if len(whole) > 1:
        raise IllegalAction(
            f"illegal play '{text}': '{' '.join(words)}' is ambiguous: it could be {_names(whole)}"
        )
    if ambiguous is not None:
        raise IllegalAction(f"illegal play '{text}': {ambiguous}")
    raise IllegalAction(f"illegal play '{text}': that names no unit; the units are {UNIT_LIST}")


def _splits(words: list[str]) -> tuple[list[tuple[int, int]], str | None, int | None]:
    """Every way to read ``words`` as two units: the (unit, second unit) pairs that fit, the
    first ambiguity met in a second unit, and a unit named with a connector but no second."""
    pairs: list[tuple[int, int]] = []
    ambiguous: str | None = None
    missing: int | None = None
    for split in range(1, len(words)):
        first = _candidates("".join(words[:split]))
        rest = words[split:]
        if rest[0] in _CONNECTORS:
            rest = rest[1:]  # "as", "predicting": the second unit follows
            if not rest:
                if len(first) == 1:
                    missing = first[0]
                continue
        second = _candidates("".join(rest))
        if len(first) == 1 and len(second) == 1:
            pairs.append((first[0], second[0]))
        elif len(first) == 1 and len(second) > 1 and ambiguous is None:
            ambiguous = f"'{' '.join(rest)}' is ambiguous: it could be {_names(second)}"
    return pairs, ambiguous, missing


def _single(text: str, unit: int) -> Play:
    if unit == ASTROLOGIAN:
        raise IllegalAction(
            f"illegal play '{text}': an Astrologian must predict the opponent's unit, "
            "e.g. 'astrologian samurai' or '1 5'"
        )
    if unit == BLUE_MAGE:
        raise IllegalAction(
            f"illegal play '{text}': a Blue Mage must name its disguise, "
            "e.g. 'blue mage as reaper' or '2 6'"
        )
    return BY_TEXT[UNITS[unit]]


def _double(text: str, unit: int, second: int) -> Play:
    if unit == ASTROLOGIAN:
        return Play(ASTROLOGIAN, second)
    if unit == BLUE_MAGE:
        if second == BLUE_MAGE:
            raise IllegalAction(
                f"illegal play '{text}': a Blue Mage is disguised as another unit, not itself"
            )
        return Play(BLUE_MAGE, second)
    raise _no_second(text, unit)


def _no_second(text: str, unit: int) -> IllegalAction:
    return IllegalAction(
        f"illegal play '{text}': only the Astrologian and the Blue Mage name a second unit; "
        f"submit just '{UNITS[unit]}'"
    )
