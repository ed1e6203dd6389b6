"""Committed seeds (RULINGS G7): a hosted match's hidden randomness is known to nobody, its
creator included, before its reveal, and anyone can check it afterwards.

Every hosted match has a 32-byte secret drawn from ``secrets`` that never leaves the server
before the match is over. A match created without a seed gets the seed ``drawn_seed(secret)``
(63 bits) and every match gets the salt ``seed_salt(secret)`` (128 bits, 32 lowercase hex
digits); both are functions of the secret, so a restarted server has them again (the server
derives the secret from the stored one and its key file, see ``server.keys``), and a seed
the creator chose is told apart from a drawn one (it is not the drawn seed, except by breaking
HMAC-SHA256). The commitment is the lowercase hex SHA-256 of the UTF-8
text ``"<seed>:<salt>"`` (seed in decimal); it is published when the match is created, and the
seed and salt with the record once the match is over.

Bots draw their secret choices from the committed seed; when the creator chose the seed, the
creator could predict them from it, so they draw from the match secret instead.
"""

from __future__ import annotations

import hashlib
import hmac

MAX_SEED = 2**63 - 1


def _derive(secret: bytes, label: str) -> bytes:
    return hmac.new(secret, f"seed:{label}".encode(), hashlib.sha256).digest()


def drawn_seed(secret: bytes) -> int:
    """The seed of a match whose creator gave none."""
    return int.from_bytes(_derive(secret, "seed")[:8], "big") & MAX_SEED


def seed_salt(secret: bytes) -> str:
    """The 128-bit salt of the match's seed commitment, as 32 lowercase hex digits."""
    return _derive(secret, "salt")[:16].hex()


def commitment(seed: int, salt: str) -> str:
    """The seed commitment: lowercase hex SHA-256 of UTF-8 ``"<seed>:<salt>"``."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def chosen_by_creator(seed: int, secret: bytes) -> bool:
    """Whether ``seed`` is not the one the server drew (so the creator chose it)."""
    return seed != drawn_seed(secret)


def bot_seed(seed: int, secret: bytes) -> int:
    """Where the match's bots draw their choices: the committed seed, or, when the creator
    chose the seed, a number only the server knows."""
    if not chosen_by_creator(seed, secret):
        return seed
    return int.from_bytes(_derive(secret, "bots")[:8], "big") & MAX_SEED
