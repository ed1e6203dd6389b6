"""Notation helpers shared by the games: cells, order lists and name prefixes.

Each game keeps its own parse/format pairs; these are the pieces several of them share, with
error messages in the games' common style (``IllegalAction`` naming what is wrong).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from duelhost.core.errors import IllegalAction, quote

_CELL = re.compile(r"^([A-Za-z])([0-9]{1,2})$")
"""ASCII digits only: ``\\d`` would also take "３" (full width) and "٣" (Arabic-Indic) as 3."""


def parse_cell(text: str, columns: int, rows: int) -> tuple[int, int]:
    """``"C4"`` -> ``(2, 3)``: zero-based (column, row) on a board of the given size."""
    match = _CELL.match(text.strip())
    if not match:
        raise IllegalAction(
            f"{quote(text)} is not a cell (a column letter and a row number, like A1)"
        )
    column = ord(match.group(1).upper()) - ord("A")
    row = int(match.group(2)) - 1
    if not (0 <= column < columns and 0 <= row < rows):
        last = chr(ord("A") + columns - 1)
        raise IllegalAction(f"{quote(text)} is off the board (columns A-{last}, rows 1-{rows})")
    return column, row


def format_cell(column: int, row: int) -> str:
    """``(2, 3)`` -> ``"C4"``."""
    return f"{chr(ord('A') + column)}{row + 1}"


def split_orders(text: str) -> list[str]:
    """Split a submission holding several orders, separated by ``;`` or new lines."""
    return [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]


def match_name(text: str, names: Sequence[str], what: str = "name") -> str:
    """Find the one name that ``text`` names, case-insensitively, exactly or as a prefix.

    Spaces are ignored (``"blackm"`` names ``"Black Mage"``). An exact match wins over longer
    names that share its prefix. An ambiguous prefix lists the candidates.
    """
    key = _squash(text)
    if not key:
        raise IllegalAction(f"empty {what}")
    exact = [name for name in names if _squash(name) == key]
    if exact:
        return exact[0]
    found = [name for name in names if _squash(name).startswith(key)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise IllegalAction(f"{quote(text)} is not a {what}; choose from {join_choices(names)}")
    raise IllegalAction(f"{quote(text)} is ambiguous: it could be {join_choices(found)}")


def join_choices(names: Iterable[str]) -> str:
    return ", ".join(names)


def _squash(text: str) -> str:
    return "".join(text.lower().split())
