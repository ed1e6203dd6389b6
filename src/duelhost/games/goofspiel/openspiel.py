"""What ``duelhost.openspiel`` needs to know about Goofspiel beyond its spec.

**Chance.** Galaxy and planet letters are names only, so the OpenSpiel game fixes the galaxy
order (A, B, ...) and each galaxy's planet order (letter order); a chance node draws the
strategic value of each galaxy when its bout starts (among the values left) and the worth of
each planet when its round starts (among the galaxy's worths left), exactly when GO1 reveals
them. The engine state is rebuilt with the fixed-deal options (GO5): the chosen values and
worths, the ones not yet drawn filled in ascending order (no view shows them before their
reveal) and the submissions replayed. Replays after a tie (GO4) draw their deal from the seed
as the engine does (parameter ``seed``); use ``max_replays=0`` for tie-as-draw.

**OpenSpiel's parameters** (as its own ``goofspiel`` has them): ``points_order`` (random, the
default: chance nodes as above; descending or ascending: no chance nodes, the worths and
values dealt in that order), ``returns_type`` (win_loss, the default: +1 / -1 / 0;
point_difference: seat 0's score minus seat 1's, zero-sum; total_points: each seat's score,
general-sum; the scores are ``result["scores"]``, prize totals in classic Goofspiel) and,
with ``infostate="openspiel"`` (classic Goofspiel only: one galaxy, ``max_replays=0``),
information-state strings are OpenSpiel's own text, so the partition and the policy tables'
keys are OpenSpiel's: the point cards so far, both hands, the win sequence and the points
(``imp_info=False``), or the seat's own hand and bids, the point cards, the win sequence and
the points (``imp_info=True``). The default ``infostate="view"`` is the seat's whole view
(every round's bids): a finer partition, since OpenSpiel's form forgets in which order equal
results came (3,652 against 3,028 information sets per player for 4 cards; docs/research.md).

**Information-state tensor** (``information_state_tensor``; the seat's whole history, own
side first): one slot per round of every playing (``(max_replays + 1) * galaxies * planets``
slots of ``galaxies + 3 * planets + 7`` floats, in play order; rounds not reached are zero):
the strategic value of the round's galaxy (one-hot over 1..galaxies, revealed when its bout
starts), the planet's worth (one-hot over 1..planets, revealed when its round starts), the
fleet each seat sent (one-hot over 0..planets, own then the opponent's; 0 is a timeout's; the
opponent's is all zero with ``imp_info``, whose players see only who won), who won it (own,
opponent's, nobody) and whether each seat's largest fleet was destroyed by a timeout (own,
opponent's); the round in play has its value and worth only. One float more: the match is
over. Every round's result is shown to both seats when it is resolved (the view's
``last_round``), so the tensor holds what the seat has seen, whatever ``show_history`` leaves
in the current view (perfect recall, as OpenSpiel defines information states).

**Length.** Every round is one simultaneous node and every draw one chance node:
``(2 * rounds + galaxies)`` nodes per playing, ``max_replays + 1`` playings at most.
"""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.errors import ConfigError
from duelhost.core.state import State
from duelhost.games.goofspiel.deal import Deal, draw_deal
from duelhost.games.goofspiel.logged import NOBODY

NODE_CACHE = True
"""CFR and best responses walk Goofspiel's small trees again and again, and its states are
small: ``duelhost.openspiel`` keeps every node reached (issue 27's speed goal)."""

PARAMETERS: dict[str, Any] = {
    "points_order": "random",
    "returns_type": "win_loss",
    "imp_info": False,
    "infostate": "view",
}
_CHOICES = {
    "points_order": ("random", "descending", "ascending"),
    "returns_type": ("win_loss", "point_difference", "total_points"),
    "infostate": ("view", "openspiel"),
}


def _check(options: dict[str, Any], params: dict[str, Any]) -> None:
    for name, allowed in _CHOICES.items():
        if params[name] not in allowed:
            raise ConfigError(f"{name} must be one of {', '.join(allowed)}, got {params[name]!r}")
    classic = options["galaxies"] == 1 and options["max_replays"] == 0
    if params["infostate"] == "openspiel" and not classic:
        raise ConfigError(
            'infostate="openspiel" is for classic Goofspiel (galaxies=1, max_replays=0)'
        )
    if params["imp_info"] and params["infostate"] != "openspiel":
        raise ConfigError(
            'imp_info is a form of OpenSpiel\'s information state: give infostate="openspiel" '
            "too (views without the bids: show_history=false)"
        )


def utility(options: dict[str, Any], params: dict[str, Any]) -> tuple[str, float, float]:
    """Win/loss: -1 to 1; point difference: plus or minus every prize; total points."""
    _check(options, params)
    total = float(_prize_total(options))
    if params["returns_type"] == "point_difference":
        return ("zero_sum", -total, total)
    if params["returns_type"] == "total_points":
        return ("general_sum", 0.0, total)
    return ("zero_sum", -1.0, 1.0)


