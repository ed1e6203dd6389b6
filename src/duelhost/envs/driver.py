"""One match driven by fixed action indices: the part every research interface shares.

``Driver`` holds a match state, each seat's draft (the steps chosen so far in a multi-step
decision, see ``duelhost.core.encoding``), and turns indices into submissions. Masks and
observations are NumPy arrays built from ``legal()`` and ``view(seat)`` only.

**Forbidden indices.** By default (``illegal="raise"``) an index the mask does not allow,
for a seat that must act, raises ``IllegalAction`` saying what was allowed, and nothing
changes. With ``illegal="timeout"`` it is the seat's *timeout* instead: the game's own timeout
rule is applied to its decision (``state.timeout``) and its draft is dropped, deterministic
and what the match host does to a seat that submits nothing legal in time (RULINGS G3);
``act`` returns False then. PettingZoo's seed and max-cycles tests send unmasked random
indices, so they need the timeout option.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from duelhost.core.encoding import Draft, Encoding, Step
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.registry import GameSpec
from duelhost.core.state import Game, State


def game_module(spec: GameSpec, name: str) -> ModuleType | None:
    """The module ``name`` of the package a game's ``State`` lives in (``encoding``,
    ``openspiel``, ``batch``), or None where the game has none: how the research layers learn
    what a game declares for them, built-in or plugin alike."""
    package = spec.state.__module__.rpartition(".")[0]
    if not package:
        return None
    candidate = f"{package}.{name}"
    if importlib.util.find_spec(candidate) is None:
        return None
    return importlib.import_module(candidate)


def has_encoding(spec: GameSpec) -> bool:
    """Whether the game ships an action encoding (``encoding.py`` beside its ``State``)."""
    return game_module(spec, "encoding") is not None


def load_encoding(game: Game) -> Encoding:
    """The fixed action encoding of a loaded game: ``encoding(options)`` of the ``encoding``
    module beside its ``State`` (``duelhost/games/<name>/encoding.py`` for a built-in game);
    ConfigError for a game that ships none."""
    module = game_module(game.spec, "encoding")
    if module is None:
        raise ConfigError(
            f"{game.name} has no action encoding (an encoding.py beside its State), so it has no "
            "research interfaces; see docs/adding-a-game.md"
        )
    made: Encoding = module.encoding(game.options)
    return made


ILLEGAL = ("raise", "timeout")
"""What a forbidden index does: raise ``IllegalAction``, or time the seat out."""


def check_illegal(illegal: str) -> str:
    """``illegal`` if it is one of ``ILLEGAL``; ConfigError otherwise."""
    if illegal not in ILLEGAL:
        raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
    return illegal


class Driver:
    """A match played by indices."""

    illegal = "raise"

    def __init__(self, game: Game, encoding: Encoding, seed: int, illegal: str = "raise") -> None:
        self.game = game
        self.encoding = encoding
        self.state: State = game.new(seed=seed)
        self.drafts: list[Draft] = [(), ()]
        self._cache: dict[int, tuple[tuple[int, Draft], dict[int, Step]]] = {}
        self._masks: dict[int, tuple[dict[int, Step], npt.NDArray[np.int8]]] = {}
        self.illegal = check_illegal(illegal)

    @classmethod
    def restore(cls, other: Driver) -> Driver:
        """An independent copy (for search)."""
        copy = object.__new__(cls)
        copy.game = other.game
        copy.encoding = other.encoding
        copy.state = other.state.clone()
        copy.drafts = list(other.drafts)
        copy._cache = dict(other._cache)
        copy._masks = dict(other._masks)
        copy.illegal = other.illegal
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        return Driver.restore(self)

    def must_act(self, seat: int) -> bool:
        return seat in self.state.to_act

    def _valid(self, seat: int) -> Any:
        def valid(text: str) -> bool:
            try:
                self.state.clone().submit(seat, text)
            except IllegalAction:
                return False
            return True

        return valid

    def choices(self, seat: int) -> dict[int, Step]:
        """The allowed indices of ``seat`` now (empty when it need not act). Kept until the
        decision resolves or the draft changes: what a seat may submit depends on nothing
        else (a pending submission of the other seat is the kernel's secret until then)."""
        if not self.must_act(seat):
            return {}
        key = (self.state.decision, self.drafts[seat])
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        view = self.state.view(seat) if getattr(self.encoding, "needs_view", True) else {}
        found = self.encoding.choices(
            view, self.state.legal(seat), self.drafts[seat], self._valid(seat)
        )
        self._cache[seat] = (key, found)
        return found

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's mask, a fresh array (made once per decision and draft, then copied)."""
        choices = self.choices(seat)
        cached = self._masks.get(seat)
        if cached is not None and cached[0] is choices:
            return cached[1].copy()
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if choices:
            mask[list(choices)] = 1
        self._masks[seat] = (choices, mask)
        return mask.copy()

    def observe(self, seat: int, view: dict[str, Any] | None = None) -> npt.NDArray[np.float32]:
        """The seat's observation: read off the state by the encoding's ``observe_state``
        where it has one (the same floats, without making a view), else from ``view`` (its
        view now, when the caller has it)."""
        observe_state = getattr(self.encoding, "observe_state", None)
        if observe_state is not None:
            values = observe_state(self.state, seat, self.drafts[seat])
        else:
            seen = self.state.view(seat) if view is None else view
            values = self.encoding.observe(seen, self.drafts[seat])
        return np.array(values, dtype=np.float32)

    def act(self, seat: int, index: int | None) -> bool:
        """Apply ``seat``'s index (None: no index). A forbidden one raises ``IllegalAction``,
        or with ``illegal="timeout"`` times the seat out and returns False."""
        return self.apply(seat, self.check(seat, index))

    def apply(self, seat: int, step: Step | None) -> bool:
        """Apply what ``check`` found for ``seat`` now (None: its timeout); as ``act``."""
        if step is None:
            self.drafts[seat] = ()
            self.state.timeout(seat)
            return False
        if step.text is not None:
            self.drafts[seat] = ()
            self.state.submit(seat, step.text)
        else:
            assert step.draft is not None
            self.drafts[seat] = step.draft
        return True

    def check(self, seat: int, index: int | None) -> Step | None:
        """What ``index`` does for ``seat`` now; None for a forbidden index with
        ``illegal="timeout"``; IllegalAction for one with ``illegal="raise"``."""
        choices = self.choices(seat)
        step = None if index is None else choices.get(int(index))
        if step is None and self.illegal == "raise":
            raise IllegalAction(self._forbidden(seat, index, choices))
        return step

    def _forbidden(self, seat: int, index: int | None, choices: dict[int, Step]) -> str:
        if not self.must_act(seat):
            return f"seat {seat} has nothing to do now"
        allowed = list(choices)
        shown = ", ".join(map(str, allowed[:10])) + (", ..." if len(allowed) > 10 else "")
        if index is None:
            what = "no index"
        elif 0 <= int(index) < self.encoding.num_actions:
            what = f"index {index} ({self.encoding.describe(int(index))})"
        else:
            what = f"index {index} (out of range 0-{self.encoding.num_actions - 1})"
        return (
            f"{what} is not allowed for seat {seat} now; the mask allows {len(allowed)}: {shown} "
            '(illegal="timeout" makes a forbidden index a timeout)'
        )

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or a match in play."""
        if not self.state.is_over or self.state.winner is None:
            return [0.0, 0.0]
        winner = self.state.winner
        return [1.0 if seat == winner else -1.0 for seat in (0, 1)]
