"""Steps of an event's state that the host's actions and the director both take: pair the next
round, close the event, the arena's clock, whether the game's seats differ."""

from __future__ import annotations

from typing import Any

from duelhost.core.registry import spec as game_spec
from duelhost.events import close_event, pair_next_round
from duelhost.server.events.state import EventState


def arena_time(s: EventState, now: float) -> float:
    """Seconds since the arena started."""
    return round(max(0.0, now - float(s.settings.started_at or now)), 3)


def pair_round(s: EventState) -> list[dict[str, Any]]:
    """Pair the next round (the host asked, or the event pairs by itself)."""
    s.settings.host_pairing = False
    s.record = pair_next_round(s.record, s.seed)
    latest = s.record.rounds[-1]
    return [
        {"action": "pair", "by": "director", "round": latest.number, "boards": len(latest.pairings)}
    ]


def close(s: EventState, now: float, by: str) -> list[dict[str, Any]]:
    """Close the event: reveal the seed, publish the standings."""
    s.record = close_event(s.record, s.seed)
    s.row.phase = "closed"
    s.settings.closed_at = now
    return [{"action": "close", "by": by, "seed": s.seed}]


def seats_matter(game: str) -> bool:
    """Whether the seats differ (a sequential game): then they are balanced."""
    return "sequential" in game_spec(game).dynamics
