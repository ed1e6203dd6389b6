"""The match seed of ``reset(seed=s)``, drawn as NumPy draws it, in a fifth of the time.

The environments derive a match seed from ``reset``'s seed as
``np.random.default_rng(seed).integers(0, 2**31 - 1)`` and keep the generator for the resets
without a seed that follow. Making that generator costs more than a whole random match of
the fastest game (``SeedSequence.generate_state`` alone, docs/performance-log.md), so
``first_draw`` computes the same number from the seed sequence's pool by PCG64's own
arithmetic: the pool's words hashed into the generator's 128-bit state and increment
(``generate_state``), the generator seeded and stepped (PCG's ``srandom``, then one XSL-RR
output of 64 bits), and its low then high 32 bits drawn below ``2**31 - 1`` by Lemire's
method (NumPy's ``buffered_bounded_lemire_uint32``). ``Seeds`` makes the NumPy generator only
when a reset without a seed asks for it, advanced past that first draw.
``tests/envs/test_seeding.py`` checks ``first_draw`` against NumPy on thousands of seeds.
"""

from __future__ import annotations

import numpy as np

BOUND = 2**31 - 1
"""Match seeds are drawn from ``range(BOUND)``."""

_M32 = 0xFFFFFFFF
_M64 = (1 << 64) - 1
_M128 = (1 << 128) - 1
_INIT_B = 0x8B51F9DD  # SeedSequence.generate_state's hash constants
_MULT_B = 0x58F38DED
_PCG_MULT = (2549297995355413924 << 64) + 4865540595714422341
_THRESHOLD = ((1 << 32) - BOUND) % BOUND  # Lemire's rejection bound for BOUND


def _hash_constants() -> tuple[tuple[int, int], ...]:
    """The constant each word of ``generate_state`` is xored with, then multiplied by."""
    pairs = []
    constant = _INIT_B
    for _ in range(8):
        following = (constant * _MULT_B) & _M32
        pairs.append((constant, following))
        constant = following
    return tuple(pairs)


_HASH = _hash_constants()


def first_draw(seed: int) -> int:
    """``int(np.random.default_rng(seed).integers(0, 2**31 - 1))`` for an int ``seed`` >= 0."""
    pool: list[int] = np.random.SeedSequence(seed).pool.tolist()
    p0, p1, p2, p3 = pool
    (c0, m0), (c1, m1), (c2, m2), (c3, m3), (c4, m4), (c5, m5), (c6, m6), (c7, m7) = _HASH
    w0 = ((p0 ^ c0) * m0) & _M32  # each pool word hashed twice, unrolled
    w1 = ((p1 ^ c1) * m1) & _M32
    w2 = ((p2 ^ c2) * m2) & _M32
    w3 = ((p3 ^ c3) * m3) & _M32
    w4 = ((p0 ^ c4) * m4) & _M32
    w5 = ((p1 ^ c5) * m5) & _M32
    w6 = ((p2 ^ c6) * m6) & _M32
    w7 = ((p3 ^ c7) * m7) & _M32
    w0 ^= w0 >> 16
    w1 ^= w1 >> 16
    w2 ^= w2 >> 16
    w3 ^= w3 >> 16
    w4 ^= w4 >> 16
    w5 ^= w5 >> 16
    w6 ^= w6 >> 16
    w7 ^= w7 >> 16
    # Eight 32-bit words make four 64-bit ones (little-endian): state (first two), stream.
    start = (w1 << 96) | (w0 << 64) | (w3 << 32) | w2
    increment = ((((w5 << 96) | (w4 << 64) | (w7 << 32) | w6) << 1) | 1) & _M128
    state = ((increment + start) * _PCG_MULT + increment) & _M128
    while True:
        state = (state * _PCG_MULT + increment) & _M128
        high = state >> 64
        mixed = high ^ (state & _M64)
        turn = high >> 58
        output = ((mixed >> turn) | (mixed << (64 - turn))) & _M64
        for half in (output & _M32, output >> 32):
            product = half * BOUND
            if product & _M32 >= _THRESHOLD:
                return product >> 32


class Seeds:
    """Where match seeds come from: a fresh generator, or ``reset``'s seed."""

    def __init__(self) -> None:
        self._generator: np.random.Generator | None = np.random.default_rng()
        self._seed = 0

    def next(self, seed: int | None) -> int:
        """The match seed: the first draw for ``seed``, or (None) the generator's next."""
        if seed is not None:
            if type(seed) is int and seed >= 0:  # (an int subclass, bool too, goes to NumPy)
                self._generator = None  # made when a reset without a seed needs it
                self._seed = seed
                return first_draw(seed)
            self._generator = np.random.default_rng(seed)
        elif self._generator is None:
            self._generator = np.random.default_rng(self._seed)
            self._generator.integers(0, BOUND)  # the draw ``first_draw`` gave
        return int(self._generator.integers(0, BOUND))
