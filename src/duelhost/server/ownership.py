"""Which matches this server process may host. One process alone (the default) owns every
match; processes sharing a PostgreSQL database own matches through leases
(``duelhost.server.cluster``). The hub asks before it hosts a match and tells when it stops.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

CLOSED = "\x00closed"
ENDED = "\x00ended"
"""A finished match left memory: its streams close (4410) and are not reopened."""
"""Put in a live subscriber's queue when its match leaves this process: the stream closes
(code 1012) and the client reconnects, to whichever process hosts the match now."""


class OwnedElsewhere(RuntimeError):
    """Another process hosts this match right now (its lease runs): ask again, or there."""


class Ownership(Protocol):
    def claim(self, match_id: str) -> bool:
        """Whether this process may host the match now (taking it if it is free)."""

    def hosting(self, match_id: str) -> None:
        """The match is in this process's memory now (rebuilt from the store, clock armed)."""

    def released(self, match_ids: Iterable[str]) -> None:
        """This process stops hosting these matches (shutdown): others may take them now."""


class SoleOwner:
    """A single server process: it owns every match."""

    def claim(self, match_id: str) -> bool:
        return True

    def hosting(self, match_id: str) -> None:
        return None

    def released(self, match_ids: Iterable[str]) -> None:
        return None
