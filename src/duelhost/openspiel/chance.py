"""Explicit chance nodes for the games that draw something at random.

OpenSpiel's algorithms need chance as nodes of the game tree, while duelhost draws from the
match seed (RULINGS G6). A game turns its randomness into chance nodes in its ``openspiel``
module (``chance(game, seed, params)``, see ``duelhost.openspiel.game``), returning either

- a list of ``(engine seed, label)`` pairs: one chance node at the start chooses among those
  seeds (``SeedChance``: a map, a coin flip), or
- its own model following ``ChanceModel`` (chance nodes during the match, e.g. cards drawn
  as they are revealed), or
- None: no chance nodes; the engine state is made at once from the parameter ``seed``
  (``NoChance``, also what a game without an ``openspiel`` module gets).
"""

from __future__ import annotations

from typing import Any, Protocol

import duelhost
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


class ChanceModel(Protocol):
    """A game's chance nodes. The adapter calls ``start`` once (the engine state, or None
    while an opening chance node is due), then, while ``pending(state)``, offers
    ``outcomes(state)`` (``(outcome, probability)`` pairs, outcomes below ``max_outcomes``)
    and builds the next state with ``apply(state, outcome)``. A model that changes in
    ``apply`` is copied first (``copy``), as OpenSpiel states are cloned."""

    max_outcomes: int

    def start(self) -> State | None: ...

    def pending(self, state: State | None) -> bool: ...

    def outcomes(self, state: State | None) -> list[tuple[int, float]]: ...

    def apply(self, state: State | None, outcome: int) -> State: ...

    def describe(self, outcome: int) -> str: ...

    def copy(self) -> Any: ...


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
