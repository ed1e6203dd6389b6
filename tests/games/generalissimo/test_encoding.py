"""Generalissimo's action encoding reads every Catapult action (issue 32, section 7): a
volley, a volley then a step, and a volley then a capture by that step."""

from __future__ import annotations

from duelhost.games.generalissimo.encoding import GeneralissimoEncoding
from tests.games.generalissimo.helpers import make


def test_catapult_volleys_then_steps_or_captures_have_their_own_indices() -> None:
    # The position of test_ge5_ge7 (test_pieces.py): South Catapult on E4, a North Archer on
    # E5, a North Catapult on D4, a North Shieldman on F4, a North Swordsman on E8.
    # E4 is cell (4 - 1) * 9 + 4 = 31. Volley: 263,954 + 31 = 263,985. Volley and step:
    # 264,062 + 31 * 8 + direction = 264,310 + direction, directions (column, row) being
    # (-1,-1) 0, (-1,0) 1, (-1,1) 2, (0,-1) 3, (0,1) 4, ...: D4 (-1,0) 264,311; E3 (0,-1)
    # 264,313; E5 (0,1) 264,314. Before the fix "E4!xE5" raised ValueError (int('4!')).
    state = make({"E4": "C", "E5": "a", "D4": "c", "F4": "s", "E8": "w", "A1": "W", "I12": "h"})
    encoding = GeneralissimoEncoding({})
    view, legal = state.view(0), state.legal(0)
    choices = encoding.choices(view, legal, (), lambda text: True)
    texts = {index: step.text for index, step in choices.items()}
    assert texts[263_985] == "E4!"
    assert texts[264_311] == "E4!xD4"
    assert texts[264_313] == "E4!-E3"
    assert texts[264_314] == "E4!xE5"
    assert encoding.describe(264_314) == "E4!-E5"
    assert sorted(texts.values(), key=str) == sorted(legal)
