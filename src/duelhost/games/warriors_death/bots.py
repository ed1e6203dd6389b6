"""A Warrior's Death's bots: ``easy`` (one-round equilibrium), ``medium``/``hard`` (restricted
Nash response over the round's matrix game, valued by rollouts of the bout from
view-consistent states).

Every round is a simultaneous decision, so each level solves a matrix game whose rows are its
own plays and whose columns are the other seat's:

* **Hidden information, from the view only** (:func:`determinize`). Bouts are independent
  (fresh hands, empty underworlds), so only the current bout's rounds matter. The view shows
  the bot its own full submissions (``mine``), the other seat's units *as shown* and the
  winners as announced to it (WD11, WD12). The other seat's true play in a round is the unit
  shown (an Astrologian with any of the ten predictions) or a Blue Mage disguised as it, at
  most one Blue Mage a bout. :func:`hypotheses` enumerates those histories round by round,
  replaying each with the real rules and keeping those whose view for the bot equals the one
  it has (shown units, announced winners, its own ``playable`` and ``underworld``);
  determinized states are drawn uniformly from the survivors.
* **Values** (``medium``, ``hard``): entry ``(a, b)`` is the mean utility of rollouts from a
  determinized state that play ``a`` and ``b`` and then, to the end of the *bout*, uniformly
  random playable units for the bot (an Astrologian predicting a random playable unit of the
  other seat) and a policy of the opponent model for the other seat, in a fast simulator of
  the bout (:class:`BoutSim`, the rules' own ``clash``). Within a sweep every cell uses the
  same state for its column, the same policy and the same seed (common random numbers), and
  cells that differ only in which unit a missed Astrologian prediction named are one rollout.
  The bout's result is worth its match utility (:func:`bout_utilities`): the expected match
  result (+1/0/-1) after a bout win, tie or loss given the bout wins so far, the bouts after
  it taken as even coin flips; plus a small term for the bout itself, so that a bot still
  plays sensibly once the match is decided.
* **Opponent model and decision** (``medium``, ``hard``): a mixture of policies of the other
  seat (``opponent``: a random submission, a random unit, the equilibrium) fitted from the
  units it showed; the bot plays the restricted Nash response to it
  (``duelhost.core.matrix_games.restricted_response``), the equilibrium before anything was
  seen or when the equilibrium explains the other seat best.
* **Action abstraction.** Blue Mage disguises change what the other seat is shown, not the
  bout's score, so all disguises are one row (the disguise is then drawn uniformly from the
  units the bot still holds, a believable bluff); Astrologian predictions are one row per unit
  the other seat can play, plus one row for a prediction it cannot fulfil. ``matrix`` expands
  the rows back to every legal submission (for ``duelhost analyse``).
* ``easy`` values a cell by the round alone (3 points to the stronger unit plus the difference
  of the strengths in death, over 20) in one determinized state and plays the equilibrium.

``hard`` spends the whole budget (``duelhost.bots.budget``: 1 s a decision, or a number of
rollouts with ``--bot-nodes``), ``medium`` a fifth (``MEDIUM_SCALE``). With a node budget
every choice is a function of the match seed and the views, so matches are reproducible.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np

from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.budget import Budget, Clock, default
from duelhost.bots.choice_model import ChoiceModel
from duelhost.bots.equilibrium import equilibrium
from duelhost.bots.opponent_model import MixtureModel
from duelhost.bots.registry import register_bot
from duelhost.core.errors import IllegalAction
from duelhost.core.matrix_games import restricted_response
from duelhost.core.rng import derive
from duelhost.core.state import Game
from duelhost.games.warriors_death.opponent import (
    FEATURES,
    PRIOR,
    FittedUnits,
    Kind,
    choose,
    column_predictions,
    share,
    shown_likelihoods,
    unit_features,
)
from duelhost.games.warriors_death.rules import TIE, clash
from duelhost.games.warriors_death.state import Bout, WarriorsDeathState
from duelhost.games.warriors_death.units import (
    ASTROLOGIAN,
    BLUE_MAGE,
    CHOCOBO,
    TEXT_OF,
    UNITS,
    Play,
    parse_play,
)

SAMPLES = 8
"""Determinized states per decision; rollouts cycle through them."""
BOUT_WEIGHT = 0.05
"""Weight of the bout's own result beside its match utility."""
WRONG = -2
"""The abstract prediction "a unit the other seat cannot play"."""

