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
