"""The host's limits for one match (part of the server's ``ServerSettings``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HostLimits:
    """Bounds on what one hosted match keeps and sends."""

    legal_limit: int = 400
    """Seat frames list the legal submissions when there are at most this many."""
    frame_buffer: int = 64
    """Frames kept per recipient for clients that reconnect."""
    bot_burst: int = 64
    """Bot submissions made per call before control returns to the caller (``bots_due``)."""
    keys_per_seat: int = 1_000
    """Idempotency keys (with their answers) kept per seat; older ones are forgotten."""
    idle_seconds: float = 1_800.0
    """A match no human seat has acted in for this long (since its creation or the last
    submission, order, resignation or extension of a human seat) ends as abandoned; a match of
    two bots therefore lasts at most this long."""
    max_log: int = 20_000
    """Log entries of one match; a match that reaches it ends as abandoned (every game's match
    length is bounded whatever its options and clock)."""
    reveal_grace: float = 10.0
    """Commit, then reveal: when a deadline times out a seat that never committed, the seats
    that did commit (and could not reveal before every seat had) get this many seconds from
    then to reveal, instead of timing out with it."""
    max_catch_up: int = 10
    """Tick matches: missed ticks fired one by one when the server comes back late (a stalled
    loop, a restart); past this many the missed window counts as one tick and the schedule
    starts again from the moment the server came back."""
