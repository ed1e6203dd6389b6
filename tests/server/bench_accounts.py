"""Benchmarks of the accounts (issue 30 point 5), against a real ``duelhost serve`` process on
loopback:

- ``seeks``: the lobby holds ``--open`` open seeks (1,000: stored before the server starts, by
  as many accounts); ``--clients`` real WebSocket clients hold ``/api/lobby/live`` open; one
  more account posts a seek and withdraws it, ``--posts`` times. For each post: the time from
  the request leaving to the moment the last client has the new seek (every client updated).
  Prints p50 / p99 / max.
- ``signin``: a bystander asks ``GET /api/seeks`` every 20 ms, first on a quiet server, then
  while ``--signers`` clients sign in with a password back to back (argon2id, 64 MiB, 3
  passes: the server's defaults); prints the bystander's p50 / p99 / max in both phases and
  the sign-ins done.

Run: ``PYTHONPATH=$PWD/src:$PWD python -m tests.server.bench_accounts seeks`` (or ``signin``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from duelhost.store import Store
from duelhost.store.accounts import Account, AccountStore
from duelhost.store.offers import Offer, OfferStore
from tests.server.bench_hostile import BOOT, figures
from tests.server.live import ROOT, free_port

PASSWORD = "correct horse battery"


class Serving:
    """A ``duelhost serve`` process on a free port and the SQLite file ``db``."""

    def __init__(self, db: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-c", BOOT, "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--db", f"sqlite:///{db}", *extra],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


def seeded(open_seeks: int) -> Path:
    """A database with ``open_seeks`` open Goofspiel seeks, one per account."""
    db = Path(tempfile.mkdtemp(prefix="duelhost-bench-")) / "bench.sqlite3"
    store = Store(f"sqlite:///{db}")
    people, book, now = AccountStore(store.engine), OfferStore(store.engine), time.time()
    for number in range(open_seeks):
        account = Account(secrets.token_hex(16), f"seeker{number}", "person", None, now, None)
        people.create_account(account)
        book.add_offer(
            Offer(
                secrets.token_hex(8), "seek", account.id, account.name, None, None, "goofspiel",
                {"galaxies": 1, "planets": 5}, None, False, False, None, None, now, now + 7200,
                "open", None,
            )
        )  # fmt: skip
    store.close()
    return db


async def signed_in(client: httpx.AsyncClient, base: str) -> str:
    name = "bench" + secrets.token_hex(3)
    answer = await client.post(
        base + "/api/accounts", json={"name": name, "password": PASSWORD}, headers={"Origin": base}
    )
    assert answer.status_code == 201, answer.text
    return name


async def listener(base: str, ready: asyncio.Event, seen: dict[str, list[float]]) -> None:
    """One lobby client: notes when each new seek reaches it."""
    uri = base.replace("http", "ws") + "/api/lobby/live"
    async with websockets.connect(uri, max_size=2**24, additional_headers={"Origin": base}) as ws:
        hello = json.loads(await ws.recv())
        assert hello["type"] == "hello"
        seen.setdefault("hello", []).append(len(hello["seeks"]))
        ready.set()
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "seek":
                seen.setdefault(message["seek"]["id"], []).append(time.perf_counter())


async def seeks(open_seeks: int, clients: int, posts: int) -> None:
    server = Serving(seeded(open_seeks), "--max-streams-per-client", str(clients + 10))
    base = server.url
    try:
        seen: dict[str, list[float]] = {}
        tasks = []
        for _ in range(clients):
            ready = asyncio.Event()
            tasks.append(asyncio.create_task(listener(base, ready, seen)))
            await ready.wait()
        assert seen["hello"] == [open_seeks] * clients, "every client saw every open seek"
        spans, firsts, answers = [], [], []
        async with httpx.AsyncClient(timeout=30) as poster:
            await signed_in(poster, base)
            for _ in range(posts):
                sent = time.perf_counter()
                answer = await poster.post(
                    base + "/api/seeks",
                    json={"game": "goofspiel", "options": {"galaxies": 1}, "clock": None},
                    headers={"Origin": base},
                )
                answers.append(time.perf_counter() - sent)
                assert answer.status_code == 201, answer.text
                seek_id = answer.json()["id"]
                while len(seen.get(seek_id, [])) < clients:
                    await asyncio.sleep(0.001)
                spans.append(max(seen[seek_id]) - sent)
                firsts.append(min(seen[seek_id]) - sent)
                await poster.delete(base + f"/api/seeks/{seek_id}", headers={"Origin": base})
                await asyncio.sleep(0.2)
        print(
            f"{open_seeks} open seeks, {clients} lobby clients: a new seek reached every "
            f"client in {figures(spans)}",
            flush=True,
        )
        print(f"  the first client: {figures(firsts)}; the POST's answer: {figures(answers)}")
        for task in tasks:
            task.cancel()
    finally:
        server.stop()


async def bystander(client: httpx.AsyncClient, url: str, until: float) -> list[float]:
    times = []
    while time.monotonic() < until:
        started = time.perf_counter()
        answer = await client.get(url)
        times.append(time.perf_counter() - started)
        assert answer.status_code == 200
        await asyncio.sleep(0.02)
    return times


async def signer(base: str, name: str, until: float) -> int:
    done = 0
    async with httpx.AsyncClient(timeout=60) as client:
        while time.monotonic() < until:
            answer = await client.post(
                base + "/api/session",
                json={"name": name, "password": PASSWORD},
                headers={"Origin": base},
            )
            assert answer.status_code == 200, answer.text
            done += 1
    return done


async def signin(seconds: float, signers: int) -> None:
    db = Path(tempfile.mkdtemp(prefix="duelhost-bench-")) / "bench.sqlite3"
    limits = ("--signins-per-minute", "100000", "--signins-per-name", "100000")
    server = Serving(db, *limits)
    base = server.url
    try:
        async with httpx.AsyncClient(timeout=30) as client:
            name = await signed_in(client, base)
            quiet = await bystander(client, base + "/api/seeks", time.monotonic() + seconds)
            until = time.monotonic() + seconds
            counts = asyncio.gather(*(signer(base, name, until) for _ in range(signers)))
            busy = await bystander(client, base + "/api/seeks", until)
            done = sum(await counts)
        print(f"bystander alone: {figures(quiet)}", flush=True)
        print(
            f"bystander while {signers} clients sign in ({done} sign-ins, "
            f"{done / seconds:.1f}/s): {figures(busy)}",
            flush=True,
        )
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("seeks", "signin"))
    parser.add_argument("--open", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--posts", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--signers", type=int, default=4)
    args = parser.parse_args()
    print(f"cpus {os.cpu_count()}, load {os.getloadavg()[0]:.2f}", flush=True)
    if args.what == "seeks":
        asyncio.run(seeks(args.open, args.clients, args.posts))
    else:
        asyncio.run(signin(args.seconds, args.signers))
    print(f"load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
