"""Multiplanetary Empire's planner levels: candidate orders simulated ahead with the engine.

Everything is public but the orders not yet processed (MP11), so the seat's view is a forward
model: ``rebuild(handle)`` makes a match state with the view's planets (owners, garrisons,
production phase), fleets in flight and tick, on the same map (sizes and cells; the starting
owners and garrisons only serve the map check and are then replaced).

Each tick the planner lists candidate orders for its seat: the greedy bot's plan at several
reserves and aggressions (``tickplan.TickPlan``), its defence alone, and waiting. It plays each
candidate against the greedy plan of the other seat, then both seats' greedy plans for
``horizon`` more ticks, and scores the end: ships (on planets and in flight) plus production
to come, mine minus theirs, a win or loss dominating. The best candidate is submitted; ties
keep the earlier (the greedy plan first). Candidates the budget does not reach are not played.
``evaluate(handle)`` gives the candidates' scores as values in [-1, 1] (for ``duelhost
analyse``), and values a played order that is not a candidate the same way.

Budget (``duelhost.bots.budget``): a node is one simulated tick (``--bot-nodes N``:
deterministic). ``hard``: the full budget, 30 ticks ahead; ``medium``: a tenth of it, 15 ticks
ahead; ``easy``: the greedy bot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, Clock, default, search_clock
from duelhost.bots.registry import register_bot
from duelhost.core.errors import IllegalAction
from duelhost.core.registry import Game
from duelhost.games.multiplanetary.bots import GreedyMultiplanetaryBot
from duelhost.games.multiplanetary.rules import NEUTRAL, PERIOD, MultiplanetaryState
from duelhost.games.multiplanetary.tickplan import RATE, TickPlan

GAME = "multiplanetary"
WIN = 1e6
PRODUCTION_TICKS = 40
"""Ticks of production counted in the score beyond the horizon."""


@dataclass(frozen=True)
class Style:
    """How a greedy plan is made: the share of a quiet planet kept home, whether it expands."""

    reserve: float = 0.1
    expand: bool = True
    attack_only: bool = False


STYLES = (
    Style(),
    Style(reserve=0.0),
    Style(reserve=0.3),
    Style(reserve=0.0, attack_only=True),
    Style(expand=False),
)


def plan(handle: SeatHandle, style: Style) -> str:
    """The greedy bot's orders for the seat, made in ``style``."""
    made = TickPlan(handle)
    made.defend()
    if style.reserve != 0.1:
        for cell in made.mine:
            if made.incoming[cell][made.enemy] == 0:
                ships = made.planets[cell]["ships"]
                kept = int(ships * style.reserve) - ships // 10  # the greedy plan keeps a tenth
                made.spare[cell] = max(0, made.spare[cell] - kept)
    if style.attack_only:
        for cell, planet in made.planets.items():
            if planet["owner"] != made.enemy:
                continue
            made.send(cell, planet["ships"] + 1)
    if style.expand:
        made.expand()
    return "; ".join(made.orders) or "wait"


def rebuild(handle: SeatHandle) -> MultiplanetaryState:
    """The match as the seat's view shows it (the pending orders of both seats aside)."""
    view = handle.view()
    planets = view["planets"]
    start = [
        {
            "cell": p["cell"],
            "size": p["size"],
            "owner": 0 if p["cell"] == "A1" else 1 if p["cell"] == "J10" else None,
            "ships": 0,
        }
        for p in planets
    ]
    state = handle.game.new(seed=0, map={"planets": start})
    assert isinstance(state, MultiplanetaryState)
    tick = int(view["tick"])
    state.tick = tick
    state._owner = [NEUTRAL if p["owner"] is None else int(p["owner"]) for p in planets]
    state._ships = [int(p["ships"]) for p in planets]
    state._since = [
        0 if p["next_production"] is None else tick + p["next_production"] - PERIOD[p["size"] - 1]
        for p in planets
    ]
    index = {p["cell"]: n for n, p in enumerate(planets)}
    fleets: dict[int, list[tuple[int, int, int, int, int, bool, int, int]]] = {}
    for fleet in view["fleets"]:
        arrives = int(fleet["arrives"])
        fleets.setdefault(arrives, []).append(
            (
                arrives,
                int(fleet["owner"]),
                int(fleet["ships"]),
                index[fleet["from"]],
                index[fleet["to"]],
                fleet["warp"] == "quantum",
                int(fleet["sent"]),
                int(fleet["departed"]),
            )
        )
    state._fleets = {tick: tuple(found) for tick, found in fleets.items()}
    return state


def production(state: MultiplanetaryState, seat: int) -> float:
    """Ships per tick the seat's planets make at the base rate."""
    return sum(
        RATE[size] for owner, size in zip(state._owner, state._sizes, strict=True) if owner == seat
    )


