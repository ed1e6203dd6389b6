"""Generalissimo's levels: legal whole matches, reproducible with nodes, hard beats random."""

from __future__ import annotations

import random

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, default, set_default
from duelhost.games.generalissimo.bots import AlphaBetaBot, Search, rebuild
from tests.bots.levels import play


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "random"} <= set(available_bots("generalissimo"))


SMALL = "2hwgws2/9/9/9/9/9/9/9/9/9/9/2HWGWS2 s 2 0"
"""Five pieces a side: random against random never eliminates them within 10 quiet turns."""


def test_hard_eliminates_random_from_both_seats_reproducibly() -> None:
    for seed in range(4):
        seats = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        state = play(
            "generalissimo", seats, seed, nodes=300, setup={"position": SMALL}, no_capture_turns=10
        )
        assert state.result["reason"] == "elimination"
        assert seats[state.winner or 0] == "hard"
    runs = [
        play(
            "generalissimo",
            ("hard", "random"),
            5,
            nodes=300,
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


def test_evaluate_values_every_move_from_the_seat_view() -> None:
    """The analysis's evaluation: every move but the draw offer, in [-1, 1]; the capture that
    removes North's last piece wins at once, so it is worth exactly +1 (tanh of a won value)
    and is the best."""
    game = duelhost.load("generalissimo")
    state = game.new(seed=0, position="9/9/9/9/9/9/9/9/g8/9/9/G8 s 1 0")
    previous = default()
    set_default(Budget(nodes=200))
    try:
        bot = make_bot("hard", game, 0, 0)
        assert isinstance(bot, AlphaBetaBot)
        values = bot.evaluate(SeatHandle(state, 0))
    finally:
        set_default(previous)
    assert set(values) == set(state.legal(0)) - {"draw"}
    assert values["A1xA4"] == 1.0
    assert max(values, key=lambda text: values[text]) == "A1xA4"
    assert all(-1.0 <= value <= 1.0 for value in values.values())


def test_quiet_turns_cost_the_searcher_when_not_behind() -> None:
    """GE8's pressure at 40 quiet half-turns, against the same search without it. Even
    material (a Guardsman each, on A1 and A5): for the searching seat (South) 3 x 40 = 120
    hundredths lost, for North 120 gained. South behind (its Guardsman against a Guardsman
    and a Horseman on A5 and B5, 6 points against 11): no quiet cost."""
    game = duelhost.load("generalissimo")
    even = game.new(seed=0, position="9/9/9/9/9/9/9/g8/9/9/9/G8 s 1 40")
    behind = game.new(seed=0, position="9/9/9/9/9/9/9/gh7/9/9/9/G8 s 1 40")
    clock = Budget(nodes=10).clock()
    pressed = Search(0, clock, 10, 1, random.Random(0), True, press=True)
    plain = Search(0, clock, 10, 1, random.Random(0), True, press=False)
    assert pressed.standing(even, 0) - plain.standing(even, 0) == -120
    assert pressed.standing(even, 1) - plain.standing(even, 1) == 120
    assert pressed.standing(behind, 0) - plain.standing(behind, 0) == 0


def test_medium_is_the_probe_and_hard_searches_deeper() -> None:
    """``medium`` values each move by the evaluation of the position it leaves (one node a
    move); ``hard`` then searches the best of them deeper with the same budget."""
    game = duelhost.load("generalissimo")
    state = game.new(seed=0, position=SMALL)
    moves = len(state.legal(0)) - 1  # every move and the pass, not the draw offer
    spent = {}
    for level in ("medium", "hard"):
        previous = default()
        set_default(Budget(nodes=2000))
        try:
            bot = make_bot(level, game, 0, 0)
            assert isinstance(bot, AlphaBetaBot)
            _, search = bot._search(SeatHandle(state, 0))
        finally:
            set_default(previous)
        spent[level] = search.clock.nodes
    assert spent["medium"] == moves
    assert spent["hard"] > moves
