"""Tactical Genius's fixed action encoding and observation for learning.

A phase's submission is built one step at a time; index 0 (END) submits what was built
(``pass`` when nothing). With ``S`` skills in the table (house table: 20, in the table's order)
and cells numbered ``(row - 1) * 10 + column`` (A1 = 0, J1 = 9, A2 = 10, ..., J3 = 29):

- 0: END;
- 1: ``advance`` (reinforcement);
- ``2 + type * 30 + cell``: start placing a unit of ``type`` on ``cell`` (types in table
  order: Axe, Sword, Lance, Beserker, Arrow, Gun, Magic, Cannon);
- ``242 + stat``: one more point of health, attack, defense or speed (0-3) for the unit being
  placed;
- ``246 + skill``: the unit being placed learns ``skill``;
- ``ORDERS + unit * (33 + 31 * S) + order`` (``ORDERS = 246 + S``): command the seat's
  ``unit``-th unit (in placing order, dead ones counted): order 0-2 ``move up``, ``down``,
  ``forward``; ``3 + cell``: ``attack CELL``; ``33 + skill * 31 + cell``: ``skill SKILL CELL``,
  and ``33 + skill * 31 + 30``: ``skill SKILL`` (no target).

The army is built in sub-steps: a placement starts a unit with no points, later steps add
points and skills to it, and the next placement, ``advance`` or END closes it. The engine
names the units (seat 0 ``ga``, ``gb``, ...; seat 1 ``ba``, ``bb``, ...; by how many the seat
has placed) and gives each the largest decimal speed bonus the seat still has (TG4). The mask
allows a step only when the whole submission it leads to would be accepted (the engine's own
check), and in a command phase the single-unit orders of ``legal()`` for units not yet ordered.
At most 10 units are placed in a match, so ``num_actions`` = ``ORDERS + 10 * (33 + 31 * S)``.

Observation (``30 * 19 + 16`` floats, own side first): per cell, whether the seat's own unit
or an opponent's stands there, its type (one-hot 8), health and maximum health (over 40),
attack, defense (over 10) and speed (over 20), its value (over 40), whether the seat has
ordered it this phase (draft), whether it is being placed (draft), and whether it is alive;
then the round (over 10), the phase (reinforcement, command), points left, units placed and
kill value (own, opponent's; over 40 and 10), garnets (own, opponent's), the steps of the
draft (over 20), whether the draft advances, the points spent in the draft (over 40), and
whether the match is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, Step, Valid, cell_index, cell_name
from duelhost.games.tactical_genius.table import STATS, TYPE_NAMES, load_table

COLUMNS = 10
CELLS = 30
END = 0
ADVANCE = 1
PLACE = 2
POINT = PLACE + len(TYPE_NAMES) * CELLS
SKILL = POINT + len(STATS)
MAX_UNITS = 10
MOVES = ("up", "down", "forward")
POINT_KEYS = ("hp", "atk", "def", "spd")
OWN_COLUMNS = ("ABCD", "GHIJ")


def _cell(text: str) -> int:
    return cell_index(text, COLUMNS)


def unit_name(seat: int, number: int) -> str:
    """The name the encoding gives the seat's ``number``-th unit (0-based)."""
    return ("g", "b")[seat] + "abcdefghij"[number]