Move = tuple[int, int]
"""An abstract play: (unit, prediction) for an Astrologian, (unit, -1) otherwise."""
Seen = tuple[list[int], list[int], dict[Move, float], dict[int, float]]
"""What the bot predicted of one round (see ``WarriorsDeathBot._predictions``)."""


# ---------------------------------------------------------------------- the bout simulator


@cache
def _playable(hand: int, revive: int) -> list[int]:
    return [u for u in range(10) if u in (CHOCOBO, revive) or hand >> u & 1]


class BoutSim:
    """The rest of a bout as plain integers, advanced with the rules' ``clash``.

    Per seat: ``hand`` (bit mask of units 1-9), ``revive`` (the unit Living Dead lets it play
    again, -1), ``old`` (that unit's strength in death, replaced if it dies again), ``now`` and
    ``next`` (Battle Voice buffs for its next two units), ``total`` (3 per round won plus the
    underworld). ``rounds_left`` counts down to the end of the bout.
    """

    __slots__ = ("hand", "new", "now", "old", "revive", "rounds_left", "total")

    def __init__(self, state: WarriorsDeathState) -> None:
        self.hand = list(state._hand)
        self.revive = list(state._revive)
        self.old = [
            state._underworld[10 * seat + unit] if unit >= 0 else 0
            for seat, unit in enumerate(self.revive)
        ]
        self.now = [state._boost[0], state._boost[2]]
        self.new = [state._boost[1], state._boost[3]]
        self.total = [state.bout_total(0), state.bout_total(1)]
        self.rounds_left = state.rounds_per_bout - state.round

    def copy(self) -> BoutSim:
        other = object.__new__(BoutSim)
        other.hand = self.hand.copy()
        other.revive = self.revive.copy()
        other.old = self.old.copy()
        other.now = self.now.copy()
        other.new = self.new.copy()
        other.total = self.total.copy()
        other.rounds_left = self.rounds_left
        return other

    def playable(self, seat: int) -> list[int]:
        """The units ``seat`` may play (shared lists: do not change them)."""
        return _playable(self.hand[seat], self.revive[seat])

    def step(self, first: Move, second: Move) -> None:
        """One round: both seats' (unit, prediction)."""
        units = (first[0], second[0])
        hand = self.hand
        revived = (
            units[0] != CHOCOBO and not hand[0] >> units[0] & 1,
            units[1] != CHOCOBO and not hand[1] >> units[1] & 1,
        )
        result = clash(units, (first[1], second[1]), revived, (self.now[0], self.now[1]))
        for seat in (0, 1):
            unit = units[seat]
            death = result.death[seat]
            if result.survives[seat]:
                pass  # Third Eye: it never left the hand
            elif unit == CHOCOBO:
                self.total[seat] += death
            else:
                hand[seat] &= ~(1 << unit)
                self.total[seat] += death - (self.old[seat] if revived[seat] else 0)
            if result.revivable[seat]:
                self.revive[seat], self.old[seat] = unit, death
            else:
                self.revive[seat], self.old[seat] = -1, 0
            voice = result.voice[seat]
            self.now[seat], self.new[seat] = self.new[seat] + voice, voice
        if result.winner != TIE:
            self.total[result.winner] += 3
        self.rounds_left -= 1

    def rollout(self, rng: random.Random, kinds: tuple[Kind, Kind] = ("unit", "unit")) -> int:
        """Play to the end of the bout, seat ``s`` by the policy ``kinds[s]``
        (``opponent.choose``: uniformly random units by default); the bout's winner (TIE: -1)."""
        while self.rounds_left > 0:
            left = self.rounds_left
            first = choose(self.playable(0), self.playable(1), kinds[0], rng, left)
            second = choose(self.playable(1), self.playable(0), kinds[1], rng, left)
            self.step(first, second)
        if self.total[0] == self.total[1]:
            return TIE
        return 0 if self.total[0] > self.total[1] else 1


