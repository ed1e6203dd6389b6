"""Generalissimo's advance term (``formation``) and the hunt term of ``hard`` and ``medium``,
on a hand-worked position.

South: Shieldman C4, Archer E2, Horseman A10; North: Swordsman C7. North's Swordsman reaches
C4 in three king steps (C6, C5, C4) and takes the Shieldman; it cannot take the Archer (five
rows away) nor the Horseman (GE5). South's Horseman goes A10-A9-A8-A7-B7-C7 (five orthogonal
steps) and takes the Swordsman; the Archer (one step, then a shot of at most 3 cells) never
has C7 on a line (the Shieldman on C4 blocks the C column, and no step puts it on C7's
diagonals within 3 cells), and the Shieldman cannot take a Swordsman.
"""

from __future__ import annotations

import random

import duelhost
from duelhost.bots.budget import Budget
from duelhost.games.generalissimo.board import CELL_OF_NAME
from duelhost.games.generalissimo.bots import ADVANCE, APPROACH, Search
from duelhost.games.generalissimo.formation import advance, exposed

POSITION = "9/9/H8/9/9/2w6/9/9/2S6/9/4A4/9 s 2 0"
C4 = CELL_OF_NAME["C4"]
C7 = CELL_OF_NAME["C7"]


def test_exposed_cells_are_those_the_side_can_remove() -> None:
    game = duelhost.load("generalissimo")
    south = game.new(seed=0, position=POSITION)
    north = game.new(seed=0, position=POSITION.replace(" s 2 ", " n 1 "))
    assert exposed(north._generated()) == {C4}
    assert exposed(south._generated()) == {C7}


def test_advance_counts_safe_rows_capped_at_seven() -> None:
    """South: the Archer on row 2 gains 1 row, the Horseman on row 10 gains 9, counted as 7;
    the Shieldman on C4 stands where the Swordsman takes it: not counted. 1 + 7 = 8. North:
    the Swordsman on row 7 gains 12 - 7 = 5 rows, or none when South can take it."""
    game = duelhost.load("generalissimo")
    board = game.new(seed=0, position=POSITION).board
    assert advance(board, 0, {C4}) == 8
    assert advance(board, 0, set()) == 8 + 3
    assert advance(board, 1, set()) == 5
    assert advance(board, 1, {C7}) == 0


def test_hard_and_medium_count_safe_rows_and_their_own_steps_to_prey() -> None:
    """Against the same evaluation with the old terms (steps to prey, South's minus North's):
    South's steps to the nearest enemy each piece can remove: Archer E2 to C7, 5 (king
    distance: 2 columns, 5 rows); Horseman A10 to C7, 3; the Shieldman cannot remove a
    Swordsman, not counted: 8. North's: the Swordsman to C4, 3. The old term for South is
    -10 x (8 - 3) = -50. The new one, from the root's 5 steps: -10 x (8 - 5) = -30, plus the
    advance term 10 x (8 - 0) = +80: 50 - (-50) = +100 more for South. For North every term
    changes sign: -100."""
    assert (ADVANCE, APPROACH) == (10.0, 10)
    game = duelhost.load("generalissimo")
    state = game.new(seed=0, position=POSITION)
    clock = Budget(nodes=10).clock()
    formed = Search(0, clock, 10, 1, random.Random(0), True, advance=True)
    formed.hunt_base = 5
    plain = Search(0, clock, 10, 1, random.Random(0), True)
    assert formed.standing(state, 0) - plain.standing(state, 0) == 100
    assert formed.standing(state, 1) - plain.standing(state, 1) == -100
