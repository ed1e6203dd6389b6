"""Goofspiel for ``B`` matches at once, as NumPy arrays (classic and seven-galaxy).

The rules are those of ``duelhost.games.goofspiel`` (GO1-GO5), the deal of every playing is
the engine's ``draw_deal(seed, playing, ...)`` from the match seed, bit for bit (G6;
``batch_deal`` draws many at once), and
actions are the indices of the game's encoding (``i`` sends the fleet of size ``i + 1``). An
index the mask forbids (including -1) is a timeout (GO3): a fleet of size 0 is sent and one of
the largest remaining fleets destroyed. So the same seeds and submissions give the same
matches as the reference engine, result for result (``tests/vector`` checks 10,000 of them).

With numba installed (an optional extra) the deals and rounds run as compiled kernels
(``batch_kernels``), else as the NumPy code below; ``kernels=False`` asks for NumPy. Both are
checked against the reference engine; ``random_actions`` draws random legal actions in the
kernel (xorshift64*) or in NumPy.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from duelhost.core.errors import ConfigError
from duelhost.games.goofspiel.batch_deal import draw_deals

try:
    from duelhost.games.goofspiel import batch_kernels
except ImportError:  # numba is an optional extra: the NumPy code plays the same matches
    batch_kernels = None  # type: ignore[assignment]

Array = npt.NDArray[Any]
IN_PLAY = -2
DRAW = -1
COMPILED = batch_kernels is not None
"""Whether the compiled kernels can be used (numba imports)."""


class GoofspielBatch:
    """``size`` Goofspiel matches; ``reset_matches`` starts given matches from given seeds."""

    def __init__(
        self,
        size: int,
        galaxies: int = 7,
        planets: int = 7,
        max_replays: int = 10,
        kernels: bool | None = None,
    ) -> None:
        if kernels and not COMPILED:
            raise ConfigError("the compiled kernels need numba: pip install numba")
        self.kernels = COMPILED if kernels is None else kernels
        """Whether rounds and deals run as compiled kernels (numba) rather than NumPy."""
        self.size = size
        self.galaxies = galaxies
        self.planets = planets
        self.max_replays = max_replays
        self.rounds = galaxies * planets
        self.num_actions = planets
        self.observation_size = 5 * planets + 3 * galaxies + 8
        b = size
        self.seeds = np.zeros(b, np.int64)
        self.fleets = np.zeros((b, 2, planets + 1), np.int16)
        """Remaining fleets by size (column 0 unused)."""
        self.round_worths = np.zeros((b, self.rounds), np.int16)
        """The worth of each round of the current playing, in round order."""
        self.bout_values = np.zeros((b, galaxies), np.int16)
        """The strategic value of each bout's galaxy, in bout order."""
        self.round = np.zeros(b, np.int32)
        self.playing = np.zeros(b, np.int32)
        self.points = np.zeros((b, 2), np.int32)
        self.strategic = np.zeros((b, 2), np.int32)
        self.destroyed = np.zeros((b, 2), np.int32)
        self.winner = np.full(b, IN_PLAY, np.int8)
        """IN_PLAY (-2), DRAW (-1), or the winning seat."""
        self.last_points = np.zeros((b, 2), np.int32)
        """Net worth of the last finished bout."""
        self.scores = np.zeros((b, 2), np.int32)
        """``result["scores"]`` of a finished match: strategic value, or with one galaxy
        (classic Goofspiel) the prize totals."""
        self._rows = np.arange(b)
        self._ended = np.zeros(b, bool)
        self._actions = np.zeros((b, 2), np.int64)
        self._generator = np.array([0x9E3779B97F4A7C15], np.uint64)
        self.choices = 0
        """Rounds played so far that were choices: some seat had two sizes or more left
        (OpenSpiel's own goofspiel plays the others, a forced last card, as no node)."""

    def _arrays(self) -> tuple[Array, ...]:
        """The state as the kernels take it."""
        return (self.fleets, self.round_worths, self.bout_values, self.round, self.playing,
                self.points, self.strategic, self.destroyed, self.winner, self.last_points,
                self.scores, self.seeds)  # fmt: skip

    # ------------------------------------------------------------------ matches

    def reset_matches(self, which: Array, seeds: Array) -> None:
        """Start the matches ``which`` (indices) afresh from ``seeds``."""
        which = np.asarray(which)
        if which.dtype == bool:
            which = np.flatnonzero(which)
        self.seeds[which] = seeds
        self.playing[which] = 0
        self.strategic[which] = 0
        self.winner[which] = IN_PLAY
        self._begin_playing(which)

    def _begin_playing(self, which: Array) -> None:
        """Fresh fleets and the deal of the current playing (GO4), drawn as the engine does."""
        if self.kernels:
            batch_kernels.begin_playings(
                np.asarray(which, np.int64), self._arrays(), self.galaxies, self.planets,
                batch_kernels.base(),
            )  # fmt: skip
            return
        self.fleets[which] = self.galaxies
        self.fleets[which, :, 0] = 0
        self.round[which] = 0
        self.points[which] = 0
        self.strategic[which] = 0
        self.destroyed[which] = 0
        worths, values = draw_deals(
            self.seeds[which], self.playing[which], self.galaxies, self.planets
        )
        self.round_worths[which] = worths
        self.bout_values[which] = values

    # ------------------------------------------------------------------ reading

    def masks(self) -> Array:
        """``(size, 2, planets)`` int8: 1 where the seat may send that fleet (all 0 when over)."""
        mask = (self.fleets[:, :, 1:] > 0).astype(np.int8)
        mask[self.winner != IN_PLAY] = 0
        return mask

    def worth(self) -> Array:
        index = np.minimum(self.round, self.rounds - 1)
        return self.round_worths[self._rows, index]

    def observations(self) -> Array:
        """``(size, 2, 5 * planets + 3 * galaxies + 8)`` float32, seat by seat, the same
        features as ``duelhost.games.goofspiel.encoding`` (own side first; views with
        ``show_history``)."""
        b, g, p = self.size, self.galaxies, self.planets
        over = self.winner != IN_PLAY
        out = np.zeros((b, 2, self.observation_size), np.float32)
        live = ~over
        rows = self._rows[live]
        worth = self.round_worths[rows, self.round[live]] - 1
        bout = self.round[live] // p
        value = self.bout_values[rows, bout] - 1
        round_in_bout = self.round[live] % p
        for seat in (0, 1):
            out[rows, seat, worth] = 1.0
            out[rows, seat, p + value] = 1.0
            out[rows, seat, p + g + round_in_bout] = 1.0
            out[rows, seat, 2 * p + g + bout] = 1.0
            other = 1 - seat
            base = 2 * p + 2 * g
            out[:, seat, base : base + p] = self.fleets[:, seat, 1:] / g
            out[:, seat, base + p : base + 2 * p] = self.fleets[:, other, 1:] / g
            base += 2 * p
            worth_total = p * (p + 1) / 2
            value_total = g * (g + 1) / 2
            out[:, seat, base] = self.points[:, seat] / worth_total
            out[:, seat, base + 1] = self.points[:, other] / worth_total
            out[:, seat, base + 2] = self.strategic[:, seat] / value_total
            out[:, seat, base + 3] = self.strategic[:, other] / value_total
            out[:, seat, base + 4] = self.destroyed[:, seat] / (g * p)
            out[:, seat, base + 5] = self.destroyed[:, other] / (g * p)
            out[:, seat, base + 6] = self.playing / (self.max_replays + 1)
            out[:, seat, base + 7] = over
        self._to_come(out, rows, bout, round_in_bout, base + 8)
        return out

    def _to_come(
        self, out: Array, rows: Array, bout: Array, round_in_bout: Array, base: int
    ) -> None:
        """The prizes not yet revealed: this galaxy's worths after this round, and the
        values of the galaxies after this one (matches in play, ``rows``)."""
        p, g = self.planets, self.galaxies
        for ahead in range(1, p):
            later = round_in_bout + ahead < p
            worths = self.round_worths[rows[later], self.round[rows[later]] + ahead] - 1
            out[rows[later], :, base + worths] = 1.0
        for ahead in range(1, g):
            later = bout + ahead < g
            values = self.bout_values[rows[later], bout[later] + ahead] - 1
            out[rows[later], :, base + p + values] = 1.0

    # ------------------------------------------------------------------ a round

    def step(self, actions: Array) -> Array:
        """Play one round in every match in play; ``actions`` is ``(size, 2)`` indices.

        Returns the matches that ended in this step (a boolean array).
        """
        if self.kernels:
            self.choices += batch_kernels.step(
                np.asarray(actions, np.int64), self._arrays(), self.galaxies, self.planets,
                self.max_replays, batch_kernels.base(), self._ended,
            )  # fmt: skip
            return self._ended.copy()
        live = self.winner == IN_PLAY
        rows = self._rows
        fleets = self.fleets
        planets = self.planets
        sizes_left = np.count_nonzero(fleets[:, :, 1:] > 0, axis=2)
        self.choices += int(np.count_nonzero(live & (sizes_left > 1).any(axis=1)))
        size = np.asarray(actions, np.int64) + 1
        inside = (size >= 1) & (size <= planets)
        clipped = np.where(inside, size, 0)
        have = np.take_along_axis(fleets, clipped[:, :, None], axis=2)[:, :, 0] > 0
        valid = inside & have
        # GO3: a timeout sends 0 and destroys one of the largest remaining fleets.
        largest = planets - np.argmax(fleets[:, :, :0:-1] > 0, axis=2)
        sent = np.where(valid, size, 0)
        removed = np.where(valid, size, largest)
        for seat in (0, 1):
            fleets[rows[live], seat, removed[live, seat]] -= 1
        self.destroyed[live] += ~valid[live]
        worth = self.round_worths[rows, np.minimum(self.round, self.rounds - 1)]
        first, second = sent[:, 0], sent[:, 1]
        self.points[:, 0] += np.where(live & (first > second), worth, 0)
        self.points[:, 1] += np.where(live & (second > first), worth, 0)
        self.round += live
        bout_over = live & (self.round % planets == 0)
        if bout_over.any():
            self._end_bouts(bout_over)
        playing_over = live & (self.round == self.rounds)
        if playing_over.any():
            self._end_playings(playing_over)
        ended: Array = live & (self.winner != IN_PLAY)
        return ended

    def random_actions(self, rng: np.random.Generator | None = None) -> Array:
        """``(size, 2)``: a uniformly random legal index per seat of every match in play (-1
        elsewhere): drawn in the kernel (its own xorshift64* stream) or, with ``rng`` or
        without the kernels, by NumPy from ``rng``."""
        if self.kernels and rng is None:
            out = self._actions
            batch_kernels.random_actions(
                self.fleets, self.winner, self.planets, self._generator, out
            )
            return out
        rng = rng or np.random.default_rng()
        masks = self.masks()
        actions: Array = np.argmax(rng.random(masks.shape, np.float32) * masks, axis=2)
        actions[self.winner != IN_PLAY] = -1
        return actions

    def _end_bouts(self, which: Array) -> None:
        rows = self._rows[which]
        bout = self.round[which] // self.planets - 1
        value = self.bout_values[rows, bout]
        p0, p1 = self.points[which, 0], self.points[which, 1]
        self.strategic[which, 0] += np.where(p0 > p1, value, 0)
        self.strategic[which, 1] += np.where(p1 > p0, value, 0)
        self.last_points[which] = self.points[which]
        self.points[which] = 0

    def _end_playings(self, which: Array) -> None:
        s0, s1 = self.strategic[:, 0], self.strategic[:, 1]
        shown = self.last_points if self.galaxies == 1 else self.strategic
        self.scores[which] = shown[which]
        decided = which & (s0 != s1)
        self.winner[decided] = np.where(s0[decided] > s1[decided], 0, 1)
        tied = which & (s0 == s1)
        final = tied & (self.playing >= self.max_replays)
        self.winner[final] = DRAW
        again = self._rows[tied & ~final]
        if again.size:
            self.playing[again] += 1
            self._begin_playing(again)


