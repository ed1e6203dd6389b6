"""A bounded loopback benchmark of the server's limits: does one abusive client slow the others?

``python -m duelhost.server.abuse [--clients 20] [--seconds 10]`` starts its own ``duelhost
serve`` (default settings, so every quota is on) on 127.0.0.1 with a temporary SQLite file.
``clients`` well-behaved clients, each from its own loopback address (127.0.0.10, .11, ...),
play matches of a game with simultaneous decisions (``--game``; by default the first such
game registered) over WebSocket (one bid per seat as soon as it may act, like the load
test with no think time) and the submit-to-ack latency of each bid is measured. The run has
two halves of ``seconds`` each: the clients alone, then with one abusive client (127.0.0.250)
that floods match creations, reads, 1 MB bodies and stream messages as fast as it can. It
prints the ack percentiles of both halves and what the abuser got (statuses, errors).
The figures are recorded in docs/performance.md; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import duelhost
from duelhost.core.registry import spec as game_spec
from duelhost.server.loadtest import _free_port, percentile

ABUSER = "127.0.0.250"


async def _seat(base: str, match_id: str, token: str, address: str, acks: list[float]) -> None:
    """Play one seat: bid a random legal size whenever the seat must act; time each ack."""
    uri = base.replace("http", "ws") + f"/api/matches/{match_id}/live"
    rng = random.Random(token)
    async with connect(uri, local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"token": token, "text": False}))
        pending: dict[int, float] = {}
        ref, last, acted = 0, None, -1
        while True:
            data = json.loads(await ws.recv())
            if data.get("type") == "ack":
                acks.append(time.perf_counter() - pending.pop(data["ref"], time.perf_counter()))
            elif data.get("type") == "frame":
                last = data
            if last is None or pending:
                continue
            if last["is_over"]:
                return
            decision = last["view"].get("decision", last["n"])
            if last["seat"] in last["to_act"] and last.get("legal") and decision != acted:
                ref, acted = ref + 1, decision
                pending[ref] = time.perf_counter()
                message = {"type": "submit", "text": rng.choice(last["legal"]), "ref": ref}
                await ws.send(json.dumps(message))


async def _client(base: str, game: str, number: int, until: float, acks: list[float]) -> None:
    address = f"127.0.0.{10 + number}"
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while time.monotonic() < until:
            made = (
                await http.post(
                    "/api/matches",
                    json={"game": game, "clock": None},
                )
            ).json()
            if "id" not in made:
                await asyncio.sleep(1.0)  # over a quota: the well-behaved client waits
                continue
            tokens = [seat["token"] for seat in made["seats"]]
            await asyncio.gather(
                *(_seat(base, made["id"], token, address, acks) for token in tokens)
            )


async def _abuse(base: str, game: str, until: float, seen: Counter[str]) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=ABUSER)
    big = b'{"game": "' + b"x" * 1_000_000 + b'"}'
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while time.monotonic() < until:
            for request in (
                http.post("/api/matches", json={"game": game}),
                http.get("/api/games"),
                http.post(
                    "/api/matches", content=big, headers={"content-type": "application/json"}
                ),
            ):
                with contextlib.suppress(httpx.HTTPError):
                    seen[f"HTTP {(await request).status_code}"] += 1


async def _stream_flood(base: str, game: str, until: float, seen: Counter[str]) -> None:
    async with httpx.AsyncClient(
        base_url=base, transport=httpx.AsyncHTTPTransport(local_address="127.0.0.251")
    ) as http:
        made = (await http.post("/api/matches", json={"game": game})).json()
    uri = base.replace("http", "ws") + f"/api/matches/{made['id']}/live"
    with contextlib.suppress(Exception):
        async with connect(uri, local_addr=(ABUSER, 0)) as ws:
            await ws.send(json.dumps({"token": made["seats"][0]["token"]}))
            while time.monotonic() < until:
                await ws.send(json.dumps({"type": "ping", "ref": "x" * 150}))
                await ws.send("x" * 100_000)  # over the message size
                for _ in range(2):
                    data = json.loads(await ws.recv())
                    seen[f"stream {data.get('type')}"] += 1


async def _half(
    base: str, game: str, clients: int, seconds: float, abusive: bool
) -> tuple[list[float], Counter[str]]:
    acks: list[float] = []
    seen: Counter[str] = Counter()
    until = time.monotonic() + seconds
    tasks = [_client(base, game, n, until, acks) for n in range(clients)]
    if abusive:
        # One client, many connections at once: eight request loops and a message flood.
        tasks += [_abuse(base, game, until, seen) for _ in range(8)]
        tasks.append(_stream_flood(base, game, until, seen))
    await asyncio.gather(*tasks)
    return acks, seen


def simultaneous_game() -> str:
    """The first registered game whose decisions are simultaneous and enumerated."""
    for name in duelhost.list_games():
        spec = game_spec(name)
        if spec.dynamics == ("simultaneous",) and spec.legal_enumerated:
            return name
    raise RuntimeError("no registered game has simultaneous, enumerated decisions")


def run(clients: int, seconds: float, game: str | None = None) -> dict[str, Any]:
    game = game or simultaneous_game()
    workdir = tempfile.mkdtemp(prefix="duelhost-abuse-")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(Path(workdir) / "serve.log", "wb")  # noqa: SIM115 (closed below)
    command = "from duelhost.cli import main; main()"
    db = f"sqlite:///{Path(workdir) / 'abuse.sqlite3'}"
    process = subprocess.Popen(
        [sys.executable, "-c", command, "serve", "--port", str(port), "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=log,
        env=dict(os.environ),
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
        alone, _ = asyncio.run(_half(base, game, clients, seconds, abusive=False))
        attacked, seen = asyncio.run(_half(base, game, clients, seconds, abusive=True))
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()

    def figures(acks: list[float]) -> dict[str, float]:
        return {
            "acks": len(acks),
            "p50_ms": round(percentile(acks, 50) * 1000, 1),
            "p99_ms": round(percentile(acks, 99) * 1000, 1),
        }

    return {
        "game": game,
        "clients": clients,
        "seconds": seconds,
        "alone": figures(alone),
        "with_abuser": figures(attacked),
        "abuser": dict(seen),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default=None)
    arguments = parser.parse_args()
    print(json.dumps(run(arguments.clients, arguments.seconds, arguments.game), indent=2))


if __name__ == "__main__":
    main()
