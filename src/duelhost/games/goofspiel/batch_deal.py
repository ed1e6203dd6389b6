"""Goofspiel deals for many matches at once, bit for bit the engine's ``draw_deal``.

The engine draws a playing's deal with ``derive(seed, "deal", playing)``: a
``random.Random`` seeded from SHA-256 (``duelhost.core.rng``), then ``shuffle`` calls
(galaxy order, values, and per galaxy its planet order and worths). Here each match's
generator is still made by the standard library (seeding is C code), but only to hand out
its first ``WORDS`` raw 32-bit outputs in one ``getrandbits`` call; the shuffles (CPython's
``_randbelow``: ``getrandbits(n.bit_length())`` with rejection, one 32-bit output per try)
then run for all matches at once in NumPy. A match that needs more outputs than that (rare
rejection streaks, or very large deals) is dealt by ``draw_deal`` itself.
"""

from __future__ import annotations

import _random
import hashlib
from typing import Any

import numpy as np
import numpy.typing as npt

from duelhost.games.goofspiel.deal import draw_deal

Array = npt.NDArray[Any]
WORDS = 96


def _raw_words(seeds: Array, playings: Array, count: int) -> Array:
    """The first ``count`` 32-bit outputs of each match's deal generator.

    ``derive_seed(seed, "deal", playing)`` hashes ``repr((seed, "deal", str(playing)))``; the
    text is written out directly here, and the generator is CPython's C base class (whose
    ``seed`` of an int is what ``random.Random`` does), reused for every match. The test
    compares every deal with ``draw_deal``.
    """
    bits = 32 * count
    size = 4 * count
    generator = _random.Random()
    sha256 = hashlib.sha256
    chunks = []
    for seed, playing in zip(seeds.tolist(), playings.tolist(), strict=True):
        digest = sha256(f"({seed}, 'deal', '{playing}')".encode()).digest()
        generator.seed(int.from_bytes(digest[:8], "big"))
        chunks.append(generator.getrandbits(bits).to_bytes(size, "little"))
    return np.frombuffer(b"".join(chunks), "<u4").reshape(len(chunks), count)


class _Stream:
    """Per-match positions in the raw outputs; ``below(n)`` is ``_randbelow(n)`` for all."""

    def __init__(self, words: Array) -> None:
        self.words = words
        self.position = np.zeros(len(words), np.int64)
        self.rows = np.arange(len(words))

    def below(self, n: int) -> Array:
        shift = 32 - n.bit_length()
        result = np.zeros(len(self.words), np.int64)
        pending = np.ones(len(self.words), bool)
        limit = self.words.shape[1] - 1
        while pending.any():
            at = np.minimum(self.position, limit)
            drawn = (self.words[self.rows, at] >> shift).astype(np.int64)
            accepted = pending & (drawn < n)
            result[accepted] = drawn[accepted]
            self.position[pending] += 1
            pending &= ~accepted
            pending &= self.position <= limit
        return result

    def shuffle(self, values: Array) -> None:
        """``random.shuffle`` on each row of ``values`` (in place)."""
        rows = self.rows
        for i in range(values.shape[1] - 1, 0, -1):
            j = self.below(i + 1)
            picked = values[rows, j].copy()
            values[rows, j] = values[:, i]
            values[:, i] = picked


def draw_deals(seeds: Array, playings: Array, galaxies: int, planets: int) -> tuple[Array, Array]:
    """Per match: the worth of each round in round order ``(n, galaxies * planets)`` and the
    strategic value of each bout's galaxy in bout order ``(n, galaxies)``."""
    n = len(seeds)
    stream = _Stream(_raw_words(seeds, playings, WORDS))
    order = np.tile(np.arange(galaxies), (n, 1))
    stream.shuffle(order)
    values = np.tile(np.arange(1, galaxies + 1), (n, 1))
    stream.shuffle(values)
    planet_orders = np.empty((n, galaxies, planets), np.int64)
    worths = np.empty((n, galaxies, planets), np.int64)
    for galaxy in range(galaxies):
        chosen = np.tile(np.arange(planets), (n, 1))
        stream.shuffle(chosen)
        planet_orders[:, galaxy] = chosen
        drawn = np.tile(np.arange(1, planets + 1), (n, 1))
        stream.shuffle(drawn)
        worths[:, galaxy] = drawn
    rows = np.arange(n)[:, None]
    bout_values = values[rows, order]
    ordered_planets = planet_orders[rows, order]  # (n, bouts, planets): planet of each round
    ordered_worths = worths[rows, order]  # (n, bouts, planets): worth of each planet
    round_worths = np.take_along_axis(ordered_worths, ordered_planets, axis=2)
    round_worths = round_worths.reshape(n, galaxies * planets)
    short = np.flatnonzero(stream.position > WORDS - 1)
    for match in short.tolist():  # ran out of raw outputs: the engine's own function
        deal = draw_deal(int(seeds[match]), int(playings[match]), galaxies, planets)
        round_worths[match] = [deal.worths[g][p] for g in deal.order for p in deal.planet_orders[g]]
        bout_values[match] = [deal.values[g] for g in deal.order]
    return round_worths, bout_values
