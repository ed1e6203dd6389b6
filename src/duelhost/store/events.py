"""Stored events (issue 31): each event's row and its log of host actions and director steps.

A change of an event is stored only over the version it was read at (``save`` answers False
when another process stored a change meanwhile), and its log entry goes in the same
transaction: a round is paired once, whatever processes race, and every action that changed
the record is in the log. A rated knockout's series decided by a change is rated in that same
transaction (``store.event_ratings``): once, with the result that decided it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import func, insert, select, update

from duelhost.store import Store
from duelhost.store.event_ratings import SeriesDue, rate_event_series
from duelhost.store.schema import event_log, events, matches


@dataclass
class EventRow:
    """One stored event."""

    id: str
    record: dict[str, Any]
    settings: dict[str, Any]
    secret: str
    host_hash: str
    phase: str
    version: int
    created: float
    updated: float


def _dumps(data: Any) -> str:
    return orjson.dumps(data).decode()


class EventStore:
    """The events of one database (beside the matches of ``Store``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, row: EventRow, entry: dict[str, Any]) -> None:
        """Store a new event and its first log entry."""
        with self.store.engine.begin() as connection:
            connection.execute(
                insert(events).values(
                    id=row.id,
                    record=_dumps(row.record),
                    settings=_dumps(row.settings),
                    secret=row.secret,
                    host_hash=row.host_hash,
                    phase=row.phase,
                    version=row.version,
                    created=row.created,
                    updated=row.updated,
                )
            )
            connection.execute(
                insert(event_log).values(
                    event_id=row.id, seq=1, time=row.created, entry=_dumps(entry)
                )
            )

    def get(self, event_id: str) -> EventRow | None:
        """The event's row (None: no such event)."""
        with self.store.engine.connect() as connection:
            row = connection.execute(select(events).where(events.c.id == event_id)).first()
        if row is None:
            return None
        return EventRow(
            id=row.id,
            record=orjson.loads(row.record),
            settings=orjson.loads(row.settings),
            secret=row.secret,
            host_hash=row.host_hash,
            phase=row.phase,
            version=int(row.version),
            created=row.created,
            updated=row.updated,
        )

    def save(
        self,
        row: EventRow,
        entries: list[dict[str, Any]],
        now: float,
        series: Sequence[SeriesDue] = (),
    ) -> bool:
        """Store ``row`` as version ``row.version + 1`` if the stored one is still
        ``row.version``, with its log entries and the rating of each ``series`` it decided;
        False (nothing stored, nothing rated) if it is not."""
        with self.store.engine.begin() as connection:
            done = connection.execute(
                update(events)
                .where(events.c.id == row.id, events.c.version == row.version)
                .values(
                    record=_dumps(row.record),
                    settings=_dumps(row.settings),
                    phase=row.phase,
                    version=row.version + 1,
                    updated=now,
                )
            ).rowcount
            if done != 1:
                return False
            if entries:
                last = (
                    connection.execute(
                        select(func.max(event_log.c.seq)).where(event_log.c.event_id == row.id)
                    ).scalar()
                    or 0
                )
                connection.execute(
                    insert(event_log),
                    [
                        {
                            "event_id": row.id,
                            "seq": last + k + 1,
                            "time": now,
                            "entry": _dumps(entry),
                        }
                        for k, entry in enumerate(entries)
                    ],
                )
            for due in series:
                rate_event_series(connection, due)
        row.version += 1
        row.updated = now
        return True

    def version(self, event_id: str) -> int | None:
        """The stored version of the event (None: no such event)."""
        with self.store.engine.connect() as connection:
            found = connection.execute(
                select(events.c.version).where(events.c.id == event_id)
            ).scalar()
        return None if found is None else int(found)

    def log(self, event_id: str) -> list[dict[str, Any]]:
        """The event's log entries in order, each with its ``seq`` and ``time``."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(event_log.c.seq, event_log.c.time, event_log.c.entry)
                .where(event_log.c.event_id == event_id)
                .order_by(event_log.c.seq)
            ).all()
        return [{"seq": r.seq, "time": r.time, **orjson.loads(r.entry)} for r in rows]

    def running(self) -> list[str]:
        """The ids of events not closed (the directors to run)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(events.c.id).where(events.c.phase != "closed").order_by(events.c.created)
            ).all()
        return [r.id for r in rows]

    def results(self, match_ids: list[str]) -> dict[str, dict[str, Any] | None]:
        """The result of each of these matches that is over (others left out)."""
        if not match_ids:
            return {}
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(matches.c.id, matches.c.result).where(
                    matches.c.id.in_(match_ids), matches.c.over.is_(True)
                )
            ).all()
        return {r.id: None if r.result is None else orjson.loads(r.result) for r in rows}
