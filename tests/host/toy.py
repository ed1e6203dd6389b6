"""Small games for the match-server tests, one per dynamics (registered by ``register_toys``).

``toy_bids`` (simultaneous): ``rounds`` rounds; both seats secretly bid 1-3, each bid once; the
higher bid scores the round. A bid may carry a star (``2*``): the star is private state its owner
sees for the rest of the match and nobody else ever does (it stands in for a Warrior's Death
disguise). Timeout: a bid of 0.

``toy_turns`` (sequential): seat 0 then seat 1 say a number 1-3, ``rounds`` turns each of
``moves`` numbers (one decision per number); the total decides. Timeout: 0 (the number only:
a timed-out turn goes on, so a ``turn`` clock's shared deadline can be seen).

``toy_ticks`` (tick): every tick each seat submits orders ``+N`` separated by ``;`` (or
``wait``); each order adds N (1-9) to the seat's total, at most 9 a tick. Ends after ``rounds``
ticks. Timeout: no orders.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from duelhost.core.errors import IllegalAction
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.state import State


@dataclass(frozen=True)
class Bid:
    size: int
    star: bool = False


class BidState(State):
    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        self.rounds = int(self.game.options["rounds"])
        self.left = [[1, 2, 3], [1, 2, 3]]
        self.stars: list[list[int]] = [[], []]
        self.points = [0, 0]
        self.shown: list[list[int]] = []
        return {}

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _parse(self, seat: int, text: str) -> Bid:
        raw = text.strip()
        star = raw.endswith("*")
        raw = raw.rstrip("*").strip()
        if not raw.isdigit() or int(raw) not in self.left[seat]:
            raise IllegalAction(f"illegal bid {text!r}: bid one of {self.left[seat]}")
        return Bid(int(raw), star)

    def _format(self, seat: int, action: Any) -> str:
        return f"{action.size}{'*' if action.star else ''}"

    def _timeout_action(self, seat: int) -> Bid:
        return Bid(0)

    def _resolve(self, actions: dict[int, Any]) -> None:
        sizes = [actions[0].size, actions[1].size]
        for seat in (0, 1):
            if sizes[seat]:
                self.left[seat].remove(sizes[seat])
            if actions[seat].star:
                self.stars[seat].append(len(self.shown))
        if sizes[0] != sizes[1]:
            self.points[0 if sizes[0] > sizes[1] else 1] += 1
        self.shown.append(sizes)
        self._log("round", bids=sizes)
        if len(self.shown) == self.rounds:
            p = self.points
            self._finish(None if p[0] == p[1] else (0 if p[0] > p[1] else 1), "rounds played")

    def _legal(self, seat: int) -> list[str]:
        return [str(n) for n in self.left[seat]] + [f"{n}*" for n in self.left[seat]]

    def _view(self, seat: int | None) -> dict[str, Any]:
        data: dict[str, Any] = {"points": list(self.points), "shown": [list(s) for s in self.shown]}
        if seat is not None:
            data["left"] = list(self.left[seat])
            data["stars"] = list(self.stars[seat])
        return data

    def _snapshot(self) -> dict[str, Any]:
        return {"left": self.left, "stars": self.stars, "points": self.points, "shown": self.shown}

    def _scores(self) -> Any:
        return list(self.points)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, BidState)
        other.left = [list(x) for x in self.left]
        other.stars = [list(x) for x in self.stars]
        other.points = list(self.points)
        other.shown = [list(x) for x in self.shown]


class TurnState(State):
    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        self.rounds = int(self.game.options["rounds"])
        self.totals = [0, 0]
        self.said: list[int] = []
        return {}

    def _decision_seats(self) -> tuple[int, ...]:
        return ((len(self.said) // self.game.options["moves"]) % 2,)

    def _parse(self, seat: int, text: str) -> int:
        if text.strip() not in ("1", "2", "3"):
            raise IllegalAction(f"illegal number {text!r}: say 1, 2 or 3")
        return int(text.strip())

    def _timeout_action(self, seat: int) -> int:
        return 0

    def _resolve(self, actions: dict[int, Any]) -> None:
        ((seat, number),) = actions.items()
        self.totals[seat] += number
        self.said.append(number)
        self._log("said", seat=seat, number=number)
        if len(self.said) == 2 * self.rounds * self.game.options["moves"]:
            t = self.totals
            self._finish(None if t[0] == t[1] else (0 if t[0] > t[1] else 1), "all said")

    def _legal(self, seat: int) -> list[str]:
        return ["1", "2", "3"]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"totals": list(self.totals), "said": list(self.said)}

    def _snapshot(self) -> dict[str, Any]:
        return {"totals": self.totals, "said": self.said}

    def _scores(self) -> Any:
        return list(self.totals)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, TurnState)
        other.totals = list(self.totals)
        other.said = list(self.said)


@dataclass(frozen=True)
class Orders:
    adds: tuple[int, ...]


class TickState(State):
    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        self.rounds = int(self.game.options["rounds"])
        self.totals = [0, 0]
        self.tick = 0
        self.last: list[str] = ["wait", "wait"]
        return {}

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _parse(self, seat: int, text: str) -> Orders:
        parts = [p.strip() for p in text.replace("\n", ";").split(";") if p.strip()]
        if parts == ["wait"]:
            return Orders(())
        adds = []
        for part in parts:
            if len(part) != 2 or part[0] != "+" or not part[1].isdigit() or part[1] == "0":
                raise IllegalAction(f"'{part}' is not an order: write +N with N from 1 to 9")
            adds.append(int(part[1]))
        if sum(adds) > 9:
            raise IllegalAction(f"orders add {sum(adds)}; at most 9 a tick")
        return Orders(tuple(adds))

    def _format(self, seat: int, action: Any) -> str:
        return "; ".join(f"+{n}" for n in action.adds) or "wait"

    def _timeout_action(self, seat: int) -> Orders:
        return Orders(())

    def _resolve(self, actions: dict[int, Any]) -> None:
        self.tick += 1
        for seat in (0, 1):
            self.totals[seat] += sum(actions[seat].adds)
            self.last[seat] = self._format(seat, actions[seat])
        self._log("tick", tick=self.tick, orders=list(self.last))
        if self.tick == self.rounds:
            t = self.totals
            self._finish(None if t[0] == t[1] else (0 if t[0] > t[1] else 1), "ticks played")

    def _legal(self, seat: int) -> list[str]:
        return ["wait", "+1", "+2", "+3"]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"tick": self.tick, "totals": list(self.totals), "last": list(self.last)}

    def _snapshot(self) -> dict[str, Any]:
        return {"tick": self.tick, "totals": self.totals, "last": self.last}

    def _scores(self) -> Any:
        return list(self.totals)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, TickState)
        other.totals = list(self.totals)
        other.last = list(self.last)


_ROUNDS = (Option("rounds", 3, "rounds", minimum=1, maximum=3),)
BIDS = GameSpec("toy_bids", "Toy bids", "secret bids", BidState, ("simultaneous",), _ROUNDS)
TURNS = GameSpec(
    "toy_turns",
    "Toy turns",
    "numbers in turn",
    TurnState,
    ("sequential",),
    (*_ROUNDS, Option("moves", 1, "numbers a turn", minimum=1, maximum=3)),
)
TICKS = GameSpec(
    "toy_ticks",
    "Toy ticks",
    "orders per tick",
    TickState,
    ("tick",),
    (Option("rounds", 5, "ticks", minimum=1, maximum=1000),),
)


def register_toys() -> list[str]:
    """Register the toy games; returns the names that were not registered before."""
    from duelhost.core import registry

    added = [spec.name for spec in (BIDS, TURNS, TICKS) if spec.name not in registry._REGISTRY]
    for spec in (BIDS, TURNS, TICKS):
        register(spec)
    return added


def unregister_toys(names: list[str]) -> None:
    """Take the toy games out of the registry again, so other tests never see them."""
    from duelhost.core import registry

    for name in names:
        registry._REGISTRY.pop(name, None)


@pytest.fixture(autouse=True)
def toy_games() -> Iterator[None]:
    """Registers the toy games for one test and removes them after it (so tests elsewhere that
    list the registered games never see them); conftests import it."""
    added = register_toys()
    yield
    unregister_toys(added)
