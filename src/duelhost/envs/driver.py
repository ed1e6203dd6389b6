"""One match driven by fixed action indices: the part every research interface shares.

``Driver`` holds a match state, each seat's draft (the steps chosen so far in a multi-step
decision, see ``duelhost.core.encoding``), and turns indices into submissions. Masks and
observations are NumPy arrays built from ``legal()`` and ``view(seat)`` only, or from what the
view shows read off the state where the encoding offers it: ``observe_state(state, seat,
draft)`` (a list), or ``observe_update(state, seat, draft, out, mark)``, which brings the
seat's observation kept in ``out`` up to date in place (from scratch when ``mark`` is None,
else by what changed since the call that returned ``mark``) and returns the new mark. A
single-step encoding may keep masks the same way: ``mask_update(state, seat, out, mark)``
keeps in ``out`` the mask ``choices`` gives (1 for each allowed index, all 0 for a seat that
need not act), and ``step_of(index)`` is the ``Step`` of an index it allows; then ``choices``
is made only to say what a forbidden index was. Two more serve the parallel env's common
round, both seats acting: ``keep_both(state, drafts, outs, masks, marks)`` keeps both seats'
observations and masks in one call (``marks``: the four marks, updated in place), and
``play_both(state, first, second, drafts, outs, masks, marks)`` submits two allowed whole
indices as two ``submit`` calls would, then keeps both seats as ``keep_both`` does
(``Driver.play_both``). These are the research drivers' speed (issue 27,
docs/performance.md); ``tests/envs/test_encodings.py`` and ``tests/envs/test_fast_round.py``
check each against the generic path step by step.

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


def mask_of(allowed: dict[int, Step], size: int) -> npt.NDArray[np.int8]:
    """A mask of ``size`` entries allowing the indices ``allowed`` holds (a few are set one
    by one in bytes, cheaper than NumPy's indexing; many by indexing)."""
    if len(allowed) > 64:
        mask = np.zeros(size, dtype=np.int8)
        mask[list(allowed)] = 1
        return mask
    flags = bytearray(size)
    for index in allowed:
        flags[index] = 1
    return np.frombuffer(flags, dtype=np.int8)


class Driver:
    """A match played by indices."""

    illegal = "raise"
    # The encoding's hooks for kept observations and masks (module docstring), set by
    # ``__init__``; a driver made otherwise (``restore``, OpenSpiel's nodes) goes without.
    _update: Any = None
    _mask_update: Any = None
    _step_of: Any = None
    _keep_both: Any = None
    _play_both: Any = None
    keeps = False
    """Whether the encoding keeps both observations and masks (``kept``)."""
    reads_views = True
    """Whether observations are made from views (the encoding reads nothing off the state),
    so a caller that needs the view too should make it and pass it to ``observe``."""

    def __init__(self, game: Game, encoding: Encoding, seed: int, illegal: str = "raise") -> None:
        self.game = game
        self.encoding = encoding
        self.illegal = check_illegal(illegal)
        self._fresh_observations()
        self.rematch(seed)

    def rematch(self, seed: int) -> None:
        """A new match from ``seed`` in this driver (the environments' reset): the kept
        observations' and masks' buffers stay, nothing else does."""
        self.state: State = self.game.new(seed=seed)
        self.drafts: list[Draft] = [(), ()]
        self._cache: dict[int, tuple[tuple[int, Draft], dict[int, Step]]] = {}
        self._masks: dict[int, tuple[dict[int, Step], npt.NDArray[np.int8]]] = {}
        self._marks: list[Any] = [None, None, None, None]
        """The marks of the kept observations (seats 0, 1) and masks (seats 0, 1)."""
        self._kept_at = [-1, -1]
        self._both_at = -1
        """The history length at the last ``kept()``, both seats' masks kept then."""
        """The history length at each seat's last ``mask_update`` (its mask is current while
        the history has that length: every change of a state adds an entry)."""

    def _fresh_observations(self) -> None:
        """The encoding's hooks and the buffers of the observations and masks it keeps."""
        encoding = self.encoding
        self._update = getattr(encoding, "observe_update", None)
        self._out: list[npt.NDArray[np.float32] | None] = [None, None]
        self._mask_update = getattr(encoding, "mask_update", None)
        self._step_of = getattr(encoding, "step_of", None)
        self._keep_both = getattr(encoding, "keep_both", None)
        self._play_both = getattr(encoding, "play_both", None)
        self._texts: dict[int, str | None] = {}
        """``step_of(index).text`` by index, as ``play_both`` meets them (an index means
        the same step in every state)."""
        self._mask_out = [
            np.zeros(encoding.num_actions if self._mask_update else 0, np.int8) for _ in (0, 1)
        ]
        self.keeps = self._update is not None and self._mask_update is not None
        if self._update is not None:
            self._out = [np.zeros(encoding.observation_size, np.float32) for _ in (0, 1)]
        # The encodings write through memoryviews: an item set costs half NumPy's.
        self._out_views = [None if out is None else out.data for out in self._out]
        self._mask_views = [mask.data for mask in self._mask_out]
        self.reads_views = self._update is None and getattr(encoding, "observe_state", None) is None

    def kept(self) -> list[npt.NDArray[Any]]:
        """Each seat's observation then mask (four fresh arrays), kept by the encoding's
        ``observe_update`` and ``mask_update`` (only where ``keeps``)."""
        state = self.state
        marks = self._marks
        drafts, outs, masks = self.drafts, self._out_views, self._mask_views
        both = self._keep_both
        try:
            if both is not None:
                both(state, drafts, outs, masks, marks)
            else:
                update, mask_update = self._update, self._mask_update
                marks[0] = update(state, 0, drafts[0], outs[0], marks[0])
                marks[2] = mask_update(state, 0, masks[0], marks[2])
                marks[1] = update(state, 1, drafts[1], outs[1], marks[1])
                marks[3] = mask_update(state, 1, masks[1], marks[3])
        except BaseException:  # half written: made whole next time
            marks[:] = [None, None, None, None]
            raise
        return self._fresh_both(state)

    def _fresh_both(self, state: Any) -> list[npt.NDArray[Any]]:
        """Both seats marked kept at this point of the match, and the four fresh arrays."""
        kept_at = self._kept_at
        kept_at[0] = kept_at[1] = self._both_at = len(state._history)
        out, mask = self._out, self._mask_out
        return [out[0].copy(), mask[0].copy(), out[1].copy(), mask[1].copy()]  # type: ignore[union-attr]

    def play_both(self, first: Any, second: Any) -> list[npt.NDArray[Any]] | None:
        """Both seats' indices of a round both must play, applied at once where the kept
        masks are current and allow them and each is a whole submission (the parallel env's
        common step), then ``kept()``; None, with nothing done, for anything else (then
        ``checks`` and ``apply`` say what to do)."""
        state = self.state
        if self._both_at != len(state._history) or first is None or second is None:
            return None
        one = first if type(first) is int else int(first)
        two = second if type(second) is int else int(second)
        masks = self._mask_views
        size = self.encoding.num_actions
        # A seat that need not act has an all-0 kept mask.
        if not (0 <= one < size and 0 <= two < size and masks[0][one] and masks[1][two]):
            return None
        drafts = self.drafts
        play = self._play_both
        if play is None or self._keep_both is None:
            texts = self._texts
            text0 = texts.get(one)
            if text0 is None:
                text0 = texts[one] = self._step_of(one).text
            text1 = texts.get(two)
            if text1 is None:
                text1 = texts[two] = self._step_of(two).text
            if text0 is None or text1 is None:
                return None  # a step of a draft
            drafts[0] = drafts[1] = ()
            state.submit(0, text0)
            state.submit(1, text1)
            return self.kept()
        if drafts[0] or drafts[1]:
            drafts[0] = drafts[1] = ()
        marks = self._marks
        try:  # the encoding submits both whole indices and keeps both seats: ``kept()``
            play(state, one, two, drafts, self._out_views, masks, marks)
        except BaseException:
            marks[:] = [None, None, None, None]
            raise
        return self._fresh_both(state)

    def checks(self, chosen: list[tuple[int, Any]]) -> list[tuple[int, Step | None]]:
        """``check`` of each (seat, index) in turn, the kept masks read directly where they
        are current."""
        if self._mask_update is None:
            return [(seat, self.check(seat, index)) for seat, index in chosen]
        count = len(self.state._history)
        size = self.encoding.num_actions
        found: list[tuple[int, Step | None]] = []
        for seat, index in chosen:
            if index is not None and self._kept_at[seat] == count:
                number = int(index)
                if 0 <= number < size and self._mask_views[seat][number]:
                    found.append((seat, self._step_of(number)))
                    continue
            found.append((seat, self.check(seat, index)))
        return found

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
        return copy  # without kept observations and masks (cheaper for search)

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

    def _kept_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's mask as ``mask_update`` keeps it, brought up to date (not a copy)."""
        out = self._mask_out[seat]
        state = self.state
        if self._kept_at[seat] == len(state._history):
            return out
        assert self._mask_update is not None
        marks = self._marks
        mark = marks[2 + seat]
        marks[2 + seat] = None  # ``out`` is half written if the update raises
        marks[2 + seat] = self._mask_update(state, seat, self._mask_views[seat], mark)
        self._kept_at[seat] = len(state._history)
        return out

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's mask, a fresh array (kept by the encoding's ``mask_update``, or made once
        per decision and draft, then copied)."""
        if self._mask_update is not None:
            return self._kept_mask(seat).copy()
        choices = self.choices(seat)
        cached = self._masks.get(seat)
        if cached is not None and cached[0] is choices:
            return cached[1].copy()
        mask = mask_of(choices, self.encoding.num_actions)
        self._masks[seat] = (choices, mask)
        return mask.copy()

    def observe(self, seat: int, view: dict[str, Any] | None = None) -> npt.NDArray[np.float32]:
        """The seat's observation, a fresh array: kept up to date by the encoding's
        ``observe_update`` or read off the state by its ``observe_state`` where it has one
        (the same floats, without making a view), else from ``view`` (its view now, when the
        caller has it)."""
        update = self._update
        if update is not None:
            out = self._out[seat]
            if out is None:
                out = self._out[seat] = np.zeros(self.encoding.observation_size, np.float32)
            marks = self._marks
            mark = marks[seat]
            marks[seat] = None  # ``out`` is half written if ``update`` raises
            marks[seat] = update(self.state, seat, self.drafts[seat], out.data, mark)
            return out.copy()
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
        if self._mask_update is not None and index is not None:
            number = int(index)
            if self._kept_at[seat] != len(self.state._history):
                self._kept_mask(seat)
            if 0 <= number < self.encoding.num_actions and self._mask_views[seat][number]:
                found: Step = self._step_of(number)
                return found
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
