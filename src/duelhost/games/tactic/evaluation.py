"""How good a /TACTIC/ board is for a seat: the score the greedy bot maximises (``score``, on a
view's units) and the search levels' rollouts compute on the state (``rollout.raw_score``).

The score counts the enemy King's lost HP heavily, so a bot attacks the King when it can; other
units count their HP, AT and a bonus for being alive, and each of the seat's own units is pulled
towards the enemy King.
"""

from __future__ import annotations

from typing import Any

KING_HP_WEIGHT = 12.0
UNIT_BONUS = 3.0
APPROACH = 0.3
WIN = 1e6


def _cell(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("A"), int(name[1:]) - 1


def score(units: list[dict[str, Any]], seat: int, winner: int | None, over: bool) -> float:
    """How good a board is for ``seat`` (higher is better)."""
    if over:
        return 0.0 if winner is None else (WIN if winner == seat else -WIN)
    total = 0.0
    enemy_king = next((u for u in units if u["king"] and u["seat"] != seat), None)
    for unit in units:
        left = unit["hp"] - unit["damage"]
        value = KING_HP_WEIGHT * left if unit["king"] else UNIT_BONUS + left + unit["at"]
        if unit["seat"] == seat:
            total += value
            if enemy_king is not None and not unit["king"]:
                x, y = _cell(unit["cell"])
                kx, ky = _cell(enemy_king["cell"])
                dx, dy = abs(x - kx), abs(y - ky)
                # Orthogonal attackers need to line up (Manhattan), Badgers diagonal ones.
                badger = "Badger" in unit.get("abilities", ())
                total -= APPROACH * (max(dx, dy) if badger else dx + dy)
        else:
            total -= value
    return total
