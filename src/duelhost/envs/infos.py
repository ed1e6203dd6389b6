"""An agent's info, ``{"view": its view}``, whose view is made when first read.

Making a seat's view (a dict built for display and JSON) is the costliest part of an
environment step, and most training loops never read ``infos``. ``ViewInfo`` is a ``dict``
that holds the key ``"view"`` from the start and makes the view on the first read of a value:
indexing, ``get``, iteration, ``items``/``values``, comparison, ``repr``, copying, pickling,
``dict(info)`` and ``{**info}`` all see ``{"view": view}``; ``len``, ``in`` and ``keys`` need no
view. C code that reads a dict's storage directly, bypassing its methods, would find ``None``
under ``"view"`` until a first read in Python; the standard library's ``json``, ``copy`` and
``pickle`` go through the methods.

The view is the one of the moment the info was made (``Moment``): read before the match moves
on (the usual case), it is made from the match state itself; read later, from the state
replayed up to that moment (a record replays bit for bit, ``duelhost.core.record``), once for
all the infos of that moment. So a step costs no copy of the state, and only a late first read
costs a replay.

A parallel step's infos, ``{"seat_0": info, "seat_1": info}``, are themselves one such dict
(``StepInfos``): it holds both agents' keys from the start and makes the two ``ViewInfo`` on
the first read of a value, so a step whose infos nobody reads makes one object for them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from duelhost.core.state import State


class Moment:
    """A match state as it is now, whatever happens to it later."""

    __slots__ = ("_count", "_live", "_past")

    def __init__(self, live: State, count: int | None = None) -> None:
        """``live`` now, or (``count``) when its history had ``count`` entries."""
        self._live = live
        # Every change of a state adds a history entry.
        self._count = len(live._history) if count is None else count
        self._past: State | None = None

    def state(self) -> State:
        """The state as it was when the moment was taken (the live one if unchanged)."""
        live = self._live
        if len(live._history) == self._count:
            return live
        if self._past is None:
            record = live.record
            self._past = live.game.replay(replace(record, history=record.history[: self._count]))
        return self._past


_UNMADE = (("view", None),)


class _Lazy(dict[str, Any]):
    """A dict whose values ``_fill`` makes on the first read of a value (module docstring)."""

    __slots__ = ()

    def _fill(self) -> None:
        """Make the values not made yet (a subclass's; this one has none to make)."""

    def __getitem__(self, key: str) -> Any:
        self._fill()
        return dict.__getitem__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._fill()  # dict(info) and {**info} then read the values through __getitem__
        return dict.__iter__(self)

    def __reversed__(self) -> Iterator[str]:
        self._fill()
        return dict.__reversed__(self)

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, _Lazy):
            other._fill()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ror__(self, other: Any) -> Any:
        return other | self.copy()

    def __ior__(self, other: Any) -> Any:
        self.update(other)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        """A plain ``dict`` with the values made."""
        self._fill()
        return dict(dict.items(self))

    def pop(self, key: str, *default: Any) -> Any:
        self._fill()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        self._fill()
        return dict.popitem(self)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.setdefault(self, key, default)

    def update(self, *others: Any, **fields: Any) -> None:
        self._fill()
        dict.update(self, *others, **fields)


class ViewInfo(_Lazy):
    """``{"view": the seat's view at the moment}``, made on first read (module docstring)."""

    __slots__ = ("_moment", "_seat")

    _moment: Moment | None
    _seat: int

    @classmethod
    def pair(cls, moment: Moment) -> tuple[ViewInfo, ViewInfo]:
        """The infos of both seats at ``moment`` (made inline: a step makes two)."""
        first = cls(_UNMADE)
        first._moment = moment
        first._seat = 0
        second = cls(_UNMADE)
        second._moment = moment
        second._seat = 1
        return first, second

    @classmethod
    def of(cls, moment: Moment, seat: int) -> ViewInfo:
        """The info of ``seat`` at ``moment``."""
        info = cls(_UNMADE)
        info._moment = moment
        info._seat = seat
        return info

    def _fill(self) -> None:
        moment = self._moment
        if moment is not None:
            self._moment = None
            dict.__setitem__(self, "view", moment.state().view(self._seat))

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "view":
            self._moment = None  # replaced unread: never made
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: str) -> None:
        if key == "view":
            self._moment = None
        dict.__delitem__(self, key)

    def clear(self) -> None:
        self._moment = None
        dict.clear(self)


_NOT_YET = object()
"""An agent's info not made yet (``StepInfos``)."""
_AGENTS_NOT_YET = (("seat_0", _NOT_YET), ("seat_1", _NOT_YET))


class StepInfos(_Lazy):
    """A parallel step's infos, ``{"seat_0": ViewInfo, "seat_1": ViewInfo}`` of the moment it
    was made, each info made on the first read of a value (one object a step, not five)."""

    __slots__ = ("_count", "_state")

    _state: State | None
    _count: int

    @classmethod
    def of(cls, state: State) -> StepInfos:
        """The infos of both seats at ``state`` now."""
        infos = cls(_AGENTS_NOT_YET)
        infos._state = state
        infos._count = len(state._history)
        return infos

    def _fill(self) -> None:
        state = self._state
        if state is not None:
            self._state = None
            first, second = ViewInfo.pair(Moment(state, self._count))
            for agent, info in (("seat_0", first), ("seat_1", second)):
                if dict.get(self, agent) is _NOT_YET:  # not replaced or removed unread
                    dict.__setitem__(self, agent, info)

    def clear(self) -> None:
        self._state = None
        dict.clear(self)
