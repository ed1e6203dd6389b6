"""What ``duelhost.openspiel`` needs to know about Tactical Genius beyond its spec.

The only randomness is the coin flip that, with equal garnets, gives one seat the even speed
bonuses (TG4): one chance node at the start, whose two outcomes are the first two engine
seeds (from the parameter ``seed`` on) whose flips differ. 20,000 nodes is far beyond the
rules' own caps.
"""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.rng import derive


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return 20_000


def chance(game: duelhost.Game, seed: int, params: dict[str, Any]) -> list[tuple[int, str]] | None:
    """The coin flip as a chance node; None (no chance) with unequal garnets."""
    options = game.options
    if options["garnets0"] != options["garnets1"]:
        return None
    found: dict[int, int] = {}
    candidate = seed
    while len(found) < 2:
        flip = derive(candidate, "tactical_genius", "even-bonuses").randrange(2)
        found.setdefault(flip, candidate)
        candidate += 1
    return [(found[flip], f"coin flip: seat {flip} gives the even bonuses") for flip in (0, 1)]
