"""The /TACTIC/ engine: setup phases, turns, combat and one rule hook per ability.

Phases (RULINGS TA2, TA3): ``faction`` (both seats, secret, revealed together), ``king`` (both
seats, secret, revealed together), ``place`` (alternating, one unit per decision), ``play``
(one action per decision by the seat whose turn it is, until ``end``). A dead Flame unit's
owner may interrupt with a ``flame C3`` decision.

The class puts together the parts, each in its own module: ``units`` (the data and small
queries), ``rules`` (combat), ``legality`` (checks and legal lists) and ``views``; this module
holds the phases, turns and the kernel hooks.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.notation import match_name
from duelhost.core.state import State
from duelhost.games.tactic import board
from duelhost.games.tactic.abilities import ABILITIES, START_OF_TURN
from duelhost.games.tactic.actions import (
    Action,
    Attack,
    ChooseFaction,
    EndTurn,
    FlameTarget,
    Move,
    PlaceKing,
    PlaceUnit,
    format_action,
    parse_turn_action,
)
from duelhost.games.tactic.factions import load_table
from duelhost.games.tactic.flags import CACHED, MOVED, REVERBERATED, TURN_FLAGS
from duelhost.games.tactic.legality import Legality
from duelhost.games.tactic.rows import Use
from duelhost.games.tactic.units import (
    FACTION,
    KING,
    OVER,
    PLACE,
    PLAY,
    START_COINS,
)
from duelhost.games.tactic.views import Views


class TacticState(Legality, Views):
    """One match of /TACTIC/."""

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

    # ------------------------------------------------------------------ turns

    def _start_turn(self, seat: int) -> None:
        """TA3: un-cache, then the ``start_of_turn`` hooks in ``START_OF_TURN_ORDER``: every
        Aura of Pain at once, then Regenerate."""
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
        for row in START_OF_TURN:
            assert row.start_of_turn is not None
            row.start_of_turn(self, row, seat, own)
            if self._deaths():
                return

    def _end_turn(self) -> None:
        self.quiet = 0 if self.hurt else self.quiet + 1
        self._log("end turn", seat=self.turn_seat, turn=self.turn)
        if self.quiet_limit and self.quiet >= 2 * self.quiet_limit:
            self.phase = OVER
            turns = "turn" if self.quiet_limit == 1 else "turns"
            self._finish(None, f"{self.quiet_limit} {turns} of each player without damage (TA6)")
            return
        if self.turn_limit and self.turn >= 2 * self.turn_limit:
            # TA12: endless damage-and-heal cycles end in a draw after max_turns turns of
            # each player.
            self.phase = OVER
            self._finish(None, f"{self.turn_limit} turns of each player reached (max_turns, TA12)")
            return
        self._start_turn(1 - self.turn_seat)

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
            return FlameTarget(self.u_cell[self.flame_choices(self.flames[0])[0]])
        return EndTurn(timeout=True)

    def _timeout_placement(self, seat: int) -> PlaceUnit:
        """The cheapest unit (first in the faction's list) on the first empty build cell,
        back row first."""
        faction = self.faction(seat)
        kind = min(faction.units, key=lambda u: u.cost)
        zone = board.BUILD_ZONES[seat] if seat == 0 else board.BUILD_ZONES[seat][::-1]
        cell = next(c for c in zone if self.board_[c] < 0)
        return PlaceUnit(kind.name, cell)

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
        """An activated ability (already checked by ``_check_use``): its once-per-turn flag,
        the cache if it caches, then its row's ``use`` hook."""
        row = ABILITIES[action.ability]
        unit = self.board_[action.origin]
        self._log("ability", seat=seat, unit=self.u_type[unit].name, text=format_action(action))
        self.u_flags[unit] |= row.once_flag
        if row.caches:
            self.u_flags[unit] |= CACHED
        assert row.use is not None
        row.use(self, row, seat, unit, action)
        self._deaths()
