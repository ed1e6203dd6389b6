"""The Bot protocol: seat handles, the registry, the random bot and the match runner."""

from __future__ import annotations

import pytest

from duelhost import ConfigError
from duelhost.bots import SeatHandle, available_bots, make_bot, play_match
from tests.core.toygame import toy


def test_random_bot_plays_legal_moves_deterministically_from_the_seed() -> None:
    records = []
    for _ in range(2):
        game = toy()
        state = game.new(seed=4)
        bots = [make_bot("random", game, 0, 4), make_bot("random", game, 1, 4)]
        play_match(state, bots)
        assert state.is_over
        records.append(state.to_json())
    assert records[0] == records[1]


def test_random_bot_choices_vary_with_the_seed() -> None:
    texts = set()
    for seed in range(20):
        state = toy().new(seed=1)
        texts.add(make_bot("random", toy(), 0, seed).act(SeatHandle(state, 0)))
    assert texts == {"1", "2", "3"}


def test_seat_handle_shows_only_the_seat_view_and_declared_helpers() -> None:
    state = toy().new(seed=1)
    state.submit(0, "3")
    handle = SeatHandle(state, 1)
    assert "pending" not in handle.view()
    assert handle.legal() == ["1", "2", "3"]
    assert not hasattr(handle, "_history")
    with pytest.raises(ConfigError, match="offers bots no helper '_snapshot'"):
        handle.helper("_snapshot")


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(ConfigError, match=r"no bot 'deep' for toy; the bots are .*random"):
        make_bot("deep", toy(), 0)
    assert "random" in available_bots("toy")


def test_runner_stops_runaway_matches() -> None:
    game = toy()
    with pytest.raises(RuntimeError, match="did not end within 1 decisions"):
        play_match(game.new(seed=1), [make_bot("random", game, s) for s in (0, 1)], max_decisions=1)
