"""Move-by-move analysis of a recorded match with the game's ``hard`` bot.

The record is replayed entry by entry. Before each submission the seat's ``hard`` bot (a fresh
one per seat, fed the match decision by decision, as in play) values the decision as a matrix
game, ``matrix(seat_handle) -> (rows, columns, values)``: the seat's legal submissions against
the other seat's (one column when the other seat does not act), values for the seat. The
note of a decision gives the equilibrium strategy ``x`` there (``duelhost.bots.equilibrium``),
the value ``v`` of the game and what the played submission gave up against the other side's
equilibrium strategy ``y``: ``v - (M y)[played]``, 0 for a move an equilibrium plays, at most
2 (a sure win turned into a sure loss). Exact where the hard bot reads a solved table,
estimated by rollouts within the bot's budget otherwise. Timeouts and resignations are noted
without a value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import numpy as np

from duelhost.bots.base import SeatHandle
from duelhost.bots.equilibrium import equilibrium
from duelhost.bots.registry import make_bot
from duelhost.core.errors import ConfigError
from duelhost.core.record import Record
from duelhost.core.registry import load


class MatrixBot(Protocol):
    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]: ...


@dataclass(frozen=True)
class Note:
    """One decision of one seat."""

    entry: int
    decision: int
    seat: int
    played: str
    kind: str
    strategy: dict[str, float]
    value: float | None
    gave_up: float | None


def note_for(
    bot: MatrixBot, handle: SeatHandle, played: str
) -> tuple[dict[str, float], float, float]:
    """Equilibrium strategy, value and the value ``played`` gave up at this decision."""
    rows, _, values = bot.matrix(handle)
    x = equilibrium(values)
    y = equilibrium(-values.T)
    value = float(x @ values @ y)
    against = values @ y
    gave_up = value - float(against[rows.index(played)]) if played in rows else float("nan")
    strategy = {row: float(p) for row, p in zip(rows, x, strict=True) if p > 1e-9}
    return strategy, value, max(0.0, gave_up)


def analyse(data: dict[str, Any], progress: Callable[[int, int], None] | None = None) -> list[Note]:
    """Notes for every entry of a record (the ``hard`` bot's view of each decision)."""
    record = Record.from_dict(data)
    game = load(record.game, **record.options)
    bots = [make_bot("hard", game, seat, record.seed) for seat in (0, 1)]
    if not all(hasattr(bot, "matrix") for bot in bots):
        raise ConfigError(f"no analysis for {game.name} yet: its hard bot values no decisions")
    state = game.new(record.seed, **record.setup)
    notes = []
    for number, entry in enumerate(record.history):
        decision = state.decision
        if entry.kind == "submit" and entry.text is not None:
            bot: Any = bots[entry.seat]
            strategy, value, gave_up = note_for(bot, SeatHandle(state, entry.seat), entry.text)
            notes.append(
                Note(number, decision, entry.seat, entry.text, "submit", strategy, value, gave_up)
            )
        else:
            notes.append(Note(number, decision, entry.seat, entry.kind, entry.kind, {}, None, None))
        try:
            state.apply(entry)
        except ValueError as error:
            raise ConfigError(f"history entry {number}: {error}") from None
        if progress:
            progress(number + 1, len(record.history))
    return notes


def to_json(notes: list[Note]) -> list[dict[str, Any]]:
    return [asdict(note) for note in notes]
