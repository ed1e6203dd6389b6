"""The server's match manager: hosts ``Match`` objects, stores their steps, drives their clocks.

Everything here runs on the asyncio event loop thread, one step at a time, so a match's host is
never entered twice at once. Bots that search (``thinks``) choose off the loop: a thread of
``Hub.thinkers`` runs the bot on a copy of the match state while the loop keeps answering, and
the choice comes back as an event (``Match.bot_move``; dropped if its decision is over), one
thinking bot per match at a time, within the budget the match's clock allows. Each step is
committed to the store before its answer or any frame leaves (``_commit``); if the commit fails,
the match is dropped from memory and rebuilt from the store on next use, so memory never runs
ahead of what is on disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import math
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import duelhost
from duelhost.bots import SeatHandle
from duelhost.bots.analysis import analyse, to_json
from duelhost.bots.budget import Budget
from duelhost.core.errors import ConfigError, IllegalAction, quote, quote_value
from duelhost.core.registry import GameSpec
from duelhost.core.registry import spec as game_spec
from duelhost.host import Match, SeatSpec, Step, botplay, check_seats, make_clock, wire
from duelhost.host.clocks import clock_from_dict
from duelhost.host.seeds import MAX_SEED, drawn_seed
from duelhost.host.shapes import Answer, Frame, LogEntry, Recipient
from duelhost.server import keys
from duelhost.server.ownership import CLOSED, OwnedElsewhere, Ownership, SoleOwner
from duelhost.server.settings import ServerSettings
from duelhost.server.writer import Writer
from duelhost.store import InviteError, MatchRow, Store, Stored

log = logging.getLogger("duelhost.server")
SEAT_ACTIONS = ("resign", "draw", "extend")
"""What a seat may do besides submitting (``Hub.act``)."""


class NotFound(LookupError):
    """No match with that id."""


class StorageFailed(RuntimeError):
    """A step could not be committed: nothing of it was acknowledged or sent, and the match
    was dropped from memory (it is rebuilt from the store on next use)."""


class Busy(RuntimeError):
    """The server hosts as many unfinished matches as its settings allow."""


class Unauthorized(PermissionError):
    """A token that is missing, malformed, or not a seat of this match. ``status``: 401 for a
    missing or malformed token, 403 for a token that holds no seat of this match."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


