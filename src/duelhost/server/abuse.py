"""A bounded loopback benchmark of the server's limits: does one abusive client slow the others?

``python -m duelhost.server.abuse [--clients 20] [--seconds 10] [--think 0.5]`` starts its own
``duelhost serve`` with its default settings (so every quota is on) on 127.0.0.1 with a
temporary SQLite file. ``clients`` well-behaved clients, each from its own loopback address
(127.0.0.10, .11, ...), create matches of a game with simultaneous decisions (``--game``; by
default the first such game registered) and play both seats over WebSocket, each move after a
think time drawn uniformly from 0 to twice ``--think`` seconds; the submit-to-ack latency of
every move is measured (the load test's seat client, ``loadtest._seat_client``).

The run has two halves of ``seconds`` each: the clients alone, then the same clients with one
abusive client beside them. The abuser runs in its own process (so its work does not delay the
measuring clients' event loop) from 127.0.0.250 and 127.0.0.251 and, as fast as it can over
nine connections, creates matches, lists games, posts 1 MB bodies, and floods a live stream
with pings and over-long messages. Every well-behaved match stops when its half's time is up.

It prints one JSON object: the ack count, p50 and p99 of both halves, the well-behaved
clients' errors, and what the abuser got (statuses, stream replies). The figures are recorded in
docs/performance.md; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import duelhost
from duelhost.core.registry import spec as game_spec
from duelhost.server.client import seat_tokens_async
from duelhost.server.loadtest import Figures, _seat_client, percentile, served

ABUSER = "127.0.0.250"
ABUSER_STREAM = "127.0.0.251"


async def _client(
    base: str, game: str, number: int, until: float, think: float, figures: Figures
) -> None:
    """One well-behaved client: a match at a time, both seats played until ``until``."""
    address = f"127.0.0.{10 + number}"
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while time.monotonic() < until - 1.0:
            response = await http.post("/api/matches", json={"game": game, "clock": None})
            if response.status_code != 201:
                figures.errors.append(f"client {number}: {response.status_code} {response.text}")
                await asyncio.sleep(1.0)
                continue
            made = response.json()
            tokens = await seat_tokens_async(http, made)
            sent: dict[int, dict[int, float]] = {0: {}, 1: {}}
            await asyncio.gather(
                *(
                    _seat_client(
                        base,
                        made["id"],
                        seat,
                        token,
                        figures,
                        until,
                        sent,
                        False,
                        think,
                        address,
                    )
                    for seat, token in enumerate(tokens)
                    if token is not None
                )
            )


OVERTIME = 60.0
"""How long past its time the abuser keeps going until it has met every limit: on a loaded
machine it may be too slow to reach the request rate or the creation quota in its time."""


def _going(until: float, refused: bool) -> bool:
    """Whether an abuser's loop goes on: until its time, then until it has been refused (at
    most ``OVERTIME`` more)."""
    now = time.monotonic()
    return now < until or (not refused and now < until + OVERTIME)


async def _requests(base: str, game: str, until: float, seen: Counter[str]) -> None:
    """One of the abuser's request loops: creations, reads and 1 MB bodies, back to back."""
    transport = httpx.AsyncHTTPTransport(local_address=ABUSER)
    big = b'{"game": "' + b"x" * 1_000_000 + b'"}'
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while _going(until, seen["HTTP 429"] > 0 and seen["HTTP 413"] > 0):
            for request in (
                http.post("/api/matches", json={"game": game}),
                http.get("/api/games"),
                http.post(
                    "/api/matches", content=big, headers={"content-type": "application/json"}
                ),
            ):
                try:
                    seen[f"HTTP {(await request).status_code}"] += 1
                except httpx.HTTPError as error:
                    seen[f"HTTP {type(error).__name__}"] += 1


