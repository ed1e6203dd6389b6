"""The /TACTIC/ engine: setup phases, turns, combat and one rule hook per ability.

Phases (RULINGS TA2, TA3): ``faction`` (both seats, secret, revealed together), ``king`` (both
seats, secret, revealed together), ``place`` (alternating, one unit per decision), ``play``
(one action per decision by the seat whose turn it is, until ``end``). A dead Flame unit's
owner may interrupt with a ``flame C3`` decision.

Units live in flat per-unit lists (type, owner, cell, damage, flag bits) indexed by a unit id;
the board is a list of 49 unit ids (-1 empty). A dead unit keeps its cell and data, so effects
it still causes ("it is still technically there": Flame, Sacrifice, a Command follow-up after
death) read them as a ghost.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.notation import match_name
from duelhost.core.state import State
from duelhost.games.tactic import board
from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.actions import (
    Action,
    Attack,
    ChooseFaction,
    EndTurn,
    FlameTarget,
    Move,
    PlaceKing,
    PlaceUnit,
    Use,
    format_action,
    parse_turn_action,
)
from duelhost.games.tactic.board import ADJACENT, NEIGHBOURS
from duelhost.games.tactic.factions import Faction, FactionTable, UnitType, load_table

START_COINS = 6

CACHED = 1
MOVED = 2
USED_FIREBALL = 4
USED_DRAIN = 8
USED_DUST = 16
REVERBERATED = 32
"""Dealt Reverberate damage this turn (at most once per turn)."""
ALIVE = 64

ONCE_FLAGS = {"Fireball": USED_FIREBALL, "Drain": USED_DRAIN, "Sprinkle Dust": USED_DUST}
TURN_FLAGS = CACHED | MOVED | USED_FIREBALL | USED_DRAIN | USED_DUST

FACTION, KING, PLACE, PLAY, OVER = "faction", "king", "place", "play", "over"


class TacticState(State):
    """One match of /TACTIC/."""

    table: FactionTable
    phase: str
    factions: list[int]
    coins: list[int]
    placer: int
    turn: int
    turn_seat: int
    quiet: int
    hurt: bool
    board_: list[int]
    u_type: list[UnitType]
    u_owner: list[int]
    u_cell: list[int]
    u_dmg: list[int]
    u_flags: list[int]
    kings: list[int]
    flames: list[int]

    # ------------------------------------------------------------------ setup

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        if setup:
            raise ConfigError(f"tactic takes no setup arguments, got {sorted(setup)}")
        self.table = load_table(self.game.options.get("factions"))
        self.quiet_limit: int = self.game.options.get("quiet_turns", 30)
        self.turn_limit: int = self.game.options.get("max_turns", 200)
        self.phase = FACTION
        self.factions = [-1, -1]
        self.coins = [START_COINS, START_COINS]
        self.placer = 0
        self.turn = 0
        self.turn_seat = 0
        self.quiet = 0
        self.hurt = False
        self.board_ = [-1] * board.CELLS
        self.u_type = []
        self.u_owner = []
        self.u_cell = []
        self.u_dmg = []
        self.u_flags = []
        self.kings = [-1, -1]
        self.flames = []
        return {}

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, TacticState)
        other.factions = self.factions.copy()
        other.coins = self.coins.copy()
        other.board_ = self.board_.copy()
        other.u_type = self.u_type.copy()
        other.u_owner = self.u_owner.copy()
        other.u_cell = self.u_cell.copy()
        other.u_dmg = self.u_dmg.copy()
        other.u_flags = self.u_flags.copy()
        other.kings = self.kings.copy()
        other.flames = self.flames.copy()

    # ------------------------------------------------------------------ small queries

    def faction(self, seat: int) -> Faction:
        return self.table.factions[self.factions[seat]]

    def alive(self, unit: int) -> bool:
        return bool(self.u_flags[unit] & ALIVE)

    def units(self, seat: int | None = None) -> list[int]:
        """Living unit ids (of ``seat``), in placement order."""
        return [
            u
            for u in range(len(self.u_flags))
            if self.u_flags[u] & ALIVE and (seat is None or self.u_owner[u] == seat)
        ]

    def unit_at(self, cell: int) -> int:
        return self.board_[cell]

    def label(self, unit: int) -> str:
        """``"Eagle on B2"``."""
        return f"{self.u_type[unit].name} on {board.name(self.u_cell[unit])}"

    def _around(self, cell: int, exclude: int = -1) -> list[int]:
        return [v for c in NEIGHBOURS[cell] if (v := self.board_[c]) >= 0 and v != exclude]

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

    # ------------------------------------------------------------------ turns

    def _start_turn(self, seat: int) -> None:
        """TA3: un-cache, then start-of-turn abilities: every Aura of Pain at once, then
        Regenerate."""
        self.turn += 1
        self.turn_seat = seat
        self.hurt = False
        flags = self.u_flags
        for u in range(len(flags)):
            flags[u] &= ~REVERBERATED
            if self.u_owner[u] == seat:
                flags[u] &= ~TURN_FLAGS
        self._log("turn", seat=seat, turn=self.turn)
        own = self.units(seat)
        pains = [
            (u, self.u_dmg[u])
            for u in own
            if self.u_dmg[u] and "Aura of Pain" in self.u_type[u].abilities
        ]
        hits = [(v, amount, u) for u, amount in pains for v in self._around(self.u_cell[u], u)]
        for v, amount, u in hits:
            self.damage(v, amount, u, "Aura of Pain")
        if self._deaths():
            return
        for u in own:
            if self.alive(u) and self.u_dmg[u] and "Regenerate" in self.u_type[u].abilities:
                self.heal(u, 1, u, "Regenerate")
        self._deaths()

    def _end_turn(self) -> None:
        self.quiet = 0 if self.hurt else self.quiet + 1
        self._log("end turn", seat=self.turn_seat, turn=self.turn)
        if self.quiet_limit and self.quiet >= 2 * self.quiet_limit:
            self.phase = OVER
            self._finish(None, f"{self.quiet_limit} turns of each player without damage (TA6)")
            return
        if self.turn_limit and self.turn >= self.turn_limit:
            # House rule (see Decisions): endless damage-and-heal cycles end in a draw.
            self.phase = OVER
            self._finish(None, f"turn {self.turn_limit} reached (max_turns)")
            return
        self._start_turn(1 - self.turn_seat)

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

    # ------------------------------------------------------------------ kernel hooks

    def _decision_seats(self) -> tuple[int, ...]:
        if self.phase in (FACTION, KING):
            return (0, 1)
        if self.phase == PLACE:
            return (self.placer,)
        if self.flames:
            return (self.u_owner[self.flames[0]],)
        return (self.turn_seat,)

    def _parse(self, seat: int, text: str) -> Action:
        if len(text) > 200:
            raise IllegalAction("a submission is at most 200 characters")
        stripped = " ".join(text.split())
        if not stripped:
            raise IllegalAction("empty submission")
        words = stripped.split(" ")
        head = words[0].lower()
        if self.phase == FACTION:
            if head != "faction" or len(words) < 2:
                raise IllegalAction(
                    f"'{stripped}': choose a faction first: faction NAME "
                    f"({', '.join(self.table.names)})"
                )
            name = match_name(" ".join(words[1:]), self.table.names, "faction")
            return ChooseFaction(name)
        if self.phase == KING:
            crowns = ", ".join(board.name(c) for c in board.CROWN_SPACES[seat])
            if head != "king" or len(words) != 2:
                raise IllegalAction(f"'{stripped}': place your King first: king CELL ({crowns})")
            cell = board.parse(words[1])
            if cell not in board.CROWN_SPACES[seat]:
                raise IllegalAction(
                    f"king {board.name(cell)}: your King goes on a crown space ({crowns})"
                )
            return PlaceKing(cell)
        if self.phase == PLACE:
            return self._parse_place(seat, stripped, words)
        action = parse_turn_action(stripped)
        self._check(seat, action)
        return action

    def _parse_place(self, seat: int, stripped: str, words: list[str]) -> PlaceUnit:
        if words[0].lower() != "place" or len(words) < 3:
            raise IllegalAction(
                f"'{stripped}': place a unit: place UNIT CELL (like place Eagle B2)"
            )
        faction = self.faction(seat)
        names = [u.name for u in faction.units]
        if words[1].lower() == "king" and len(words) == 3:
            raise IllegalAction(
                f"{stripped}: the King is already placed; copies of a King are not allowed"
            )
        name = match_name(" ".join(words[1:-1]), names, f"unit of {faction.name}")
        cell = board.parse(words[-1])
        text = f"place {name} {board.name(cell)}"
        kind = faction.unit(name)
        if cell not in board.BUILD_ZONES[seat]:
            rows = "1-2" if seat == 0 else "6-7"
            raise IllegalAction(
                f"{text}: {board.name(cell)} is not in your build zone (rows {rows})"
            )
        if self.board_[cell] >= 0:
            raise IllegalAction(
                f"{text}: {board.name(cell)} is occupied by {self.label(self.board_[cell])}"
            )
        if kind.cost > self.coins[seat]:
            raise IllegalAction(
                f"{text}: {name} costs {kind.cost} BitCoins, you have {self.coins[seat]}"
            )
        return PlaceUnit(name, cell)

    def _format(self, seat: int, action: Any) -> str:
        return format_action(action)

    def _timeout_action(self, seat: int) -> Action:
        if self.phase == FACTION:
            return ChooseFaction(self.table.factions[0].name)
        if self.phase == KING:
            return PlaceKing(board.CROWN_SPACES[seat][0])
        if self.phase == PLACE:
            return self._timeout_placement(seat)
        if self.flames:
            return FlameTarget(self.u_cell[self._flame_choices(self.flames[0])[0]])
        return EndTurn(timeout=True)

    def _timeout_placement(self, seat: int) -> PlaceUnit:
        """The cheapest unit (first in the faction's list) on the first empty build cell,
        back row first."""
        faction = self.faction(seat)
        kind = min(faction.units, key=lambda u: u.cost)
        zone = board.BUILD_ZONES[seat] if seat == 0 else board.BUILD_ZONES[seat][::-1]
        cell = next(c for c in zone if self.board_[c] < 0)
        return PlaceUnit(kind.name, cell)

    def _add_unit(self, seat: int, kind: UnitType, cell: int) -> int:
        unit = len(self.u_type)
        self.u_type.append(kind)
        self.u_owner.append(seat)
        self.u_cell.append(cell)
        self.u_dmg.append(0)
        self.u_flags.append(ALIVE)
        self.board_[cell] = unit
        return unit

    def _can_place(self, seat: int) -> bool:
        return self.coins[seat] >= self.faction(seat).cheapest and any(
            self.board_[c] < 0 for c in board.BUILD_ZONES[seat]
        )

    def _resolve(self, actions: dict[int, Any]) -> None:
        if self.phase == FACTION:
            for seat in (0, 1):
                self.factions[seat] = self.table.names.index(actions[seat].faction)
            self._log("factions", factions=[self.faction(s).name for s in (0, 1)])
            self.phase = KING
            return
        if self.phase == KING:
            for seat in (0, 1):
                self.kings[seat] = self._add_unit(seat, self.faction(seat).king, actions[seat].cell)
            self._log("kings", cells=[board.name(self.u_cell[k]) for k in self.kings])
            self.phase = PLACE
            self.placer = 0
            self._next_placer(first=True)
            return
        seat = next(iter(actions))
        action = actions[seat]
        if self.phase == PLACE:
            kind = self.faction(seat).unit(action.unit)
            self._add_unit(seat, kind, action.cell)
            self.coins[seat] -= kind.cost
            self._log(
                "place",
                seat=seat,
                unit=kind.name,
                cell=board.name(action.cell),
                coins=self.coins[seat],
            )
            self._next_placer(first=False)
            return
        self._act(seat, action)
        if not self.is_over:
            self._settle()

    def _next_placer(self, first: bool) -> None:
        """TA2: alternate, skipping a seat that can pay for nothing; play starts when neither
        can (unspent BitCoins are lost)."""
        order = (self.placer, 1 - self.placer) if first else (1 - self.placer, self.placer)
        for seat in order:
            if self._can_place(seat):
                self.placer = seat
                return
        self.phase = PLAY
        self._log("build over", coins_lost=list(self.coins))
        self._start_turn(0)
        self._settle()

    def _act(self, seat: int, action: Action) -> None:
        if isinstance(action, EndTurn):
            self._end_turn()
        elif isinstance(action, FlameTarget):
            unit = self.flames.pop(0)
            self._flame(unit, self.board_[action.cell])
        elif isinstance(action, Move):
            unit = self.board_[action.path[0]]
            self.board_[action.path[0]] = -1
            self.board_[action.path[-1]] = unit
            self.u_cell[unit] = action.path[-1]
            self.u_flags[unit] |= MOVED
            self._log("move", seat=seat, unit=self.u_type[unit].name, path=format_action(action))
            self._deaths()
        elif isinstance(action, Attack):
            unit = self.board_[action.origin]
            targets = [self.board_[c] for c in action.targets]
            follow = self.board_[action.follow] if action.follow >= 0 else -1
            self.attack(unit, targets, follow, commanded=False)
        elif isinstance(action, Use):
            self._use(seat, action)

    # ------------------------------------------------------------------ activated abilities

    def _use(self, seat: int, action: Use) -> None:
        """Activated abilities: Push, Swap, Fireball, Drain, Sacrifice, Sprinkle Dust (already
        checked by ``_check_use``)."""
        unit = self.board_[action.origin]
        target = self.board_[action.target]
        self._log("ability", seat=seat, unit=self.u_type[unit].name, text=format_action(action))
        self.u_flags[unit] |= ONCE_FLAGS.get(action.ability, 0)
        if ABILITIES[action.ability].caches:
            self.u_flags[unit] |= CACHED
        if action.ability == "Push":
            self.board_[action.target] = -1
            self.board_[action.destination] = target
            self.u_cell[target] = action.destination
        elif action.ability == "Swap":
            self.board_[action.origin], self.board_[action.target] = target, unit
            self.u_cell[unit], self.u_cell[target] = action.target, action.origin
        elif action.ability == "Fireball":
            self.damage(target, 1, unit, "Fireball")
        elif action.ability == "Drain":
            # Not an attack, not reduced by Armor or Protection; heals this unit.
            amount = self.u_type[unit].abilities["Drain"]
            self.u_dmg[unit] -= amount
            self.u_dmg[target] += amount
            self.hurt = True
            self._log_effect("heal", unit, amount, unit, "Drain")
            self._log_effect("damage", target, amount, unit, "Drain")
        elif action.ability == "Sacrifice":
            # Removed from the game (not a death: no Flame); still "there" for Armor and
            # Protection while its damage is dealt.
            self.u_flags[unit] &= ~ALIVE
            self.board_[action.origin] = -1
            self._log(
                "sacrificed", seat=seat, unit=self.u_type[unit].name, cell=board.name(action.origin)
            )
            self.damage(target, self.u_type[unit].abilities["Sacrifice"], unit, "Sacrifice")
        elif action.ability == "Sprinkle Dust":
            self.heal(target, 1, unit, "Sprinkle Dust")
        self._deaths()

    # ------------------------------------------------------------------ rule checks

    def _own_ready(self, seat: int, cell: int, text: str) -> int:
        unit = self.board_[cell]
        if unit < 0:
            raise IllegalAction(f"{text}: there is no unit on {board.name(cell)}")
        if self.u_owner[unit] != seat:
            raise IllegalAction(f"{text}: the {self.label(unit)} is not yours")
        if self.u_flags[unit] & CACHED:
            raise IllegalAction(f"{text}: {self.u_type[unit].name} is cached")
        return unit

    def _duty_error(self, unit: int, duty: list[int], text: str) -> IllegalAction:
        taunter = self.label(self.board_[duty[0]])
        return IllegalAction(
            f"{text}: Taunted by {taunter}; {self.u_type[unit].name} must attack it"
        )

    def _check(self, seat: int, action: Action) -> None:
        """IllegalAction saying which rule stops ``action``; nothing is changed."""
        text = format_action(action)
        if self.flames:
            flame = self.flames[0]
            options = ", ".join(board.name(self.u_cell[v]) for v in self._flame_choices(flame))
            if not isinstance(action, FlameTarget):
                raise IllegalAction(
                    f"{text}: first choose the unit the Flame of the dead {self.label(flame)} "
                    f"burns: flame CELL ({options})"
                )
            if self.board_[action.cell] not in self._flame_choices(flame):
                raise IllegalAction(f"{text}: the Flame burns an adjacent unit ({options})")
            return
        if isinstance(action, FlameTarget):
            raise IllegalAction(f"{text}: no Flame is waiting for a choice")
        if isinstance(action, EndTurn):
            for unit in self.units(seat):
                if not self.u_flags[unit] & CACHED:
                    duty = self.taunt_duty(unit)
                    if duty:
                        raise IllegalAction(
                            f"end: {self.label(unit)} must attack "
                            f"{self.label(self.board_[duty[0]])} (Taunt)"
                        )
            return
        if isinstance(action, Move):
            self._check_move(seat, action, text)
        elif isinstance(action, Attack):
            self._check_attack(seat, action, text)
        elif isinstance(action, Use):
            self._check_use(seat, action, text)
        else:
            raise IllegalAction(f"{text}: the build phase is over")

    def _check_move(self, seat: int, action: Move, text: str) -> None:
        path = action.path
        unit = self._own_ready(seat, path[0], text)
        name = self.u_type[unit].name
        if self.u_flags[unit] & MOVED:
            raise IllegalAction(f"{text}: {name} has already moved this turn")
        taunters = self.taunters_next_to(unit, path[0])
        if taunters:
            raise IllegalAction(f"{text}: Taunted by {self.label(taunters[0])}")
        limit = 1 + self.u_type[unit].abilities.get("Dash", 0)
        if len(path) - 1 > limit:
            cells = "cell" if limit == 1 else "cells"
            raise IllegalAction(f"{text}: {name} moves at most {limit} {cells}")
        seen = {path[0]}
        for i in range(1, len(path)):
            here, before = path[i], path[i - 1]
            if here not in ADJACENT[before]:
                raise IllegalAction(
                    f"{text}: {board.name(here)} is not next to {board.name(before)}"
                )
            if here in seen:
                raise IllegalAction(f"{text}: the path visits {board.name(here)} twice")
            if self.board_[here] >= 0:
                raise IllegalAction(
                    f"{text}: {board.name(here)} is occupied by {self.label(self.board_[here])}"
                )
            if i < len(path) - 1:
                stop = self.taunters_next_to(unit, here)
                if stop:
                    raise IllegalAction(
                        f"{text}: Taunted by {self.label(stop[0])} on reaching {board.name(here)}"
                    )
            seen.add(here)

    def _check_attack(self, seat: int, action: Attack, text: str) -> None:
        unit = self._own_ready(seat, action.origin, text)
        kind = self.u_type[unit]
        if len(action.targets) == 2:
            if "Double Strike" not in kind.abilities:
                raise IllegalAction(f"{text}: {kind.name} has no Double Strike")
            if action.targets[0] == action.targets[1]:
                raise IllegalAction(f"{text}: a Double Strike attacks two different units")
        reach = self.combat_range(unit)
        for cell in action.targets:
            if self.board_[cell] < 0:
                raise IllegalAction(f"{text}: there is no unit on {board.name(cell)}")
            if cell not in reach:
                raise IllegalAction(
                    f"{text}: {board.name(cell)} is not in {kind.name}'s combat range"
                )
        duty = self.taunt_duty(unit)
        if duty and not any(c in duty for c in action.targets):
            raise self._duty_error(unit, duty, text)
        if action.follow >= 0 and "Command" not in kind.abilities:
            raise IllegalAction(f"{text}: {kind.name} has no Command")
        if "Command" in kind.abilities:
            commanded = self.board_[action.targets[0]]
            options = self.follow_options(commanded)
            if action.follow < 0 and options:
                raise IllegalAction(
                    f"{text}: Command: name the unit {self.label(commanded)} attacks, "
                    f"like {text}>{board.name(options[0])}"
                )
            if action.follow >= 0 and action.follow not in options:
                if self.board_[action.follow] < 0:
                    raise IllegalAction(f"{text}: there is no unit on {board.name(action.follow)}")
                duty = self.taunt_duty(commanded)
                if duty:
                    raise IllegalAction(
                        f"{text}: Taunted by {self.label(self.board_[duty[0]])}; "
                        f"{self.u_type[commanded].name} must attack it"
                    )
                raise IllegalAction(
                    f"{text}: {board.name(action.follow)} is not in "
                    f"{self.u_type[commanded].name}'s combat range"
                )

    def _check_use(self, seat: int, action: Use, text: str) -> None:
        unit = self.board_[action.origin]
        if (
            unit >= 0
            and self.u_owner[unit] == seat
            and action.ability not in self.u_type[unit].abilities
        ):
            raise IllegalAction(f"{text}: {self.u_type[unit].name} has no {action.ability}")
        unit = self._own_ready(seat, action.origin, text)
        kind = self.u_type[unit]
        ability = action.ability
        if self.u_flags[unit] & ONCE_FLAGS.get(ability, 0):
            raise IllegalAction(f"{text}: {kind.name} has already used {ability} this turn")
        if ability in ("Push", "Swap", "Sacrifice"):
            duty = self.taunt_duty(unit)
            if duty:
                raise self._duty_error(unit, duty, text)
        target = self.board_[action.target]
        if target < 0:
            raise IllegalAction(f"{text}: there is no unit on {board.name(action.target)}")
        if target == unit:
            raise IllegalAction(f"{text}: {kind.name} cannot target itself")
        adjacent = action.target in ADJACENT[action.origin]
        if ability in ("Push", "Drain"):
            if action.target not in self.combat_range(unit):
                raise IllegalAction(
                    f"{text}: {board.name(action.target)} is not in {kind.name}'s combat range"
                )
        elif not adjacent:
            raise IllegalAction(
                f"{text}: {board.name(action.target)} is not adjacent to {kind.name}"
            )
        if ability == "Push":
            dest = action.destination
            if dest not in ADJACENT[action.target]:
                raise IllegalAction(
                    f"{text}: a push moves {self.label(target)} one cell "
                    f"({board.name(dest)} is not next to it)"
                )
            if self.board_[dest] >= 0:
                raise IllegalAction(
                    f"{text}: {board.name(dest)} is occupied by {self.label(self.board_[dest])}"
                )
        elif ability == "Drain":
            need = kind.abilities["Drain"]
            if self.u_dmg[unit] < need:
                raise IllegalAction(
                    f"{text}: {kind.name} has {self.u_dmg[unit]} damage; Drain {need} needs {need}"
                )
            burner = self.burning()
            if burner >= 0:
                raise IllegalAction(
                    f"{text}: Drain is blocked while {self.label(burner)} is damaged (Burn)"
                )
            if "Burn" in self.u_type[target].abilities and self.u_owner[target] == seat:
                raise IllegalAction(
                    f"{text}: {self.label(target)} cannot be damaged by allies (Burn)"
                )
        elif ability == "Sprinkle Dust":
            if self.u_dmg[target] == 0:
                raise IllegalAction(f"{text}: {self.label(target)} has no damage")
            burner = self.burning(exclude=target)
            if burner >= 0:
                raise IllegalAction(
                    f"{text}: healing is blocked while {self.label(burner)} is damaged (Burn)"
                )

    # ------------------------------------------------------------------ legal actions

    def _legal(self, seat: int) -> list[str]:
        if self.phase == FACTION:
            return [f"faction {name}" for name in self.table.names]
        if self.phase == KING:
            return [f"king {board.name(c)}" for c in board.CROWN_SPACES[seat]]
        if self.phase == PLACE:
            empty = [board.name(c) for c in board.BUILD_ZONES[seat] if self.board_[c] < 0]
            return [
                f"place {u.name} {cell}"
                for u in self.faction(seat).units
                if u.cost <= self.coins[seat]
                for cell in empty
            ]
        if self.flames:
            return [
                f"flame {board.name(self.u_cell[v])}" for v in self._flame_choices(self.flames[0])
            ]
        found: list[Action] = []
        duty_left = False
        for unit in self.units(seat):
            if self.u_flags[unit] & CACHED:
                continue
            duty = self.taunt_duty(unit)
            duty_left = duty_left or bool(duty)
            found.extend(self._unit_actions(unit, duty))
        texts = [format_action(a) for a in found]
        if not duty_left:
            texts.append("end")
        return texts

    def _unit_actions(self, unit: int, duty: list[int]) -> list[Action]:
        kind = self.u_type[unit]
        cell = self.u_cell[unit]
        found: list[Action] = []
        if not self.u_flags[unit] & MOVED:
            found.extend(Move(path) for path in self._paths(unit))
        reach = self.combat_range(unit)
        for t in reach:
            if duty and t not in duty:
                continue
            if "Command" in kind.abilities:
                options = self.follow_options(self.board_[t])
                if options:
                    found.extend(Attack(cell, (t,), f) for f in options)
                    continue
            found.append(Attack(cell, (t,)))
        if "Double Strike" in kind.abilities:
            for i, a in enumerate(reach):
                for b in reach[i + 1 :]:
                    if not duty or a in duty or b in duty:
                        found.append(Attack(cell, tuple(sorted((a, b)))))
        adjacent = [c for c in NEIGHBOURS[cell] if self.board_[c] >= 0]
        flags = self.u_flags[unit]
        abilities = kind.abilities
        if "Fireball" in abilities and not flags & USED_FIREBALL:
            found.extend(Use(cell, "Fireball", t) for t in adjacent)
        if "Sprinkle Dust" in abilities and not flags & USED_DUST:
            found.extend(
                Use(cell, "Sprinkle Dust", t)
                for t in adjacent
                if self.u_dmg[self.board_[t]] and self.burning(exclude=self.board_[t]) < 0
            )
        if (
            "Drain" in abilities
            and not flags & USED_DRAIN
            and self.u_dmg[unit] >= abilities["Drain"]
            and self.burning() < 0
        ):
            owner = self.u_owner[unit]
            for t in reach:
                victim = self.board_[t]
                if not ("Burn" in self.u_type[victim].abilities and self.u_owner[victim] == owner):
                    found.append(Use(cell, "Drain", t))
        if not duty:
            if "Push" in abilities:
                for t in reach:
                    found.extend(
                        Use(cell, "Push", t, d) for d in NEIGHBOURS[t] if self.board_[d] < 0
                    )
            if "Swap" in abilities:
                found.extend(Use(cell, "Swap", t) for t in adjacent)
            if "Sacrifice" in abilities:
                found.extend(Use(cell, "Sacrifice", t) for t in adjacent)
        return found

    def _paths(self, unit: int) -> list[tuple[int, ...]]:
        """One shortest path to every cell the unit can move to (Dash; a path stops next to
        an enemy Taunter)."""
        start = self.u_cell[unit]
        if self.taunters_next_to(unit, start):
            return []
        limit = 1 + self.u_type[unit].abilities.get("Dash", 0)
        paths: dict[int, tuple[int, ...]] = {start: (start,)}
        frontier = [start]
        found: list[tuple[int, ...]] = []
        for _ in range(limit):
            following = []
            for here in frontier:
                if here != start and self.taunters_next_to(unit, here):
                    continue
                for c in NEIGHBOURS[here]:
                    if c in paths or self.board_[c] >= 0:
                        continue
                    paths[c] = paths[here] + (c,)
                    found.append(paths[c])
                    following.append(c)
            frontier = following
        return found

    # ------------------------------------------------------------------ views

    def unit_view(self, unit: int) -> dict[str, Any]:
        kind = self.u_type[unit]
        notes: list[str] = []
        value = self.at(unit, notes)
        flags = self.u_flags[unit]
        used = [name for name, bit in ONCE_FLAGS.items() if flags & bit]
        return {
            "cell": board.name(self.u_cell[unit]),
            "seat": self.u_owner[unit],
            "unit": kind.name,
            "king": kind.king,
            "hp": self.hp(unit),
            "damage": self.u_dmg[unit],
            "at": value,
            "at_modifiers": notes,
            "abilities": kind.card()["abilities"],
            "cached": bool(flags & CACHED),
            "moved": bool(flags & MOVED),
            "used": used,
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        revealed = self.factions[0] >= 0
        data: dict[str, Any] = {
            "phase": self.phase if not self.is_over else OVER,
            "factions": [self.faction(s).name for s in (0, 1)] if revealed else [None, None],
            "faction_names": self.table.names,
            "cards": (
                [[u.card() for u in (self.faction(s).king, *self.faction(s).units)] for s in (0, 1)]
                if revealed
                else [None, None]
            ),
            "coins": list(self.coins),
            "turn": self.turn,
            "turn_seat": self.turn_seat if self.phase in (PLAY, OVER) else None,
            "quiet_turns": self.quiet,
            "board": [
                self.unit_view(u) for u in sorted(self.units(), key=lambda u: self.u_cell[u])
            ],
            "flame": None,
        }
        if self.flames and not self.is_over:
            flame = self.flames[0]
            data["flame"] = {
                "seat": self.u_owner[flame],
                "unit": self.u_type[flame].name,
                "cell": board.name(self.u_cell[flame]),
                "choices": [board.name(self.u_cell[v]) for v in self._flame_choices(flame)],
            }
        return data

    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "factions": list(self.factions),
            "coins": list(self.coins),
            "placer": self.placer,
            "turn": self.turn,
            "turn_seat": self.turn_seat,
            "quiet": self.quiet,
            "hurt": self.hurt,
            "board": list(self.board_),
            "units": [
                [t.faction, t.name, o, c, d, f]
                for t, o, c, d, f in zip(
                    self.u_type, self.u_owner, self.u_cell, self.u_dmg, self.u_flags, strict=True
                )
            ],
            "kings": list(self.kings),
            "flames": list(self.flames),
        }

    def _scores(self) -> Any:
        """Living units per seat."""
        counts = [0, 0]
        for u in self.units():
            counts[self.u_owner[u]] += 1
        return counts

    # ------------------------------------------------------------------ bot helper

    def preview(self, seat: int, text: str) -> dict[str, Any]:
        """What the board would be after ``seat`` submits ``text`` now (for bots; everything
        in it is public once the build phase is over). IllegalAction if it is not legal."""
        if self.phase != PLAY or seat not in self.to_act:
            raise IllegalAction("preview is only for the seat to act during play")
        trial = self.clone()
        trial.submit(seat, text)
        assert isinstance(trial, TacticState)
        return {
            "units": [
                {
                    "seat": trial.u_owner[u],
                    "unit": trial.u_type[u].name,
                    "king": trial.u_type[u].king,
                    "cell": board.name(trial.u_cell[u]),
                    "hp": trial.hp(u),
                    "damage": trial.u_dmg[u],
                    "at": trial.at(u),
                    "cost": trial.u_type[u].cost,
                    "abilities": sorted(trial.u_type[u].abilities),
                }
                for u in trial.units()
            ],
            "is_over": trial.is_over,
            "winner": trial.winner,
        }
