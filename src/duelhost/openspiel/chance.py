"""Explicit chance nodes for the games that draw something at random.

OpenSpiel's algorithms need chance as nodes of the game tree, while duelhost draws from the
match seed (RULINGS G6). Each model here turns a game's randomness into chance nodes and
builds the engine state that the chosen outcomes give:

- **Goofspiel**: galaxy and planet letters are names only, so the OpenSpiel game fixes the
  galaxy order (A, B, ...) and each galaxy's planet order (letter order); a chance node draws
  the strategic value of each galaxy when its bout starts (among the values left) and the worth
  of each planet when its round starts (among the galaxy's worths left), exactly when GO1
  reveals them. The engine state is rebuilt with the fixed-deal options (GO5): the chosen
  values and worths, the ones not yet drawn filled in ascending order (no view shows them
  before their reveal) and the submissions replayed. Replays after a tie (GO4) draw their
  deal from the seed as the engine does (parameter ``seed``); use ``max_replays=0`` for
  tie-as-draw.
- **Multiplanetary**: one chance node at the start picks the map: map ``k`` of
  ``maps`` (a parameter) is the one ``duelhost maps generate --seed k`` makes (MP10).
- **Tactical Genius**: with equal garnets, one chance node at the start is the coin flip that
  gives one seat the even speed bonuses (TG4).

Other games have no chance: the state is made at once from the parameter ``seed``.
"""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.rng import derive
from duelhost.core.state import State

_STARTS: dict[tuple[int, int], State] = {}
"""A fresh state per (game object, seed): OpenSpiel makes many initial states (it clones a
Python state by making one and copying into it), and cloning a start is much cheaper than
dealing it again."""


def fresh(game: duelhost.Game, seed: int) -> State:
    """``game.new(seed=seed)``, from a kept copy."""
    key = (id(game), seed)
    start = _STARTS.get(key)
    if start is None or start.game is not game:
        if len(_STARTS) > 100_000:
            _STARTS.clear()
        start = _STARTS[key] = game.new(seed=seed)
    return start.clone()


class NoChance:
    """Games without randomness: the engine state exists from the start."""

    def __init__(self, game: duelhost.Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.max_outcomes = 0

    def start(self) -> State | None:
        return fresh(self.game, self.seed)

    def pending(self, state: State | None) -> bool:
        return state is None

    def outcomes(self, state: State | None) -> list[tuple[int, float]]:
        raise AssertionError("no chance node")

    def apply(self, state: State | None, outcome: int) -> State:
        raise AssertionError("no chance node")

    def describe(self, outcome: int) -> str:
        return str(outcome)

    def copy(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self.copy()


class SeedChance(NoChance):
    """One chance node at the start choosing among engine seeds (a map, a coin flip)."""

    def __init__(self, game: duelhost.Game, seeds: list[int], names: list[str]) -> None:
        super().__init__(game, 0)
        self.seeds = seeds
        self.names = names
        self.max_outcomes = len(seeds)

    def start(self) -> State | None:
        return None

    def outcomes(self, state: State | None) -> list[tuple[int, float]]:
        return [(k, 1 / len(self.seeds)) for k in range(len(self.seeds))]

    def apply(self, state: State | None, outcome: int) -> State:
        return fresh(self.game, self.seeds[outcome])

    def describe(self, outcome: int) -> str:
        return self.names[outcome]


def multiplanetary_chance(game: duelhost.Game, maps: int) -> SeedChance:
    return SeedChance(game, list(range(maps)), [f"map {k}" for k in range(maps)])


def tactical_genius_chance(game: duelhost.Game, seed: int) -> NoChance:
    options = game.options
    if options["garnets0"] != options["garnets1"]:
        return NoChance(game, seed)
    found: dict[int, int] = {}
    candidate = seed
    while len(found) < 2:
        flip = derive(candidate, "tactical_genius", "even-bonuses").randrange(2)
        found.setdefault(flip, candidate)
        candidate += 1
    return SeedChance(
        game,
        [found[0], found[1]],
        ["coin flip: seat 0 gives the even bonuses", "coin flip: seat 1 gives the even bonuses"],
    )


_GAMES: dict[Any, duelhost.Game] = {}
"""Loaded games by fixed deal (loading checks every option, which is slow in a tree walk)."""


class GoofspielChance(NoChance):
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

    def _game(self) -> duelhost.Game:
        key = (tuple(sorted(self.options.items(), key=str)), self.values, self.worths)
        game = _GAMES.get(key)
        if game is None:
            if len(_GAMES) > 100_000:
                _GAMES.clear()
            game = _GAMES[key] = self._make_game()
        return game

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
        return fresh(self.game, self.seed)

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
        rebuilt = fresh(self.game, self.seed)
        for entry in state.history:
            rebuilt.apply(entry)
        return rebuilt

    def describe(self, outcome: int) -> str:
        return f"draw {outcome + 1}"
