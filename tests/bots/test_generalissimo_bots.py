"""Generalissimo's levels: legal whole matches, reproducible with nodes, hard beats random."""

from __future__ import annotations

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, default, set_default
from duelhost.games.generalissimo.bots import AlphaBetaBot, rebuild
from tests.bots.levels import play


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "random"} <= set(available_bots("generalissimo"))


SMALL = "2hwgws2/9/9/9/9/9/9/9/9/9/9/2HWGWS2 s 2 0"
"""Five pieces a side: random against random never eliminates them within 10 quiet turns."""


def test_hard_eliminates_random_from_both_seats_reproducibly() -> None:
    for seed in range(4):
        seats = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        state = play(
            "generalissimo", seats, seed, nodes=120, setup={"position": SMALL}, no_capture_turns=10
        )
        assert state.result["reason"] == "elimination"
        assert seats[state.winner or 0] == "hard"
    runs = [
        play(
            "generalissimo",
            ("hard", "random"),
            5,
            nodes=120,
            setup={"position": SMALL},
            no_capture_turns=10,
        )
        for _ in range(2)
    ]
    assert runs[0].to_json() == runs[1].to_json()


def test_easy_and_medium_play_legal_matches() -> None:
    for seats in (("easy", "medium"), ("medium", "easy")):
        state = play(
            "generalissimo", seats, 3, nodes=200, setup={"position": SMALL}, no_capture_turns=10
        )
        assert state.is_over


def test_the_bot_takes_a_hanging_guardsman_and_sees_the_win() -> None:
    game = duelhost.load("generalissimo")
    # South's Guardsman on A1 takes North's last piece on A4: the match is won at once.
    state = game.new(seed=0, position="9/9/9/9/9/9/9/9/g8/9/9/G8 s 1 0")
    previous = default()
    set_default(Budget(nodes=50))
    try:
        bot = make_bot("hard", game, 0, 0)
        assert isinstance(bot, AlphaBetaBot)
        assert bot.act(SeatHandle(state, 0)) == "A1xA4"
        assert bot.last_value >= 1_000_000 / 2
    finally:
        set_default(previous)


def test_rebuild_reads_only_the_view() -> None:
    game = duelhost.load("generalissimo")
    state = game.new(seed=0)
    state.submit(0, state.legal(0)[0])
    rebuilt = rebuild(SeatHandle(state, 1))
    assert rebuilt.position() == state.view(1)["position"]
    assert rebuilt.legal(1) == state.legal(1)