def hash_token(token: str) -> str:
    """SHA-256 hex of a seat token, an invite or a host key: the store keeps only this."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


MAX_SECRET = 64
"""Characters of a presented invite; a longer one is no invite of this server."""


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


def _plain(value: Any) -> Any:
    """JSON-safe: NaN and infinities become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class Hub:
    """All hosted matches of one server process."""

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

    # ------------------------------------------------------------------ lifecycle

    def start(self, resume: bool = True) -> int:
        """Resume every unfinished match: rebuilt from its log one at a time in the
        background (the server answers at once meanwhile; a match asked for sooner is rebuilt
        on demand), each clock re-armed from its stored deadlines. Returns how many. With
        ``resume`` False (several processes) the takeover scan resumes this process's share
        of them instead (``duelhost.server.cluster``)."""
        rows = self.store.unfinished()
        self.unfinished = {row.id for row in rows}
        if not resume:
            return len(rows)
        task = asyncio.ensure_future(self._resume([row.id for row in rows]))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return len(rows)

    async def _resume(self, match_ids: list[str]) -> None:
        for match_id in match_ids:
            await asyncio.sleep(0)  # let requests in between two rebuilds
            if match_id in self.live:
                continue
            with contextlib.suppress(NotFound, ConfigError, ValueError, OwnedElsewhere):
                self.get(match_id)

    def stop(self) -> None:
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None
        for handle in self._sleepers.values():
            handle.cancel()
        self._sleepers.clear()
        for task in list(self._tasks):
            task.cancel()
        self.thinkers.shutdown(wait=False, cancel_futures=True)
        self.analysers.shutdown(wait=False, cancel_futures=True)
        self.writer.close()
        # Every queued step is stored: hand the matches over without waiting for expiry.
        self.ownership.released(list(self.live))

    def drop(self, match_id: str) -> None:
        """Stop hosting a match at once (another process has taken it over): no timer, and
        its live streams close so their clients reconnect to the new host."""
        live = self.live.pop(match_id, None)
        if live is None:
            return
        live.gone = True
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        for queues in live.subscribers.values():
            for queue in queues:
                queue.put_nowait(CLOSED)
        log.info("match dropped: hosted by another process now", extra={"match": match_id})

    # ------------------------------------------------------------------ matches

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seed: int | None,
        setup: dict[str, Any],
        seats: list[dict[str, Any]],
        clock: Any,
        clock_absent: bool,
    ) -> NewMatch:
        """A new match with an invite per human seat and a host key for its creator;
        ConfigError saying what is wrong with the request."""
        if not isinstance(options, dict) or not isinstance(setup, dict):
            raise ConfigError("options and setup must be objects")
        if len(self.unfinished) >= self.settings.max_live_matches:
            raise Busy(
                f"the server hosts {len(self.unfinished)} unfinished matches, its limit; "
                "try again when some have ended"
            )
        check_option_types(game_spec(game_name), options)
        game = duelhost.load(game_name, **options)
        game.spec.check_budget(dict(game.options))
        secret = secrets.token_bytes(32)
        # The match's secret as the host uses it (nonces, the drawn seed and its salt) needs
        # the server key too: a copy of the database alone gives none of them (issue 19).
        match_secret = keys.match_key(self.server_key, secret)
        if seed is None:
            seed = drawn_seed(match_secret)  # RULINGS G7: committed to, published at the end
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ConfigError(f"the seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
        seat_specs = check_seats(game, seats)
        match_clock = make_clock(game, clock, clock_absent)
        now = self.now()
        match_id = secrets.token_hex(8)
        limits = self.settings.host
        match = Match(
            match_id, game, seed, setup, seat_specs, match_clock, match_secret, now, limits
        )
        match.think_apart = True
        # Seats that only their players hold (issue 19): the creator gets one single-use invite
        # per human seat, never a seat token; opening an invite makes the seat's token.
        invites: list[str | None] = [
            secrets.token_urlsafe(16) if spec.kind == "human" else None for spec in seat_specs
        ]
        host_token = secrets.token_urlsafe(16)
        row = MatchRow(
            id=match_id,
            game=game.name,
            options=dict(game.options),
            seed=seed,
            setup=match.setup,
            seats=[spec.to_dict() for spec in seat_specs],
            clock=None if match_clock is None else match_clock.to_dict(),
            secret=secret.hex(),
            created=now,
            over=match.is_over,
            result=match.result,
            host_hash=hash_token(host_token),
        )
        # Committed in a thread: the event loop serves the live matches while the disk syncs.
        # The match counts against the limit meanwhile, so creations at once cannot pass it.
        self.unfinished.add(match_id)
        try:
            await asyncio.to_thread(
                self.store.create_match,
                row,
                [(seat, hash_token(c)) for seat, c in enumerate(invites) if c is not None],
            )
        except BaseException:
            self.unfinished.discard(match_id)
            raise
        if match.is_over:
            self.unfinished.discard(match_id)
        self.ownership.claim(match_id)
        log.info("match created", extra={"match": match_id, "game": game.name})
        live = Live(match, [None, None], row.host_hash, last_event=self.now())
        self.live[match_id] = live
        await self._run(live, match.advance)
        return NewMatch(live, invites, host_token)

    def exchange(self, invite: str) -> tuple[str, int, str]:
        """Use a seat's invite: returns ``(match_id, seat, token)`` with a fresh seat token
        that only the store's hash of it remembers. InviteError (404 unknown, 410 used before)
        changes nothing."""
        presented, token = _presented(invite), secrets.token_urlsafe(16)
        match_id, seat = self.store.exchange_invite(presented, hash_token(token), self.now())
        return self._exchanged(match_id, seat, token)

    async def exchange_async(self, invite: str) -> tuple[str, int, str]:
        """``exchange`` with its commit in a thread: the event loop serves the live matches
        meanwhile instead of waiting for the disk."""
        presented, token = _presented(invite), secrets.token_urlsafe(16)
        match_id, seat = await asyncio.to_thread(
            self.store.exchange_invite, presented, hash_token(token), self.now()
        )
        return self._exchanged(match_id, seat, token)

    def _exchanged(self, match_id: str, seat: int, token: str) -> tuple[str, int, str]:
        live = self.live.get(match_id)
        if live is not None:
            live.token_hashes[seat] = hash_token(token)
        return match_id, seat, token

    def joined(self, live: Live) -> list[bool]:
        """Whether each seat is taken: a bot seat always, a human seat once its invite was
        exchanged (read from the store: another process may have exchanged it)."""
        taken = self.store.seat_token_hashes(live.match.id)
        return [
            spec.kind == "bot" or seat in taken or live.token_hashes[seat] is not None
            for seat, spec in enumerate(live.match.seats)
        ]

    def is_host(self, live: Live, authorization: str | None) -> bool:
        """Whether the ``Authorization`` header holds the match's host key."""
        if not authorization or live.host_hash is None:
            return False
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer":
            return False
        try:
            presented = hash_token(token.strip())
        except UnicodeEncodeError:
            return False
        return hmac.compare_digest(presented, live.host_hash)

    def get(self, match_id: str) -> Live:
        """The match in memory, rebuilt from the store if it is not (NotFound)."""
        live = self.live.get(match_id)
        if live is not None:
            return live
        if not isinstance(match_id, str) or len(match_id) > 64:
            raise NotFound(match_id)
        row = self.store.get(match_id)
        if row is None:
            raise NotFound(match_id)
        if not row.over and not self.ownership.claim(match_id):
            raise OwnedElsewhere(f"match {match_id} is hosted by another process; try again")
        if match_id in self.live:  # claimed meanwhile (the lease loop runs beside requests)
            return self.live[match_id]
        return self.host(self._restore(row))

    def restored(self, match_id: str) -> Live:
        """The match rebuilt from the store, not hosted yet (NotFound). Touches nothing of the
        hub's: a thread may call it while the loop runs (``duelhost.server.cluster``)."""
        return self._restore(self._row(match_id))

    def host(self, live: Live) -> Live:
        """Host a match rebuilt from the store (on the loop): in memory, its clock armed."""
        match_id = live.match.id
        sleeper = self._sleepers.pop(match_id, None)
        if sleeper is not None:
            sleeper.cancel()
        self.live[match_id] = live
        if live.match.is_over:
            self.unfinished.discard(match_id)
        self._after(live)
        self.ownership.hosting(match_id)
        return live

    def _row(self, match_id: str) -> MatchRow:
        row = self.store.get(match_id)
        if row is None:
            raise NotFound(match_id)
        return row

    def _restore(self, row: MatchRow) -> Live:
        return self.rebuild(
            Stored(row, self.store.log(row.id), self.store.seat_token_hashes(row.id))
        )

    def rebuild(self, stored: Stored) -> Live:
        """The match rebuilt from what the store holds (its log replayed, its seats' token
        hashes), not hosted yet. Reads nothing and touches nothing of the hub's: a thread may
        call it while the loop runs (a takeover's batch, ``duelhost.server.cluster``)."""
        row = stored.row
        match = Match.restore(
            row.id,
            duelhost.load(row.game, **row.options),
            row.seed,
            row.setup,
            [SeatSpec(s["kind"], s.get("bot")) for s in row.seats],
            clock_from_dict(row.clock),
            keys.match_key(self.server_key, bytes.fromhex(row.secret)),
            row.created,
            cast("list[LogEntry]", stored.log),
            self.settings.host,
        )
        match.think_apart = True
        hashes: list[str | None] = [s.get("token_hash") for s in row.seats]
        for seat, token_hash in stored.token_hashes.items():
            hashes[seat] = token_hash
        return Live(match, hashes, row.host_hash, stored=len(match.log), last_event=self.now())

    def seat_of(self, live: Live, authorization: str | None, required: bool) -> int | None:
        """The seat a bearer token holds (None: no token, a spectator). Unauthorized for a
        malformed token or one that is not a seat of this match, or no token when required."""
        if authorization is None or authorization == "":
            if required:
                raise Unauthorized("this needs a seat's token: Authorization: Bearer <token>", 401)
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("the Authorization header must be 'Bearer <token>'", 401)
        return self.seat_for_token(live, token.strip())

    def seat_for_token(self, live: Live, token: str) -> int:
        try:
            presented = hash_token(token)
        except UnicodeEncodeError:  # not text any token could be (a lone surrogate)
            raise Unauthorized("this token holds no seat of this match") from None
        found = _matching_seat(presented, live.token_hashes)
        if found is None and None in live.token_hashes:
            # A seat whose invite another process exchanged: its token is only in the store.
            for seat, stored in self.store.seat_token_hashes(live.match.id).items():
                live.token_hashes[seat] = stored
            found = _matching_seat(presented, live.token_hashes)
        if found is None:
            if live.host_hash is not None and hmac.compare_digest(presented, live.host_hash):
                raise Unauthorized(
                    "this is the match's host key: it shows which seats have joined "
                    "(GET /api/matches/{id}) and holds no seat"
                )
            raise Unauthorized("this token holds no seat of this match")
        return found

    # ------------------------------------------------------------------ events

    async def commit(self, live: Live, seat: int, value: Any, key: str | None) -> Answer:
        """A seat's commitment (commit, then reveal: ``host.commits``)."""
        answer = await self._run(live, lambda now: live.match.commit(seat, value, now, key))
        assert answer is not None
        return answer

    async def submit(
        self,
        live: Live,
        seat: int,
        text: Any,
        key: str | None,
        nonce: Any = None,
        decision: Any = None,
    ) -> Answer:
        """A seat's submission; with ``nonce``, the reveal of its commitment; with
        ``decision``, refused unless the match is at that decision."""
        started = time.perf_counter()
        repeated = key is not None and live.match.ledger.answered(seat, key) is not None
        try:
            answer = await self._run(
                live, lambda now: live.match.submit(seat, text, now, key, nonce, decision)
            )
        except IllegalAction:
            if self.on_ack is not None:
                self.on_ack(time.perf_counter() - started, False)
            raise
        if repeated and key is not None:
            # The first attempt may still be on its way to the disk: answer a retry only once
            # it is there. If it failed, the match was rebuilt without it and the key is gone:
            # the retry fails too, and the next attempt is a new submission (issue 19).
            await self.settled(live)
            if live.match.ledger.answered(seat, key) is None:
                raise StorageFailed("the first attempt was not stored; submit again")
        took = time.perf_counter() - started
        self.ack_latencies.append(took)
        if self.on_ack is not None:
            self.on_ack(took, True)
        assert answer is not None
        return answer

    async def act(self, live: Live, seat: int, action: str) -> Answer:
        """A seat's ``resign``, ``draw`` (offer or accept) or ``extend`` (the host's method of
        that name)."""
        if action not in SEAT_ACTIONS:
            raise ValueError(f"unknown seat action {action!r}")
        step: Callable[[int, float], Step] = getattr(live.match, action)
        answer = await self._run(live, lambda now: step(seat, now))
        assert answer is not None
        return answer

    async def settled(self, live: Live) -> None:
        """Wait until everything the match has logged is committed (for reads and new streams):
        steps that land in memory while this waits are waited for too, so the caller, which
        reads the match right after this returns (no await in between), sees only what is on
        disk."""
        while live.last_commit is not None and not live.last_commit.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(live.last_commit)

    async def _run(self, live: Live, event: Callable[[float], Step]) -> Answer | None:
        """Apply one event: host step, commit, then answer and frames. IllegalAction passes
        through (after committing whatever the event's deadline check produced)."""
        if live.gone:
            # Its steps would be stored under the epoch of whoever hosts the match now.
            raise StorageFailed(f"match {live.match.id} moved; nothing was stored; try again")
        live.last_event = self.now()
        if live.left or live.left_text or live.match.watchers is None:
            # Only a grace running out changes what is listened to between (un)subscriptions.
            self._watch(live)
        try:
            step = event(self.now())
        except IllegalAction:
            # Deadlines that fired before the refusal are real effects: store and send them.
            refused = live.match.refused
            if refused is not None:
                live.match.refused = None
                await self._commit(live, refused)
            raise
        await self._commit(live, step)
        return step.answer

    async def _commit(self, live: Live, step: Step) -> None:
        match = live.match
        if step.entries:
            # The store keeps each entry as JSON: a LogEntry is a plain dict.
            entries = cast("list[dict[str, Any]]", step.entries)
            row = (match.id, entries, match.is_over, match.result, self.now())
            committed = asyncio.wrap_future(self.writer.put(row))
            live.last_commit = committed
            try:
                await committed
            except Exception as error:
                # Memory is ahead of the disk: rebuild the match from what the store holds
                # (keeping its subscribers); if even that fails, forget it until next use.
                if live.timer is not None:
                    live.timer.cancel()
                    live.timer = None
                try:
                    rebuilt = self._restore(self._row(match.id))
                    live.match, live.stored = rebuilt.match, rebuilt.stored
                    live.last_commit = None
                    self._watch(live)
                    self._after(live)
                except Exception:
                    if self.live.get(match.id) is live:
                        del self.live[match.id]
                raise StorageFailed(
                    f"the match could not be stored ({error}); try again"
                ) from error
            live.stored = max(live.stored, step.entries[-1]["seq"])
            if match.is_over:
                self.unfinished.discard(match.id)
            for recipient, frame in step.frames.items():
                # Encoded once per recipient and kind of client by the host (again only for
                # clients that asked for frames without the text rendering).
                texts: dict[tuple[bool, bool], str] = {}
                for subscriber in list(live.subscribers[recipient]):
                    kind = (subscriber in live.deltas, subscriber in live.lean)
                    if kind not in texts:
                        texts[kind] = _text(step, recipient, frame, *kind)
                    subscriber.put_nowait(texts[kind])
        self._after(live)

    def _after(self, live: Live) -> None:
        """(Re)arm the match's timer: at its deadline, or at once when bots owe a move."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        match = live.match
        if self.live.get(match.id) is not live:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if match.is_over:
            # A finished match leaves memory once nobody watches it (reloaded on demand).
            live.timer = loop.call_later(self.settings.evict_after, self._evict, match.id)
            return
        if match.bots_due():
            live.timer = loop.call_soon(self._fire, match.id)
            return
        seat = match.thinker_due()
        if seat is not None and live.thinking is None:
            thinking = asyncio.ensure_future(self._think(live, seat))
            live.thinking = thinking
            self._tasks.add(thinking)
            thinking.add_done_callback(self._tasks.discard)
        wake = match.next_wake()
        idle = self.settings.idle_evict
        if wake is not None and wake - self.now() <= idle:
            live.timer = loop.call_later(max(0.0, wake - self.now()), self._fire, match.id)
        else:
            # Nothing due for a while: the match leaves memory if it stays idle.
            live.timer = loop.call_later(idle, self._evict, match.id)

    def _evict(self, match_id: str) -> None:
        """Drop an idle match from memory (a finished one, or an unfinished one nobody watches
        and nothing happened in for ``idle_evict`` seconds: its clock is kept by a timer that
        reloads it from the store when it is due)."""
        live = self.live.get(match_id)
        if live is None:
            return
        live.timer = None
        match, now = live.match, self.now()
        if (
            any(live.subscribers.values())
            or (live.last_commit is not None and not live.last_commit.done())
            or (not match.is_over and now - live.last_event < self.settings.idle_evict)
        ):
            self._after(live)
            return
        del self.live[match_id]
        wake = None if match.is_over else match.next_wake()
        if wake is not None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, wake - now)
            self._sleepers[match_id] = loop.call_later(delay, self._wake, match_id)

    def _wake(self, match_id: str) -> None:
        """An evicted match's clock is due: reload it (which arms its timer and fires it)."""
        self._sleepers.pop(match_id, None)
        with contextlib.suppress(NotFound, ConfigError, ValueError):
            self.get(match_id)

    def _fire(self, match_id: str) -> None:
        live = self.live.get(match_id)
        if live is None:
            return
        live.timer = None
        task = asyncio.ensure_future(self.fire(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, live: Live, seat: int) -> None:
        """``seat``'s bot chooses in a thread on a copy of the state; its choice is then an
        event of the match, unless the match left this process or moved on meanwhile."""
        match = live.match
        decision = match.state.decision
        handle = SeatHandle(match.state.clone(), seat)
        loop = asyncio.get_running_loop()
        try:
            text = await loop.run_in_executor(
                self.thinkers, botplay.think, match.bots[seat], handle
            )
        except Exception:
            # A failing bot must not stall its match (there may be no clock): it plays its
            # first legal submission.
            log.exception("bot failed to choose", extra={"match": match.id})
            text = handle.legal()[0] if handle.legal() else "resign"
        finally:
            live.thinking = None
        if self.live.get(match.id) is not live or live.match is not match:
            return
        with contextlib.suppress(IllegalAction):
            await self._run(live, lambda now: match.bot_move(seat, decision, text, now))

    def analysis(self, live: Live) -> AnalysisJob:
        """The analysis of a finished match: made once in the analysis thread, off the event
        loop and within ``analysis_seconds``, then kept (``analyses_kept`` of them)."""
        match_id = live.match.id
        with self._analyses_lock:
            job = self.analyses.get(match_id)
            if job is not None:
                self.analyses.move_to_end(match_id)
                return job
            job = self.analyses[match_id] = AnalysisJob()
            while len(self.analyses) > self.settings.analyses_kept:
                oldest = next(iter(self.analyses))
                if self.analyses[oldest].status == "computing":
                    break
                del self.analyses[oldest]
        record = live.match.record()
        settings = self.settings

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def work() -> None:
            try:
                notes = analyse(
                    record,
                    progress,
                    Budget(nodes=settings.analysis_nodes),
                    settings.analysis_seconds,
                )
                job.notes = _plain(to_json(notes))
                job.status = "done"
            except Exception as error:
                log.exception("analysis failed", extra={"match": match_id})
                job.error = f"the analysis failed: {type(error).__name__}: {error}"
                job.status = "failed"

        job.total = len(record.get("history", []))
        self.analysers.submit(work)
        return job

    async def fire(self, live: Live) -> None:
        """Let the match's time pass to now (deadlines, bots)."""
        with contextlib.suppress(IllegalAction):  # advance refuses nothing
            await self._run(live, live.match.advance)

    # ------------------------------------------------------------------ subscriptions

    def subscribe(
        self, live: Live, recipient: Recipient, with_text: bool = True, deltas: bool = False
    ) -> asyncio.Queue[str]:
        """A queue that receives every frame for ``recipient`` as JSON text (with ``deltas``:
        delta frames, ``framing.delta``)."""
        queue: asyncio.Queue[str] = asyncio.Queue()
        live.last_event = self.now()
        live.subscribers[recipient].add(queue)
        if not with_text:
            live.lean.add(queue)
        if deltas:
            live.deltas.add(queue)
        self._watch(live)
        return queue

    def unsubscribe(self, live: Live, recipient: Recipient, queue: asyncio.Queue[str]) -> None:
        live.subscribers[recipient].discard(queue)
        if queue not in live.lean and all(q in live.lean for q in live.subscribers[recipient]):
            live.left_text[recipient] = self.now()
        live.lean.discard(queue)
        deltas = queue in live.deltas
        live.deltas.discard(queue)
        if not any((q in live.deltas) == deltas for q in live.subscribers[recipient]):
            live.left[(recipient, deltas)] = self.now()
        self._watch(live)

    def _watch(self, live: Live) -> None:
        """Frames are built for recipients listening now or within the last
        ``settings.resume_grace`` seconds (so a client that reconnects soon gets exactly what
        it missed), whole frames and delta frames each for the clients that take them."""
        now = self.now()
        grace = self.settings.resume_grace
        for key in [k for k, t in live.left.items() if now - t >= grace]:
            del live.left[key]
        for recipient in [r for r, t in live.left_text.items() if now - t >= grace]:
            del live.left_text[recipient]
        watched: dict[bool, set[Recipient]] = {False: set(), True: set()}
        for r, queues in live.subscribers.items():
            for deltas in (False, True):
                if (
                    any((q in live.deltas) == deltas for q in queues)
                    or now - live.left.get((r, deltas), -grace) < grace
                ):
                    watched[deltas].add(r)
        live.match.watchers = watched[False]
        live.match.delta_watchers = watched[True]
        # The text rendering only for recipients a client that wants it listens to (or did
        # within the grace): the load test's and bots' clients read the view alone.
        live.match.text_watchers = {
            r
            for r, queues in live.subscribers.items()
            if any(q not in live.lean for q in queues)
            or now - live.left_text.get(r, -grace) < grace
        }


def _text(step: Step, recipient: Recipient, frame: Frame, deltas: bool, lean: bool) -> str:
    """The JSON text of ``recipient``'s frame of ``step`` for one kind of client: whole or
    delta frames, with or without the text rendering."""
    made: Mapping[str, Any] | None = step.deltas.get(recipient) if deltas else frame
    encoded = step.delta_texts.get(recipient) if deltas else step.texts.get(recipient)
    if made is None:
        # The client came between the step and its commit: the whole frame, as an update.
        made, encoded = frame, step.texts.get(recipient)
    if encoded is not None and (not lean or "text" not in made):
        return encoded  # (a frame built without the text rendering is lean already)
    return wire.dumps({k: v for k, v in made.items() if k != "text" or not lean})


def _presented(invite: str) -> str:
    """The hash of a presented invite; InviteError (404) for what cannot be one."""
    if not isinstance(invite, str) or not 0 < len(invite) <= MAX_SECRET:
        raise InviteError("no such invite (check the link you were given)", 404)
    try:
        return hash_token(invite)
    except UnicodeEncodeError:
        raise InviteError("no such invite (check the link you were given)", 404) from None


def _matching_seat(presented: str, hashes: list[str | None]) -> int | None:
    """The seat whose token hash is ``presented``, compared with every seat (no early exit)
    in constant time."""
    found: int | None = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found


_KIND_NAMES = {"int": "an integer", "float": "a number", "bool": "true or false", "str": "text"}


def check_option_types(spec: GameSpec, options: dict[str, Any]) -> None:
    """Options sent as JSON must have their declared JSON type: the kernel reads text too
    (``--opt galaxies=7`` on the command line), but the API coerces nothing (``"7"`` is not 7).
    ConfigError naming the option."""
    declared = {option.name: option for option in spec.options}
    for name, value in options.items():
        option = declared.get(name)
        if option is None or value is None or option.kind == "json":
            continue  # unknown names and nulls are the kernel's to judge
        number = isinstance(value, int | float) and not isinstance(value, bool)
        fits = {
            "int": number and float(value).is_integer(),
            "float": number,
            "bool": isinstance(value, bool),
            "str": isinstance(value, str),
        }.get(option.kind, True)
        if not fits:
            raise ConfigError(
                f"{spec.name}: option {quote(name)} must be {_KIND_NAMES[option.kind]}, "
                f"got {quote_value(value)}"
            )
