"""Several ``duelhost serve --cluster`` processes on one PostgreSQL database share its matches.

Each process (a *node*) hosts the live matches it holds a lease on (``duelhost.store.lease_book``):

- It claims a match when it creates it, when a request for it arrives and nobody holds it, or
  when its lease has expired (the takeover scan, every second): every claim raises the match's
  fencing epoch, and the writer stores a step only under the epoch it was made under, so a
  process that lost a match can never add to its log.
- It renews its leases every second (lease 3 s). A match whose renewal shows another owner or
  epoch, or whose step the writer refused, is dropped at once: no timer, its live streams close
  (code 1012) so their clients reconnect.
- A node that dies stops renewing; within 3 s its leases expire and the next scan of another
  node takes its matches over, rebuilding each from its log and resuming its clock from the
  stored deadlines. On SIGTERM a node stores every queued step, then releases its leases so
  the others take over at once.
- A request for a match held by another node is forwarded to it (``duelhost.server.forward``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING

from duelhost.core.errors import ConfigError
from duelhost.server.ownership import OwnedElsewhere
from duelhost.store.lease_book import TTL, LeaseBook

if TYPE_CHECKING:
    from duelhost.server.hub import Hub
    from duelhost.server.ops import Metrics

log = logging.getLogger("duelhost.server.cluster")

RENEW_EVERY = 1.0
"""Seconds between two renewals (and takeover scans)."""


class Cluster:
    """This process's part in a group of server processes sharing one database."""

    def __init__(
        self,
        hub: Hub,
        advertise: str,
        metrics: Metrics | None = None,
        ttl: float = TTL,
        every: float = RENEW_EVERY,
    ) -> None:
        if hub.store.backend != "postgresql":
            raise ConfigError("several server processes need a PostgreSQL database (--db)")
        self.hub = hub
        self.node = secrets.token_hex(8)
        self.url = advertise.rstrip("/")
        self.book = LeaseBook(hub.store, self.node, ttl)
        self.metrics = metrics
        self.every = every
        self.held: dict[str, int] = {}
        """Match -> the epoch of this node's lease on it."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        hub.ownership = self
        hub.writer.fence = self.held.get
        hub.writer.on_lost = self._lost_in_writer

    # ------------------------------------------------------------------ Ownership

    def claim(self, match_id: str) -> bool:
        if match_id in self.held:
            return True
        epoch = self.book.claim(match_id)
        if epoch is None:
            return False
        self.held[match_id] = epoch
        if epoch > 1:
            if self.metrics is not None:
                self.metrics.lease_takeovers.inc()
            log.info("match taken over", extra={"match": match_id, "epoch": epoch})
        return True

    def released(self, match_ids: Iterable[str]) -> None:
        ids = [m for m in match_ids if m in self.held]
        self.book.release(ids)
        self.held.clear()
        log.info("leases handed over", extra={"matches": len(ids), "node": self.node})

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Record this node's address (call before the hub starts), then renew and scan."""
        self.book.register(self.url)
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._run())
        log.info("node started", extra={"node": self.node})

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):
            self.book.forget()

    # ------------------------------------------------------------------ the loop

    async def _run(self) -> None:
        while True:
            try:
                await self._renew()
                await self._take_over()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away for a moment: go on
                log.warning("lease round failed", extra={"error": str(error)})
            await asyncio.sleep(self.every * random.uniform(0.8, 1.0))

    async def _renew(self) -> None:
        # Finished matches need no lease any more once their last step is stored.
        for match_id in list(self.held):
            live = self.hub.live.get(match_id)
            if live is None or (
                live.match.is_over and (live.last_commit is None or live.last_commit.done())
            ):
                del self.held[match_id]
        held = dict(self.held)
        lost = await asyncio.to_thread(self.book.renew, held)
        for match_id in lost:
            if self.held.get(match_id) == held[match_id]:
                self.lost(match_id)

    async def _take_over(self) -> None:
        orphans = await asyncio.to_thread(self.book.orphans)
        for match_id in orphans:
            if match_id in self.hub.live:
                continue
            try:
                self.hub.get(match_id)  # claims it, rebuilds it and re-arms its clock
            except OwnedElsewhere:
                continue  # another node was quicker
            except Exception as error:
                log.error("takeover failed", extra={"match": match_id, "error": str(error)})
            await asyncio.sleep(0)  # let requests in between two rebuilds

    def lost(self, match_id: str) -> None:
        """Another node holds the match now: drop it at once."""
        self.held.pop(match_id, None)
        if self.metrics is not None:
            self.metrics.leases_lost.inc()
        log.warning("lease lost", extra={"match": match_id, "node": self.node})
        self.hub.drop(match_id)

    def _lost_in_writer(self, match_id: str) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.lost, match_id)

    async def owner_elsewhere(self, match_id: str) -> str | None:
        """The address of the node that hosts the match, when it is another live one."""
        if match_id in self.hub.live:
            return None
        owner = await asyncio.to_thread(self.book.owner, match_id)
        if owner is None or not owner.live or owner.node == self.node or not owner.url:
            return None
        return owner.url
