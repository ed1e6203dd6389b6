"""Several ``duelhost serve --cluster`` processes on one PostgreSQL database share its matches.

Each process (a *node*) hosts the live matches it holds a lease on (``duelhost.store.lease_book``):

- It claims a match when it creates it, when a request for it arrives and nobody holds it, or
  when its lease has expired (the takeover scan): every claim raises the match's fencing epoch,
  and the writer stores a step only under the epoch it was made under, so a process that lost
  a match can never add to its log.
- It renews its leases every second (lease 3 s), in a task and a thread of their own, so a
  burst of takeovers never delays a renewal; the takeover scan has a thread of its own too,
  so the owner lookups of a crash's reconnecting clients never delay it. A match whose
  renewal shows another owner or epoch, or whose step the writer refused, is dropped at once:
  no timer, its live streams close (code 1012) so their clients reconnect.
- A node that dies stops renewing; within 3 s its leases expire. The scan of every other node
  wakes when the next lease of another node is due to expire (at least every second), claims
  its share of the expired leases in one transaction (the expired ones divided by the live
  nodes), reads the claimed matches' rows, logs and seats in three queries
  (``Store.stored_many``), rebuilds each in one of two threads, off the event loop (timed
  matches first, tick matches before the others), and hosts each as soon as its own rebuild is
  done, its clock resumed from the stored deadlines. On SIGTERM a node stores every queued
  step, then releases its leases so the others take over at once.
- A node that starts loads the games of the unfinished matches (their modules) before it
  registers, so its first takeovers do not wait for imports.
- A request for a match this node is rebuilding after a takeover is asked to try again (503,
  or close 1013) instead of rebuilding it a second time on the event loop.
- A request for a match held by another node is forwarded to it (``duelhost.server.forward``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import duelhost
from duelhost.core.errors import ConfigError
from duelhost.server.hub import Live, NotFound
from duelhost.store import Stored
from duelhost.store.lease_book import TTL, Claim, LeaseBook, Scan

if TYPE_CHECKING:
    from duelhost.server.hub import Hub
    from duelhost.server.ops import Metrics

log = logging.getLogger("duelhost.server.cluster")

RENEW_EVERY = 1.0
"""Seconds between two renewals (and at most between two takeover scans)."""
EXPIRY_MARGIN = 0.05
"""Seconds after another node's lease is due to expire that the scan looks at it."""
REBUILDERS = 2
"""Threads that rebuild taken-over matches from their logs."""


def rebuild_order(batch: Iterable[Stored]) -> list[Stored]:
    """The order a batch is rebuilt in: matches on a tick first (a tick is due every few
    seconds), then the other timed ones, then untimed ones; oldest first within each."""

    def urgency(stored: Stored) -> tuple[int, float, str]:
        clock = stored.row.clock
        rank = 2 if clock is None else 0 if clock.get("mode") == "tick" else 1
        return rank, stored.row.created, stored.row.id

    return sorted(batch, key=urgency)


Done = Callable[[str, Live | None, BaseException | None], None]
"""Told of each match of a batch once its rebuild ends: the match, the rebuilt match (None:
not rebuilt, it was not wanted any more), the error that stopped it."""


