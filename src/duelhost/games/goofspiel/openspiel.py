"""What ``duelhost.openspiel`` needs to know about Goofspiel beyond its spec.

**Chance.** Galaxy and planet letters are names only, so the OpenSpiel game fixes the galaxy
order (A, B, ...) and each galaxy's planet order (letter order); a chance node draws the
strategic value of each galaxy when its bout starts (among the values left) and the worth of
each planet when its round starts (among the galaxy's worths left), exactly when GO1 reveals
them. The engine state is rebuilt with the fixed-deal options (GO5): the chosen values and
worths, the ones not yet drawn filled in ascending order (no view shows them before their
reveal) and the submissions replayed. Replays after a tie (GO4) draw their deal from the seed
as the engine does (parameter ``seed``); use ``max_replays=0`` for tie-as-draw.

**Length.** Every round is one simultaneous node and every draw one chance node:
``(2 * rounds + galaxies)`` nodes per playing, ``max_replays + 1`` playings at most.
"""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.state import State


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    rounds = int(options["galaxies"]) * int(options["planets"])
    return (2 * rounds + int(options["galaxies"])) * (int(options["max_replays"]) + 1)


def chance(game: duelhost.Game, seed: int, params: dict[str, Any]) -> GoofspielChance:
    """Values drawn when a bout starts, worths when a round starts."""
    return GoofspielChance(game.options, seed)


_GAMES: dict[Any, tuple[duelhost.Game, dict[int, State]]] = {}
"""Loaded games by fixed deal (loading checks every option, which is slow in a tree walk), each
with its start states by seed (cloning a start is much cheaper than dealing it again)."""


class GoofspielChance:
    """Values drawn when a bout starts, worths when a round starts (see the module)."""

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = dict(options)
        self.galaxies = int(options["galaxies"])
        self.planets = int(options["planets"])
        self.seed = seed
        self.max_outcomes = max(self.galaxies, self.planets)
        self.values: tuple[int, ...] = ()
        self.worths: tuple[tuple[int, ...], ...] = ()
        self.game = self._game()

    def copy(self) -> GoofspielChance:
        other = object.__new__(GoofspielChance)
        other.__dict__.update(self.__dict__)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> GoofspielChance:
        return self.copy()

    def _game(self) -> duelhost.Game:
        return self._entry()[0]

    def _entry(self) -> tuple[duelhost.Game, dict[int, State]]:
        key = (tuple(sorted(self.options.items(), key=str)), self.values, self.worths)
        entry = _GAMES.get(key)
        if entry is None:
            if len(_GAMES) > 100_000:
                _GAMES.clear()
            entry = _GAMES[key] = (self._make_game(), {})
        return entry

    def _fresh(self) -> State:
        game, starts = self._entry()
        start = starts.get(self.seed)
        if start is None:
            start = starts[self.seed] = game.new(seed=self.seed)
        return start.clone()

    def _make_game(self) -> duelhost.Game:
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        galaxies, planets = self.galaxies, self.planets
        values = list(self.values) + sorted(set(range(1, galaxies + 1)) - set(self.values))
        worths = []
        for g in range(galaxies):
            chosen = list(self.worths[g]) if g < len(self.worths) else []
            worths.append(chosen + sorted(set(range(1, planets + 1)) - set(chosen)))
        labels = letters[26 - planets :]
        options = {
            key: value
            for key, value in self.options.items()
            if key not in ("galaxy_order", "values", "planet_orders", "worths")
        }
        return duelhost.load(
            "goofspiel",
            **options,
            galaxy_order=letters[:galaxies],
            values=values,
            planet_orders=[labels] * galaxies,
            worths=worths,
        )

    def start(self) -> State | None:
        return self._fresh()

    def _needs(self, state: State | None) -> tuple[str, int] | None:
        """What the next chance node draws: ("value", galaxy) or ("worth", galaxy).

        Every decision of Goofspiel is one round, so ``state.decision`` counts the rounds
        fought; the first playing has ``galaxies * planets`` of them.
        """
        assert state is not None
        rounds = state.decision
        if state.is_over or rounds >= self.galaxies * self.planets:
            return None
        galaxy, round_ = divmod(rounds, self.planets)
        if len(self.values) <= galaxy:
            return ("value", galaxy)
        if len(self.worths) <= galaxy or len(self.worths[galaxy]) <= round_:
            return ("worth", galaxy)
        return None

    def pending(self, state: State | None) -> bool:
        return self._needs(state) is not None

    def outcomes(self, state: State | None) -> list[tuple[int, float]]:
        need = self._needs(state)
        assert need is not None
        kind, galaxy = need
        if kind == "value":
            left = sorted(set(range(1, self.galaxies + 1)) - set(self.values))
        else:
            chosen = self.worths[galaxy] if galaxy < len(self.worths) else ()
            left = sorted(set(range(1, self.planets + 1)) - set(chosen))
        return [(value - 1, 1 / len(left)) for value in left]

    def apply(self, state: State | None, outcome: int) -> State:
        need = self._needs(state)
        assert need is not None and state is not None
        kind, galaxy = need
        if kind == "value":
            self.values = (*self.values, outcome + 1)
        else:
            worths = list(self.worths)
            while len(worths) <= galaxy:
                worths.append(())
            worths[galaxy] = (*worths[galaxy], outcome + 1)
            self.worths = tuple(worths)
        self.game = self._game()
        rebuilt = self._fresh()
        for entry in state.history:
            rebuilt.apply(entry)
        return rebuilt

    def describe(self, outcome: int) -> str:
        return f"draw {outcome + 1}"
