"""Receipts: commitments to secret submissions that either player can check after the reveal.

A receipt is the SHA-256 (hex) of the UTF-8 JSON array ``[match_id, seat, decision, text, nonce]``
written with ``separators=(",", ":")`` and ``ensure_ascii=False``: the JSON array keeps the fields
apart whatever characters the text holds. ``text`` is the submission's canonical notation and
``decision`` the number of decisions resolved before it. The nonce is 16 random-looking bytes (hex)
that the host derives from the match's nonce key with HMAC-SHA256 over the decision, the seat and
a random salt drawn for that one submission and stored with it: the same after a restart,
unguessable before it is published, never the same for two submissions (a submission refused by
the disk and made again gets a fresh one), and publishing one nonce reveals nothing of the others.

A tick window takes several order messages from a seat; each has its own salt and its number in
the window (0, 1, ...), which goes into both its nonce and its receipt:
``[match_id, seat, decision, text, nonce, number]``, where ``text`` is the window's orders so far.
Entries stored before salts existed have none: their nonce is over ``nonce:<decision>:<seat>``.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json


def nonce(
    secret: bytes, decision: int, seat: int, salt: str | None = None, number: int | None = None
) -> str:
    """The server nonce of ``seat``'s submission for ``decision`` (``number``: of a tick
    window's order message)."""
    if salt is None:
        message = f"nonce:{decision}:{seat}"
    elif number is None:
        message = f"nonce:{decision}:{seat}:{salt}"
    else:
        message = f"nonce:{decision}:{seat}:{number}:{salt}"
    keyed = _keyed(secret).copy()  # the key's HMAC state made once per match, then copied
    keyed.update(message.encode())
    return keyed.hexdigest()[:32]


@functools.lru_cache(maxsize=4096)
def _keyed(secret: bytes) -> hmac.HMAC:
    """HMAC-SHA256 keyed with ``secret``, before any message (copied for each nonce: keying
    HMAC anew costs OpenSSL 3 a lookup of the algorithm, 2-4 times the copy)."""
    return hmac.new(secret, digestmod=hashlib.sha256)


def receipt(
    match_id: str, seat: int, decision: int, text: str, nonce_hex: str, number: int | None = None
) -> str:
    """The receipt of one submission (see the module docstring for the exact bytes hashed)."""
    fields: list[object] = [match_id, seat, decision, text, nonce_hex]
    if number is not None:
        fields.append(number)
    payload = json.dumps(fields, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def check(
    match_id: str,
    seat: int,
    decision: int,
    text: str,
    nonce_hex: str,
    digest: str,
    number: int | None = None,
) -> bool:
    """Whether ``digest`` is the receipt of that submission."""
    return hmac.compare_digest(receipt(match_id, seat, decision, text, nonce_hex, number), digest)
