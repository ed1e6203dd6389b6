"""Move-by-move analysis of a recorded match: every game, with the best method it has.

The record is replayed entry by entry and every submission is noted with ``value`` (what the
position was worth to the seat, in [-1, 1]: +1 a sure win), ``after`` (what it was worth after
the submission played), ``gave_up`` (``value - after``, at least 0), the ``best`` submission
found and a ``method`` saying how the values were found:

* ``"equilibrium"``: the game's ``hard`` bot values the decision as a matrix game,
  ``matrix(seat_handle) -> (rows, columns, values)`` (the bots of the simultaneous games):
  the seat's legal submissions against the other seat's. The note gives the
  equilibrium strategy ``x`` there (``duelhost.bots.equilibrium``), the value ``v`` of the
  game and what the played submission gave up against the other side's equilibrium strategy
  ``y``: ``after = (M y)[played]``, ``gave_up = v - after``, 0 for a move an equilibrium plays,
  at most 2 (a sure win turned into a sure loss). ``best`` is the equilibrium's likeliest
  submission. Exact where the hard bot reads a solved table, estimated by rollouts within the
  bot's budget otherwise. A fresh bot per seat is fed the match decision by decision, as in
  play, so it sees only its seat's view.
* ``"evaluation"``: the game's ``hard`` bot has ``evaluate(seat_handle) -> {submission:
  value}`` (a search bot's values of the submissions it considered, from its seat's view):
  ``value`` is the best of them, ``after`` the played one's (None if it did not consider it).
  A bot whose ``evaluate`` also takes ``played=`` is given the submission played, and values
  it too, so the note has ``after`` even for a submission the bot would not have made.
* ``"random playouts"`` (every other game, and the honest fallback): the submission played
  and a few others (``sample``) are each valued by playouts with uniformly random moves from
  the true position at the start of the decision (the record is public once the match is
  over), the other seats of a simultaneous decision moving at random too; a playout still
  unfinished after ``PLAYOUT_LIMIT`` decisions counts as a draw. With a ``deadline`` each
  decision gets an even share of it (and at least one playout per submission; the notes are
  then reproducible only when no share runs out). A weak estimate: it says how a move fares
  against random play, not against a good player.

Timeouts and resignations are noted without a value. ``deadline`` (seconds) bounds the whole
analysis: decisions past it are noted with ``method`` ``"not analysed"``; under a time budget
(seconds, not nodes) each submission's bot then thinks at most its even share of
``THINK_SHARE`` of the deadline, so the whole match is analysed within it.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any, Protocol

import numpy as np

from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.budget import Budget, default, using
from duelhost.bots.equilibrium import equilibrium, outcome, rollout
from duelhost.bots.registry import available_bots, make_bot
from duelhost.core.errors import ConfigError
from duelhost.core.record import Entry, Record
from duelhost.core.registry import load
from duelhost.core.rng import derive
from duelhost.core.state import State

PLAYOUT_LIMIT = 200
"""Decisions a random playout may take before it counts as a draw."""
THINK_SHARE = 0.8
"""Share of a ``deadline`` the bots may think in under a time budget (the rest: replaying)."""
MAX_ALTERNATIVES = 8
"""Submissions besides the one played that a random-playout note values."""


class MatrixBot(Protocol):
    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]: ...


@dataclass(frozen=True)
class Note:
    """One decision of one seat."""

    entry: int
    decision: int
    seat: int
    played: str
    kind: str
    strategy: dict[str, float]
    value: float | None
    gave_up: float | None
    method: str = ""
    after: float | None = None
    best: str | None = None
    values: dict[str, float] = field(default_factory=dict)
    """Values of the submissions considered (random playouts and evaluations)."""


def note_for(
    bot: MatrixBot, handle: SeatHandle, played: str
) -> tuple[dict[str, float], float, float]:
    """Equilibrium strategy, value and the value ``played`` gave up at this decision."""
    rows, _, values = bot.matrix(handle)
    x = equilibrium(values)
    y = equilibrium(-values.T)
    value = float(x @ values @ y)
    against = values @ y
    gave_up = value - float(against[rows.index(played)]) if played in rows else float("nan")
    strategy = {row: float(p) for row, p in zip(rows, x, strict=True) if p > 1e-9}
    return strategy, value, max(0.0, gave_up)


def _playout_values(
    start: State,
    seat: int,
    candidates: list[str],
    playouts: int,
    rng: Any,
    until: float | None = None,
) -> dict[str, float]:
    """Mean result for ``seat`` of random playouts after each candidate: ``playouts`` each,
    fewer (at least one) once ``until`` (a ``perf_counter`` time) has passed."""
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    while done < playouts and (done == 0 or until is None or time.perf_counter() < until):
        for text in candidates:
            trial = start.clone()
            trial.submit(seat, text)
            rollout(trial, rng, PLAYOUT_LIMIT)
            totals[text] += outcome(trial, seat)
        done += 1
    return {text: total / done for text, total in totals.items()}


def _candidates(start: State, seat: int, played: str, wanted: int, rng: Any) -> list[str]:
    """The played submission and up to ``wanted`` others (the legal list, else samples)."""
    legal = start.legal(seat)
    pool = legal if len(legal) <= wanted + 1 else []
    if not pool:
        seen: set[str] = set()
        for _ in range(4 * wanted):
            seen.add(start.sample(seat, rng))
            if len(seen - {played}) >= wanted:
                break
        pool = sorted(seen)
    others = [text for text in pool if text != played][:wanted]
    return [played, *others]


def _parameters(bot: Bot, method: str) -> list[inspect.Parameter] | None:
    found = getattr(bot, method, None)
    if not callable(found):
        return None
    try:
        return list(inspect.signature(found).parameters.values())
    except (TypeError, ValueError):
        return None


def _offers(bot: Bot, method: str) -> bool:
    """Whether ``bot`` has ``method(seat_handle)``: one required argument (a bot's own search
    method of the same name with other required arguments does not count)."""
    parameters = _parameters(bot, method)
    if parameters is None:
        return False
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    return len(required) == 1


def _evaluation(bot: Bot, handle: SeatHandle, played: str) -> dict[str, float]:
    """The bot's ``evaluate``: with ``played=`` when it takes it (so the submission played
    is valued even when the bot would not have considered it)."""
    evaluator: Any = bot
    names = [p.name for p in _parameters(bot, "evaluate") or []]
    if "played" in names:
        return dict(evaluator.evaluate(handle, played=played))
    return dict(evaluator.evaluate(handle))


def hard_bots(game: Any, seed: int) -> list[Bot] | None:
    """The game's ``hard`` bot for each seat, or None when the game has none."""
    if "hard" not in available_bots(game.name):
        return None
    return [make_bot("hard", game, seat, seed) for seat in (0, 1)]


