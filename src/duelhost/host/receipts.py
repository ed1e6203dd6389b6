"""Receipts: commitments to secret submissions that either player can check after the reveal.

A receipt is the SHA-256 (hex) of the UTF-8 JSON array ``[match_id, seat, decision, text, nonce]``
written with ``separators=(",", ":")`` and ``ensure_ascii=False``: the JSON array keeps the fields
apart whatever characters the text holds. ``text`` is the submission's canonical notation and
``decision`` the number of decisions resolved before it. The nonce is 16 random-looking bytes (hex)
that the host derives from a per-match secret with HMAC-SHA256, so it is the same after a restart,
unguessable before it is published, and publishing one nonce reveals nothing of the others.
"""

from __future__ import annotations

import hashlib
import hmac
import json


def nonce(secret: bytes, decision: int, seat: int) -> str:
    """The server nonce of ``seat``'s submission for ``decision``."""
    message = f"nonce:{decision}:{seat}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:32]


def receipt(match_id: str, seat: int, decision: int, text: str, nonce_hex: str) -> str:
    """The receipt of one submission (see the module docstring for the exact bytes hashed)."""
    payload = json.dumps(
        [match_id, seat, decision, text, nonce_hex], separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def check(match_id: str, seat: int, decision: int, text: str, nonce_hex: str, digest: str) -> bool:
    """Whether ``digest`` is the receipt of that submission."""
    return hmac.compare_digest(receipt(match_id, seat, decision, text, nonce_hex), digest)
