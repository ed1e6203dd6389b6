"""What everyone sees of a /TACTIC/ match (all public once revealed), the snapshot, the scores
and the bots' ``preview`` helper.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import IllegalAction
from duelhost.games.tactic import board
from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.flags import CACHED, MOVED
from duelhost.games.tactic.rules import Rules
from duelhost.games.tactic.units import (
    OVER,
    PLAY,
)


class Views(Rules):
    """Views, snapshot, scores and the preview helper."""

    # ------------------------------------------------------------------ views

    def unit_view(self, unit: int) -> dict[str, Any]:
        kind = self.u_type[unit]
        notes: list[str] = []
        value = self.at(unit, notes)
        flags = self.u_flags[unit]
        used = [row.name for row in ABILITIES.values() if flags & row.once_flag]
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
            # Turns in a row without damage, both players' counted: the draw comes at twice the
            # option (TA6: N turns of each player); 0: never.
            "quiet_limit": 2 * self.quiet_limit,
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
                "choices": [board.name(self.u_cell[v]) for v in self.flame_choices(flame)],
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
        assert isinstance(trial, Views)
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
