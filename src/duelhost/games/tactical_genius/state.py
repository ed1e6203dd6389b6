"""The Tactical Genius match state: army building, secret orders resolved by speed, reinforcements.

Seat 0 is Green (columns A-D, facing column J), seat 1 is Blue (columns G-J, facing column A)
(RULINGS G1, TG1). Round 1 is a reinforcement phase; rounds 2-10 are a command phase followed by
a reinforcement phase (TG2). Both phases are simultaneous decisions: each seat's whole phase is
one submission (see ``actions``). Unit stats are public, as on the original shared sheet; the
only secrets are pending submissions, which the kernel holds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.notation import format_cell, parse_cell, split_orders
from duelhost.core.rng import derive
from duelhost.core.state import State
from duelhost.games.tactical_genius.actions import (
    PASS,
    Commands,
    Order,
    Placement,
    Reinforcement,
    format_bonus,
    format_speed,
)
from duelhost.games.tactical_genius.table import TYPE_NAMES, Reach, Skill, Table, load_table

COLUMNS = 10
ROWS = 3
ROUNDS = 10
BUDGET = 40
UNIT_COST = 3
MAX_ON_BOARD = 6
MAX_PLACED = 10
MAX_SKILLS = 2
MAX_ATK = 5
MAX_DEF = 5
NAME_LENGTH = 5
SIDES = ("Green", "Blue")
FACING = (1, -1)
"""Column step forward: Green towards J, Blue towards A (TG1)."""
OWN_COLUMNS = ((0, 1, 2, 3), (6, 7, 8, 9))
FAR_EDGE = (COLUMNS - 1, 0)
EVEN_BONUSES = tuple(range(26, 0, -2))
ODD_BONUSES = tuple(range(25, 0, -2))
DIRECTIONS = ("up", "down", "forward")
PHASE_SECONDS = 300
EXTENDED_SECONDS = 600
_NAME = re.compile(r"^[A-Za-z0-9]{1,5}$")
_CELL_LIKE = re.compile(r"^[A-Za-z][0-9]+$")
"""A name such as ``G1`` reads as a cell in orders (``G2 attack G1``), so it is refused."""
_BONUS = re.compile(r"^0?\.([0-9]{1,2})$")
_CELL_NAMES = tuple(format_cell(c, r) for c in range(COLUMNS) for r in range(ROWS))


@dataclass(frozen=True, slots=True)
class Sheet:
    """A unit's fixed stats, decided when it is placed (TG3); public."""

    uid: int
    owner: int
    name: str
    type: str
    kind: str
    max_health: int
    attack: int
    defense: int
    speed: int
    """In hundredths, decimal bonus included."""
    bonus: int
    skills: tuple[str, ...]
    value: int
    """Points spent on the unit (its kill value, TG8)."""


