"""Fixed action encodings for learning: the protocol every game's ``encoding.py`` follows.

A learning agent picks an *index* in ``range(num_actions)``; an index means the same move in
every state of every match of a game with given options (``describe(index)`` says which). A
game's encoding lives beside its rules (``duelhost/games/<name>/encoding.py``) and is built from
the game's options alone. The research interfaces (``duelhost.envs``, ``duelhost.openspiel``)
use it; it knows no learning library, so it returns plain lists, never arrays.

A decision is made of one or more *steps*. In most games one index is one whole submission.
Where one submission holds many items (a tick's orders, a phase of several units' commands)
each item is its own step, kept in a *draft* (a tuple of the indices chosen so far in
this decision), and the index ``END`` submits the draft. ``choices(view, legal, draft, valid)``
lists the indices allowed now with what each means: the canonical notation of a complete
submission (``Step(text=...)``) or a longer draft (``Step(draft=...)``). ``legal`` is the
seat's ``legal()``; ``valid(text)`` tells whether a whole submission would be accepted now
(the engine's own check, for games whose ``legal()`` is not enumerated).

Observations are ``observe(view, draft)``: a flat list of ``observation_size`` floats built
from the seat's view (and its own draft) only, so the kernel's secrecy carries over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Draft = tuple[int, ...]
Valid = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Step:
    """What an allowed index does now: submit ``text``, or continue with ``draft``."""

    text: str | None = None
    draft: Draft | None = None


class Encoding(Protocol):
    """What ``duelhost.games.<name>.encoding.encoding(options)`` returns."""

    num_actions: int
    observation_size: int
    multi_step: bool
    """True where a decision takes several steps (then index 0 is END)."""

    def describe(self, index: int) -> str:
        """What the index means, in words and notation (the same in every state)."""

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        """The allowed indices now, ascending, each with what it does."""

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        """The observation of ``view`` (and the seat's own draft), ``observation_size`` floats."""


class SingleStep:
    """Base for games where one index is one whole submission, read off ``legal()``.

    Subclasses give ``index_of(text, legal, view)`` (the index of a canonical legal text, or -1 for
    a legal move the encoding leaves out) and ``describe``; ``choices`` maps every legal text
    to its index.
    """

    num_actions: int
    observation_size: int
    multi_step = False

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        raise NotImplementedError

    def describe(self, index: int) -> str:
        raise NotImplementedError

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        raise NotImplementedError

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        found: dict[int, Step] = {}
        for text in legal:
            index = self.index_of(text, legal, view)
            if index < 0:
                continue
            if index in found:
                raise ValueError(f"two legal moves share index {index}: {found[index]} and {text}")
            found[index] = Step(text=text)
        return dict(sorted(found.items()))


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (none when ``index`` is None or out of range)."""
    values = [0.0] * size
    if index is not None and 0 <= index < size:
        values[index] = 1.0
    return values


def cell_index(cell: str, columns: int) -> int:
    """``"C4"`` -> 0-based index, column first within a row: (row - 1) * columns + column."""
    column = ord(cell[0].upper()) - ord("A")
    row = int(cell[1:]) - 1
    return row * columns + column


def cell_name(index: int, columns: int) -> str:
    """The inverse of ``cell_index``."""
    return f"{chr(ord('A') + index % columns)}{index // columns + 1}"
