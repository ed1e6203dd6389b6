"""Operations endpoints of ``duelhost serve``: ``GET /healthz`` (the process answers),
``GET /readyz`` (it can take traffic: started, not shutting down, its database answers, its
writer thread runs) and ``GET /metrics`` (Prometheus text format, prometheus-client).

Metrics (one registry per app, so several apps in one process do not mix):

- ``duelhost_submissions_total``: submissions answered (``outcome`` = accepted / refused).
- ``duelhost_ack_seconds``: submit-to-ack latency inside the server (host step plus commit).
- ``duelhost_commit_seconds``: duration of one group commit; ``duelhost_committed_steps_total``.
- ``duelhost_live_matches``: unfinished matches hosted by this process.
- ``duelhost_open_sockets``: open live streams.
- ``duelhost_finished_matches_in_memory``: finished matches kept in memory (``max_finished_kept``
  at most); ``duelhost_replay_cache_bytes``: bytes of built replays kept
  (``replay_cache_bytes`` at most). With the two above, what a process's memory holds.
- ``duelhost_lease_takeovers_total``, ``duelhost_leases_lost_total``: matches taken over from
  a process whose lease expired or that handed them over, and matches this process lost.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from sqlalchemy import text

if TYPE_CHECKING:
    from duelhost.server.hub import Hub
    from duelhost.server.replays import Replays

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
READY_TIMEOUT = 2.0
"""Seconds the database has to answer a readiness check."""


class Metrics:
    """The Prometheus metrics of one server process."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.submissions = Counter(
            "duelhost_submissions",
            "Submissions answered, by outcome (accepted, or refused by the game).",
            ["outcome"],
            registry=self.registry,
        )
        self.ack_seconds = Histogram(
            "duelhost_ack_seconds",
            "Submit-to-ack latency inside the server: host step plus commit.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "duelhost_commit_seconds",
            "Duration of one group commit (one transaction, many steps).",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.committed_steps = Counter(
            "duelhost_committed_steps", "Steps committed to the store.", registry=self.registry
        )
        self.live_matches = Gauge(
            "duelhost_live_matches",
            "Unfinished matches hosted by this process.",
            registry=self.registry,
        )
        self.open_sockets = Gauge(
            "duelhost_open_sockets", "Open live streams.", registry=self.registry
        )
        self.finished_in_memory = Gauge(
            "duelhost_finished_matches_in_memory",
            "Finished matches kept in memory by this process.",
            registry=self.registry,
        )
        self.replay_cache_bytes = Gauge(
            "duelhost_replay_cache_bytes",
            "Bytes of built replays kept (encoded).",
            registry=self.registry,
        )
        self.lease_takeovers = Counter(
            "duelhost_lease_takeovers",
            "Matches this process took over (an expired or handed-over lease).",
            registry=self.registry,
        )
        self.leases_lost = Counter(
            "duelhost_leases_lost",
            "Matches this process lost to another one (it dropped them at once).",
            registry=self.registry,
        )

    def bind(self, hub: Hub) -> None:
        """Read the gauges off ``hub`` at each scrape and count its acks and commits."""
        self.live_matches.set_function(
            lambda: sum(1 for live in list(hub.live.values()) if not live.match.is_over)
        )
        self.open_sockets.set_function(
            lambda: sum(
                len(queues)
                for live in list(hub.live.values())
                for queues in list(live.subscribers.values())
            )
        )
        self.finished_in_memory.set_function(lambda: len(hub.finished_kept))
        hub.on_ack = self.ack
        hub.writer.on_commit = self.commit

    def bind_replays(self, replays: Replays) -> None:
        """Read the replay cache's size off ``replays`` at each scrape."""
        self.replay_cache_bytes.set_function(lambda: replays.size)

    def ack(self, seconds: float, accepted: bool) -> None:
        self.submissions.labels("accepted" if accepted else "refused").inc()
        self.ack_seconds.observe(seconds)

    def commit(self, seconds: float, steps: int) -> None:
        self.commit_seconds.observe(seconds)
        self.committed_steps.inc(steps)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


router = APIRouter()


def _hub(request: Request) -> Hub:
    return cast("Hub", request.app.state.hub)


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, Any]:
    """The process runs and its event loop answers."""
    return {"ok": True}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Whether this process should get traffic: 200, or 503 with the reasons."""
    hub = _hub(request)
    problems = []
    if not getattr(request.app.state, "started", False):
        problems.append("not started")
    if getattr(request.app.state, "draining", False):
        problems.append("shutting down")
    if not hub.writer.alive():
        problems.append("the writer thread has stopped")
    try:
        await asyncio.wait_for(asyncio.to_thread(_ping, hub), READY_TIMEOUT)
    except Exception as error:  # any failure to answer is "not ready", with its reason
        problems.append(f"the database does not answer: {type(error).__name__}: {error}")
    if problems:
        return JSONResponse({"ready": False, "problems": problems}, status_code=503)
    return JSONResponse({"ready": True, "database": hub.store.backend})


def _ping(hub: Hub) -> None:
    with hub.store.engine.connect() as connection:
        connection.execute(text("SELECT 1"))


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Prometheus metrics (text exposition format)."""
    found = cast(Metrics, request.app.state.metrics)
    return Response(found.exposition(), media_type=CONTENT_TYPE_LATEST)
