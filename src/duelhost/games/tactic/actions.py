"""The submissions of /TACTIC/ as frozen dataclasses, with their parser and canonical notation.

Setup: ``faction NAME``, ``king C1``, ``place UNIT B2``. A turn is a sequence of submissions
by the same seat, one action each, until ``end``: ``B2-C3`` (a Dash path lists its cells,
``B2-C3-D4``), ``B2>B3`` (``B2>B3,C2`` for Double Strike, ``B2>B3>D3`` for a Command attack
naming the follow-up target), ``B2 push B3 B4``, ``B2 swap C3``, ``B2 fireball B3``,
``B2 drain B3``, ``B2 sacrifice B3``, ``B2 dust C3``, ``end``; and ``flame C3`` when a dead
Flame unit's owner chooses the unit it burns. Cells are ints (see ``board.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from duelhost.core.errors import IllegalAction
from duelhost.games.tactic import abilities, board
from duelhost.games.tactic.rows import Use


@dataclass(frozen=True, slots=True)
class ChooseFaction:
    faction: str


@dataclass(frozen=True, slots=True)
class PlaceKing:
    cell: int


@dataclass(frozen=True, slots=True)
class PlaceUnit:
    unit: str
    cell: int


@dataclass(frozen=True, slots=True)
class Move:
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Attack:
    origin: int
    targets: tuple[int, ...]
    """One cell, or two (sorted) for Double Strike."""
    follow: int = -1
    """The cell the commanded unit attacks (Command), -1 without."""


@dataclass(frozen=True, slots=True)
class FlameTarget:
    cell: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    timeout: bool = False
    """Set by the timeout rule (TA7): the turn ends even if a Taunt obligation is unmet."""


Action = ChooseFaction | PlaceKing | PlaceUnit | Move | Attack | Use | FlameTarget | EndTurn

_CELL = r"[A-Za-z]\d{1,2}"
_MOVE = re.compile(rf"^{_CELL}(?:\s*-\s*{_CELL})+$")
_ATTACK = re.compile(rf"^({_CELL})\s*>\s*({_CELL})(?:\s*,\s*({_CELL}))?(?:\s*>\s*({_CELL}))?$")


def format_action(action: Action) -> str:
    name = board.NAMES.__getitem__
    if isinstance(action, ChooseFaction):
        return f"faction {action.faction}"
    if isinstance(action, PlaceKing):
        return f"king {name(action.cell)}"
    if isinstance(action, PlaceUnit):
        return f"place {action.unit} {name(action.cell)}"
    if isinstance(action, Move):
        return "-".join(name(c) for c in action.path)
    if isinstance(action, Attack):
        text = f"{name(action.origin)}>" + ",".join(name(c) for c in action.targets)
        return text + (f">{name(action.follow)}" if action.follow >= 0 else "")
    if isinstance(action, Use):
        keyword = abilities.ABILITIES[action.ability].keyword
        text = f"{name(action.origin)} {keyword} {name(action.target)}"
        return text + (f" {name(action.destination)}" if action.destination >= 0 else "")
    if isinstance(action, FlameTarget):
        return f"flame {name(action.cell)}"
    return "end"


def parse_turn_action(text: str) -> Action:
    """The turn action ``text`` spells (syntax only; the engine checks the rules)."""
    compact = text.strip()
    if compact.lower() == "end":
        return EndTurn()
    if _MOVE.match(compact):
        return Move(tuple(board.parse(part) for part in compact.split("-")))
    match = _ATTACK.match(compact)
    if match:
        return _attack(compact, match)
    words = compact.split()
    if len(words) >= 2 and words[1].lower() in abilities.KEYWORDS:
        return _use(compact, words)
    if words and words[0].lower() == "flame":
        if len(words) != 2:
            raise IllegalAction(f"'{compact}': a Flame choice is written like 'flame C3'")
        return FlameTarget(board.parse(words[1]))
    raise IllegalAction(
        f"'{compact}' is not a turn action; write a move (B2-C3), an attack (B2>B3), an "
        f"ability (B2 push B3 B4, B2 swap C3, B2 fireball B3, B2 drain B3, B2 sacrifice B3, "
        f"B2 dust C3) or end"
    )


def _attack(compact: str, match: re.Match[str]) -> Attack:
    """``B2>B3``, ``B2>B3,C2`` (Double Strike), ``B2>B3>D3`` (Command)."""
    origin = board.parse(match.group(1))
    targets = [board.parse(match.group(2))]
    if match.group(3):
        targets.append(board.parse(match.group(3)))
    follow = board.parse(match.group(4)) if match.group(4) else -1
    if len(targets) == 2 and follow >= 0:
        raise IllegalAction(f"{compact}: a Double Strike cannot also name a Command target")
    return Attack(origin, tuple(sorted(targets)), follow)


def _use(compact: str, words: list[str]) -> Use:
    """``B2 KEYWORD B3`` (``B2 push B3 B4``): an activated ability."""
    keyword = words[1].lower()
    ability = abilities.ABILITIES[abilities.KEYWORDS[keyword]]
    wanted = 4 if ability.destination else 3
    if len(words) != wanted:
        shape = f"B2 {keyword} B3" + (" B4" if ability.destination else "")
        raise IllegalAction(f"'{compact}': {ability.name} is written like '{shape}'")
    origin = board.parse(words[0])
    target = board.parse(words[2])
    destination = board.parse(words[3]) if ability.destination else -1
    return Use(origin, ability.name, target, destination)
