"""Reading Tactical Genius submissions: reinforcement items and command orders (TG3-TG7).

Everything about a submission that the opponent's submission cannot change is checked here,
when it is made, so that a refused submission says which item broke which rule (G3).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from duelhost.core.errors import IllegalAction, quote, shorten
from duelhost.core.notation import format_cell, parse_cell
from duelhost.games.tactical_genius.actions import (
    PASS,
    Commands,
    Order,
    Placement,
    Reinforcement,
    format_bonus,
)
from duelhost.games.tactical_genius.army import (
    COLUMNS,
    DIRECTIONS,
    FACING,
    MAX_ATK,
    MAX_DEF,
    MAX_ON_BOARD,
    MAX_PLACED,
    MAX_SKILLS,
    ROWS,
    Army,
)
from duelhost.games.tactical_genius.table import TYPE_NAMES, UnitType

_NAME = re.compile(r"^[A-Za-z0-9]{1,5}$")
_CELL_LIKE = re.compile(r"^[A-Za-z][0-9]+$")
"""A name such as ``G1`` reads as a cell in orders (``G2 attack G1``), so it is refused."""
_BONUS = re.compile(r"^0?\.([0-9]{1,2})$")

Bad = Callable[[str], IllegalAction]
"""Makes the error for one problem of the item being read (the item's text in front)."""


class Notation(Army):
    """Parsing and checking a seat's submission."""

    # .................................................................. reinforcement

    def _parse_reinforcement(self, seat: int, items: list[str]) -> Reinforcement:
        advance = False
        placements: list[Placement] = []
        raw: list[str] = []
        for item in items:
            words = item.split()
            head = words[0].lower()
            if head == "advance" and len(words) == 1:
                if advance:
                    raise IllegalAction(f"{quote(item)}: advance is given twice")
                problem = self.advance_problem(seat)
                if problem is not None:
                    raise IllegalAction(f"{quote(item)}: you cannot advance: {problem}")
                advance = True
            elif head == "place":
                placements.append(self._parse_placement(seat, item, words))
                raw.append(item)
            else:
                raise IllegalAction(
                    f"{quote(item)} is not a reinforcement order; write 'advance', "
                    "'place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N] [def=N] [spd=N] "
                    "[skills=a,b]' or 'pass'"
                )
        self._check_placements(seat, advance, placements, raw)
        return Reinforcement(advance, tuple(placements))

    def _parse_placement(self, seat: int, item: str, words: list[str]) -> Placement:
        def bad(problem: str) -> IllegalAction:
            return IllegalAction(f"{shorten(item)}: {problem}")

        if len(words) < 4:
            raise bad(
                "write 'place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N] [def=N] [spd=N] "
                "[skills=a,b]'"
            )
        name = _unit_name(words[1], bad)
        unit_type = self.table.type_named(words[2])
        if unit_type is None:
            raise bad(
                f"{quote(words[2])} is not a unit type; the types are {', '.join(TYPE_NAMES)}"
            )
        try:
            col, row = parse_cell(words[3], COLUMNS, ROWS)
        except IllegalAction as error:
            raise bad(str(error)) from None
        values = _fields(words[4:], bad)
        bonus = _bonus(values, bad)
        stats = _stats(values, bad)
        skills = self._skills(unit_type, values.get("skills", ""), bad)
        return Placement(
            name,
            unit_type.name,
            col,
            row,
            bonus,
            stats["hp"],
            stats["atk"],
            stats["def"],
            stats["spd"],
            skills,
        )

    def _skills(self, unit_type: UnitType, text: str, bad: Bad) -> tuple[str, ...]:
        """``skills=a,b``: skills the type may learn, each once, at most ``MAX_SKILLS``."""
        skills: list[str] = []
        if not text:
            return ()
        learnable = self.table.learnable(unit_type)
        for part in text.split(","):
            sid = part.strip().lower().replace("_", "-")
            if sid not in self.table.skills:
                raise bad(
                    f"{quote(part)} is not a skill; a {unit_type.name} may learn "
                    f"{', '.join(learnable)}"
                )
            if sid not in learnable:
                raise bad(
                    f"a {unit_type.name} cannot learn {sid}; it may learn {', '.join(learnable)}"
                )
            if sid in skills:
                raise bad(f"skill {sid} is given twice")
            skills.append(sid)
        if len(skills) > MAX_SKILLS:
            raise bad(f"a unit has at most {MAX_SKILLS} skills")
        return tuple(skills)

    def _check_placements(
        self, seat: int, advance: bool, placements: list[Placement], raw: list[str]
    ) -> None:
        """Everything about a set of placements that the opponent's submission cannot change,
        checked against the board as it stands after this seat's own advance."""
        grid = self._grid_after_advance(seat) if advance else self.grid
        spent = 0
        names: set[str] = set()
        cells: set[tuple[int, int]] = set()
        bonuses = set(self.bonuses(seat))
        on_board = len(self.on_board(seat))
        for number, (placement, item) in enumerate(zip(placements, raw, strict=True)):

            def bad(problem: str, item: str = item) -> IllegalAction:
                return IllegalAction(f"{shorten(item)}: {problem}")

            problem = self._count_problem(seat, placement, names, number, on_board)
            if problem is not None:
                raise bad(problem)
            left = self.points[seat] - spent
            if placement.cost > left:
                raise bad(f"{left} points left, this unit costs {placement.cost}")
            if placement.bonus not in bonuses:
                offered = ", ".join(format_bonus(b) for b in self.bonuses(seat))
                raise bad(
                    f"bonus={format_bonus(placement.bonus)} is not yours to give; "
                    f"you may give {offered or 'none'} (TG4)"
                )
            cell = (placement.col, placement.row)
            problem = self._cell_problem(seat, placement.col, placement.row, grid)
            if problem is not None:
                raise bad(problem)
            if cell in cells:
                raise bad(f"another placement here is also on {format_cell(*cell)}")
            names.add(placement.name.lower())
            cells.add(cell)
            bonuses.discard(placement.bonus)
            spent += placement.cost

    def _grid_after_advance(self, seat: int) -> list[int]:
        """The grid with this seat's units one column forward (its own ``advance``)."""
        grid = [-1] * (COLUMNS * ROWS)
        for index, occupant in enumerate(self.grid):
            if occupant >= 0 and self.sheets[occupant].owner == seat:
                c, r = divmod(index, ROWS)
                grid[(c + FACING[seat]) * ROWS + r] = occupant
            elif occupant >= 0:
                grid[index] = occupant
        return grid

    def _count_problem(
        self, seat: int, placement: Placement, names: set[str], number: int, on_board: int
    ) -> str | None:
        """Why the name or the number of units refuses the ``number``-th placement of a
        submission (``names``: those of the earlier ones; ``on_board``: the seat's units)."""
        taken = self._name_taken(seat, placement.name)
        if taken is not None:
            return taken
        if placement.name.lower() in names:
            return f"another placement here is also named {placement.name}"
        if self.placed[seat] + number + 1 > MAX_PLACED:
            return f"a player places at most {MAX_PLACED} units in a match"
        if on_board + number + 1 > MAX_ON_BOARD:
            return f"a player has at most {MAX_ON_BOARD} units on the board"
        return None

    # .................................................................. commands

    def _parse_commands(self, seat: int, items: list[str]) -> Commands:
        mine = {self.sheets[u].name.lower(): u for u in self.on_board(seat)}
        orders: dict[int, Order] = {}
        for item in items:
            words = item.split()

            def bad(problem: str, item: str = item) -> IllegalAction:
                return IllegalAction(f"illegal order {quote(item)}: {problem}")

            if len(words) < 2:
                raise bad(
                    "write 'NAME attack CELL', 'NAME move up|down|forward', "
                    "'NAME skill SKILL [CELL]' or 'NAME idle'"
                )
            uid = mine.get(words[0].lower())
            if uid is None:
                names = ", ".join(self.sheets[u].name for u in self.on_board(seat))
                raise bad(
                    f"you have no unit named {quote(words[0])} on the board "
                    f"(yours: {names or 'none'})"
                )
            if uid in orders:
                raise bad(f"{self.sheets[uid].name} already has an order")
            order = self._parse_order(seat, uid, words, bad)
            orders[uid] = order
        explicit = tuple(o for _, o in sorted(orders.items()) if o.verb != "idle")
        return Commands(explicit)

    def _parse_order(self, seat: int, uid: int, words: list[str], bad: Any) -> Order:
        sheet = self.sheets[uid]
        verb = words[1].lower()
        if verb == "idle":
            if len(words) != 2:
                raise bad("'idle' takes nothing after it")
            return Order(uid, sheet.name, "idle")
        parse = self._ORDERS.get(verb)
        if parse is None:
            raise bad(
                f"{quote(words[1])} is not an order; the orders are attack, move, skill, idle"
            )
        return parse(self, uid, words, bad)

    def _order_attack(self, uid: int, words: list[str], bad: Bad) -> Order:
        sheet = self.sheets[uid]
        if len(words) != 3:
            raise bad("write 'NAME attack CELL'")
        if self.attack_of(uid) <= 0:
            raise bad(f"{sheet.name} has 0 attack and cannot attack")
        cell = self._cell(words[2], bad)
        reach = self.table.types[sheet.type].reach
        if not reach.covers(*self._offset(uid, cell)):
            raise bad(
                f"{format_cell(*cell)} is out of {sheet.name}'s range "
                f"({sheet.type}: {reach.describe()})"
            )
        return Order(uid, sheet.name, "attack", "", cell)

    def _order_move(self, uid: int, words: list[str], bad: Bad) -> Order:
        sheet = self.sheets[uid]
        if len(words) != 3 or words[2].lower() not in DIRECTIONS:
            raise bad("write 'NAME move up', 'NAME move down' or 'NAME move forward'")
        direction = words[2].lower()
        col, row = self._destination(uid, direction)
        if not (0 <= col < COLUMNS and 0 <= row < ROWS):
            raise bad(f"{sheet.name} cannot move {direction} off the board")
        return Order(uid, sheet.name, "move", direction)

    def _order_skill(self, uid: int, words: list[str], bad: Bad) -> Order:
        sheet = self.sheets[uid]
        if len(words) not in (3, 4):
            raise bad("write 'NAME skill SKILL [CELL]'")
        sid = words[2].lower().replace("_", "-")
        if sid not in sheet.skills:
            known = ", ".join(sheet.skills) or "none"
            raise bad(f"{sheet.name} has no skill {quote(words[2])} (its skills: {known})")
        skill = self.table.skills[sid]
        if skill.effect == "strike" and self.attack_of(uid) <= 0:
            raise bad(f"{sheet.name} has 0 attack and cannot use {sid}, an attack skill")
        if skill.target == "self":
            if len(words) != 3:
                raise bad(f"{sid} targets {sheet.name} itself and takes no cell")
            return Order(uid, sheet.name, "skill", sid)
        if len(words) != 4:
            raise bad(f"{sid} needs a target cell: '{sheet.name} skill {sid} CELL'")
        cell = self._cell(words[3], bad)
        assert skill.reach is not None
        if not skill.reach.covers(*self._offset(uid, cell)):
            raise bad(f"{format_cell(*cell)} is out of range of {sid} ({skill.reach.describe()})")
        return Order(uid, sheet.name, "skill", sid, cell)

    _ORDERS: ClassVar[dict[str, Callable[[Notation, int, list[str], Bad], Order]]] = {
        "attack": _order_attack,
        "move": _order_move,
        "skill": _order_skill,
    }

    @staticmethod
    def _cell(text: str, bad: Any) -> tuple[int, int]:
        try:
            return parse_cell(text, COLUMNS, ROWS)
        except IllegalAction as error:
            raise bad(str(error)) from None


_FIELDS = ("bonus", "hp", "atk", "def", "spd", "skills")


def _unit_name(name: str, bad: Bad) -> str:
    """A placement's unit name: 1-5 letters or digits, not a type, keyword or cell."""
    if not _NAME.match(name):
        raise bad(f"a unit name is 1-5 letters or digits, got {quote(name)}")
    if name.lower() in (t.lower() for t in TYPE_NAMES) or name.lower() in ("place", PASS):
        raise bad(f"'{name}' would confuse your opponent: it is a type name or keyword")
    if _CELL_LIKE.match(name):
        raise bad(f"'{name}' would confuse your opponent: it reads as a cell")
    return name


def _fields(words: list[str], bad: Bad) -> dict[str, str]:
    """The ``key=value`` words of a placement, each key known and given once."""
    values: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.lower()
        if not sep or key not in _FIELDS:
            raise bad(f"{quote(word)} is not one of bonus=, hp=, atk=, def=, spd=, skills=")
        if key in values:
            raise bad(f"{key}= is given twice")
        values[key] = value
    return values


def _bonus(values: dict[str, str], bad: Bad) -> int:
    """The decimal speed bonus ``bonus=0.26`` in hundredths (TG4)."""
    if "bonus" not in values:
        raise bad("every unit needs a decimal speed bonus, e.g. bonus=0.26 (TG4)")
    match = _BONUS.match(values["bonus"])
    if not match:
        raise bad(f"{shorten('bonus=' + values['bonus'])} is not a decimal like 0.26")
    digits = match.group(1)
    return int(digits) * (10 if len(digits) == 1 else 1)


def _stats(values: dict[str, str], bad: Bad) -> dict[str, int]:
    """Stat points ``hp=``, ``atk=``, ``def=``, ``spd=`` (0 when left out; TG3 limits)."""
    stats: dict[str, int] = {}
    for key in ("hp", "atk", "def", "spd"):
        value = values.get(key, "0")
        if not (value.isascii() and value.isdigit()) or len(value) > 3:
            raise bad(f"{shorten(key + '=' + value)}: stat points are a whole number of at least 0")
        stats[key] = int(value)
    if stats["atk"] > MAX_ATK:
        raise bad(f"atk={stats['atk']}: attack points are 0-{MAX_ATK}")
    if stats["def"] > MAX_DEF:
        raise bad(f"def={stats['def']}: defense points are 0-{MAX_DEF}")
    return stats