# ---------------------------------------------------------------------- utilities


@cache
def _match_value(wins: int, losses: int, played: int, planned: int) -> float:
    """Expected match result for the seat with ``wins`` (WD13), later bouts even coin flips."""
    if played >= planned and wins != losses:
        return 1.0 if wins > losses else -1.0
    if played > planned:
        return 0.0
    return 0.5 * (
        _match_value(wins + 1, losses, played + 1, planned)
        + _match_value(wins, losses + 1, played + 1, planned)
    )


def bout_utilities(view: dict[str, Any], seat: int) -> tuple[float, float, float]:
    """What winning, tying and losing the current bout is worth to ``seat`` (in [-1, 1])."""
    wins, losses = view["bout_wins"][seat], view["bout_wins"][1 - seat]
    played, planned = len(view["bouts"]) + 1, int(view["bouts_planned"])
    scale = 1.0 + BOUT_WEIGHT
    return (
        (_match_value(wins + 1, losses, played, planned) + BOUT_WEIGHT) / scale,
        _match_value(wins, losses, played, planned) / scale,
        (_match_value(wins, losses + 1, played, planned) - BOUT_WEIGHT) / scale,
    )


# ---------------------------------------------------------------------- determinization


def _bout_start(game: Game, view: dict[str, Any]) -> WarriorsDeathState:
    """A state at the start of the view's bout: the finished bouts as totals only (bouts
    are independent, so their rounds do not matter to what comes)."""
    state = game.new(seed=0)
    assert isinstance(state, WarriorsDeathState)
    state.bout = int(view["bout"]) - 1
    state._bout_wins = [int(w) for w in view["bout_wins"]]
    state._finished = [
        Bout(
            (int(b["totals"][0]), int(b["totals"][1])),
            TIE if b["winner"] is None else int(b["winner"]),
            (),
        )
        for b in view["bouts"]
    ]
    return state


def _their_candidates(shown: str) -> list[Play]:
    """The true plays that show as ``shown`` to the other seat."""
    unit = UNITS.index(shown)
    plays = [Play(ASTROLOGIAN, p) for p in range(10)] if unit == ASTROLOGIAN else [Play(unit)]
    if unit != BLUE_MAGE:
        plays.append(Play(BLUE_MAGE, unit))
    return plays


def hypotheses(game: Game, view: dict[str, Any], seat: int) -> list[WarriorsDeathState]:
    """Every state of the current bout that gives ``seat`` exactly the view it has (one per
    history of the other seat's true plays; see the module docstring)."""
    other = 1 - seat
    frontier = [_bout_start(game, view)]
    for entry in view["rounds"]:
        mine = parse_play(entry["mine"])
        grown = []
        for state in frontier:
            for theirs in _their_candidates(entry["units"][other]):
                trial = state.clone()
                assert isinstance(trial, WarriorsDeathState)
                try:
                    trial.submit(seat, TEXT_OF[(mine.unit, mine.second)])
                    trial.submit(other, TEXT_OF[(theirs.unit, theirs.second)])
                except IllegalAction:
                    continue
                if trial._round_view(entry["round"], trial._rounds[-1], seat) == entry:
                    grown.append(trial)
        frontier = grown
    return [
        state
        for state in frontier
        if state.view(seat)["playable"] == view["playable"]
        and state.view(seat)["underworld"] == view["underworld"]
    ]


def determinize(handle: SeatHandle, rng: random.Random) -> WarriorsDeathState:
    """One state consistent with the seat's view, drawn uniformly from :func:`hypotheses`."""
    found = hypotheses(handle.game, handle.view(), handle.seat)
    if not found:
        raise ValueError("no history of the other seat gives this view")
    return rng.choice(found)


