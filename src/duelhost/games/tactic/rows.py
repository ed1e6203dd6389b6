"""The shapes the /TACTIC/ ability table and its hooks share, below both of them: a row of the
table (``Ability``) and the hook signatures, what a unit type's abilities make it do (``Kit``),
an activated ability's submission (``Use``), the AT being computed (``AtChange``), and what a
hook may read and change of a match (``Match``, which the engine's ``Rules`` is).

``abilities.py`` builds the table from these rows and the hooks of ``effects.py``; the engine
reads the table. Nothing here imports the engine, so the rules form no import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Use:
    """An activated ability: ``ability`` is the ability's name (``"Sprinkle Dust"``)."""

    origin: int
    ability: str
    target: int
    destination: int = -1
    """Push only: where the target goes."""


class AtChange:
    """The AT of ``unit`` while the AT steps apply to it (``Rules.at``)."""

    __slots__ = ("around", "damage", "equalized", "notes", "unit", "value")

    def __init__(
        self, unit: int, value: int, damage: int, around: list[int], notes: list[str] | None
    ) -> None:
        self.unit = unit
        self.value = value
        self.damage = damage
        self.around = around
        self.notes = notes
        self.equalized = False

    def note(self, text: str) -> None:
        if self.notes is not None:
            self.notes.append(text)


class Kind(Protocol):
    """What a hook reads of a unit type (``factions.UnitType``)."""

    @property
    def name(self) -> str: ...
    @property
    def king(self) -> bool: ...
    @property
    def kit(self) -> Kit: ...
    @property
    def ability_names(self) -> frozenset[str]: ...
    def value(self, ability: str) -> int: ...


class Match(Protocol):
    """What a hook reads and changes of a match (the engine's ``Rules``)."""

    hurt: bool

    @property
    def board_(self) -> list[int]: ...
    @property
    def u_type(self) -> Sequence[Kind]: ...
    @property
    def u_owner(self) -> list[int]: ...
    @property
    def u_cell(self) -> list[int]: ...
    @property
    def u_dmg(self) -> list[int]: ...
    @property
    def u_flags(self) -> list[int]: ...
    def alive(self, unit: int) -> bool: ...
    def units(self, seat: int | None = None) -> list[int]: ...
    def label(self, unit: int) -> str: ...
    def has(self, unit: int, ability: Ability) -> bool: ...
    def around(self, cell: int, exclude: int = -1) -> list[int]: ...
    def burning(self, exclude: int = -1) -> int: ...
    def damage(self, target: int, amount: int, source: int, reason: str) -> int: ...
    def heal(self, target: int, amount: int, source: int, reason: str) -> int: ...
    def flame_choices(self, unit: int) -> list[int]: ...
    def log_effect(
        self, event: str, target: int, amount: int, source: int, reason: str, note: str = ""
    ) -> None: ...
    def _log(self, event: str, **fields: Any) -> None: ...


AtStep = Callable[[Match, "Ability", AtChange, int], None]
HpBonus = Callable[[Match, "Ability", int], int]
TurnHook = Callable[[Match, "Ability", int, list[int]], None]
AttackHook = Callable[[Match, "Ability", int, list[int]], bool]
DeathHook = Callable[[Match, "Ability", int, int], None]
Options = Callable[[Match, "Ability", int, list[int], list[int]], Iterable[Use]]
Check = Callable[[Match, "Ability", int, int, Use, str], None]
UseHook = Callable[[Match, "Ability", int, int, Use], None]


def no_check(state: Match, row: Ability, seat: int, unit: int, action: Use, text: str) -> None:
    """Nothing beyond the generic checks."""


@dataclass(frozen=True, eq=False)
class Ability:
    """One ability of the text: its card, its data and the hooks it uses (None: unused)."""

    name: str
    card: str
    has_value: bool = False
    min_value: int = 1
    king_may_have: bool = True
    excludes: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    at_step: AtStep | None = None
    gives_at: bool = False
    under_equalize: bool = False
    hp_bonus: HpBonus | None = None
    start_of_turn: TurnHook | None = None
    after_attack: AttackHook | None = None
    on_death: DeathHook | None = None
    keyword: str | None = None
    caches: bool = False
    once_flag: int = 0
    taunt_bound: bool = False
    in_range: bool = False
    destination: bool = False
    options: Options | None = None
    check: Check = no_check
    use: UseHook | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # Rows are compared by identity (``row in kit.rows``), so a pickled or deep-copied
        # state must find the table's own row again, not a copy (issue 32, section 7).
        return (ability_row, (self.name,))


_TABLE: dict[str, Ability] = {}
"""The ability table's rows by name, given by ``abilities.py`` (``register``)."""


def register(rows: dict[str, Ability]) -> None:
    """Make ``rows`` the table that pickled and copied rows come back as."""
    _TABLE.update(rows)


def ability_row(name: str) -> Ability:
    """The ability table's row named ``name`` (how a pickled row comes back)."""
    return _TABLE[name]


@dataclass(frozen=True, eq=False)
class Kit:
    """What a unit type's abilities make it do, gathered from the table once per type
    (``UnitType.kit``): the traits, and the rows of each hook point it takes part in."""

    rows: frozenset[Ability]
    steps: int
    """Cells per move: 1 + Dash X."""
    reach: int
    """Combat range along its lines: 1 + Range X."""
    diagonal: bool
    armor: int
    heals: bool
    heal: int
    """Heal X."""
    protected: bool
    ally_proof: bool
    blocks_healing: bool
    taunts: bool
    commands: bool
    double_strike: bool
    own_at: bool
    """Has an AT step acting on itself (Spite, Weaken, Feel the Pain)."""
    gives_at: bool
    """Has an AT step acting on its adjacent units (Equalize, Check, Annoy)."""
    hp_rows: tuple[Ability, ...]
    on_death: Ability | None
    activated: tuple[Ability, ...]
    """Its activated abilities, in ``ACTIVATED_ORDER``."""
