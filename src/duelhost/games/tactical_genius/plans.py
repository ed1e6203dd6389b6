"""Tactical Genius's family of fixed plans (``duelhost.bots.plans``), searched by ``duelhost
exploit tactical_genius``.

``army``: a fixed army built by a fixed timetable, then the greedy bot's orders. Parameters,
each read from the seat's view only (a number is rounded, a type index floored):

* ``kind`` (0-8): the army's type, the house table's order (Axe, Sword, ..., Cannon);
* ``counter`` (0-1): above one half, once the other seat has a unit on the board the army is
  of the type effective against most of the other seat's standing units (ties: ``kind``, then
  the table's order) instead: "wait and answer their army";
* ``wait`` (0-4): rounds with nothing placed; the army is built in round ``1 + wait``, or at
  once when ``counter`` holds and the other seat has a unit on the board (both before round
  10);
* ``units`` (1-5): the units built then, the points left shared as evenly as they go;
* ``atk``, ``def``, ``spd`` (0-5, 0-5, 0-3): each unit's stat points, the rest of its share as
  health; ``skill`` (0-1): above one half, the type's unique skill (one point);
* ``column`` (0-3): the own column placed on, counted from the middle (0: the front), the
  cells behind it next when it is full;
* ``advance`` (0-1): above one half, the army advances while none of its units has a target
  (the greedy bot's rule), else it never advances;
* ``rebuild`` (0-3): once built, one more unit of the army's type whenever fewer than this
  many of the seat's units stand, points allowing.

Commands are the greedy bot's (``bots.GreedyTacticalGenius``): each unit the attack or skill
dealing the most damage, else a step forward; its random sidestep tie-break is drawn from a
fixed seed, so a plan plays the same submission for the same view.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.plans import Family, register_family
from duelhost.games.tactical_genius import catalogue
from duelhost.games.tactical_genius.army import MAX_ATK, MAX_DEF, UNIT_COST
from duelhost.games.tactical_genius.bots import GreedyTacticalGenius
from duelhost.games.tactical_genius.geometry import GAME, LETTERS, OWN, TYPES

NAMES = (
    "kind",
    "counter",
    "wait",
    "units",
    "atk",
    "def",
    "spd",
    "skill",
    "column",
    "advance",
    "rebuild",
)
BOUNDS = (
    (0.0, 8.0),
    (0.0, 1.0),
    (0.0, 4.0),
    (1.0, 5.0),
    (0.0, 5.0),
    (0.0, 5.0),
    (0.0, 3.0),
    (0.0, 1.0),
    (0.0, 3.0),
    (0.0, 1.0),
    (0.0, 3.0),
)
MAX_SPD = 3
"""The plan's speed points at most (the search's bound; TG3 itself caps only attack and
defense)."""


def _clamp(value: float, low: int, high: int) -> int:
    return max(low, min(high, round(value)))


def _kind(params: tuple[float, ...]) -> str:
    return TYPES[max(0, min(len(TYPES) - 1, int(params[0])))]


def counter_type(own: str, enemies: list[str], info: dict[str, Any]) -> str:
    """The type effective against most of ``enemies`` (their types), ties: ``own``, then the
    table's order."""
    order = [own] + [t for t in TYPES if t != own]
    return max(
        order,
        key=lambda t: (
            sum(e in info["types"][t]["effective"] for e in enemies),
            -order.index(t),
        ),
    )


def _army_type(
    params: tuple[float, ...], view: dict[str, Any], seat: int, info: dict[str, Any]
) -> str:
    """The army's type: the first unit it built decides once it stands; else ``kind``, or the
    counter to the other seat's standing units."""
    built = [u["type"] for u in view["units"] if u["seat"] == seat]
    if built:
        return str(built[0])
    enemies = [u["type"] for u in view["units"] if u["alive"] and u["seat"] != seat]
    if params[1] > 0.5 and enemies:
        return counter_type(_kind(params), enemies, info)
    return _kind(params)


def _cells(view: dict[str, Any], seat: int, column: int, count: int) -> list[str]:
    """Up to ``count`` free cells not behind an enemy: the ``column``-th own column from the
    middle first, then those behind it, then those in front of it."""
    front = OWN[seat][::-1]
    return catalogue.free_cells(view, seat, front[column:] + front[:column][::-1], count)


