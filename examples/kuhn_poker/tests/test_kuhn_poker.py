"""Kuhn poker's own tests: its rules worked out by hand, and duelhost's conformance kit.

Run them once the package is installed (``pip install ./examples/kuhn_poker``):
``python -m pytest examples/kuhn_poker/tests``.
"""

from __future__ import annotations

from duelhost_kuhn_poker import SPEC

import duelhost
from duelhost.testing import check_game


def test_the_game_is_found_through_its_entry_point() -> None:
    assert "kuhn_poker" in duelhost.list_games()
    assert duelhost.load("kuhn_poker").spec is SPEC


def test_the_game_passes_the_conformance_kit() -> None:
    check_game("kuhn_poker", matches=10).assert_ok()


def test_a_showdown_after_bet_and_call_moves_two_chips() -> None:
    state = duelhost.load("kuhn_poker", hands=2).new(seed=1)
    cards = list(state.cards)  # the deal of hand 1 (from the seed; secret in the views)
    assert state.to_act == (0,)  # seat 0 opens the first hand
    assert state.legal(0) == ["check", "bet"]
    state.submit(0, "bet")
    assert state.legal(1) == ["call", "fold"]
    state.submit(1, "call")
    high = 0 if "JQK".index(cards[0]) > "JQK".index(cards[1]) else 1
    assert state.chips[high] == 2 and state.chips[1 - high] == -2  # pot of 4: ante 1 + bet 1 each
    assert state.view(None)["past"][0]["cards"] == cards  # a showdown shows both cards
    assert state.to_act == (1,)  # seat 1 opens the second hand


def test_a_fold_shows_no_card_and_the_bettor_wins_the_antes() -> None:
    state = duelhost.load("kuhn_poker", hands=1).new(seed=3)
    state.submit(0, "check")
    state.submit(1, "bet")
    state.submit(0, "fold")
    assert state.chips == [-1, 1]
    assert state.view(0)["past"][0]["cards"] is None
    assert state.is_over and state.winner == 1


def test_a_seat_sees_its_own_card_only() -> None:
    state = duelhost.load("kuhn_poker").new(seed=5)
    assert state.view(0)["card"] == state.cards[0]
    assert state.view(1)["card"] == state.cards[1]
    assert state.view(None)["card"] is None


def test_the_games_own_bot_is_offered() -> None:
    from duelhost.bots import available_bots

    assert "cards" in available_bots("kuhn_poker")
