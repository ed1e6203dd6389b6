"""Group commit: one thread writes queued steps to the store, many steps per transaction.

With ``synchronous=FULL`` every commit waits for the disk (an fsync, several milliseconds), so
committing each step alone would cap the server at one step per fsync. The writer takes every
step waiting in its queue and commits them together; each step's future completes only once
the transaction holding it has committed, and the server acknowledges and broadcasts a step
only after its future completes. Steps are committed in the order they were queued.
"""

from __future__ import annotations

import concurrent.futures
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from duelhost.store import Store


class StaleStep(RuntimeError):
    """A step made after a step of its match that failed to commit (it is not stored)."""


class LeaseLost(RuntimeError):
    """A step of a match that another process has taken over (its lease epoch is not the
    match's any more): it is not stored, and this process must drop the match."""


log = logging.getLogger("duelhost.server.writer")

StepRow = tuple[str, list[dict[str, Any]], bool, dict[str, Any] | None, float]
Item = tuple[StepRow, int | None, concurrent.futures.Future[None]]
"""A queued step: its row, the lease epoch it was made under (None: no leases), its future."""
NOT_HELD = -1
"""The epoch given to a step of a match this process holds no lease on: no lease has it, so the
store refuses the step."""
MAX_GROUP = 2000


class Writer:
    """The store's single writer thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[Item | None] = queue.SimpleQueue()
        self.fence: Callable[[str], int | None] | None = None
        """The lease epoch under which this process holds a match (several processes on one
        database, ``duelhost.server.cluster``): read when a step is queued, and checked in the
        transaction that stores it."""
        self.on_lost: Callable[[str], None] | None = None
        """Called (on the writer thread) with a match whose step was refused for a lost lease,
        before that step's future fails."""
        self._thread = threading.Thread(target=self._loop, name="duelhost-writer", daemon=True)
        self._thread.start()
        self.groups = 0
        self.steps = 0
        self.on_commit: Callable[[float, int], None] | None = None
        """Called (on the writer thread) after each group commit with its duration in seconds
        and its number of steps (the server's metrics)."""
        self._failed: dict[str, int] = {}
        """Match -> the sequence number its log needs next, after one of its steps failed to
        commit (until a step with that number, from the host rebuilt from the store, commits)."""

    def put(self, row: StepRow) -> concurrent.futures.Future[None]:
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        epoch = None
        if self.fence is not None:
            # A match this process does not hold (any more) has no epoch here: its step is
            # refused in the transaction like a fenced one, never stored without an epoch.
            held = self.fence(row[0])
            epoch = NOT_HELD if held is None else held
        self._queue.put((row, epoch, future))
        return future

    def alive(self) -> bool:
        """Whether the writer thread still runs."""
        return self._thread.is_alive()

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=30)

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < MAX_GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            try:
                self._write(batch)
            except Exception as error:  # a bug here must not stop every later commit
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(error)
            if stop:
                return

    def _stale(self, row: StepRow) -> bool:
        """Whether ``row`` comes after a step of its match that failed to commit: it was made
        from memory that held the lost step, and storing it would leave a hole in the log."""
        failed = self._failed.get(row[0])
        return failed is not None and bool(row[1]) and int(row[1][0]["seq"]) > failed

    def _next_seq(self, row: StepRow) -> int:
        """The sequence number the failed ``row``'s match needs next: one after what the store
        holds (the row's own first number if even that cannot be read)."""
        try:
            return self.store.last_seq(row[0]) + 1
        except Exception:
            return int(row[1][0]["seq"])

    def _stored(self, row: StepRow) -> None:
        failed = self._failed.get(row[0])
        if failed is not None and row[1] and int(row[1][0]["seq"]) <= failed:
            del self._failed[row[0]]  # the rebuilt host has filled the place of the lost step

    def _write(self, batch: list[Item]) -> None:
        batch = [(row, epoch, _claim(future)) for row, epoch, future in batch]
        ready = []
        for row, epoch, future in batch:
            if self._stale(row):
                future.set_exception(StaleStep(f"an earlier step of match {row[0]} was lost"))
            else:
                ready.append((row, epoch, future))
        if not ready:
            return
        started = time.perf_counter()
        try:
            fenced = self._append([row for row, _, _ in ready], [epoch for _, epoch, _ in ready])
        except Exception:
            # Find the failing step: commit one by one so the others still land (but never
            # a later step of a match over the hole a failed one left).
            for row, epoch, future in ready:
                self._write_one(row, epoch, future)
            return
        self.groups += 1
        self.steps += len(ready) - len(fenced)
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - started, len(ready) - len(fenced))
        for number, (row, _, future) in enumerate(ready):
            if number in fenced:
                self._lost(row, future)
            else:
                self._stored(row)
                future.set_result(None)

    def _write_one(
        self, row: StepRow, epoch: int | None, future: concurrent.futures.Future[None]
    ) -> None:
        """Commit one step alone (after its group failed), answering its future."""
        if self._stale(row):
            future.set_exception(StaleStep(f"an earlier step of match {row[0]} was lost"))
            return
        try:
            if self._append([row], [epoch]):
                self._lost(row, future)
                return
        except Exception as error:
            log.error(
                "step not stored",
                extra={"match": row[0], "seq": _first_seq(row), "error": str(error)},
            )
            if row[1]:
                self._failed[row[0]] = self._next_seq(row)
            future.set_exception(error)
        else:
            self._stored(row)
            future.set_result(None)

    def _append(self, rows: list[StepRow], epochs: list[int | None]) -> set[int]:
        """Store the rows; the indexes of those refused for a lost lease. Without leases the
        store is called with the rows alone."""
        if self.fence is None:
            self.store.append_many(rows)
            return set()
        return self.store.append_many(rows, epochs)

    def _lost(self, row: StepRow, future: concurrent.futures.Future[None]) -> None:
        log.warning("step refused: the match has another owner", extra={"match": row[0]})
        if self.on_lost is not None:
            self.on_lost(row[0])
        future.set_exception(LeaseLost(f"match {row[0]} is now hosted by another process"))


def _first_seq(row: StepRow) -> int | None:
    return int(row[1][0]["seq"]) if row[1] else None


def _claim(future: concurrent.futures.Future[None]) -> concurrent.futures.Future[None]:
    """The future to answer for a step: ``future`` itself, marked running so that a cancel can
    no longer race with the answer; or, if its waiter already gave up (its client left and the
    future was cancelled), a detached one, so that the step is stored all the same."""
    if future.set_running_or_notify_cancel():
        return future
    return concurrent.futures.Future()