# ---------------------------------------------------------------------- the matrix game


def _moves(sim: BoutSim, seat: int) -> list[Move]:
    """Abstract plays of ``seat``: each playable unit once, the Astrologian once per unit the
    other seat may play and once for a prediction it cannot fulfil (if there is one)."""
    theirs = sim.playable(1 - seat)
    moves: list[Move] = []
    for unit in sim.playable(seat):
        if unit == ASTROLOGIAN:
            moves.extend((ASTROLOGIAN, p) for p in theirs)
            if len(theirs) < 10:
                moves.append((ASTROLOGIAN, WRONG))
        else:
            moves.append((unit, -1))
    return moves


def _concrete(move: Move, sim: BoutSim, seat: int) -> Move:
    """The play to submit: a WRONG prediction names a unit the other seat cannot play in
    ``sim`` (the state the rows were made from, so there is one). The simulator itself takes
    WRONG as it is: -2 matches no unit."""
    if move[0] == ASTROLOGIAN and move[1] == WRONG:
        theirs = set(sim.playable(1 - seat))
        return ASTROLOGIAN, next(u for u in range(10) if u not in theirs)
    return move


def _as_played(move: Move, against: int) -> Move:
    """``move`` as it acts against the unit ``against``: an Astrologian's prediction either
    hits that unit or is WRONG."""
    if move[0] == ASTROLOGIAN and move[1] != against:
        return ASTROLOGIAN, WRONG
    return move


def _abstract(play: Play, theirs: list[int]) -> Move:
    if play.unit == ASTROLOGIAN:
        return ASTROLOGIAN, play.second if play.second in theirs else WRONG
    return play.unit, -1


def _immediate(sim: BoutSim, seat: int, mine: Move, theirs: Move) -> float:
    """The round alone, for ``seat``: points and strengths in death, over 20, in [-1, 1]."""
    trial = sim.copy()
    before = trial.total[seat] - trial.total[1 - seat]
    pair = (mine, theirs) if seat == 0 else (theirs, mine)
    trial.step(pair[0], pair[1])
    gain = trial.total[seat] - trial.total[1 - seat] - before
    return max(-1.0, min(1.0, gain / 20.0))


