"""Resolving Tactical Genius phases: reinforcements (TG7) and commands by priority and speed
(TG5, TG6, TG10 skills).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from duelhost.core.notation import format_cell
from duelhost.games.tactical_genius.actions import (
    Order,
    Placement,
    Reinforcement,
)
from duelhost.games.tactical_genius.army import (
    COLUMNS,
    FACING,
    MAX_ON_BOARD,
    ROWS,
    Army,
    Sheet,
)
from duelhost.games.tactical_genius.table import SELF_EFFECTS, Skill


class Rules(Army):
    """Applying both seats' submissions of one phase."""

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
        """One unit's turn: its "action" event, then a "killed" event per unit it removed
        (the order of the view's log, issue 16)."""
        self._order(uid, order, phase)
        for fields in phase.killed:
            self._log("killed", **fields)
        phase.killed.clear()

    def _order(self, uid: int, order: Order | None, phase: _Phase) -> None:
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
        """TG5: max(0.5, (attack - defense / 2) x (2 if effective) x skill multiplier), for a
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
        counters: list[int] | None = None,
    ) -> str:
        """One attack or strike hit on ``target``. A deflect held by the target stops it; its
        counter resolves at once, or is put in ``counters`` to resolve after every hit of the
        strike (TG12)."""
        name = self.sheets[target].name
        held = phase.deflect.get(target)
        if held:
            # TG11: the deflect gained first is used first.
            if held.pop(0):
                if counters is not None:
                    counters.append(target)
                elif (counter := self._counter(target, uid, phase)) is not None:
                    return f"{name} deflects it; {counter}"
            return f"{name} deflects it"
        if pin:
            phase.pinned.add(target)
        amount = self.damage(uid, target, multiplier, ignore_defense)
        return self._wound(uid, target, amount, phase)

    def _counter(self, deflector: int, attacker: int, phase: _Phase) -> str | None:
        """Riposte's counter (TG10, TG11): normal damage back, if the attacker still stands
        and the deflector has attack."""
        if self.attack_of(deflector) <= 0 or not self.alive[attacker]:
            return None
        amount = self.damage(deflector, attacker, 1, False)
        return "counter: " + self._wound(deflector, attacker, amount, phase)

    def _wound(self, uid: int, target: int, amount: float, phase: _Phase) -> str:
        self.health[target] -= amount
        sheet = self.sheets[target]
        text = f"{sheet.name} takes {_num(amount)}"
        if self.health[target] <= 0:
            self.alive[target] = False
            self.grid[self.col[target] * ROWS + self.row[target]] = -1
            # TG8: a player's kill value is the points spent on enemy units removed.
            self.kills[1 - sheet.owner] += sheet.value
            text += f" and is removed (value {sheet.value})"
            phase.killed.append({"unit": sheet.name, "seat": sheet.owner, "value": sheet.value})
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

    def _skill(self, uid: int, skill: Skill, cell: tuple[int, int] | None, phase: _Phase) -> str:
        """A skill order (TG10): a strike, a move of the user (rush, retreat) or an effect on
        the unit on the target tile (heal, deflect, boost, shove)."""
        if cell is not None:
            assert skill.reach is not None
            if not skill.reach.covers(*self._offset(uid, cell)):
                return f"lost: {format_cell(*cell)} is out of range"
        if skill.effect == "strike":
            assert cell is not None
            return self._strike(uid, skill, cell, phase)
        if skill.effect in SELF_EFFECTS:
            if uid in phase.pinned:
                return "fails: pinned by covering fire"
            return self._rush(uid, skill.distance) if skill.effect == "rush" else self._retreat(uid)
        target = self.at(*cell) if cell is not None else uid
        if target < 0:
            assert cell is not None
            return f"lost: {format_cell(*cell)} is empty"
        return self._EFFECTS[skill.effect](self, uid, target, skill, phase)

    def _strike(self, uid: int, skill: Skill, cell: tuple[int, int], phase: _Phase) -> str:
        """An attack skill: the target tile, then splash rows and the pierced tile behind."""
        if self.attack_of(uid) <= 0:
            return "lost: 0 attack"
        hits: list[tuple[int, float]] = []
        target = self.at(*cell)
        if target >= 0:
            hits.append((target, skill.multiplier))
        if skill.splash:
            for r in (cell[1] - 1, cell[1] + 1):
                if 0 <= r < ROWS and (u := self.at(cell[0], r)) >= 0:
                    hits.append((u, skill.splash))
        if skill.pierce:
            c = cell[0] + FACING[self.sheets[uid].owner]
            if 0 <= c < COLUMNS and (u := self.at(c, cell[1])) >= 0:
                hits.append((u, skill.pierce))
        if not hits:
            return "hits nothing"
        # TG12: every hit lands, then the counters the strike provoked resolve.
        counters: list[int] = []
        results = [
            self._hit(uid, victim, multiplier, skill.ignore_defense, phase, skill.pin, counters)
            for victim, multiplier in hits
        ]
        for deflector in counters:
            if (counter := self._counter(deflector, uid, phase)) is not None:
                results.append(counter)
        return "; ".join(results)

    def _retreat(self, uid: int) -> str:
        """One column back, onto a free tile."""
        col = self.col[uid] - FACING[self.sheets[uid].owner]
        if not 0 <= col < COLUMNS or self.at(col, self.row[uid]) >= 0:
            return "fails: the tile behind is not free"
        self._put(uid, col, self.row[uid])
        return f"retreats to {format_cell(col, self.row[uid])}"

    def _heal(self, uid: int, target: int, skill: Skill, phase: _Phase) -> str:
        name = self.sheets[target].name
        before = self.health[target]
        self.health[target] = min(float(self.sheets[target].max_health), before + skill.amount)
        return f"{name} regains {_num(self.health[target] - before)}"

    def _deflect(self, uid: int, target: int, skill: Skill, phase: _Phase) -> str:
        # TG11: Riposte's deflect (with its counter) is held apart from one Guard/Barrier
        # deflect; a second of the same kind adds nothing.
        held = phase.deflect.setdefault(target, [])
        if skill.counter not in held:
            held.append(skill.counter)
        return f"{self.sheets[target].name} is ready to deflect"

    def _boost(self, uid: int, target: int, skill: Skill, phase: _Phase) -> str:
        """Permanent stat boosts, once per unit per skill."""
        name = self.sheets[target].name
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

    def _shove(self, uid: int, target: int, skill: Skill, phase: _Phase) -> str:
        """The unit on the tile is pushed one column further from the user."""
        seat = self.sheets[uid].owner
        name = self.sheets[target].name
        dest = self.col[target] + FACING[seat]
        row = self.row[target]
        if not 0 <= dest < COLUMNS or self.at(dest, row) >= 0:
            return f"fails: no free tile behind {name}"
        if self.sheets[target].owner == seat and self.column_has_enemy(seat, dest):
            return f"fails: column {chr(65 + dest)} holds an enemy of {name}"
        self._put(target, dest, row)
        return f"{name} is pushed to {format_cell(dest, row)}"

    _EFFECTS: ClassVar[dict[str, Callable[[Rules, int, int, Skill, _Phase], str]]] = {
        "heal": _heal,
        "deflect": _deflect,
        "boost": _boost,
        "shove": _shove,
    }

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


class _Phase:
    """Per-command-phase bookkeeping: who has acted, who will deflect, who is pinned, and the
    units removed by the action resolving now (their events follow its "action" event)."""

    __slots__ = ("acted", "deflect", "killed", "orders", "pinned")

    def __init__(self, orders: dict[int, Order]) -> None:
        self.orders = orders
        self.acted: set[int] = set()
        self.deflect: dict[int, list[bool]] = {}
        self.pinned: set[int] = set()
        self.killed: list[dict[str, Any]] = []


def _num(value: float) -> str:
    """``2.0`` -> ``2``, ``1.25`` -> ``1.25``."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
