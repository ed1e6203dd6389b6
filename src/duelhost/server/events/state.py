"""What the server keeps of one event beside its record: ``EventSettings`` (the host's settings,
who holds each entry's seat, the matches made for its games) and ``EventState`` (the record,
the settings and the stored row they came from).

The record (``duelhost.events.EventRecord``) is the published truth of pairings and results;
the settings are the server's: the clock of every game, the check-in window and autostart, the
entry conditions, the spectator delay, "no scouting", the no-show rule, the announcements, each
entry's bot level or the hash of its guest key, and per match its round, board and sealed
invites (a copy of the database alone gives no invite: ``seal``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field, fields
from typing import Any

from duelhost.core.errors import ConfigError, quote_value
from duelhost.events import EventRecord
from duelhost.ratings.bots import bot_account_id, bot_account_name
from duelhost.store.event_ratings import SeriesDue
from duelhost.store.events import EventRow

MAX_DELAY = 600.0
"""The longest spectator delay a host may set (10 minutes)."""
MAX_ANNOUNCEMENT = 500
PHASES = ("entry", "running", "closed")


@dataclass
class EventSettings:
    """The server's settings of one event (JSON in ``events.settings``)."""

    name: str = ""
    clock: dict[str, Any] | None = None
    auto: bool = False
    """Pair each round (and close at the end) without waiting for the host."""
    checkin_until: float | None = None
    """The end of the check-in window: entrants not checked in by then are dropped at the
    start (None: no check-in)."""
    checked_in: list[str] = field(default_factory=list)
    autostart_at: float | None = None
    accounts_only: bool = False
    min_rated_games: int = 0
    delay: float = 0.0
    """Seconds everything spectators receive of the event's matches lags (0 to 600)."""
    no_scouting: bool = False
    no_show_grace: float | None = None
    """Seconds a human seat has to take its seat before its game is forfeited (None: never)."""
    announcements: list[dict[str, Any]] = field(default_factory=list)
    seats: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Entrant id -> ``{"bot": level}``, ``{"key_hash": ...}`` (a guest) or ``{"account": id}``."""
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Match id -> ``{"round", "board", "game", "created", "invites": {seat: sealed}}``."""
    started_at: float | None = None
    closed_at: float | None = None
    host_pairing: bool = False
    """The host asked for the next round (done by the director)."""
    organizer: str | None = None
    """The account that created the event (None: made without signing in)."""
    cohosts: list[str] = field(default_factory=list)
    """Accounts that may act as the host besides the host key's holder and the organizer."""

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EventSettings:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass
class EventState:
    """One event as loaded: its stored row, its record and settings, and its seed."""

    row: EventRow
    record: EventRecord
    settings: EventSettings
    seed: str
    series_due: list[SeriesDue] = field(default_factory=list)
    """Series a change decided, rated with it when it is stored (not kept)."""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def phase(self) -> str:
        return self.row.phase

    def to_row(self) -> EventRow:
        """The row to store (record and settings as they are now)."""
        self.row.record = self.record.to_json()
        self.row.settings = self.settings.to_json()
        return self.row

    def match_ids_on(self) -> dict[str, tuple[int, int]]:
        """The matches of the games on now: match id -> (round, board)."""
        return {
            g.match_id: (r.number, p.board)
            for r in self.record.rounds
            for p in r.pairings
            for g in p.games
            if g.outcome is None and g.match_id
        }

    def entrant_of_account(self, account_id: str) -> str | None:
        """The account's entry (None: none)."""
        for entrant_id, seat in self.settings.seats.items():
            if seat.get("account") == account_id:
                return entrant_id
        return None

    def account_of(self, entrant_id: str) -> str | None:
        """The account that plays the entry now: an account entry's, a bot entry's bot account
        (``<game>-<bot>``, rated like anyone), None for a guest."""
        seat = self.settings.seats.get(entrant_id, {})
        if seat.get("account"):
            return str(seat["account"])
        if seat.get("bot"):
            return bot_account_id(bot_account_name(self.record.config.game, str(seat["bot"])))
        return None

    def entrant_of_key(self, key: str) -> str | None:
        """The guest entry whose key this is (None: none)."""
        digest = hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()
        for entrant_id, seat in self.settings.seats.items():
            if hmac.compare_digest(str(seat.get("key_hash", "")), digest):
                return entrant_id
        return None


def event_seed(server_key: bytes, secret: str) -> str:
    """The event's seed: from its stored secret and the server key (neither alone gives it)."""
    return hmac.new(server_key, b"event-seed:" + bytes.fromhex(secret), "sha256").hexdigest()


def seal(server_key: bytes, label: str, text: str) -> str:
    """``text`` (an invite, ASCII) sealed for the store: ``nonce:ciphertext`` in hex, a
    keystream of HMAC-SHA-256 blocks from the server key, the label and a fresh nonce."""
    nonce = secrets.token_hex(8)
    data = text.encode("ascii")
    stream = _stream(server_key, label, nonce, len(data))
    return f"{nonce}:{bytes(a ^ b for a, b in zip(data, stream, strict=True)).hex()}"


def unseal(server_key: bytes, label: str, sealed: str) -> str:
    """The text ``seal`` sealed."""
    nonce, _, hexed = sealed.partition(":")
    data = bytes.fromhex(hexed)
    stream = _stream(server_key, label, nonce, len(data))
    return bytes(a ^ b for a, b in zip(data, stream, strict=True)).decode("ascii")


def _stream(server_key: bytes, label: str, nonce: str, size: int) -> bytes:
    out = b""
    block = 0
    while len(out) < size:
        message = f"event-invite:{label}:{nonce}:{block}".encode()
        out += hmac.new(server_key, message, "sha256").digest()
        block += 1
    return out[:size]


def check_delay(value: Any) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not (0 <= value <= MAX_DELAY)
    ):
        raise ConfigError(
            f"the spectator delay is 0 to {MAX_DELAY:g} seconds, not {quote_value(value)}"
        )
    return float(value)


def new_secret() -> str:
    """A new event's secret (its seed is derived from it and the server key)."""
    return secrets.token_bytes(32).hex()
