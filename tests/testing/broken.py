"""Deliberately broken games, each breaking one property the conformance kit must catch.

Each is the kernel tests' toy game (tests/core/toygame.py) with one fault; ``BROKEN`` maps the
spec to the property whose check must fail.
"""

from __future__ import annotations

import random
from typing import Any

from duelhost.core.registry import GameSpec
from duelhost.core.state import State
from tests.core.toygame import OPTIONS, SETUP, Choice, LeakyToyState, ToyState


class UnseededState(ToyState):
    """Draws its prizes from the global generator, not from the seed (breaks G6)."""

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        result = super()._start(setup)
        self.prizes = [random.randint(1, 1000) for _ in self.prizes]
        return result


class UncanonicalState(ToyState):
    """Lists ``Keep``/``Double`` while its canonical notation is lower case."""

    def _legal(self, seat: int) -> list[str]:
        return [text.title() for text in super()._legal(seat)]


class SharedCloneState(ToyState):
    """A clone shares its lists with the original."""

    def _clone_into(self, other: State) -> None:
        return None


class TupleViewState(ToyState):
    """Puts a tuple in its views: not plain JSON data."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        data = super()._view(seat)
        data["points"] = tuple(self.points)
        return data


class CredulousState(ToyState):
    """Takes anything it cannot read as the choice ``keep`` or the lowest bid."""

    def _parse(self, seat: int, text: str) -> Any:
        try:
            return super()._parse(seat, text)
        except ValueError:
            return Choice(False) if self.chooser is not None else self._timeout_action(seat)


class RenderlessState(ToyState):
    pass


def _crashing_render(view: dict[str, Any]) -> str:
    raise KeyError("board")


def _spec(name: str, state: type[State], **fields: Any) -> GameSpec:
    dynamics = ("simultaneous", "sequential")
    return GameSpec(name, name, "a broken toy", state, dynamics, OPTIONS, SETUP, **fields)


BROKEN: dict[str, tuple[GameSpec, str]] = {
    "leaky": (_spec("leaky", LeakyToyState), "secrecy"),
    "unseeded": (_spec("unseeded", UnseededState), "determinism"),
    "uncanonical": (_spec("uncanonical", UncanonicalState), "legal submissions"),
    "shared_clone": (_spec("shared_clone", SharedCloneState), "clone"),
    "tuple_view": (_spec("tuple_view", TupleViewState), "plain views"),
    "credulous": (_spec("credulous", CredulousState), "bad input"),
    "crashing_render": (_spec("crashing_render", RenderlessState, render=_crashing_render), "text"),
    "bad_clock_option": (_spec("bad_clock_option", ToyState, clock_option="nope"), "declaration"),
}
