"""Who holds each seat, by name: the ``players`` of a match (``[{"name", "guest", "account"},
...]``, a null for a seat nobody signed in holds) that the seat and spectator pages, the
replay and the record show; and binding a seat to an account or a guest, which tells the
match's open streams at once (``{"type": "players", "players"}``).

Names are read from the store and kept a few seconds (a cluster's other process may bind a
seat meanwhile); a bind on this process is seen here at once.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from duelhost.host import json_text
from duelhost.server.hub import Hub
from duelhost.store.accounts import AccountStore, Holder

KEPT_SECONDS = 5.0
KEPT = 10_000
Players = list[dict[str, Any] | None]


def players_of(holders: list[Holder]) -> Players:
    """The two seats' names (None where nobody signed in or named holds the seat)."""
    out: Players = [None, None]
    for holder in holders:
        if 0 <= holder.seat < len(out):
            out[holder.seat] = {
                "name": "deleted player" if holder.deleted else holder.name,
                "guest": holder.guest,
                "account": not holder.guest and not holder.deleted,
            }
    return out


class Seating:
    """The players' names of the matches, kept a few seconds."""

    def __init__(self, store: AccountStore, clock: Callable[[], float] = time.monotonic):
        self.store = store
        self.clock = clock
        self._kept: OrderedDict[str, tuple[float, Players]] = OrderedDict()

    def players(self, match_id: str) -> Players:
        kept = self._kept.get(match_id)
        now = self.clock()
        if kept is not None and now - kept[0] < KEPT_SECONDS:
            return kept[1]
        found = players_of(self.store.holders([match_id]).get(match_id, []))
        self._keep(match_id, found, now)
        return found

    def forget(self) -> None:
        """Names changed (an account was deleted): read them again."""
        self._kept.clear()

    def many(self, match_ids: list[str]) -> dict[str, Players]:
        """The players of several matches, in one query."""
        found = self.store.holders(match_ids)
        return {match_id: players_of(found.get(match_id, [])) for match_id in match_ids}

    def _keep(self, match_id: str, players: Players, now: float) -> None:
        self._kept[match_id] = (now, players)
        self._kept.move_to_end(match_id)
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)

    async def bind(
        self, hub: Hub, match_id: str, holders: list[tuple[int, str | None, str | None]]
    ) -> Players:
        """Record who holds the seats (``(seat, account_id, guest_name)``) and tell the
        match's open streams."""
        await asyncio.to_thread(self.store.hold_seats, match_id, holders)
        return self.changed(hub, match_id)

    async def release(self, hub: Hub, match_id: str, seat: int) -> None:
        await asyncio.to_thread(self.store.release_seat, match_id, seat)
        self.changed(hub, match_id)

    def changed(self, hub: Hub, match_id: str) -> Players:
        self._kept.pop(match_id, None)
        players = self.players(match_id)
        live = hub.live.get(match_id)
        if live is not None:
            text = json_text.dumps({"type": "players", "players": players})
            for queues in live.subscribers.values():
                for queue in queues:
                    queue.put_nowait(text)
        return players
