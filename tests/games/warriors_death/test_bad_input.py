"""Bad input of every kind (G3): any text at any moment is either a play or ``IllegalAction``,
and a refused submission changes nothing (independent review)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.warriors_death.state import WarriorsDeathState
from tests.games.warriors_death.helpers import new


@pytest.mark.parametrize("text", ["²", "³", "¹ ⁵", "٣", "astrologian ²", "blue mage as ٦"])
def test_wd1_strengths_are_ascii_digits_other_digits_are_refused(text: str) -> None:
    # "²".isdigit() is True but int("²") fails, and "٣" (Arabic-Indic 3) would silently mean
    # the Bard: WD1 names units by strength 0-9, so only the ASCII digits are strengths.
    state = new()
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="illegal play"):
        state.submit(0, text)
    assert state.to_json() == before


def test_g3_an_overlong_submission_is_refused_with_a_short_message() -> None:
    # The longest canonical play, "Astrologian predicting Black Mage", is 33 characters.
    # A 200 000-character submission must be refused without echoing it back (and without
    # trying every split of its 100 000 words, which took seconds per submission).
    state = new()
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="too long") as caught:
        state.submit(0, "x " * 100_000)
    assert len(str(caught.value)) < 300  # not the 200 000 characters back
    assert state.to_json() == before
    # Generous spacing within the limit is still fine (WD1: spaces optional).
    assert state.submit(0, "  astrologian   predicting   black   mage  ") == (
        "Astrologian predicting Black Mage"
    )


def _states() -> list[WarriorsDeathState]:
    """States at every round of a short random match (with a Dark Knight to revive)."""
    rng = random.Random(7)
    state = new(rounds=4, bouts=2)
    states = [state.clone()]
    state.submit(0, "dark knight")
    state.submit(1, "chocobo")
    states.append(state.clone())
    while not state.is_over:
        for seat in state.to_act:
            state.submit(seat, state.sample(seat, rng))
        states.append(state.clone())
    return states


STATES = _states()
WORDS = st.sampled_from(
    ["as", "predicting", "b", "d", "s", "1", "2", "0", "9", "10", "blue", "mage", "dark", ",", ":"]
)


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(0, len(STATES) - 1),
    seat=st.integers(0, 1),
    text=st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=5).map(" ".join)),
)
def test_any_text_is_a_play_or_illegal_action_and_a_refusal_changes_nothing(
    index: int, seat: int, text: str
) -> None:
    state = STATES[index].clone()
    before, view = state.to_json(), json.dumps(state.view(seat))
    try:
        state.submit(seat, text)
    except duelhost.IllegalAction:
        assert state.to_json() == before
        assert json.dumps(state.view(seat)) == view
