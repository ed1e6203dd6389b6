"""What every viewer of Tactical Genius sees: unit sheets, speed order, the last phase's log.

Unit stats are public, as on the original shared sheet; the only secrets are pending
submissions, which the kernel holds.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.notation import format_cell
from duelhost.games.tactical_genius.actions import (
    format_bonus,
    format_speed,
)
from duelhost.games.tactical_genius.army import (
    EXTENDED_SECONDS,
    PHASE_SECONDS,
    ROUNDS,
    SIDES,
    Army,
)


class Views(Army):
    """The views and the snapshot."""

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
