"""The match state protocol and the decision machinery every game shares.

A match is a sequence of *decisions*. Each decision names the seats that act in it
(``_decision_seats``): one seat for a sequential move (one step of a multi-step turn, such as
one of a double move's two moves, is a decision of its own), both seats for a simultaneous secret
decision, and both seats once per tick for real-time games. Setup phases are decisions like any
other, and chance comes from the match seed (``duelhost.core.rng``).

The kernel holds every submission that is waiting for the rest of its decision. A game never
sees a pending submission before ``_resolve`` hands it all of the decision's actions at once,
so a game's ``_view`` cannot leak one: secrecy of pending submissions is structural, and the
kernel's property tests check it for every registered game.

A game subclasses ``State`` and implements the underscored hooks below; the public API
(``to_act``, ``submit``, ``legal``, ``timeout``, ``view``, ``clone``, ``to_json``, ...) is the
kernel's and is the same for every game.

The omniscient API: ``history``, ``record``, ``to_json()`` and ``duelhost.core.record`` hold
every submission and, with the seed, every hidden thing (deals, maps, disguises, secret choices);
``to_json()`` adds a snapshot with all secrets. They are for the host, the store, replays and
tests, and for anyone once a match is over; no bot, adapter or client may be given them while a
match is in play: what a seat may know is ``view(seat)`` and the public ``events``.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Protocol

from duelhost.core.errors import IllegalAction
from duelhost.core.record import Entry, Record


class Game(Protocol):
    """What a state holds of its game: ``core.registry.Game`` (which makes states; the protocol
    keeps this module from importing the registry that imports it)."""

    spec: Any
    """The game's ``GameSpec``."""
    options: dict[str, Any]

    @property
    def name(self) -> str: ...

    def new(self, seed: int = 0, **setup: Any) -> State: ...

    def replay(self, record: Record) -> State: ...

    def from_json(self, text: str) -> State: ...


SEATS = (0, 1)
STATE_FORMAT = "duelhost-state/1"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended. ``winner`` is None for a draw (RULINGS G5)."""

    winner: int | None
    reason: str
    scores: Any = None


def submission_text(text: object) -> str:
    """``text`` if it can be a submission: text, and valid Unicode (IllegalAction saying why
    not). The one check of the kernel and the match host alike."""
    if not isinstance(text, str):
        raise IllegalAction(f"a submission must be text, got {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise IllegalAction("the submission is not valid Unicode text") from None
    return text


def is_resignation(text: str) -> bool:
    """Whether a submission's text resigns (``resign``, any case, spaces around)."""
    return text.strip().lower() == "resign"


