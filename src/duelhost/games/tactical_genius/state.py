"""The Tactical Genius match state: army building, secret orders resolved by speed, reinforcements.

Seat 0 is Green (columns A-D, facing column J), seat 1 is Blue (columns G-J, facing column A)
(RULINGS G1, TG1). Round 1 is a reinforcement phase; rounds 2-10 are a command phase followed by
a reinforcement phase (TG2). Both phases are simultaneous decisions: each seat's whole phase is
one submission (see ``actions``). Unit stats are public, as on the original shared sheet; the
only secrets are pending submissions, which the kernel holds.

This module holds the phase sequence and the kernel hooks; the class puts together the parts
each in its own module: ``army`` (the data and its queries), ``notation`` (reading a
submission), ``rules`` (resolving a phase), ``legal`` (legal lists, sampling, bot helpers) and
``views``.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction, quote_value
from duelhost.core.notation import split_orders
from duelhost.core.rng import derive
from duelhost.core.state import State
from duelhost.games.tactical_genius.actions import (
    PASS,
    Commands,
    Reinforcement,
)
from duelhost.games.tactical_genius.army import (
    BUDGET,
    COLUMNS,
    FAR_EDGE,
    ROUNDS,
    ROWS,
)
from duelhost.games.tactical_genius.legal import Legal
from duelhost.games.tactical_genius.table import load_table
from duelhost.games.tactical_genius.views import Views


class TacticalGeniusState(Legal, Views):
    """A match of Tactical Genius."""

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
        elif any(item.lower() == PASS for item in items):
            # 'pass' is the whole of an empty submission (TG7, TG9: doing nothing), so it
            # cannot stand beside the items it would contradict.
            raise IllegalAction(
                "'pass' means doing nothing and is submitted alone; "
                "leave it out to give the other items"
            )
        if self.phase == "command":
            return self._parse_commands(seat, items)
        return self._parse_reinforcement(seat, items)

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


def check_table_option(value: Any) -> Any:
    """Validate the ``table`` option: None (the house table) or a readable, valid table file."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(
            f"option table must be a path to a TOML or JSON table, got {quote_value(value)}"
        )
    load_table(value)
    return value
