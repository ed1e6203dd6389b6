"""Durable storage of hosted matches (SQLAlchemy Core): SQLite by default, or PostgreSQL
(``postgresql+psycopg://...``, the ``duelhost[postgres]`` extra) with the same schema and
guarantees.

The tables (``schema.py``; Alembic migrations in ``migrations/``, applied on every start):
``matches`` (one row per match: game, options, seed, setup, seats, clock, the per-match secret of
the receipts' nonces, the hash of the creator's host key, creation time, whether it is over),
``match_log`` (the host's log entries, ``UNIQUE (match_id, seq)``), ``ratings`` and
``rating_changes`` (``store.ratings``: a rated match's end changes its players' ratings in the
transaction that stores it), and ``invites`` (the hash of
each human seat's single-use invite and, once it was exchanged, of the seat token it gave: the
database never holds an invite or a token itself). The server commits every step's entries
before it acknowledges or broadcasts anything, and rebuilds unfinished matches on start by
replaying their logs (``Store.unfinished``); a process that takes several matches over reads
their rows, logs and seats in three queries (``Store.stored_many``).

SQLite runs with ``journal_mode=WAL`` and ``synchronous=FULL``, and PostgreSQL sessions with
``synchronous_commit=on``, so a commit that returned is on disk even if the process (or, for
PostgreSQL, the database server) is killed the next instant.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import bindparam, create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError

from duelhost.core.errors import ConfigError
from duelhost.ratings import rules
from duelhost.store import migrate, ratings
from duelhost.store.rating_book import RatingBook
from duelhost.store.schema import invites, leases, match_log, matches, metadata

_UPDATE_STATUS = (
    update(matches)
    .where(matches.c.id == bindparam("match"))
    .values(over=bindparam("over"), result=bindparam("result"), updated=bindparam("updated"))
)


Step = tuple[str, list[dict[str, Any]], bool, dict[str, Any] | None, float]
"""One step to store: ``(match_id, entries, over, result, now)``."""


@dataclass
class MatchRow:
    """One stored match (its log entries are loaded separately)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    """Each ``{"kind", "bot"}`` (matches made before invites also have ``token_hash``, the
    hash of a human seat's token)."""
    clock: dict[str, Any] | None
    secret: str
    created: float
    over: bool = False
    result: dict[str, Any] | None = None
    updated: float = 0.0
    host_hash: str | None = None
    """SHA-256 hex of the creator's host key (None for matches made before invites)."""
    rated: bool = False
    """Whether the match changes its players' ratings when it ends (issue 30)."""
    pool: str | None = None
    """The rating pool of a rated match (``duelhost.ratings.pools``)."""


@dataclass
class Stored:
    """Everything a match is rebuilt from: its row, its log entries in order, and the token
    hash of each seat whose invite was exchanged."""

    row: MatchRow
    log: list[dict[str, Any]] = field(default_factory=list)
    token_hashes: dict[int, str] = field(default_factory=dict)


