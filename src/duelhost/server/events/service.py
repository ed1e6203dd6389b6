"""The events of one server process: loading and storing them, changing them one at a time,
and running their directors.

Every change of an event (a host action, a round paired, a result reported) is a function of
its ``EventState`` applied under the event's lock, then stored over the version it was read at
with its log entries (``EventStore.save``); if another process stored a change meanwhile, the
event is read again and the change applied again (or refused, if it no longer applies). So no
round is paired twice and no change is lost, whatever the processes.

Each event not closed has a *director* (``director.run``) in the process that holds its lease:
one process alone runs them all; on ``--cluster`` each process scans the events every second
and claims the lease (``LeaseBook``, key ``event:<id>``) of those whose director died, so an
event goes on from another process within a lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
from collections import defaultdict
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import orjson

from duelhost.core.errors import ConfigError
from duelhost.events import EventRecord
from duelhost.server.events.state import EventSettings, EventState, event_seed
from duelhost.server.events.views import Snapshots
from duelhost.server.hub.tokens import hash_token
from duelhost.store.events import EventRow, EventStore
from duelhost.store.lease_book import LeaseBook

if TYPE_CHECKING:
    from duelhost.server.accounts.seating import Seating
    from duelhost.server.hub import Hub

log = logging.getLogger("duelhost.server.events")

Director = Callable[["EventService", str], Coroutine[Any, Any, None]]
"""An event's director loop, given the service and the event's id."""
Change = Callable[[EventState], list[dict[str, Any]]]
"""A change of an event: it changes the state it is given (its record and settings) and
answers the log entries that say what it did; ConfigError when it does not apply."""

SCAN_EVERY = 1.0


class EventMissing(LookupError):
    """No event with that id."""


class EventConflict(RuntimeError):
    """The event kept changing under this change (other processes): try again."""


class EventService:
    """The events this process knows and the directors it runs."""

    def __init__(self, hub: Hub, director: Director, node: str | None = None) -> None:
        self.hub = hub
        self.director = director
        """The director's loop (``director.run``), run for each event this process directs."""
        self.store = EventStore(hub.store)
        self.states: dict[str, EventState] = {}
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.match_event: dict[str, str] = {}
        """Match id -> the event it is a game of (for the delay, scouting, announcements)."""
        self.wakes: dict[str, asyncio.Event] = {}
        self.directors: dict[str, asyncio.Task[None]] = {}
        self.book = None if node is None else LeaseBook(hub.store, node)
        self.held: dict[str, int] = {}
        """Event id -> the epoch of this process's lease on its director (cluster)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.stopped = False
        self.snapshots = Snapshots()
        self.seating: Seating | None = None
        """Who holds the seats (the accounts' ``Seating``): guests' names on their seats."""
        self.tick = 0.5
        """Seconds between two passes of a director when nothing wakes it."""
        hub.on_over = self.match_over

    # -- loading ----------------------------------------------------------------------------

    def _state(self, row: EventRow) -> EventState:
        state = EventState(
            row,
            EventRecord.from_json(row.record),
            EventSettings.from_json(row.settings),
            event_seed(self.hub.server_key, row.secret),
        )
        self._index(state)
        return state

    def _index(self, state: EventState) -> None:
        for match_id in state.settings.games:
            self.match_event[match_id] = state.id

    async def get(self, event_id: str) -> EventState:
        """The event as last known here (read from the store if not known): EventMissing."""
        state = self.states.get(event_id)
        if state is not None and (event_id in self.directors or state.phase == "closed"):
            return state
        return await self.reload(event_id)

    async def reload(self, event_id: str) -> EventState:
        """The event as stored now."""
        if not isinstance(event_id, str) or not 0 < len(event_id) <= 32:
            raise EventMissing(event_id)
        row = await asyncio.to_thread(self.store.get, event_id)
        if row is None:
            raise EventMissing(event_id)
        state = self._state(row)
        self.states[event_id] = state
        if event_id not in self.snapshots.kept:
            # Not seen changing here: its history starts at its opening, not now (the delay).
            self.snapshots.note_opening(state)
        self.snapshots.note(state, self.hub.now())  # each state read, as it is read
        return state

    async def current(self, event_id: str) -> EventState:
        """The event for its director's pass: on a cluster read again when another process
        stored a change (a host action it received); one process alone knows every change."""
        state = await self.get(event_id)
        if self.book is None:
            return state
        stored = await asyncio.to_thread(self.store.version, event_id)
        if stored is not None and stored != state.row.version:
            async with self.locks[event_id]:
                return await self.reload(event_id)
        return state

    def event_of(self, match_id: str) -> EventState | None:
        """The event a match is a game of, as known here (None: none, or not known)."""
        event_id = self.match_event.get(match_id)
        return None if event_id is None else self.states.get(event_id)

    # -- creating and changing ---------------------------------------------------------------

    async def create(
        self, record: EventRecord, settings: EventSettings, secret: str, host_key: str
    ) -> EventState:
        now = self.hub.now()
        row = EventRow(
            id=record.event_id,
            record=record.to_json(),
            settings=settings.to_json(),
            secret=secret,
            host_hash=hash_token(host_key),
            phase="entry",
            version=1,
            created=now,
            updated=now,
        )
        entry = {
            "action": "open",
            "by": "host",
            "format": record.config.format.value,
            "game": record.config.game,
            "seed_commitment": record.seed_commitment,
        }
        await asyncio.to_thread(self.store.create, row, entry)
        state = self._state(row)
        self.states[row.id] = state
        self.snapshots.note(state, now)
        self.launch(row.id)
        return state

    async def change(self, event_id: str, change: Change) -> EventState:
        """Apply ``change`` to the event and store it (see the module docstring)."""
        async with self.locks[event_id]:
            state = await self.get(event_id)
            for _ in range(4):
                # The settings are copied whole: a change refused or stored over another
                # version leaves the state it started from as it was.
                settings = orjson.loads(orjson.dumps(state.settings.to_json()))
                work = EventState(
                    dataclasses.replace(state.row),
                    state.record,
                    EventSettings.from_json(settings),
                    state.seed,
                )
                if work.phase == "closed":
                    raise ConfigError(f"event {event_id} is closed: nothing more can change")
                entries = change(work)
                row = work.to_row()
                if await asyncio.to_thread(
                    self.store.save, row, entries, self.hub.now(), work.series_due
                ):
                    work.series_due = []
                    self.states[event_id] = work
                    self._index(work)
                    self.snapshots.note(work, self.hub.now())
                    self.wake(event_id)
                    return work
                state = await self.reload(event_id)
        raise EventConflict(f"event {event_id} kept changing meanwhile; try again")

    def is_host(self, state: EventState, authorization: str | None) -> bool:
        """Whether ``Authorization: Bearer <key>`` holds the event's host key."""
        if not authorization:
            return False
        scheme, _, key = authorization.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            return False
        try:
            presented = hash_token(key.strip())
        except UnicodeEncodeError:
            return False
        return hmac.compare_digest(presented, state.row.host_hash)

    # -- directors ---------------------------------------------------------------------------

    def wake(self, event_id: str) -> None:
        wake = self.wakes.get(event_id)
        if wake is not None:
            wake.set()

    def match_over(self, match_id: str) -> None:
        """A match ended here: its event's director looks at once."""
        event_id = self.match_event.get(match_id)
        if event_id is not None:
            self.wake(event_id)

    def launch(self, event_id: str) -> None:
        """Run the event's director here (single process; on a cluster only once this process
        holds its lease)."""
        if self.stopped or event_id in self.directors:
            return
        if self.book is not None and event_id not in self.held:
            return
        self.wakes[event_id] = asyncio.Event()
        task = asyncio.create_task(self.director(self, event_id))
        self.directors[event_id] = task
        task.add_done_callback(lambda _t: self._ended(event_id))

    def _ended(self, event_id: str) -> None:
        self.directors.pop(event_id, None)
        self.wakes.pop(event_id, None)
        if self.book is not None and event_id in self.held:
            with contextlib.suppress(Exception):
                self.book.release([f"event:{event_id}"])
            self.held.pop(event_id, None)

    def start(self) -> None:
        """Run the directors of the events not closed (on a cluster: scan for them)."""
        task = asyncio.create_task(self._scanning())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _scanning(self) -> None:
        while not self.stopped:
            try:
                await self._scan()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database may be away a moment: go on
                log.warning("event scan failed", extra={"error": str(error)})
            if self.book is None:
                return
            await asyncio.sleep(SCAN_EVERY)

    async def _scan(self) -> None:
        running = await asyncio.to_thread(self.store.running)
        if self.book is None:
            for event_id in running:
                await self.reload(event_id)
                self.launch(event_id)
            return
        book = self.book
        if self.held:
            lost = await asyncio.to_thread(
                book.renew, {f"event:{e}": epoch for e, epoch in self.held.items()}
            )
            for key in lost:
                event_id = key.removeprefix("event:")
                self.held.pop(event_id, None)
                task = self.directors.get(event_id)
                if task is not None:
                    task.cancel()
        for event_id in running:
            if event_id in self.held:
                continue
            claim = await asyncio.to_thread(book.claim, f"event:{event_id}")
            if claim is None:
                await self.reload(event_id)  # known here for its delay and announcements
                continue
            self.held[event_id] = claim.epoch
            await self.reload(event_id)
            log.info("event director claimed", extra={"event": event_id, "epoch": claim.epoch})
            self.launch(event_id)

    async def stop(self) -> None:
        self.stopped = True
        for task in [*self._tasks, *self.directors.values()]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.book is not None and self.held:
            with contextlib.suppress(Exception):
                self.book.release([f"event:{e}" for e in self.held])