def _unit(
    params: tuple[float, ...],
    name: str,
    kind: str,
    cell: str,
    bonus: str,
    share: int,
    unique: str,
) -> str | None:
    """One placement costing at most ``share``: the plan's stats as far as they fit (attack,
    then defense, speed, the skill), the rest health; None if not even a bare unit fits."""
    spend = share - UNIT_COST
    if spend < 0:
        return None
    atk = min(MAX_ATK, spend, _clamp(params[4], 0, MAX_ATK))
    spend -= atk
    defense = min(MAX_DEF, spend, _clamp(params[5], 0, MAX_DEF))
    spend -= defense
    spd = min(spend, _clamp(params[6], 0, MAX_SPD))
    spend -= spd
    skill = params[7] > 0.5 and spend >= 1
    spend -= int(skill)
    text, _ = catalogue.placement(
        name, kind, cell, bonus, spend, atk, defense, spd, unique if skill else None
    )
    return text


def _build(
    params: tuple[float, ...],
    view: dict[str, Any],
    seat: int,
    kind: str,
    count: int,
    advancing: bool,
    info: dict[str, Any],
) -> list[str]:
    """``count`` placements of the army's type (fewer when cells, bonuses, points or the
    board's limits run short)."""
    points = int(view["points_left"][seat])
    bonuses = list(view["bonuses"][seat])
    standing = sum(1 for u in view["units"] if u["alive"] and u["seat"] == seat)
    room = min(6 - standing, 10 - int(view["placed"][seat]))
    units = min(count, room, len(bonuses), points // UNIT_COST)
    if units <= 0:
        return []
    if advancing:
        # After the advance the army stands one column further: keep its cells free.
        view = dict(view)
        view["units"] = [dict(u) for u in view["units"]]
        step = 1 if seat == 0 else -1
        for u in view["units"]:
            if u["alive"] and u["seat"] == seat:
                u["cell"] = f"{LETTERS[LETTERS.index(u['cell'][0]) + step]}{u['cell'][1:]}"
    free = _cells(view, seat, _clamp(params[8], 0, 3), units)
    taken = {u["name"].lower() for u in view["units"]}
    prefix = ("Gr", "Bl")[seat]
    unique = info["types"][kind]["unique"]
    items: list[str] = []
    number = 1
    for share, cell, bonus in zip(catalogue.shares(points, units), free, bonuses, strict=False):
        while f"{prefix}{number}".lower() in taken:
            number += 1
        name = f"{prefix}{number}"
        taken.add(name.lower())
        text = _unit(params, name, kind, cell, bonus, share, unique)
        if text is not None:
            items.append(text)
    return items


def _reinforce(params: tuple[float, ...], handle: SeatHandle, view: dict[str, Any]) -> str:
    seat = handle.seat
    info: dict[str, Any] = handle.helper("type_info")
    mine = [u for u in view["units"] if u["alive"] and u["seat"] == seat]
    enemies = [u for u in view["units"] if u["alive"] and u["seat"] != seat]
    greedy = GreedyTacticalGenius(handle.game, seat, 0, army_type=_kind(params))
    greedy._info = info
    advancing = (
        params[9] > 0.5
        and bool(mine)
        and "advance" in handle.legal()
        and not any(greedy._targets(handle, u["name"], enemies) for u in mine)
    )
    built = any(u["seat"] == seat for u in view["units"])
    kind = _army_type(params, view, seat, info)
    count = 0
    if not built:
        due = int(view["round"]) >= 1 + _clamp(params[2], 0, 4)
        answer = params[1] > 0.5 and bool(enemies)
        if due or answer:
            count = _clamp(params[3], 1, 5)
    elif len(mine) < _clamp(params[10], 0, 3):
        count = 1
    items = ["advance"] if advancing else []
    items += _build(params, view, seat, kind, count, advancing, info)
    return "; ".join(items) if items else "pass"


def _army(params: tuple[float, ...], handle: SeatHandle) -> str:
    view = handle.view()
    if view["phase"] == "reinforcement":
        return _reinforce(params, handle, view)
    greedy = GreedyTacticalGenius(handle.game, handle.seat, 0, army_type=_kind(params))
    return greedy.act(handle)


ARMY = register_family(
    Family(
        game=GAME,
        name="army",
        summary="a fixed army (type or counter, timetable, stats, column), greedy orders",
        names=NAMES,
        bounds=BOUNDS,
        choose=_army,
    )
)
