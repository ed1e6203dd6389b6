"""Matches in memory: rebuilt from the store on demand, their timers armed, evicted when idle."""

from __future__ import annotations

import asyncio
import contextlib
from typing import cast

import duelhost
from duelhost.core.errors import ConfigError
from duelhost.host import Match, SeatSpec
from duelhost.host.messages import LogEntry
from duelhost.host.time_controls import clock_from_dict
from duelhost.server import keys
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.faults import NotFound
from duelhost.server.hub.live import Live
from duelhost.server.ownership import OwnedElsewhere
from duelhost.store import MatchRow, Stored


class Hosting(HubBase):
    """Which matches are in memory, and their timers."""

    def get(self, match_id: str, client: str | None = None) -> Live:
        """The match in memory, rebuilt from the store if it is not (NotFound). A finished
        match rebuilt for a ``client`` (the address whose request asks for it) counts for that
        client's cap of finished matches in memory like one it created (``Keeping``): asking
        for old matches one after another holds no more of them than creating them."""
        live = self.live.get(match_id)
        if live is not None:
            return live
        if not isinstance(match_id, str) or len(match_id) > 64:
            raise NotFound(match_id)
        row = self.store.get(match_id)
        if row is None:
            raise NotFound(match_id)
        if not row.over and not self.ownership.claim(match_id):
            raise OwnedElsewhere(f"match {match_id} is hosted by another process; try again")
        if match_id in self.live:  # claimed meanwhile (the lease loop runs beside requests)
            return self.live[match_id]
        live = self._restore(row)
        if client is not None and live.match.is_over:
            self.creators.setdefault(match_id, client)
        return self.host(live)

    def restored(self, match_id: str) -> Live:
        """The match rebuilt from the store, not hosted yet (NotFound). Touches nothing of the
        hub's: a thread may call it while the loop runs (``duelhost.server.cluster``)."""
        return self._restore(self._row(match_id))

    def host(self, live: Live) -> Live:
        """Host a match rebuilt from the store (on the loop): in memory, its clock armed."""
        match_id = live.match.id
        sleeper = self._sleepers.pop(match_id, None)
        if sleeper is not None:
            sleeper.cancel()
        self.live[match_id] = live
        if live.match.is_over:
            self.unfinished.discard(match_id)
        self._after(live)
        self.ownership.hosting(match_id)
        self.spawn(self.begin_if_seated(live))
        return live

    def _row(self, match_id: str) -> MatchRow:
        row = self.store.get(match_id)
        if row is None:
            raise NotFound(match_id)
        return row

    def _restore(self, row: MatchRow) -> Live:
        return self.rebuild(
            Stored(row, self.store.log(row.id), self.store.seat_token_hashes(row.id))
        )

    def rebuild(self, stored: Stored) -> Live:
        """The match rebuilt from what the store holds (its log replayed, its seats' token
        hashes), not hosted yet. Reads nothing and touches nothing of the hub's: a thread may
        call it while the loop runs (a takeover's batch, ``duelhost.server.cluster``)."""
        row = stored.row
        match = Match.restore(
            row.id,
            duelhost.load(row.game, **row.options),
            row.seed,
            row.setup,
            [SeatSpec(s["kind"], s.get("bot")) for s in row.seats],
            clock_from_dict(row.clock),
            keys.match_key(self.server_key, bytes.fromhex(row.secret)),
            row.created,
            cast("list[LogEntry]", stored.log),
            self.settings.host,
        )
        match.think_apart = True
        hashes: list[str | None] = [s.get("token_hash") for s in row.seats]
        for seat, token_hash in stored.token_hashes.items():
            hashes[seat] = token_hash
        return Live(match, hashes, row.host_hash, stored=len(match.log), last_event=self.now())

    def _after(self, live: Live) -> None:
        """(Re)arm the match's timer: at its deadline, or at once when bots owe a move."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        match = live.match
        if self.live.get(match.id) is not live:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if match.is_over:
            # A finished match leaves memory once nobody watches it (reloaded on demand).
            live.timer = loop.call_later(self.settings.evict_after, self._evict, match.id)
            self._kept_finished(live)
            return
        if match.bots_due():
            live.timer = loop.call_soon(self._fire, match.id)
            return
        seat = match.thinker_due()
        if seat is not None and live.thinking is None:
            thinking = asyncio.ensure_future(self._think(live, seat))
            live.thinking = thinking
            self._tasks.add(thinking)
            thinking.add_done_callback(self._tasks.discard)
        wake = match.next_wake()
        idle = self.settings.idle_evict
        if wake is not None and wake - self.now() <= idle:
            live.timer = loop.call_later(max(0.0, wake - self.now()), self._fire, match.id)
        else:
            # Nothing due for a while: the match leaves memory if it stays idle.
            live.timer = loop.call_later(idle, self._evict, match.id)

    def _evict(self, match_id: str) -> None:
        """Drop an idle match from memory (a finished one, or an unfinished one nobody watches
        and nothing happened in for ``idle_evict`` seconds: its clock is kept by a timer that
        reloads it from the store when it is due)."""
        live = self.live.get(match_id)
        if live is None:
            return
        live.timer = None
        match, now = live.match, self.now()
        if (
            any(live.subscribers.values())
            or (live.last_commit is not None and not live.last_commit.done())
            or (not match.is_over and now - live.last_event < self.settings.idle_evict)
        ):
            self._after(live)
            return
        del self.live[match_id]
        self._forget(match_id)
        wake = None if match.is_over else match.next_wake()
        if wake is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, wake - now)
            self._sleepers[match_id] = loop.call_later(delay, self._wake, match_id)

    def _wake(self, match_id: str) -> None:
        """An evicted match's clock is due: reload it (which arms its timer and fires it)."""
        self._sleepers.pop(match_id, None)
        with contextlib.suppress(NotFound, ConfigError, ValueError):
            self.get(match_id)

    def _fire(self, match_id: str) -> None:
        live = self.live.get(match_id)
        if live is None:
            return
        live.timer = None
        task = asyncio.ensure_future(self.fire(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