async def _stream_flood(base: str, game: str, until: float, seen: Counter[str]) -> None:
    """The abuser's live stream: pings with long refs and messages over the size limit."""
    transport = httpx.AsyncHTTPTransport(local_address=ABUSER_STREAM)
    async with httpx.AsyncClient(base_url=base, transport=transport) as http:
        made = (await http.post("/api/matches", json={"game": game})).json()
        token = (await seat_tokens_async(http, made))[0]
    uri = base.replace("http", "ws") + f"/api/matches/{made['id']}/live"
    try:
        async with connect(uri, local_addr=(ABUSER_STREAM, 0)) as ws:
            await ws.send(json.dumps({"token": token}))
            while _going(until, seen["stream error"] > 0):
                await ws.send(json.dumps({"type": "ping", "ref": "x" * 150}))
                await ws.send("x" * 100_000)  # over the message size
                with contextlib.suppress(TimeoutError):
                    while True:
                        data = json.loads(await asyncio.wait_for(ws.recv(), 0.01))
                        seen[f"stream {data.get('type')}"] += 1
    except Exception as error:  # the server may close an abusive stream: that is counted
        seen[f"stream closed: {type(error).__name__}"] += 1


def _abuse(base: str, game: str, seconds: float) -> dict[str, int]:
    """The abuser's process: eight request loops and a stream flood for ``seconds`` (and on
    until each has been refused, at most ``OVERTIME`` more)."""

    async def everything() -> Counter[str]:
        seen: Counter[str] = Counter()
        until = time.monotonic() + seconds
        loops = [_requests(base, game, until, seen) for _ in range(8)]
        await asyncio.gather(*loops, _stream_flood(base, game, until, seen))
        return seen

    return dict(asyncio.run(everything()))


async def _half(
    base: str, game: str, clients: int, seconds: float, think: float, abuser: Any
) -> tuple[Figures, dict[str, int]]:
    figures = Figures()
    until = time.monotonic() + seconds
    players = asyncio.gather(
        *(_client(base, game, n, until, think, figures) for n in range(clients))
    )
    if abuser is None:
        await players
        return figures, {}
    loop = asyncio.get_running_loop()
    abused = loop.run_in_executor(abuser, _abuse, base, game, seconds)
    _, seen = await asyncio.gather(players, abused)
    return figures, seen


def simultaneous_game() -> str:
    """The first registered game whose decisions are simultaneous and enumerated."""
    for name in duelhost.list_games():
        spec = game_spec(name)
        if spec.dynamics == ("simultaneous",) and spec.legal_enumerated:
            return name
    raise RuntimeError("no registered game has simultaneous, enumerated decisions")


def _figures(figures: Figures) -> dict[str, Any]:
    return {
        "acks": len(figures.acks),
        "p50_ms": round(percentile(figures.acks, 50) * 1000, 1),
        "p99_ms": round(percentile(figures.acks, 99) * 1000, 1),
        "max_ms": round(max(figures.acks, default=float("nan")) * 1000, 1),
        "errors": figures.errors[:10],
    }


def run(
    clients: int, seconds: float, think: float, game: str | None = None, db: str | None = None
) -> dict[str, Any]:
    """Both halves against one server; the figures as one dictionary."""
    game = game or simultaneous_game()
    workdir = Path(tempfile.mkdtemp(prefix="duelhost-abuse-"))
    db = db or f"sqlite:///{workdir / 'abuse.sqlite3'}"
    # The abuser's process is started before the first half so its start-up is not measured.
    with served(db, [], workdir) as base, ProcessPoolExecutor(1) as abuser:
        abuser.submit(time.sleep, 0).result()
        alone, _ = asyncio.run(_half(base, game, clients, seconds, think, None))
        attacked, seen = asyncio.run(_half(base, game, clients, seconds, think, abuser))
    return {
        "game": game,
        "clients": clients,
        "seconds": seconds,
        "think_mean_s": think,
        "db": db.split("://")[0],
        "load_average": round(os.getloadavg()[0], 2),
        "alone": _figures(alone),
        "with_abuser": _figures(attacked),
        "abuser": seen,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=0.5, help="mean think time, seconds")
    parser.add_argument("--game", default=None)
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    arguments = parser.parse_args()
    figures = run(
        arguments.clients, arguments.seconds, arguments.think, arguments.game, arguments.db
    )
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
