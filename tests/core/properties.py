"""Game-agnostic properties every game must keep, checked along random matches.

Used by ``test_every_game.py`` (every registered game) and by the kernel's own tests (a toy
game, and a deliberately leaky one that these checks must catch).
"""

from __future__ import annotations

import json
import random

from duelhost.core.errors import IllegalAction
from duelhost.core.registry import Game
from duelhost.core.state import State

MAX_DECISIONS = 400
"""Long games are checked on their first decisions; replay checks still cover the whole prefix."""


def random_submission(state: State, seat: int, rng: random.Random) -> str:
    return state.sample(seat, rng)


def check_views_are_plain_data(state: State) -> None:
    for seat in (0, 1, None):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, f"view({seat}) is not plain JSON data"


def check_non_interference(state: State, rng: random.Random, alternatives: int = 4) -> None:
    """While a seat's submission is pending, the other seat's and a spectator's views must not
    depend on what it submitted."""
    waiting = state.to_act
    if len(waiting) < 2:
        return
    for mover in waiting:
        others: list[int | None] = [seat for seat in (0, 1) if seat != mover]
        others.append(None)
        seen: dict[str, tuple[str, dict[int | None, str]]] = {}
        for _ in range(alternatives):
            text = state.sample(mover, rng)
            trial = state.clone()
            canonical = trial.submit(mover, text)
            if canonical in seen:
                continue
            views = {seat: json.dumps(trial.view(seat), sort_keys=True) for seat in others}
            for previous, (_, earlier) in seen.items():
                for seat in others:
                    assert views[seat] == earlier[seat], (
                        f"{state.game.name}: view({seat}) differs between pending submissions "
                        f"{previous!r} and {canonical!r} of seat {mover}"
                    )
            seen[canonical] = (canonical, views)
        timed_out = state.clone()
        timed_out.timeout(mover)
        if seen:
            _, first = next(iter(seen.values()))
            for seat in others:
                assert json.dumps(timed_out.view(seat), sort_keys=True) == first[seat], (
                    f"{state.game.name}: view({seat}) tells a timeout from a submission"
                    f" of seat {mover}"
                )


def check_legal_parse_back(state: State, rng: random.Random, limit: int = 25) -> None:
    """Every legal string is accepted and is its own canonical form."""
    for seat in state.to_act:
        legal = state.legal(seat)
        assert legal or not state.game.spec.legal_enumerated, (
            f"seat {seat} must act but has no legal move"
        )
        chosen = legal if len(legal) <= limit else rng.sample(legal, limit)
        for text in chosen:
            trial = state.clone()
            assert trial.submit(seat, text) == text, f"{text!r} is not canonical"


def check_replay(state: State) -> None:
    game = state.game
    replayed = game.replay(state.record)
    assert replayed.to_json() == state.to_json()
    assert game.from_json(state.to_json()).to_json() == state.to_json()


def play_and_check(game: Game, seed: int, deep: bool = True) -> State:
    """Play a random match (with some timeouts), checking every property along the way."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    midpoint: tuple[State, str] | None = None
    while not state.is_over and state.decision < MAX_DECISIONS:
        check_views_are_plain_data(state)
        if deep:
            check_non_interference(state, rng)
            check_legal_parse_back(state, rng)
        if midpoint is None and state.decision >= 3:
            snapshot = state.clone()
            midpoint = (snapshot, snapshot.to_json())
        for seat in state.to_act:
            if rng.random() < 0.05:
                state.timeout(seat)
            else:
                state.submit(seat, random_submission(state, seat, rng))
    check_views_are_plain_data(state)
    check_replay(state)
    if midpoint is not None:
        clone, frozen = midpoint
        assert clone.to_json() == frozen, "playing on after clone() changed the clone"
        check_replay(clone)
    if state.is_over:
        assert state.to_act == ()
        assert state.result["reason"]
        for seat in (0, 1):
            try:
                state.submit(seat, state.legal(seat)[0] if state.legal(seat) else "x")
            except IllegalAction:
                pass
            else:
                raise AssertionError("a finished match accepted a submission")
    return state
