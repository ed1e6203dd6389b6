"""The kernel's decision machinery, records and properties, on a toy game."""

from __future__ import annotations

import json
import random

import pytest

from duelhost import ConfigError, IllegalAction
from duelhost.core.record import Entry
from duelhost.testing import play_and_check
from duelhost.testing.checks import check_non_interference
from tests.core.toygame import leaky, toy


def test_simultaneous_decision_waits_for_both_seats() -> None:
    state = toy().new(seed=1, prizes=[4, 2, 5])
    assert state.to_act == (0, 1)
    assert state.submit(0, " 3 ") == "3"
    assert state.to_act == (1,)
    assert state.submitted == (0,)
    assert state.decision == 0
    state.submit(1, "2")
    # seat 0 bid higher, so it alone chooses (a sequential decision)
    assert state.decision == 1
    assert state.to_act == (0,)
    assert state.submitted == ()


def test_whole_match_by_hand() -> None:
    # prizes 4, 2, 5. Round 1: 3 v 2, seat 0 doubles 4 -> 8. Round 2: 1 v 3, seat 1 keeps 2.
    # Round 3: 2 v 1, seat 0 keeps 5. Points: seat 0 8 + 5 = 13, seat 1 2.
    state = toy().new(seed=1, prizes=[4, 2, 5])
    for seat, text in [
        (0, "3"),
        (1, "2"),
        (0, "double"),
        (0, "1"),
        (1, "3"),
        (1, "keep"),
        (1, "1"),
        (0, "2"),
        (0, "keep"),
    ]:
        state.submit(seat, text)
    assert state.is_over
    assert state.winner == 0
    assert state.result == {"winner": 0, "reason": "rounds played", "scores": [13, 2]}
    assert state.to_act == ()


def test_errors_name_the_problem_and_change_nothing() -> None:
    state = toy().new(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="you have no bid 4 left"):
        state.submit(0, "4")
    with pytest.raises(IllegalAction, match="there is no seat 2"):
        state.submit(2, "1")
    for seat in (0.0, 1.0, True, "0", None):  # only the integers 0 and 1 are seats
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.submit(seat, "1")  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.timeout(seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="there is no seat"):
            state.legal(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="must be text"):
        state.submit(0, 3)  # type: ignore[arg-type]
    state.submit(0, "1")
    after_first = state.to_json()
    with pytest.raises(IllegalAction, match="seat 0 has already submitted"):
        state.submit(0, "2")
    assert state.to_json() == after_first != before
    state.submit(1, "2")
    with pytest.raises(IllegalAction, match=r"not seat 0's turn to act \(waiting for seat 1\)"):
        state.submit(0, "keep")


def test_timeout_applies_the_game_rule_and_is_recorded() -> None:
    state = toy().new(seed=1, prizes=[4, 2, 5])
    state.submit(0, "2")
    state.timeout(1)  # the toy's rule: lowest remaining bid, 1
    assert state.history[-1] == Entry(1, "timeout")
    assert state.events[-1]["bids"] == [2, 1]
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.timeout(1)


def test_resign_at_any_time_ends_the_match() -> None:
    state = toy().new(seed=1)
    state.submit(0, "2")
    state.submit(1, "resign")
    assert state.is_over and state.winner == 0
    assert state.result["reason"] == "resignation"
    assert state.history[-1] == Entry(1, "resign")
    with pytest.raises(IllegalAction, match="the match is over"):
        state.resign(0)
    # the record replays to the same finished state
    assert toy().replay(state.record).to_json() == state.to_json()


def test_pending_submission_is_in_its_own_view_only() -> None:
    state = toy().new(seed=3)
    state.submit(0, "3")
    assert state.view(0)["pending"] == "3"
    assert "pending" not in state.view(1)
    assert "pending" not in state.view(None)
    assert state.view(1)["submitted"] == [0]
    assert "3" not in json.dumps(state.view(1)["submitted"])


def test_non_interference_check_catches_a_leak() -> None:
    """The secrecy property used for every game is not vacuous: a leaking game fails it."""
    state = leaky().new(seed=3)
    with pytest.raises(AssertionError, match="differs between pending submissions"):
        check_non_interference(state, random.Random(0), alternatives=12)
    check_non_interference(toy().new(seed=3), random.Random(0), alternatives=12)


def test_clone_is_independent() -> None:
    state = toy().new(seed=2)
    copy = state.clone()
    state.submit(0, "1")
    state.submit(1, "2")
    assert copy.to_act == (0, 1) and copy.history == ()
    assert copy.view(0)["bids"] == [[1, 2, 3], [1, 2, 3]]


def test_from_json_detects_a_tampered_snapshot() -> None:
    state = toy().new(seed=2)
    state.submit(0, "1")
    state.submit(1, "2")
    data = json.loads(state.to_json())
    assert toy().from_json(json.dumps(data)).to_json() == state.to_json()
    data["state"]["points"] = [100, 0]
    with pytest.raises(ConfigError, match="does not match the replayed history"):
        toy().from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["history"][0]["text"] = "7"
    with pytest.raises(ConfigError, match=r"history entry 0 .*no bid 7"):
        toy().from_json(json.dumps(data))
    with pytest.raises(ConfigError, match="not JSON"):
        toy().from_json("{")
    with pytest.raises(ConfigError, match="made with options"):
        toy(rounds=2).from_json(state.to_json())


def test_same_seed_same_chance_other_seed_other_chance() -> None:
    """G6: chance comes from the seed only."""
    prizes = {seed: toy().new(seed=seed).view(None)["prize"] for seed in range(40)}
    assert all(toy().new(seed=s).view(None)["prize"] == p for s, p in prizes.items())
    assert len(set(prizes.values())) > 1


def test_bad_seed_and_setup_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="seed must be an integer"):
        toy().new(seed="1")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown setup argument 'map'"):
        toy().new(map={})
    with pytest.raises(ConfigError, match="setup prizes must be a list of 3"):
        toy().new(prizes=[1])


def test_toy_keeps_every_kernel_property() -> None:
    for seed in range(30):
        play_and_check(toy(), seed)


def test_from_json_refuses_json_nested_too_deeply() -> None:
    with pytest.raises(ConfigError, match="nested too deeply"):
        toy().from_json("[" * 100_000 + "]" * 100_000)


def test_the_omniscient_api_says_so_in_its_docstrings() -> None:
    """Issue 16: records, ``to_json()`` and ``history`` hold every secret; their docstrings
    say they are omniscient and not for players before the match is over."""
    import duelhost.core.record as record_module
    from duelhost.core.record import Record
    from duelhost.core.state import State

    documented = {
        "State.history": State.history.__doc__,
        "State.record": State.record.__doc__,
        "State.to_json": State.to_json.__doc__,
        "Record": Record.__doc__,
        "duelhost.core.record": record_module.__doc__,
    }
    for name, doc in documented.items():
        assert doc is not None and "mniscient" in doc, name
        assert "over" in doc, name  # when they may be shown: once the match is over