def _method(bots: list[Bot] | None) -> str:
    """The best method the game's ``hard`` bots offer (module docstring)."""
    if bots is not None and all(_offers(bot, "matrix") for bot in bots):
        return "equilibrium"
    if bots is not None and all(_offers(bot, "evaluate") for bot in bots):
        return "evaluation"
    return "random playouts"


@dataclass
class _Analyst:
    """How one record's submissions are noted: the method, the ``hard`` bots, the playouts'
    budget and the deadline."""

    bots: list[Bot] | None
    method: str
    wanted: int
    """Submissions besides the one played that random playouts value."""
    playouts: int
    rng: Any
    stop: float | None
    """``perf_counter`` time past which decisions are not analysed (None: no deadline)."""
    share: float | None
    """Seconds of random playouts a submission (an even share of the deadline)."""

    @classmethod
    def make(
        cls,
        record: Record,
        bots: list[Bot] | None,
        budget: Budget,
        deadline: float | None,
        started: float,
    ) -> _Analyst:
        """``started``: the ``perf_counter`` time the analysis began (the deadline counts
        from it, loading the game and its bots included)."""
        nodes = budget.nodes if budget.nodes is not None else 64
        wanted = max(1, min(MAX_ALTERNATIVES, nodes // 4))
        # Random playouts share the deadline evenly between the submissions (one round each
        # at least), so a long match gets a note at every decision rather than at its first.
        submissions = sum(1 for entry in record.history if entry.kind == "submit")
        return cls(
            bots,
            _method(bots),
            wanted,
            max(1, nodes // (wanted + 1)),
            derive(record.seed, "analysis"),
            None if deadline is None else started + deadline,
            None if deadline is None else deadline / max(1, submissions),
        )

    def note(self, number: int, entry: Entry, state: State, start: State) -> Note:
        """The note of history entry ``number``, played at ``state`` (``start``: the state at
        the start of its decision, where random playouts begin)."""
        decision = state.decision
        if entry.kind != "submit" or entry.text is None:
            return Note(number, decision, entry.seat, entry.kind, entry.kind, {}, None, None)
        submitted = partial(Note, number, decision, entry.seat, entry.text, "submit")
        if self.stop is not None and time.perf_counter() > self.stop:
            return submitted({}, None, None, "not analysed")
        if self.method == "equilibrium":
            assert self.bots is not None
            bot: Any = self.bots[entry.seat]
            strategy, value, gave_up = note_for(bot, SeatHandle(state, entry.seat), entry.text)
            best = max(strategy, key=lambda text: strategy[text]) if strategy else None
            return submitted(strategy, value, gave_up, self.method, value - gave_up, best)
        values = self._values(entry.seat, entry.text, state, start)
        best = max(values, key=lambda text: values[text])
        after = values.get(entry.text)
        lost = None if after is None else max(0.0, values[best] - after)
        method = self.method if self.method == "evaluation" else "random playouts"
        return submitted({}, values[best], lost, method, after, best, values)

    def _values(self, seat: int, played: str, state: State, start: State) -> dict[str, float]:
        """The hard bot's evaluation where it has one, else random playouts."""
        if self.method == "evaluation":
            assert self.bots is not None
            values = _evaluation(self.bots[seat], SeatHandle(state, seat), played)
            if values:
                return values
        candidates = _candidates(start, seat, played, self.wanted, self.rng)
        until = None if self.share is None else time.perf_counter() + self.share
        return _playout_values(start, seat, candidates, self.playouts, self.rng, until)


def think_budget(record: Record, budget: Budget, deadline: float | None) -> Budget:
    """The bots' budget a decision: ``budget``, and under a time budget with a deadline at
    most an even share of ``THINK_SHARE`` of the deadline per submission."""
    if deadline is None or budget.nodes is not None:
        return budget
    submissions = sum(1 for entry in record.history if entry.kind == "submit")
    return Budget(min(budget.seconds, THINK_SHARE * deadline / max(1, submissions)))


def analyse(
    data: dict[str, Any],
    progress: Callable[[int, int], None] | None = None,
    budget: Budget | None = None,
    deadline: float | None = None,
    on_note: Callable[[Note], None] | None = None,
) -> list[Note]:
    """Notes for every entry of a record (see the module docstring). ``budget``: the bots'
    think budget a decision (default: ``budget.default()``); ``deadline``: seconds for the
    whole analysis, counted from this call (loading the game and its bots included);
    ``on_note``: called with each note as soon as it is made (the replay viewer shows them
    while the rest are computed)."""
    started = time.perf_counter()
    record = Record.from_dict(data)
    game = load(record.game, **record.options)
    budget = think_budget(record, budget or default(), deadline)
    with using(budget):
        bots = hard_bots(game, record.seed)
    analyst = _Analyst.make(record, bots, budget, deadline, started)
    state = game.new(record.seed, **record.setup)
    start, start_decision = state.clone(), state.decision
    notes = []
    for number, entry in enumerate(record.history):
        if state.decision != start_decision:
            start, start_decision = state.clone(), state.decision
        note = analyst.note(number, entry, state, start)
        notes.append(note)
        if on_note:
            on_note(note)
        try:
            state.apply(entry)
        except ValueError as error:
            raise ConfigError(f"history entry {number}: {error}") from None
        if progress:
            progress(number + 1, len(record.history))
    return notes


def to_json(notes: list[Note]) -> list[dict[str, Any]]:
    return [asdict(note) for note in notes]
