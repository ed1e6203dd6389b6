"""A time control as data: what a game declares as its default clock (``GameSpec.clock``).

The match host (``duelhost.host.time_controls``) validates clocks given by a match's creator
and runs them; the kernel only holds the shape, so a game can declare its default without
importing the host. Modes:

- ``move``: every decision gets ``seconds`` from the moment it starts.
- ``turn``: like ``move``, but consecutive decisions of the same seat share one deadline (a turn
  made of many decisions, whose timeout ends the turn).
- ``tick``: decisions resolve at fixed ticks every ``seconds``; the first tick comes
  ``planning_seconds + seconds`` after the start; order messages are collected during a tick
  window and submitted together at the tick.

``extended_seconds`` with ``extensions`` (per player per match) is an extended time call: the
current decision lasts ``extended_seconds`` from its start, for both players.

``start`` says when the clock starts: ``created`` (at once), ``seated`` (when both seats are
held: the server's default, so nobody loses time before they arrive) or ``at`` (at
``start_at``, Unix seconds, set by the match's host: a scheduled start, held or not).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

MODES = ("move", "turn", "tick")
STARTS = ("created", "seated", "at")


@dataclass(frozen=True)
class Clock:
    """A match's time control (all durations in seconds)."""

    mode: str
    seconds: float
    planning_seconds: float = 0.0
    extended_seconds: float | None = None
    extensions: int = 0
    start: str = "created"
    start_at: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
