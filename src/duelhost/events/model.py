"""The words of an event: entrants, games, pairings, rounds, outcomes, and the draw of lots.

Everything here is a frozen value with a JSON form (``to_json`` / ``from_json``); nothing reads a
clock, a file or the network. A pairing puts ``first`` in seat 0 (the seat that moves first where
the game is sequential) and ``second`` in seat 1; a pairing without ``second`` is a bye. A game's
outcome is written from the seats' point of view: ``1-0`` seat 0 won, ``+-`` seat 1 forfeited.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from duelhost.core.errors import ConfigError, quote_value


class EntrantKind(StrEnum):
    """Who holds an entry: an account, a bot account, or a named guest with an invite."""

    ACCOUNT = "account"
    BOT = "bot"
    GUEST = "guest"


class Outcome(StrEnum):
    """How one game ended, seat 0's result first; ``+``/``-`` mark a game not played (forfeit)."""

    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "1/2-1/2"
    SECOND_FORFEITS = "+-"
    FIRST_FORFEITS = "-+"
    BOTH_FORFEIT = "--"

    @property
    def played(self) -> bool:
        """True when the game was played over the board (not a forfeit)."""
        return self in (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)

    def points(self, seat: int) -> float:
        """The points ``seat`` scores from this game: 1 a win, ½ a draw, 0 a loss or forfeit."""
        return _POINTS[self][seat]

    def winner(self) -> int | None:
        """The seat that won (over the board or by forfeit), None for a draw or a double forfeit."""
        first, second = _POINTS[self]
        if first == second:
            return None
        return 0 if first > second else 1


_POINTS: dict[Outcome, tuple[float, float]] = {
    Outcome.FIRST_WINS: (1.0, 0.0),
    Outcome.SECOND_WINS: (0.0, 1.0),
    Outcome.DRAW: (0.5, 0.5),
    Outcome.SECOND_FORFEITS: (1.0, 0.0),
    Outcome.FIRST_FORFEITS: (0.0, 1.0),
    Outcome.BOTH_FORFEIT: (0.0, 0.0),
}


def parse_outcome(text: object) -> Outcome:
    """An ``Outcome`` from its text, or a ConfigError naming the valid ones."""
    try:
        return Outcome(str(text))
    except ValueError:
        valid = ", ".join(o.value for o in Outcome)
        raise ConfigError(f"unknown outcome {quote_value(text)}: use one of {valid}") from None


