"""Multiplanetary Empire's planner levels: styles simulated ahead against a fitted opponent.

Everything is public but the orders not yet processed (MP11), so the seat's view is a forward
model: ``rebuild(handle)`` makes a match state with the view's planets (owners, garrisons,
production phase), fleets in flight and tick, on the same map (sizes and cells; the starting
owners and garrisons only serve the map check and are then replaced).

Each tick the planner tries several *styles* for its seat, each a ``fleet`` plan (``plans.py``:
the greedy plan, hoarding with fleets a dozen ships beyond the need, a middle way, attacking
enemy planets first, a larger reserve, defence only), and waiting. A style is played as a
policy: its orders now, then the same style for ``horizon`` more ticks, against a *model* of
the other seat, and the end is scored: ships (on planets and in flight) plus production to
come, mine minus theirs, a win or loss dominating. The first orders of the best style are
submitted; ties keep the earlier (the greedy plan first). Candidates the budget does not
reach are not played.

The model is fitted to what the other seat did in the match: each tick, each style's orders
for the other seat at the previous tick are compared with the orders it gave (``mismatch``:
the share of the ships sent on other routes), the mismatches summed with a decay of 0.9 a
tick, and the style with the fewest plays the other seat (the greedy plan until one fits
better). A seat best fitted by defence only (a turtle: it has only waited) is played as the
hoarding style, its ships saved for large fleets. Before, the other seat was always the
greedy plan, and a plan that waited 13 ticks and then attacked with 12 ships to spare won
60% against ``hard`` (the planner over-extended: planets taken with one ship near a hoarder
that picked them off). ``evaluate(handle)`` gives the candidates' scores as values in [-1, 1]
(for ``duelhost analyse``), and values a played order that is not a candidate the same way
(followed by the greedy plan).

Budget (``duelhost.bots.budget``): a node is one simulated tick (``--bot-nodes N``:
deterministic). ``hard``: the full budget, 30 ticks ahead (at 200 nodes: the six styles and
waiting); ``medium``: a tenth of it, 15 ticks ahead (at 200 nodes: the greedy and hoarding
styles); ``easy``: the greedy bot. Both planner levels fit the model.
"""

from __future__ import annotations

import math
from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, Clock, default, search_clock
from duelhost.bots.registry import register_bot
from duelhost.core.errors import IllegalAction
from duelhost.core.registry import Game
from duelhost.games.multiplanetary.bots import GreedyMultiplanetaryBot
from duelhost.games.multiplanetary.notation import parse_order_text, split_submission
from duelhost.games.multiplanetary.plans import FLEET
from duelhost.games.multiplanetary.rules import NEUTRAL, PERIOD, MultiplanetaryState
from duelhost.games.multiplanetary.tickplan import RATE

GAME = "multiplanetary"
WIN = 1e6
PRODUCTION_TICKS = 40
"""Ticks of production counted in the score beyond the horizon."""


Params = tuple[float, ...]
"""A ``fleet`` plan's parameters (``plans.py``): reserve, defend, margin, distance, enemy, wait."""
NEVER = 1e9
"""A ``wait`` that never comes: the plan only defends."""

GREEDY: Params = (0.1, 1.0, 0.0, 1.0, 0.0, 0.0)
"""The greedy plan (``tickplan.py``) as a ``fleet`` plan."""
HOARD: Params = (0.25, 1.0, 12.0, 1.6, -0.35, 0.0)
"""A quarter kept home, fleets a dozen ships beyond the need, the nearer targets first."""
STYLES: tuple[Params, ...] = (
    GREEDY,
    HOARD,
    (0.2, 1.0, 5.0, 1.3, 0.0, 0.0),
    (0.0, 1.0, 2.0, 1.0, 1.5, 0.0),
    (0.3, 1.0, 0.0, 1.0, 0.0, 0.0),
    (0.1, 1.0, 0.0, 1.0, 0.0, NEVER),
)
"""The plans the planner tries for its seat and fits to the other: the greedy plan, hoarding,
a middle way, attacking first, a larger reserve, defence only."""
TURTLE = len(STYLES) - 1
"""The defence-only model: a seat that has only waited is played as ``HOARD`` in rollouts
(its ships are saved for something)."""
DECAY = 0.9
"""Each tick, the models' past mismatches count this much less."""


def plan(handle: SeatHandle, style: Params) -> str:
    """The seat's orders now in ``style`` (a ``fleet`` plan)."""
    return FLEET.choose(style, handle)


