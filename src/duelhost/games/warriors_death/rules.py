"""One round of A Warrior's Death as a pure function: two units in, the clash's outcome out.

``clash`` applies RULINGS WD2-WD10 to the units both seats really played (a Blue Mage is a
Blue Mage whatever its disguise: WD3, WD11). The state (``state.py``) feeds it the carried
Battle Voice buffs and applies what it returns: points, the underworlds, Third Eye returns,
Living Dead revivals and new buffs. Keeping the round pure makes every ability testable on
its own, including interactions that ordinary play cannot reach (see the rules page).
"""

from __future__ import annotations

from typing import NamedTuple

from duelhost.games.warriors_death.units import (
    ASTROLOGIAN,
    BARD,
    BLACK_MAGE,
    BLUE_MAGE,
    DARK_KNIGHT,
    DRAGOON,
    REAPER,
    SAGE,
    SAMURAI,
)

TIE = -1
ENSHROUD_STRENGTH = 8
DRAGON_SIGHT_MARGIN = 6
DRAGON_SIGHT_GAIN = 3

_NOT_COPIED = frozenset({ASTROLOGIAN, BLUE_MAGE, SAGE})


class Clash(NamedTuple):
    """What happened in one round, for both seats (index = seat)."""

    strength: tuple[int, int]
    """Strengths in the round: printed + carried buffs + Divination."""
    winner: int
    """The true winner, or TIE (-1)."""
    death: tuple[int, int]
    """Strength in death (meaningless for a unit that survives)."""
    survives: tuple[bool, bool]
    """Third Eye: the unit won and goes back to its owner's hand (WD6)."""
    revivable: tuple[bool, bool]
    """Living Dead: the unit may be played again in the very next round (WD8, WD5)."""
    voice: tuple[int, int]
    """Battle Voice: +1 for each of the owner's next two units (WD4, WD5)."""
    copied: tuple[int, int]
    """The unit whose ability a Sage copied (-1: none, or not a Sage)."""


def copied_ability(opponent: int) -> int:
    """The ability a Sage copies from the unit the opponent really played (WD5), or -1.

    Not the Astrologian's or the Blue Mage's (WD5); not another Sage's Kardia (copying a copy
    would copy nothing). A revived Dark Knight still holds Living Dead during its revival round
    (WD5 as revised: it loses it on that death), so a Sage facing it copies Living Dead.
    """
    if opponent in _NOT_COPIED:
        return -1
    return opponent


def _strengths(
    units: tuple[int, int], seconds: tuple[int, int], boosts: tuple[int, int]
) -> list[int]:
    """The strengths the round compares."""
    # WD2: effects carried from earlier rounds first (Battle Voice, WD4) ...
    strength = [units[0] + boosts[0], units[1] + boosts[1]]
    # ... then abilities in unit order. Only Divination (1) acts before the strengths are
    # compared; two Astrologians divine at the same time, each gaining the other's strength
    # as it stood before either gained (WD3).
    gain = [0, 0]
    for seat in (0, 1):
        if units[seat] == ASTROLOGIAN and seconds[seat] == units[1 - seat]:
            gain[seat] = strength[1 - seat]
    return [strength[0] + gain[0], strength[1] + gain[1]]


def _winner(strength: list[int]) -> int:
    """The stronger seat, or TIE."""
    if strength[0] > strength[1]:
        return 0
    if strength[1] > strength[0]:
        return 1
    return TIE


def clash(
    units: tuple[int, int],
    seconds: tuple[int, int],
    revived: tuple[bool, bool],
    boosts: tuple[int, int],
) -> Clash:
    """Resolve one round.

    ``units`` are the units really played (0-9), ``seconds`` the Astrologian's prediction or
    the Blue Mage's disguise (-1 otherwise), ``revived`` whether a unit is being played again
    through Living Dead, ``boosts`` the Battle Voice buffs carried from earlier rounds.
    """
    strength = _strengths(units, seconds, boosts)
    winner = _winner(strength)

    ability = [units[0], units[1]]
    copied = [-1, -1]
    for seat in (0, 1):
        if units[seat] == SAGE:
            copied[seat] = copied_ability(units[1 - seat])
            ability[seat] = copied[seat]

    death = [strength[0], strength[1]]
    survives = [False, False]
    revivable = [False, False]
    voice = [0, 0]
    # The rest act on death or later, in unit order 0-9 (a Sage at its own place, 4). Order
    # matters for Paradox (9), which reads the opponent's strength in death after Enshroud (6)
    # or a copied ability has set it (WD10: a Black Mage that beats a Reaper dies as 8).
    order = (0, 1) if units[0] <= units[1] else (1, 0)
    for seat in order:
        other = 1 - seat
        effect = ability[seat]
        if effect == BARD:
            voice[seat] = 1
        elif effect == SAMURAI:
            survives[seat] = winner == seat
        elif effect == REAPER:
            if winner == other:
                death[seat] = ENSHROUD_STRENGTH
        elif effect == DARK_KNIGHT:
            # WD8/WD5: a unit revived by Living Dead dies for good (a Sage copying Living Dead
            # from a revived Dark Knight may come back once, if it was not revived itself).
            revivable[seat] = not revived[seat]
        elif effect == DRAGOON:
            if strength[seat] >= strength[other] + DRAGON_SIGHT_MARGIN:
                death[seat] += DRAGON_SIGHT_GAIN
        elif effect == BLACK_MAGE and winner == seat:
            death[seat] = death[other]  # WD10: after the abilities before it in unit order
    return Clash(
        strength=(strength[0], strength[1]),
        winner=winner,
        death=(death[0], death[1]),
        survives=(survives[0], survives[1]),
        revivable=(revivable[0], revivable[1]),
        voice=(voice[0], voice[1]),
        copied=(copied[0], copied[1]),
    )
