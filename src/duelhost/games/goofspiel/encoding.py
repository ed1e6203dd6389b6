"""Goofspiel's fixed action encoding and observation for learning (``duelhost.core.encoding``).

Actions: index ``i`` sends the fleet of size ``i + 1`` (``num_actions = planets``); the mask is
the seat's remaining sizes (``legal()``). Size 0 is never an index: it is what a timeout sends
(GO3).

Observation (``5 * planets + 3 * galaxies + 8`` floats, from the seat's view, the seat's own
side first): the worth of the planet fought now (one-hot over 1..planets), the strategic value
of the galaxy fought now (one-hot over 1..galaxies), the round within the bout (one-hot), the
bout (one-hot), the remaining fleets of each size (own, then the opponent's, as a fraction of
``galaxies``; the opponent's are 0 without ``show_history``, whose views hide them), net
worth this bout (own, opponent's, over 1 + ... + planets), strategic value
(own, opponent's, over 1 + ... + galaxies), fleets destroyed by timeouts (own, opponent's;
0 without ``show_history``),
the replay number over ``max_replays + 1``, whether the match is over; then the prizes still
to come: the worths of this galaxy's planets not yet revealed (1 per worth over 1..planets;
all 0 without ``show_history``, whose views hide past rounds, G4) and the strategic values of
the galaxies not yet revealed (1 per value over 1..galaxies). docs/research.md lays it out.

``observe_state(state, seat, draft)`` is the same observation read off the match state without
making the view (issue 27's speed goal: the research drivers use it when a game offers it); it
reads only what ``view(seat)`` shows, and ``tests/envs/test_encodings.py`` checks it equal to
``observe(view(seat))`` at every step of random matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, Step, Valid, one_hot


class GoofspielEncoding(SingleStep):
    needs_view = False
    """``choices`` reads ``legal()`` only (the research drivers skip making a view)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.galaxies = int(options["galaxies"])
        self.planets = int(options["planets"])
        self.max_replays = int(options["max_replays"])
        self.num_actions = self.planets
        self.observation_size = 5 * self.planets + 3 * self.galaxies + 8

        self._steps = {str(size): (size - 1, Step(text=str(size))) for size in range(1, 27)}

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        return int(text) - 1

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        """``SingleStep.choices`` with the steps made once (legal sizes come ascending)."""
        return dict(map(self._steps.__getitem__, legal))

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
            fleets = view["fleets"].get(str(seat))  # the other's: none without show_history
            if fleets is None:
                obs += [0.0] * planets
            else:
                obs += [fleets[str(size)] / galaxies for size in range(1, planets + 1)]
        worth_total = planets * (planets + 1) / 2
        value_total = galaxies * (galaxies + 1) / 2
        obs += [view["points"][seat] / worth_total for seat in seats]
        obs += [view["strategic"][seat] / value_total for seat in seats]
        destroyed = view.get("destroyed", [0, 0])  # not in views without show_history
        obs += [destroyed[seat] / (galaxies * planets) for seat in seats]
        obs += [view["replay"] / (self.max_replays + 1), float(view["is_over"])]
        return obs + self._to_come(view)

    def _to_come(self, view: dict[str, Any]) -> list[float]:
        """The worths of this galaxy and the galaxies' values not yet revealed."""
        worths = [0.0] * self.planets
        if view["worth"] is not None and "rounds" in view:
            seen = {view["worth"]} | {
                entry["worth"]
                for entry in view["rounds"]
                if entry["replay"] == view["replay"] and entry["bout"] == view["bout"]
            }
            worths = [0.0 if worth in seen else 1.0 for worth in range(1, self.planets + 1)]
        values = [0.0] * self.galaxies
        if not view["is_over"]:
            shown = set(view["values"].values())
            values = [0.0 if value in shown else 1.0 for value in range(1, self.galaxies + 1)]
        return worths + values

    def observe_state(self, state: Any, seat: int, draft: Draft) -> list[float]:
        """``observe(state.view(seat), draft)`` without making the view: the same floats,
        read from what the view shows (module docstring), slice by slice."""
        planets, galaxies = self.planets, self.galaxies
        obs = [0.0] * self.observation_size
        over = state.is_over
        index = state._round
        deal = state._deal
        history = state._show_history
        bout = index // planets
        if not over:  # the view's worth, value, round and bout (none once the match is over)
            obs[state._round_worths[index] - 1] = 1.0
            obs[planets + deal.values[deal.order[bout]] - 1] = 1.0
            obs[planets + galaxies + index % planets] = 1.0
            obs[2 * planets + galaxies + bout] = 1.0
        fleets = state._fleets
        stride = planets + 1
        at = 2 * planets + 2 * galaxies
        for side in (seat, 1 - seat) if history else (seat,):
            first = side * stride + 1
            obs[at : at + planets] = [count / galaxies for count in fleets[first : first + planets]]
            at += planets
        at = 4 * planets + 2 * galaxies
        worth_total = planets * (planets + 1) / 2
        value_total = galaxies * (galaxies + 1) / 2
        points, strategic = state._points, state._strategic
        destroyed = state._destroyed if history else (0, 0)
        obs[at : at + 8] = (
            points[seat] / worth_total,
            points[1 - seat] / worth_total,
            strategic[seat] / value_total,
            strategic[1 - seat] / value_total,
            destroyed[seat] / (galaxies * planets),
            destroyed[1 - seat] / (galaxies * planets),
            state._playing / (self.max_replays + 1),
            float(over),
        )
        if not over:
            at += 8
            if history:  # the worths of this galaxy not revealed yet
                seen = state._round_worths[bout * planets : index + 1]
                obs[at : at + planets] = [
                    0.0 if worth in seen else 1.0 for worth in range(1, planets + 1)
                ]
            at += planets
            shown = [deal.values[g] for g in deal.order[: bout + 1]]
            obs[at : at + galaxies] = [
                0.0 if value in shown else 1.0 for value in range(1, galaxies + 1)
            ]
        return obs


def encoding(options: dict[str, Any]) -> GoofspielEncoding:
    """The encoding for a game loaded with ``options``."""
    return GoofspielEncoding(options)
