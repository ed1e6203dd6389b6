"""The checks of the conformance kit, one property each, on one state at a time.

Each check raises ``PropertyFailure`` (an ``AssertionError``) saying what is wrong, and leaves
the state it is given unchanged (it works on clones). ``duelhost.testing.kit`` runs them along
random matches; a game's own tests may call any of them directly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from duelhost.core.errors import IllegalAction
from duelhost.core.events import describe_event, render_view
from duelhost.core.record import Record
from duelhost.core.state import STATE_FORMAT, State

JUNK = ("%%%", "zz99 nonsense", "\x00", "9" * 400)
"""Submissions no game accepts: each must be refused with a message, changing nothing."""

Recipient = int | None


class PropertyFailure(AssertionError):
    """A game breaks a property the kit checks."""


def require(condition: object, message: str | Callable[[], str]) -> None:
    """Raise ``PropertyFailure`` with ``message`` unless ``condition`` holds (works with -O)."""
    if not condition:
        raise PropertyFailure(message() if callable(message) else message)


def _others(mover: int) -> list[Recipient]:
    return [1 - mover, None]


def _seen_by(state: State, recipients: list[Recipient]) -> dict[Recipient, str]:
    return {seat: json.dumps(state.view(seat), sort_keys=True) for seat in recipients}


def check_views_are_plain_data(state: State) -> None:
    """Every view (both seats and a spectator) is plain JSON data."""
    for seat in (0, 1, None):
        view = state.view(seat)
        try:
            again = json.loads(json.dumps(view))
        except (TypeError, ValueError) as error:
            raise PropertyFailure(f"view({seat}) is not JSON data: {error}") from None
        require(again == view, f"view({seat}) does not survive a JSON round trip")


def check_non_interference(state: State, rng: random.Random, alternatives: int = 4) -> None:
    """While a seat's submission is pending, the other seat's and a spectator's views do not
    depend on what it submitted (or whether it timed out)."""
    waiting = state.to_act
    if len(waiting) < 2:
        return
    for mover in waiting:
        others = _others(mover)
        seen: dict[str, dict[Recipient, str]] = {}
        for _ in range(alternatives):
            trial = state.clone()
            canonical = trial.submit(mover, state.sample(mover, rng))
            if canonical in seen:
                continue
            views = _seen_by(trial, others)
            for previous, earlier in seen.items():
                for seat in others:
                    require(
                        views[seat] == earlier[seat],
                        f"{state.game.name}: view({seat}) differs between pending submissions "
                        f"{previous!r} and {canonical!r} of seat {mover}",
                    )
            seen[canonical] = views
        if not seen:
            continue
        timed_out = state.clone()
        timed_out.timeout(mover)
        first = next(iter(seen.values()))
        for seat in others:
            require(
                _seen_by(timed_out, [seat])[seat] == first[seat],
                f"{state.game.name}: view({seat}) tells a timeout from a submission of seat "
                f"{mover}",
            )


def check_secret_variants(state: State, rng: random.Random) -> None:
    """Where the game offers ``State._secret_variant``: a state differing only in what one
    seat alone knows looks the same to the other seat and to spectators."""
    for seat in (0, 1):
        variant = state._secret_variant(seat, rng)
        if variant is None:
            continue
        others = _others(seat)
        mine, theirs = _seen_by(state, others), _seen_by(variant, others)
        for other in others:
            require(
                mine[other] == theirs[other],
                f"{state.game.name}: view({other}) depends on a secret of seat {seat}",
            )
        opponent = 1 - seat
        require(
            state.legal(opponent) == variant.legal(opponent),
            f"{state.game.name}: seat {opponent}'s legal submissions depend on a secret of "
            f"seat {seat}",
        )


def check_legal_parse_back(state: State, rng: random.Random, limit: int = 25) -> None:
    """Every listed legal submission is accepted and is its own canonical form; a seat that
    must act has some (where ``legal_enumerated``); ``sample`` gives an accepted one."""
    for seat in state.to_act:
        legal = state.legal(seat)
        require(
            legal or not state.game.spec.legal_enumerated,
            f"seat {seat} must act but has no legal submission",
        )
        chosen = legal if len(legal) <= limit else rng.sample(legal, limit)
        for text in chosen:
            trial = state.clone()
            canonical = trial.submit(seat, text)
            require(canonical == text, f"legal {text!r} is not canonical (it reads {canonical!r})")
            require(
                state.clone().submit(seat, canonical) == canonical,
                f"{canonical!r} does not parse back to itself",
            )
        drawn = state.sample(seat, rng)
        state.clone().submit(seat, drawn)
    for seat in (0, 1):
        if seat not in state.to_act:
            require(state.legal(seat) == [], f"seat {seat} need not act but has legal moves")


def check_timeouts(state: State) -> None:
    """A timeout is accepted from every seat that must act, and recorded as one."""
    for seat in state.to_act:
        trial = state.clone()
        trial.timeout(seat)
        require(
            trial.history[-1].kind == "timeout" and trial.history[-1].seat == seat,
            f"a timeout of seat {seat} is not recorded as a timeout entry",
        )


def check_bad_input(state: State) -> None:
    """Submissions no game accepts are refused with a message, and change nothing."""
    if not state.to_act:
        return
    seat = state.to_act[0]
    trial = state.clone()  # the state checked stays as it is, whatever the game does
    before = trial.to_json()
    for text in JUNK:
        try:
            trial.submit(seat, text)
        except IllegalAction as error:
            require(str(error), f"the refusal of {text[:20]!r} has an empty message")
        else:
            raise PropertyFailure(f"seat {seat}'s submission {text[:20]!r} was accepted")
        require(trial.to_json() == before, f"the refused {text[:20]!r} changed the state")


def check_text(state: State) -> None:
    """The game's text render gives text for every view, and every event has a line."""
    spec = state.game.spec
    for seat in (0, 1, None):
        view = state.view(seat)
        text = spec.render(view) if spec.render is not None else render_view(spec, view)
        require(isinstance(text, str), f"the render of view({seat}) is not text")
    describe = spec.describe_event
    for event in state.events:
        line = describe(event) if describe is not None else describe_event(spec, event)
        require(isinstance(line, str), f"event {event} has no text line")


