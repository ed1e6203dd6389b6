"""Benchmarks of a hostile anonymous client on loopback (issue 32 point 5), against a real
``duelhost serve`` process:

- ``replays``: a bystander asks for a live match's state (``GET /api/matches/{id}``) every
  50 ms for ``--seconds``, first on a quiet server (the baseline), then while a second client
  posts a long record to ``POST /api/replay`` continuously, each time a different copy (so
  each is built afresh: the costly case; the server's replay budget is lifted for it). Prints
  the bystander's latency p50 / p99 / max in both phases, and the replays answered.
- ``abuse``: for ``--seconds``, an abusive client creates Multiplanetary bot matches on
  0.05 s ticks as fast as the server lets it, asks for their replays and holds as many live
  streams as it may; prints the server's RSS (``/proc/<pid>/status``) every 30 s and at the
  end, beside what its ``/metrics`` say memory holds (unfinished and finished matches in
  memory, the replay cache's bytes, open streams; absent from a server before them), and the
  refusals it got.

Run: ``PYTHONPATH=$PWD/src python -m tests.server.bench_hostile replays --seconds 30`` (or
``abuse --seconds 600``); ``--src PATH`` runs the server from another checkout's ``src`` (the
code before a change, for a figure side by side).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.server.live import ROOT, free_port

BOOT = "from duelhost.cli import main; main()"


class Serving:
    """A ``duelhost serve`` process on a free port, from ``src``."""

    def __init__(self, src: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        db = Path(tempfile.mkdtemp(prefix="duelhost-bench-")) / "bench.sqlite3"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                BOOT,
                "serve",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{db}",
                *extra,
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(src), str(ROOT)])},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


HELD = {
    "duelhost_live_matches": "unfinished",
    "duelhost_finished_matches_in_memory": "finished",
    "duelhost_replay_cache_bytes": "replay cache",
    "duelhost_open_sockets": "streams",
}
"""The server's gauges of what its memory holds, and their short names."""


async def held(client: httpx.AsyncClient, base: str) -> str:
    """What the server's ``/metrics`` say its memory holds, in a few words."""
    answer = await client.get(base + "/metrics")
    found = {}
    for line in answer.text.splitlines():
        name, _, value = line.partition(" ")
        if name in HELD:
            number = float(value)
            found[HELD[name]] = (
                f"{number / 2**20:.1f} MiB" if name.endswith("_bytes") else f"{number:.0f}"
            )
    return ", ".join(f"{name} {value}" for name, value in found.items())


def long_record() -> dict[str, Any]:
    """A finished Generalissimo match between random bots (a few hundred entries)."""
    import duelhost
    from duelhost.bots import make_bot
    from duelhost.bots.base import SeatHandle
    from duelhost.bots.budget import Budget, set_default

    set_default(Budget(1.0, 1))
    game = duelhost.load("generalissimo")
    state = game.new(seed=3)
    bots = [make_bot("random", game, seat, 3) for seat in (0, 1)]
    while not state.is_over:
        seat = state.to_act[0]
        state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    return json.loads(state.to_json())


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)} requests)"
    )


async def bystander(client: httpx.AsyncClient, url: str, until: float) -> list[float]:
    times = []
    while time.monotonic() < until:
        started = time.perf_counter()
        answer = await client.get(url)
        times.append(time.perf_counter() - started)
        assert answer.status_code == 200, answer.text
        await asyncio.sleep(0.05)
    return times


async def replayer(
    client: httpx.AsyncClient, base: str, record: dict[str, Any], until: float
) -> list[int]:
    statuses = []
    copy = 0
    while time.monotonic() < until:
        copy += 1
        answer = await client.post(base + "/api/replay", json={**record, "copy": copy}, timeout=120)
        statuses.append(answer.status_code)
    return statuses


