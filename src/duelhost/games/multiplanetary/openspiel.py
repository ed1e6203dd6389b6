"""What ``duelhost.openspiel`` needs to know about Multiplanetary beyond its spec.

The map is the game's only randomness (MP10): one chance node at the start picks map ``k`` of
``maps`` (an OpenSpiel parameter), the one ``duelhost maps generate --seed k`` makes. The
tick cap bounds a match; 20,000 nodes is far beyond it.
"""

from __future__ import annotations

from typing import Any

import duelhost

PARAMETERS: dict[str, Any] = {"maps": 16}
"""How many maps the opening chance node chooses among."""


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return 20_000


def chance(game: duelhost.Game, seed: int, params: dict[str, Any]) -> list[tuple[int, str]]:
    """The opening chance node: engine seed ``k`` for map ``k``."""
    return [(k, f"map {k}") for k in range(int(params["maps"]))]
