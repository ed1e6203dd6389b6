"""What the hub keeps of a match in memory: ``Live``, a new match's secrets, an analysis job."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from duelhost.host import Match
from duelhost.host.messages import Recipient


@dataclass(frozen=True)
class NewMatch:
    """A new match, the single-use invite of each human seat (None: a bot seat) and the
    creator's host key: no seat token exists until an invite is exchanged."""

    live: Live
    invites: list[str | None]
    host_token: str


@dataclass
class Live:
    """A match in memory, with its seats' token hashes, subscribers and timer."""

    match: Match
    token_hashes: list[str | None]
    """The hash of each seat's token (None: no token yet, or a bot seat)."""
    host_hash: str | None = None
    """The hash of the creator's host key (reads who has joined; holds no seat)."""
    subscribers: dict[Recipient, set[asyncio.Queue[str]]] = field(
        default_factory=lambda: {0: set(), 1: set(), None: set()}
    )
    timer: asyncio.Handle | None = None
    last_commit: asyncio.Future[None] | None = None
    lean: set[asyncio.Queue[str]] = field(default_factory=set)
    """Subscribers that asked for frames without the text rendering."""
    deltas: set[asyncio.Queue[str]] = field(default_factory=set)
    """Subscribers that asked for delta frames."""
    present: set[asyncio.Queue[str]] = field(default_factory=set)
    """Subscribers that asked to be told who is connected (``presence`` messages)."""
    left: dict[tuple[Recipient, bool], float] = field(default_factory=dict)
    """When each recipient's last subscriber taking whole frames (False) or delta frames
    (True) left."""
    left_text: dict[Recipient, float] = field(default_factory=dict)
    """When each recipient's last subscriber that wants the text rendering left."""
    stored: int = 0
    """The last log sequence number committed to the store."""
    last_event: float = 0.0
    """When the match last had an event or a new subscriber (server time)."""
    thinking: asyncio.Future[None] | None = None
    """A bot choosing off the loop for this match (``Hub._think``)."""
    gone: bool = False
    """Dropped (``Hub.drop``): this memory of the match may be ahead of its log and takes no
    more events; a request still holding it is told to try again."""


@dataclass
class AnalysisJob:
    """One finished match's analysis (``duelhost.bots.analysis``), made in a thread."""

    status: str = "computing"
    """``computing``, ``done`` or ``failed``."""
    done: int = 0
    total: int = 0
    notes: list[dict[str, Any]] | None = None
    error: str | None = None
    made: list[dict[str, Any]] = field(default_factory=list)
    """The notes made so far, in order (appended by the analysis thread; the 202 answer
    carries a copy, so the replay viewer shows each note as soon as it is made)."""
