"""Commit, then reveal: a seat sends the hash of its secret submission first, and the text only
once every seat owing the decision has committed (issue 19). Until then neither the server
process nor its database holds the move.

The commitment is the lowercase hex SHA-256 of the UTF-8 JSON array
``["duelhost-commit-v1", match_id, seat, decision, text, nonce]`` written with
``separators=(",", ":")`` and ``ensure_ascii=False``, where ``text`` is the submission exactly as
the seat will reveal it and ``nonce`` 32 lowercase hex digits from the client's CSPRNG. The
reveal is ``text`` and ``nonce``; the host accepts it only if it hashes to the commitment.
"""

from __future__ import annotations

import hashlib
import json
import re

from duelhost.core.errors import IllegalAction, quote

VERSION = "duelhost-commit-v1"
HEX64 = re.compile(r"[0-9a-f]{64}")
HEX32 = re.compile(r"[0-9a-f]{32}")


def commitment(match_id: str, seat: int, decision: int, text: str, nonce: str) -> str:
    """The commitment to a submission (see the module docstring for the exact bytes)."""
    payload = json.dumps(
        [VERSION, match_id, seat, decision, text, nonce], separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def check_commitment(value: object) -> str:
    """``value`` if it is a commitment's form (64 lowercase hex digits), else IllegalAction."""
    if not isinstance(value, str) or not HEX64.fullmatch(value):
        shown = quote(value) if isinstance(value, str) else type(value).__name__
        raise IllegalAction(f"a commitment is 64 lowercase hex digits (SHA-256), got {shown}")
    return value


def check_nonce(value: object) -> str:
    """``value`` if it is a reveal nonce's form (32 lowercase hex digits), else IllegalAction."""
    if not isinstance(value, str) or not HEX32.fullmatch(value):
        shown = quote(value) if isinstance(value, str) else type(value).__name__
        raise IllegalAction(f"a reveal's nonce is 32 lowercase hex digits, got {shown}")
    return value
