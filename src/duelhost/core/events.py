"""Text for views and events: each game's own rendering where it has one, a plain form where it
has none. The terminal, the replay command and the match server all print through these."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from duelhost.core.registry import GameSpec

SEAT_NUMBERS = ("seat 0", "seat 1")


def seat_label(seat_names: Sequence[str], seat: int) -> str:
    """``Red (seat 0)``; just ``seat 1`` when the game names its seats by number."""
    name = seat_names[seat]
    return name if name == f"seat {seat}" else f"{name} (seat {seat})"


def describe_common(event: dict[str, Any], seat_names: Sequence[str] = SEAT_NUMBERS) -> str:
    """``match over: seat 1 wins (reason)`` for the end of a match, else ``kind: k=v ...``."""
    kind = event["event"]
    if kind == "end":
        winner = event.get("winner")
        who = "a draw" if winner is None else f"{seat_label(seat_names, winner)} wins"
        return f"match over: {who} ({event.get('reason')})"
    fields = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("event", "decision"))
    return f"{kind}: {fields}"


def describe_event(spec: GameSpec, event: dict[str, Any]) -> str:
    """One line for an event: the game's ``describe_event``, else the plain form."""
    describe = spec.describe_event
    if describe is not None:
        return str(describe(event))
    return describe_common(event, spec.seat_names)


def plain_view(view: dict[str, Any]) -> str:
    return json.dumps(view, indent=2)


def render_view(spec: GameSpec, view: dict[str, Any]) -> str:
    """A view as text: the game's ``render``, else indented JSON."""
    if spec.render is not None:
        return spec.render(view)
    return plain_view(view)
