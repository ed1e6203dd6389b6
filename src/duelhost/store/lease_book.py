"""Leases: which server process owns each live match, when several share one database.

A process (a *node*, random id per start) owns a match while its row in ``leases`` names it and
has not expired. Every takeover raises the match's *epoch*; the writer stores a step only if the
epoch it was made under is still the match's (``Store.append_many``), so a process that lost a
match can never add to its log. Times are the database's clock (``now``), so processes on
different machines agree on expiry.

- ``claim``: take a match that has no lease, whose lease expired, or that this node holds
  again after dropping it; always a new epoch.
- ``claim_orphans``: take this node's share of the expired leases in one transaction (the
  takeover scan), and say when the next lease of another node expires.
- ``renew``: push the expiry of every match this node holds; the ones it no longer holds (taken
  over: another owner or epoch) come back as lost.
- ``release``: hand matches over at once (graceful shutdown): their leases expire now.
- ``orphans``: unfinished matches with an expired lease or none, for a node to take over.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, cast, delete, func, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from duelhost.store import Store
from duelhost.store.schema import leases, matches, nodes

TTL = 3.0
"""Seconds a lease lasts after its last renewal."""


@dataclass(frozen=True)
class Owner:
    """Who holds a match: the node, its address, whether the lease still runs."""

    node: str
    url: str | None
    epoch: int
    live: bool


@dataclass(frozen=True)
class Claim:
    """A lease this node has just taken: the match, its new epoch, the previous holder (this
    node's own id when it claims a match again), when the previous lease expired (0.0: there
    was none, or it was handed over) and when this claim was made (database time, Unix
    seconds)."""

    match_id: str
    epoch: int
    previous: str
    expired: float
    at: float


@dataclass(frozen=True)
class Scan:
    """What one takeover scan claimed, how many expired leases it left to the other nodes,
    and when the next lease of another node expires (None: no other node holds an unfinished
    match), in database time."""

    claimed: list[Claim]
    left: int
    next_expiry: float | None
    now: float


class LeaseBook:
    """The leases of one node."""

    def __init__(self, store: Store, node: str, ttl: float = TTL) -> None:
        self.store = store
        self.node = node
        self.ttl = ttl

    def now(self, connection: Connection) -> float:
        """The database's clock, in Unix seconds."""
        if connection.dialect.name == "postgresql":
            query = select(cast(func.extract("epoch", func.clock_timestamp()), Float))
        else:
            query = select((func.julianday("now") - 2440587.5) * 86400.0)
        return float(connection.execute(query).scalar_one())

    def _insert(self, connection: Connection, table: Any) -> Any:
        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        return dialect.insert(table)

    def register(self, url: str) -> None:
        """Record (or refresh) this node's address, for the others to forward to."""
        with self.store.engine.begin() as connection:
            now = self.now(connection)
            statement = self._insert(connection, nodes).values(id=self.node, url=url, seen=now)
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["id"], set_={"url": url, "seen": now}
                )
            )

    def forget(self) -> None:
        """Remove this node's address (on shutdown)."""
        with self.store.engine.begin() as connection:
            connection.execute(delete(nodes).where(nodes.c.id == self.node))

    def claim(self, match_id: str) -> Claim | None:
        """Take the match for this node under a new epoch; None if another node's lease on it
        still runs or another node is claiming it at this moment (``SKIP LOCKED`` on
        PostgreSQL)."""
        with self.store.engine.begin() as connection:
            now = self.now(connection)
            connection.execute(
                self._insert(connection, leases)
                .values(match_id=match_id, owner=self.node, epoch=0, expires=0.0, since=now)
                .on_conflict_do_nothing(index_elements=["match_id"])
            )
            # A row another node is claiming this moment is skipped, not waited for (this
            # runs on a request's event loop): that node's claim wins either way.
            row = connection.execute(
                select(leases.c.owner, leases.c.epoch, leases.c.expires)
                .where(leases.c.match_id == match_id)
                .with_for_update(skip_locked=True)
            ).one_or_none()
            if row is None or (row.owner != self.node and row.expires > now):
                return None
            epoch = int(row.epoch) + 1
            connection.execute(
                update(leases)
                .where(leases.c.match_id == match_id)
                .values(owner=self.node, epoch=epoch, expires=now + self.ttl, since=now)
            )
        return Claim(match_id, epoch, str(row.owner), float(row.expires), now)

    def claim_orphans(self, limit: int = 200) -> Scan:
        """The takeover scan: in one transaction, claim this node's share of the unfinished
        matches whose lease has expired (or that have none and were created more than a lease
        ago), oldest first, each under a new epoch.

        The share is the expired leases divided by the live nodes (those that renewed within
        a lease), rounded up, so the survivors of a crash split its matches instead of the
        first scanner taking them all. Rows another node is claiming at the same moment are
        skipped (``SKIP LOCKED`` on PostgreSQL), not waited for: they are that node's."""
        with self.store.engine.begin() as connection:
            now = self.now(connection)
            # A match created by a node that died before claiming it gets a lease row to take.
            unleased = (
                select(matches.c.id, literal(self.node), literal(0), literal(0.0), literal(now))
                .select_from(matches.outerjoin(leases, leases.c.match_id == matches.c.id))
                .where(
                    matches.c.over.is_(False),
                    leases.c.match_id.is_(None),
                    matches.c.created < now - self.ttl,
                )
            )
            connection.execute(
                self._insert(connection, leases)
                .from_select(["match_id", "owner", "epoch", "expires", "since"], unleased)
                .on_conflict_do_nothing(index_elements=["match_id"])
            )
            expired = (
                select(leases.c.match_id)
                .select_from(leases.join(matches, matches.c.id == leases.c.match_id))
                .where(matches.c.over.is_(False), leases.c.expires <= now)
            )
            waiting = connection.execute(
                select(func.count()).select_from(expired.subquery())
            ).scalar_one()
            claimed: list[Claim] = []
            if waiting:
                live_nodes = connection.execute(
                    select(func.count())
                    .select_from(nodes)
                    .where((nodes.c.seen > now - self.ttl) | (nodes.c.id == self.node))
                ).scalar_one()
                share = min(limit, math.ceil(waiting / max(1, int(live_nodes))))
                rows = connection.execute(
                    select(leases.c.match_id, leases.c.owner, leases.c.expires)
                    .select_from(leases.join(matches, matches.c.id == leases.c.match_id))
                    .where(matches.c.over.is_(False), leases.c.expires <= now)
                    .order_by(matches.c.created, leases.c.match_id)
                    .limit(share)
                    .with_for_update(of=leases, skip_locked=True)
                ).all()
                expiries = {row.match_id: float(row.expires) for row in rows}
                previous = {row.match_id: str(row.owner) for row in rows}
                if expiries:
                    taken = connection.execute(
                        update(leases)
                        .where(leases.c.match_id.in_(sorted(expiries)))
                        .values(
                            owner=self.node,
                            epoch=leases.c.epoch + 1,
                            expires=now + self.ttl,
                            since=now,
                        )
                        .returning(leases.c.match_id, leases.c.epoch)
                    ).all()
                    order = {match_id: n for n, match_id in enumerate(expiries)}
                    claimed = sorted(
                        (
                            Claim(m, int(e), previous[m], expiries[m], now)
                            for m, e in ((r.match_id, r.epoch) for r in taken)
                        ),
                        key=lambda c: order[c.match_id],
                    )
            next_expiry = connection.execute(
                select(func.min(leases.c.expires))
                .select_from(leases.join(matches, matches.c.id == leases.c.match_id))
                .where(
                    matches.c.over.is_(False),
                    leases.c.owner != self.node,
                    leases.c.expires > now,
                )
            ).scalar()
        expiry = None if next_expiry is None else float(next_expiry)
        return Scan(claimed, int(waiting) - len(claimed), expiry, now)

    def renew(self, held: Mapping[str, int]) -> set[str]:
        """Extend the leases this node holds (match -> epoch) and its node row; returns the
        matches it has lost (another owner, or another epoch)."""
        with self.store.engine.begin() as connection:
            now = self.now(connection)
            connection.execute(update(nodes).where(nodes.c.id == self.node).values(seen=now))
            if not held:
                return set()
            ids = sorted(held)
            # Lock the rows in match order (as the writer does), then extend them.
            connection.execute(
                select(leases.c.match_id)
                .where(leases.c.match_id.in_(ids))
                .order_by(leases.c.match_id)
                .with_for_update()
            ).all()
            kept = connection.execute(
                update(leases)
                .where(leases.c.match_id.in_(ids), leases.c.owner == self.node)
                .values(expires=now + self.ttl)
                .returning(leases.c.match_id, leases.c.epoch)
            ).all()
        still = {row.match_id for row in kept if held.get(row.match_id) == int(row.epoch)}
        return set(ids) - still

    def release(self, match_ids: Iterable[str]) -> None:
        """Hand these matches over now: their leases expire at once (epochs stay, so a step
        still queued here is refused once another node has claimed the match)."""
        ids = sorted(match_ids)
        if not ids:
            return
        with self.store.engine.begin() as connection:
            connection.execute(
                update(leases)
                .where(leases.c.match_id.in_(ids), leases.c.owner == self.node)
                .values(expires=0.0)
            )

    def orphans(self, limit: int = 100) -> list[str]:
        """Unfinished matches whose lease has expired, or that have none (oldest first)."""
        with self.store.engine.connect() as connection:
            now = self.now(connection)
            found = connection.execute(
                select(matches.c.id)
                .select_from(matches.outerjoin(leases, leases.c.match_id == matches.c.id))
                .where(
                    matches.c.over.is_(False),
                    (leases.c.match_id.is_(None)) | (leases.c.expires <= now),
                )
                .order_by(matches.c.created)
                .limit(limit)
            ).all()
        return [row.id for row in found]

    def owner(self, match_id: str) -> Owner | None:
        """Who holds the match now (None: no lease yet)."""
        with self.store.engine.connect() as connection:
            now = self.now(connection)
            row = connection.execute(
                select(leases.c.owner, leases.c.epoch, leases.c.expires, nodes.c.url)
                .select_from(leases.outerjoin(nodes, nodes.c.id == leases.c.owner))
                .where(leases.c.match_id == match_id)
            ).first()
        if row is None:
            return None
        return Owner(row.owner, row.url, int(row.epoch), row.expires > now)