def score(state: MultiplanetaryState, seat: int) -> float:
    """Ships and production to come, the seat's minus the other's (a result dominates)."""
    if state.is_over:
        winner = state.winner
        return 0.0 if winner is None else (WIN if winner == seat else -WIN)
    ships = state.total_ships()
    other = 1 - seat
    return (
        ships[seat]
        - ships[other]
        + PRODUCTION_TICKS * (production(state, seat) - production(state, other))
    )


class PlannerBot:
    """A Multiplanetary level: the best of several candidate orders, each simulated ahead."""

    def __init__(self, name: str, game: Game, seat: int, budget: Budget, horizon: int) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self.horizon = horizon
        self.last_value = 0.0
        """The best candidate's score at the horizon (for analysis)."""

    def act(self, handle: SeatHandle) -> str:
        best, best_value = self.scores(handle)[0]
        self.last_value = best_value
        return best

    def scores(self, handle: SeatHandle, played: str | None = None) -> list[tuple[str, float]]:
        """The candidates simulated, best first (a stable sort: ties keep the candidates' order,
        the greedy plan first), with their scores at the horizon; ``played``, when given and not
        a candidate, is simulated too, budget or not. Candidates the budget does not reach and
        orders that are not legal are left out."""
        clock = search_clock(self.budget)
        other = 1 - self.seat
        state = rebuild(handle)
        theirs = plan(SeatHandle(state, other), Style())
        candidates: list[str] = []
        for style in STYLES:
            text = plan(handle, style)
            if text not in candidates:
                candidates.append(text)
        if "wait" not in candidates:
            candidates.append("wait")
        found: list[tuple[str, float]] = []
        for text in candidates:
            if not clock.left and any(value > -float("inf") for _, value in found):
                break
            found.append((text, self.simulate(state, text, theirs, clock)))
        if played is not None and played not in candidates:
            found.append((played, self.simulate(state, played, theirs, clock)))
        found = [(text, value) for text, value in found if value > -float("inf")]
        if not found:  # "wait" is always legal: only a view the rebuild got wrong
            return [(candidates[0], -float("inf"))]
        return sorted(found, key=lambda item: -item[1])

    def evaluate(self, handle: SeatHandle, played: str | None = None) -> dict[str, float]:
        """Values in [-1, 1] from the seat's view of the orders simulated (``scores``): a win
        at the horizon +1, a loss -1, otherwise ``tanh(score / material)`` where ``material``
        is both seats' ships and production to come now (``score``'s terms added instead of
        subtracted): a lead at the horizon as large as all the material on the board now is
        +0.76. The order ``act`` plays has the highest value; ``played`` is valued too."""
        state = rebuild(handle)
        ships = state.total_ships()
        material = sum(ships) + PRODUCTION_TICKS * (production(state, 0) + production(state, 1))
        scale = max(1.0, material)
        return {text: squash_score(value, scale) for text, value in self.scores(handle, played)}

    def simulate(self, state: MultiplanetaryState, mine: str, theirs: str, clock: Clock) -> float:
        """Play ``mine`` and ``theirs`` now, then both greedy plans for the horizon."""
        me, other = self.seat, 1 - self.seat
        trial = state.clone()
        assert isinstance(trial, MultiplanetaryState)
        orders = {me: mine, other: theirs}
        handles = (SeatHandle(trial, 0), SeatHandle(trial, 1))
        for step in range(self.horizon + 1):
            if trial.is_over:
                break
            for seat in (0, 1):
                text = orders[seat] if step == 0 else plan(handles[seat], Style())
                try:
                    trial.submit(seat, text)
                except IllegalAction:
                    if step == 0 and seat == me:
                        return -float("inf")  # a candidate that is not legal is never played
                    trial.submit(seat, "wait")
            clock.spend()
        return score(trial, me)


def squash_score(value: float, material: float) -> float:
    """A horizon score as a value in [-1, 1]: a win +1, a loss -1, else ``tanh(value /
    material)``."""
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return -1.0
    return math.tanh(value / material)


def make_medium(game: Game, seat: int, seed: int) -> PlannerBot:
    return PlannerBot("medium", game, seat, default().scaled(0.1), horizon=15)


def make_hard(game: Game, seat: int, seed: int) -> PlannerBot:
    return PlannerBot("hard", game, seat, default(), horizon=30)


class EasyMultiplanetaryBot(GreedyMultiplanetaryBot):
    """The ``easy`` level: the greedy bot under its level's name."""

    name = "easy"


register_bot("easy", EasyMultiplanetaryBot, game=GAME)
register_bot("medium", make_medium, game=GAME)
register_bot("hard", make_hard, game=GAME)
