"""Goofspiel's ``medium`` and ``hard`` with several galaxies: a restricted Nash response per round.

Each round is still a matrix game over both seats' remaining fleet sizes (rows the bot's,
columns the other seat's), but the bot plays against what it has learnt of the other seat:

* **Values.** Entry ``(a, b)`` is the mean of rollouts that send ``a`` and ``b`` now, play the
  rest of *this galaxy* only (:class:`duelhost.games.goofspiel.galaxy.Galaxy`: the worths to
  come in a random order, the bot with the ``mixed`` policy, the other seat with a policy of
  the opponent model drawn by its posterior weight), and value the galaxy's end with the match
  forecast (``duelhost.games.goofspiel.forecast``: the strategic lead, the values to come and
  both seats' remaining fleets). Short rollouts are cheap and the forecast weighs a fleet spent
  now against the galaxies to come, so the galaxy's strategic value decides how much to spend.
  *Common random numbers*: within a sweep every cell uses the same order of worths, the same
  policy of the other seat and the same random seed.
* **Opponent model** (``duelhost.bots.opponent_model.MixtureModel``): "bid the prize",
  uniformly random sizes, the equilibrium, the fitted plan (``plan_model``) and the matched
  model (``matching``: the fleets the other seat still holds, assigned to the planets to come
  in the order of their stakes), equal a priori; after each round the bot
  scores the other seat's fleet under each (the equilibrium's prediction is the column
  strategy of the matrix game it solved for that round).
* **Decision**: the restricted Nash response (``restricted_response``): the strategy
  maximising ``p * value against the model + (1 - p) * worst case`` over the matrix, ``p`` the
  model's confidence (0 at the first round, rising to 0.9). Against an equilibrium player the
  model predicts the equilibrium and the response stays safe; against ``random`` or ``easy``
  it exploits them.
* **Levels.** ``hard`` spends the whole budget with the three policies above. ``medium``
  spends a tenth (one sweep of the matrix at ``--bot-nodes 400``) and models the other seat by
  rules of thumb only (``RULES_OF_THUMB``: "bid the prize" or random fleets, no equilibrium,
  so no policy keeps its response safe): it exploits ``easy`` and ``random`` as ``hard`` does,
  but against a player who mixes it trusts a wrong model up to 0.9 and ``hard`` beats it.

Everything comes from the seat's view (and the rounds it was shown): the bot never holds the
match state.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import numpy as np

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget
from duelhost.bots.choice_model import ChoiceModel
from duelhost.bots.equilibrium import equilibrium
from duelhost.bots.opponent_model import MixtureModel
from duelhost.core.matrix_games import restricted_response
from duelhost.core.rng import derive
from duelhost.games.goofspiel.galaxy import POLICIES, Galaxy, Policy, closest, galaxy_from_view
from duelhost.games.goofspiel.matching import MatchedPolicy, assign, probabilities
from duelhost.games.goofspiel.plan_model import FittedPolicy, features, width

PRIOR = {"prize": 1.0, "random": 1.0, "equilibrium": 1.0, "fitted": 1.0, "matched": 1.0}
"""Prior weights of the other seat's policies (``hard``): ``fitted`` is the plan learnt from
its fleets in this match (``plan_model``)."""
MEMORY = 0.85
"""``hard``'s model forgets old evidence (``MixtureModel.memory``): the fitted plan predicts
badly in a galaxy of a value it has not seen yet, and must win its weight back after."""
RULES_OF_THUMB = {"prize": 1.0, "random": 1.0}
"""``medium``'s model: the other seat is taken to bid the prize or send random fleets, never to
play the equilibrium, so nothing keeps its response safe against a player who mixes."""
ROLLOUT_POLICY = {"prize": "prize", "random": "random", "equilibrium": "mixed"}
"""The rollout policy standing for each modelled policy (an equilibrium player's later
rounds are played by the ``mixed`` policy; the fitted plan plays itself)."""


class Prediction(NamedTuple):
    """What the bot predicted for the other seat in one round, scored once the round is seen."""

    worth: int
    sizes: list[int]
    """The other seat's remaining fleet sizes."""
    column: dict[int, float]
    """The equilibrium's column strategy."""
    features: np.ndarray
    """The fitted plan's features of each size (``plan_model.features``)."""
    fitted: np.ndarray
    """The fitted plan's probability of each size, before the round was seen."""
    matched: np.ndarray
    """The matched model's probability of each size (``matching``)."""


