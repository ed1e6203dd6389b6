"""The hub's refusals: each names what went wrong (the routes map them to HTTP statuses)."""

from __future__ import annotations


class NotFound(LookupError):
    """No match with that id."""


class StorageFailed(RuntimeError):
    """A step could not be committed: nothing of it was acknowledged or sent, and the match
    was dropped from memory (it is rebuilt from the store on next use)."""


class Busy(RuntimeError):
    """The server hosts as many unfinished matches as its settings allow."""


class Unauthorized(PermissionError):
    """A token that is missing, malformed, or not a seat of this match. ``status``: 401 for a
    missing or malformed token, 403 for a token that holds no seat of this match."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status
