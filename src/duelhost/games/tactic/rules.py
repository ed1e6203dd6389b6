"""The rules of /TACTIC/ combat: HP and AT, combat range, Taunt, damage and healing, deaths,
attacks and their triggers, Flames (TA3, TA4, TA6 and the abilities that act in them).
"""

from __future__ import annotations

from typing import Any

from duelhost.games.tactic import board
from duelhost.games.tactic.abilities import AFTER_ATTACK, AT_STEPS
from duelhost.games.tactic.board import ADJACENT
from duelhost.games.tactic.flags import ALIVE, CACHED
from duelhost.games.tactic.rows import AtChange
from duelhost.games.tactic.units import (
    OVER,
    Army,
)


class Rules(Army):
    """Combat: what units can do to each other and what follows."""

    def hp(self, unit: int) -> int:
        """HP, with the ``hp_bonus`` of its abilities (Feel the Pain)."""
        kind = self.u_type[unit]
        rows = kind.kit.hp_rows
        if not rows:
            return kind.hp
        return kind.hp + sum(row.hp_bonus(self, row, unit) for row in rows if row.hp_bonus)

    def at(self, unit: int, notes: list[str] | None = None) -> int:
        """Current AT: the ``at_step`` of every ability that changes it, in ``AT_ORDER``
        (``notes`` collects what each changed, for the views)."""
        kind = self.u_type[unit]
        types = self.u_type
        around = self.around(self.u_cell[unit], unit)
        if not kind.kit.own_at:
            for v in around:
                if types[v].kit.gives_at:
                    break
            else:
                return kind.at
        change = AtChange(unit, kind.at, self.u_dmg[unit], around, notes)
        own = kind.kit.rows
        for row in AT_STEPS:
            if change.equalized and not row.under_equalize:
                continue
            step = row.at_step
            assert step is not None
            if row.gives_at:
                for v in around:
                    if row in types[v].kit.rows:
                        step(self, row, change, v)
            elif row in own:
                step(self, row, change, unit)
        return change.value

    def combat_range(self, unit: int) -> list[int]:
        """Cells holding a unit that ``unit`` can attack: orthogonal (diagonal with Badger),
        1 + Range cells, never past the first unit on a line."""
        kit = self.u_type[unit].kit
        cell = self.u_cell[unit]
        reach = kit.reach
        rays = board.DIAGONAL_RAYS[cell] if kit.diagonal else board.ORTHOGONAL_RAYS[cell]
        found = []
        bd = self.board_
        for ray in rays:
            for c in ray[:reach]:
                if bd[c] >= 0:
                    if bd[c] != unit:
                        found.append(c)
                    break
        return found

    def taunters_next_to(self, unit: int, cell: int) -> list[int]:
        """Enemy Taunt units adjacent to ``cell`` (for ``unit`` standing there)."""
        owner = self.u_owner[unit]
        return [
            v
            for v in self.around(cell, unit)
            if self.u_owner[v] != owner and self.u_type[v].kit.taunts
        ]

    def taunt_duty(self, unit: int) -> list[int]:
        """Cells of adjacent enemy Taunters that ``unit`` can attack: it must attack one."""
        taunters = self.taunters_next_to(unit, self.u_cell[unit])
        if not taunters:
            return []
        reach = self.combat_range(unit)
        return [self.u_cell[t] for t in taunters if self.u_cell[t] in reach]

    def burning(self, exclude: int = -1) -> int:
        """A living damaged Burn unit other than ``exclude`` (-1 if none)."""
        for u in range(len(self.u_flags)):
            if (
                u != exclude
                and self.u_flags[u] & ALIVE
                and self.u_dmg[u]
                and self.u_type[u].kit.blocks_healing
            ):
                return u
        return -1

    def follow_options(self, commanded: int) -> list[int]:
        """Cells the unit attacked by a Commander may be ordered to attack (Taunt applies)."""
        duty = self.taunt_duty(commanded)
        return duty if duty else self.combat_range(commanded)

    # ------------------------------------------------------------------ damage and healing

    def _enemy_near(self, target: int, source: int) -> bool:
        """Protection: is an enemy of ``target`` adjacent to it? The source of the damage
        counts even when it has just died or been sacrificed (it is "still there")."""
        owner = self.u_owner[target]
        cell = self.u_cell[target]
        if self.u_owner[source] != owner and self.u_cell[source] in ADJACENT[cell]:
            return True
        return any(self.u_owner[v] != owner for v in self.around(cell, target))

    def damage(self, target: int, amount: int, source: int, reason: str) -> int:
        """Deal ``amount`` from ``source`` (Burn, Protection, then Armor); returns damage dealt."""
        if amount <= 0:
            return 0
        kit = self.u_type[target].kit
        blocked = ""
        if kit.ally_proof and self.u_owner[source] == self.u_owner[target]:
            blocked = "Burn: allies cannot damage it"
        elif kit.protected and not self._enemy_near(target, source):
            blocked = "Protection: no enemy is adjacent"
        else:
            armor = kit.armor
            if armor and self.u_cell[source] in ADJACENT[self.u_cell[target]]:
                amount = max(0, amount - armor)
                if amount == 0:
                    blocked = f"Armor {armor}"
        if blocked:
            self.log_effect("blocked", target, 0, source, reason, note=blocked)
            return 0
        self.u_dmg[target] += amount
        self.hurt = True
        self.log_effect("damage", target, amount, source, reason)
        return amount

    def heal(self, target: int, amount: int, source: int, reason: str) -> int:
        """Remove up to ``amount`` damage counters unless a damaged Burn unit blocks it."""
        burner = self.burning(exclude=target)
        if burner >= 0:
            self.log_effect(
                "blocked", target, 0, source, reason, note=f"Burn ({self.label(burner)})"
            )
            return 0
        amount = min(amount, self.u_dmg[target])
        if amount <= 0:
            return 0
        self.u_dmg[target] -= amount
        self.log_effect("heal", target, amount, source, reason)
        return amount

    def log_effect(
        self, event: str, target: int, amount: int, source: int, reason: str, note: str = ""
    ) -> None:
        fields: dict[str, Any] = {
            "cell": board.name(self.u_cell[target]),
            "unit": self.u_type[target].name,
            "seat": self.u_owner[target],
            "amount": amount,
            "by": self.u_type[source].name,
            "from": board.name(self.u_cell[source]),
            "reason": reason,
        }
        if note:
            fields["note"] = note
        self._log(event, **fields)

    def _deaths(self) -> bool:
        """Remove every unit whose damage reaches its HP (repeatedly, as Feel the Pain HP
        changes); queue Flames; end the match if a King died (TA6). True if it ended."""
        while True:
            dead = [u for u in self.units() if self.u_dmg[u] >= self.hp(u)]
            if not dead:
                break
            for u in dead:
                self.u_flags[u] &= ~ALIVE
                self.board_[self.u_cell[u]] = -1
                self._log(
                    "dies",
                    cell=board.name(self.u_cell[u]),
                    unit=self.u_type[u].name,
                    seat=self.u_owner[u],
                )
            self.flames.extend(u for u in dead if self.u_type[u].kit.on_death is not None)
        lost = [
            seat for seat in (0, 1) if self.kings[seat] >= 0 and not self.alive(self.kings[seat])
        ]
        if lost:
            self.phase = OVER
            self.flames.clear()
            # "that player instantly loses the game and removes their pieces from the board"
            for seat in lost:
                for u in self.units(seat):
                    self.u_flags[u] &= ~ALIVE
                    self.board_[self.u_cell[u]] = -1
            if len(lost) == 2:
                self._finish(None, "both Kings died")
            else:
                self._finish(1 - lost[0], f"the King of seat {lost[0]} died")
            return True
        return False

    # ------------------------------------------------------------------ attacks and triggers

    def attack(self, attacker: int, targets: list[int], follow: int, commanded: bool) -> None:
        """One attack (two simultaneous targets for Double Strike), then the ``after_attack``
        hooks in ``ON_ATTACK_ORDER`` (Reverberate, Feedback, Pity, Barbs), then Command."""
        value = self.at(attacker)
        self._log(
            "attack",
            cell=board.name(self.u_cell[attacker]),
            unit=self.u_type[attacker].name,
            seat=self.u_owner[attacker],
            targets=[board.name(self.u_cell[t]) for t in targets],
            at=value,
            commanded=commanded,
        )
        plan = [(t, self._healing(attacker, t, value)) for t in targets]
        for t, healed in plan:
            if healed >= 0:
                self.heal(t, healed, attacker, "Heal")
            else:
                self.damage(t, value, attacker, "attack")
        # TA3: attacking caches the unit - a commanded unit too ("All units Cache themselves
        # when they attack"); Command only lets a cached unit be made to attack.
        self.u_flags[attacker] |= CACHED
        if self._deaths():
            return
        for row in AFTER_ATTACK:
            assert row.after_attack is not None
            if row.after_attack(self, row, attacker, targets) and self._deaths():
                return
        if follow >= 0 and self.alive(follow):
            # Command: the attacked unit attacks even if the first attack killed it.
            self.attack(targets[0], [follow], -1, commanded=True)

    def _healing(self, attacker: int, target: int, value: int) -> int:
        """Heal (TA4): the counters an attack of AT ``value`` removes from ``target`` instead
        of damaging it (after Armor, + X), or -1 if it damages it."""
        kit = self.u_type[attacker].kit
        if (
            self.u_owner[target] != self.u_owner[attacker]
            or not kit.heals
            or self.burning(exclude=target) >= 0
        ):
            return -1
        armor = 0
        if self.u_cell[attacker] in ADJACENT[self.u_cell[target]]:
            armor = self.u_type[target].kit.armor
        return max(0, value - armor) + kit.heal

    def flame_choices(self, unit: int) -> list[int]:
        """The units a dead Flame unit may burn: those adjacent to it."""
        return self.around(self.u_cell[unit], unit)

    def _settle(self) -> None:
        """Resolve queued Flames (after the action that killed them); stop at one whose owner
        must choose between two or more adjacent units."""
        while self.flames and not self.is_over:
            unit = self.flames[0]
            choices = self.flame_choices(unit)
            if len(choices) >= 2:
                return
            self.flames.pop(0)
            if choices:
                self._flame(unit, choices[0])

    def _flame(self, unit: int, chosen: int) -> None:
        """The dead unit's ``on_death`` hook (Flame), then deaths."""
        row = self.u_type[unit].kit.on_death
        assert row is not None and row.on_death is not None
        row.on_death(self, row, unit, chosen)
        self._deaths()
