"""Tactical Genius's battlefield as its bots see it: the army types, cells by name, each side's
own columns and the way it faces (shared by the greedy bot, its opponent model and the search
levels)."""

from __future__ import annotations

GAME = "tactical_genius"
TYPES = ("Axe", "Sword", "Lance", "Beserker", "Arrow", "Gun", "Magic", "Cannon")
LETTERS = "ABCDEFGHIJ"
OWN = ("ABCD", "JIHG")
"""Each side's own columns, from its edge towards the middle."""
FAR_EDGE = (9, 0)
FACING = (1, -1)


def coords(text: str) -> tuple[int, int]:
    return LETTERS.index(text[0].upper()), int(text[1:]) - 1


def cell_at(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"
