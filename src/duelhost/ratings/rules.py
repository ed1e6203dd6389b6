"""Which finished matches are rated, and their scores (issue 30), from what the store or a match
record holds. Game-agnostic: a result is ``{"winner", "reason"}``, a seat acted if it made a
decision of its own (a submission, or an order in a tick window; a timeout is not one).

A rated match is scored 1 / 0 for its winner and loser and 0.5 each for a draw. It is left
unrated when
- the server abandoned it (its result's reason starts with ``abandoned``);
- a seat made no decision: an aborted match, or a no-show forfeit (a seat that only timed out
  or resigned before its first decision);
- a seat has no account (a guest), or both seats are one account.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

DECISIONS = ("submit", "order")
"""Log entry types that are a seat's own decision (``host.messages.LogEntry``)."""


def acted_in_log(entries: Iterable[dict[str, Any]]) -> set[int]:
    """The seats that made a decision, from a match's host log."""
    return {int(e["seat"]) for e in entries if e.get("type") in DECISIONS and "seat" in e}


def acted_in_record(record: dict[str, Any]) -> set[int]:
    """The seats that made a decision, from a match record's history (a tick window without
    orders is a timeout there)."""
    history = record.get("history", [])
    return {
        int(e["seat"])
        for e in history
        if isinstance(e, dict) and e.get("kind", "submit") == "submit" and "seat" in e
    }


def unrated_reason(result: dict[str, Any] | None, acted: set[int]) -> str | None:
    """Why a finished match of a rated kind is not rated (None: it is rated)."""
    if result is None or result.get("reason") is None:
        return "the match is not over"
    if str(result["reason"]).startswith("abandoned"):
        return "the server abandoned the match"
    missing = [seat for seat in (0, 1) if seat not in acted]
    if missing:
        return f"aborted: seat {missing[0]} made no decision"
    winner = result.get("winner")
    if winner not in (0, 1, None):
        return f"the result names no seat as winner ({winner!r})"
    return None


def scores(result: dict[str, Any]) -> tuple[float, float]:
    """Seat 0's and seat 1's scores of a rated match."""
    winner = result.get("winner")
    if winner == 0:
        return 1.0, 0.0
    if winner == 1:
        return 0.0, 1.0
    return 0.5, 0.5
