"""Several ``duelhost serve --cluster`` processes on one PostgreSQL database share its matches.

Each process (a *node*) hosts the live matches it holds a lease on (``duelhost.store.lease_book``):

- It claims a match when it creates it, when a request for it arrives and nobody holds it, or
  when its lease has expired (the takeover scan): every claim raises the match's fencing epoch,
  and the writer stores a step only under the epoch it was made under, so a process that lost
  a match can never add to its log.
- It renews its leases every second (lease 3 s), in a task and a thread of their own, so a
  burst of takeovers never delays a renewal. A match whose renewal shows another owner or
  epoch, or whose step the writer refused, is dropped at once: no timer, its live streams close
  (code 1012) so their clients reconnect.
- A node that dies stops renewing; within 3 s its leases expire. The scan of every other node
  wakes when the next lease of another node is due to expire (at least every second), claims
  its share of the expired leases in one transaction (the expired ones divided by the live
  nodes), rebuilds those matches from their logs in threads, off the event loop, and hosts them
  with their clocks resumed from the stored deadlines. On SIGTERM a node stores every queued
  step, then releases its leases so the others take over at once.
- A request for a match held by another node is forwarded to it (``duelhost.server.forward``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from duelhost.core.errors import ConfigError
from duelhost.store.lease_book import TTL, Claim, LeaseBook

if TYPE_CHECKING:
    from duelhost.server.hub import Hub, Live
    from duelhost.server.ops import Metrics

log = logging.getLogger("duelhost.server.cluster")

RENEW_EVERY = 1.0
"""Seconds between two renewals (and at most between two takeover scans)."""
EXPIRY_MARGIN = 0.05
"""Seconds after another node's lease is due to expire that the scan looks at it."""
REBUILDERS = 2
"""Threads that rebuild taken-over matches from their logs."""


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
        self.taking: dict[str, Claim] = {}
        """Matches claimed and not hosted yet (being rebuilt): they keep their lease."""
        self._renewer = ThreadPoolExecutor(1, thread_name_prefix="duelhost-lease")
        self._rebuilders = ThreadPoolExecutor(REBUILDERS, thread_name_prefix="duelhost-rebuild")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        hub.ownership = self
        hub.writer.fence = self.held.get
        hub.writer.on_lost = self._lost_in_writer

    # ------------------------------------------------------------------ Ownership

    def claim(self, match_id: str) -> bool:
        if match_id in self.held:
            return True
        claim = self.book.claim(match_id)
        if claim is None:
            return False
        self.held[match_id] = claim.epoch
        self.taking[match_id] = claim
        return True

    def _taken_over(self, claim: Claim) -> bool:
        """Whether another node held the match before (not a first claim, nor this node's
        claim of a match it held and dropped, or whose renewal came late)."""
        return claim.epoch > 1 and claim.previous != self.node

    def hosting(self, match_id: str) -> None:
        claim = self.taking.pop(match_id, None)
        if claim is None or self.held.get(match_id) != claim.epoch or not self._taken_over(claim):
            return
        if self.metrics is not None:
            self.metrics.lease_takeovers.inc()
        # ``expired``: when the previous lease ran out (0: handed over); ``claimed``: when this
        # node took it (database time); the line's own time: when the match is hosted again,
        # its clock armed (the fault campaign reads the three).
        log.info(
            "match taken over",
            extra={
                "match": match_id,
                "epoch": claim.epoch,
                "expired": claim.expired,
                "claimed": claim.at,
                "node": self.node,
            },
        )

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
        for work in (self._renewing(), self._scanning()):
            task = asyncio.create_task(work)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        log.info("node started", extra={"node": self.node})

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._renewer.shutdown(wait=False, cancel_futures=True)
        self._rebuilders.shutdown(wait=False, cancel_futures=True)
        with contextlib.suppress(Exception):
            self.book.forget()

    # ------------------------------------------------------------------ renewals

    async def _renewing(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                await self._renew(loop)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away for a moment: go on
                log.warning("lease renewal failed", extra={"error": str(error)})
            await asyncio.sleep(self.every * random.uniform(0.8, 1.0))

    async def _renew(self, loop: asyncio.AbstractEventLoop) -> None:
        # Finished matches need no lease any more once their last step is stored; a match
        # being rebuilt after its claim keeps its lease.
        for match_id in list(self.held):
            live = self.hub.live.get(match_id)
            if match_id in self.taking:
                continue
            if live is None or (
                live.match.is_over and (live.last_commit is None or live.last_commit.done())
            ):
                del self.held[match_id]
        held = dict(self.held)
        lost = await loop.run_in_executor(self._renewer, self.book.renew, held)
        for match_id in lost:
            if self.held.get(match_id) == held[match_id]:
                self.lost(match_id)

    # ------------------------------------------------------------------ takeovers

    async def _scanning(self) -> None:
        while True:
            wait = self.every * random.uniform(0.8, 1.0)
            try:
                scan = await asyncio.to_thread(self.book.claim_orphans)
                if scan.claimed:
                    self._adopt(scan.claimed)
                if scan.next_expiry is not None:
                    due = scan.next_expiry - scan.now + EXPIRY_MARGIN
                    wait = min(wait, max(EXPIRY_MARGIN, due))
                if scan.left:
                    # Each scan takes a share of what is left: look again soon, so a crash's
                    # matches are all claimed within a few scans of the nodes.
                    wait = EXPIRY_MARGIN
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away for a moment: go on
                log.warning("takeover scan failed", extra={"error": str(error)})
            await asyncio.sleep(wait)

    def _adopt(self, claims: list[Claim]) -> None:
        """Hold the claimed matches at once, and rebuild them in the background."""
        for claim in claims:
            self.held[claim.match_id] = claim.epoch
            old = self.hub.live.get(claim.match_id)
            if old is not None:
                # This node's own lease, renewed too late. Steps queued under the old epoch are
                # refused, so its memory may be ahead of its log: build it again from the log,
                # as a takeover would. (Kept as it was, the next step, made on top of a refused
                # one, was stored under the new epoch: a gap in the log. The 30-minute campaign
                # at load 35-40 found three.)
                self.hub.drop(claim.match_id)
            self.taking[claim.match_id] = claim
            task = asyncio.create_task(self._rebuild(claim, old))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _rebuild(self, claim: Claim, old: Live | None = None) -> None:
        """Rebuild a claimed match from the store in a thread, then host it on the loop (unless
        a request hosted it meanwhile, or the lease is gone again). ``old``: this node's own
        memory of it, dropped: its steps still on their way are answered (refused) first, so
        the writer's refusals come while the claim is being taken, not after."""
        loop = asyncio.get_running_loop()
        match_id = claim.match_id
        if old is not None:
            await self.hub.settled(old)
        try:
            live = await loop.run_in_executor(self._rebuilders, self.hub.restored, match_id)
        except Exception as error:
            # Not renewed any more: its lease runs out and any node may try again.
            self.taking.pop(match_id, None)
            log.error("takeover failed", extra={"match": match_id, "error": str(error)})
            return
        if match_id in self.hub.live or self.held.get(match_id) != claim.epoch:
            return
        self.hub.host(live)

    def lost(self, match_id: str) -> None:
        """Another node holds the match now: drop it at once."""
        self.held.pop(match_id, None)
        self.taking.pop(match_id, None)
        if self.metrics is not None:
            self.metrics.leases_lost.inc()
        log.warning("lease lost", extra={"match": match_id, "node": self.node})
        self.hub.drop(match_id)

    def _lost_in_writer(self, match_id: str) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._refused, match_id)

    def _refused(self, match_id: str) -> None:
        """The writer refused a step of this match: it has another holder. While this node
        rebuilds the match under a new claim, the refused step is one of the memory it
        dropped (no step of the new claim exists before the match is hosted): keep the claim."""
        if match_id not in self.taking:
            self.lost(match_id)

    async def owner_elsewhere(self, match_id: str) -> str | None:
        """The address of the node that hosts the match, when it is another live one."""
        if match_id in self.hub.live:
            return None
        owner = await asyncio.to_thread(self.book.owner, match_id)
        if owner is None or not owner.live or owner.node == self.node or not owner.url:
            return None
        return owner.url
