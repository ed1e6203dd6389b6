"""One line of text for an event of the public log: the kernel's own events and a plain form
for any event a game's renderer does not word itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SEAT_NUMBERS = ("seat 0", "seat 1")


def describe_common(event: dict[str, Any], seat_names: Sequence[str] = SEAT_NUMBERS) -> str:
    """``match over: seat 1 wins (reason)`` for the end of a match, else ``kind: k=v ...``."""
    kind = event["event"]
    if kind == "end":
        winner = event.get("winner")
        who = "a draw" if winner is None else f"{seat_names[winner]} wins"
        return f"match over: {who} ({event.get('reason')})"
    fields = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("event", "decision"))
    return f"{kind}: {fields}"
