"""Who plays each seat of a hosted match: a human (who holds a token) or a named bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError, quote, quote_value
from duelhost.core.registry import Game


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: ``human`` (holds a token) or ``bot`` (``bot`` names it)."""

    kind: str
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot}


def check_seats(game: Game, seats: Any) -> tuple[SeatSpec, SeatSpec]:
    """Validated seat specs (ConfigError saying what is wrong)."""
    if not isinstance(seats, list | tuple) or len(seats) != 2:
        raise ConfigError("seats must be a list of two seats")
    return _check_seat(game, 0, seats[0]), _check_seat(game, 1, seats[1])


def _check_seat(game: Game, number: int, seat: Any) -> SeatSpec:
    if isinstance(seat, SeatSpec):
        seat = seat.to_dict()
    if not isinstance(seat, dict):
        raise ConfigError(f"seat {number} must be an object such as {{'kind': 'human'}}")
    unknown = sorted(set(seat) - {"kind", "bot"})
    if unknown:
        raise ConfigError(
            f"seat {number}: unknown field {quote(unknown[0])}; the fields are kind, bot"
        )
    kind = seat.get("kind")
    if kind == "human":
        if seat.get("bot") is not None:
            raise ConfigError(f"seat {number}: a human seat names no bot")
        return SeatSpec("human")
    if kind == "bot":
        name = seat.get("bot", "random")
        choices = available_bots(game.name)
        if name not in choices:
            raise ConfigError(
                f"seat {number}: no bot {quote_value(name)} for {game.name}; "
                f"the bots are {', '.join(choices)}"
            )
        return SeatSpec("bot", name)
    raise ConfigError(f"seat {number}: kind must be 'human' or 'bot', got {quote_value(kind)}")