class InviteError(LookupError):
    """An invite that cannot be exchanged; ``status`` is 404 (unknown) or 410 (used)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _entry(text: str) -> dict[str, Any]:
    """A stored log entry (``orjson``: a fifth of ``json``'s time; an integer beyond 64 bits,
    which it refuses, is read by ``json``)."""
    try:
        entry: dict[str, Any] = orjson.loads(text)
    except orjson.JSONDecodeError:
        entry = json.loads(text)
    return entry


def default_url() -> str:
    """A SQLite file in the working directory."""
    return f"sqlite:///{Path.cwd() / 'duelhost.sqlite3'}"


class Store:
    """The database of matches and their logs."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        try:
            parsed = make_url(self.url)
            options: dict[str, Any] = {}
            if parsed.get_backend_name() == "postgresql":
                # Durable commits whatever the server's default; connections checked before
                # use, so a restarted database server costs no request an error.
                options = {
                    "pool_size": 10,
                    "max_overflow": 20,
                    "pool_pre_ping": True,
                    "connect_args": {"options": "-c synchronous_commit=on"},
                }
            self.engine: Engine = create_engine(parsed, **options)
        except (ArgumentError, ImportError, ValueError) as error:
            raise ConfigError(f"bad database URL {self.url!r}: {error}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.rating_book = RatingBook(self.engine)
        """The rating queries (leaderboards, profiles, audit)."""
        try:
            migrate.upgrade(self.engine)
        except OperationalError as error:
            self.engine.dispose()
            raise ConfigError(f"cannot open the database {self.url!r}: {error.orig}") from None

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return str(self.engine.dialect.name)

    def close(self) -> None:
        self.engine.dispose()

    def pragmas(self) -> dict[str, Any]:
        """The SQLite journal mode and synchronous level in force (for tests and docs)."""
        with self.engine.connect() as connection:
            journal = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
            synchronous = connection.exec_driver_sql("PRAGMA synchronous").scalar()
        return {"journal_mode": journal, "synchronous": synchronous}

    def durability(self) -> dict[str, Any]:
        """The settings that make a returned commit durable, as the database reports them:
        SQLite's journal mode and synchronous level, PostgreSQL's ``synchronous_commit`` and
        ``fsync``."""
        if self.backend == "sqlite":
            return self.pragmas()
        with self.engine.connect() as connection:
            return {
                name: connection.exec_driver_sql(f"SHOW {name}").scalar()
                for name in ("synchronous_commit", "fsync")
            }

    def create_match(self, row: MatchRow, invite_hashes: Iterable[tuple[int, str]] = ()) -> None:
        """Store a new match and its seats' invites (``(seat, SHA-256 of the invite)``) in one
        transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(matches).values(
                    id=row.id,
                    game=row.game,
                    options=_dumps(row.options),
                    seed=row.seed,
                    setup=_dumps(row.setup),
                    seats=_dumps(row.seats),
                    clock=None if row.clock is None else _dumps(row.clock),
                    secret=row.secret,
                    created=row.created,
                    over=row.over,
                    result=None if row.result is None else _dumps(row.result),
                    updated=row.created,
                    host_hash=row.host_hash,
                    rated=row.rated,
                    pool=row.pool,
                )
            )
            made = [
                {"invite_hash": h, "match_id": row.id, "seat": seat, "created": row.created}
                for seat, h in invite_hashes
            ]
            if made:
                connection.execute(insert(invites), made)

    def exchange_invite(self, invite_hash: str, token_hash: str, now: float) -> tuple[str, int]:
        """Use an invite once: it now stands for the seat token whose hash is ``token_hash``.
        Returns ``(match_id, seat)``; InviteError (nothing changed) for an unknown invite or
        one used before. Two processes exchanging the same invite at once: one wins."""
        with self.engine.begin() as connection:
            used = connection.execute(
                update(invites)
                .where(
                    invites.c.invite_hash == invite_hash,
                    invites.c.used.is_(None),
                    invites.c.revoked.is_(None),
                )
                .values(used=now, token_hash=token_hash)
            )
            found = connection.execute(
                select(invites.c.match_id, invites.c.seat, invites.c.revoked).where(
                    invites.c.invite_hash == invite_hash
                )
            ).first()
        if found is None:
            raise InviteError("no such invite (check the link you were given)", 404)
        if used.rowcount != 1 and found.revoked is not None:
            raise InviteError(
                "this invite was replaced: the match's host re-issued this seat's invite "
                "(ask them for the new link)",
                410,
            )
        if used.rowcount != 1:
            raise InviteError(
                "this invite was already used: an invite gives its seat once; whoever opened "
                "it holds the seat (ask the match's creator for a new match if that was not you)",
                410,
            )
        return str(found.match_id), int(found.seat)

    def seat_token_hashes(self, match_id: str) -> dict[int, str]:
        """The token hash of each seat whose invite in force was exchanged."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(invites.c.seat, invites.c.token_hash).where(
                    invites.c.match_id == match_id,
                    invites.c.token_hash.is_not(None),
                    invites.c.revoked.is_(None),
                )
            ).all()
        return {int(seat): str(token_hash) for seat, token_hash in found}

    def reissue_invite(self, match_id: str, seat: int, invite_hash: str, now: float) -> None:
        """Replace a seat's invite (issue 32): its invite and seat token in force are revoked
        (they hold nothing from now on) and the invite whose hash is ``invite_hash`` stands
        for the seat, in one transaction."""
        with self.engine.begin() as connection:
            connection.execute(
                update(invites)
                .where(
                    invites.c.match_id == match_id,
                    invites.c.seat == seat,
                    invites.c.revoked.is_(None),
                )
                .values(revoked=now)
            )
            connection.execute(
                insert(invites).values(
                    invite_hash=invite_hash, match_id=match_id, seat=seat, created=now
                )
            )

    def append(
        self,
        match_id: str,
        entries: Iterable[dict[str, Any]],
        over: bool,
        result: dict[str, Any] | None,
        now: float,
    ) -> None:
        """Store a step's log entries in one transaction (committed when this returns).
        Raises ``IntegrityError`` if a sequence number is already taken."""
        entries = list(entries)
        rows = [
            {"match_id": match_id, "seq": e["seq"], "time": float(e["time"]), "entry": _dumps(e)}
            for e in entries
        ]
        if not rows:
            return
        with self.engine.begin() as connection:
            connection.execute(insert(match_log), rows)
            if over:
                acted = rules.acted_in_log(entries)
                ratings.rate_finished(connection, [(match_id, result, rows[-1]["time"], acted)])
            connection.execute(
                update(matches)
                .where(matches.c.id == match_id)
                .values(over=over, result=None if result is None else _dumps(result), updated=now)
            )

    def append_many(
        self,
        steps: list[Step],
        epochs: list[int | None] | None = None,
    ) -> set[int]:
        """Store several steps (of any matches) in one transaction: one commit, one fsync.
        Each step is ``(match_id, entries, over, result, now)`` as for ``append``.

        ``epochs`` (one per step; None: no lease) fences the steps: a step whose epoch is not
        its match's lease epoch any more (another process took the match over) is not stored,
        and its index is returned. The lease rows are read under a share lock, in match order,
        so a takeover waits for this commit and the next owner reads everything it stored."""
        fenced: set[int] = set()
        epochs = epochs if epochs is not None else [None] * len(steps)
        with self.engine.begin() as connection:
            fenced_ids = sorted({s[0] for s, e in zip(steps, epochs, strict=True) if e is not None})
            if fenced_ids:
                held = dict(
                    connection.execute(
                        select(leases.c.match_id, leases.c.epoch)
                        .where(leases.c.match_id.in_(fenced_ids))
                        .order_by(leases.c.match_id)
                        .with_for_update(read=True)
                    ).all()
                )
                fenced = {
                    number
                    for number, (step, epoch) in enumerate(zip(steps, epochs, strict=True))
                    if epoch is not None and held.get(step[0]) != epoch
                }
            self._insert_steps(
                connection,
                [
                    (s, e)
                    for n, (s, e) in enumerate(zip(steps, epochs, strict=True))
                    if n not in fenced
                ],
            )
        return fenced

    @staticmethod
    def _insert_steps(
        connection: Connection,
        steps: list[tuple[Step, int | None]],
    ) -> None:
        rows = [
            {
                "match_id": match_id,
                "seq": e["seq"],
                "time": float(e["time"]),
                "entry": _dumps(e),
                "epoch": epoch,
            }
            for (match_id, entries, _over, _result, _now), epoch in steps
            for e in entries
        ]
        if not rows:
            return
        latest: dict[str, tuple[bool, dict[str, Any] | None, float]] = {}
        for (match_id, _entries, over, result, now), _epoch in steps:
            latest[match_id] = (over, result, now)
        updates = [
            {
                "match": match_id,
                "over": over,
                "result": None if result is None else _dumps(result),
                "updated": now,
            }
            for match_id, (over, result, now) in latest.items()
        ]
        # Two statements and one commit whatever the group's size: the writer thread then
        # needs the interpreter lock only a few times per group. A rated match that ends here
        # changes its players' ratings in this same transaction, before it is marked over.
        connection.execute(insert(match_log), rows)
        # A match ends at the time of its last entry (what its record says too).
        ending = [
            (match_id, result, float(entries[-1]["time"]), rules.acted_in_log(entries))
            for (match_id, entries, over, result, _now), _epoch in steps
            if over and entries
        ]
        if ending:
            ratings.rate_finished(connection, ending)
        connection.execute(_UPDATE_STATUS, updates)

    def get(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as connection:
            found = connection.execute(select(matches).where(matches.c.id == match_id)).first()
        return None if found is None else _row(found._mapping)

    def log(self, match_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(match_log.c.entry)
                .where(match_log.c.match_id == match_id)
                .order_by(match_log.c.seq)
            ).all()
        return [_entry(item[0]) for item in found]

    def stored_many(self, match_ids: Iterable[str]) -> dict[str, Stored]:
        """The rows, logs and seat token hashes of several matches, in three queries on one
        connection (a takeover's batch); a match that does not exist is left out."""
        ids = sorted(set(match_ids))
        if not ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(matches).where(matches.c.id.in_(ids))).all()
            found = {item.id: Stored(_row(item._mapping)) for item in rows}
            entries = connection.execute(
                select(match_log.c.match_id, match_log.c.entry)
                .where(match_log.c.match_id.in_(ids))
                .order_by(match_log.c.match_id, match_log.c.seq)
            ).all()
            seats = connection.execute(
                select(invites.c.match_id, invites.c.seat, invites.c.token_hash).where(
                    invites.c.match_id.in_(ids),
                    invites.c.token_hash.is_not(None),
                    invites.c.revoked.is_(None),
                )
            ).all()
        for match_id, text in entries:
            stored = found.get(match_id)
            if stored is not None:
                stored.log.append(_entry(text))
        for match_id, seat, token_hash in seats:
            stored = found.get(match_id)
            if stored is not None:
                stored.token_hashes[int(seat)] = str(token_hash)
        return found

    def last_seq(self, match_id: str) -> int:
        """The highest sequence number in the match's stored log (0 when it has none)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(func.max(match_log.c.seq)).where(match_log.c.match_id == match_id)
            ).scalar()
        return int(found or 0)

    def unfinished(self) -> list[MatchRow]:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(matches).where(matches.c.over.is_(False)).order_by(matches.c.created)
            ).all()
        return [_row(item._mapping) for item in found]

    def games_in_play(self) -> list[str]:
        """The games of the unfinished matches, each once."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(matches.c.game).where(matches.c.over.is_(False)).distinct()
            ).all()
        return sorted(str(item[0]) for item in found)

    def list(self, limit: int, offset: int, game: str | None = None) -> tuple[int, list[MatchRow]]:
        query = select(matches)
        count = select(func.count()).select_from(matches)
        if game is not None:
            query = query.where(matches.c.game == game)
            count = count.where(matches.c.game == game)
        with self.engine.connect() as connection:
            total = int(connection.execute(count).scalar_one())
            found = connection.execute(
                query.order_by(matches.c.created.desc(), matches.c.id).limit(limit).offset(offset)
            ).all()
        return total, [_row(item._mapping) for item in found]


def _row(data: Any) -> MatchRow:
    return MatchRow(
        id=data["id"],
        game=data["game"],
        options=json.loads(data["options"]),
        seed=int(data["seed"]),
        setup=json.loads(data["setup"]),
        seats=json.loads(data["seats"]),
        clock=None if data["clock"] is None else json.loads(data["clock"]),
        secret=data["secret"],
        created=float(data["created"]),
        over=bool(data["over"]),
        result=None if data["result"] is None else json.loads(data["result"]),
        updated=float(data["updated"]),
        host_hash=data["host_hash"],
        rated=bool(data["rated"]),
        pool=data["pool"],
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


__all__ = [
    "IntegrityError",
    "InviteError",
    "MatchRow",
    "Store",
    "Stored",
    "default_url",
    "match_log",
    "matches",
    "metadata",
]
