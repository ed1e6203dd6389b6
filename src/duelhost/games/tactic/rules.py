"""The rules of /TACTIC/ combat: HP and AT, combat range, Taunt, damage and healing, deaths,
attacks and their triggers, Flames (TA3, TA4, TA6 and the abilities that act in them).
"""

from __future__ import annotations

from typing import Any

from duelhost.games.tactic import board
from duelhost.games.tactic.board import ADJACENT
from duelhost.games.tactic.units import (
    ALIVE,
    CACHED,
    OVER,
    REVERBERATED,
    Army,
)


class Rules(Army):
    """Combat: what units can do to each other and what follows."""

    def hp(self, unit: int) -> int:
        """HP with Feel the Pain: +1 per damage counter on adjacent units."""
        kind = self.u_type[unit]
        if "Feel the Pain" in kind.abilities:
            dmg = self.u_dmg
            return kind.hp + sum(dmg[v] for v in self._around(self.u_cell[unit], unit))
        return kind.hp

    def at(self, unit: int, notes: list[str] | None = None) -> int:
        """Current AT, modifiers applied in the order of ``abilities.AT_ORDER``."""
        kind = self.u_type[unit]
        damage = self.u_dmg[unit]
        owner = self.u_owner[unit]
        types = self.u_type
        around = self._around(self.u_cell[unit], unit)
        equalizer = next((v for v in around if "Equalize" in types[v].abilities), -1)
        if equalizer >= 0:
            # Equalize: exactly 2, no other unit's ability changes it, nor Spite or
            # Feel the Pain ("only affect HP"); Weaken alone still applies (it "cannot be
            # disabled or lost in any way").
            value = 2
            if notes is not None:
                notes.append(f"Equalize =2 ({self.label(equalizer)})")
        else:
            value = kind.at
            if damage == 0:
                for v in around:
                    if "Check" in types[v].abilities:
                        lost = min(2, value)
                        value -= lost
                        if notes is not None:
                            notes.append(f"Check -{lost} ({self.label(v)})")
            for v in around:
                if "Annoy" in types[v].abilities and self.u_owner[v] != owner and value > 1:
                    value -= 1
                    if notes is not None:
                        notes.append(f"Annoy -1 ({self.label(v)})")
            if damage and "Spite" in kind.abilities:
                value += damage
                if notes is not None:
                    notes.append(f"Spite +{damage}")
        if damage and "Weaken" in kind.abilities:
            lost = min(damage, value)
            value -= lost
            if notes is not None:
                notes.append(f"Weaken -{lost}")
        if equalizer < 0 and "Feel the Pain" in kind.abilities:
            pain = sum(self.u_dmg[v] for v in around)
            value += pain
            if notes is not None and pain:
                notes.append(f"Feel the Pain +{pain}")
        return value

    def combat_range(self, unit: int) -> list[int]:
        """Cells holding a unit that ``unit`` can attack: orthogonal (diagonal with Badger),
        1 + Range cells, never past the first unit on a line."""
        kind = self.u_type[unit]
        cell = self.u_cell[unit]
        reach = 1 + kind.abilities.get("Range", 0)
        rays = (
            board.DIAGONAL_RAYS[cell] if "Badger" in kind.abilities else board.ORTHOGONAL_RAYS[cell]
        )
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
            for v in self._around(cell, unit)
            if self.u_owner[v] != owner and "Taunt" in self.u_type[v].abilities
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
                and "Burn" in self.u_type[u].abilities
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
        return any(self.u_owner[v] != owner for v in self._around(cell, target))

    def damage(self, target: int, amount: int, source: int, reason: str) -> int:
        """Deal ``amount`` from ``source`` (Burn, Protection, then Armor); returns damage dealt."""
        if amount <= 0:
            return 0
        kind = self.u_type[target]
        blocked = ""
        if "Burn" in kind.abilities and self.u_owner[source] == self.u_owner[target]:
            blocked = "Burn: allies cannot damage it"
        elif "Protection" in kind.abilities and not self._enemy_near(target, source):
            blocked = "Protection: no enemy is adjacent"
        else:
            armor = kind.abilities.get("Armor", 0)
            if armor and self.u_cell[source] in ADJACENT[self.u_cell[target]]:
                amount = max(0, amount - armor)
                if amount == 0:
                    blocked = f"Armor {armor}"
        if blocked:
            self._log_effect("blocked", target, 0, source, reason, note=blocked)
            return 0
        self.u_dmg[target] += amount
        self.hurt = True
        self._log_effect("damage", target, amount, source, reason)
        return amount

    def heal(self, target: int, amount: int, source: int, reason: str) -> int:
        """Remove up to ``amount`` damage counters unless a damaged Burn unit blocks it."""
        burner = self.burning(exclude=target)
        if burner >= 0:
            self._log_effect(
                "blocked", target, 0, source, reason, note=f"Burn ({self.label(burner)})"
            )
            return 0
        amount = min(amount, self.u_dmg[target])
        if amount <= 0:
            return 0
        self.u_dmg[target] -= amount
        self._log_effect("heal", target, amount, source, reason)
        return amount

    def _log_effect(
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
            self.flames.extend(u for u in dead if "Flame" in self.u_type[u].abilities)
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
        """One attack (two simultaneous targets for Double Strike), then the on-attack
        triggers in ``ON_ATTACK_ORDER``: Reverberate, Feedback, Pity, Barbs, Command."""
        kind = self.u_type[attacker]
        owner = self.u_owner[attacker]
        value = self.at(attacker)
        self._log(
            "attack",
            cell=board.name(self.u_cell[attacker]),
            unit=kind.name,
            seat=owner,
            targets=[board.name(self.u_cell[t]) for t in targets],
            at=value,
            commanded=commanded,
        )
        plan: list[tuple[int, bool, int]] = []
        for t in targets:
            if (
                self.u_owner[t] == owner
                and "Heal" in kind.abilities
                and self.burning(exclude=t) < 0
            ):
                # Heal: the damage this attack would deal (after Armor) + X is removed.
                armor = 0
                if self.u_cell[attacker] in ADJACENT[self.u_cell[t]]:
                    armor = self.u_type[t].abilities.get("Armor", 0)
                plan.append((t, True, max(0, value - armor) + kind.abilities["Heal"]))
            else:
                plan.append((t, False, value))
        for t, healing, amount in plan:
            if healing:
                self.heal(t, amount, attacker, "Heal")
            else:
                self.damage(t, amount, attacker, "attack")
        # TA3: attacking caches the unit - a commanded unit too ("All units Cache themselves
        # when they attack"); Command only lets a cached unit be made to attack.
        self.u_flags[attacker] |= CACHED
        if self._deaths():
            return
        if "Reverberate" in kind.abilities:
            for t in targets:
                if self.u_owner[t] != owner:
                    self._reverberate(t)
            if self._deaths():
                return
        if "Feedback" in kind.abilities:
            self._feedback(attacker, targets)
            if self._deaths():
                return
        for t in targets:
            if "Pity" in self.u_type[t].abilities:
                self._pity(t)
        if self._deaths():
            return
        self._barbs(attacker, targets)
        if self._deaths():
            return
        if follow >= 0 and self.alive(follow):
            # Command: the attacked unit attacks even if the first attack killed it.
            self.attack(targets[0], [follow], -1, commanded=True)

    def _reverberate(self, first: int) -> None:
        """The target deals 1 to its adjacent allies; each unit damaged this way does the
        same; a unit deals Reverberate damage at most once per turn (Armor stops the chain)."""
        if self.u_flags[first] & REVERBERATED:
            return
        wave = [first]
        while wave:
            hits: list[tuple[int, int]] = []
            for source in wave:
                self.u_flags[source] |= REVERBERATED
                owner = self.u_owner[source]
                hits.extend(
                    (v, source)
                    for v in self._around(self.u_cell[source], source)
                    if self.u_owner[v] == owner
                )
            following: list[int] = []
            for victim, source in hits:
                dealt = self.damage(victim, 1, source, "Reverberate")
                if dealt and not self.u_flags[victim] & REVERBERATED and victim not in following:
                    following.append(victim)
            wave = following

    def _feedback(self, attacker: int, targets: list[int]) -> None:
        """2 damage to every unit sharing an ability with the attacked unit (never Kings)."""
        for t in targets:
            shared = self.u_type[t].ability_names
            if self.u_type[t].king or not shared:
                continue
            victims = [
                v
                for v in self.units()
                if v not in (t, attacker)
                and not self.u_type[v].king
                and shared & self.u_type[v].ability_names
            ]
            for v in victims:
                self.damage(v, 2, attacker, "Feedback")

    def _pity(self, unit: int) -> None:
        """The attacked Pity unit deals 1 to every adjacent unit (a Pity unit with Heal heals
        its allies instead, by 1 after Armor + X)."""
        kind = self.u_type[unit]
        owner = self.u_owner[unit]
        for v in self._around(self.u_cell[unit], unit):
            if "Heal" in kind.abilities and self.u_owner[v] == owner and self.burning(v) < 0:
                armor = self.u_type[v].abilities.get("Armor", 0)
                self.heal(v, max(0, 1 - armor) + kind.abilities["Heal"], unit, "Pity")
            else:
                self.damage(v, 1, unit, "Pity")

    def _barbs(self, attacker: int, targets: list[int]) -> None:
        """Each Barbs unit adjacent to an attacked ally of its own deals 1 to the (enemy)
        attacker after combat, if the attacker is adjacent to it too: the card says "when an
        adjacent unit is attacked", the clarification "only affects units that are adjacent
        to the unit with Barbs". A Double Strike is one attack."""
        if not self.alive(attacker):
            return
        enemy = self.u_owner[attacker]
        for b in self.units():
            if b == attacker or self.u_owner[b] == enemy or "Barbs" not in self.u_type[b].abilities:
                continue
            near = ADJACENT[self.u_cell[b]]
            if (
                self.alive(attacker)
                and self.u_cell[attacker] in near
                and any(
                    t != b and self.u_owner[t] == self.u_owner[b] and self.u_cell[t] in near
                    for t in targets
                )
            ):
                self.damage(attacker, 1, b, "Barbs")

    def _flame_choices(self, unit: int) -> list[int]:
        return self._around(self.u_cell[unit], unit)

    def _settle(self) -> None:
        """Resolve queued Flames (after the action that killed them); stop at one whose owner
        must choose between two or more adjacent units."""
        while self.flames and not self.is_over:
            unit = self.flames[0]
            choices = self._flame_choices(unit)
            if len(choices) >= 2:
                return
            self.flames.pop(0)
            if choices:
                self._flame(unit, choices[0])

    def _flame(self, unit: int, chosen: int) -> None:
        """2 damage to the chosen adjacent unit, 1 to every other adjacent unit (allies too,
        as the clarification says), all at once."""
        others = [v for v in self._flame_choices(unit) if v != chosen]
        self.damage(chosen, 2, unit, "Flame")
        for v in others:
            self.damage(v, 1, unit, "Flame")
        self._deaths()
