"""The Bot protocol and the seat handle through which a bot sees its match."""

from __future__ import annotations

import random
from typing import Any, Protocol

from duelhost.core.errors import ConfigError
from duelhost.core.state import Game, State


class SeatHandle:
    """One seat's window on a match: its view, its legal submissions, its game's bot helpers."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        return self._state.game

    def view(self) -> dict[str, Any]:
        return self._state.view(self.seat)

    def legal(self) -> list[str]:
        return self._state.legal(self.seat)

    def sample(self, rng: random.Random) -> str:
        return self._state.sample(self.seat, rng)

    def helper(self, name: str, *args: Any) -> Any:
        """Call a game helper the game declares for bots (``GameSpec.seat_helpers``)."""
        if name not in self._state.game.spec.seat_helpers:
            raise ConfigError(f"{self.game.name} offers bots no helper {name!r}")
        return getattr(self._state, name)(self.seat, *args)


class Bot(Protocol):
    """Something that chooses a submission for its seat."""

    name: str

    def act(self, seat: SeatHandle) -> str:
        """The notation to submit for ``seat.seat`` now."""
        ...
