"""A tiny game used only by the kernel's tests (it is never registered).

"High card with a bonus": three rounds; in each, both seats secretly bid 1-3 (simultaneous);
the higher bid wins the round's prize, drawn from the seed (1-5); then the round's winner (seat
0 on a tie) says `keep` or `double` (sequential), and `double` doubles that prize. Each bid can
be used once. Timeout: the lowest remaining bid, or `keep`. Most points wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.options import Option
from duelhost.core.registry import Game, GameSpec
from duelhost.core.rng import derive
from duelhost.core.state import State


@dataclass(frozen=True)
class Bid:
    size: int

    def __str__(self) -> str:
        return str(self.size)


@dataclass(frozen=True)
class Choice:
    double: bool

    def __str__(self) -> str:
        return "double" if self.double else "keep"


class ToyState(State):
    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        rounds = self.game.options["rounds"]
        rng = derive(self.seed, "prizes")
        self.prizes = [rng.randint(1, 5) for _ in range(rounds)]
        if "prizes" in setup:
            given = setup["prizes"]
            if not isinstance(given, list) or len(given) != rounds:
                raise ConfigError(f"setup prizes must be a list of {rounds} integers")
            self.prizes = list(given)
        self.round = 0
        self.chooser: int | None = None
        self.bids = [[1, 2, 3], [1, 2, 3]]
        self.points = [0, 0]
        return dict(setup)

    def _decision_seats(self) -> tuple[int, ...]:
        return (self.chooser,) if self.chooser is not None else (0, 1)

    def _parse(self, seat: int, text: str) -> Any:
        word = text.strip().lower()
        if self.chooser is not None:
            if word in ("keep", "double"):
                return Choice(word == "double")
            raise IllegalAction(f"'{text}': say keep or double")
        if not word.isdigit():
            raise IllegalAction(f"'{text}' is not a bid")
        if int(word) not in self.bids[seat]:
            raise IllegalAction(f"'{text}': you have no bid {word} left")
        return Bid(int(word))

    def _timeout_action(self, seat: int) -> Any:
        return Choice(False) if self.chooser is not None else Bid(min(self.bids[seat]))

    def _resolve(self, actions: dict[int, Any]) -> None:
        if self.chooser is not None:
            choice = actions[self.chooser]
            prize = self.prizes[self.round] * (2 if choice.double else 1)
            self.points[self.chooser] += prize
            self._log("choice", seat=self.chooser, double=choice.double, prize=prize)
            self.chooser = None
            self.round += 1
            if self.round == len(self.prizes):
                p0, p1 = self.points
                self._finish(0 if p0 > p1 else 1 if p1 > p0 else None, "rounds played")
            return
        b0, b1 = actions[0].size, actions[1].size
        self.bids[0].remove(b0)
        self.bids[1].remove(b1)
        self.chooser = 1 if b1 > b0 else 0
        self._log("bids", bids=[b0, b1])

    def _legal(self, seat: int) -> list[str]:
        if self.chooser is not None:
            return ["keep", "double"]
        return [str(b) for b in self.bids[seat]]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "prize": self.prizes[self.round] if self.round < len(self.prizes) else None,
            "points": list(self.points),
            "bids": [list(b) for b in self.bids],
        }

    def _snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "chooser": self.chooser,
            "bids": self.bids,
            "points": self.points,
            "prizes": self.prizes,
        }

    def _scores(self) -> Any:
        return list(self.points)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, ToyState)
        other.bids = [list(b) for b in self.bids]
        other.points = list(self.points)


class LeakyToyState(ToyState):
    """Shows the other seat's last bid before the round resolves: a deliberate leak."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        data = super()._view(seat)
        data["peek"] = [e.text for e in self._history if e.seat != seat]
        return data


OPTIONS = (Option("rounds", 3, "rounds to play", minimum=1, maximum=3),)
SETUP = (Option("prizes", None, "fixed prizes", kind="json", nullable=True),)
TOY = GameSpec(
    "toy", "Toy", "kernel test game", ToyState, ("simultaneous", "sequential"), OPTIONS, SETUP
)
LEAKY = GameSpec(
    "leaky",
    "Leaky toy",
    "kernel test game that leaks",
    LeakyToyState,
    ("simultaneous", "sequential"),
    OPTIONS,
    SETUP,
)


def toy(**options: Any) -> Game:
    return Game(TOY, {"rounds": 3, **options})


def leaky() -> Game:
    return Game(LEAKY, {"rounds": 3})