class TacticalGeniusState(State):
    """A match of Tactical Genius."""

    table: Table
    garnets: tuple[int, int]
    even_seat: int
    round: int
    phase: str
    sheets: list[Sheet]
    health: list[float]
    col: list[int]
    row: list[int]
    alive: list[bool]
    boost_atk: list[int]
    boost_def: list[int]
    boost_spd: list[int]
    boosted: list[tuple[str, ...]]
    grid: list[int]
    points: list[int]
    placed: list[int]
    used_bonus: list[tuple[int, ...]]
    kills: list[int]
    last_log: list[dict[str, Any]]

    # ------------------------------------------------------------------ setup

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        options = self.game.options
        self.table = load_table(options["table"])
        self.garnets = (int(options["garnets0"]), int(options["garnets1"]))
        if self.garnets[0] != self.garnets[1]:
            self.even_seat = 0 if self.garnets[0] > self.garnets[1] else 1
        else:
            # TG4: equal garnets, a coin flip from the seed gives one player the even set.
            self.even_seat = derive(self.seed, "tactical_genius", "even-bonuses").randrange(2)
        self.round = 1
        self.phase = "reinforcement"
        self.sheets = []
        self.health = []
        self.col = []
        self.row = []
        self.alive = []
        self.boost_atk = []
        self.boost_def = []
        self.boost_spd = []
        self.boosted = []
        self.grid = [-1] * (COLUMNS * ROWS)
        self.points = [BUDGET, BUDGET]
        self.placed = [0, 0]
        self.used_bonus = [(), ()]
        self.kills = [0, 0]
        self.last_log = []
        return {}

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, TacticalGeniusState)
        other.sheets = self.sheets.copy()
        other.health = self.health.copy()
        other.col = self.col.copy()
        other.row = self.row.copy()
        other.alive = self.alive.copy()
        other.boost_atk = self.boost_atk.copy()
        other.boost_def = self.boost_def.copy()
        other.boost_spd = self.boost_spd.copy()
        other.boosted = self.boosted.copy()
        other.grid = self.grid.copy()
        other.points = self.points.copy()
        other.placed = self.placed.copy()
        other.used_bonus = self.used_bonus.copy()
        other.kills = self.kills.copy()
        other.last_log = self.last_log.copy()

    # ------------------------------------------------------------------ queries

    def bonuses(self, seat: int) -> tuple[int, ...]:
        """The decimal speed bonuses (hundredths) ``seat`` may still give, largest first (TG4)."""
        full = EVEN_BONUSES if seat == self.even_seat else ODD_BONUSES
        return tuple(b for b in full if b not in self.used_bonus[seat])

    def at(self, col: int, row: int) -> int:
        """The unit id on a tile, -1 if empty."""
        return self.grid[col * ROWS + row]

    def on_board(self, seat: int | None = None) -> list[int]:
        return [
            u
            for u, s in enumerate(self.sheets)
            if self.alive[u] and (seat is None or s.owner == seat)
        ]

    def attack_of(self, uid: int) -> int:
        return max(0, self.sheets[uid].attack + self.boost_atk[uid])

    def defense_of(self, uid: int) -> int:
        return max(0, self.sheets[uid].defense + self.boost_def[uid])

    def speed_of(self, uid: int) -> int:
        """Current speed in hundredths; integer boosts keep every speed distinct (TG4)."""
        return self.sheets[uid].speed + 100 * self.boost_spd[uid]

    def column_has_enemy(self, seat: int, col: int) -> bool:
        return any(
            (u := self.at(col, r)) >= 0 and self.sheets[u].owner != seat for r in range(ROWS)
        )

    def behind_enemy(self, seat: int, col: int, row: int, grid: list[int] | None = None) -> bool:
        """TG7: an enemy stands in this row nearer to ``seat``'s own edge."""
        cells = self.grid if grid is None else grid
        nearer = range(col) if seat == 0 else range(col + 1, COLUMNS)
        for c in nearer:
            u = cells[c * ROWS + row]
            if u >= 0 and self.sheets[u].owner != seat:
                return True
        return False

    def can_create(self, seat: int) -> bool:
        """TG8: a player can make another unit with 3 points and fewer than 10 placed."""
        return self.points[seat] >= UNIT_COST and self.placed[seat] < MAX_PLACED

    def advance_problem(self, seat: int) -> str | None:
        """Why ``seat`` cannot advance now, or None (TG7)."""
        units = self.on_board(seat)
        if not units:
            return "you have no units on the board"
        step = FACING[seat]
        for u in units:
            dest = self.col[u] + step
            if not 0 <= dest < COLUMNS:
                return f"{self.sheets[u].name} cannot advance off the board"
            if self.column_has_enemy(seat, dest):
                return (
                    f"{self.sheets[u].name} would enter column {chr(65 + dest)}, "
                    "which holds an enemy"
                )
        return None

    def _name_taken(self, seat: int, name: str) -> str | None:
        key = name.lower()
        for sheet in self.sheets:
            if sheet.name.lower() == key:
                if sheet.owner == seat:
                    return f"you already have a unit named {sheet.name}"
                return f"{sheet.name} is an opponent's unit name"
        return None

    # ------------------------------------------------------------------ decisions

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _timeout_action(self, seat: int) -> Any:
        # TG9: a unit without an order idles; a reinforcement phase without a submission
        # does nothing.
        return Commands() if self.phase == "command" else Reinforcement()

    def _format(self, seat: int, action: Any) -> str:
        assert isinstance(action, (Commands, Reinforcement))
        return action.text()

    def _parse(self, seat: int, text: str) -> Any:
        if "\x00" in text:
            raise IllegalAction("a submission cannot contain NUL characters")
        items = split_orders(text)
        if len(items) == 1 and items[0].lower() == PASS:
            items = []
        if self.phase == "command":
            return self._parse_commands(seat, items)
        return self._parse_reinforcement(seat, items)

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
                    raise IllegalAction(f"'{item}': advance is given twice")
                problem = self.advance_problem(seat)
                if problem is not None:
                    raise IllegalAction(f"'{item}': you cannot advance: {problem}")
                advance = True
            elif head == "place":
                placements.append(self._parse_placement(seat, item, words))
                raw.append(item)
            else:
                raise IllegalAction(
                    f"'{item}' is not a reinforcement order; write 'advance', "
                    "'place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N] [def=N] [spd=N] "
                    "[skills=a,b]' or 'pass'"
                )
        self._check_placements(seat, advance, placements, raw)
        return Reinforcement(advance, tuple(placements))

    def _parse_placement(self, seat: int, item: str, words: list[str]) -> Placement:
        def bad(problem: str) -> IllegalAction:
            return IllegalAction(f"{item}: {problem}")

        if len(words) < 4:
            raise bad(
                "write 'place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N] [def=N] [spd=N] "
                "[skills=a,b]'"
            )
        name = words[1]
        if not _NAME.match(name):
            raise bad(f"a unit name is 1-5 letters or digits, got '{name}'")
        if name.lower() in (t.lower() for t in TYPE_NAMES) or name.lower() in ("place", PASS):
            raise bad(f"'{name}' would confuse your opponent: it is a type name or keyword")
        if _CELL_LIKE.match(name):
            raise bad(f"'{name}' would confuse your opponent: it reads as a cell")
        unit_type = self.table.type_named(words[2])
        if unit_type is None:
            raise bad(f"'{words[2]}' is not a unit type; the types are {', '.join(TYPE_NAMES)}")
        try:
            col, row = parse_cell(words[3], COLUMNS, ROWS)
        except IllegalAction as error:
            raise bad(str(error)) from None
        values: dict[str, str] = {}
        for word in words[4:]:
            key, sep, value = word.partition("=")
            key = key.lower()
            if not sep or key not in ("bonus", "hp", "atk", "def", "spd", "skills"):
                raise bad(f"'{word}' is not one of bonus=, hp=, atk=, def=, spd=, skills=")
            if key in values:
                raise bad(f"{key}= is given twice")
            values[key] = value
        if "bonus" not in values:
            raise bad("every unit needs a decimal speed bonus, e.g. bonus=0.26 (TG4)")
        match = _BONUS.match(values["bonus"])
        if not match:
            raise bad(f"bonus={values['bonus']} is not a decimal like 0.26")
        digits = match.group(1)
        bonus = int(digits) * (10 if len(digits) == 1 else 1)
        stats: dict[str, int] = {}
        for key in ("hp", "atk", "def", "spd"):
            value = values.get(key, "0")
            if not (value.isascii() and value.isdigit()) or len(value) > 3:
                raise bad(f"{key}={value}: stat points are a whole number of at least 0")
            stats[key] = int(value)
        if stats["atk"] > MAX_ATK:
            raise bad(f"atk={stats['atk']}: attack points are 0-{MAX_ATK}")
        if stats["def"] > MAX_DEF:
            raise bad(f"def={stats['def']}: defense points are 0-{MAX_DEF}")
        skills: list[str] = []
        if values.get("skills"):
            learnable = self.table.learnable(unit_type)
            for part in values["skills"].split(","):
                sid = part.strip().lower().replace("_", "-")
                if sid not in self.table.skills:
                    raise bad(
                        f"'{part}' is not a skill; a {unit_type.name} may learn "
                        f"{', '.join(learnable)}"
                    )
                if sid not in learnable:
                    raise bad(
                        f"a {unit_type.name} cannot learn {sid}; it may learn "
                        f"{', '.join(learnable)}"
                    )
                if sid in skills:
                    raise bad(f"skill {sid} is given twice")
                skills.append(sid)
            if len(skills) > MAX_SKILLS:
                raise bad(f"a unit has at most {MAX_SKILLS} skills")
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
            tuple(skills),
        )

    def _check_placements(
        self, seat: int, advance: bool, placements: list[Placement], raw: list[str]
    ) -> None:
        """Everything about a set of placements that the opponent's submission cannot change,
        checked against the board as it stands after this seat's own advance."""
        grid = self.grid
        if advance:
            grid = [-1] * (COLUMNS * ROWS)
            for index, occupant in enumerate(self.grid):
                if occupant >= 0 and self.sheets[occupant].owner == seat:
                    c, r = divmod(index, ROWS)
                    grid[(c + FACING[seat]) * ROWS + r] = occupant
                elif occupant >= 0:
                    grid[index] = occupant
        spent = 0
        names: set[str] = set()
        cells: set[tuple[int, int]] = set()
        bonuses = set(self.bonuses(seat))
        on_board = len(self.on_board(seat))
        for number, (placement, item) in enumerate(zip(placements, raw, strict=True)):

            def bad(problem: str, item: str = item) -> IllegalAction:
                return IllegalAction(f"{item}: {problem}")

            taken = self._name_taken(seat, placement.name)
            if taken is not None:
                raise bad(taken)
            if placement.name.lower() in names:
                raise bad(f"another placement here is also named {placement.name}")
            if self.placed[seat] + number + 1 > MAX_PLACED:
                raise bad(f"a player places at most {MAX_PLACED} units in a match")
            if on_board + number + 1 > MAX_ON_BOARD:
                raise bad(f"a player has at most {MAX_ON_BOARD} units on the board")
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

    def _cell_problem(self, seat: int, col: int, row: int, grid: list[int]) -> str | None:
        if col not in OWN_COLUMNS[seat]:
            first, last = OWN_COLUMNS[seat][0], OWN_COLUMNS[seat][-1]
            return (
                f"{format_cell(col, row)} is not on your side (columns {chr(65 + first)}-"
                f"{chr(65 + last)})"
            )
        if grid[col * ROWS + row] >= 0:
            return f"{format_cell(col, row)} is occupied"
        if self.behind_enemy(seat, col, row, grid):
            return f"{format_cell(col, row)} is behind an enemy unit"
        return None

    # .................................................................. commands

    def _parse_commands(self, seat: int, items: list[str]) -> Commands:
        mine = {self.sheets[u].name.lower(): u for u in self.on_board(seat)}
        orders: dict[int, Order] = {}
        for item in items:
            words = item.split()

            def bad(problem: str, item: str = item) -> IllegalAction:
                return IllegalAction(f"illegal order '{item}': {problem}")

            if len(words) < 2:
                raise bad(
                    "write 'NAME attack CELL', 'NAME move up|down|forward', "
                    "'NAME skill SKILL [CELL]' or 'NAME idle'"
                )
            uid = mine.get(words[0].lower())
            if uid is None:
                names = ", ".join(self.sheets[u].name for u in self.on_board(seat))
                raise bad(
                    f"you have no unit named '{words[0]}' on the board (yours: {names or 'none'})"
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
        if verb == "attack":
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
        if verb == "move":
            if len(words) != 3 or words[2].lower() not in DIRECTIONS:
                raise bad("write 'NAME move up', 'NAME move down' or 'NAME move forward'")
            direction = words[2].lower()
            col, row = self._destination(uid, direction)
            if not (0 <= col < COLUMNS and 0 <= row < ROWS):
                raise bad(f"{sheet.name} cannot move {direction} off the board")
            return Order(uid, sheet.name, "move", direction)
        if verb == "skill":
            if len(words) not in (3, 4):
                raise bad("write 'NAME skill SKILL [CELL]'")
            sid = words[2].lower().replace("_", "-")
            if sid not in sheet.skills:
                known = ", ".join(sheet.skills) or "none"
                raise bad(f"{sheet.name} has no skill '{words[2]}' (its skills: {known})")
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
                raise bad(
                    f"{format_cell(*cell)} is out of range of {sid} ({skill.reach.describe()})"
                )
            return Order(uid, sheet.name, "skill", sid, cell)
        raise bad(f"'{words[1]}' is not an order; the orders are attack, move, skill, idle")

    @staticmethod
    def _cell(text: str, bad: Any) -> tuple[int, int]:
        try:
            return parse_cell(text, COLUMNS, ROWS)
        except IllegalAction as error:
            raise bad(str(error)) from None

    def _offset(self, uid: int, cell: tuple[int, int]) -> tuple[int, int]:
        """(columns ahead in the unit's facing direction, rows up or down) of a tile."""
        owner = self.sheets[uid].owner
        return (cell[0] - self.col[uid]) * FACING[owner], cell[1] - self.row[uid]

    def _destination(self, uid: int, direction: str) -> tuple[int, int]:
        col, row = self.col[uid], self.row[uid]
        if direction == "up":
            return col, row - 1
        if direction == "down":
            return col, row + 1
        return col + FACING[self.sheets[uid].owner], row

    # ------------------------------------------------------------------ resolution

    def _resolve(self, actions: dict[int, Any]) -> None:
        if self.phase == "command":
            self._resolve_commands(actions)
            self._check_end(after_command=True)
            if not self.is_over:
                self.phase = "reinforcement"
        else:
            self._resolve_reinforcement(actions)
            self._check_end(after_command=False)
            if not self.is_over:
                if self.round == ROUNDS:
                    self._finish_on_points("after round 10")
                else:
                    self.round += 1
                    self.phase = "command"

    def _record(self, uid: int, order: str, result: str, **extra: Any) -> None:
        sheet = self.sheets[uid]
        entry = {"unit": sheet.name, "seat": sheet.owner, "order": order, "result": result}
        entry.update(extra)
        self.last_log.append(entry)
        self._log("action", **entry)

    # .................................................................. reinforcement

    def _resolve_reinforcement(self, actions: dict[int, Any]) -> None:
        self.last_log = []
        moves: list[Reinforcement] = [actions[0], actions[1]]
        # TG7: advances first, the player owning the fastest unit on the board first.
        units = self.on_board()
        first = self.sheets[max(units, key=self.speed_of)].owner if units else 0
        for seat in (first, 1 - first):
            if moves[seat].advance:
                problem = self.advance_problem(seat)
                if problem is None:
                    self._advance(seat)
                    self.last_log.append({"seat": seat, "order": "advance", "result": "advanced"})
                    self._log("advance", seat=seat, order="advance", result="advanced")
                else:
                    self.last_log.append(
                        {"seat": seat, "order": "advance", "result": f"failed: {problem}"}
                    )
                    self._log("advance", seat=seat, order="advance", result=f"failed: {problem}")
        # Two units of the same name placed in the same phase by both players: both fail.
        names = [{p.name.lower() for p in moves[s].placements} for s in (0, 1)]
        clash = names[0] & names[1]
        for seat in (0, 1):
            for placement in moves[seat].placements:
                problem = None
                if placement.name.lower() in clash:
                    problem = "the opponent placed a unit of the same name at the same time"
                elif len(self.on_board(seat)) >= MAX_ON_BOARD:
                    problem = f"you already have {MAX_ON_BOARD} units on the board"
                else:
                    problem = self._cell_problem(seat, placement.col, placement.row, self.grid)
                if problem is None:
                    self._place(seat, placement)
                    result = "placed"
                else:
                    # TG3: a placement that fails costs nothing and does not count.
                    result = f"failed: {problem}"
                self.last_log.append({"seat": seat, "order": placement.text(), "result": result})
                self._log("place", seat=seat, order=placement.text(), result=result)

    def _advance(self, seat: int) -> None:
        units = self.on_board(seat)
        for u in units:
            self.grid[self.col[u] * ROWS + self.row[u]] = -1
        for u in units:
            self.col[u] += FACING[seat]
            self.grid[self.col[u] * ROWS + self.row[u]] = u

    def _place(self, seat: int, p: Placement) -> None:
        unit_type = self.table.types[p.type]
        bonus = {unit_type.bonus_stat: unit_type.bonus_amount}
        uid = len(self.sheets)
        health = unit_type.health + p.hp + bonus.get("health", 0)
        speed = unit_type.speed + p.spd + bonus.get("speed", 0)
        sheet = Sheet(
            uid=uid,
            owner=seat,
            name=p.name,
            type=p.type,
            kind=unit_type.kind,
            max_health=health,
            attack=unit_type.attack + p.atk + bonus.get("attack", 0),
            defense=unit_type.defense + p.defense + bonus.get("defense", 0),
            speed=100 * speed + p.bonus,
            bonus=p.bonus,
            skills=p.skills,
            value=p.cost,
        )
        self.sheets.append(sheet)
        self.health.append(float(health))
        self.col.append(p.col)
        self.row.append(p.row)
        self.alive.append(True)
        self.boost_atk.append(0)
        self.boost_def.append(0)
        self.boost_spd.append(0)
        self.boosted.append(())
        self.grid[p.col * ROWS + p.row] = uid
        self.points[seat] -= p.cost
        self.placed[seat] += 1
        self.used_bonus[seat] = (*self.used_bonus[seat], p.bonus)

    # .................................................................. commands

    def _resolve_commands(self, actions: dict[int, Any]) -> None:
        self.last_log = []
        orders: dict[int, Order] = {}
        for seat in (0, 1):
            for order in actions[seat].orders:
                orders[order.uid] = order
        phase = _Phase(orders)
        while True:
            waiting = [u for u in self.on_board() if u not in phase.acted]
            if not waiting:
                break
            # TG5: priority class (high, normal, low), then speed, highest first; recomputed
            # at every step so a speed boost reorders the units still to act.
            uid = min(waiting, key=lambda u: (self._rank(orders.get(u)), -self.speed_of(u)))
            phase.acted.add(uid)
            self._act(uid, orders.get(uid), phase)

    def _rank(self, order: Order | None) -> int:
        if order is not None and order.verb == "skill":
            return self.table.skills[order.arg].rank
        return 1

    def _act(self, uid: int, order: Order | None, phase: _Phase) -> None:
        if order is None:
            self._record(uid, f"{self.sheets[uid].name} idle", "idles")
            return
        text = order.text()
        if order.verb == "attack":
            assert order.cell is not None
            self._record(uid, text, self._attack(uid, order.cell, phase))
        elif order.verb == "move":
            self._record(uid, text, self._move(uid, order.arg, phase))
        else:
            skill = self.table.skills[order.arg]
            self._record(uid, text, self._skill(uid, skill, order.cell, phase))

    def _attack(self, uid: int, cell: tuple[int, int], phase: _Phase) -> str:
        sheet = self.sheets[uid]
        if self.attack_of(uid) <= 0:
            return "lost: 0 attack"
        if not self.table.types[sheet.type].reach.covers(*self._offset(uid, cell)):
            return f"lost: {format_cell(*cell)} is out of range"
        target = self.at(*cell)
        # TG5: an empty tile or an ally: the attack is lost.
        if target < 0:
            return f"lost: {format_cell(*cell)} is empty"
        if self.sheets[target].owner == sheet.owner:
            return f"lost: {format_cell(*cell)} holds an ally"
        return self._hit(uid, target, 1.0, False, phase)

    def damage(self, attacker: int, target: int, multiplier: float, ignore_defense: bool) -> float:
        """TG5: max(0.5, (attack - defense / 2) x (2 if effective)) x skill multiplier, for a
        unit with attack above 0; a unit with 0 attack deals nothing."""
        attack = self.attack_of(attacker)
        if attack <= 0:
            return 0.0
        defense = 0 if ignore_defense else self.defense_of(target)
        effective = (
            self.sheets[target].type in self.table.types[self.sheets[attacker].type].effective
        )
        value = (attack - defense / 2) * (2 if effective else 1) * multiplier
        return max(0.5, value)

    def _hit(
        self,
        uid: int,
        target: int,
        multiplier: float,
        ignore_defense: bool,
        phase: _Phase,
        pin: bool = False,
    ) -> str:
        name = self.sheets[target].name
        if target in phase.deflect:
            counter = phase.deflect.pop(target)
            text = f"{name} deflects it"
            if counter and self.attack_of(target) > 0 and self.alive[uid]:
                text += "; counter: " + self._wound(target, uid, self.damage(target, uid, 1, False))
            return text
        if pin:
            phase.pinned.add(target)
        return self._wound(uid, target, self.damage(uid, target, multiplier, ignore_defense))

    def _wound(self, uid: int, target: int, amount: float) -> str:
        self.health[target] -= amount
        sheet = self.sheets[target]
        text = f"{sheet.name} takes {_num(amount)}"
        if self.health[target] <= 0:
            self.alive[target] = False
            self.grid[self.col[target] * ROWS + self.row[target]] = -1
            # TG8: a player's kill value is the points spent on enemy units removed.
            self.kills[1 - sheet.owner] += sheet.value
            text += f" and is removed (value {sheet.value})"
            self._log("killed", unit=sheet.name, seat=sheet.owner, value=sheet.value)
        else:
            text += f" ({_num(self.health[target])} left)"
        return text

    def _move(self, uid: int, direction: str, phase: _Phase) -> str:
        if uid in phase.pinned:
            return "fails: pinned by covering fire"
        seat = self.sheets[uid].owner
        col, row = self._destination(uid, direction)
        if not (0 <= col < COLUMNS and 0 <= row < ROWS):
            return "fails: off the board"
        # TG6: forward only into a column holding no enemy.
        if direction == "forward" and self.column_has_enemy(seat, col):
            return f"fails: column {chr(65 + col)} holds an enemy"
        other = self.at(col, row)
        if other >= 0 and self.sheets[other].owner != seat:
            return f"fails: {format_cell(col, row)} holds an enemy"
        if other >= 0:
            # TG6: moving onto an ally swaps the two and uses the ally's order too.
            if other in phase.acted:
                return f"fails: {self.sheets[other].name} has already acted"
            if other in phase.pinned:
                return f"fails: {self.sheets[other].name} is pinned"
            phase.acted.add(other)
            self._put(other, self.col[uid], self.row[uid])
            self._put(uid, col, row)
            return f"swaps with {self.sheets[other].name} to {format_cell(col, row)}"
        self._put(uid, col, row)
        return f"moves to {format_cell(col, row)}"

    def _put(self, uid: int, col: int, row: int) -> None:
        old = self.col[uid] * ROWS + self.row[uid]
        if self.grid[old] == uid:
            self.grid[old] = -1
        self.col[uid] = col
        self.row[uid] = row
        self.grid[col * ROWS + row] = uid

    def _skill(self, uid: int, skill: Skill, cell: tuple[int, int] | None, phase: _Phase) -> str:
        seat = self.sheets[uid].owner
        if cell is not None:
            assert skill.reach is not None
            if not skill.reach.covers(*self._offset(uid, cell)):
                return f"lost: {format_cell(*cell)} is out of range"
        target = self.at(*cell) if cell is not None else uid
        effect = skill.effect
        if effect == "strike":
            assert cell is not None
            if self.attack_of(uid) <= 0:
                return "lost: 0 attack"
            hits: list[tuple[int, float]] = []
            if target >= 0:
                hits.append((target, skill.multiplier))
            if skill.splash:
                for r in (cell[1] - 1, cell[1] + 1):
                    if 0 <= r < ROWS and (u := self.at(cell[0], r)) >= 0:
                        hits.append((u, skill.splash))
            if skill.pierce:
                c = cell[0] + FACING[seat]
                if 0 <= c < COLUMNS and (u := self.at(c, cell[1])) >= 0:
                    hits.append((u, skill.pierce))
            if not hits:
                return "hits nothing"
            results = []
            for victim, multiplier in hits:
                if self.alive[victim] and self.alive[uid]:
                    results.append(
                        self._hit(uid, victim, multiplier, skill.ignore_defense, phase, skill.pin)
                    )
            return "; ".join(results)
        if effect in ("rush", "retreat") and uid in phase.pinned:
            return "fails: pinned by covering fire"
        if effect == "rush":
            return self._rush(uid, skill.distance)
        if effect == "retreat":
            col = self.col[uid] - FACING[seat]
            if not 0 <= col < COLUMNS or self.at(col, self.row[uid]) >= 0:
                return "fails: the tile behind is not free"
            self._put(uid, col, self.row[uid])
            return f"retreats to {format_cell(col, self.row[uid])}"
        if target < 0:
            assert cell is not None
            return f"lost: {format_cell(*cell)} is empty"
        name = self.sheets[target].name
        if effect == "heal":
            before = self.health[target]
            self.health[target] = min(float(self.sheets[target].max_health), before + skill.amount)
            return f"{name} regains {_num(self.health[target] - before)}"
        if effect == "deflect":
            phase.deflect[target] = skill.counter
            return f"{name} is ready to deflect"
        if effect == "boost":
            if skill.id in self.boosted[target]:
                return f"no effect: {name} already has {skill.name}"
            self.boosted[target] = (*self.boosted[target], skill.id)
            for stat, amount in skill.boosts:
                if stat == "attack":
                    self.boost_atk[target] += amount
                elif stat == "defense":
                    self.boost_def[target] += amount
                else:
                    self.boost_spd[target] += amount
            change = ", ".join(f"{amount:+d} {stat}" for stat, amount in skill.boosts)
            return f"{name} gets {change}"
        # shove: the unit on the tile is pushed one column further from the user.
        dest = self.col[target] + FACING[seat]
        row = self.row[target]
        if not 0 <= dest < COLUMNS or self.at(dest, row) >= 0:
            return f"fails: no free tile behind {name}"
        if self.sheets[target].owner == seat and self.column_has_enemy(seat, dest):
            return f"fails: column {chr(65 + dest)} holds an enemy of {name}"
        self._put(target, dest, row)
        return f"{name} is pushed to {format_cell(dest, row)}"

    def _rush(self, uid: int, distance: int) -> str:
        """TG10 Rush: forward through allies, never into a column holding an enemy."""
        seat = self.sheets[uid].owner
        col, row = self.col[uid], self.row[uid]
        landing = -1
        for step in range(1, distance + 1):
            c = col + step * FACING[seat]
            if not 0 <= c < COLUMNS or self.column_has_enemy(seat, c):
                break
            if self.at(c, row) < 0:
                landing = c
        if landing < 0:
            return "fails: no free tile ahead"
        self._put(uid, landing, row)
        return f"rushes to {format_cell(landing, row)}"

    # ------------------------------------------------------------------ the end

    def _check_end(self, after_command: bool) -> None:
        """TG8: far edge after any phase; elimination after a command phase."""
        wins = [False, False]
        reasons = ["", ""]
        for seat in (0, 1):
            if any(self.col[u] == FAR_EDGE[seat] for u in self.on_board(seat)):
                wins[seat] = True
                reasons[seat] = "far edge"
            elif after_command and not self.on_board(1 - seat) and not self.can_create(1 - seat):
                wins[seat] = True
                reasons[seat] = "elimination"
        if wins[0] and wins[1]:
            self._finish_on_points(f"both won at once ({reasons[0]}, {reasons[1]})")
        elif wins[0] or wins[1]:
            seat = 0 if wins[0] else 1
            self._finish(seat, reasons[seat])

    def _finish_on_points(self, why: str) -> None:
        """TG8: kill value, then points left, then garnets, else a draw (G5)."""
        for label, values in (
            ("kill value", self.kills),
            ("points left", self.points),
            ("garnets", list(self.garnets)),
        ):
            if values[0] != values[1]:
                self._finish(0 if values[0] > values[1] else 1, f"{why}: more {label}")
                return
        self._finish(None, f"{why}: equal kill value, points left and garnets")

    def _scores(self) -> Any:
        return {"kills": list(self.kills), "points_left": list(self.points)}

    # ------------------------------------------------------------------ views

    def unit_view(self, uid: int) -> dict[str, Any]:
        sheet = self.sheets[uid]
        return {
            "name": sheet.name,
            "seat": sheet.owner,
            "side": SIDES[sheet.owner],
            "type": sheet.type,
            "class": sheet.kind,
            "health": self.health[uid],
            "max_health": sheet.max_health,
            "attack": self.attack_of(uid),
            "defense": self.defense_of(uid),
            "speed": format_speed(self.speed_of(uid)),
            "skills": list(sheet.skills),
            "boosts": list(self.boosted[uid]),
            "value": sheet.value,
            "alive": self.alive[uid],
            "cell": format_cell(self.col[uid], self.row[uid]) if self.alive[uid] else None,
            "last_cell": format_cell(self.col[uid], self.row[uid]),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        order = sorted(self.on_board(), key=self.speed_of, reverse=True)
        return {
            "round": self.round,
            "rounds": ROUNDS,
            "phase": self.phase,
            "sides": list(SIDES),
            "units": [self.unit_view(u) for u in range(len(self.sheets))],
            "order": [
                {
                    "name": self.sheets[u].name,
                    "seat": self.sheets[u].owner,
                    "speed": format_speed(self.speed_of(u)),
                }
                for u in order
            ],
            "points_left": list(self.points),
            "placed": list(self.placed),
            "kills": list(self.kills),
            "garnets": list(self.garnets),
            "bonuses": [[format_bonus(b) for b in self.bonuses(s)] for s in (0, 1)],
            "log": [dict(entry) for entry in self.last_log],
            "table": self.table.name,
            "time_control": {
                "phase_seconds": PHASE_SECONDS,
                "extended_seconds": EXTENDED_SECONDS,
                "extensions_per_player": 1,
            },
        }

    def _snapshot(self) -> dict[str, Any]:
        data = self._view(None)
        data["even_seat"] = self.even_seat
        data["grid"] = list(self.grid)
        data["boost"] = [list(self.boost_atk), list(self.boost_def), list(self.boost_spd)]
        return data

    # ------------------------------------------------------------------ legal and sample

    def _fresh_name(self, seat: int, avoid: set[str] | None = None) -> str:
        taken = {s.name.lower() for s in self.sheets} | (avoid or set())
        letter = "Gr" if seat == 0 else "Bl"
        number = 1
        while f"{letter}{number}".lower() in taken:
            number += 1
        return f"{letter}{number}"

    def _free_cells(self, seat: int) -> list[tuple[int, int]]:
        return [
            (c, r)
            for c in OWN_COLUMNS[seat]
            for r in range(ROWS)
            if self._cell_problem(seat, c, r, self.grid) is None
        ]

    def _legal(self, seat: int) -> list[str]:
        """A representative list, not every submission (``legal_enumerated=False``)."""
        if self.phase == "reinforcement":
            found = [PASS]
            if self.advance_problem(seat) is None:
                found.append("advance")
            cells = self._free_cells(seat)
            bonuses = self.bonuses(seat)
            room = len(self.on_board(seat)) < MAX_ON_BOARD
            if cells and bonuses and room and self.can_create(seat):
                name = self._fresh_name(seat)
                for index, unit_type in enumerate(self.table.type_list):
                    col, row = cells[index % len(cells)]
                    found.append(Placement(name, unit_type.name, col, row, bonuses[0]).text())
            return found
        found = [PASS]
        for uid in self.on_board(seat):
            for text in self._unit_orders(uid):
                found.append(text)
        return found

    def _unit_orders(self, uid: int) -> list[str]:
        """Every single order ``uid`` may be given now (idle aside), canonical."""
        sheet = self.sheets[uid]
        name = sheet.name
        texts: list[str] = []
        for direction in DIRECTIONS:
            col, row = self._destination(uid, direction)
            if 0 <= col < COLUMNS and 0 <= row < ROWS:
                texts.append(f"{name} move {direction}")
        can_attack = self.attack_of(uid) > 0
        if can_attack:
            for cell in self._cells_in(uid, self.table.types[sheet.type].reach):
                texts.append(f"{name} attack {cell}")
        for sid in sheet.skills:
            skill = self.table.skills[sid]
            if skill.effect == "strike" and not can_attack:
                continue
            if skill.reach is None:
                texts.append(f"{name} skill {sid}")
                continue
            for cell in self._cells_in(uid, skill.reach):
                texts.append(f"{name} skill {sid} {cell}")
        return texts

    def _cells_in(self, uid: int, reach: Reach) -> list[str]:
        """The names of the board tiles within ``reach`` of unit ``uid``, column by column."""
        facing = FACING[self.sheets[uid].owner]
        col, row = self.col[uid], self.row[uid]
        found = []
        for ahead in range(reach.first, reach.last + 1):
            c = col + ahead * facing
            if 0 <= c < COLUMNS:
                for r in range(max(0, row - reach.rows), min(ROWS, row + reach.rows + 1)):
                    found.append(_CELL_NAMES[c * ROWS + r])
        return found

    # ------------------------------------------------------------------ bot helpers (public)

    def orders_for(self, seat: int, name: str) -> list[str]:
        """Bot helper: the single orders (idle aside) ``seat``'s unit ``name`` may be given."""
        for uid in self.on_board(seat):
            if self.sheets[uid].name.lower() == name.lower():
                return self._unit_orders(uid)
        return []

    def damage_between(
        self, seat: int, attacker: str, target: str, multiplier: float = 1.0
    ) -> float:
        """Bot helper: the damage unit ``attacker`` would deal ``target`` now (TG5)."""
        ids = {self.sheets[u].name.lower(): u for u in self.on_board()}
        for name in (attacker, target):
            if not isinstance(name, str) or name.lower() not in ids:
                raise ConfigError(f"there is no unit named {name!r} on the board")
        return self.damage(ids[attacker.lower()], ids[target.lower()], multiplier, False)

    def type_info(self, seat: int) -> dict[str, Any]:
        """Bot helper: the table's types and skills as plain data (public knowledge)."""
        return {
            "types": {
                t.name: {
                    "class": t.kind,
                    "speed": t.speed,
                    "bonus": [t.bonus_stat, t.bonus_amount],
                    "range": [t.reach.first, t.reach.last, t.reach.rows],
                    "effective": sorted(t.effective),
                    "unique": t.unique,
                    "learnable": self.table.learnable(t),
                }
                for t in self.table.type_list
            },
            "skills": {
                s.id: {
                    "effect": s.effect,
                    "priority": s.priority,
                    "target": s.target,
                    "multiplier": s.multiplier,
                }
                for s in self.table.skills.values()
            },
        }

    def sample(self, seat: int, rng: random.Random) -> str:
        """A random valid submission: random placements within budget, random orders."""
        self._check_seat(seat)
        if seat not in self.to_act:
            return PASS
        if self.phase == "command":
            items = []
            for uid in self.on_board(seat):
                choices = self._unit_orders(uid)
                if choices and rng.random() < 0.85:
                    items.append(rng.choice(choices))
            return self._canonical(seat, items)
        items = []
        if self.advance_problem(seat) is None and rng.random() < 0.4:
            items.append("advance")
        chosen: list[str] = []
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            text = self._random_placement(seat, rng, items + chosen)
            if text is not None:
                chosen.append(text)
        return self._canonical(seat, items + chosen)

    def _canonical(self, seat: int, items: list[str]) -> str:
        try:
            action = self._parse(seat, "; ".join(items) or PASS)
        except IllegalAction:
            return PASS
        return self._format(seat, action)

    def _random_placement(self, seat: int, rng: random.Random, before: list[str]) -> str | None:
        try:
            planned = self._parse_reinforcement(seat, before)
        except IllegalAction:
            return None
        spent = sum(p.cost for p in planned.placements)
        left = self.points[seat] - spent
        if left < UNIT_COST:
            return None
        names = {p.name.lower() for p in planned.placements}
        bonuses = [b for b in self.bonuses(seat) if all(p.bonus != b for p in planned.placements)]
        cells = [
            cell
            for cell in self._free_cells(seat)
            if all((p.col, p.row) != cell for p in planned.placements)
        ]
        if planned.advance:
            cells = [
                (c, r)
                for c, r in self._free_cells_after_advance(seat)
                if all((p.col, p.row) != (c, r) for p in planned.placements)
            ]
        if not bonuses or not cells:
            return None
        unit_type = rng.choice(self.table.type_list)
        learnable = self.table.learnable(unit_type)
        budget = left - UNIT_COST
        skills = rng.sample(learnable, min(len(learnable), rng.randint(0, min(2, budget))))
        budget -= len(skills)
        stats = {"hp": 0, "atk": 0, "def": 0, "spd": 0}
        for _ in range(rng.randint(0, budget)):
            key = rng.choice(("hp", "atk", "def", "spd"))
            if key in ("atk", "def") and stats[key] >= MAX_ATK:
                continue
            stats[key] += 1
        col, row = rng.choice(cells)
        placement = Placement(
            self._fresh_name(seat, names),
            unit_type.name,
            col,
            row,
            rng.choice(bonuses),
            stats["hp"],
            stats["atk"],
            stats["def"],
            stats["spd"],
            tuple(skills),
        )
        try:
            self._parse_reinforcement(seat, [*before, placement.text()])
        except IllegalAction:
            return None
        return placement.text()

    def _free_cells_after_advance(self, seat: int) -> list[tuple[int, int]]:
        moved = {(self.col[u] + FACING[seat], self.row[u]) for u in self.on_board(seat)}
        found = []
        for c in OWN_COLUMNS[seat]:
            for r in range(ROWS):
                u = self.at(c, r)
                mine = u >= 0 and self.sheets[u].owner == seat
                if (c, r) in moved or (u >= 0 and not mine):
                    continue
                if not self.behind_enemy(seat, c, r):
                    found.append((c, r))
        return found


class _Phase:
    """Per-command-phase bookkeeping: who has acted, who will deflect, who is pinned."""

    __slots__ = ("acted", "deflect", "orders", "pinned")

    def __init__(self, orders: dict[int, Order]) -> None:
        self.orders = orders
        self.acted: set[int] = set()
        self.deflect: dict[int, bool] = {}
        self.pinned: set[int] = set()


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def check_table_option(value: Any) -> Any:
    """Validate the ``table`` option: None (the house table) or a readable, valid table file."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"option table must be a path to a TOML or JSON table, got {value!r}")
    load_table(value)
    return value
