"""Tactical Genius army building for the search levels: build second, from a catalogue.

Every sheet is public once placed (TG10), and a unit's type decides half of every fight: each
type deals double damage to four types (the circle of the house table). So the army built
*after* seeing the other seat's is worth more than any army built blind. The search levels:

* **wait** (``WAIT_ROUNDS``): in the first rounds, while the other seat has no unit on the
  board, they place nothing (``pass``); nothing is lost by it while no army is on the board to
  fight, and once the other seat's army is there the bot answers it (``hard`` waits through
  round 2, so against a bot that waits one round it still builds second; ``medium`` through
  round 1);
* **build from the catalogue** (``catalogue``): one army per type of the table, all of the same
  learned shape (``SHAPE``: three units, each with 5 attack points, 2 defense, 1 speed, its
  type's unique skill and every point left as health, the 40 points split as evenly as they
  go), placed on the front column of the seat's side for melee types and one column further
  back for ranged ones. The search values the eight armies against the other seat and builds
  the best (``search.py``).

The shape was chosen by playing armies of several shapes, each of the type answering the
other army's, against the greedy bot and the random bot over seeds 0-99 with seats swapped
(200 matches each; docs/bots.md, "Tactical Genius"): three units of 5/2/1 won every match
against ``greedy``; four units of 4/2/0 also 200, two units of 5/5/2 195; the greedy bot's
own spread (2-4 attack, 0-2 defense) left up to 15 points unspent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.games.tactical_genius.army import MAX_ATK, MAX_DEF, UNIT_COST

WAIT_ROUNDS = 2
"""Rounds ``hard`` waits while the other seat has no unit on the board (``medium``: one)."""
BAIT_UNTIL = 5
"""``hard``, when the other seat still has no unit on the board once its wait is over: it
places one bare unit of its own type (``bait``: 3 points) and keeps waiting through this round
for the other seat's army, then answers it with the catalogue (or builds blind in round 6, in
time for an unopposed army to reach the far edge by round 10). A plan that waits for the army
in front of it and builds the type effective against it (the exploit finder's ``counter``
plans: they beat the blind builder in 5 of 6 matches) answers the bait instead, spending its
points, and the army that answers it is ``hard``'s."""
OWN = ("ABCD", "JIHG")
"""Each side's own columns, from its edge towards the middle."""
LETTERS = "ABCDEFGHIJ"
ROW_ORDER = (1, 0, 2)
"""Rows filled first: the middle, then the top, then the bottom."""


@dataclass(frozen=True)
class Shape:
    """How many units an army has and the points each puts in attack, defense and speed (the
    rest of its share is health), and whether it learns its type's unique skill."""

    units: int
    atk: int
    defense: int
    spd: int
    unique: bool


SHAPE = Shape(units=3, atk=5, defense=2, spd=1, unique=True)


def shares(points: int, units: int) -> list[int]:
    """``points`` split over ``units`` as evenly as whole points go, larger shares first."""
    base, extra = divmod(points, units)
    return [base + (1 if k < extra else 0) for k in range(units)]


def unit_text(
    name: str, kind: str, cell: str, bonus: str, share: int, unique: str, shape: Shape
) -> tuple[str, int]:
    """One placement of the shape costing at most ``share`` points, and its cost: attack
    first, then defense, then speed, then the skill, and the rest as health (TG3's limits)."""
    spend = share - UNIT_COST
    atk = min(MAX_ATK, spend, shape.atk)
    spend -= atk
    defense = min(MAX_DEF, spend, shape.defense)
    spend -= defense
    spd = min(spend, shape.spd)
    spend -= spd
    skill = shape.unique and spend >= 1
    spend -= int(skill)
    return placement(name, kind, cell, bonus, spend, atk, defense, spd, unique if skill else None)


def placement(
    name: str,
    kind: str,
    cell: str,
    bonus: str,
    hp: int,
    atk: int,
    defense: int,
    spd: int,
    skill: str | None,
) -> tuple[str, int]:
    """The placement text of a unit with these stat points (and ``skill``, if any), and its
    cost in points."""
    text = f"place {name} {kind} {cell} bonus={bonus}"
    for key, value in (("hp", hp), ("atk", atk), ("def", defense), ("spd", spd)):
        if value:
            text += f" {key}={value}"
    if skill:
        text += f" skills={skill}"
    return text, UNIT_COST + atk + defense + spd + int(bool(skill)) + hp


def behind(seat: int, col: int, row: int, enemies: list[tuple[int, int]]) -> bool:
    """Whether the cell (``col``, ``row``) is behind an enemy unit of its row, seen from
    ``seat``'s side (a unit placed there could not advance past it)."""
    return any(r == row and (c < col if seat == 0 else c > col) for c, r in enemies)


def cells(view: dict[str, Any], seat: int, ranged: bool, count: int) -> list[str]:
    """Up to ``count`` free cells of the seat's side that are not behind an enemy (TG7): melee
    armies from the front column back, ranged ones from the second column, the front last."""
    front = OWN[seat][::-1]
    return free_cells(view, seat, front[1:] + front[:1] if ranged else front, count)


def free_cells(view: dict[str, Any], seat: int, columns: str | list[str], count: int) -> list[str]:
    """Up to ``count`` free cells not behind an enemy (TG7), column by column in ``columns``'
    order, each column in ``ROW_ORDER``."""
    occupied = {u["cell"] for u in view["units"] if u["alive"]}
    enemies = [
        (LETTERS.index(u["cell"][0]), int(u["cell"][1:]) - 1)
        for u in view["units"]
        if u["alive"] and u["seat"] != seat
    ]
    found: list[str] = []
    for letter in columns:
        col = LETTERS.index(letter)
        for row in ROW_ORDER:
            cell = f"{letter}{row + 1}"
            if cell not in occupied and not behind(seat, col, row, enemies):
                found.append(cell)
    return found[:count]


def bait(view: dict[str, Any], seat: int, kind: str) -> str:
    """One bare unit of ``kind`` (3 points: no stat points, no skill) on the seat's first free
    front cell (``BAIT_UNTIL``)."""
    taken = {u["name"].lower() for u in view["units"]}
    prefix = ("Gr", "Bl")[seat]
    number = 1
    while f"{prefix}{number}".lower() in taken:
        number += 1
    cell = cells(view, seat, False, 1)
    bonus = view["bonuses"][seat][0]
    text, _ = placement(f"{prefix}{number}", kind, cell[0], bonus, 0, 0, 0, 0, None)
    return text


def army(
    view: dict[str, Any], seat: int, kind: str, info: dict[str, Any], shape: Shape = SHAPE
) -> str:
    """The seat's whole army of one type in the shape, as one reinforcement submission (fewer
    units when cells, names, bonuses or points run short; ``pass`` if none fits)."""
    points = int(view["points_left"][seat])
    bonuses = list(view["bonuses"][seat])
    taken = {u["name"].lower() for u in view["units"]}
    prefix = ("Gr", "Bl")[seat]
    free = cells(view, seat, info["types"][kind]["class"] == "ranged", shape.units)
    units = min(shape.units, len(free), len(bonuses), points // UNIT_COST)
    items: list[str] = []
    number = 1
    for share, cell, bonus in zip(shares(points, max(units, 1)), free, bonuses, strict=False):
        if len(items) >= units:
            break
        while f"{prefix}{number}".lower() in taken:
            number += 1
        name = f"{prefix}{number}"
        taken.add(name.lower())
        text, _ = unit_text(name, kind, cell, bonus, share, info["types"][kind]["unique"], shape)
        items.append(text)
    return "; ".join(items) if items else "pass"