class WarriorsDeathBot:
    """Plays each round by a matrix game over both seats' plays.

    ``rollouts`` True: entries from bout rollouts within ``budget``, the restricted Nash
    response to the opponent model trusted up to ``trust`` (``medium``, ``hard``); False: the
    round's immediate value in one determinized state, its equilibrium (``easy``).
    """

    thinks = True
    """Searches within a budget: the match server runs it off its event loop."""

    def __init__(
        self,
        name: str,
        game: Game,
        seat: int,
        seed: int,
        budget: Budget,
        rollouts: bool,
        trust: float = 0.9,
        memory: float = 1.0,
    ) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self.rollouts = rollouts
        self._rng = derive(seed, "warriors-death-bot", name, seat)
        self.last_strategy: dict[str, float] = {}
        self.model = MixtureModel(PRIOR, trust=trust, safe="equilibrium", memory=memory)
        """The other seat's policy, fitted from the units it showed (``rollouts`` levels)."""
        self.plan = ChoiceModel(FEATURES)
        """The fitted plan of the other seat (``opponent.unit_features``)."""
        self._rounds = int(game.options["rounds"])
        self._predictions: dict[tuple[int, int], Seen] = {}
        """Per (bout, round): the other seat's playable units, the bot's, the other seat's
        equilibrium strategy in the matrix game solved then, and the fitted plan's units."""
        self._scored: set[tuple[int, int]] = set()

    def _learn(self, view: dict[str, Any]) -> None:
        """Score the rounds shown since the last decision under each modelled policy."""
        seen = (
            [(len(view["bouts"]), entry) for entry in view["bouts"][-1]["rounds"]]
            if view["bouts"]
            else []
        )
        seen += [(int(view["bout"]), entry) for entry in view["rounds"]]
        for bout, entry in seen:
            key = (bout, int(entry["round"]))
            if key in self._scored or key not in self._predictions:
                continue
            self._scored.add(key)
            theirs, mine, column, fitted = self._predictions[key]
            shown = UNITS.index(entry["units"][1 - self.seat])
            likelihoods, shows = shown_likelihoods(shown, theirs, mine, column, fitted)
            self.model.observe(likelihoods, shows)
            # The plan's choice: the unit shown, or a Blue Mage if it cannot be (a bluff).
            chosen = shown if shown in theirs else BLUE_MAGE
            if chosen in theirs:
                gone = share(key[1], self._rounds)
                self.plan.observe(unit_features(theirs, gone), theirs.index(chosen))

    def _game(self, handle: SeatHandle) -> tuple[list[Move], list[Move], np.ndarray, list[BoutSim]]:
        """Abstract rows and columns, the estimated values (ours) and the sampled states."""
        me, other = self.seat, 1 - self.seat
        clock = self.budget.clock()  # the determinization counts against the time too
        view = handle.view()
        sims = self._samples(handle.game, view)
        rows = _moves(sims[0], me)
        cols = sorted({m for sim in sims for m in _moves(sim, other)})
        if not self.rollouts:
            values = np.array([[_immediate(sims[0], me, r, c) for c in cols] for r in rows])
            return rows, cols, values, sims
        win, tie, loss = bout_utilities(view, me)
        worth = {me: win, other: loss, TIE: tie}
        # Each column is sampled only in the states where the other seat may play it.
        where = [[k for k, sim in enumerate(sims) if c in _moves(sim, other)] for c in cols]
        total = np.zeros((len(rows), len(cols)))
        sweeps = 0
        while clock.left or sweeps == 0:
            self._sweep(sims, rows, cols, [w[sweeps % len(w)] for w in where], worth, total, clock)
            sweeps += 1
        return rows, cols, total / sweeps, sims

    def _samples(self, game: Game, view: dict[str, Any]) -> list[BoutSim]:
        """Bout states agreeing with the seat's view, drawn from the hypotheses."""
        found = hypotheses(game, view, self.seat)
        if not found:
            found = [_bout_start(game, view)]  # cannot happen with a true view
        states = [self._rng.choice(found) for _ in range(SAMPLES if self.rollouts else 1)]
        return [BoutSim(state) for state in states]

    def _sweep(
        self,
        sims: list[BoutSim],
        rows: list[Move],
        cols: list[Move],
        states: list[int],
        worth: dict[int, float],
        total: np.ndarray,
        clock: Clock,
    ) -> None:
        """One sweep, added to ``total``: every cell from the same states (``states[j]`` for
        column ``j``), with the same policy of the other seat (drawn from the model) and the
        same random numbers."""
        me = self.seat
        name = self.model.draw(self._rng)
        kind: Kind = FittedUnits(self.plan.weights, self._rounds) if name == "fitted" else name
        kinds: tuple[Kind, Kind] = ("unit", kind) if me == 0 else (kind, "unit")
        # Common random numbers: every rollout draws the same stream, one generator's state
        # restored for each (the draws of ``random.Random(seed)``, without seeding anew).
        chance = random.Random(self._rng.getrandbits(64))
        fresh = chance.getstate()
        done: dict[tuple[int, Move, Move], float] = {}
        for j, theirs in enumerate(cols):
            k = states[j]
            for i, mine in enumerate(rows):
                # An Astrologian's prediction matters only as hit or miss: cells that differ
                # only in which unit a missed prediction named are one rollout (a WRONG
                # prediction, -2, matches no unit).
                pair = (k, _as_played(mine, theirs[0]), _as_played(theirs, mine[0]))
                value = done.get(pair)
                if value is None:
                    sim = sims[k].copy()
                    if me == 0:
                        sim.step(pair[1], pair[2])
                    else:
                        sim.step(pair[2], pair[1])
                    chance.setstate(fresh)
                    value = done[pair] = worth[sim.rollout(chance, kinds)]
                    clock.spend()
                total[i, j] += value

    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]:
        """Every legal submission of both seats (rows ours) and the estimated values (ours):
        the abstract game expanded (all disguises one value, predictions by what they hit)."""
        rows, cols, values, sims = self._game(handle)
        mine_texts = handle.legal()
        theirs_units = sims[0].playable(self.seat)  # what the other seat's Astrologian may hit
        their_texts = [
            TEXT_OF[(u, p)]
            for u in sorted({c[0] for c in cols})
            for p in (range(10) if u == ASTROLOGIAN else range(10) if u == BLUE_MAGE else [-1])
            if (u, p) in TEXT_OF
        ]
        targets = sims[0].playable(1 - self.seat)
        row_of = [rows.index(_abstract(parse_play(t), targets)) for t in mine_texts]
        col_moves = [_abstract(parse_play(t), theirs_units) for t in their_texts]
        keep = [k for k, move in enumerate(col_moves) if move in cols]
        their_texts = [their_texts[k] for k in keep]
        col_of = [cols.index(col_moves[k]) for k in keep]
        return mine_texts, their_texts, values[np.ix_(row_of, col_of)]

    def act(self, handle: SeatHandle) -> str:
        view = handle.view()
        if self.rollouts:
            self._learn(view)
        rows, cols, values, sims = self._game(handle)
        column = equilibrium(-values.T)
        weights = equilibrium(values)
        if self.rollouts:
            theirs, mine = sims[0].playable(1 - self.seat), sims[0].playable(self.seat)
            key = (int(view["bout"]), int(view["round"]))
            chances = self.plan.probabilities(unit_features(theirs, share(key[1], self._rounds)))
            fitted = dict(zip(theirs, chances.tolist(), strict=True))
            strategy = dict(zip(cols, column.tolist(), strict=True))
            self._predictions[key] = (theirs, mine, strategy, fitted)
            predicted = self.model.predict(column_predictions(cols, theirs, mine, column, fitted))
            weights, _, _ = restricted_response(values, predicted, self.model.confidence())
        move = self._rng.choices(rows, weights=weights.tolist())[0]
        self.last_strategy = {
            _label(r): float(w) for r, w in zip(rows, weights, strict=True) if w > 1e-9
        }
        return self._text(move, sims[0])

    def _text(self, move: Move, sim: BoutSim) -> str:
        unit, second = _concrete(move, sim, self.seat)
        if unit == BLUE_MAGE:
            # A believable disguise: a unit still held (else a Chocobo, which is never gone).
            held = [u for u in sim.playable(self.seat) if u != BLUE_MAGE] or [CHOCOBO]
            second = self._rng.choice(held)
        return TEXT_OF[(unit, second)]


def _label(move: Move) -> str:
    unit, second = move
    if unit == ASTROLOGIAN:
        return "Astrologian predicting " + ("another" if second == WRONG else UNITS[second])
    if unit == BLUE_MAGE:
        return "Blue Mage"
    return UNITS[unit]


MEMORY = 0.85
"""How much of its evidence the opponent model keeps from one round to the next
(``MixtureModel.memory``): the fitted plan predicts badly while it learns, and must be able to
win its weight back."""


def make_level(name: str, scale: float, rollouts: bool, trust: float = 0.9) -> Any:
    def factory(game: Game, seat: int, seed: int) -> Bot:
        budget = default().scaled(scale)
        return WarriorsDeathBot(name, game, seat, seed, budget, rollouts, trust, MEMORY)

    return factory


register_bot("easy", make_level("easy", 1.0, False), game="warriors_death")
MEDIUM_SCALE = 0.2
"""``medium``'s share of ``hard``'s budget: a fifth (120 rollouts at ``--bot-nodes 600``; a
tenth, 60, lost to ``easy`` 93-107 over 200 matches)."""

register_bot("medium", make_level("medium", MEDIUM_SCALE, True), game="warriors_death")
register_bot("hard", make_level("hard", 1.0, True), game="warriors_death")
