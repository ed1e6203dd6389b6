"""The sans-I/O match host: one match's state, seats, clock and append-only log.

``Match`` takes events (a submission, a resignation, an extended-time call, the passing of time)
together with the time they happened, and returns a ``Step``: the new log entries (to be stored
before anything is sent) and one frame per recipient (seat 0, seat 1, spectators). It never
reads a clock and does no I/O, so every clock rule is tested by passing times in.

The log holds *effects*, each with its time: ``submit`` (a decision's submission, canonical
text), ``order`` (an order message collected in a tick window), ``tick`` (the tick at which the
collected orders are submitted together, or the timeout applies), ``timeout``, ``resign`` and
``extend``. ``Match.restore`` replays a log and reaches the same state, deadlines included.

Exactly-once timeouts: a deadline fires only through ``advance``, which every event calls first
with its own time, and firing moves the deadline on; a submission that arrives at or after a
deadline is therefore processed after that deadline's timeout, never instead of it or twice.

The concerns it combines live beside it: ``seats`` (who plays), ``timekeeper`` (deadlines),
``ledger`` (receipts, nonces, idempotency keys), ``frame_book`` (notices and resume buffers),
``messages`` (the typed data that leaves the host), ``json_text`` (its JSON encoding),
``hosted`` (phases, ``Step``, the match as its parts see it), and, as functions of a match,
``accepting`` (submissions and tick orders), ``bookkeeping`` (what follows each effect),
``reveal`` (commit, then reveal), ``botplay`` (the host's bots), ``frame_builder`` (match
states and frames) and ``recording`` (the record).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from duelhost.bots import Bot, budget, make_bot
from duelhost.core.errors import IllegalAction
from duelhost.core.events import describe_common, describe_event, plain_view, render_view
from duelhost.core.registry import Game
from duelhost.core.state import State
from duelhost.host import (
    accepting,
    bookkeeping,
    botplay,
    frame_builder,
    pausing,
    recording,
    reveal,
    seeds,
)
from duelhost.host.frame_book import FrameBook
from duelhost.host.hosted import Phase, Step
from duelhost.host.ledger import Ledger
from duelhost.host.limits import HostLimits
from duelhost.host.messages import (
    RECIPIENTS,
    Answer,
    ClockStatus,
    Frame,
    LogEntry,
    Notice,
    Recipient,
    Summary,
    View,
)
from duelhost.host.seats import SeatSpec, check_seats
from duelhost.host.time_controls import Clock
from duelhost.host.timekeeper import Timekeeper

__all__ = [
    "RECIPIENTS",
    "Match",
    "MatchOver",
    "Phase",
    "Recipient",
    "SeatSpec",
    "Step",
    "check_seats",
]


class MatchOver(IllegalAction):
    """An action on a match that is over (a seat's token only reads then; HTTP 409)."""


class Match:
    """One hosted match (see the module docstring)."""

    def __init__(
        self,
        match_id: str,
        game: Game,
        seed: int,
        setup: dict[str, Any],
        seats: Iterable[SeatSpec],
        clock: Clock | None,
        secret: bytes,
        created: float,
        limits: HostLimits | None = None,
    ) -> None:
        self.id = match_id
        self.game = game
        self.seed = seed
        self.seats = tuple(seats)
        self.clock = clock
        self.secret = secret
        self.created = created
        self.limits = limits if limits is not None else HostLimits()
        self.state: State = game.new(seed, **setup)
        self.setup = dict(self.state.setup)
        self.log: list[LogEntry] = []
        # RULINGS G7: the seed is committed to at creation and published with the record.
        self.seed_chosen_by_creator = seeds.chosen_by_creator(seed, secret)
        self.seed_salt = seeds.seed_salt(secret)
        self.seed_commitment = seeds.commitment(seed, self.seed_salt)
        bot_seed = seeds.bot_seed(seed, secret)
        with budget.capped(botplay.think_cap(clock)):
            self.bots: dict[int, Bot] = {
                number: make_bot(spec.bot or "random", game, number, bot_seed)
                for number, spec in enumerate(self.seats)
                if spec.kind == "bot"
            }
        self.think_apart = False
        """Bots that search are left to the caller (``botplay``: ``thinker_due``,
        ``bot_move``) instead of acting inside events; the server sets it."""
        self.timekeeper = Timekeeper(clock, created)
        self.ledger = Ledger(
            match_id, secret, game.spec.public_submissions, self.limits.keys_per_seat
        )
        self.book = FrameBook(self.limits.frame_buffer)
        self._orders: dict[int, str] = {}
        self._annotations: list[dict[str, Any]] = []
        self._events_seen = 0
        self._bots_ordered: set[tuple[int, int]] = set()
        self.tick_lateness: deque[float] = deque(maxlen=10_000)
        self.refused: Step | None = None
        self.watchers: set[Recipient] | None = None
        """Recipients to build whole frames for after each event (None: all three)."""
        self.delta_watchers: set[Recipient] = set()
        """Recipients to build delta frames for after each event."""
        self.text_watchers: set[Recipient] | None = None
        """Recipients whose frames carry the view's text rendering (None: all three)."""
        self.abandoned: str | None = None
        """Why the server ended the match unfinished (``abandon`` entry), None while it has not."""
        self.last_touch = created
        """When a human seat last acted (or the match was created)."""
        self.paused_at: float | None = None
        self.pauses: list[dict[str, float | None]] = []
        self.adjudicated: dict[str, Any] | None = None
        """The event host's pause in force, every pause, its adjudication (``pausing``)."""
        self.started = clock is None or clock.start == "created"
        """Whether the clock started (``Phase``): at creation, or by a ``start`` entry."""
        if self.started and not self.state.is_over:
            self.timekeeper.start(created, self.state.to_act)

    # ------------------------------------------------------------------ restore

    @classmethod
    def restore(
        cls,
        match_id: str,
        game: Game,
        seed: int,
        setup: dict[str, Any],
        seats: Iterable[SeatSpec],
        clock: Clock | None,
        secret: bytes,
        created: float,
        log: Iterable[LogEntry],
        limits: HostLimits | None = None,
    ) -> Match:
        """The match a stored log describes, rebuilt by replaying every entry."""
        match = cls(match_id, game, seed, setup, seats, clock, secret, created, limits)
        for entry in log:
            bookkeeping.replay(match, entry)
        match.book.last_n = len(match.log)
        return match

    # ------------------------------------------------------------------ the parts' state

    @property
    def deadline(self) -> float | None:
        """The absolute time (Unix seconds) of the next deadline; None: none pending."""
        return self.timekeeper.deadline

    @deadline.setter
    def deadline(self, value: float | None) -> None:
        self.timekeeper.deadline = value

    @property
    def phase_start(self) -> float:
        return self.timekeeper.phase_start

    @property
    def extensions_left(self) -> list[int]:
        return self.timekeeper.extensions_left

    @property
    def public_submissions(self) -> bool:
        """Whether submissions are public once their decision resolves (nonces published at
        the reveal; ``GameSpec.public_submissions``)."""
        return self.ledger.public

    @public_submissions.setter
    def public_submissions(self, value: bool) -> None:
        self.ledger.public = value

    @property
    def _keys(self) -> dict[tuple[int, str], Answer]:
        return self.ledger.keys

    @property
    def _last_n(self) -> int:
        return self.book.last_n

    @property
    def _tick_mode(self) -> bool:
        return self.timekeeper.tick_mode

    # ------------------------------------------------------------------ queries

    @property
    def phase(self) -> Phase:
        """Waiting for its start, playing, or over."""
        if self.is_over:
            return Phase.OVER
        return Phase.PLAYING if self.started else Phase.WAITING

    @property
    def start_at(self) -> float | None:
        """The start time the match's creator set (``Clock.start`` "at"), None if none."""
        return None if self.clock is None else self.clock.start_at

    @property
    def is_over(self) -> bool:
        """Finished by the game's rules, or abandoned by the server."""
        return self.state.is_over or self.abandoned is not None or self.adjudicated is not None

    @property
    def result(self) -> dict[str, Any]:
        """The game's result; an abandoned match has no winner and says why it ended."""
        return pausing.result(self.state.result, self.abandoned, self.adjudicated)

    @property
    def to_act(self) -> list[int]:
        return [] if self.is_over else list(self.state.to_act)

    @property
    def abandon_at(self) -> float | None:
        """When the match ends as abandoned unless a human seat acts first."""
        if self.is_over or self.paused_at is not None:
            return None
        return self.last_touch + self.limits.idle_seconds

    def next_wake(self) -> float | None:
        """The next moment something happens by itself: a deadline, the set start time or
        the abandonment."""
        start = self.start_at if not self.started else None
        times = [t for t in (self.deadline, start, self.abandon_at) if t is not None]
        return None if self.is_over or not times else min(times)

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat].kind

    def clock_status(self, now: float) -> ClockStatus | None:
        return self.timekeeper.status(now)

    def summary(self, seat: Recipient, now: float) -> Summary:
        """The answer of ``GET /api/matches/<id>`` for a seat (None: a spectator)."""
        return frame_builder.summary(self, seat, now)

    def record(self) -> dict[str, Any]:
        """The match record (``host.recording``); ``duelhost replay`` plays it back."""
        return recording.match_record(self)

    def bots_due(self) -> bool:
        """Whether a bot seat owes a submission (the caller should call ``advance`` again);
        bots that think apart are not counted (``thinker_due``)."""
        if self.is_over:
            return False
        return any(self._bot_owes(seat) and not botplay.apart(self, seat) for seat in self.bots)

    def thinker_due(self) -> int | None:
        """The seat whose bot thinks apart and owes a submission (``think_apart``)."""
        return botplay.thinker_due(self)

    def bot_move(self, seat: int, decision: int, text: str, now: float) -> Step:
        """A bot's choice for ``decision``, made apart (dropped if it came too late)."""

        def body(step: Step) -> Answer:
            botplay.bot_move(self, seat, decision, text, now, step)
            return Answer()

        return self._event(now, body)

    def _bot_owes(self, seat: int) -> bool:
        return (
            self.started
            and self.paused_at is None
            and seat in self.state.to_act
            and not (self._tick_mode and (self.state.decision, seat) in self._bots_ordered)
        )

    def draw_text(self) -> str | None:
        """The submission that offers (or accepts) a draw in this game, None if it has none
        (the game's ``GameSpec.draw_text``)."""
        return self.game.spec.draw_text

    # ------------------------------------------------------------------ events

    def commit(self, seat: int, value: Any, now: float, key: str | None = None) -> Step:
        """A seat commits to its secret submission for the current decision (``host.commits``);
        it reveals it with ``submit(..., nonce=...)`` once every seat has committed."""
        return self._keyed(
            seat, key, now, lambda step: reveal.commit_to(self, seat, value, now, key, step)
        )

    def submit(
        self,
        seat: int,
        text: Any,
        now: float,
        key: str | None = None,
        nonce: Any = None,
        decision: Any = None,
    ) -> Step:
        """A seat's submission (with ``nonce``: the reveal of its commitment). Raises
        IllegalAction (nothing changed) when it is refused; a repeated ``key`` gets the first
        answer again
        (a refused one keeps no key: the retry is judged afresh). ``decision``: the decision
        the submission was made for; refused if the match is at another one (a tick window's
        orders that arrive after their window closed must not land in the next)."""
        if nonce is not None:
            return self._keyed(
                seat,
                key,
                now,
                lambda step: reveal.reveal(self, seat, text, nonce, now, key, step),
            )
        return self._keyed(
            seat, key, now, lambda step: accepting.take(self, seat, text, now, key, step, decision)
        )

    def _keyed(
        self, seat: int, key: str | None, now: float, take: Callable[[Step], Answer]
    ) -> Step:
        """Run a seat's keyed action: a repeated ``key`` gets the first answer again."""
        self.refused = None
        if key is not None:
            earlier = self.ledger.answered(seat, key)
            if earlier is not None:
                return Step(answer=earlier)
        # A refused action leaves nothing behind, its key included (a client that retries it
        # is judged afresh; refusals cost no memory).
        return self._event(now, take)

    def draw(self, seat: int, now: float, key: str | None = None) -> Step:
        """Offer a draw, or accept the opponent's standing offer, where the game allows it:
        the game's own draw submission, so its rules decide when it may be made."""
        self._check_playing()
        text = self.draw_text()
        if text is None:
            raise IllegalAction(f"{self.game.name} has no draw by agreement")
        return self.submit(seat, text, now, key)

    def resign(self, seat: int, now: float) -> Step:
        """``seat`` resigns: the other seat wins at once."""
        return self._event(now, lambda step: self._resign(seat, now, step))

    def extend(self, seat: int, now: float) -> Step:
        """An extended time call (``Clock.extensions``): the current phase lasts
        ``extended_seconds`` from its start, for both players; once per player per match."""

        def body(step: Step) -> Answer:
            self._check_playing()
            refusal = self.timekeeper.refusal_of_extension(seat)
            if refusal is not None:
                raise IllegalAction(refusal)
            entry = LogEntry(type="extend", seat=seat, decision=self.state.decision, time=now)
            self._push(step, entry, now)
            return Answer(accepted=True, deadline=self.deadline)

        return self._event(now, body)

    def begin(self, now: float) -> Step:
        """Every seat is held: a match waiting for its seats starts its clock now (a ``start``
        entry; nothing happens if it started already or waits for a set time)."""

        def body(step: Step) -> Answer:
            seated = self.clock is not None and self.clock.start == "seated"
            if self.phase is Phase.WAITING and seated:
                self._push(step, LogEntry(type="start", time=now), now)
            return Answer()

        return self._event(now, body)

    def host_act(self, kind: str, now: float, **fields: Any) -> Step:
        """The event host's ``pause``, ``resume`` or ``adjudicate`` (``host.pausing``)."""
        return self._event(now, lambda step: pausing.act(self, kind, now, fields, step))

    def advance(self, now: float) -> Step:
        """Let time pass until ``now``: fire every deadline at or before it, let bots act."""
        return self._event(now, lambda step: Answer())

    def _event(self, now: float, body: Callable[[Step], Answer]) -> Step:
        """Run one event at ``now``: deadlines first, then the event, then bots, then frames.
        When the event is refused after deadlines fired, those effects are real: the step
        holding them is kept in ``refused`` for the caller to store and send."""
        step = Step()
        self.refused = None
        abandon_at = self.abandon_at
        if abandon_at is not None and abandon_at <= now:
            self._expire(abandon_at, step)
            if not self.is_over:
                self._abandon(f"no seat acted for {self.limits.idle_seconds:g} s", now, step)
        self._start_due(now, step)
        self._expire(now, step)
        try:
            answer = body(step)
        except IllegalAction:
            if step.entries:
                botplay.drive_bots(self, now, step)
                frame_builder.emit(self, step, now)
                self.refused = step
            raise
        botplay.drive_bots(self, now, step)
        if len(self.log) >= self.limits.max_log and not self.is_over:
            self._abandon(f"the match reached {self.limits.max_log} log entries", now, step)
        frame_builder.emit(self, step, now)
        step.answer = answer
        return step

    def _start_due(self, now: float, step: Step) -> None:
        """A match waiting for its set start time starts at that time once it has passed."""
        start_at = self.start_at
        if self.phase is Phase.WAITING and start_at is not None and start_at <= now:
            self._push(step, LogEntry(type="start", time=start_at), start_at)

    def _abandon(self, reason: str, now: float, step: Step) -> None:
        """End the match unfinished (recorded as such: ``abandon`` entry, result reason)."""
        self._push(step, LogEntry(type="abandon", reason=reason, time=now), now)

    def _resign(self, seat: int, now: float, step: Step) -> Answer:
        self._check_playing()
        self.state.resign(seat)
        self._push(step, LogEntry(type="resign", seat=seat, time=now), now)
        return Answer(accepted=True, receipt=None, text="resign")

    # ------------------------------------------------------------------ frames

    def frame(self, recipient: Recipient, now: float, full: bool = True) -> Frame:
        """The current frame for a recipient; ``full`` frames carry the whole event log."""
        return frame_builder.make_frame(
            self, recipient, now, 0 if full else self._last_n, "full" if full else "update"
        )

    def renders_text(self, recipient: Recipient) -> bool:
        """Whether the frames built for ``recipient`` carry the text rendering (a client that
        wants it and comes when they do not gets a full frame, not the buffered ones)."""
        return self.text_watchers is None or recipient in self.text_watchers

    def frames_since(
        self, recipient: Recipient, after: int, now: float, deltas: bool = False
    ) -> list[Frame]:
        """What a client that last saw frame ``after`` missed: the buffered frames (with
        ``deltas``, the buffered delta frames), or one full frame when the buffer no longer
        reaches back that far (or ``after`` is unknown)."""
        if deltas:
            buffered = self.book.deltas_since(recipient, after)
        else:
            buffered = self.book.buffered_since(recipient, after)
        return buffered if buffered is not None else [self.frame(recipient, now)]

    # ------------------------------------------------------------------ internals

    def _check_playing(self) -> None:
        if self.is_over:
            raise MatchOver(
                "the match is over: nothing more can be submitted, committed, resigned, "
                "extended or drawn (its views and its record can still be read)"
            )
        if self.paused_at is not None:
            raise IllegalAction(
                "the match is paused by the event's host: its clocks are "
                "stopped and nothing can be submitted until it resumes"
            )
        if not self.started:
            raise IllegalAction(
                "the match has not started: its clock starts at its set start time"
                if self.start_at is not None
                else "the match has not started: its clock starts when both seats are held "
                "(a seat's invite has not been opened yet)"
            )

    def _expire(self, now: float, step: Step) -> None:
        """Fire every deadline at or before ``now``, each exactly once."""
        guard = 0
        while not self.is_over and self.deadline is not None and self.deadline <= now:
            guard += 1
            if guard > 1_000_000:
                raise RuntimeError("deadlines do not move on")
            if self._tick_mode:
                self._tick(self.deadline, now, step)
            else:
                self._deadline_passed(self.deadline, now, step)

    def _tick(self, deadline: float, now: float, step: Step) -> None:
        """The tick due at ``deadline`` fires: the window's orders are submitted together."""
        self.tick_lateness.append(now - deadline)
        entry = LogEntry(type="tick", decision=self.state.decision, deadline=deadline, time=now)
        assert self.clock is not None
        if (now - deadline) / self.clock.seconds >= self.limits.max_catch_up:
            # Too far behind (the server was down): this tick covers every missed window, and
            # the schedule starts again from now.
            entry["resume"] = now + self.clock.seconds
        self._push(step, entry, now)
        botplay.drive_bots(self, now, step)

    def _deadline_passed(self, deadline: float, now: float, step: Step) -> None:
        """The decision's deadline passed: every seat still owing it times out.

        Commit, then reveal: a seat that committed could not reveal while another seat owed
        its commitment; it is spared here and gets ``reveal_grace`` once those seats have
        timed out (``bookkeeping``)."""
        decision = self.state.decision
        committed = {s for s in self.state.to_act if (decision, s) in self.ledger.commitments}
        spared = (
            committed
            if len(committed) < len(self.state.to_act) and not self.timekeeper.reveal_grace
            else set()
        )
        for seat in self.state.to_act:
            if self.is_over:
                break
            if seat not in spared:
                self._time_out(seat, deadline, now, step)
        if self.deadline == deadline:
            self.deadline = None  # a game whose timeouts did not resolve the decision

    def _time_out(self, seat: int, deadline: float, now: float, step: Step) -> None:
        """Apply ``seat``'s timeout for the decision in play, and log it."""
        decision = self.state.decision
        played = self.state.timeout(seat)
        entry = LogEntry(type="timeout", seat=seat, decision=decision, deadline=deadline, time=now)
        if played is not None:
            entry["played"] = played  # said to that seat alone (bookkeeping.notify)
        self._push(step, entry, now)

    def _push(self, step: Step, entry: LogEntry, now: float) -> None:
        """Log an effect. Effects other than ``tick`` and ``order`` were already applied to the
        kernel state by the caller; this does the bookkeeping shared with replay."""
        entry["seq"] = len(self.log) + 1
        if entry["type"] == "tick":
            accepting.apply_tick(self)
        decision = entry.get("decision", self.state.decision)
        if entry["type"] in ("submit", "timeout"):
            decision = entry["decision"]
        self._bookkeep(entry, int(decision), now)
        step.entries.append(entry)

    def _bookkeep(self, entry: LogEntry, decision: int, time: float) -> None:
        """Everything that follows an effect, shared by live events and replay: log it, note
        history entries, receipts and idempotency keys, move the clock, project notices."""
        if "seq" not in entry:
            entry["seq"] = len(self.log) + 1
        self.log.append(entry)
        seq = entry["seq"]
        recording.annotate(self, entry, decision, time)
        bookkeeping.notify(self, entry, seq, decision, time)
        events = self.state.events
        for event in events[self._events_seen :]:
            self._notice(seq, None, {"type": "game", "line": self._describe(event), **event})
        self._events_seen = len(events)
        if entry["type"] == "tick":
            resume = entry.get("resume")
            self.timekeeper.ticked(float(entry["deadline"]), resume)
        if self.state.decision != decision or entry["type"] == "resign" or self.is_over:
            bookkeeping.decision_resolved(self, seq, decision, time)

    def _nonce_public(self, decision: int, seat: int, recipient: Recipient) -> bool:
        return self.ledger.nonce_public(
            decision, seat, recipient, self.state.decision, self.is_over
        )

    def _describe(self, event: dict[str, Any]) -> str:
        try:
            return describe_event(self.game.spec, event)
        except Exception:  # a game's describer must not break hosting: the plain line serves
            return describe_common(event, self.game.spec.seat_names)

    def render(self, view: View) -> str:
        """The game's text rendering of a view (indented JSON for a game without one)."""
        try:
            return render_view(self.game.spec, view)
        except Exception:  # a game's renderer must not break hosting: the plain view serves
            return plain_view(view)

    def _notice(self, seq: int, recipients: tuple[Recipient, ...] | None, data: Notice) -> None:
        self.book.notice(seq, recipients, data)
