"""Goofspiel's fixed action encoding and observation for learning (``duelhost.core.encoding``).

Actions: index ``i`` sends the fleet of size ``i + 1`` (``num_actions = planets``); the mask is
the seat's remaining sizes (``legal()``). Size 0 is never an index: it is what a timeout sends
(GO3).

Observation (``4 * planets + 2 * galaxies + 8`` floats, from the seat's view, the seat's own
side first): the worth of the planet fought now (one-hot over 1..planets), the strategic value
of the galaxy fought now (one-hot over 1..galaxies), the round within the bout (one-hot), the
bout (one-hot), the remaining fleets of each size (own, then the opponent's, as a fraction of
``galaxies``), net worth this bout (own, opponent's, over 1 + ... + planets), strategic value
(own, opponent's, over 1 + ... + galaxies), fleets destroyed by timeouts (own, opponent's),
the replay number over ``max_replays + 1`` and whether the match is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, one_hot


class GoofspielEncoding(SingleStep):
    needs_view = False
    """``choices`` reads ``legal()`` only (the research drivers skip making a view)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.galaxies = int(options["galaxies"])
        self.planets = int(options["planets"])
        self.max_replays = int(options["max_replays"])
        self.num_actions = self.planets
        self.observation_size = 4 * self.planets + 2 * self.galaxies + 8

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        return int(text) - 1

    def describe(self, index: int) -> str:
        return f"send the fleet of size {index + 1}: {index + 1}"

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        planets, galaxies = self.planets, self.galaxies
        me = view["seat"] if view["seat"] is not None else 0
        seats = (me, 1 - me)
        worth = view["worth"]
        galaxy = view["galaxy"]
        value = view["values"].get(galaxy) if galaxy is not None else None
        obs = one_hot(planets, None if worth is None else worth - 1)
        obs += one_hot(galaxies, None if value is None else value - 1)
        obs += one_hot(planets, None if view["round"] is None else view["round"] - 1)
        obs += one_hot(galaxies, None if view["bout"] is None else view["bout"] - 1)
        for seat in seats:
            fleets = view["fleets"][str(seat)]
            obs += [fleets[str(size)] / galaxies for size in range(1, planets + 1)]
        worth_total = planets * (planets + 1) / 2
        value_total = galaxies * (galaxies + 1) / 2
        obs += [view["points"][seat] / worth_total for seat in seats]
        obs += [view["strategic"][seat] / value_total for seat in seats]
        obs += [view["destroyed"][seat] / (galaxies * planets) for seat in seats]
        obs += [view["replay"] / (self.max_replays + 1), float(view["is_over"])]
        return obs


def encoding(options: dict[str, Any]) -> GoofspielEncoding:
    """The encoding for a game loaded with ``options``."""
    return GoofspielEncoding(options)
