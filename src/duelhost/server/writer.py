"""Group commit: one thread writes queued steps to the store, many steps per transaction.

With ``synchronous=FULL`` every commit waits for the disk (an fsync, several milliseconds), so
committing each step alone would cap the server at one step per fsync. The writer takes every
step waiting in its queue and commits them together; each step's future completes only once
the transaction holding it has committed, and the server acknowledges and broadcasts a step
only after its future completes. Steps are committed in the order they were queued.
"""

from __future__ import annotations

import concurrent.futures
import queue
import threading
from typing import Any

from duelhost.store import Store

StepRow = tuple[str, list[dict[str, Any]], bool, dict[str, Any] | None, float]
MAX_GROUP = 2000


class Writer:
    """The store's single writer thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[tuple[StepRow, concurrent.futures.Future[None]] | None]
        self._queue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._loop, name="duelhost-writer", daemon=True)
        self._thread.start()
        self.groups = 0
        self.steps = 0

    def put(self, row: StepRow) -> concurrent.futures.Future[None]:
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        self._queue.put((row, future))
        return future

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
            self._write(batch)
            if stop:
                return

    def _write(self, batch: list[tuple[StepRow, concurrent.futures.Future[None]]]) -> None:
        try:
            self.store.append_many([row for row, _ in batch])
        except Exception:
            # Find the failing step: commit one by one so the others still land.
            for row, future in batch:
                try:
                    self.store.append_many([row])
                except Exception as error:
                    future.set_exception(error)
                else:
                    future.set_result(None)
            return
        self.groups += 1
        self.steps += len(batch)
        for _, future in batch:
            future.set_result(None)
