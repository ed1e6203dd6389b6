"""``GET /api/games`` (what the server hosts) and ``GET /api/stats`` (server-side figures)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

import duelhost
from duelhost.bots import available_bots
from duelhost.core.registry import spec as game_spec
from duelhost.host.time_controls import default_clock
from duelhost.server.access import hub_of
from duelhost.server.models import GameInfo

router = APIRouter()


@router.get("/api/games", response_model=list[GameInfo])
async def games() -> Any:
    """The games this server hosts, with options, default clock and bots."""
    result = []
    for name in duelhost.list_games():
        spec = game_spec(name)
        game = duelhost.load(name)
        clock = default_clock(game)
        result.append(
            GameInfo(
                name=name,
                title=spec.title,
                summary=spec.summary,
                dynamics=list(spec.dynamics),
                options=dict(game.options),
                clock=None if clock is None else clock.to_dict(),
                bots=available_bots(name),
            )
        )
    return result


def _pick(values: list[float], q: float) -> float | None:
    """The ``q`` quantile of sorted seconds, in ms."""
    if not values:
        return None
    return round(values[min(len(values) - 1, int(q * len(values)))] * 1000, 3)


@router.get("/api/stats")
async def stats(request: Request) -> dict[str, Any]:
    """Server-side figures: matches in memory, submit-to-ack latency (host step plus
    commit) percentiles in ms, group commits, tick lateness."""
    hub = hub_of(request)
    acks = sorted(hub.ack_latencies)
    late = sorted(x for live in hub.live.values() for x in live.match.tick_lateness)
    return {
        "matches_in_memory": len(hub.live),
        "acks": len(acks),
        "ack_ms": {"p50": _pick(acks, 0.5), "p99": _pick(acks, 0.99), "max": _pick(acks, 1.0)},
        "commit_groups": hub.writer.groups,
        "committed_steps": hub.writer.steps,
        "ticks": len(late),
        "tick_late_ms": {
            "p50": _pick(late, 0.5),
            "p99": _pick(late, 0.99),
            "max": _pick(late, 1.0),
        },
    }