async def replays(server: Serving, seconds: float) -> None:
    record = long_record()
    print(f"record: generalissimo, {len(record['history'])} entries", flush=True)
    async with httpx.AsyncClient(timeout=60) as client:
        made = await client.post(
            server.url + "/api/matches",
            json={"game": "goofspiel", "seats": [{"kind": "human"}] * 2, "clock": None},
        )
        url = f"{server.url}/api/matches/{made.json()['id']}"
        quiet = await bystander(client, url, time.monotonic() + seconds)
        print(f"bystander, quiet server: {figures(quiet)}", flush=True)
        until = time.monotonic() + seconds
        async with httpx.AsyncClient(timeout=120) as other:
            busy, statuses = await asyncio.gather(
                bystander(client, url, until), replayer(other, server.url, record, until)
            )
        print(f"bystander, replays built continuously: {figures(busy)}", flush=True)
        counts = {s: statuses.count(s) for s in sorted(set(statuses))}
        print(f"replays asked for: {len(statuses)}, answers by status {counts}", flush=True)


async def abuse(server: Serving, seconds: float) -> None:
    # Long bot matches on fast ticks (the issue's ~4.6 MB each in memory once finished).
    body = {
        "game": "multiplanetary",
        "clock": {"seconds": 0.05, "planning_seconds": 0},
        "seats": [{"kind": "bot", "bot": "random"}] * 2,
    }
    started = time.monotonic()
    statuses: dict[str, int] = {}
    sockets: list[Any] = []
    made_ids: list[str] = []
    next_report = started + 30
    ws_base = server.url.replace("http://", "ws://")
    async with httpx.AsyncClient(timeout=60) as client:
        while time.monotonic() < started + seconds:
            made = await client.post(server.url + "/api/matches", json=body)
            statuses[f"create {made.status_code}"] = (
                statuses.get(f"create {made.status_code}", 0) + 1
            )
            if made.status_code == 201:
                match_id = made.json()["id"]
                made_ids.append(match_id)
                # The replay of every match so far that is over (its first page).
                for earlier in made_ids:
                    replay = await client.get(f"{server.url}/api/matches/{earlier}/replay")
                    key = f"replay {replay.status_code}"
                    statuses[key] = statuses.get(key, 0) + 1
                try:
                    ws = await websockets.connect(f"{ws_base}/api/matches/{match_id}/live")
                    await ws.send("{}")
                    await asyncio.wait_for(ws.recv(), 5)
                    sockets.append(ws)
                    statuses["stream held"] = statuses.get("stream held", 0) + 1
                except Exception as error:  # refused: 4429 with its reason
                    key = f"stream refused ({type(error).__name__})"
                    statuses[key] = statuses.get(key, 0) + 1
            else:
                await asyncio.sleep(0.5)
            if time.monotonic() >= next_report:
                print(
                    f"{time.monotonic() - started:5.0f} s: RSS {server.rss_mb():.0f} MB "
                    f"({await held(client, server.url)}), {statuses}",
                    flush=True,
                )
                next_report += 30
        print(
            f"after {seconds:g} s: RSS {server.rss_mb():.0f} MB "
            f"({await held(client, server.url)}); {statuses}",
            flush=True,
        )
    for ws in sockets:
        await ws.close()


def _serve_help(src: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-c", BOOT, "serve", "--help"], capture_output=True, text=True, env=env
    )
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("replays", "abuse"))
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    args = parser.parse_args()
    # (A checkout from before the replay budget has no such option and no budget.)
    lifted = args.what == "replays" and "--replays-per-minute" in _serve_help(args.src)
    extra = ("--replays-per-minute", "100000") if lifted else ()
    server = Serving(args.src, *extra)
    print(
        f"server from {args.src}; cpus {os.cpu_count()}, load {os.getloadavg()[0]:.2f}", flush=True
    )
    try:
        asyncio.run(
            replays(server, args.seconds) if args.what == "replays" else abuse(server, args.seconds)
        )
    finally:
        print(f"load {os.getloadavg()[0]:.2f}", flush=True)
        server.stop()


if __name__ == "__main__":
    main()
