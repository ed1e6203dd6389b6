"""Rulings TA8 (Barbs punishes friendly fire), TA9 (a Command attack that ends the match needs
no follow-up) and TA12 (``max_turns`` counts the turns of each player), worked out by hand;
TA10 (Taunt's duty) and TA11 (the order of AT changes) are held by the tests of
``test_abilities.py`` and ``test_interactions.py`` they cite."""

from __future__ import annotations

import pytest

import duelhost
from duelhost import IllegalAction
from duelhost.games.tactic import board
from duelhost.games.tactic.state import TacticState
from tests.games.tactic.helpers import arena, custom, damage, play

WALL = custom("Wall", 9, 0)

ISSUE_32_TA8 = (
    "faction Menagerie",
    "faction Menagerie",
    "king C1",
    "king C7",
    "place Eagle B2",
    "place Bear F6",
    "place Porcupine G2",
    "place Badger A7",
    "place Bear E1",
    "place Porcupine G7",
    "place Badger F2",
    "place Fox G6",
    "place Porcupine G1",
    "place Badger F7",
    "G2>F2",
)


def test_barbs_punishes_friendly_fire_issue_32_reproduction() -> None:
    # Seed 15, the issue's 15 submissions: seat 0's Porcupine on G2 (AT 1) attacks its own
    # Badger on F2 (1 counter). Seat 0's Porcupine on G1 (Barbs) is adjacent to both the
    # Badger (F2, diagonal) and the attacker (G2): the attacker takes 1 (TA8). The attacking
    # Porcupine's own Barbs never punishes itself. Before TA8 the G2 Porcupine took 0.
    state = duelhost.load("tactic").new(seed=15)
    assert isinstance(state, TacticState)
    for text in ISSUE_32_TA8:
        state.submit(state.to_act[0], text)
    assert damage(state, "F2") == 1
    assert damage(state, "G2") == 1
    assert damage(state, "G1") == 0


def test_barbs_punishes_an_ally_attacking_next_to_it_ta8() -> None:
    # Seat 1's Golem (AT 3) on C3 hits its own Wall on C4; seat 1's Porcupine on D4 is next
    # to both (C4 orthogonally, C3 diagonally): Wall 3, Golem 1 (TA8: friendly fire too).
    state = arena((1, "Golem", "C3"), (1, WALL, "C4"), (1, "Porcupine", "D4"), turn_seat=1)
    play(state, "C3>C4")
    assert damage(state, "C4") == 3 and damage(state, "C3") == 1


def test_a_command_attack_that_ends_the_match_needs_no_follow_up_ta9() -> None:
    # The Order King (AT 1, Command) on C3 hits the Menagerie King (HP 4, no Armor) on C4,
    # which has 3 counters: 3 + 1 = 4 = HP, it dies and seat 0 wins (TA6). The commanded King
    # could attack C3, yet nothing follows: `C3>C4` alone is legal and accepted (TA9); before
    # TA9 it was refused, asking for a follow-up that could never happen.
    state = arena(
        (0, "King:Order", "C3"), (1, "King:Menagerie", "C4", 3), factions=("Order", "Menagerie")
    )
    attacks = [text for text in state.legal(0) if text.startswith("C3>")]
    assert attacks == ["C3>C4"]
    with pytest.raises(IllegalAction, match=r"ends the match, so nothing follows \(TA9\)"):
        state.submit(0, "C3>C4>C3")
    play(state, "C3>C4")
    assert state.is_over and state.winner == 0
    assert state.board_[board.parse("C4")] < 0


def test_a_command_attack_that_does_not_end_the_match_still_names_its_follow_up() -> None:
    # The same King with 2 counters: 2 + 1 = 3 < 4, it lives and must attack C3 (TA9).
    state = arena(
        (0, "King:Order", "C3"), (1, "King:Menagerie", "C4", 2), factions=("Order", "Menagerie")
    )
    assert [text for text in state.legal(0) if text.startswith("C3>")] == ["C3>C4>C3"]
    with pytest.raises(IllegalAction, match="Command: name the unit King on C4 attacks"):
        state.submit(0, "C3>C4")


def test_max_turns_counts_the_turns_of_each_player_ta12() -> None:
    # max_turns=3: 3 turns of each player, so the draw comes when turn 6 (seat 1's third)
    # ends; turn 5 ending is not enough. A Regenerate Hydra is hit for 1 every seat-0 turn
    # and heals every seat-1 turn, so the quiet-turn draw never fires.
    state = arena((0, "Ram", "C3"), (1, "Hydra", "C4"), (1, WALL, "A7"), max_turns=3)
    for _ in range(2):
        play(state, "C3>C4", "end", "end")  # turns 1-4
    play(state, "C3>C4", "end")  # turn 5
    assert not state.is_over
    play(state, "end")  # turn 6 ends: each player has had 3 turns
    assert state.is_over and state.winner is None
    assert state.result["reason"] == "3 turns of each player reached (max_turns, TA12)"