class TacticalGeniusEncoding:
    multi_step = True

    def __init__(self, options: dict[str, Any]) -> None:
        table = load_table(options.get("table"))
        self.skills = list(table.skills)
        self.orders = SKILL + len(self.skills)
        self.per_unit = 3 + CELLS + (CELLS + 1) * len(self.skills)
        self.num_actions = self.orders + MAX_UNITS * self.per_unit
        self.observation_size = CELLS * 19 + 16

    # ------------------------------------------------------------------ indices

    def describe(self, index: int) -> str:
        if index == END:
            return "END: submit the phase (pass if empty)"
        if index == ADVANCE:
            return "advance"
        if index < POINT:
            kind, cell = divmod(index - PLACE, CELLS)
            return f"place a {TYPE_NAMES[kind]} on {cell_name(cell, COLUMNS)}"
        if index < SKILL:
            return f"one more {STATS[index - POINT]} point for the unit being placed"
        if index < self.orders:
            return f"the unit being placed learns {self.skills[index - SKILL]}"
        unit, order = divmod(index - self.orders, self.per_unit)
        return f"unit {unit + 1} of the seat: {self._order_words(order)}"

    def _order_words(self, order: int) -> str:
        if order < 3:
            return f"move {MOVES[order]}"
        if order < 3 + CELLS:
            return f"attack {cell_name(order - 3, COLUMNS)}"
        skill, cell = divmod(order - 3 - CELLS, CELLS + 1)
        target = "" if cell == CELLS else f" {cell_name(cell, COLUMNS)}"
        return f"skill {self.skills[skill]}{target}"

    def _order_index(self, slot: int, words: list[str]) -> int:
        base = self.orders + slot * self.per_unit
        if words[0] == "move":
            return base + MOVES.index(words[1])
        if words[0] == "attack":
            return base + 3 + _cell(words[1])
        skill = self.skills.index(words[1])
        cell = _cell(words[2]) if len(words) > 2 else CELLS
        return base + 3 + CELLS + skill * (CELLS + 1) + cell

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        """The index of the first step of one item of ``legal()``: ``advance``, a placement
        (its type and cell; points and skills are later steps) or a unit's order; -1 for
        ``pass`` (END of an empty draft)."""
        words = text.split()
        if text == "pass":
            return -1
        if text == "advance":
            return ADVANCE
        if words[0] == "place":
            return PLACE + TYPE_NAMES.index(words[2]) * CELLS + _cell(words[3])
        names = [unit["name"].lower() for unit in self._own_units(view)]
        return self._order_index(names.index(words[0].lower()), words[1:])

    # ------------------------------------------------------------------ drafts

    def _own_units(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [unit for unit in view["units"] if unit["seat"] == view["seat"]]

    def submission(self, view: dict[str, Any], draft: Draft) -> str:
        """The notation of a draft (``pass`` when empty)."""
        seat = view["seat"]
        if view["phase"] == "command":
            names = [unit["name"] for unit in self._own_units(view)]
            items = []
            for index in draft:
                unit, order = divmod(index - self.orders, self.per_unit)
                items.append(f"{names[unit]} {self._order_words(order)}")
            return "; ".join(items) if items else "pass"
        advance = False
        units: list[tuple[int, int, list[int], list[str]]] = []
        for index in draft:
            if index == ADVANCE:
                advance = True
            elif index < POINT:
                kind, cell = divmod(index - PLACE, CELLS)
                units.append((kind, cell, [0, 0, 0, 0], []))
            elif index < SKILL:
                units[-1][2][index - POINT] += 1
            else:
                units[-1][3].append(self.skills[index - SKILL])
        items = ["advance"] if advance else []
        bonuses = sorted(view["bonuses"][seat], key=float, reverse=True)
        placed = view["placed"][seat]
        for number, (kind, cell, points, skills) in enumerate(units):
            text = (
                f"place {unit_name(seat, placed + number)} {TYPE_NAMES[kind]} "
                f"{cell_name(cell, COLUMNS)} bonus={bonuses[number]}"
            )
            for key, amount in zip(POINT_KEYS, points, strict=True):
                if amount:
                    text += f" {key}={amount}"
            if skills:
                text += f" skills={','.join(skills)}"
            items.append(text)
        return "; ".join(items) if items else "pass"

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        found = {END: Step(text=self.submission(view, draft))}
        if view["phase"] == "command":
            found.update(self._order_steps(view, legal, draft))
            return dict(sorted(found.items()))
        for index in self._build_candidates(view, draft):
            longer = (*draft, index)
            if valid(self.submission(view, longer)):
                found[index] = Step(draft=longer)
        return dict(sorted(found.items()))

    def _order_steps(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft
    ) -> dict[int, Step]:
        """A command phase: the single-unit orders of ``legal()`` for units not yet ordered."""
        slots = {unit["name"].lower(): n for n, unit in enumerate(self._own_units(view))}
        ordered = {(index - self.orders) // self.per_unit for index in draft}
        found: dict[int, Step] = {}
        for text in legal:
            words = text.split()
            if text == "pass" or len(words) < 2:
                continue
            slot = slots[words[0].lower()]
            if slot not in ordered:
                index = self._order_index(slot, words[1:])
                found[index] = Step(draft=(*draft, index))
        return found

    def _build_candidates(self, view: dict[str, Any], draft: Draft) -> list[int]:
        """A reinforcement phase: the steps that may follow ``draft`` before the engine's
        check (advance once, a placement while units remain, points and skills while placing)."""
        seat = view["seat"]
        candidates: list[int] = []
        if ADVANCE not in draft:
            candidates.append(ADVANCE)
        opening = [index for index in draft if not POINT <= index < self.orders]
        placing = bool(opening) and PLACE <= opening[-1] < POINT
        if view["placed"][seat] + sum(PLACE <= i < POINT for i in draft) < MAX_UNITS:
            for kind in range(len(TYPE_NAMES)):
                for column in OWN_COLUMNS[seat]:
                    for row in range(3):
                        cell = row * COLUMNS + ord(column) - ord("A")
                        candidates.append(PLACE + kind * CELLS + cell)
        if placing:
            candidates.extend(range(POINT, self.orders))
        return candidates

    # ------------------------------------------------------------------ observations

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        me = view["seat"] if view["seat"] is not None else 0
        cells = self._unit_cells(view, draft, me)
        spent = 0
        advance = False
        for index in draft:
            if index == ADVANCE:
                advance = True
            elif PLACE <= index < POINT and view["phase"] != "command":
                cells[(index - PLACE) % CELLS][17] = 1.0
                spent += 3
            elif POINT <= index < self.orders and view["phase"] != "command":
                spent += 1
        obs = [value for row in cells for value in row]
        obs += [
            view["round"] / 10,
            float(view["phase"] == "reinforcement"),
            float(view["phase"] == "command"),
            view["points_left"][me] / 40,
            view["points_left"][1 - me] / 40,
            view["placed"][me] / 10,
            view["placed"][1 - me] / 10,
            view["kills"][me] / 40,
            view["kills"][1 - me] / 40,
            float(view["garnets"][me]),
            float(view["garnets"][1 - me]),
            len(draft) / 20,
            float(advance),
            spent / 40,
            float(view["is_over"]),
            float(me in view["to_act"]),
        ]
        return obs

    def _unit_cells(self, view: dict[str, Any], draft: Draft, me: int) -> list[list[float]]:
        """The 19 per-cell features of the living units (see the module)."""
        cells = [[0.0] * 19 for _ in range(CELLS)]
        own = 0
        ordered = set()
        if view["phase"] == "command":
            ordered = {(index - self.orders) // self.per_unit for index in draft}
        for unit in view["units"]:
            mine = unit["seat"] == me
            number = own
            if mine:
                own += 1
            if not unit["alive"] or unit["cell"] is None:
                continue
            row = cells[_cell(unit["cell"])]
            row[0] = float(mine)
            row[1] = float(not mine)
            row[2 + TYPE_NAMES.index(unit["type"])] = 1.0
            row[10] = unit["health"] / 40
            row[11] = unit["max_health"] / 40
            row[12] = unit["attack"] / 10
            row[13] = unit["defense"] / 10
            row[14] = float(unit["speed"]) / 20
            row[15] = unit["value"] / 40
            row[16] = float(mine and number in ordered)
            row[18] = 1.0
        return cells


def encoding(options: dict[str, Any]) -> TacticalGeniusEncoding:
    """The encoding for a game loaded with ``options``."""
    return TacticalGeniusEncoding(options)