def _prize_total(options: dict[str, Any]) -> int:
    """Most a seat can score: every worth (one galaxy) or every strategic value."""
    count = int(options["planets"]) if options["galaxies"] == 1 else int(options["galaxies"])
    return count * (count + 1) // 2


def returns(state: State, params: dict[str, Any]) -> list[float]:
    """The returns of a finished match for ``returns_type``."""
    scores = [float(score) for score in state.result["scores"]]
    if params["returns_type"] == "point_difference":
        return [scores[0] - scores[1], scores[1] - scores[0]]
    if params["returns_type"] == "total_points":
        return scores
    winner = state.winner
    return [0.0, 0.0] if winner is None else [1.0 if s == winner else -1.0 for s in (0, 1)]


def information_state(view: dict[str, Any], seat: int, params: dict[str, Any]) -> str | None:
    """OpenSpiel's own text with ``infostate="openspiel"`` (so policy tables share keys);
    None (the view) otherwise."""
    if params["infostate"] != "openspiel":
        return None
    rounds = view["rounds"]
    cards = [entry["worth"] for entry in rounds]
    if view["worth"] is not None and not view["is_over"]:
        cards.append(view["worth"])
    wins = [-3 if entry["winner"] is None else entry["winner"] for entry in rounds]  # -3: tie

    def line(label: str, items: list[int]) -> str:
        return f"{label}: {''.join(f'{item} ' for item in items)}\n"

    def hand(player: int) -> str:
        fleets = view["fleets"][str(player)]
        return line(f"P{player} hand", sorted(int(size) for size, left in fleets.items() if left))

    cards_line = line("Point card sequence", cards)
    tail = line("Win sequence", wins) + line("Points", list(view["points"]))
    if params["imp_info"]:
        bids = [entry["fleets"][seat] - 1 for entry in rounds]  # action indices
        own = hand(seat) + line(f"P{seat} action sequence", bids)
        return own + cards_line + tail + f"Terminal?: {int(view['is_over'])}\n"
    return cards_line + hand(0) + hand(1) + tail


