"""The tables of the match store (SQLAlchemy Core), as the newest migration leaves them.

``matches``: one row per match (game, options, seed, setup, seats with hashed tokens, clock, the
per-match secret of the receipts' nonces, creation time, whether it is over). ``match_log``: the
host's log entries, ``UNIQUE (match_id, seq)``, each with the lease epoch it was written under.
``leases``: which server process owns each live match, with its fencing epoch and expiry;
``nodes``: each process's address (``duelhost.store.lease_book``). ``invites``: one single-use
invite per human seat (only its SHA-256), and once it was exchanged the hash of the seat token it
gave (issue 19), and when the host re-issued it (``revoked``: its token and invite hold nothing
since, issue 32); ``matches.host_hash`` is the hash of the creator's host key. ``events`` and
``event_log``: tournaments (issue 31): each event's record, settings, host-key hash and version,
and every host action in order. Every change here
goes with a migration in ``migrations/versions`` (a test compares the migrated database with
these tables). ``ratings`` and ``rating_changes`` (issue 30, migration 0006): each account's
Glicko-2 rating per pool, and every change with its inputs (``duelhost.store.ratings``).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("secret", String(128), nullable=False),
    Column("created", Float, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("result", Text, nullable=True),
    Column("updated", Float, nullable=False),
    Column("host_hash", String(64), nullable=True),
    Column("rated", Boolean, nullable=False, default=False, server_default=false()),
    Column("pool", String(112), nullable=True),
)

match_log = Table(
    "match_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(64), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("time", Float, nullable=False),
    Column("entry", Text, nullable=False),
    Column("epoch", BigInteger, nullable=True),
    UniqueConstraint("match_id", "seq", name="uq_match_log_match_seq"),
)

leases = Table(
    "leases",
    metadata,
    Column("match_id", String(64), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires", Float, nullable=False, index=True),
    Column("since", Float, nullable=False),
)

nodes = Table(
    "nodes",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("url", Text, nullable=False),
    Column("seen", Float, nullable=False),
)

invites = Table(
    "invites",
    metadata,
    Column("invite_hash", String(64), primary_key=True),
    Column("match_id", String(64), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("used", Float, nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("revoked", Float, nullable=True),
)

# Issue 30: accounts (migration 0005).
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),
    Column("kind", String(8), nullable=False),
    Column("password_hash", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),
)

passkeys = Table(
    "passkeys",
    metadata,
    Column("credential_id", String(1024), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("public_key", Text, nullable=False),
    Column("sign_count", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
    Column("last_used", Float, nullable=True),
)

recovery_codes = Table(
    "recovery_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("used", Float, nullable=True),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

seat_holders = Table(
    "seat_holders",
    metadata,
    Column("match_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=True, index=True),
    Column("guest_name", String(64), nullable=True),
)

seeks = Table(
    "seeks",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("rated", Boolean, nullable=False),
    Column("rating_min", Integer, nullable=True),
    Column("rating_max", Integer, nullable=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("state", String(16), nullable=False),
    Column("match_id", String(64), nullable=True),
)

challenges = Table(
    "challenges",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("challenger_id", String(32), nullable=False, index=True),
    Column("challenged_id", String(32), nullable=False, index=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("rated", Boolean, nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("state", String(16), nullable=False),
    Column("match_id", String(64), nullable=True),
)

# Issue 30: ratings (migration 0006).
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("pool", String(112), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("last_game", Float, nullable=True),
    Column("updated", Float, nullable=False),
    Index("ix_ratings_leaderboard", "pool", "rating", "account_id", "deviation"),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(64), nullable=False),
    Column("account_id", String(32), nullable=False),
    Column("pool", String(112), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("opponent_id", String(32), nullable=False),
    Column("score", Float, nullable=False),
    Column("idle", Float, nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("deviation_before", Float, nullable=False),
    Column("volatility_before", Float, nullable=False),
    Column("opponent_rating", Float, nullable=False),
    Column("opponent_deviation", Float, nullable=False),
    Column("opponent_volatility", Float, nullable=False),
    Column("opponent_idle", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("deviation_after", Float, nullable=False),
    Column("volatility_after", Float, nullable=False),
    Column("time", Float, nullable=False),
    Column("series", Text, nullable=True),
    UniqueConstraint("match_id", "account_id", name="uq_rating_changes_match_account"),
    Index("ix_rating_changes_account", "account_id", "pool", "time"),
)

events = Table(
    "events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("record", Text, nullable=False),
    Column("settings", Text, nullable=False),
    Column("secret", String(128), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("phase", String(16), nullable=False, index=True),
    Column("version", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

event_log = Table(
    "event_log",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event_id", String(32), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("time", Float, nullable=False),
    Column("entry", Text, nullable=False),
    UniqueConstraint("event_id", "seq", name="uq_event_log_event_seq"),
)
