"""The typed shapes that leave the host: log entries (stored), answers (to the acting seat),
clock status, match summaries and frames (to every recipient), and the notices frames carry.

They are ``TypedDict``s, so ``mypy --strict`` checks the flow from the engine's view to the
frame the server sends; the JSON they become is the contract docs/server.md describes. A view
is the game's own plain JSON data (``View``), and a game event keeps its own fields, so both
stay open mappings.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Recipient = int | None
"""Seat 0, seat 1, or None for spectators."""
RECIPIENTS: tuple[Recipient, ...] = (0, 1, None)

View = dict[str, Any]
"""What one recipient may know, as the game's ``view()`` builds it (plain JSON data)."""
Notice = dict[str, Any]
"""One event of a frame's ``events`` (``submitted``, ``reveal``, ``game`` with the game's own
fields, ...), with ``n``: the log entry it belongs to."""


class LogEntry(TypedDict, total=False):
    """One effect in a match's append-only log (what the store keeps)."""

    seq: int
    type: str
    """``submit``, ``order``, ``tick``, ``timeout``, ``resign``, ``extend``, ``abandon``, or an
    event host's ``pause``, ``resume`` and ``adjudicate``."""
    seat: int
    decision: int
    text: str
    receipt: str
    time: float
    by: str
    """``human`` or ``bot`` (submissions)."""
    key: str
    """The idempotency key the submission came with."""
    salt: str
    """Submissions and orders: the random salt of this one submission's nonce."""
    number: int
    """Orders: the message's number in its seat's tick window (0, 1, ...)."""
    commitment: str
    """Commits: the seat's commitment (``host.commits``)."""
    mode: str
    """Submissions revealed after a commitment: ``commit``."""
    revealed: str
    """Revealed submissions: the text exactly as committed to (``text`` is canonical)."""
    played: str
    """Timeouts: what the game's timeout rule played, in the game's words (``State.timeout``);
    secret like a submission, so its notice goes to that seat alone."""
    nonce: str
    """Revealed submissions: the client's nonce."""
    deadline: float
    winner: int | None
    """Adjudications (an event's host, ``host.pausing``): seat 0, seat 1 or None (a draw)."""
    """Ticks and timeouts: the deadline that fired."""
    reason: str
    """Abandonments: why the server ended the match."""
    resume: float
    """Ticks: when the next tick falls, when the schedule started again after missed ticks."""


class OrderReceipt(TypedDict):
    """One order message of a tick window, as the record lists it."""

    number: int
    text: str
    receipt: str
    salt: str


class Answer(TypedDict, total=False):
    """What an accepted seat action answers (HTTP body, WebSocket ``ack``)."""

    accepted: bool
    receipt: str | None
    decision: int
    text: str
    seq: int
    deadline: float | None
    commitment: str


class ClockStatus(TypedDict):
    """A match clock with where it stands now."""

    mode: str
    seconds: float
    planning_seconds: float
    extended_seconds: float | None
    extensions: int
    deadline: float | None
    remaining: float | None
    phase_start: float
    extended: bool
    extensions_left: list[int]


class Summary(TypedDict):
    """``GET /api/matches/<id>``: a seat's (or the spectator's) match state."""

    id: str
    game: str
    seat: Recipient
    to_act: list[int]
    view: View
    is_over: bool
    winner: int | None
    result: dict[str, Any]
    clock: ClockStatus | None
    n: int
    orders: str | None
    seed_commitment: str
    seed_chosen_by_creator: bool
    phase: str
    """``waiting`` (its clock not started: it waits for both seats, or for ``start_at``),
    ``playing`` or ``over`` (``host.match.Phase``)."""
    start_at: float | None
    """The start time its host set (Unix seconds), None if none."""


class Frame(TypedDict, total=False):
    """One numbered frame of the live stream (seat-only fields are absent for spectators)."""

    type: Literal["frame"]
    kind: Literal["update", "full"]
    n: int
    prev: int
    match: str
    game: str
    seat: Recipient
    to_act: list[int]
    is_over: bool
    winner: int | None
    result: dict[str, Any]
    view: View
    text: str
    clock: ClockStatus | None
    events: list[Notice]
    seed_commitment: str
    seed_chosen_by_creator: bool
    phase: str
    """``waiting`` (its clock not started: it waits for both seats, or for ``start_at``),
    ``playing`` or ``over`` (``host.match.Phase``)."""
    start_at: float | None
    """The start time its host set (Unix seconds), None if none."""
    draws: bool
    orders: str | None
    legal: list[str] | None
    legal_complete: bool