def orders_of(text: str) -> dict[tuple[str, str], int]:
    """A submission's ships per (source, destination) (quantum and standard warp alike)."""
    found: dict[tuple[str, str], int] = {}
    for part in split_submission(text):
        source, destination, ships, _ = parse_order_text(part)
        key = (source, destination)
        found[key] = found.get(key, 0) + ships
    return found


def mismatch(predicted: str, played: str) -> float:
    """How far a predicted submission is from the one played, in [0, 1]: the ships sent on
    different routes over all the ships sent (0 when both wait)."""
    a, b = orders_of(predicted), orders_of(played)
    total = sum(a.values()) + sum(b.values())
    if not total:
        return 0.0
    return sum(abs(a.get(key, 0) - b.get(key, 0)) for key in a.keys() | b.keys()) / total


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
    """A Multiplanetary level: the best of several plans for its seat, each simulated ahead
    against the plan fitted to the other seat."""

    def __init__(
        self, name: str, game: Game, seat: int, budget: Budget, horizon: int, fitted: bool = True
    ) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self.horizon = horizon
        self.fitted = fitted
        self.last_value = 0.0
        """The best candidate's score at the horizon (for analysis)."""
        self.misses = [0.0] * len(STYLES)
        """Each style's mismatches with the other seat's submissions so far (decayed)."""
        self._previous: MultiplanetaryState | None = None

    def model(self, state: MultiplanetaryState, view: dict[str, Any]) -> Params:
        """The plan the other seat is played by in rollouts: the style that best predicted its
        submissions so far (ties: the earlier, the greedy plan first), after scoring each
        style's prediction of the last tick's submission; a defence-only fit is ``HOARD``."""
        if not self.fitted:
            return GREEDY
        previous = self._previous
        if previous is not None and previous.tick == state.tick - 1:
            played = "; ".join(view["last_orders"][1 - self.seat])
            handle = SeatHandle(previous, 1 - self.seat)
            for k, style in enumerate(STYLES):
                self.misses[k] = DECAY * self.misses[k] + mismatch(plan(handle, style), played)
        if previous is None or previous.tick != state.tick:
            self._previous = state  # never changed: the simulations play on clones
        best = min(range(len(STYLES)), key=lambda k: (self.misses[k], k))
        return HOARD if best == TURTLE else STYLES[best]

    def act(self, handle: SeatHandle) -> str:
        best, best_value = self.scores(handle)[0]
        self.last_value = best_value
        return best

    def scores(self, handle: SeatHandle, played: str | None = None) -> list[tuple[str, float]]:
        """The candidates simulated, best first (a stable sort: ties keep the candidates' order,
        the greedy plan first), with their scores at the horizon; ``played``, when given and not
        a candidate, is simulated too (followed by the greedy plan), budget or not. A candidate
        is a style's orders now, followed by the same style; when two styles give the same
        orders now, the better score counts. Candidates the budget does not reach and orders
        that are not legal are left out."""
        clock = search_clock(self.budget)
        state = rebuild(handle)
        model = self.model(state, handle.view())
        theirs = plan(SeatHandle(state, 1 - self.seat), model)
        best: dict[str, float] = {}
        texts: list[str] = []
        for style in STYLES:
            if not clock.left and any(value > -float("inf") for value in best.values()):
                break
            text = plan(handle, style)
            value = self.simulate(state, text, style, theirs, model, clock)
            if text not in best:
                texts.append(text)
                best[text] = value
            else:
                best[text] = max(best[text], value)
        if "wait" not in best and clock.left:
            texts.append("wait")
            best["wait"] = self.simulate(state, "wait", GREEDY, theirs, model, clock)
        if played is not None and played not in best:
            texts.append(played)
            best[played] = self.simulate(state, played, GREEDY, theirs, model, clock)
        found = [(text, best[text]) for text in texts if best[text] > -float("inf")]
        if not found:  # "wait" is always legal: only a view the rebuild got wrong
            return [(texts[0], -float("inf"))]
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

    def simulate(
        self,
        state: MultiplanetaryState,
        mine: str,
        style: Params,
        theirs: str,
        model: Params,
        clock: Clock,
    ) -> float:
        """Play ``mine`` and ``theirs`` now, then the seat's ``style`` and the other seat's
        ``model`` for the horizon."""
        me = self.seat
        trial = state.clone()
        assert isinstance(trial, MultiplanetaryState)
        orders = {me: mine, 1 - me: theirs}
        styles = {me: style, 1 - me: model}
        handles = (SeatHandle(trial, 0), SeatHandle(trial, 1))
        for step in range(self.horizon + 1):
            if trial.is_over:
                break
            for seat in (0, 1):
                text = orders[seat] if step == 0 else plan(handles[seat], styles[seat])
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