# ---------------------------------------------------------------------- declarations
# What ``duelhost.vector`` reads (see docs/research.md, "Batched engines").


def batch_engine(size: int, options: dict[str, Any]) -> GoofspielBatch:
    """``size`` matches with these (resolved) options; the deal is always drawn (GO5's fixed
    deals are the reference engine's only). ``kernels`` (not a game option): False for the
    NumPy code even where numba is installed."""
    fixed = [key for key in ("galaxy_order", "values", "planet_orders", "worths") if options[key]]
    if fixed:
        raise ConfigError(f"the batched engine draws every deal; it has no {', '.join(fixed)}")
    if not options["show_history"]:
        raise ConfigError("the batched engine observes as views with show_history do")
    return GoofspielBatch(
        size,
        int(options["galaxies"]),
        int(options["planets"]),
        int(options["max_replays"]),
        kernels=options.get("kernels"),
    )


CLASSIC_CARDS = 13


def bench_configs(options: dict[str, Any]) -> list[tuple[str, dict[str, Any], int, int]]:
    """``duelhost bench goofspiel --vector``: (label, options, batched steps, share of the
    reference engine's matches): classic Goofspiel (the chosen cards with one galaxy, else
    13) and seven galaxies."""
    cards = int(options["planets"]) if options["galaxies"] == 1 else CLASSIC_CARDS
    return [
        (f"classic {cards}-card", {"galaxies": 1, "planets": cards, "max_replays": 0}, 260, 1),
        ("seven galaxies", {"galaxies": 7, "planets": 7, "max_replays": 10}, 120, 10),
    ]


def openspiel_counterpart(options: dict[str, Any]) -> str | None:
    """OpenSpiel's own game for the first benchmark configuration."""
    cards = int(options["planets"]) if options["galaxies"] == 1 else CLASSIC_CARDS
    return f"goofspiel(num_cards={cards},points_order=random)"
