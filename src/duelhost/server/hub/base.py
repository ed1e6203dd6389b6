"""The hub's shared state, and the methods its parts call across one another.

The hub is one object made of parts (``Tokens``, ``Lifecycle``, ``Hosting``, ``Play``,
``Thinking``, ``Watching``), each a module with one job; they share this state, and each
names here what it needs of the others.
"""

from __future__ import annotations

import asyncio
import threading
import time
from abc import ABC, abstractmethod
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from duelhost.host import Step
from duelhost.host.messages import Answer
from duelhost.server import keys
from duelhost.server.hub.live import AnalysisJob, Live
from duelhost.server.ownership import Ownership, SoleOwner
from duelhost.server.settings import ServerSettings
from duelhost.server.writer import Writer
from duelhost.store import MatchRow, Store


class HubBase(ABC):
    """All hosted matches of one server process: the state the hub's parts share."""

    def __init__(
        self,
        store: Store,
        now: Callable[[], float] = time.time,
        settings: ServerSettings | None = None,
    ) -> None:
        self.store = store
        self.settings = settings if settings is not None else ServerSettings()
        key_file = self.settings.key_file
        self.key_path = Path(key_file) if key_file else keys.default_key_path(store.url)
        self.server_key = keys.load_or_create(self.key_path)
        self.writer = Writer(store)
        self.now = now
        self.live: dict[str, Live] = {}
        self.ack_latencies: deque[float] = deque(maxlen=100_000)
        self.ownership: Ownership = SoleOwner()
        """Which matches this process may host (``duelhost.server.cluster`` for several)."""
        self.on_ack: Callable[[float, bool], None] | None = None
        """Called with each submission's submit-to-ack seconds and whether it was accepted
        (the server's metrics, ``duelhost.server.ops``)."""
        self.on_over: Callable[[str], None] | None = None
        """Called with a match's id when a step that ends it is stored (the events'
        directors, ``duelhost.server.events``)."""
        self._tasks: set[asyncio.Future[None]] = set()
        self.unfinished: set[str] = set()
        """Ids of the unfinished matches (in memory or not): the live-match count."""
        self._sleepers: dict[str, asyncio.TimerHandle] = {}
        """Unfinished matches out of memory: the timer that reloads each when its clock is
        due."""
        self.thinkers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="duelhost-bot")
        """Threads where bots that search choose their submissions, off the event loop."""
        self.analysers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="duelhost-analysis")
        """The thread where finished matches are analysed (``analysis``), one at a time."""
        self.analyses: OrderedDict[str, AnalysisJob] = OrderedDict()
        self._analyses_lock = threading.Lock()
        self.finished_kept: OrderedDict[str, str | None] = OrderedDict()
        """The finished matches in memory, least recently finished first, with the client that
        created each (``Keeping``)."""
        self.creators: dict[str, str] = {}
        """The client (address) that created each match in memory (``Keeping``)."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the loop as a task the hub keeps (cancelled at ``stop``)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside the loop: nothing to run it on
            work.close()
            return
        task = loop.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # What the parts ask of one another (each is defined in the part named).

    @abstractmethod
    async def _run(self, live: Live, event: Callable[[float], Step]) -> Answer | None:
        """Apply one event to a match (``Play``)."""

    @abstractmethod
    async def fire(self, live: Live) -> None:
        """Let a match's time pass to now (``Play``)."""

    @abstractmethod
    def _after(self, live: Live) -> None:
        """(Re)arm a match's timer (``Hosting``)."""

    @abstractmethod
    def _row(self, match_id: str) -> MatchRow:
        """A match's stored row (``Hosting``)."""

    @abstractmethod
    def _restore(self, row: MatchRow) -> Live:
        """A match rebuilt from the store (``Hosting``)."""

    @abstractmethod
    def get(self, match_id: str, client: str | None = None) -> Live:
        """A match in memory, rebuilt if it is not (``Hosting``)."""

    @abstractmethod
    async def _think(self, live: Live, seat: int) -> None:
        """A bot's choice made off the loop (``Thinking``)."""

    @abstractmethod
    def _kept_finished(self, live: Live) -> None:
        """A match in memory is over: keep it within the caps (``Keeping``)."""

    @abstractmethod
    def _forget(self, match_id: str) -> None:
        """A match left memory (``Keeping``)."""

    @abstractmethod
    async def begin_if_seated(self, live: Live) -> None:
        """Start a waiting match's clock once every seat is held (``Tokens``)."""

    @abstractmethod
    def _watch(self, live: Live) -> None:
        """Which recipients' frames the host builds (``Watching``)."""
