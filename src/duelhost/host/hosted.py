"""What the match host's parts see of a ``Match``: its phases, the ``Step`` an event produces,
and ``Hosted``, the match's state and internal steps as a protocol.

The parts (``accepting``, ``bookkeeping``, ``botplay``, ``frame_builder``, ``recording``,
``reveal``) are functions of a match; they name it through ``Hosted`` so that none of them
imports ``host.match``, which imports them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Protocol

from duelhost.bots import Bot
from duelhost.core.registry import Game
from duelhost.core.state import State
from duelhost.core.time_control import Clock
from duelhost.host.frame_book import FrameBook
from duelhost.host.ledger import Ledger
from duelhost.host.limits import HostLimits
from duelhost.host.messages import Answer, ClockStatus, Frame, LogEntry, Recipient, View
from duelhost.host.seats import SeatSpec
from duelhost.host.timekeeper import Timekeeper


class Phase(enum.Enum):
    """Where a match's protocol stands (as ``websockets``' protocol states)."""

    WAITING = "waiting"
    """Created, its clock not started: it waits for both seats to be held (``Clock.start``
    "seated") or for its start time ("at"). Nothing can be submitted; no bot acts."""
    PLAYING = "playing"
    """Its clock runs (from the ``start`` entry, or from creation for a clock that starts
    then, and for an untimed match)."""
    OVER = "over"
    """Finished by the game's rules, or abandoned by the server."""


@dataclass
class Step:
    """What one event produced: log entries to store first, then frames to send."""

    entries: list[LogEntry] = field(default_factory=list)
    frames: dict[Recipient, Frame] = field(default_factory=dict)
    texts: dict[Recipient, str] = field(default_factory=dict)
    """The same frames as JSON text (what is sent to clients that take whole frames)."""
    deltas: dict[Recipient, dict[str, Any]] = field(default_factory=dict)
    """The same frames as delta frames (``frame_builder.delta``), for the recipients that clients
    taking delta frames listen to."""
    delta_texts: dict[Recipient, str] = field(default_factory=dict)
    """The delta frames as JSON text."""
    answer: Answer | None = None


class Hosted(Protocol):
    """A hosted match as its parts use it (``host.match.Match``)."""

    id: str
    game: Game
    seed: int
    seats: tuple[SeatSpec, ...]
    clock: Clock | None
    created: float
    limits: HostLimits
    state: State
    log: list[LogEntry]
    seed_chosen_by_creator: bool
    seed_salt: str
    seed_commitment: str
    bots: dict[int, Bot]
    think_apart: bool
    timekeeper: Timekeeper
    ledger: Ledger
    book: FrameBook
    _orders: dict[int, str]
    _annotations: list[dict[str, Any]]
    _bots_ordered: set[tuple[int, int]]
    watchers: set[Recipient] | None
    delta_watchers: set[Recipient]
    abandoned: str | None
    last_touch: float
    started: bool
    paused_at: float | None
    pauses: list[dict[str, float | None]]
    adjudicated: dict[str, Any] | None

    @property
    def deadline(self) -> float | None: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def start_at(self) -> float | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> dict[str, Any]: ...

    @property
    def to_act(self) -> list[int]: ...

    @property
    def public_submissions(self) -> bool: ...

    @property
    def _tick_mode(self) -> bool: ...

    @property
    def _last_n(self) -> int: ...

    def clock_status(self, now: float) -> ClockStatus | None: ...

    def draw_text(self) -> str | None: ...

    def render(self, view: View) -> str: ...

    def renders_text(self, recipient: Recipient) -> bool: ...

    def frame(self, recipient: Recipient, now: float, full: bool = True) -> Frame: ...

    def _bot_owes(self, seat: int) -> bool: ...

    def _check_playing(self) -> None: ...

    def _push(self, step: Step, entry: LogEntry, now: float) -> None: ...

    def _bookkeep(self, entry: LogEntry, decision: int, time: float) -> None: ...

    def _resign(self, seat: int, now: float, step: Step) -> Answer: ...

    def _time_out(self, seat: int, deadline: float, now: float, step: Step) -> None: ...

    def _nonce_public(self, decision: int, seat: int, recipient: Recipient) -> bool: ...


__all__ = ["Hosted", "Phase", "Step"]
