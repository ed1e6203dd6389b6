"""What the views hold (the board with owner, type, HP, damage, AT and modifiers, abilities,
cached flag) and G3 for turn actions."""

from __future__ import annotations

import pytest

from duelhost import IllegalAction
from duelhost.games.tactic.render import render_view
from tests.games.tactic.helpers import arena, play


def by_cell(view: dict[str, object]) -> dict[str, dict[str, object]]:
    return {u["cell"]: u for u in view["board"]}  # type: ignore[attr-defined, index]


def test_unit_view_fields() -> None:
    state = arena((0, "Bear", "C3", 1), (1, "Gorgon", "C4"), (0, "Lurker", "A1"))
    view = state.view(1)
    bear = by_cell(view)["C3"]
    # AT 2: the enemy Gorgon's Annoy -1 (1), then Spite +1: 2, modifiers in that order.
    assert bear == {
        "cell": "C3",
        "seat": 0,
        "unit": "Bear",
        "king": False,
        "hp": 4,
        "damage": 1,
        "at": 2,
        "at_modifiers": ["Annoy -1 (Gorgon on C4)", "Spite +1"],
        "abilities": ["Spite"],
        "cached": False,
        "moved": False,
        "used": [],
    }
    play(state, "C3>C4")
    assert by_cell(state.view(None))["C3"]["cached"] is True


def test_every_seat_sees_the_same_public_board_in_play() -> None:
    state = arena((0, "Bear", "C3", 1), (1, "Gorgon", "C4"))
    views = [state.view(seat) for seat in (0, 1, None)]
    boards = [v["board"] for v in views]
    assert boards[0] == boards[1] == boards[2]


def test_a_waiting_flame_choice_is_shown_to_everyone() -> None:
    state = arena(
        (0, "Knight", "C3"), (0, "Cleric", "B5"), (1, "Salamander", "C4", 1), (1, "Hydra", "D4")
    )
    play(state, "C3>C4")
    for seat in (0, 1, None):
        flame = state.view(seat)["flame"]
        assert flame == {
            "seat": 1,
            "unit": "Salamander",
            "cell": "C4",
            "choices": ["C3", "D4", "B5"],
        }
    with pytest.raises(IllegalAction, match="it is not seat 0's turn"):
        state.submit(0, "end")
    with pytest.raises(IllegalAction, match="first choose the unit the Flame"):
        state.submit(1, "D4>C3")
    with pytest.raises(IllegalAction, match="the Flame burns an adjacent unit"):
        state.submit(1, "flame A1")


def test_rejected_turn_actions_change_nothing() -> None:
    """G3: the state is unchanged by an illegal submission."""
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Knight", "D4"))
    before = state.to_json()
    for text in ["C3-C2", "C3>D4", "C3 push C4 C5", "C3>C4,D4", "Z9>A1", "C3 fly C4", "end now"]:
        with pytest.raises(IllegalAction) as caught:
            play(state, text)
        assert str(caught.value)
        assert state.to_json() == before


def test_render_shows_the_board_and_units() -> None:
    state = arena((0, "King:Order", "C1"), (1, "Gorgon", "C4", 2))
    text = render_view(state.view(None))
    lines = text.splitlines()
    assert any(line.startswith("  4 ") and "1Gor2" in line for line in lines)
    assert any(line.startswith("  1 ") and "0*Ki" in line for line in lines)
    assert "C4  seat 1 Gorgon      HP 3 dmg 2 AT 1 | Annoy" in text
    assert "[" not in text  # rich would read brackets as markup
