"""Tactical Genius submissions as frozen dataclasses, and their canonical notation.

A reinforcement submission is ``advance`` and/or placements
(``place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N] [def=N] [spd=N] [skills=a,b]``); a command
submission is one order per unit (``NAME attack CELL``, ``NAME move up|down|forward``,
``NAME skill SKILL [CELL]``; unnamed units idle). Items are separated by ``;`` or new lines.
An empty submission is written ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass

from duelhost.core.notation import format_cell

PASS = "pass"


def format_bonus(centi: int) -> str:
    """A decimal speed bonus in hundredths -> ``0.26``."""
    return f"0.{centi:02d}"


def format_speed(centi: int) -> str:
    """A speed in hundredths -> ``3.26``."""
    return f"{centi // 100}.{centi % 100:02d}"


@dataclass(frozen=True, slots=True)
class Placement:
    """Creating and placing one unit (TG3): stat points are what the player spends."""

    name: str
    type: str
    col: int
    row: int
    bonus: int
    """Decimal speed bonus in hundredths (TG4)."""
    hp: int = 0
    atk: int = 0
    defense: int = 0
    spd: int = 0
    skills: tuple[str, ...] = ()

    @property
    def cost(self) -> int:
        """TG3: 3 + 1 per skill + every stat point."""
        return 3 + len(self.skills) + self.hp + self.atk + self.defense + self.spd

    def text(self) -> str:
        parts = [
            "place",
            self.name,
            self.type,
            format_cell(self.col, self.row),
            f"bonus={format_bonus(self.bonus)}",
        ]
        for key, value in (("hp", self.hp), ("atk", self.atk), ("def", self.defense)):
            if value:
                parts.append(f"{key}={value}")
        if self.spd:
            parts.append(f"spd={self.spd}")
        if self.skills:
            parts.append("skills=" + ",".join(self.skills))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Reinforcement:
    """A reinforcement-phase submission (TG7)."""

    advance: bool = False
    placements: tuple[Placement, ...] = ()

    def text(self) -> str:
        items = (["advance"] if self.advance else []) + [p.text() for p in self.placements]
        return "; ".join(items) if items else PASS


@dataclass(frozen=True, slots=True)
class Order:
    """One unit's order for a command phase (TG5, TG6). ``verb`` is attack, move or skill;
    ``arg`` the direction (move) or skill id (skill)."""

    uid: int
    name: str
    verb: str
    arg: str = ""
    cell: tuple[int, int] | None = None

    def text(self) -> str:
        parts = [self.name, self.verb]
        if self.arg:
            parts.append(self.arg)
        if self.cell is not None:
            parts.append(format_cell(*self.cell))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Commands:
    """A command-phase submission: explicit orders sorted by unit; unnamed units idle."""

    orders: tuple[Order, ...] = ()

    def text(self) -> str:
        return "; ".join(order.text() for order in self.orders) if self.orders else PASS