def information_state_tensor_size(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Round slots of every playing, and the match-over flag."""
    galaxies, planets = int(options["galaxies"]), int(options["planets"])
    slots = (int(options["max_replays"]) + 1) * galaxies * planets
    return slots * (galaxies + 3 * planets + 7) + 1


def information_state_tensor(
    state: State, seat: int, params: dict[str, Any], dealt: bool = True
) -> list[float]:
    """The seat's history, round by round (module docstring): read from the resolved rounds,
    which both seats are shown as each is resolved, and the round in play's public prize
    (once ``dealt``: at a chance node the value or worth it draws is not revealed yet)."""
    galaxies, planets = state._galaxies, state._planets  # type: ignore[attr-defined]
    width = galaxies + 3 * planets + 7
    rounds = galaxies * planets
    out = [0.0] * information_state_tensor_size(state.game.options, params)
    hidden = bool(params.get("imp_info", False))
    deals: dict[int, Deal] = {state._playing: state._deal}  # type: ignore[attr-defined]

    def value_of(playing: int, galaxy: int) -> int:
        deal = deals.get(playing)
        if deal is None:  # an earlier playing (a replay after a tie), all of it seen
            fixed = state.game.options if playing == 0 else None
            deal = deals[playing] = draw_deal(state.seed, playing, galaxies, planets, fixed)
        return deal.values[galaxy]

    for entry in state._rounds:  # type: ignore[attr-defined]
        playing, bout, number, galaxy, _, worth, f0, f1, winner, d0, d1 = entry
        base = (playing * rounds + bout * planets + number) * width
        out[base + value_of(playing, galaxy) - 1] = 1.0
        out[base + galaxies + worth - 1] = 1.0
        sent = (f0, f1) if seat == 0 else (f1, f0)
        at = base + galaxies + planets
        out[at + sent[0]] = 1.0
        if not hidden:
            out[at + planets + 1 + sent[1]] = 1.0
        at += 2 * planets + 2
        out[at + (2 if winner == NOBODY else int(winner != seat))] = 1.0
        destroyed = (d0, d1) if seat == 0 else (d1, d0)
        out[at + 3] = float(destroyed[0] > 0)
        out[at + 4] = float(destroyed[1] > 0)
    if state.is_over:
        out[-1] = 1.0
    elif dealt:
        index = state._round  # type: ignore[attr-defined]
        deal = state._deal  # type: ignore[attr-defined]
        base = (state._playing * rounds + index) * width  # type: ignore[attr-defined]
        out[base + deal.values[deal.order[index // planets]] - 1] = 1.0
        out[base + galaxies + state.current_worth() - 1] = 1.0  # type: ignore[attr-defined]
    return out


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    rounds = int(options["galaxies"]) * int(options["planets"])
    return (2 * rounds + int(options["galaxies"])) * (int(options["max_replays"]) + 1)


def chance(game: duelhost.Game, seed: int, params: dict[str, Any]) -> GoofspielChance:
    """Values drawn when a bout starts, worths when a round starts (``points_order`` random);
    else none drawn: the deal in ``points_order``."""
    _check(game.options, params)
    model = GoofspielChance(game.options, seed)
    order = params["points_order"]
    if order != "random":
        ranked = sorted(range(1, model.planets + 1), reverse=order == "descending")
        values = sorted(range(1, model.galaxies + 1), reverse=order == "descending")
        model.values = tuple(values)
        model.worths = tuple(tuple(ranked) for _ in range(model.galaxies))
        model.max_outcomes = 0
        model.game = model._game()
    return model


_GAMES: dict[Any, tuple[duelhost.Game, dict[int, State]]] = {}
"""Loaded games by fixed deal (loading checks every option, which is slow in a tree walk), each
with its start states by seed (cloning a start is much cheaper than dealing it again)."""


class GoofspielChance:
    """Values drawn when a bout starts, worths when a round starts (see the module)."""

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = dict(options)
        self.galaxies = int(options["galaxies"])
        self.planets = int(options["planets"])
        self.seed = seed
        self.max_outcomes = max(self.galaxies, self.planets)
        self.values: tuple[int, ...] = ()
        self.worths: tuple[tuple[int, ...], ...] = ()
        self.game = self._game()

    def copy(self) -> GoofspielChance:
        other = object.__new__(GoofspielChance)
        other.__dict__.update(self.__dict__)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> GoofspielChance:
        return self.copy()

    def _game(self) -> duelhost.Game:
        return self._entry()[0]

    def _entry(self) -> tuple[duelhost.Game, dict[int, State]]:
        key = (tuple(sorted(self.options.items(), key=str)), self.values, self.worths)
        entry = _GAMES.get(key)
        if entry is None:
            if len(_GAMES) > 100_000:
                _GAMES.clear()
            entry = _GAMES[key] = (self._make_game(), {})
        return entry

    def _fresh(self) -> State:
        game, starts = self._entry()
        start = starts.get(self.seed)
        if start is None:
            start = starts[self.seed] = game.new(seed=self.seed)
        return start.clone()

    def _make_game(self) -> duelhost.Game:
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        galaxies, planets = self.galaxies, self.planets
        values = list(self.values) + sorted(set(range(1, galaxies + 1)) - set(self.values))
        worths = []
        for g in range(galaxies):
            chosen = list(self.worths[g]) if g < len(self.worths) else []
            worths.append(chosen + sorted(set(range(1, planets + 1)) - set(chosen)))
        labels = letters[26 - planets :]
        options = {
            key: value
            for key, value in self.options.items()
            if key not in ("galaxy_order", "values", "planet_orders", "worths")
        }
        return duelhost.load(
            "goofspiel",
            **options,
            galaxy_order=letters[:galaxies],
            values=values,
            planet_orders=[labels] * galaxies,
            worths=worths,
        )

    def start(self) -> State | None:
        return self._fresh()

    def _needs(self, state: State | None) -> tuple[str, int] | None:
        """What the next chance node draws: ("value", galaxy) or ("worth", galaxy).

        Every decision of Goofspiel is one round, so ``state.decision`` counts the rounds
        fought; the first playing has ``galaxies * planets`` of them.
        """
        assert state is not None
        rounds = state.decision
        if state.is_over or rounds >= self.galaxies * self.planets:
            return None
        galaxy, round_ = divmod(rounds, self.planets)
        if len(self.values) <= galaxy:
            return ("value", galaxy)
        if len(self.worths) <= galaxy or len(self.worths[galaxy]) <= round_:
            return ("worth", galaxy)
        return None

    def pending(self, state: State | None) -> bool:
        return self._needs(state) is not None

    def outcomes(self, state: State | None) -> list[tuple[int, float]]:
        need = self._needs(state)
        assert need is not None
        kind, galaxy = need
        if kind == "value":
            left = sorted(set(range(1, self.galaxies + 1)) - set(self.values))
        else:
            chosen = self.worths[galaxy] if galaxy < len(self.worths) else ()
            left = sorted(set(range(1, self.planets + 1)) - set(chosen))
        return [(value - 1, 1 / len(left)) for value in left]

    def apply(self, state: State | None, outcome: int) -> State:
        need = self._needs(state)
        assert need is not None and state is not None
        kind, galaxy = need
        if kind == "value":
            self.values = (*self.values, outcome + 1)
        else:
            worths = list(self.worths)
            while len(worths) <= galaxy:
                worths.append(())
            worths[galaxy] = (*worths[galaxy], outcome + 1)
            self.worths = tuple(worths)
        self.game = self._game()
        rebuilt = self._fresh()
        for entry in state.history:
            rebuilt.apply(entry)
        return rebuilt

    def describe(self, outcome: int) -> str:
        return f"draw {outcome + 1}"
