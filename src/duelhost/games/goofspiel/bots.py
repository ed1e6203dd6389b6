"""Goofspiel's bots: ``easy`` bids the prize, ``medium`` and ``hard`` play matrix games.

* ``easy`` (also ``prize``): sends the remaining fleet closest in size to the planet's worth
  (the smaller one on a tie): the "bid the prize" strategy.
* ``medium`` in classic Goofspiel (``galaxies=1``): the matrix-rollout equilibrium bot
  (``duelhost.bots.equilibrium``) over this round's fleets, from states determinized by
  :func:`determinize`, with a tenth of the budget.
* ``hard`` with several galaxies: the restricted Nash response to a fitted model of the other
  seat over the round's matrix game, valued by rollouts to the galaxy's end
  (``duelhost.games.goofspiel.response``).
* ``medium`` with several galaxies: the same response with a tenth of the budget and a model
  of rules of thumb only ("bid the prize" or random fleets, never the equilibrium), so it
  exploits weak play but is itself exploitable.
* ``hard`` in classic Goofspiel (``galaxies=1``) plays the exact equilibrium from the solver's
  table (``duelhost solve goofspiel --planets N``; tables up to 6 cards are solved on first
  use), falling back to the matrix bot when no table is at hand or a timeout has made the
  hands unequal (GO3).

Everything is read from the seat's view: fleets, worths and bids are public once played.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import duelhost
from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.budget import default
from duelhost.bots.equilibrium import MatrixRolloutBot
from duelhost.bots.registry import register_bot
from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.core.state import State
from duelhost.games.goofspiel.deal import planet_letters
from duelhost.games.goofspiel.state import GoofspielState


class RoundMemory:
    """The rounds of the match seen so far: the view's ``rounds`` (with ``show_history``) or
    every ``last_round`` the seat was shown (without it, G4)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[int, int, int], dict[str, Any]] = {}

    def rounds(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """The rounds of the current playing, in order."""
        for entry in view.get("rounds") or ([view["last_round"]] if view.get("last_round") else []):
            self._seen[entry["replay"], entry["bout"], entry["round"]] = entry
        playing = view["replay"]
        return [self._seen[key] for key in sorted(self._seen) if key[0] == playing]


def _remaining(fleets: dict[str, int]) -> list[int]:
    return [int(size) for size, count in fleets.items() for _ in range(count)]


def _their_fleets(
    view: dict[str, Any], seat: int, rounds: list[dict[str, Any]], galaxies: int, planets: int
) -> list[int]:
    """The other seat's remaining fleets: from the view, or (``show_history=false`` hides
    them, G4) from the rounds this bot saw: every fleet it sent is gone, and a timeout (a 0
    fleet) destroyed one of its largest (GO3)."""
    if str(seat) in view["fleets"]:
        return _remaining(view["fleets"][str(seat)])
    counts = dict.fromkeys(range(1, planets + 1), galaxies)
    for entry in rounds:
        size = int(entry["fleets"][seat])
        if size == 0:
            size = max((s for s, c in counts.items() if c), default=0)
        if size and counts[size]:
            counts[size] -= 1
    return [size for size, count in counts.items() for _ in range(count)]


def _known_worths(rounds: list[dict[str, Any]], view: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The worths the seat has seen, by galaxy and planet: past rounds' and the current one."""
    known: dict[str, dict[str, int]] = {}
    for entry in [*rounds, {"planet": view.get("planet"), "worth": view.get("worth")}]:
        if entry["planet"] is not None:
            galaxy, planet = entry["planet"].split("-")
            known.setdefault(galaxy, {})[planet] = entry["worth"]
    return known


def _deal(
    view: dict[str, Any],
    known: dict[str, dict[str, int]],
    galaxies: int,
    planets: int,
    rng: random.Random,
) -> tuple[dict[str, int], dict[str, str], dict[str, dict[str, int]]]:
    """Galaxy values, planet orders and worths agreeing with the view, the rest drawn."""
    labels = planet_letters(planets)
    values = dict(view["values"])
    free_values = [v for v in range(1, galaxies + 1) if v not in values.values()]
    rng.shuffle(free_values)
    orders = dict(view["planet_orders"])
    worths: dict[str, dict[str, int]] = {}
    for letter in view["order"]:
        if letter not in values:
            values[letter] = free_values.pop()
        if letter not in orders:
            order = list(labels)
            rng.shuffle(order)
            orders[letter] = "".join(order)
        fixed = known.get(letter, {})
        free = [w for w in range(1, planets + 1) if w not in fixed.values()]
        rng.shuffle(free)
        worths[letter] = {p: fixed[p] if p in fixed else free.pop() for p in labels}
    return values, orders, worths


def determinize(handle: SeatHandle, rng: random.Random, memory: RoundMemory | None = None) -> State:
    """A Goofspiel state agreeing with the seat's view; the unrevealed deal drawn from ``rng``.

    The galaxy order, the revealed values, planet orders and worths are fixed (GO1); the rest
    of the deal is a random permutation of what is left; the current playing's rounds are
    replayed (a fleet of 0 is a timeout, GO3). ConfigError if the view's rounds are incomplete.
    """
    view = handle.view()
    options = handle.game.options
    galaxies, planets = int(options["galaxies"]), int(options["planets"])
    rounds = (memory or RoundMemory()).rounds(view)
    values, orders, worths = _deal(view, _known_worths(rounds, view), galaxies, planets, rng)
    game = duelhost.load(
        "goofspiel",
        galaxies=galaxies,
        planets=planets,
        max_replays=int(options["max_replays"]) - int(view["replay"]),
        show_history=bool(options["show_history"]),
        galaxy_order="".join(view["order"]),
        values=values,
        planet_orders=orders,
        worths=worths,
    )
    state = game.new(seed=rng.getrandbits(48))
    for entry in rounds:
        for seat, size in enumerate(entry["fleets"]):
            if size == 0:
                state.timeout(seat)
            else:
                state.submit(seat, str(size))
    mine = str(handle.seat)
    if state.view(handle.seat)["fleets"][mine] != view["fleets"][mine]:
        raise ConfigError("the rounds seen do not lead to the fleets shown")
    return state


class PrizeBot:
    """Sends the remaining fleet closest to the worth of the planet ("bid the prize")."""

    def __init__(self, game: Game, seat: int, seed: int, name: str = "prize") -> None:
        self.name = name
        self.seat = seat

    def act(self, handle: SeatHandle) -> str:
        view = handle.view()
        sizes = [int(text) for text in handle.legal()]
        worth = int(view["worth"])
        return str(min(sizes, key=lambda size: (abs(size - worth), size)))


PRIZE_SHARE = 0.5
"""Share of rollout moves that bid the prize (the rest are random fleets)."""


def prize_policy(state: State, seat: int, rng: random.Random) -> str:
    """The rollout policy: with probability ``PRIZE_SHARE`` the fleet closest to the planet's
    worth ("bid the prize"), else a random remaining fleet. Rollouts where both seats play
    like players rather than at random value fleets better: a fleet spent now is one a
    sensible opponent would have matched later."""
    if rng.random() >= PRIZE_SHARE:
        return state.sample(seat, rng)
    assert isinstance(state, GoofspielState)
    worth = state.current_worth()
    return str(min((int(t) for t in state.legal(seat)), key=lambda s: (abs(s - worth), s)))


class GoofspielMatrixBot(MatrixRolloutBot):
    """The matrix-rollout equilibrium bot with Goofspiel's determinization and round memory
    and the prize-bidding rollout policy; falls back to a random fleet when the rounds seen
    are incomplete."""

    def __init__(self, name: str, game: Game, seat: int, seed: int, scale: float) -> None:
        self.memory = RoundMemory()
        super().__init__(
            name,
            game,
            seat,
            seed,
            lambda handle, rng: determinize(handle, rng, self.memory),
            default().scaled(scale),
            prize_policy,
        )

    def act(self, handle: SeatHandle) -> str:
        try:
            return super().act(handle)
        except ConfigError:
            return handle.sample(self._rng)


class ClassicEquilibriumBot:
    """Classic Goofspiel: plays the exact equilibrium from the solver's table."""

    name = "hard"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.planets = int(game.options["planets"])
        self._rng = derive(seed, "classic-equilibrium", seat)
        self._fallback = GoofspielMatrixBot("hard", game, seat, seed, 1.0)
        self.last_strategy: dict[str, float] = {}
        self.thinks = self.planets > 6
        """Up to 6 cards the table is solved in about a second once and then read: the server
        calls the bot in its event; larger tables are loaded from disk (or missing: the
        rollout fallback thinks its whole budget), so the server runs it in a thread."""

    def position(self, view: dict[str, Any]) -> tuple[int, list[int], list[int], list[int], int]:
        """(prize showing, prizes to come, my hand, their hand, my lead) from the view."""
        me = str(self.seat)
        rounds = self._fallback.memory.rounds(view)
        prize = int(view["worth"])
        played = {int(entry["worth"]) for entry in rounds}
        rest = [w for w in range(1, self.planets + 1) if w not in played and w != prize]
        points = view["points"]
        return (
            prize,
            rest,
            _remaining(view["fleets"][me]),
            _their_fleets(view, 1 - self.seat, rounds, 1, self.planets),
            int(points[self.seat]) - int(points[1 - self.seat]),
        )

    def matrix(self, handle: SeatHandle) -> tuple[list[str], list[str], np.ndarray]:
        """The exact matrix game of this round from the table (rows: our fleets, columns:
        theirs, ascending), or the rollout estimate when the table cannot value it."""
        from duelhost.games.goofspiel.solver import table_for

        prize, rest, mine, theirs, lead = self.position(handle.view())
        table = table_for(self.planets)
        if table is not None and len(mine) == len(theirs) == len(rest) + 1:
            try:
                prizes, games = table.games([prize, *rest], mine, theirs, lead)
            except ConfigError:
                pass  # a decided position: its subgames are not stored
            else:
                rows, cols = [str(c) for c in sorted(mine)], [str(c) for c in sorted(theirs)]
                return rows, cols, games[prizes.index(prize)]
        return self._fallback.matrix(handle)

    def act(self, handle: SeatHandle) -> str:
        from duelhost.games.goofspiel.solver import table_for

        view = handle.view()
        prize, rest, mine, theirs, lead = self.position(view)
        table = table_for(self.planets)
        if table is None or not len(mine) == len(theirs) == len(rest) + 1:
            move = self._fallback.act(handle)
            self.last_strategy = self._fallback.last_strategy
            return move
        _, strategy, _ = table.strategies(prize, rest, mine, theirs, lead)
        cards = sorted(strategy)
        self.last_strategy = {str(card): strategy[card] for card in cards}
        return str(self._rng.choices(cards, weights=[strategy[c] for c in cards])[0])


def make_response(
    name: str,
    game: Game,
    seat: int,
    seed: int,
    scale: float,
    prior: dict[str, float] | None = None,
    safe: str | None = "equilibrium",
    model_memory: float = 1.0,
) -> Bot:
    """The restricted-Nash-response bot of the games with several galaxies, ``scale`` times
    the budget; ``prior`` and ``safe`` its opponent model's (None: ``hard``'s three policies)."""
    from duelhost.games.goofspiel.response import GalaxyResponseBot

    memory = RoundMemory()
    galaxies, planets = int(game.options["galaxies"]), int(game.options["planets"])
    return GalaxyResponseBot(
        name,
        seat,
        seed,
        default().scaled(scale),
        memory.rounds,
        lambda view, rounds: _their_fleets(view, 1 - seat, rounds, galaxies, planets),
        prior=prior,
        safe=safe,
        model_memory=model_memory,
    )


def make_hard(game: Game, seat: int, seed: int) -> Bot:
    if int(game.options["galaxies"]) == 1:
        return ClassicEquilibriumBot(game, seat, seed)
    from duelhost.games.goofspiel.response import MEMORY

    return make_response("hard", game, seat, seed, 1.0, model_memory=MEMORY)


MEDIUM_SCALE = 0.1
"""``medium``'s share of the budget (at least one sweep of the matrix is always made)."""


def make_medium(game: Game, seat: int, seed: int) -> Bot:
    if int(game.options["galaxies"]) == 1:
        return GoofspielMatrixBot("medium", game, seat, seed, MEDIUM_SCALE)
    from duelhost.games.goofspiel.response import RULES_OF_THUMB

    return make_response("medium", game, seat, seed, MEDIUM_SCALE, RULES_OF_THUMB, None)


register_bot("prize", PrizeBot, game="goofspiel")
register_bot("easy", lambda game, seat, seed: PrizeBot(game, seat, seed, "easy"), game="goofspiel")
register_bot("medium", make_medium, game="goofspiel")
register_bot("hard", make_hard, game="goofspiel")