def check_serialization(state: State) -> None:
    """``to_json`` is JSON holding the record and the state, and the record survives a round
    trip through its dictionary form."""
    data = json.loads(state.to_json())
    require(data.get("format") == STATE_FORMAT, "to_json() does not name its format")
    require("state" in data, "to_json() holds no state snapshot")
    record = state.record
    require(
        Record.from_dict(json.loads(json.dumps(record.to_dict()))) == record,
        "the record does not survive a JSON round trip",
    )


def check_replay(state: State) -> None:
    """The record replays to the same state, and ``from_json`` accepts ``to_json``."""
    game = state.game
    require(game.replay(state.record).to_json() == state.to_json(), "the replay differs")
    require(
        game.from_json(state.to_json()).to_json() == state.to_json(),
        "from_json(to_json()) differs",
    )


def check_finished(state: State) -> None:
    """A finished match has no seat to act, a result with a reason, and refuses submissions."""
    if not state.is_over:
        return
    require(state.to_act == (), f"the match is over but to_act is {state.to_act}")
    require(state.result["reason"], "the finished match's result has no reason")
    for seat in (0, 1):
        legal = state.legal(seat)
        try:
            state.submit(seat, legal[0] if legal else "x")
        except IllegalAction:
            continue
        raise PropertyFailure("a finished match accepted a submission")


def check_same_match(first: State, second: State) -> None:
    """Two matches from the same seed, options and submissions are identical (G6)."""
    require(first.to_json() == second.to_json(), "the same seed and submissions differ")
