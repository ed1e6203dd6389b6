"""Tactical Genius's search levels: regret matching over both seats' phase plans, rollout-valued.

Unit sheets, health, boosts, tiles, points and bonuses are public (TG10's shared sheet); only
the submissions of the phase being played are secret, and the kernel holds them. So the seat's
view is a forward model: ``rebuild(handle)`` makes a match state with the view's units (their
fixed sheets recovered from the shown stats minus the boosts of the skills listed in
``boosts``), tiles, points, placements, kills, bonuses left and phase, and is checked against
the seat's own legal list.

Each phase is one simultaneous decision (TG2). The bot lists a few whole-phase plans for each
seat (``plans``):

* command phase: the greedy bot's orders; the same with one unit given its second-best order
  (one plan per unit); every unit stepping forward; nothing (all idle);
* reinforcement phase (army building): the greedy bot's reinforcement made with each of the
  table's eight types (the searched catalogue: which type to build against the army in front
  of it), its own type's again with the opposite choice about advancing, and ``pass``.

Entry (i, j) of the matrix is the mean result (+1, 0, -1) of rollouts that submit plan i for
the bot and plan j for the other seat, then play the match out with greedy bots (the bot's own
of the type its plan built, the other's of its army's commonest type), each rollout's greedy
choices drawn from the bot's seeded generator. Rollouts go round the cells until the budget
is spent; then regret matching (RM+, 2,000 iterations on the estimated matrix, both seats)
gives each seat's strategy, and the bot samples its own, leaving out plans under 10%
(purification: at these rollout counts they are noise more often than real mixing). A phase
with one plan is played at once. Each seat keeps its first ``k`` plans (the greedy plan
first), ``k`` the largest with at least three rollouts a cell within the budget (a budget in
seconds counts 250 rollouts a second), so a small budget narrows the choice instead of
filling the matrix with noise: with one plan a seat the bot plays the greedy plan.

Budget (``duelhost.bots.budget``): a node is one rollout (``--bot-nodes N``: deterministic).
``hard`` has the budget, ``medium`` a tenth of it; ``easy`` is the greedy bot.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import numpy as np

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, Clock, default, search_clock
from duelhost.bots.registry import register_bot
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.games.tactical_genius import catalogue
from duelhost.games.tactical_genius.army import (
    BUDGET,
    EVEN_BONUSES,
    ODD_BONUSES,
    ROWS,
    UNIT_COST,
    Sheet,
)
from duelhost.games.tactical_genius.bots import GreedyTacticalGenius
from duelhost.games.tactical_genius.geometry import FACING, GAME, TYPES, cell_at, coords
from duelhost.games.tactical_genius.opponent import OpponentModel
from duelhost.games.tactical_genius.state import TacticalGeniusState

RM_ITERATIONS = 2000
ROLLOUTS_PER_CELL = 3
ROLLOUTS_PER_ROW = 20
"""Against a random-like seat: rollouts a plan needs at least."""
LEAN = 0.5
"""Weight of the other seat's greedy plan in the strategy the bot answers once the other seat
has units on the board (the rest: its equilibrium strategy of the estimated matrix)."""
Z = 1.5
"""Standard errors by which a plan must beat the greedy plan to be played instead."""
RATE = 250
"""Rollouts a second on this machine (about 4 ms each), to size a budget in seconds."""
ROLLOUT_DECISIONS = 40
"""A match has at most 19 phases: a rollout stops after this many decisions anyway."""


def _centi(text: str) -> int:
    whole, _, part = text.partition(".")
    return int(whole) * 100 + int(part or 0)


def _restore_bonuses(state: TacticalGeniusState, view: dict[str, Any]) -> None:
    """Which seat has the even bonuses, and the bonuses each seat has used."""
    bonuses = [[_centi(b) for b in view["bonuses"][s]] for s in (0, 1)]
    if any(b % 2 == 0 for b in bonuses[0]) or any(b % 2 == 1 for b in bonuses[1]):
        state.even_seat = 0
    else:
        state.even_seat = 1
    state.used_bonus = [
        tuple(
            b
            for b in (EVEN_BONUSES if s == state.even_seat else ODD_BONUSES)
            if b not in bonuses[s]
        )
        for s in (0, 1)
    ]


def _restore_unit(state: TacticalGeniusState, uid: int, unit: dict[str, Any]) -> None:
    """Add a unit of the view to the rebuilt match: its sheet (boosts taken off) and place."""
    boost = {"attack": 0, "defense": 0, "speed": 0}
    for skill_id in unit["boosts"]:
        for stat, amount in state.table.skills[skill_id].boosts:
            boost[stat if stat in boost else "speed"] += amount
    speed = _centi(unit["speed"]) - 100 * boost["speed"]
    state.sheets.append(
        Sheet(
            uid=uid,
            owner=int(unit["seat"]),
            name=str(unit["name"]),
            type=str(unit["type"]),
            kind=str(unit["class"]),
            max_health=int(unit["max_health"]),
            attack=int(unit["attack"]) - boost["attack"],
            defense=int(unit["defense"]) - boost["defense"],
            speed=speed,
            bonus=speed % 100,
            skills=tuple(unit["skills"]),
            value=int(unit["value"]),
        )
    )
    col, row = coords(unit["last_cell"])
    state.health.append(float(unit["health"]))
    state.col.append(col)
    state.row.append(row)
    state.alive.append(bool(unit["alive"]))
    state.boost_atk.append(boost["attack"])
    state.boost_def.append(boost["defense"])
    state.boost_spd.append(boost["speed"])
    state.boosted.append(tuple(unit["boosts"]))
    if unit["alive"]:
        state.grid[col * ROWS + row] = uid


def rebuild(handle: SeatHandle) -> TacticalGeniusState:
    """The match as the seat's view shows it; ConfigError if the rebuild disagrees with it."""
    view = handle.view()
    state = handle.game.new(seed=0)
    assert isinstance(state, TacticalGeniusState)
    _restore_bonuses(state, view)
    state.round = int(view["round"])
    state.phase = str(view["phase"])
    state.points = [int(p) for p in view["points_left"]]
    state.placed = [int(p) for p in view["placed"]]
    state.kills = [int(k) for k in view["kills"]]
    state.last_log = [dict(entry) for entry in view["log"]]
    for uid, unit in enumerate(view["units"]):
        _restore_unit(state, uid, unit)
    if state.view(handle.seat)["units"] != view["units"] or sorted(
        state.legal(handle.seat)
    ) != sorted(handle.legal()):
        raise ConfigError("the rebuilt match does not agree with the view")
    return state