class State(ABC):
    """One match in progress: mutable, with a fast ``clone()`` for search."""

    game: Game
    seed: int
    setup: dict[str, Any]
    decision: int
    """How many decisions have been resolved so far."""

    _history: list[Entry]
    _pending: dict[int, Any]
    _events: list[dict[str, Any]]
    _outcome: Outcome | None

    def __init__(self, game: Game, seed: int, setup: dict[str, Any]) -> None:
        self.game = game
        self.seed = seed
        self.decision = 0
        self._history = []
        self._pending = {}
        self._events = []
        self._outcome = None
        self.setup = self._start(setup)

    # ------------------------------------------------------------------ game hooks

    @abstractmethod
    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Set up the match from ``game.options``, ``seed`` and the setup arguments of ``new``.

        Returns the setup in normalised, JSON-serialisable form (stored in records). Raises
        ``ConfigError`` for unknown or bad setup arguments.
        """

    @abstractmethod
    def _decision_seats(self) -> tuple[int, ...]:
        """The seats acting in the current decision, ascending. Only called while not over."""

    @abstractmethod
    def _parse(self, seat: int, text: str) -> Any:
        """The action ``text`` means for ``seat`` now; ``IllegalAction`` saying why if none."""

    def _format(self, seat: int, action: Any) -> str:
        """The canonical notation of a parsed action; parsing it gives the same action."""
        return str(action)

    @abstractmethod
    def _timeout_action(self, seat: int) -> Any:
        """The action the game's timeout rule submits for ``seat``."""

    @abstractmethod
    def _resolve(self, actions: dict[int, Any]) -> None:
        """Apply a complete decision: one action per seat of ``_decision_seats()``."""

    @abstractmethod
    def _legal(self, seat: int) -> list[str]:
        """Legal submissions of a seat that must act now, as canonical notation."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know, as plain JSON-serialisable data."""

    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """The complete game state (secrets included) as JSON-serialisable data."""

    def _scores(self) -> Any:
        """The current scores, reported in ``result`` (also when a seat resigns)."""
        return None

    def _clone_into(self, other: State) -> None:  # noqa: B027 - optional hook
        """Give ``other`` (a shallow copy of self) its own copies of mutable game fields."""

    def _secret_variant(self, seat: int, rng: random.Random) -> State | None:
        """Optional, for the conformance kit (``duelhost.testing``): a copy of this state that
        differs only in something ``seat`` alone may know now (its hidden card, a secret
        choice already resolved), or None. The kit checks that the other seat's view, a
        spectator's view and the other seat's legal submissions are the same in both."""
        return None

    # ------------------------------------------------------------------ helpers for games

    def _finish(self, winner: int | None, reason: str, scores: Any = None) -> None:
        """End the match."""
        self._outcome = Outcome(winner, reason, self._scores() if scores is None else scores)
        self._log("end", winner=winner, reason=reason)

    def _log(self, event: str, **fields: Any) -> None:
        """Append a public event (everything in it is visible to both seats and spectators)."""
        fields["event"] = event
        fields["decision"] = self.decision
        self._events.append(fields)

    # ------------------------------------------------------------------ public API

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats that must still submit for the current decision (ascending; empty when over)."""
        if self._outcome is not None:
            return ()
        seats = self._decision_seats()
        if not self._pending:
            return seats
        return tuple(seat for seat in seats if seat not in self._pending)

    @property
    def submitted(self) -> tuple[int, ...]:
        """Seats whose submission for the current decision is in but not yet resolved."""
        return tuple(sorted(self._pending))

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def winner(self) -> int | None:
        return None if self._outcome is None else self._outcome.winner

    @property
    def result(self) -> dict[str, Any]:
        """``{"winner", "reason", "scores"}``; reason is None while the match is in play."""
        if self._outcome is None:
            return {"winner": None, "reason": None, "scores": self._scores()}
        return {
            "winner": self._outcome.winner,
            "reason": self._outcome.reason,
            "scores": self._outcome.scores,
        }

    @property
    def events(self) -> list[dict[str, Any]]:
        """The public log of the match, oldest first."""
        return list(self._events)

    @property
    def history(self) -> tuple[Entry, ...]:
        """Every submission, timeout and resignation in order; with seed, options and setup
        it replays the match.

        Omniscient (issue 16): it holds both seats' submissions, secret ones included (a Blue
        Mage's disguise, a faction, an order not yet processed). Never hand it to a bot, an
        adapter or a client before the match is over; a seat's share is ``view(seat)``."""
        return tuple(self._history)

    @property
    def record(self) -> Record:
        """The match as a ``Record`` (game, options, seed, setup, ``history``): omniscient,
        like ``history``; with the seed it reveals every hidden draw. Not for players before
        the match is over."""
        return Record(self.game.name, dict(self.game.options), self.seed, self.setup, self.history)

    def submit(self, seat: int, text: str) -> str:
        """Submit ``seat``'s notation for the current decision; returns its canonical text.

        The decision resolves once every seat acting in it has submitted. ``resign`` is
        accepted from either seat at any time. Raises ``IllegalAction`` (state unchanged).
        """
        if is_resignation(submission_text(text)):
            self.resign(seat)
            return "resign"
        self._check_can_act(seat)
        action = self._parse(seat, text)
        canonical = self._format(seat, action)
        self._accept(Entry(seat, "submit", canonical), action)
        return canonical

    def timeout(self, seat: int) -> None:
        """Apply the game's timeout rule to ``seat``'s pending decision (G3)."""
        self._check_can_act(seat)
        self._accept(Entry(seat, "timeout"), self._timeout_action(seat))

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the other seat wins at once."""
        self._check_seat(seat)
        if self._outcome is not None:
            raise IllegalAction("the match is over")
        self._history.append(Entry(seat, "resign"))
        self._pending.clear()
        self._finish(1 - seat, "resignation")

    def legal(self, seat: int) -> list[str]:
        """Legal submissions of ``seat`` now as canonical notation (empty if it need not act)."""
        self._check_seat(seat)
        if seat not in self.to_act:
            return []
        return self._legal(seat)

    def sample(self, seat: int, rng: random.Random) -> str:
        """A uniformly random legal submission (games with huge action sets override this)."""
        return rng.choice(self.legal(seat))

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), as JSON-serialisable data."""
        if seat is not None:
            self._check_seat(seat)
        data: dict[str, Any] = {
            "game": self.game.name,
            "seat": seat,
            "decision": self.decision,
            "to_act": list(self.to_act),
            "submitted": list(self.submitted),
            "is_over": self.is_over,
            "result": self.result if self.is_over else None,
        }
        if seat is not None and seat in self._pending:
            data["pending"] = self._pending_text(seat)
        data.update(self._view(seat))
        return data

    def apply(self, entry: Entry) -> None:
        """Apply one history entry (used by replay)."""
        if entry.kind == "submit":
            assert entry.text is not None
            self.submit(entry.seat, entry.text)
        elif entry.kind == "timeout":
            self.timeout(entry.seat)
        else:
            self.resign(entry.seat)

    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._history = self._history.copy()
        other._pending = self._pending.copy()
        other._events = self._events.copy()
        self._clone_into(other)
        return other

    def to_json(self) -> str:
        """The record plus a snapshot of the whole state (secrets included: not a view).

        Omniscient (issue 16): the seed, every submission and every hidden value (the deal,
        the map, disguises, hands). For the store, replays and tests, and for anyone once the
        match is over; never sent to a bot, an adapter or a client while it is in play."""
        data = self.record.to_dict()
        data["format"] = STATE_FORMAT
        data["state"] = self._snapshot()
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------------ internals

    def _pending_text(self, seat: int) -> str:
        for entry in reversed(self._history):
            if entry.seat == seat:
                return entry.text if entry.text is not None else "(timeout)"
        return ""

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or seat not in SEATS:
            raise IllegalAction(f"there is no seat {seat!r}; the seats are 0 and 1")

    def _check_can_act(self, seat: int) -> None:
        self._check_seat(seat)
        if self._outcome is not None:
            raise IllegalAction("the match is over")
        if seat in self._pending:
            raise IllegalAction(f"seat {seat} has already submitted for this decision")
        if seat not in self._decision_seats():
            waiting = " and ".join(str(s) for s in self.to_act)
            raise IllegalAction(f"it is not seat {seat}'s turn to act (waiting for seat {waiting})")

    def _accept(self, entry: Entry, action: Any) -> None:
        self._history.append(entry)
        self._pending[entry.seat] = action
        if len(self._pending) == len(self._decision_seats()):
            actions = self._pending
            self._pending = {}
            self._resolve(actions)
            self.decision += 1
