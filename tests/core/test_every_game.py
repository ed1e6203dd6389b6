"""Properties every registered game keeps (secrecy, replay, clone, notation, plain views)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.testing import play_and_check

GAMES = duelhost.list_games()


def test_games_are_registered() -> None:
    assert GAMES, "no game is registered"


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_matches_keep_the_kernel_properties(name: str, seed: int) -> None:
    play_and_check(duelhost.load(name), seed)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_and_submissions_give_the_same_match(name: str) -> None:
    """RULINGS G6: a match replays bit for bit from seed, options and submissions."""
    first = play_and_check(duelhost.load(name), 99, deep=False)
    second = play_and_check(duelhost.load(name), 99, deep=False)
    assert first.to_json() == second.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_and_setup_are_config_errors(name: str) -> None:
    with pytest.raises(duelhost.ConfigError, match="unknown option 'no_such_option'"):
        duelhost.load(name, no_such_option=1)
    with pytest.raises(duelhost.ConfigError, match="unknown setup argument 'no_such_setup'"):
        duelhost.load(name).new(seed=1, no_such_setup=1)


@pytest.mark.parametrize("name", GAMES)
def test_bad_submission_changes_nothing(name: str) -> None:
    """G3: a rejected submission leaves the state exactly as it was."""
    state = duelhost.load(name).new(seed=5)
    before = state.to_json()
    seat = state.to_act[0]
    for text in ["%%%", "zz99 nonsense", "\x00", "9" * 400]:
        with pytest.raises(duelhost.IllegalAction) as caught:
            state.submit(seat, text)
        assert str(caught.value), "the error message is empty"
        assert state.to_json() == before
