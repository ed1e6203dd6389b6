"""Benchmark: 200 concurrent matches of one event on one server process (issue 31 point 6).

Starts a real ``duelhost serve`` (SQLite in a temporary folder, or ``--db``) and opens a Swiss
of Goofspiel (``--galaxies``) between ``--boards`` named guests and as many bots, the guests
rated above the bots so that every board of round 1 is a guest against a bot. This client
plays every guest: it opens each guest's invite (``GET /api/events/{id}/me``, then
``POST /api/invites/...``) and submits a legal bid for each seat every ``--every`` seconds (the
bot answers at once), so every board is a live match at the same time. Prints the time to
pair the round and to create its matches, the most matches on at once, the server's
submit-to-ack latency (p50 / p99 / max, ``GET /api/stats``) and the round's wall time.

Run: ``PYTHONPATH=$PWD/src python -m tests.server.bench_event_load`` (``--db
postgresql+psycopg://...`` for PostgreSQL; the database must exist and be empty).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import Server, free_port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--galaxies", type=int, default=1)
    parser.add_argument("--every", type=float, default=3.0)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="duelhost-event-bench-"))
    db = args.db or f"sqlite:///{folder / 'bench.sqlite3'}"
    server = Server(
        db, free_port(), ("--max-matches-per-client", "100000", "--requests-per-second", "100000")
    )
    try:
        asyncio.run(run(server.url, args))
    except Exception:
        print(server.output())
        raise
    finally:
        server.kill()


async def call(client: httpx.AsyncClient, method: str, url: str, **kwargs: Any) -> Any:
    """A request, again on a dropped connection (the server closes idle keep-alive
    connections: a reused one may be gone); its JSON answer."""
    for attempt in range(5):
        try:
            return (await client.request(method, url, **kwargs)).json()
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def play(client: httpx.AsyncClient, event_id: str, key: str, every: float) -> int:
    """Take the guest's seat and bid until the match is over; the number of bids."""
    me = await call(client, "GET", f"/api/events/{event_id}/me", headers=bearer(key))
    while me["game"] is None:
        await asyncio.sleep(1.0)
        me = await call(client, "GET", f"/api/events/{event_id}/me", headers=bearer(key))
    match_id, invite, seat = me["game"]["match"], me["game"]["invite"], me["game"]["seat"]
    token = (await call(client, "POST", f"/api/invites/{invite}"))["token"]
    bids = 0
    await asyncio.sleep(random.uniform(0, every))
    while True:
        state = await call(client, "GET", f"/api/matches/{match_id}", headers=bearer(token))
        if state["is_over"]:
            return bids
        fleets = state["view"].get("fleets", {}).get(str(seat), {})
        legal = [size for size, count in fleets.items() if count]
        if seat in state["to_act"] and legal:
            await call(
                client,
                "POST",
                f"/api/matches/{match_id}/submissions",
                headers=bearer(token),
                json={"text": random.choice(legal)},
            )
            bids += 1
        await asyncio.sleep(every)


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def run(url: str, args: argparse.Namespace) -> None:
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        entrants = [
            {"name": f"Guest {k}", "kind": "guest", "rating": 3000 - k} for k in range(args.boards)
        ]
        entrants += [
            {"name": f"Bot {k}", "kind": "bot", "bot": "random", "rating": 1000 - k}
            for k in range(args.boards)
        ]
        made = (
            await client.post(
                "/api/events",
                json={
                    "format": "swiss",
                    "game": "goofspiel",
                    "rounds": 1,
                    "options": {"galaxies": args.galaxies},
                    "clock": {"seconds": 60},
                    "entrants": entrants,
                },
            )
        ).json()
        event_id, host = made["id"], made["host_key"]
        began = time.monotonic()
        await client.post(f"/api/events/{event_id}/start", headers=bearer(host))
        paired = time.monotonic() - began
        players = [
            asyncio.create_task(play(client, event_id, e["key"], args.every))
            for e in made["entrants"].values()
        ]
        created = most = 0.0
        while not all(p.done() for p in players):
            boards = (
                await call(client, "GET", f"/api/events/{event_id}/boards", headers=bearer(host))
            )["boards"]
            if not created and len(boards) == args.boards:
                created = time.monotonic() - began
            most = max(most, sum(1 for b in boards if not b.get("over")))
            await asyncio.sleep(1.0)
        bids = sum(p.result() for p in players)
        stats = (await client.get("/api/stats")).json()
        print(
            f"{args.boards} boards: round paired in {paired:.2f} s, all matches created by "
            f"{created:.1f} s, at most {most:.0f} on at once, all over at "
            f"{time.monotonic() - began:.1f} s; {bids} bids; ack latency {stats['ack_ms']}"
        )


if __name__ == "__main__":
    main()
