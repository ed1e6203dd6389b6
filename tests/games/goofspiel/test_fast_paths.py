"""Goofspiel's fast paths (issue 27's speed goal) against what they stand in for.

The deal's inlined shuffle against ``random.Random.shuffle`` (the deal drawn as before, draw for
draw); ``submit`` and ``legal``'s fast path against the kernel's generic path (the same
history, events, views, snapshot and errors); the rounds' events, stored as tuples and built
when read, against the kernel's dicts worked out by hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import duelhost
from duelhost.core.errors import IllegalAction
from duelhost.core.rng import derive
from duelhost.core.state import State
from duelhost.games.goofspiel.deal import Deal, draw_deal, shuffle
from tests.games.goofspiel.helpers import classic, play


def _deal_as_before(seed: int, playing: int, galaxies: int, planets: int) -> Deal:
    """The deal as ``draw_deal`` drew it with ``random.Random.shuffle`` (no fixed parts)."""
    rng = derive(seed, "deal", playing)
    order = list(range(galaxies))
    rng.shuffle(order)
    values = list(range(1, galaxies + 1))
    rng.shuffle(values)
    planet_orders, worths = [], []
    for _ in range(galaxies):
        planet_order = list(range(planets))
        rng.shuffle(planet_order)
        planet_orders.append(tuple(planet_order))
        galaxy_worths = list(range(1, planets + 1))
        rng.shuffle(galaxy_worths)
        worths.append(tuple(galaxy_worths))
    return Deal(tuple(order), tuple(values), tuple(planet_orders), tuple(worths))


@pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 13, 16, 17, 26, 33])
def test_shuffle_draws_as_random_shuffle(length: int) -> None:
    for seed in range(40):
        expected = list(range(length))
        random.Random(seed).shuffle(expected)
        items = list(range(length))
        shuffle(random.Random(seed).getrandbits, items)
        assert items == expected


@pytest.mark.parametrize(("galaxies", "planets"), [(1, 13), (7, 7), (3, 26), (26, 1)])
def test_deals_are_the_ones_drawn_before(galaxies: int, planets: int) -> None:
    for seed in range(25):
        for playing in (0, 2):
            drawn = draw_deal(seed, playing, galaxies, planets)
            assert drawn == _deal_as_before(seed, playing, galaxies, planets)


def _kernel_submit(state: State, seat: Any, text: Any) -> str:
    """The kernel's ``submit``, bypassing Goofspiel's fast path."""
    return State.submit(state, seat, text)


def _outcome(call: Any, state: State, seat: Any, text: Any) -> tuple[str, str]:
    try:
        return ("ok", call(state, seat, text))
    except IllegalAction as error:
        return ("illegal", str(error))


def _same(fast: State, kernel: State) -> None:
    assert fast.history == kernel.history
    assert fast.events == kernel.events
    assert fast.to_json() == kernel.to_json()
    for seat in (None, 0, 1):
        assert fast.view(seat) == kernel.view(seat)
    for seat in (0, 1):
        assert fast.legal(seat) == State.legal(kernel, seat)
        assert fast.to_act == kernel.to_act


ODD_TEXTS: list[Any] = ["0", "05", " 5", "14", "27", "x", "", "resign ", 5, None]


@pytest.mark.parametrize(
    "options",
    [
        {"galaxies": 1, "planets": 13, "max_replays": 0},
        {"galaxies": 2, "planets": 3, "max_replays": 2},
        {"galaxies": 1, "planets": 4, "show_history": False},
    ],
)
def test_the_fast_submit_and_legal_do_what_the_kernel_does(options: dict[str, Any]) -> None:
    game = duelhost.load("goofspiel", **options)
    rng = random.Random(5)
    for seed in range(30):
        fast, kernel = game.new(seed=seed), game.new(seed=seed)
        while not fast.is_over:
            for seat in (0, 1):
                if rng.random() < 0.15:  # odd input, an odd seat or a seat that owes nothing
                    odd_seat = rng.choice([seat, 1 - seat, 2, -1, True])
                    text = rng.choice([*ODD_TEXTS, *fast.legal(seat)] or ODD_TEXTS)
                    if text == "resign " and odd_seat in (0, 1) and rng.random() < 0.7:
                        text = "1"
                    assert _outcome(type(fast).submit, fast, odd_seat, text) == _outcome(
                        _kernel_submit, kernel, odd_seat, text
                    )
                elif rng.random() < 0.05 and seat in fast.to_act:
                    fast.timeout(seat)
                    kernel.timeout(seat)
                elif seat in fast.to_act:
                    text = rng.choice(fast.legal(seat))
                    assert fast.submit(seat, text) == _kernel_submit(kernel, seat, text) == text
                _same(fast, kernel)
                if fast.is_over:
                    break
        assert fast.result == kernel.result
        assert fast.legal(0) == fast.legal(1) == []
        with pytest.raises(IllegalAction, match="the match is over"):
            fast.submit(0, "1")


def test_bad_seats_are_refused_by_legal_as_by_the_kernel() -> None:
    state = duelhost.load("goofspiel", galaxies=1, planets=3).new(seed=1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.legal(seat)  # type: ignore[arg-type]


def test_a_classic_three_card_match_logs_its_events_worked_by_hand() -> None:
    # Worths in play order 2, 1, 3 (planets X, Y, Z of galaxy A, value 1); bids 3-1, 1-2,
    # 2-3: seat 0 takes 2, seat 1 takes 1 and 3, so seat 1 wins 4 points to 2.
    state = classic([2, 1, 3]).new(seed=0)
    start = [
        {"replay": 0, "order": ["A"], "event": "deal", "decision": 0},
        {
            "bout": 1,
            "galaxy": "A",
            "name": "Andromeda",
            "value": 1,
            "planets": ["X", "Y", "Z"],
            "event": "bout",
            "decision": 0,
        },
        {"round": 1, "planet": "A-X", "worth": 2, "event": "planet", "decision": 0},
    ]
    assert state.events == start
    before = state.clone()
    play(state, [(3, 1), (1, 2)])
    first_two = [
        {
            "round": 1,
            "planet": "A-X",
            "worth": 2,
            "fleets": [3, 1],
            "winner": 0,
            "points": [2, 0],
            "destroyed": [None, None],
            "event": "round",
            "decision": 0,
        },
        {"round": 2, "planet": "A-Y", "worth": 1, "event": "planet", "decision": 0},
        {
            "round": 2,
            "planet": "A-Y",
            "worth": 1,
            "fleets": [1, 2],
            "winner": 1,
            "points": [2, 1],
            "destroyed": [None, None],
            "event": "round",
            "decision": 1,
        },
        {"round": 3, "planet": "A-Z", "worth": 3, "event": "planet", "decision": 1},
    ]
    assert state.events == start + first_two
    play(state, [(2, 3)])
    assert state.events == [
        *start,
        *first_two,
        {
            "round": 3,
            "planet": "A-Z",
            "worth": 3,
            "fleets": [2, 3],
            "winner": 1,
            "points": [2, 4],
            "destroyed": [None, None],
            "event": "round",
            "decision": 2,
        },
        {
            "bout": 1,
            "galaxy": "A",
            "name": "Andromeda",
            "value": 1,
            "points": [2, 4],
            "winner": 1,
            "strategic": [0, 1],
            "event": "bout_end",
            "decision": 2,
        },
        {"winner": 1, "reason": "more points, 2-4", "event": "end", "decision": 2},
    ]
    assert before.events == start  # the clone taken before has its own log
