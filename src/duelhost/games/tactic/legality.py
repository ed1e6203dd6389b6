"""Which /TACTIC/ turn actions are legal: the checks that explain a refusal (G3) and the list
of every legal submission.
"""

from __future__ import annotations

from duelhost.core.errors import IllegalAction
from duelhost.games.tactic import board
from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.actions import (
    Action,
    Attack,
    EndTurn,
    FlameTarget,
    Move,
    format_action,
)
from duelhost.games.tactic.board import ADJACENT, NEIGHBOURS
from duelhost.games.tactic.flags import CACHED, MOVED
from duelhost.games.tactic.rows import Use
from duelhost.games.tactic.rules import Rules
from duelhost.games.tactic.units import (
    FACTION,
    KING,
    PLACE,
)


class Legality(Rules):
    """Rule checks and legal actions during play."""

    # ------------------------------------------------------------------ rule checks

    def _own_ready(self, seat: int, cell: int, text: str, why: str = "") -> int:
        """The seat's own un-cached unit on ``cell``; ``why`` is added to the cached error."""
        unit = self.board_[cell]
        if unit < 0:
            raise IllegalAction(f"{text}: there is no unit on {board.name(cell)}")
        if self.u_owner[unit] != seat:
            raise IllegalAction(f"{text}: the {self.label(unit)} is not yours")
        if self.u_flags[unit] & CACHED:
            raise IllegalAction(f"{text}: {self.u_type[unit].name} is cached{why}")
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
            options = ", ".join(board.name(self.u_cell[v]) for v in self.flame_choices(flame))
            if not isinstance(action, FlameTarget):
                raise IllegalAction(
                    f"{text}: first choose the unit the Flame of the dead {self.label(flame)} "
                    f"burns: flame CELL ({options})"
                )
            if self.board_[action.cell] not in self.flame_choices(flame):
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
        # TA3 (revised): attacking caches the unit, so a unit moves, then attacks.
        unit = self._own_ready(seat, path[0], text, "; a unit moves, then attacks (TA3)")
        name = self.u_type[unit].name
        if self.u_flags[unit] & MOVED:
            raise IllegalAction(f"{text}: {name} has already moved this turn")
        taunters = self.taunters_next_to(unit, path[0])
        if taunters:
            raise IllegalAction(f"{text}: Taunted by {self.label(taunters[0])}")
        limit = self.u_type[unit].kit.steps
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
            if not kind.kit.double_strike:
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
        if action.follow >= 0 and not kind.kit.commands:
            raise IllegalAction(f"{text}: {kind.name} has no Command")
        if kind.kit.commands:
            self._check_follow(unit, action, text)

    def _check_follow(self, unit: int, action: Attack, text: str) -> None:
        """Command's follow-up (TA9): named with the attack when the commanded unit has a
        target, left out when the first attack ends the match."""
        commanded = self.board_[action.targets[0]]
        options = self.follow_options(commanded)
        if options and self.first_attack_ends(unit, action.targets[0]):
            if action.follow >= 0:
                alone = format_action(Attack(action.origin, action.targets))
                raise IllegalAction(
                    f"{text}: the attack on {board.name(action.targets[0])} ends the match, "
                    f"so nothing follows (TA9): submit {alone}"
                )
            return
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

    def first_attack_ends(self, unit: int, cell: int) -> bool:
        """Whether ``unit``'s attack on ``cell`` (before any Command follow-up) ends the match
        (TA6, TA9), tried on a copy."""
        trial = self.clone()
        assert isinstance(trial, Rules)
        trial.attack(unit, [trial.board_[cell]], -1, commanded=False)
        return trial.is_over

    def _check_use(self, seat: int, action: Use, text: str) -> None:
        """The checks every activated ability shares, then its row's own ``check``."""
        row = ABILITIES[action.ability]
        unit = self.board_[action.origin]
        if unit >= 0 and self.u_owner[unit] == seat and not self.has(unit, row):
            raise IllegalAction(f"{text}: {self.u_type[unit].name} has no {row.name}")
        unit = self._own_ready(seat, action.origin, text)
        kind = self.u_type[unit]
        if self.u_flags[unit] & row.once_flag:
            raise IllegalAction(f"{text}: {kind.name} has already used {row.name} this turn")
        if row.taunt_bound:
            duty = self.taunt_duty(unit)
            if duty:
                raise self._duty_error(unit, duty, text)
        target = self.board_[action.target]
        if target < 0:
            raise IllegalAction(f"{text}: there is no unit on {board.name(action.target)}")
        if target == unit:
            raise IllegalAction(f"{text}: {kind.name} cannot target itself")
        if row.in_range:
            if action.target not in self.combat_range(unit):
                raise IllegalAction(
                    f"{text}: {board.name(action.target)} is not in {kind.name}'s combat range"
                )
        elif action.target not in ADJACENT[action.origin]:
            raise IllegalAction(
                f"{text}: {board.name(action.target)} is not adjacent to {kind.name}"
            )
        row.check(self, row, seat, unit, action, text)

    # ------------------------------------------------------------------ legal actions

    def _setup_legal(self, seat: int) -> list[str]:
        """The legal submissions of the setup phases (faction, King, build)."""
        if self.phase == FACTION:
            return [f"faction {name}" for name in self.table.names]
        if self.phase == KING:
            return [f"king {board.name(c)}" for c in board.CROWN_SPACES[seat]]
        empty = [board.name(c) for c in board.BUILD_ZONES[seat] if self.board_[c] < 0]
        return [
            f"place {u.name} {cell}"
            for u in self.faction(seat).units
            if u.cost <= self.coins[seat]
            for cell in empty
        ]

    def _legal(self, seat: int) -> list[str]:
        if self.phase in (FACTION, KING, PLACE):
            return self._setup_legal(seat)
        if self.flames:
            return [
                f"flame {board.name(self.u_cell[v])}" for v in self.flame_choices(self.flames[0])
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
        """Every legal action of an un-cached ``unit``: moves, attacks, activated abilities."""
        kit = self.u_type[unit].kit
        found: list[Action] = []
        if not self.u_flags[unit] & MOVED:
            found.extend(Move(path) for path in self._paths(unit))
        reach = self.combat_range(unit)
        found.extend(self._attacks(unit, reach, duty))
        if not kit.activated:
            return found
        adjacent = [c for c in NEIGHBOURS[self.u_cell[unit]] if self.board_[c] >= 0]
        flags = self.u_flags[unit]
        for row in kit.activated:
            if flags & row.once_flag or (duty and row.taunt_bound):
                continue
            assert row.options is not None
            found.extend(row.options(self, row, unit, reach, adjacent))
        return found

    def _attacks(self, unit: int, reach: list[int], duty: list[int]) -> list[Action]:
        """The attacks of ``unit`` on the cells in ``reach`` (Taunt, Command, Double Strike)."""
        kit = self.u_type[unit].kit
        cell = self.u_cell[unit]
        found: list[Action] = []
        for t in reach:
            if duty and t not in duty:
                continue
            if kit.commands:
                options = self.follow_options(self.board_[t])
                if options and not self.first_attack_ends(unit, t):
                    found.extend(Attack(cell, (t,), f) for f in options)
                    continue
            found.append(Attack(cell, (t,)))
        if kit.double_strike:
            for i, a in enumerate(reach):
                for b in reach[i + 1 :]:
                    if not duty or a in duty or b in duty:
                        found.append(Attack(cell, tuple(sorted((a, b)))))
        return found

    def _paths(self, unit: int) -> list[tuple[int, ...]]:
        """One shortest path to every cell the unit can move to (Dash; a path stops next to
        an enemy Taunter)."""
        start = self.u_cell[unit]
        if self.taunters_next_to(unit, start):
            return []
        limit = self.u_type[unit].kit.steps
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
