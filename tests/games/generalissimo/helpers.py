"""Test helpers: positions drawn as a dict of cells, and states made from them."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.games.generalissimo.state import GeneralissimoState

START = "hwcgggcwh/hwaaaaawh/hwssssswh/9/9/9/9/9/9/HWSSSSSWH/HWAAAAAWH/HWCGGGCWH s 1 0"


def diagram(
    pieces: dict[str, str], side: str = "s", moves: int = 2, quiet: int = 0, moved: str = ""
) -> str:
    """A position text from ``{"A1": "H", "I12": "h"}`` (capitals South, lower case North)."""
    rows = []
    for row in range(12, 0, -1):
        text = ""
        run = 0
        for column in "ABCDEFGHI":
            piece = pieces.get(f"{column}{row}")
            if piece is None:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += piece
        if run:
            text += str(run)
        rows.append(text)
    tail = f" {side} {moves} {quiet}" + (f" {moved}" if moved else "")
    return "/".join(rows) + tail


def make(pieces: dict[str, str] | str, seed: int = 0, **options: Any) -> GeneralissimoState:
    """A state from a diagram dict (South to move; 2 moves, or 1 with a single South piece,
    GE2) or a position text."""
    if isinstance(pieces, str):
        text = pieces
    else:
        south = sum(1 for letter in pieces.values() if letter.isupper())
        text = diagram(pieces, moves=1 if south == 1 else 2)
    state = duelhost.load("generalissimo", **options).new(seed=seed, position=text)
    assert isinstance(state, GeneralissimoState)
    return state


def piece_at(state: GeneralissimoState, cell: str) -> str:
    """The letter on a cell ('.' when empty), read from the public view."""
    column = "ABCDEFGHI".index(cell[0])
    row = int(cell[1:])
    return str(state.view(None)["board"][12 - row][column])
