"""Scripted whole matches with every bout and the final score worked out by hand."""

from __future__ import annotations

import duelhost
from tests.games.goofspiel.helpers import TIMEOUT, classic, events_of, fixed_game, play


def test_a_whole_seven_galaxy_match_seat_1_wins_11_to_10() -> None:
    # Deal: galaxies fought A..G with values A7 B6 C5 D1 E2 F3 G4; in every galaxy the planets
    # are fought T..Z with worths 1..7 (round i is worth i + 1).
    game = fixed_game([[1, 2, 3, 4, 5, 6, 7]] * 7, values=[7, 6, 5, 1, 2, 3, 4])
    state = game.new(seed=2024)
    for bout in range(7):
        # Seat 0 sends 1..7; seat 1 sends the same sizes rotated by ``bout``.
        play(state, [(i + 1, (i + bout) % 7 + 1) for i in range(7)])
    # Bout b: seat 1 wins rounds i < 7 - b (its fleet is larger), worth 1 + ... + (7 - b);
    # seat 0 wins the rest of the 28. Bout 0 is all ties.
    #   A (7): 0-0 nobody   B (6): 7-21 seat 1   C (5): 13-15 seat 1   D (1): 18-10 seat 0
    #   E (2): 22-6 seat 0  F (3): 25-3 seat 0   G (4): 27-1 seat 0
    # Strategic value: seat 0 1 + 2 + 3 + 4 = 10, seat 1 6 + 5 = 11: seat 1 wins.
    bouts = state.view(None)["bouts"]
    assert [b["points"] for b in bouts] == [
        [0, 0],
        [7, 21],
        [13, 15],
        [18, 10],
        [22, 6],
        [25, 3],
        [27, 1],
    ]
    assert [b["winner"] for b in bouts] == [None, 1, 1, 0, 0, 0, 0]
    assert state.is_over and state.winner == 1
    assert state.result == {
        "winner": 1,
        "reason": "more strategic value, 10-11",
        "scores": [10, 11],
    }
    assert state.view(None)["fleets"]["0"] == {str(size): 0 for size in range(1, 8)}
    assert len(state.history) == 98
    assert game.from_json(state.to_json()).to_json() == state.to_json()


def test_a_classic_five_card_match_with_timeouts() -> None:
    # Prize cards in the order 3, 5, 1, 4, 2 (planets V, W, X, Y, Z).
    state = classic([3, 5, 1, 4, 2]).new(seed=9)
    play(
        state,
        [
            (5, TIMEOUT),  # worth 3: 5 > 0, seat 0 +3; seat 1 loses its 5 (GO3)
            (1, 4),  # worth 5: seat 1 +5
            (TIMEOUT, 1),  # worth 1: 0 < 1, seat 1 +1; seat 0 loses its largest, the 4
            (3, 3),  # worth 4: tied, nobody
            (2, 2),  # worth 2: tied, nobody
        ],
    )
    # Net worth: seat 0 3, seat 1 5 + 1 = 6: seat 1 takes galaxy A (value 1) and the match.
    assert [r["winner"] for r in state.view(None)["rounds"]] == [0, 1, 1, None, None]
    assert [r["planet"] for r in state.view(None)["rounds"]] == ["A-V", "A-W", "A-X", "A-Y", "A-Z"]
    assert state.view(None)["bouts"][0]["points"] == [3, 6]
    # Classic Goofspiel shows the prize totals that decided it (issue 17, point 6).
    assert state.result == {"winner": 1, "reason": "more points, 3-6", "scores": [3, 6]}
    assert state.view(None)["destroyed"] == [1, 1]
    assert [e.kind for e in state.history].count("timeout") == 2


def test_a_match_tied_twice_then_won_in_the_second_replay() -> None:
    # Two galaxies (values A1, B2), two planets each, worths 2 then 1 (fixed for the match).
    state = fixed_game([[2, 1], [2, 1]], values=[1, 2]).new(seed=31)
    # First a decided match for contrast: A: seat 0 takes worth 2 (2 > 1), seat 1 worth 1
    # (2 > 1): 2-1, seat 0 gets value 1. B mirrored: 1-2, seat 1 gets value 2.
    play(state, [(2, 1), (1, 2)])
    play(state, [(1, 2), (2, 1)])
    # Strategic value 1-2 is not a tie: the match is over at once, no replay.
    assert state.winner == 1 and state.result["scores"] == [1, 2]

    state = fixed_game([[2, 1], [2, 1]], values=[1, 2]).new(seed=31)
    play(state, [(1, 1), (2, 2), (1, 1), (2, 2)])  # all tied: 0-0, replay 1 (fresh deal)
    assert state.view(None)["replay"] == 1
    play(state, [(1, 1), (2, 2), (1, 1), (2, 2)])  # all tied again: replay 2
    assert state.view(None)["replay"] == 2
    # Replay 2: seat 1 times out in every round, seat 0 wins every planet and both galaxies,
    # whatever the deal: strategic value 1 + 2 = 3 to 0.
    play(state, [(2, TIMEOUT), (2, TIMEOUT), (1, TIMEOUT), (1, TIMEOUT)])
    assert state.winner == 0
    assert state.result["scores"] == [3, 0]
    assert state.view(None)["past"] == [
        {"replay": 0, "strategic": [0, 0]},
        {"replay": 1, "strategic": [0, 0]},
    ]
    assert [e["replay"] for e in events_of(state, "replay")] == [1, 2]
    assert [e["replay"] for e in events_of(state, "deal")] == [0, 1, 2]
    # The history replays to the same state (G6).
    game = state.game
    assert game.replay(state.record).to_json() == state.to_json()


def test_a_resignation_ends_the_match_with_the_current_scores() -> None:
    state = fixed_game([[1, 2], [1, 2]], values=[2, 1]).new(seed=0)
    play(state, [(1, 1), (2, 1)])  # A: seat 0 wins worth 2: 2-0, value 2
    state.submit(1, "resign")
    assert state.result == {"winner": 0, "reason": "resignation", "scores": [2, 0]}
    assert state.to_act == ()
    assert duelhost.load_record(state.record.to_dict()).to_json() == state.to_json()
