"""Seeded randomness derived from the match seed (RULINGS G6).

Every random element of a match is drawn from a generator derived from the match seed and a
label naming what it is for (``derive(seed, "deal", 2)``). Derived generators are independent of
each other and of the order in which they are made, so a state never has to carry or clone a
generator: a game draws what it needs when it needs it, from the seed and a label, and a replay
draws exactly the same.
"""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *labels: object) -> int:
    """A 64-bit seed from the match seed and labels, stable across runs and Python versions."""
    text = repr((int(seed), *(str(label) for label in labels))).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def derive(seed: int, *labels: object) -> random.Random:
    """A fresh ``random.Random`` for one purpose of one match."""
    return random.Random(derive_seed(seed, *labels))