Key = tuple[int, int, int]


class GalaxyResponseBot:
    """Restricted Nash response over the round's matrix game, galaxy-rollout valued."""

    thinks = True
    """Searches within a budget: the match server runs it off its event loop."""

    def __init__(
        self,
        name: str,
        seat: int,
        seed: int,
        budget: Budget,
        rounds: Any,
        their_fleets: Any,
        trust: float = 0.9,
        prior: dict[str, float] | None = None,
        safe: str | None = "equilibrium",
        model_memory: float = 1.0,
    ) -> None:
        self.name = name
        self.seat = seat
        self.budget = budget
        self._rounds = rounds
        """``rounds(view) -> the current playing's rounds``: the seat's round memory."""
        self._their_fleets = their_fleets
        """``their_fleets(view, rounds) -> the other seat's remaining sizes``."""
        self._rng = derive(seed, "galaxy-response", name, seat)
        self.model = MixtureModel(
            PRIOR if prior is None else prior, trust=trust, safe=safe, memory=model_memory
        )
        """The other seat's policies (``PRIOR``, or ``prior``); ``safe`` the one that leaves
        nothing to exploit (None: every policy is exploited)."""
        self._predictions: dict[Key, Prediction] = {}
        self.plan: ChoiceModel | None = None
        """The fitted plan of the other seat (made at the first decision: its features
        depend on the number of planets)."""
        self._context = (0, 0, 7, 7)
        """(galaxy value, round, planets, galaxies) of the current decision, for the fitted
        rollouts."""
        self._scored: set[Key] = set()
        self.last_strategy: dict[str, float] = {}
        self._guesses: dict[int, int] = {}
        """The matched model's fleet for each worth still to come in the current galaxy."""
        self._matched = np.zeros(0)

    # ------------------------------------------------------------------ the model

    def _learn(self, rounds: list[dict[str, Any]]) -> None:
        """Score every round not yet scored against the policies' predictions for it."""
        for entry in rounds:
            key = (int(entry["replay"]), int(entry["bout"]), int(entry["round"]))
            if key in self._scored or key not in self._predictions:
                continue
            self._scored.add(key)
            fleet = int(entry["fleets"][1 - self.seat])
            seen = self._predictions[key]
            sizes = seen.sizes
            if fleet == 0 or fleet not in sizes:
                continue  # a timeout says nothing about the policy
            likelihoods = {
                "prize": 1.0 if fleet == closest(sizes, seen.worth) else 0.0,
                "random": 1.0 / len(sizes),
                "equilibrium": seen.column.get(fleet, 0.0),
                "fitted": float(seen.fitted[sizes.index(fleet)]),
                "matched": float(seen.matched[sizes.index(fleet)]) if len(seen.matched) else 0.0,
            }
            self.model.observe({name: likelihoods[name] for name in self.model.names}, len(sizes))
            if self.plan is not None:
                self.plan.observe(seen.features, sizes.index(fleet))

    def _model_strategy(self, galaxy: Galaxy, column: np.ndarray, fitted: np.ndarray) -> np.ndarray:
        """The model's prediction of the other seat's fleet now (over its sizes)."""
        sizes = galaxy.sizes(1)
        prize = np.zeros(len(sizes))
        prize[sizes.index(closest(sizes, galaxy.worth))] = 1.0
        predictions = {
            "prize": prize,
            "random": np.full(len(sizes), 1.0 / len(sizes)),
            "equilibrium": column,
            "fitted": fitted,
            "matched": self._matched,
        }
        return self.model.predict({name: predictions[name] for name in self.model.names})

    def _fitted(self, view: dict[str, Any], galaxy: Galaxy) -> tuple[np.ndarray, np.ndarray]:
        """The fitted plan's features of the other seat's sizes now and its probabilities."""
        planets, galaxies = len(view["fleets"][str(self.seat)]), len(view["order"])
        if self.plan is None:
            self.plan = ChoiceModel(width(planets, galaxies))
        last = view.get("last_round")
        mine = int(last["fleets"][self.seat]) if last else 0
        self._context = (galaxy.value, int(view["round"]), planets, galaxies)
        round_ = int(view["round"])
        rows = features(
            galaxy.sizes(1), galaxy.worth, galaxy.value, mine, round_, planets, galaxies
        )
        if "matched" in self.model.names:
            self._match(galaxy, planets)
        return rows, self.plan.probabilities(rows)

    def _match(self, galaxy: Galaxy, planets: int) -> None:
        """The matched model's guesses for the current galaxy (``matching``)."""
        to_come = [(galaxy.value, w) for w in [galaxy.worth, *galaxy.to_come]]
        to_come += [(v, w) for v in galaxy.later for w in range(1, planets + 1)]
        fleets = [size for size, n in enumerate(galaxy.counts[1]) for _ in range(n)]
        assigned = assign(to_come, fleets)
        self._guesses = {
            w: assigned[v, w] for v, w in to_come[: 1 + len(galaxy.to_come)] if (v, w) in assigned
        }
        guess = self._guesses.get(galaxy.worth, galaxy.worth)
        self._matched = probabilities(galaxy.sizes(1), guess)

    def _rollout_policy(self, name: str) -> Policy:
        """The other seat's rollout policy standing for the modelled policy ``name``."""
        if name == "matched":
            return MatchedPolicy(self._guesses)
        if name == "fitted" and self.plan is not None:
            value, round_, planets, galaxies = self._context
            return FittedPolicy(self.plan.weights, value, round_, planets, galaxies)
        return POLICIES[ROLLOUT_POLICY.get(name, "mixed")]

    # ------------------------------------------------------------------ the matrix game

    def galaxy(self, handle: SeatHandle) -> tuple[Galaxy, Key, np.ndarray, np.ndarray]:
        """The galaxy from the view, the round's key, and the fitted plan's features and
        probabilities of the other seat's sizes (after learning from the rounds seen)."""
        view = handle.view()
        rounds = self._rounds(view)
        self._learn(rounds)
        theirs = self._their_fleets(view, rounds)
        key = (int(view["replay"]), int(view["bout"]), int(view["round"]))
        galaxy = galaxy_from_view(view, self.seat, rounds, theirs)
        return galaxy, key, *self._fitted(view, galaxy)

    def values(self, galaxy: Galaxy) -> np.ndarray:
        """The matrix of rollout values (rows: the bot's sizes, columns: the other seat's)."""
        rows, cols = galaxy.sizes(0), galaxy.sizes(1)
        clock = self.budget.clock()
        total = np.zeros((len(rows), len(cols)))
        sweeps = 0
        ours = POLICIES["mixed"]
        while clock.left or sweeps == 0:
            order = galaxy.to_come.copy()
            self._rng.shuffle(order)
            other = self._rollout_policy(self.model.draw(self._rng))
            # Common random numbers: every cell draws the same stream, one generator's state
            # restored for each (the draws of ``random.Random(seed)``, without seeding anew).
            chance = random.Random(self._rng.getrandbits(64))
            fresh = chance.getstate()
            for i, a in enumerate(rows):
                for j, b in enumerate(cols):
                    chance.setstate(fresh)
                    total[i, j] += galaxy.rollout(a, b, order, chance, (ours, other))
            clock.spend(len(rows) * len(cols))
            sweeps += 1
        return total / sweeps

    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]:
        """Rows (ours), columns (theirs) and the estimated values (ours), for the analysis."""
        galaxy = self.galaxy(handle)[0]
        values = self.values(galaxy)
        return [str(s) for s in galaxy.sizes(0)], [str(s) for s in galaxy.sizes(1)], values

    def act(self, handle: SeatHandle) -> str:
        galaxy, key, rows_of_plan, fitted = self.galaxy(handle)
        rows, cols = galaxy.sizes(0), galaxy.sizes(1)
        if len(rows) == 1:
            uniform = {c: 1.0 / len(cols) for c in cols}
            self._predictions[key] = Prediction(
                galaxy.worth, cols, uniform, rows_of_plan, fitted, self._matched
            )
            self.last_strategy = {str(rows[0]): 1.0}
            return str(rows[0])
        values = self.values(galaxy)
        column = equilibrium(-values.T)
        strategy = dict(zip(cols, column.tolist(), strict=True))
        self._predictions[key] = Prediction(
            galaxy.worth, cols, strategy, rows_of_plan, fitted, self._matched
        )
        model = self._model_strategy(galaxy, column, fitted)
        x, _, _ = restricted_response(values, model, self.model.confidence())
        self.last_strategy = {str(r): float(w) for r, w in zip(rows, x, strict=True) if w > 1e-9}
        return str(self._rng.choices(rows, weights=x.tolist())[0])
