"""A Warrior's Death's fixed action encoding and observation for learning.

Actions (27): the submissions in unit order, the same list as ``legal()`` when every unit is
playable: 0 Chocobo; 1-10 Astrologian predicting Chocobo ... Black Mage; 11-19 Blue Mage as
Chocobo, Astrologian, Bard, ... Black Mage (never as a Blue Mage); 20-26 Bard, Sage, Samurai,
Reaper, Dark Knight, Dragoon, Black Mage. The mask is ``legal()`` (a Dark Knight revival is
index 24, the Dark Knight's own).

Observation (``26 + 43 * rounds`` floats; the seat's own side first): bout and round (as
fractions), bout wins (own, opponent's, over ``bouts``), the tie-break flag, the units the
seat may play (10), its underworld (10 units; Chocobos counted over ``rounds``); then per round
of the current bout (``rounds`` slots, empty ones zero): the unit shown by each side (one-hot
10 each, own first), the winner as the seat sees it (own, opponent's, tie), and the seat's
own submission (its unit and second unit, one-hot 10 each). Strengths are in no view (WD12),
so in no observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, one_hot
from duelhost.games.warriors_death.units import BY_TEXT, PLAYS, UNITS

INDEX = {play.text: number for number, play in enumerate(PLAYS)}
_UNIT = {name: number for number, name in enumerate(UNITS)}


class WarriorsDeathEncoding(SingleStep):
    needs_view = False
    """``choices`` reads ``legal()`` only (the research drivers skip making a view)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.bouts = int(options["bouts"])
        self.rounds = int(options["rounds"])
        self.num_actions = len(PLAYS)
        self.observation_size = 26 + 43 * self.rounds

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        return INDEX[text]

    def describe(self, index: int) -> str:
        return PLAYS[index].text

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        me = view["seat"] if view["seat"] is not None else 0
        seats = (me, 1 - me)
        obs = [
            view["bout"] / (self.bouts + 1),
            0.0 if view["round"] is None else view["round"] / self.rounds,
            view["bout_wins"][me] / self.bouts,
            view["bout_wins"][1 - me] / self.bouts,
            float(view["tiebreak"]),
            float(view["is_over"]),
        ]
        playable = set(view.get("playable", ()))
        obs += [float(name in playable) for name in UNITS]
        underworld = view.get("underworld", [])
        obs += [underworld.count("Chocobo") / self.rounds]
        obs += [float(name in underworld) for name in UNITS[1:]]
        for slot in range(self.rounds):
            rounds = view["rounds"]
            if slot >= len(rounds):
                obs += [0.0] * 43
                continue
            entry = rounds[slot]
            for seat in seats:
                obs += one_hot(10, _UNIT[entry["units"][seat]])
            winner = entry["winner"]
            obs += [float(winner == me), float(winner == 1 - me), float(winner is None)]
            mine = BY_TEXT.get(entry.get("mine", ""))
            obs += one_hot(10, None if mine is None else mine.unit)
            obs += one_hot(10, None if mine is None else mine.second)
        return obs


def encoding(options: dict[str, Any]) -> WarriorsDeathEncoding:
    """The encoding for a game loaded with ``options``."""
    return WarriorsDeathEncoding(options)