def army_type(view: dict[str, Any], seat: int, fallback: str) -> str:
    """The commonest type among the seat's units on the board (``fallback`` if none)."""
    counts = Counter(u["type"] for u in view["units"] if u["alive"] and u["seat"] == seat)
    return counts.most_common(1)[0][0] if counts else fallback


class Plans:
    """Whole-phase plans for one seat of a rebuilt match, with the army type each implies."""

    def __init__(
        self,
        state: TacticalGeniusState,
        seat: int,
        seed: int,
        own_type: str,
        wait_rounds: int | None = None,
        bait_until: int | None = None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.seed = seed
        self.own_type = own_type
        self.wait_rounds = wait_rounds
        self.bait_until = bait_until
        """None: build the army blind once the wait is over; else, while the other seat still
        has no unit on the board, show one bare unit (``catalogue.bait``) and keep waiting
        through this round (``hard``: see ``catalogue.BAIT_UNTIL``)."""
        """None: the seat's reinforcements are planned as the greedy bot would build (the other
        seat); else its army comes from the catalogue (``catalogue.py``) after waiting through
        this many rounds for the other seat's (the search levels' own seat)."""
        self.handle = SeatHandle(state, seat)

    def greedy(self, kind: str, salt: str) -> GreedyTacticalGenius:
        return GreedyTacticalGenius(
            self.state.game, self.seat, derive(self.seed, salt).getrandbits(48), kind
        )

    def valid(self, text: str) -> bool:
        trial = self.state.clone()
        try:
            trial.submit(self.seat, text)
        except IllegalAction:
            return False
        return True

    def all(self) -> list[tuple[str, str]]:
        """(submission, army type) pairs, distinct submissions, the greedy plan first."""
        found: list[tuple[str, str]] = []
        view = self.handle.view()
        if view["phase"] == "command":
            texts = self._commands(view)
            found = [(text, self.own_type) for text in texts]
        elif self.wait_rounds is not None and self._unbuilt(view):
            found = self._armies(view, self.wait_rounds)
        else:
            found = self._reinforcements()
        unique: list[tuple[str, str]] = []
        seen: set[str] = set()
        for text, kind in found:
            if text not in seen and self.valid(text):
                seen.add(text)
                unique.append((text, kind))
        return unique or [("pass", self.own_type)]

    def _reinforcements(self) -> list[tuple[str, str]]:
        """The greedy bot's reinforcement with each army type (its own type's first), its
        first one with the advance flipped, and passing."""
        found: list[tuple[str, str]] = []
        for kind in (self.own_type, *[t for t in TYPES if t != self.own_type]):
            found.append((self.greedy(kind, f"plan-{kind}").act(self.handle), kind))
        items = [item for item in found[0][0].split("; ") if item != "pass"]
        if "advance" in items:
            flipped = "; ".join(item for item in items if item != "advance") or "pass"
        else:
            flipped = "; ".join(["advance", *items])
        found.insert(1, (flipped, self.own_type))
        found.append(("pass", self.own_type))
        return found

    def _armies(self, view: dict[str, Any], wait_rounds: int) -> list[tuple[str, str]]:
        """Before the seat's first unit: wait while the other seat has shown no army in the
        first ``wait_rounds`` rounds, else the catalogue's army of each type (its own type's
        first)."""
        other = 1 - self.seat
        shown = any(u["alive"] and u["seat"] == other for u in view["units"])
        if int(view["round"]) <= wait_rounds and not shown:
            return [("pass", self.own_type)]
        info = self.handle.helper("type_info")
        if self.bait_until is not None and not shown and int(view["round"]) <= self.bait_until:
            if int(view["placed"][self.seat]) == 0:
                return [(catalogue.bait(view, self.seat, self.own_type), self.own_type)]
            return [("pass", self.own_type)]
        kinds = (self.own_type, *[t for t in TYPES if t != self.own_type])
        return [(catalogue.army(view, self.seat, kind, info), kind) for kind in kinds]

    def _unbuilt(self, view: dict[str, Any]) -> bool:
        """Whether the seat's army is still to build: nothing placed, or only the bait."""
        placed = int(view["placed"][self.seat])
        if placed == 0:
            return True
        bare = BUDGET - UNIT_COST
        return (
            self.bait_until is not None and placed == 1 and view["points_left"][self.seat] == bare
        )

    def ranked(self, view: dict[str, Any]) -> dict[str, list[str]]:
        """Each of the seat's units' two best orders by the greedy bot's score (fewer when
        fewer score above nothing), in the view's unit order."""
        bot = self.greedy(self.own_type, "plan-command")
        bot._info = self.handle.helper("type_info")
        units = [u for u in view["units"] if u["alive"]]
        by_cell = {u["cell"]: u for u in units}
        ranked: dict[str, list[str]] = {}
        for unit in units:
            if unit["seat"] != self.seat:
                continue
            scored = sorted(
                (
                    (bot._score(self.handle, unit, order, by_cell), order)
                    for order in self.handle.helper("orders_for", unit["name"])
                ),
                key=lambda item: -item[0],
            )
            ranked[unit["name"]] = [order for score, order in scored if score > 0][:2]
        return ranked

    def _commands(self, view: dict[str, Any]) -> list[str]:
        units = [u for u in view["units"] if u["alive"]]
        by_cell = {u["cell"]: u for u in units}
        ranked = list(self.ranked(view).values())
        best = [orders[0] for orders in ranked if orders]
        texts = ["; ".join(best) or "pass"]
        for k, orders in enumerate(ranked):
            if len(orders) > 1:
                other = [o[1] if i == k else o[0] for i, o in enumerate(ranked) if o]
                texts.append("; ".join(o for o in other))
        forward = [f"{u['name']} move forward" for u in self._free_to_advance(units, by_cell)]
        if forward:
            texts.append("; ".join(forward))
        texts.append("pass")
        return texts

    def _free_to_advance(
        self, units: list[dict[str, Any]], by_cell: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """The seat's units whose cell ahead is on the board and empty."""
        step = FACING[self.seat]
        free = []
        for unit in units:
            col, row = coords(unit["cell"])
            ahead = col + step
            if unit["seat"] == self.seat and 0 <= ahead < 10 and cell_at(ahead, row) not in by_cell:
                free.append(unit)
        return free


def regret_matching(values: np.ndarray, iterations: int = RM_ITERATIONS) -> np.ndarray:
    """The row player's average strategy of RM+ self-play on a zero-sum matrix (row payoffs)."""
    rows, cols = values.shape
    regret_r, regret_c = np.zeros(rows), np.zeros(cols)
    total_r = np.zeros(rows)
    for _ in range(iterations):
        x = regret_r / regret_r.sum() if regret_r.sum() > 0 else np.full(rows, 1.0 / rows)
        y = regret_c / regret_c.sum() if regret_c.sum() > 0 else np.full(cols, 1.0 / cols)
        row_values = values @ y
        col_values = -(x @ values)
        regret_r = np.maximum(0.0, regret_r + row_values - x @ row_values)
        regret_c = np.maximum(0.0, regret_c + col_values - y @ col_values)
        total_r += x
    average: np.ndarray = total_r / total_r.sum()
    return average


class PhaseSearchBot:
    """A Tactical Genius level: regret matching over both seats' plans, rollout-valued, with
    rollouts that play the other seat as the bot has seen it play (``opponent.py``)."""

    def __init__(
        self,
        name: str,
        game: Game,
        seat: int,
        seed: int,
        budget: Budget,
        wait_rounds: int = catalogue.WAIT_ROUNDS,
        bait_until: int | None = None,
    ) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self.wait_rounds = wait_rounds
        """Rounds the bot waits, placing nothing, while the other seat shows no army."""
        self.bait_until = bait_until
        """After the wait, the last round it shows only a bait while the other seat still
        shows no army (None: it builds blind at once; ``Plans``)."""
        self._seed = seed
        self._rng = derive(seed, "tg-phase-search", name, seat)
        self._greedy = GreedyTacticalGenius(game, seat, seed)
        self.army_type = self._greedy.army_type
        self.opponent = OpponentModel(seat)
        self.last_strategy: dict[str, float] = {}
        """The plan values of the last decision (for analysis): plan -> value in [-1, 1]."""
        self.last_values: dict[str, float] = {}

    def act(self, handle: SeatHandle) -> str:
        text, kind, _ = self.decide(handle)
        if kind is not None and handle.view()["phase"] == "reinforcement":
            self.army_type = kind
        return text

    def evaluate(self, handle: SeatHandle, played: str | None = None) -> dict[str, float]:
        """The analysis's view of a decision: each plan the search valued, by its value in
        [-1, 1] from the seat's view (the mean rollout result against the other seat's modelled
        play), the plan chosen among them; a phase with one plan is valued by rollouts of it
        alone. ``played`` (a valid submission) is valued as one more plan when it is none of
        them."""
        _, _, values = self.decide(handle, value_single=True, played=played)
        return values

    def decide(
        self, handle: SeatHandle, value_single: bool = False, played: str | None = None
    ) -> tuple[str, str | None, dict[str, float]]:
        """The submission chosen, the army type its plan builds (None: the greedy fallback)
        and the values of the plans considered (``played`` among them, see ``evaluate``)."""
        clock = search_clock(self.budget)
        try:
            state = rebuild(handle)
        except (ConfigError, IllegalAction, KeyError, ValueError):
            return self._greedy.act(handle), None, {}
        view = handle.view()
        self.opponent.observe(view, state)
        me, other = self.seat, 1 - self.seat
        salt = self._rng.getrandbits(48)
        own = Plans(
            state,
            me,
            salt,
            army_type(view, me, self.army_type),
            wait_rounds=self.wait_rounds,
            bait_until=self.bait_until,
        )
        plans = own.all()
        extra = [] if played is None or not own.valid(played) else [(played, own.own_type)]
        if self.opponent.model == "random":
            mine = with_played(plans[: self.rows()], extra)
            if len(mine) == 1 and not value_single:
                return mine[0][0], mine[0][1], {}
            means, errors = self.against_random(state, mine, clock)
            choice = robust_choice(means, errors)
        else:
            width = self.width()
            theirs = Plans(state, other, salt + 1, army_type(view, other, TYPES[0])).all()[:width]
            mine = with_played(plans[: self.width(len(theirs))], extra)
            if len(mine) == 1 and not value_single:
                return mine[0][0], mine[0][1], {}
            values, counts = self.matrix(state, mine, theirs, clock)
            # The other seat's equilibrium strategy, leaning to its greedy plan (the model).
            # Before the other seat has a unit on the board its type is unknown (both build at
            # once in round 1), so its first plan is no prediction: the equilibrium alone.
            lean = LEAN if any(u["seat"] == other for u in view["units"]) else 0.0
            y = regret_matching(-values.T)
            y = (1 - lean) * y + lean * np.eye(len(theirs))[0]
            means = values @ y
            spread = np.maximum(1.0 - values**2, 0.25) / np.maximum(counts, 1)
            errors = np.sqrt(spread @ (y**2))
            choice = robust_choice(means, errors)
        self.last_values = {text: float(v) for (text, _), v in zip(mine, means, strict=True)}
        self.last_strategy = {mine[choice][0]: 1.0}
        text, kind = mine[choice]
        return text, kind, dict(self.last_values)

    def width(self, theirs: int | None = None) -> int:
        """Plans kept per seat: at least ``ROLLOUTS_PER_CELL`` rollouts for every cell. Given
        the other seat's plan count (``theirs``), the bot's own plans: as many as those cells
        allow (so an other seat with few plans, such as one whose army is built, leaves room
        for the whole army catalogue)."""
        if theirs is not None:
            return max(1, self.rollouts() // (ROLLOUTS_PER_CELL * theirs))
        return max(1, math.isqrt(self.rollouts() // ROLLOUTS_PER_CELL))

    def rows(self) -> int:
        """Plans kept against a random-like seat: at least ``ROLLOUTS_PER_ROW`` rollouts each."""
        return max(1, self.rollouts() // ROLLOUTS_PER_ROW)

    def rollouts(self) -> int:
        budget = self.budget
        return budget.nodes if budget.nodes is not None else int(budget.seconds * RATE)

    def matrix(
        self,
        state: TacticalGeniusState,
        mine: list[tuple[str, str]],
        theirs: list[tuple[str, str]],
        clock: Clock,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Mean rollout results of every pair of plans, and the rollouts of each cell."""
        me, other = self.seat, 1 - self.seat
        total = np.zeros((len(mine), len(theirs)))
        count = np.zeros((len(mine), len(theirs)))
        cells = [(i, j) for i in range(len(mine)) for j in range(len(theirs))]
        turn = 0
        while clock.left or turn < len(cells):
            i, j = cells[turn % len(cells)]
            trial = state.clone()
            assert isinstance(trial, TacticalGeniusState)
            trial.submit(me, mine[i][0])
            trial.submit(other, theirs[j][0])
            kinds = {me: mine[i][1], other: theirs[j][1]}
            total[i, j] += self.rollout(trial, kinds, self._rng.getrandbits(48))
            count[i, j] += 1
            clock.spend()
            turn += 1
        return total / np.maximum(count, 1), count

    def against_random(
        self, state: TacticalGeniusState, mine: list[tuple[str, str]], clock: Clock
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each plan's mean rollout result against a random-like seat, and its standard error.
        The rollouts go round the plans in sweeps; within a sweep every plan meets the same
        random submission of the other seat and the same random numbers after it (common
        random numbers: the differences between plans are what the choice needs)."""
        me, other = self.seat, 1 - self.seat
        results: list[list[float]] = [[] for _ in mine]
        turn = 0
        seed = 0
        while clock.left or turn < len(mine):
            i = turn % len(mine)
            if i == 0:
                seed = self._rng.getrandbits(48)
            trial = state.clone()
            assert isinstance(trial, TacticalGeniusState)
            trial.submit(me, mine[i][0])
            trial.submit(other, trial.sample(other, random.Random(seed)))
            results[i].append(self.rollout(trial, {me: mine[i][1]}, seed, random_other=True))
            clock.spend()
            turn += 1
        means = np.array([sum(r) / len(r) for r in results])
        errors = np.array(
            [
                math.sqrt(max(1.0 - m * m, 0.25) / len(r))
                for m, r in zip(means, results, strict=True)
            ]
        )
        return means, errors

    def rollout(
        self,
        state: TacticalGeniusState,
        kinds: dict[int, str],
        seed: int,
        random_other: bool = False,
    ) -> float:
        """Play to the end, the bot's seat greedy (of the type its plan built), the other seat
        greedy too or uniformly random; +1 if the bot's seat won, -1 if it lost, 0 a draw."""
        me, other = self.seat, 1 - self.seat
        own = GreedyTacticalGenius(state.game, me, seed, kinds[me])
        theirs = (
            None if random_other else GreedyTacticalGenius(state.game, other, seed, kinds[other])
        )
        chance = random.Random(seed)
        handles = [SeatHandle(state, 0), SeatHandle(state, 1)]
        for _ in range(ROLLOUT_DECISIONS):
            if state.is_over:
                break
            for seat in state.to_act:
                if seat == me:
                    text = own.act(handles[seat])
                elif theirs is None:
                    text = state.sample(seat, chance)
                else:
                    text = theirs.act(handles[seat])
                try:
                    state.submit(seat, text)
                except IllegalAction:
                    state.submit(seat, "pass")
        if state.winner is None:
            return 0.0
        return 1.0 if state.winner == me else -1.0


def with_played(mine: list[tuple[str, str]], extra: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The plans kept, and the submission played (``extra``) after them if it is none of them."""
    texts = {text for text, _ in mine}
    return mine + [item for item in extra if item[0] not in texts]


def robust_choice(means: np.ndarray, errors: np.ndarray) -> int:
    """The plan to play: the best by mean value, but the first (greedy) plan unless the best
    beats it by more than ``Z`` standard errors of the difference (so noise does not pick a
    plan the greedy bot would not)."""
    best = int(np.argmax(means))
    gap = float(means[best] - means[0])
    if best != 0 and gap <= Z * math.hypot(float(errors[best]), float(errors[0])):
        return 0
    return best


def make_medium(game: Game, seat: int, seed: int) -> PhaseSearchBot:
    return PhaseSearchBot(
        "medium", game, seat, seed, default().scaled(0.1), catalogue.WAIT_ROUNDS - 1
    )


def make_hard(game: Game, seat: int, seed: int) -> PhaseSearchBot:
    return PhaseSearchBot("hard", game, seat, seed, default(), bait_until=catalogue.BAIT_UNTIL)


class EasyTacticalGenius(GreedyTacticalGenius):
    """The ``easy`` level: the greedy bot under its level's name."""

    name = "easy"


def make_easy(game: Game, seat: int, seed: int) -> EasyTacticalGenius:
    return EasyTacticalGenius(game, seat, seed)


register_bot("easy", make_easy, game=GAME)
register_bot("medium", make_medium, game=GAME)
register_bot("hard", make_hard, game=GAME)

__all__ = ["PhaseSearchBot", "Plans", "rebuild", "regret_matching"]
