"""The view's ``lost``: the pieces each side lost since the match's starting position, which a
set-up position may make smaller than a full army (issue 32 point 8: the board's "Captured
pieces" panel counted from a full army and said a five-piece side had lost 22 pieces)."""

from __future__ import annotations

import duelhost
from tests.games.generalissimo.helpers import make

NONE = {
    "Horseman": 0,
    "Archer": 0,
    "Shieldman": 0,
    "Swordsman": 0,
    "Guardsman": 0,
    "Catapult": 0,
}


def test_a_set_up_position_has_lost_nothing_at_its_start() -> None:
    # South: a Horseman; North: two Horsemen. A full army has 6 Horsemen, but nothing is lost.
    state = make({"A1": "H", "A3": "h", "I12": "h"})
    assert state.view(0)["lost"] == {"South": NONE, "North": NONE}
    # A1xA3 takes one of North's two Horsemen: North has lost 2 - 1 = 1 Horseman.
    state.submit(0, "A1xA3")
    lost = state.view(1)["lost"]
    assert lost["North"] == {**NONE, "Horseman": 1}
    assert lost["South"] == NONE


def test_a_piece_killed_by_its_own_volley_is_lost_too() -> None:
    # South's volley from E1 kills its own Swordsman on E5: 1 - 0 = 1 Swordsman lost.
    state = make({"E1": "C", "E5": "W", "A12": "h"})
    state.submit(0, "E1!")
    assert state.view(1)["lost"]["South"] == {**NONE, "Swordsman": 1}


def test_the_full_army_has_lost_nothing_at_its_start() -> None:
    state = duelhost.load("generalissimo").new()
    assert state.view(0)["lost"] == {"South": NONE, "North": NONE}
