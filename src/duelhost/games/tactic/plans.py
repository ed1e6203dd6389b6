"""/TACTIC/'s family of fixed plans (``duelhost.bots.plans``), searched by ``duelhost exploit
tactic``.

``setup``: a fixed setup (the hidden, simultaneous decisions of TA2, and the build), then the
greedy bot's play. Parameters, read with the seat's view only:

* ``faction`` (0-4): the faction, the table's order floored (Menagerie, Order, Abyss, Network
  in the house table; a larger index is the last);
* ``king`` (0-1): the King's crown space, the first (C1 / C7) below one half, else the second
  (E1 / E7);
* ``row`` (0-1): placements go to the front row of the build zone (row 2 / 6) above one half,
  else to the back row (1 / 7), the other row when that one is full;
* ``column`` (0-6): placements go to the free cell of that row nearest this column (A = 0; ties:
  the left one);
* ``weight_1`` .. ``weight_8`` (-1 to 1): each placement buys, among the units it can pay for,
  the one of highest weight, ``weight_k`` being the faction's k-th unit after the King in its
  table order (ties: the dearer, then the table's order).

Turns (and Flame choices) are the greedy bot's (``bots.GreedyTacticBot``): the action that most
improves its score one action ahead, the turn's end when none does; among equal actions the
first listed, so a plan plays the same action for the same view.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.plans import Family, register_family
from duelhost.games.tactic.bots import greedy_best

GAME = "tactic"
WEIGHTS = 8
"""Unit weights: as many as the largest faction of the house table has units besides its
King."""
COLUMNS = "ABCDEFG"


def _faction(params: tuple[float, ...], legal: list[str]) -> str:
    index = max(0, min(len(legal) - 1, int(params[0])))
    return legal[index]


def _king(params: tuple[float, ...], legal: list[str]) -> str:
    return legal[-1] if params[1] > 0.5 else legal[0]


def _place(params: tuple[float, ...], view: dict[str, Any], legal: list[str], seat: int) -> str:
    cards = [card for card in view["cards"][seat] if not card["king"]]
    weight = {card["unit"]: params[4 + k] if k < WEIGHTS else -1.0 for k, card in enumerate(cards)}
    cost = {card["unit"]: card["cost"] for card in cards}
    order = [card["unit"] for card in cards]
    offered = sorted({text.split()[1] for text in legal})
    unit = max(offered, key=lambda u: (weight[u], cost[u], -order.index(u)))
    rows = ("2", "1") if seat == 0 else ("6", "7")
    if params[2] <= 0.5:
        rows = rows[::-1]
    cells = [text.split()[2] for text in legal if text.split()[1] == unit]
    target = params[3]
    best = min(
        cells,
        key=lambda cell: (
            rows.index(cell[1]) if cell[1] in rows else 2,
            abs(COLUMNS.index(cell[0]) - target),
            cell[0],
        ),
    )
    return f"place {unit} {best}"


def _play(handle: SeatHandle, view: dict[str, Any], legal: list[str]) -> str:
    """The greedy bot's turn action with the first of equal actions (no randomness)."""
    best = greedy_best(handle, view, legal)
    return best[0] if best else "end"


def _setup(params: tuple[float, ...], handle: SeatHandle) -> str:
    view = handle.view()
    legal = handle.legal()
    phase = view["phase"]
    if phase == "faction":
        return _faction(params, legal)
    if phase == "king":
        return _king(params, legal)
    if phase == "place":
        return _place(params, view, legal, handle.seat)
    return _play(handle, view, legal)


SETUP = register_family(
    Family(
        game=GAME,
        name="setup",
        summary="a fixed faction, King space and build (unit weights, row, column), greedy play",
        names=(
            "faction",
            "king",
            "row",
            "column",
            *tuple(f"weight_{k}" for k in range(1, WEIGHTS + 1)),
        ),
        bounds=((0.0, 4.0), (0.0, 1.0), (0.0, 1.0), (0.0, 6.0)) + ((-1.0, 1.0),) * WEIGHTS,
        choose=_setup,
    )
)
