"""Replays built off the event loop, kept, paged and rate-limited (issue 32 point 5).

A replay (``server.web.replay_steps``: every step's three views and their texts) of a long
match is megabytes of JSON and seconds of work. Built on the event loop it stalled every
match, clock and stream; here it is built in one worker thread (``duelhost-replay``) while
the loop keeps answering, then kept encoded step by step (``replay_cache_bytes`` in all, the
least recently used forgotten first), and answered a page at a time: the steps from
``from`` until the page holds ``replay_page_bytes`` (at least one step), with ``steps_from``,
``steps_total`` and ``next`` (the ``from`` of the next page, null on the last) beside the
answer's other fields, so a first page has the shape a whole replay had.

Building is what costs: a client may start ``replays_per_minute`` builds a minute (a page of
a kept replay costs no build), and at most ``replay_queue`` builds wait at once; past either
the answer is 429 with ``Retry-After``. The match analysis (``hub.thinking``) counts against
the same per-client budget.
"""

from __future__ import annotations

import asyncio
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from duelhost.host import json_text
from duelhost.server.limits import Minute
from duelhost.server.settings import ServerSettings


class TooBusy(Exception):
    """A build refused for now: ``wait`` seconds before asking again, and why."""

    def __init__(self, wait: float, why: str) -> None:
        super().__init__(why)
        self.wait = wait


@dataclass(frozen=True)
class Built:
    """A replay kept encoded: its fields but the steps, and each step's JSON."""

    head: bytes
    """The JSON object of every field but ``steps``, without its closing brace."""
    steps: tuple[bytes, ...]
    size: int


def encode(replay: dict[str, Any]) -> Built:
    """A replay (``replay_steps``'s answer) encoded for paging."""
    steps = tuple(json_text.encode_kept(step) for step in replay["steps"])
    head = json_text.encode({k: v for k, v in replay.items() if k != "steps"})[:-1]
    return Built(head, steps, len(head) + sum(map(len, steps)))


def page(built: Built, start: int, limit: int) -> bytes:
    """The JSON answer holding the steps from ``start`` up to ``limit`` bytes (at least one)."""
    total = len(built.steps)
    start = max(0, min(start, total))
    end, size = start, 0
    while end < total and (end == start or size + len(built.steps[end]) <= limit):
        size += len(built.steps[end])
        end += 1
    more = json_text.encode(
        {"steps_from": start, "steps_total": total, "next": end if end < total else None}
    )
    separator = b"," if len(built.head) > 1 else b""
    return b"".join(
        (built.head, separator, more[1:-1], b',"steps":[', b",".join(built.steps[start:end]), b"]}")
    )


class Replays:
    """Replays of one server: built in a worker thread, kept encoded, answered by page."""

    def __init__(self, settings: ServerSettings, clock: Callable[[], float]) -> None:
        self.settings = settings
        self.builder: ThreadPoolExecutor | None = None
        """The thread where replays are built, one at a time, off the event loop (made at the
        first build, and again after ``close`` if the app serves once more)."""
        self.budget = Minute(settings.replays_per_minute, clock)
        self._kept: OrderedDict[str, Built] = OrderedDict()
        self._size = 0
        self._building: dict[str, asyncio.Future[Built]] = {}
        self._lock = threading.Lock()
        self.builds = 0
        """Replays built so far (a page of a kept replay builds nothing)."""

    @property
    def size(self) -> int:
        """Bytes of the replays kept (``replay_cache_bytes`` at most)."""
        return self._size

    def kept(self, key: str) -> Built | None:
        with self._lock:
            built = self._kept.get(key)
            if built is not None:
                self._kept.move_to_end(key)
            return built

    async def get(self, key: str, client: str, make: Callable[[], dict[str, Any]]) -> Built:
        """The replay ``key``, kept or built now by ``make`` in the worker thread (TooBusy past
        the client's budget or the queue; ``make``'s own errors pass through)."""
        built = self.kept(key)
        if built is not None:
            return built
        waiting = self._building.get(key)
        if waiting is None:
            if len(self._building) >= self.settings.replay_queue:
                raise TooBusy(1.0, "the server is building other replays")
            wait = self.budget.take(client)
            if wait:
                raise TooBusy(
                    wait, f"more than {self.settings.replays_per_minute} replays a minute"
                )
            loop = asyncio.get_running_loop()
            if self.builder is None:
                self.builder = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="duelhost-replay"
                )
            waiting = loop.run_in_executor(self.builder, _build, make)
            self._building[key] = waiting
            waiting.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(waiting)

    def _done(self, key: str, done: asyncio.Future[Built]) -> None:
        self._building.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self.builds += 1
        self._keep(key, done.result())

    def _keep(self, key: str, built: Built) -> None:
        limit = self.settings.replay_cache_bytes
        with self._lock:
            if built.size > limit or key in self._kept:
                return
            self._kept[key] = built
            self._size += built.size
            while self._size > limit:
                _, oldest = self._kept.popitem(last=False)
                self._size -= oldest.size

    def worker(self) -> ThreadPoolExecutor:
        """The replays' worker thread, made when first needed."""
        if self.builder is None:
            self.builder = ThreadPoolExecutor(max_workers=1, thread_name_prefix="duelhost-replay")
        return self.builder

    def close(self) -> None:
        if self.builder is not None:
            self.builder.shutdown(wait=False, cancel_futures=True)
            self.builder = None


def _build(make: Callable[[], dict[str, Any]]) -> Built:
    return encode(make())


def retry_after(wait: float) -> str:
    return str(max(1, math.ceil(wait)))
