"""Tactical Genius submissions for players and bots: the representative ``legal`` list,
random valid submissions (``sample``) and the bot helpers (all public knowledge).
"""

from __future__ import annotations

import random
from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction, quote_value
from duelhost.games.tactical_genius.actions import (
    PASS,
    Placement,
)
from duelhost.games.tactical_genius.army import (
    CELL_NAMES,
    COLUMNS,
    DIRECTIONS,
    FACING,
    MAX_ATK,
    MAX_ON_BOARD,
    OWN_COLUMNS,
    ROWS,
    UNIT_COST,
)
from duelhost.games.tactical_genius.notation import Notation
from duelhost.games.tactical_genius.rules import Rules
from duelhost.games.tactical_genius.table import Reach


class Legal(Notation, Rules):
    """Legal lists, random submissions and bot helpers."""

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
                    found.append(CELL_NAMES[c * ROWS + r])
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
                raise ConfigError(f"there is no unit named {quote_value(name)} on the board")
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
        taken = {(p.col, p.row) for p in planned.placements}
        free = self._free_cells_after_advance(seat) if planned.advance else self._free_cells(seat)
        cells = [cell for cell in free if cell not in taken]
        if not bonuses or not cells:
            return None
        unit_type = rng.choice(self.table.type_list)
        learnable = self.table.learnable(unit_type)
        budget = left - UNIT_COST
        skills = rng.sample(learnable, min(len(learnable), rng.randint(0, min(2, budget))))
        stats = _random_points(rng, budget - len(skills))
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


def _random_points(rng: random.Random, budget: int) -> dict[str, int]:
    """Up to ``budget`` points spread at random over the stats (attack and defense at most
    ``MAX_ATK`` each)."""
    stats = {"hp": 0, "atk": 0, "def": 0, "spd": 0}
    for _ in range(rng.randint(0, budget)):
        key = rng.choice(("hp", "atk", "def", "spd"))
        if key in ("atk", "def") and stats[key] >= MAX_ATK:
            continue
        stats[key] += 1
    return stats