@dataclass(frozen=True)
class Entrant:
    """One entry: a stable id, a display name, a rating for seeding, and who holds it."""

    id: str
    name: str
    rating: int = 0
    kind: EntrantKind = EntrantKind.ACCOUNT

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise ConfigError(f"an entrant needs a non-empty id, not {quote_value(self.id)}")
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigError(f"entrant {quote_value(self.id)} needs a non-empty name")
        if isinstance(self.rating, bool) or not isinstance(self.rating, int):
            raise ConfigError(
                f"entrant {quote_value(self.id)}: rating must be an integer, "
                f"not {quote_value(self.rating)}"
            )
        try:
            object.__setattr__(self, "kind", EntrantKind(self.kind))
        except ValueError:
            raise ConfigError(
                f"entrant {quote_value(self.id)}: kind must be account, bot or guest, "
                f"not {quote_value(self.kind)}"
            ) from None

    def to_json(self) -> dict[str, Any]:
        """The entrant as a JSON object."""
        return {"id": self.id, "name": self.name, "rating": self.rating, "kind": self.kind.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Entrant:
        """An entrant from ``to_json``'s form."""
        return cls(
            id=data["id"],
            name=data["name"],
            rating=data.get("rating", 0),
            kind=EntrantKind(data.get("kind", "account")),
        )


@dataclass(frozen=True)
class Game:
    """One game of a pairing: who sat where, its match record's id, and how it ended.

    ``outcome`` is None while the game is being played. ``adjudicated`` games carry the host's
    reason; ``ended_at`` (seconds from the event's start) is kept for arenas, whose standings
    at a moment count the games ended by then.
    """

    first: str
    second: str
    match_id: str | None = None
    outcome: Outcome | None = None
    adjudicated: bool = False
    reason: str = ""
    ended_at: float | None = None

    @property
    def rated(self) -> bool:
        """Whether the game may count for ratings: played over the board, never a forfeit."""
        return self.outcome is not None and self.outcome.played

    def seat_of(self, entrant_id: str) -> int:
        """0 or 1: the seat ``entrant_id`` held in this game."""
        if entrant_id == self.first:
            return 0
        if entrant_id == self.second:
            return 1
        raise ConfigError(f"{quote_value(entrant_id)} did not play in this game")

    def to_json(self) -> dict[str, Any]:
        """The game as a JSON object."""
        data: dict[str, Any] = {
            "first": self.first,
            "second": self.second,
            "match_id": self.match_id,
            "outcome": None if self.outcome is None else self.outcome.value,
        }
        if self.adjudicated:
            data["adjudicated"] = True
        if self.reason:
            data["reason"] = self.reason
        if self.ended_at is not None:
            data["ended_at"] = self.ended_at
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """A game from ``to_json``'s form."""
        outcome = data.get("outcome")
        return cls(
            first=data["first"],
            second=data["second"],
            match_id=data.get("match_id"),
            outcome=None if outcome is None else parse_outcome(outcome),
            adjudicated=bool(data.get("adjudicated", False)),
            reason=str(data.get("reason", "")),
            ended_at=data.get("ended_at"),
        )


@dataclass(frozen=True)
class Pairing:
    """One board of a round: ``first`` in seat 0, ``second`` in seat 1, or a bye for ``first``.

    A Swiss, round-robin or arena pairing holds one game; a knockout tie holds the games of
    its best-of-N series, seats alternating.
    """

    board: int
    first: str
    second: str | None
    games: tuple[Game, ...] = ()

    @property
    def is_bye(self) -> bool:
        """True for a bye (no opponent)."""
        return self.second is None

    def players(self) -> tuple[str, ...]:
        """The one or two entrants of the board."""
        return (self.first,) if self.second is None else (self.first, self.second)

    def with_game(self, index: int, game: Game) -> Pairing:
        """This pairing with game ``index`` replaced (``index == len(games)`` appends)."""
        games = list(self.games)
        if index == len(games):
            games.append(game)
        else:
            games[index] = game
        return replace(self, games=tuple(games))

    def to_json(self) -> dict[str, Any]:
        """The pairing as a JSON object."""
        return {
            "board": self.board,
            "first": self.first,
            "second": self.second,
            "games": [game.to_json() for game in self.games],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pairing:
        """A pairing from ``to_json``'s form."""
        return cls(
            board=int(data["board"]),
            first=data["first"],
            second=data.get("second"),
            games=tuple(Game.from_json(g) for g in data.get("games", ())),
        )


@dataclass(frozen=True)
class Round:
    """The pairings of one round, in board order. Arena "waves" carry the time they were made
    (``at``, seconds from the start) and the players that were waiting (``waiting``)."""

    number: int
    pairings: tuple[Pairing, ...]
    at: float | None = None
    waiting: tuple[str, ...] = field(default=())

    def pairing_of(self, entrant_id: str) -> Pairing | None:
        """The board ``entrant_id`` is on this round, if any."""
        for pairing in self.pairings:
            if entrant_id in pairing.players():
                return pairing
        return None

    def to_json(self) -> dict[str, Any]:
        """The round as a JSON object."""
        data: dict[str, Any] = {
            "number": self.number,
            "pairings": [p.to_json() for p in self.pairings],
        }
        if self.at is not None:
            data["at"] = self.at
            data["waiting"] = list(self.waiting)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        """A round from ``to_json``'s form."""
        return cls(
            number=int(data["number"]),
            pairings=tuple(Pairing.from_json(p) for p in data["pairings"]),
            at=data.get("at"),
            waiting=tuple(data.get("waiting", ())),
        )


def seed_commitment(seed: str) -> str:
    """The SHA-256 (hex) of the event's seed, published when the event opens."""
    if not isinstance(seed, str) or not seed:
        raise ConfigError("an event's seed must be a non-empty string")
    return hashlib.sha256(seed.encode()).hexdigest()


def lot(seed: str, *labels: object) -> int:
    """A 64-bit number drawn by lot from the event's seed for a labelled purpose.

    ``lot(seed, "pairing-number", "ann")`` is the same on every machine and Python version, and
    independent of every other label: the verifier redraws exactly the lots the director drew.
    """
    text = repr((seed, *(str(label) for label in labels))).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
