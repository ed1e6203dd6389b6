"""Bad input of every kind (G3): any text at any moment is a fleet or ``IllegalAction``, and a
refused submission changes nothing (independent review)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.core.state import State
from tests.games.goofspiel.helpers import TIMEOUT, classic, play


def _states() -> list[State]:
    """States at every round of a random seven-galaxy match with timeouts, and of a classic
    three-card match down to its last fleets."""
    rng = random.Random(11)
    state = duelhost.load("goofspiel").new(seed=11)
    states = [state.clone()]
    while not state.is_over and len(states) < 60:
        for seat in state.to_act:
            if rng.random() < 0.1:
                state.timeout(seat)
            else:
                state.submit(seat, state.sample(seat, rng))
        states.append(state.clone())
    small = classic([3, 1, 2]).new(seed=0)
    states.append(small.clone())
    play(small, [(3, TIMEOUT)])
    states.append(small.clone())
    return states


STATES = _states()
NEAR_MISSES = st.sampled_from(
    ["0", "00", "07", " 7", "7 ", "8", "-1", "+3", "1.0", "1e1", "٣", "²", "７", "3\n", "", "0x7"]
)


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(0, len(STATES) - 1),
    seat=st.integers(0, 1),
    text=st.one_of(st.text(max_size=30), NEAR_MISSES, st.integers(-10, 40).map(str)),
)
def test_any_text_is_a_fleet_or_illegal_action_and_a_refusal_changes_nothing(
    index: int, seat: int, text: str
) -> None:
    state = STATES[index].clone()
    before, view = state.to_json(), json.dumps(state.view(seat))
    legal = state.legal(seat)
    try:
        canonical = state.submit(seat, text)
    except duelhost.IllegalAction:
        assert state.to_json() == before
        assert json.dumps(state.view(seat)) == view
    else:
        # Accepted: it must be one of the seat's remaining sizes (GO2), in canonical form.
        assert canonical in legal or canonical == "resign"


@pytest.mark.parametrize("text", ["0" * 5000, "0" * 4999 + "3", "0" * 4999 + "9"])
def test_g3_very_long_numbers_are_read_without_crashing(text: str) -> None:
    """Python's int() refuses texts of more than 4300 digits; leading zeros do not count.
    ``000...03`` is the fleet 3 (a legal bid); ``000...0`` and ``000...09`` are refused."""
    state = duelhost.load("goofspiel").new(seed=1)
    if text.endswith("3"):
        assert state.submit(0, text) == "3"
        return
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="illegal fleet"):
        state.submit(0, text)
    assert state.to_json() == before


def test_errors_quote_at_most_sixty_characters_of_the_submission() -> None:
    """Issue 16: leading zeros make a valid size of any length; the error for a size the seat
    no longer holds echoed all of it."""
    state = duelhost.load("goofspiel", galaxies=1, planets=3).new(seed=0)
    state.submit(0, "3")
    state.submit(1, "1")
    long = "0" * 100_000 + "3"
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(0, long)
    assert str(caught.value).startswith("illegal fleet '" + "0" * 59 + "\u2026': you have no fleet")
    with pytest.raises(duelhost.IllegalAction) as caught:
        state.submit(0, "x" * 100_000)
    assert str(caught.value).startswith("illegal fleet '" + "x" * 59 + "\u2026': a submission")
