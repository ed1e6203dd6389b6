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
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from duelhost.bots import Bot, SeatHandle, available_bots, make_bot
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.events import describe_common, describe_event, plain_view, render_view
from duelhost.core.registry import Game
from duelhost.core.state import State
from duelhost.host import receipts
from duelhost.host.clocks import Clock

Recipient = int | None
RECIPIENTS: tuple[Recipient, ...] = (0, 1, None)
LEGAL_LIMIT = 400
"""Seat frames list the legal submissions when there are at most this many."""
FRAME_BUFFER = 64
"""Frames kept per recipient for clients that reconnect."""
BOT_BURST = 64
"""Bot submissions made per call before control returns to the caller (see ``bots_due``)."""


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: ``human`` (holds a token) or ``bot`` (``bot`` names it)."""

    kind: str
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot}


@dataclass
class Step:
    """What one event produced: log entries to store first, then frames to send."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    frames: dict[Recipient, dict[str, Any]] = field(default_factory=dict)
    texts: dict[Recipient, str] = field(default_factory=dict)
    """The same frames as JSON text (what is sent)."""
    answer: dict[str, Any] | None = None


def check_seats(game: Game, seats: Any) -> tuple[SeatSpec, SeatSpec]:
    """Validated seat specs (ConfigError saying what is wrong)."""
    if not isinstance(seats, list | tuple) or len(seats) != 2:
        raise ConfigError("seats must be a list of two seats")
    result: list[SeatSpec] = []
    for number, seat in enumerate(seats):
        if isinstance(seat, SeatSpec):
            seat = seat.to_dict()
        if not isinstance(seat, dict):
            raise ConfigError(f"seat {number} must be an object such as {{'kind': 'human'}}")
        unknown = sorted(set(seat) - {"kind", "bot"})
        if unknown:
            raise ConfigError(
                f"seat {number}: unknown field {unknown[0]!r}; the fields are kind, bot"
            )
        kind = seat.get("kind")
        if kind == "human":
            if seat.get("bot") is not None:
                raise ConfigError(f"seat {number}: a human seat names no bot")
            result.append(SeatSpec("human"))
        elif kind == "bot":
            name = seat.get("bot", "random")
            choices = available_bots(game.name)
            if name not in choices:
                raise ConfigError(
                    f"seat {number}: no bot {name!r} for {game.name}; "
                    f"the bots are {', '.join(choices)}"
                )
            result.append(SeatSpec("bot", name))
        else:
            raise ConfigError(f"seat {number}: kind must be 'human' or 'bot', got {kind!r}")
    return result[0], result[1]


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
    ) -> None:
        self.id = match_id
        self.game = game
        self.seed = seed
        self.seats = tuple(seats)
        self.clock = clock
        self.secret = secret
        self.created = created
        self.state: State = game.new(seed, **setup)
        self.setup = dict(self.state.setup)
        self.log: list[dict[str, Any]] = []
        self.bots: dict[int, Bot] = {
            number: make_bot(spec.bot or "random", game, number, seed)
            for number, spec in enumerate(self.seats)
            if spec.kind == "bot"
        }
        # Public once resolved: nonces are published at the reveal. Otherwise a submission may
        # carry a secret that outlives its decision, and a published nonce would let the
        # opponent test the few possible texts against the receipt: a seat then gets its own
        # nonces at once and everyone gets every nonce when the match is over.
        self.public_submissions = game.spec.public_submissions
        self.deadline: float | None = None
        self.phase_start = created
        self._phase_seats: tuple[int, ...] = ()
        self._extended = False
        self.extensions_left = [clock.extensions if clock else 0] * 2
        self._orders: dict[int, str] = {}
        self._receipts: dict[tuple[int, int], str] = {}
        self._keys: dict[tuple[int, str], dict[str, Any]] = {}
        self._annotations: list[dict[str, Any]] = []
        self._notices: list[tuple[int, tuple[Recipient, ...] | None, dict[str, Any]]] = []
        self._events_seen = 0
        self._bots_ordered: set[tuple[int, int]] = set()
        self._frames: dict[Recipient, deque[tuple[int, int, str]]] = {
            r: deque(maxlen=FRAME_BUFFER) for r in RECIPIENTS
        }
        self._last_n = 0
        self.tick_lateness: deque[float] = deque(maxlen=10_000)
        self.refused: Step | None = None
        self.watchers: set[Recipient] | None = None
        """Recipients to build frames for after each event (None: all three)."""
        self._notice_seqs: list[int] = []
        self._start_clock(created)

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
        log: Iterable[dict[str, Any]],
    ) -> Match:
        """The match a stored log describes, rebuilt by replaying every entry."""
        match = cls(match_id, game, seed, setup, seats, clock, secret, created)
        for entry in log:
            match._replay(entry)
        match._last_n = len(match.log)
        return match

    def _replay(self, entry: dict[str, Any]) -> None:
        if entry["seq"] != len(self.log) + 1:
            raise ConfigError(f"match {self.id}: log entry {entry['seq']} out of order")
        kind, time = entry["type"], float(entry["time"])
        seat = int(entry.get("seat", -1))
        if kind == "submit":
            self.state.submit(seat, entry["text"])
        elif kind == "order":
            pass  # _bookkeep (below) collects it; it takes effect at the tick
        elif kind == "tick":
            self._apply_tick()
        elif kind == "timeout":
            self.state.timeout(seat)
        elif kind == "resign":
            self.state.resign(seat)
        elif kind == "extend":
            pass  # _bookkeep (below) applies extended time, live and in replay alike
        else:
            raise ConfigError(f"match {self.id}: unknown log entry type {kind!r}")
        self._bookkeep(entry, int(entry.get("decision", self.state.decision)), time)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def seat_kind(self, seat: int) -> str:
        return self.seats[seat].kind

    def clock_status(self, now: float) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        return {
            **self.clock.to_dict(),
            "deadline": self.deadline,
            "remaining": None if self.deadline is None else max(0.0, self.deadline - now),
            "phase_start": self.phase_start,
            "extended": self._extended,
            "extensions_left": list(self.extensions_left),
        }

    def summary(self, seat: Recipient, now: float) -> dict[str, Any]:
        """The answer of ``GET /api/matches/<id>`` for a seat (None: a spectator)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "seat": seat,
            "to_act": list(self.state.to_act),
            "view": self.state.view(seat),
            "is_over": self.state.is_over,
            "winner": self.state.winner,
            "result": self.state.result,
            "clock": self.clock_status(now),
            "n": self._last_n,
            "orders": self._orders.get(seat) if seat is not None else None,
        }

    def record(self) -> dict[str, Any]:
        """The match record: seed, options, setup, and every history entry with its time,
        decision, receipt and (once revealed) nonce; ``duelhost replay`` plays it back."""
        data = self.state.record.to_dict()
        data["match"] = self.id
        data["created"] = self.created
        data["clock"] = None if self.clock is None else self.clock.to_dict()
        data["seats"] = [spec.to_dict() for spec in self.seats]
        data["result"] = self.state.result
        history = []
        for item, note in zip(data["history"], self._annotations, strict=True):
            item = {**item, **note}
            if "receipt" in item and self._nonce_public(item["decision"], item["seat"], None):
                item["nonce"] = receipts.nonce(self.secret, item["decision"], item["seat"])
            history.append(item)
        data["history"] = history
        return data

    def bots_due(self) -> bool:
        """Whether a bot seat owes a submission (the caller should call ``advance`` again)."""
        if self.state.is_over:
            return False
        for seat in self.bots:
            if seat in self.state.to_act and not (
                self._tick_mode and (self.state.decision, seat) in self._bots_ordered
            ):
                return True
        return False

    @property
    def _tick_mode(self) -> bool:
        return self.clock is not None and self.clock.mode == "tick"

    # ------------------------------------------------------------------ events

    def submit(self, seat: int, text: Any, now: float, key: str | None = None) -> Step:
        """A seat's submission. Raises IllegalAction (nothing changed) when it is refused;
        a repeated ``key`` gets the first answer again."""
        self.refused = None
        if key is not None and (seat, key) in self._keys:
            answer = self._keys[(seat, key)]
            if "error" in answer:
                raise IllegalAction(answer["error"])
            return Step(answer=answer)

        def body(step: Step) -> dict[str, Any]:
            try:
                if not isinstance(text, str):
                    raise IllegalAction(f"a submission must be text, got {type(text).__name__}")
                try:
                    text.encode("utf-8")
                except UnicodeEncodeError:
                    raise IllegalAction("the submission is not valid Unicode text") from None
                if text.strip().lower() == "resign":
                    return self._resign(seat, now, step)
                before = len(self.state.history)
                try:
                    if self._tick_mode:
                        return self._order(seat, text, now, key, step, by="human")
                    return self._submit(seat, text, now, key, step, by="human")
                except IllegalAction:
                    raise
                except Exception as error:
                    # A game that fails to read a text (an exception other than IllegalAction
                    # while parsing) has changed nothing: refuse the text. If its state did
                    # change, that is a bug in the game, and it must not pass as a refusal.
                    if len(self.state.history) != before:
                        raise
                    shown = text if len(text) <= 40 else text[:40] + "…"
                    raise IllegalAction(
                        f"illegal submission {shown!r}: the game cannot read it "
                        f"({type(error).__name__})"
                    ) from None
            except IllegalAction as error:
                if key is not None:
                    self._keys[(seat, key)] = {"accepted": False, "error": str(error)}
                raise

        return self._event(now, body)

    def draw_text(self) -> str | None:
        """The submission that offers (or accepts) a draw in this game, None if it has none
        (the game's ``GameSpec.draw_text``)."""
        return self.game.spec.draw_text

    def draw(self, seat: int, now: float, key: str | None = None) -> Step:
        """Offer a draw, or accept the opponent's standing offer, where the game allows it:
        the game's own draw submission, so its rules decide when it may be made."""
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

        def body(step: Step) -> dict[str, Any]:
            self._check_playing()
            clock = self.clock
            if clock is None or clock.extended_seconds is None:
                raise IllegalAction("this match's clock has no extended time")
            if clock.mode == "tick":
                raise IllegalAction("a tick clock has no extended time")
            if self.extensions_left[seat] <= 0:
                raise IllegalAction(f"seat {seat} has already called extended time in this match")
            if self._extended:
                raise IllegalAction("the current phase already has extended time")
            entry = {"type": "extend", "seat": seat, "decision": self.state.decision, "time": now}
            self._push(step, entry, now)
            return {"accepted": True, "deadline": self.deadline}

        return self._event(now, body)

    def advance(self, now: float) -> Step:
        """Let time pass until ``now``: fire every deadline at or before it, let bots act."""
        return self._event(now, lambda step: {})

    def _event(self, now: float, body: Callable[[Step], dict[str, Any]]) -> Step:
        """Run one event at ``now``: deadlines first, then the event, then bots, then frames.
        When the event is refused after deadlines fired, those effects are real: the step
        holding them is kept in ``refused`` for the caller to store and send."""
        step = Step()
        self.refused = None
        self._expire(now, step)
        try:
            answer = body(step)
        except IllegalAction:
            if step.entries:
                self._drive_bots(now, step)
                self._emit(step, now)
                self.refused = step
            raise
        self._drive_bots(now, step)
        self._emit(step, now)
        step.answer = answer
        return step

    def _resign(self, seat: int, now: float, step: Step) -> dict[str, Any]:
        self._check_playing()
        self.state.resign(seat)
        self._push(step, {"type": "resign", "seat": seat, "time": now}, now)
        return {"accepted": True, "receipt": None, "text": "resign"}

    # ------------------------------------------------------------------ frames

    def frame(self, recipient: Recipient, now: float, full: bool = True) -> dict[str, Any]:
        """The current frame for a recipient; ``full`` frames carry the whole event log."""
        return self._make_frame(
            recipient, now, 0 if full else self._last_n, "full" if full else "update"
        )

    def frames_since(self, recipient: Recipient, after: int, now: float) -> list[dict[str, Any]]:
        """What a client that last saw frame ``after`` missed: the buffered frames, or one full
        frame when the buffer no longer reaches back that far (or ``after`` is unknown)."""
        buffered = self._frames[recipient]
        if after == self._last_n and after > 0:
            return []
        if buffered and after >= 0 and buffered[0][1] <= after < self._last_n:
            return [json.loads(text) for n, _prev, text in buffered if n > after]
        return [self.frame(recipient, now)]

    # ------------------------------------------------------------------ internals

    def _check_playing(self) -> None:
        if self.state.is_over:
            raise IllegalAction("the match is over")

    def _submit(
        self, seat: int, text: str, now: float, key: str | None, step: Step, by: str
    ) -> dict[str, Any]:
        decision = self.state.decision
        canonical = self.state.submit(seat, text)
        if canonical == "resign":  # the kernel took a resignation spelled another way
            self._push(step, {"type": "resign", "seat": seat, "time": now}, now)
            return {"accepted": True, "receipt": None, "text": "resign"}
        return self._acknowledge("submit", seat, decision, canonical, now, key, step, by)

    def _order(
        self, seat: int, text: str, now: float, key: str | None, step: Step, by: str
    ) -> dict[str, Any]:
        """An order message in a tick window: checked together with the seat's earlier
        messages of the window; the concatenation is what the tick submits."""
        self._check_playing()
        if seat not in self.state.to_act:
            # Let the kernel word the refusal.
            self.state.clone().submit(seat, text)
        separator = self.game.spec.order_separator
        nothing = self.game.spec.no_orders  # the canonical text of "no orders"
        earlier = self._orders.get(seat)
        if not earlier or earlier == nothing:
            combined = text
        elif text.strip().lower() in ("", nothing):
            combined = earlier  # "nothing more" adds nothing to the window's orders
        else:
            combined = f"{earlier}{separator}{text}"
        canonical = self.state.clone().submit(seat, combined)
        decision = self.state.decision
        return self._acknowledge("order", seat, decision, canonical, now, key, step, by)

    def _acknowledge(
        self,
        kind: str,
        seat: int,
        decision: int,
        canonical: str,
        now: float,
        key: str | None,
        step: Step,
        by: str,
    ) -> dict[str, Any]:
        """Log an accepted submission (or tick order) with its receipt, and answer it."""
        digest = receipts.receipt(
            self.id, seat, decision, canonical, receipts.nonce(self.secret, decision, seat)
        )
        entry = {
            "type": kind,
            "seat": seat,
            "decision": decision,
            "text": canonical,
            "receipt": digest,
            "time": now,
            "by": by,
        }
        if key is not None:
            entry["key"] = key
        self._push(step, entry, now)
        return self._answer(entry)

    def _answer(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {
            "accepted": True,
            "receipt": entry["receipt"],
            "decision": entry["decision"],
            "text": entry["text"],
            "seq": entry["seq"],
        }

    def _apply_tick(self) -> None:
        orders, self._orders = self._orders, {}
        for seat in self.state.to_act:
            text = orders.get(seat)
            if text is None:
                self.state.timeout(seat)  # MP12: no orders for that tick
                continue
            try:
                self.state.submit(seat, text)
            except IllegalAction:
                # Checked when collected against the same state, so this does not happen;
                # if a game ever refuses, the seat has no orders for the tick.
                self.state.timeout(seat)

    def _expire(self, now: float, step: Step) -> None:
        """Fire every deadline at or before ``now``, each exactly once."""
        guard = 0
        while not self.state.is_over and self.deadline is not None and self.deadline <= now:
            guard += 1
            if guard > 1_000_000:
                raise RuntimeError("deadlines do not move on")
            deadline = self.deadline
            if self._tick_mode:
                self.tick_lateness.append(now - deadline)
                self._push(
                    step,
                    {
                        "type": "tick",
                        "decision": self.state.decision,
                        "deadline": deadline,
                        "time": now,
                    },
                    now,
                )
                self._drive_bots(now, step)
            else:
                for seat in self.state.to_act:
                    if self.state.is_over:
                        break
                    decision = self.state.decision
                    self.state.timeout(seat)
                    self._push(
                        step,
                        {
                            "type": "timeout",
                            "seat": seat,
                            "decision": decision,
                            "deadline": deadline,
                            "time": now,
                        },
                        now,
                    )
                if self.deadline == deadline:
                    self.deadline = None  # a game whose timeouts did not resolve the decision

    def _push(self, step: Step, entry: dict[str, Any], now: float) -> None:
        """Log an effect. Effects other than ``tick`` and ``order`` were already applied to the
        kernel state by the caller; this does the bookkeeping shared with replay."""
        entry["seq"] = len(self.log) + 1
        if entry["type"] == "tick":
            self._apply_tick()
        decision = entry.get("decision", self.state.decision)
        if entry["type"] in ("submit", "timeout"):
            decision = entry["decision"]
        self._bookkeep(entry, int(decision), now)
        step.entries.append(entry)

    def _bookkeep(self, entry: dict[str, Any], decision: int, time: float) -> None:
        """Everything that follows an effect, shared by live events and replay: log it, note
        history entries, receipts and idempotency keys, move the clock, project notices."""
        if "seq" not in entry:
            entry["seq"] = len(self.log) + 1
        self.log.append(entry)
        seq = entry["seq"]
        kind = entry["type"]
        seat = int(entry.get("seat", -1))  # -1: an entry of no seat (a tick)
        while len(self._annotations) < len(self.state.history):
            number = len(self._annotations)
            history_entry = self.state.history[number]
            note: dict[str, Any] = {"time": time, "decision": decision}
            if history_entry.kind == "submit":
                digest = self._receipts.get((decision, history_entry.seat))
                if digest is None and kind == "submit":
                    digest = entry.get("receipt")
                if digest is not None:
                    note["receipt"] = digest
            self._annotations.append(note)
        if kind == "order":
            self._orders[seat] = entry["text"]
        if kind in ("submit", "order"):
            self._receipts[(decision, seat)] = entry["receipt"]
            if entry.get("key") is not None:
                self._keys[(seat, entry["key"])] = self._answer(entry)
            if entry.get("by") == "bot":
                self._bots_ordered.add((decision, seat))
            self._notice(
                seq,
                None,
                {
                    "type": "submitted",
                    "seat": seat,
                    "decision": decision,
                    "receipt": entry["receipt"],
                    "kind": kind,
                },
            )
            self._notice(
                seq,
                (seat,),
                {
                    "type": "your_submission",
                    "seat": seat,
                    "decision": decision,
                    "text": entry["text"],
                    "receipt": entry["receipt"],
                },
            )
        elif kind == "timeout":
            self._notice(seq, None, {"type": "timeout", "seat": seat, "decision": decision})
        elif kind == "tick":
            self._notice(
                seq,
                None,
                {
                    "type": "tick",
                    "decision": decision,
                    "late": round(time - float(entry["deadline"]), 6),
                },
            )
        elif kind == "resign":
            self._notice(seq, None, {"type": "resign", "seat": seat})
        elif kind == "extend":
            assert self.clock is not None
            assert self.clock.extended_seconds is not None
            self.extensions_left[seat] -= 1
            self._extended = True
            self.deadline = self.phase_start + self.clock.extended_seconds
            self._notice(seq, None, {"type": "extend", "seat": seat, "deadline": self.deadline})
        events = self.state.events
        for event in events[self._events_seen :]:
            self._notice(seq, None, {"type": "game", "line": self._describe(event), **event})
        self._events_seen = len(events)
        if kind == "tick":
            assert self.clock is not None
            self.deadline = float(entry["deadline"]) + self.clock.seconds
        if self.state.decision != decision or kind in ("resign",) or self.state.is_over:
            self._decision_resolved(seq, decision, time)

    def _decision_resolved(self, seq: int, decision: int, time: float) -> None:
        resolved = [s for s in (0, 1) if (decision, s) in self._receipts]
        if resolved:
            for seat in sorted(resolved):
                nonce = receipts.nonce(self.secret, decision, seat)
                if self._nonce_public(decision, seat, None) or self.state.is_over:
                    self._notice(
                        seq,
                        None,
                        {"type": "reveal", "decision": decision, "seat": seat, "nonce": nonce},
                    )
                else:
                    self._notice(
                        seq,
                        (seat,),
                        {"type": "reveal", "decision": decision, "seat": seat, "nonce": nonce},
                    )
        if self.state.is_over:
            if not self.public_submissions:
                for d, s in sorted(self._receipts):
                    if d != decision:
                        self._notice(
                            seq,
                            None,
                            {
                                "type": "reveal",
                                "decision": d,
                                "seat": s,
                                "nonce": receipts.nonce(self.secret, d, s),
                            },
                        )
            self.deadline = None
            self._notice(seq, None, {"type": "over", **self.state.result})
            return
        self._start_phase(time)

    def _nonce_public(self, decision: int, seat: int, recipient: Recipient) -> bool:
        if recipient == seat:
            return decision < self.state.decision or self.state.is_over
        if self.state.is_over:
            return True
        return self.public_submissions and decision < self.state.decision

    def _start_clock(self, now: float) -> None:
        clock = self.clock
        if clock is None or self.state.is_over:
            return
        if clock.mode == "tick":
            self.deadline = now + clock.planning_seconds + clock.seconds
            self.phase_start = now
            return
        self._start_phase(now)

    def _start_phase(self, now: float) -> None:
        clock = self.clock
        if clock is None or clock.mode == "tick":
            return
        seats = self.state.to_act
        # A turn is a run of decisions of one seat; simultaneous decisions (setup choices)
        # each get their own time.
        if (
            clock.mode == "turn"
            and len(seats) == 1
            and seats == self._phase_seats
            and self.deadline is not None
        ):
            return
        self._phase_seats = seats
        self.phase_start = now
        self._extended = False
        self.deadline = now + clock.seconds

    def _describe(self, event: dict[str, Any]) -> str:
        try:
            return describe_event(self.game.spec, event)
        except Exception:  # a game's describer must not break hosting: the plain line serves
            return describe_common(event, self.game.spec.seat_names)

    def render(self, view: dict[str, Any]) -> str:
        """The game's text rendering of a view (indented JSON for a game without one)."""
        try:
            return render_view(self.game.spec, view)
        except Exception:  # a game's renderer must not break hosting: the plain view serves
            return plain_view(view)

    def _notice(
        self, seq: int, recipients: tuple[Recipient, ...] | None, data: dict[str, Any]
    ) -> None:
        self._notices.append((seq, recipients, {"n": seq, **data}))
        self._notice_seqs.append(seq)

    def _drive_bots(self, now: float, step: Step) -> None:
        made = 0
        while made < BOT_BURST and not self.state.is_over:
            acted = False
            for seat, bot in self.bots.items():
                if seat not in self.state.to_act:
                    continue
                if self._tick_mode and (self.state.decision, seat) in self._bots_ordered:
                    continue
                try:
                    text = bot.act(SeatHandle(self.state, seat))
                    if self._tick_mode:
                        self._order(seat, text, now, None, step, by="bot")
                    else:
                        self._submit(seat, text, now, None, step, by="bot")
                except IllegalAction:
                    if self._tick_mode:
                        self._bots_ordered.add((self.state.decision, seat))
                    else:
                        decision = self.state.decision
                        self.state.timeout(seat)
                        self._push(
                            step,
                            {
                                "type": "timeout",
                                "seat": seat,
                                "decision": decision,
                                "deadline": now,
                                "time": now,
                            },
                            now,
                        )
                acted = True
                made += 1
                break
            if not acted:
                return

    def _emit(self, step: Step, now: float) -> None:
        if not step.entries:
            return
        prev = self._last_n
        self._last_n = len(self.log)
        for recipient in RECIPIENTS:
            if self.watchers is not None and recipient not in self.watchers:
                # Nobody listens: build nothing, and let a later resume get a full frame.
                self._frames[recipient].clear()
                continue
            frame = self._make_frame(recipient, now, prev, "update")
            # Serialised once: the text is what the server sends, and the resume buffer keeps
            # it (one object for the garbage collector instead of thousands).
            text = json.dumps(frame, separators=(",", ":"))
            self._frames[recipient].append((frame["n"], prev, text))
            step.frames[recipient] = frame
            step.texts[recipient] = text

    def _make_frame(self, recipient: Recipient, now: float, prev: int, kind: str) -> dict[str, Any]:
        state = self.state
        view = state.view(recipient)
        frame: dict[str, Any] = {
            "type": "frame",
            "kind": kind,
            "n": self._last_n,
            "prev": prev,
            "match": self.id,
            "game": self.game.name,
            "seat": recipient,
            "to_act": list(state.to_act),
            "is_over": state.is_over,
            "winner": state.winner,
            "result": state.result,
            "view": view,
            "text": self.render(view),
            "clock": self.clock_status(now),
            "events": [
                data
                for _seq, recipients, data in self._notices[bisect_right(self._notice_seqs, prev) :]
                if recipients is None or recipient in recipients
            ],
        }
        if recipient is not None:
            frame["draws"] = self.draw_text() is not None
            frame["orders"] = self._orders.get(recipient)
            legal: list[str] | None = None
            if recipient in state.to_act:
                # Where legal() is not the full list (GameSpec.legal_enumerated), its entries
                # are still valid submissions: the page offers them as examples.
                options = state.legal(recipient)
                legal = options if len(options) <= LEGAL_LIMIT else None
            frame["legal"] = legal
            frame["legal_complete"] = state.game.spec.legal_enumerated
        return frame