async def rebuild_batch(
    hub: Hub,
    match_ids: list[str],
    pool: ThreadPoolExecutor,
    done: Done,
    wanted: Callable[[str], bool] = lambda _match_id: True,
    on_read: Callable[[], None] = lambda: None,
    batch: dict[str, Stored] | None = None,
) -> None:
    """Rebuild several matches from the store in ``pool``'s threads: their rows, logs and seats
    read at once (``Store.stored_many``: three queries instead of three a match), then each
    replayed in ``rebuild_order``; ``done`` is called on the loop as soon as each one's own
    rebuild ends. A match ``wanted`` no longer (hosted meanwhile by a request, or lost) is not
    replayed. ``on_read`` is called once the read is done; its errors are raised. ``batch``:
    what ``Store.stored_many`` read for these matches already (then nothing is read here)."""
    loop = asyncio.get_running_loop()
    if batch is None:
        batch = await loop.run_in_executor(pool, hub.store.stored_many, match_ids)
        on_read()
    for match_id in match_ids:
        if match_id not in batch:
            done(match_id, None, NotFound(match_id))

    def rebuild(stored: Stored) -> Live | None:
        return hub.rebuild(stored) if wanted(stored.row.id) else None

    running = {
        loop.run_in_executor(pool, rebuild, stored): stored.row.id
        for stored in rebuild_order(batch.values())
    }
    pending = set(running)
    while pending:
        finished, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        for future in finished:
            error = future.exception()
            done(running[future], None if error is not None else future.result(), error)


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
        self.timings: dict[str, tuple[float, float]] = {}
        """Match being taken over -> when its batch's read ended and when its rebuild ended
        (Unix seconds; the "match taken over" line gives them)."""
        self._renewer = ThreadPoolExecutor(1, thread_name_prefix="duelhost-lease")
        self._scanner = ThreadPoolExecutor(1, thread_name_prefix="duelhost-scan")
        """The takeover scan's thread: the default executor also runs every request's owner
        lookup, and a crash's reconnecting clients queue dozens of them just as the scan is
        due."""
        self._rebuilders = ThreadPoolExecutor(REBUILDERS, thread_name_prefix="duelhost-rebuild")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        hub.ownership = self
        hub.writer.fence = self.held.get
        hub.writer.on_lost = self._lost_in_writer

    # ------------------------------------------------------------------ Ownership

    def claim(self, match_id: str) -> bool:
        if match_id in self.taking and match_id not in self.hub.live:
            # Its takeover's rebuild runs in a thread and hosts it as soon as it is done: the
            # request is asked to try again (503, or close 1013) rather than rebuilding it a
            # second time on the event loop, which every other match waits for.
            return False
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
        # node took it (database time); ``took``: seconds from the claim to the end of its
        # batch's read and from there to the end of its own replay (absent: a request rebuilt
        # it); the line's own time: when the match is hosted again, its clock armed (the fault
        # campaign reads them).
        extra: dict[str, object] = {
            "match": match_id,
            "epoch": claim.epoch,
            "expired": claim.expired,
            "claimed": claim.at,
            "node": self.node,
        }
        timing = self.timings.pop(match_id, None)
        if timing is not None:
            read, done = timing
            extra["took"] = {"read": round(read - claim.at, 6), "replay": round(done - read, 6)}
        log.info("match taken over", extra=extra)

    def released(self, match_ids: Iterable[str]) -> None:
        ids = [m for m in match_ids if m in self.held]
        self.book.release(ids)
        self.held.clear()
        log.info("leases handed over", extra={"matches": len(ids), "node": self.node})

    # ------------------------------------------------------------------ lifecycle

    def start(self) -> None:
        """Load the games in play, record this node's address (call before the hub starts),
        then renew and scan."""
        self._warm()
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
        self._scanner.shutdown(wait=False, cancel_futures=True)
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
        loop = asyncio.get_running_loop()
        while True:
            wait = self.every * random.uniform(0.8, 1.0)
            try:
                scan, batch, read = await loop.run_in_executor(self._scanner, self._scan)
                if scan.claimed:
                    self._adopt(scan.claimed, batch, read)
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

    def _warm(self) -> None:
        """Load the games of the unfinished matches. The first game a process loads imports
        every game's modules (``core.registry``: 0.2 s of CPU, more on a busy machine); done
        here, before the node counts as live and before any rebuild thread runs, so the first
        takeovers do not wait for it, and two rebuild threads never import at once (the second
        found no game registered yet: "unknown game")."""
        try:
            names = self.hub.store.games_in_play()
        except Exception as error:  # only a head start: the rebuilds load what they need
            log.warning("games in play not read", extra={"error": str(error)})
            names = []
        for name in names:
            try:
                duelhost.load(name)
            except Exception as error:  # a match of a game gone: its rebuild says so
                log.warning("game not loaded", extra={"game": name, "error": str(error)})

    def _scan(self) -> tuple[Scan, dict[str, Stored] | None, float]:
        """One takeover scan, in a thread: claim this node's share of the expired leases, then
        read the claimed matches' rows, logs and seats at once (after the claim's commit, which
        waited for any commit of their previous holders: the logs are whole). Returns the scan,
        what was read (None: the read failed, the rebuild reads again) and when it ended."""
        scan = self.book.claim_orphans()
        if not scan.claimed:
            return scan, None, 0.0
        try:
            batch = self.hub.store.stored_many([c.match_id for c in scan.claimed])
        except Exception as error:  # the claim stands: the rebuild reads again
            log.warning("takeover read failed", extra={"error": str(error)})
            return scan, None, 0.0
        return scan, batch, time.time()

    def _adopt(
        self,
        claims: list[Claim],
        batch: dict[str, Stored] | None = None,
        read_at: float = 0.0,
    ) -> None:
        """Hold the claimed matches at once, and rebuild them in the background (from
        ``batch``, what the scan read for them, read at ``read_at``; None: read them first)."""
        olds: dict[str, Live] = {}
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
                olds[claim.match_id] = old
            self.taking[claim.match_id] = claim
        task = asyncio.create_task(self._rebuild(claims, olds, batch, read_at))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rebuild(
        self,
        claims: list[Claim],
        olds: dict[str, Live] | None = None,
        batch: dict[str, Stored] | None = None,
        read_at: float = 0.0,
    ) -> None:
        """Rebuild claimed matches from the store in the rebuild threads (``rebuild_batch``),
        and host each on the loop as soon as its own rebuild is done (unless a request hosted
        it meanwhile, or the lease is gone again). ``olds``: this node's own memory of some of
        them, dropped: their steps still on their way are answered (refused) before the match
        is hosted, so the writer's refusals come while the claim is being taken, not after.
        (The log is read after the claim, which waited for any commit of the old epoch: it
        holds everything stored.)"""
        olds = olds or {}
        claimed = {claim.match_id: claim for claim in claims}
        read = [read_at]

        def wanted(match_id: str) -> bool:
            claim = claimed[match_id]
            return match_id not in self.hub.live and self.held.get(match_id) == claim.epoch

        def done(match_id: str, live: Live | None, error: BaseException | None) -> None:
            claim = claimed[match_id]
            if error is not None:
                self._failed(claim, error)
                return
            if live is None:
                return
            self.timings[match_id] = (read[0], time.time())
            old = olds.get(match_id)
            if old is None:
                self._host(claim, live)
                return
            task = asyncio.create_task(self._host_after(claim, live, old))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        def on_read() -> None:
            read[0] = time.time()

        try:
            await rebuild_batch(
                self.hub, list(claimed), self._rebuilders, done, wanted, on_read, batch
            )
        except Exception as error:
            for claim in claims:
                self._failed(claim, error)

    async def _host_after(self, claim: Claim, live: Live, old: Live) -> None:
        await self.hub.settled(old)
        self._host(claim, live)

    def _host(self, claim: Claim, live: Live) -> None:
        match_id = claim.match_id
        if match_id in self.hub.live or self.held.get(match_id) != claim.epoch:
            self.timings.pop(match_id, None)
            return
        self.hub.host(live)

    def _failed(self, claim: Claim, error: BaseException) -> None:
        """Not renewed any more: its lease runs out and any node may try again."""
        if self.taking.get(claim.match_id) is not claim:
            return  # hosted meanwhile (by a request), lost, or claimed again since
        del self.taking[claim.match_id]
        log.error("takeover failed", extra={"match": claim.match_id, "error": str(error)})

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
