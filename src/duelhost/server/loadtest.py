"""``duelhost loadtest``: a bounded load benchmark of the match server on loopback.

It starts its own ``duelhost serve`` on 127.0.0.1 (a free port, a temporary SQLite file unless
``--db`` is given), creates N matches with two human seats each, then plays all of them at once
over WebSocket with random clients (each picks a random legal submission from its frame), for
at most the given number of seconds; its rates are over the time of play. It prints
submit-to-ack and reveal latency percentiles, the lateness of ticks (extra matches of a game
with tick decisions, on a 1-second tick), errors, and lost submissions (an acknowledged
receipt missing from the stored log after the server is stopped).
Unless named, the matches are of the first game (in name order) with simultaneous decisions,
the tick matches of the first with tick decisions.

With ``processes`` above 1 it starts that many ``duelhost serve --cluster`` processes on the
PostgreSQL database ``--db`` instead, and spreads the matches over them: match k is created on
process k mod N, which then holds its lease, and its two clients talk to that process (no
request is forwarded), so the figures are those of N processes sharing the load evenly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from websockets.asyncio.client import connect

from duelhost.core.errors import ConfigError
from duelhost.host.accepting import LATE
from duelhost.server.client import seat_tokens_async
from duelhost.server.stream import Frames, OutOfStep
from duelhost.store import Store


@dataclass
class Figures:
    acks: list[float] = field(default_factory=list)
    reveals: list[float] = field(default_factory=list)
    tick_late: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    receipts: dict[str, set[str]] = field(default_factory=dict)
    decisions: int = 0
    finished: int = 0
    late: int = 0
    """Submissions refused because their decision (a tick window) was over when they came."""
    lost: int = 0
    """Acknowledged receipts missing from the stored log after the server stopped."""
    creating: float = 0.0
    """Seconds spent creating the matches (and exchanging their invites), before any play."""
    play_started: float = 0.0
    """``time.monotonic()`` when the seats' clients started."""
    playing: float = 0.0
    """Seconds from the start of play to the end of the last seat's client."""
    servers: list[dict[str, Any]] = field(default_factory=list)
    """Each server process's ``/api/stats`` at the end."""


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def served(
    db: str, options: list[str], workdir: Path, log_name: str = "serve.log"
) -> Iterator[str]:
    """A ``duelhost serve`` process on a free loopback port for the length of the block: yields
    its base URL once it answers, stops it with SIGTERM after. Its messages go to ``log_name``
    in ``workdir`` (a pipe nobody reads during a run could fill and block it)."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server_log = open(workdir / log_name, "wb")  # noqa: SIM115 (closed below)
    command = [sys.executable, "-c", "from duelhost.cli import main; main()", "serve"]
    process = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port), "--db", db, *options],
        stdout=subprocess.DEVNULL,
        stderr=server_log,
        env=dict(os.environ),
    )
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise ConfigError(f"the server did not start; see {server_log.name}")
        yield base
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        server_log.close()


@contextlib.contextmanager
def served_all(db: str, options: list[str], workdir: Path, count: int) -> Iterator[list[str]]:
    """``count`` server processes (``--cluster`` when more than one), their base URLs."""
    if count == 1:
        with served(db, options, workdir) as base:
            yield [base]
        return
    with contextlib.ExitStack() as stack:
        yield [
            stack.enter_context(served(db, [*options, "--cluster"], workdir, f"serve-{n}.log"))
            for n in range(count)
        ]


TICK_SECONDS = 1.0
"""The tick of the load test's tick matches."""


async def _act(
    ws: Any,
    seat: int,
    decision: int,
    text: str,
    ref: int,
    delay: float,
    sent: dict[int, dict[int, float]],
    pending: dict[int, float],
) -> None:
    if delay:
        await asyncio.sleep(delay)
    sent[seat][decision] = pending[ref] = time.perf_counter()
    with contextlib.suppress(Exception):  # the run's time is up and the socket closed
        await ws.send(
            json.dumps(
                {
                    "type": "submit",
                    "text": text,
                    "ref": ref,
                    "key": f"{seat}-{decision}",
                    "decision": decision,
                }
            )
        )


def _note_reply(
    data: dict[str, Any],
    match_id: str,
    seat: int,
    now: float,
    pending: dict[int, float],
    figures: Figures,
) -> None:
    """An acknowledgement (its latency and receipt) or an error."""
    if data.get("type") == "ack":
        started = pending.pop(data["ref"], None)
        if started is not None:
            figures.acks.append(now - started)
        if data.get("receipt"):
            figures.receipts.setdefault(match_id, set()).add(data["receipt"])
    elif data.get("type") == "error":
        error = str(data.get("error"))
        if error.startswith(LATE):
            # Orders pinned to a tick window that closed while the player thought: refused, as
            # they should be, so they cannot land on top of the next window's own orders.
            pending.pop(data.get("ref", -1), None)
            figures.late += 1
        else:
            figures.errors.append(f"{match_id} seat {seat}: {error}")


def _note_reveals(
    decision: int,
    now: float,
    sent: dict[int, dict[int, float]],
    revealed: set[int],
    figures: Figures,
) -> None:
    """Reveal latency of every decision that resolved before ``decision``: from the later of
    the two submissions to the frame that shows it resolved. (A tick match reveals at its tick
    by design: that is measured as tick lateness instead.)"""
    for earlier in [d for d in sent[0] if d < decision and d not in revealed]:
        revealed.add(earlier)
        times = [sent[s].get(earlier) for s in (0, 1)]
        if all(t is not None for t in times):
            figures.reveals.append(now - max(t for t in times if t is not None))
            figures.decisions += 1


@dataclass
class _Seat:
    """What one seat's client of the load test keeps while it plays."""

    match_id: str
    seat: int
    figures: Figures
    sent: dict[int, dict[int, float]]
    tick: bool
    think: float
    rng: random.Random
    acted: set[int] = field(default_factory=set)
    pending: dict[int, float] = field(default_factory=dict)
    revealed: set[int] = field(default_factory=set)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    counter: int = 0

    def note(self, data: dict[str, Any], now: float) -> None:
        """A whole frame: the reveals and tick lateness it shows (seat 0 counts them)."""
        if self.seat != 0:
            return
        if self.tick:
            self.figures.tick_late.extend(
                float(e["late"]) for e in data["events"] if e.get("type") == "tick"
            )
        else:
            _note_reveals(data["view"]["decision"], now, self.sent, self.revealed, self.figures)

    def act(self, ws: Any, data: dict[str, Any]) -> None:
        """Choose and send (after thinking) a submission for the frame's decision, if it is
        this seat's to make and not made yet."""
        decision = data["view"]["decision"]
        if self.seat not in data["to_act"] or decision in self.acted:
            return
        if data.get("orders") is not None:
            return
        legal = data.get("legal")
        text = self.rng.choice(legal) if legal else "wait"
        self.acted.add(decision)
        self.counter += 1
        delay = self.rng.uniform(0, 2 * self.think) if self.think > 0 else 0.0
        if self.tick:
            # Orders are for the tick window they were chosen in: a player who thought past
            # it would send them into the next window, on top of that window's own (more
            # ships than the planet has).
            delay = min(delay, TICK_SECONDS / 2)
        # A player thinks while the client keeps reading its socket.
        task = asyncio.create_task(
            _act(ws, self.seat, decision, text, self.counter, delay, self.sent, self.pending)
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def _seat_client(
    base: str,
    match_id: str,
    seat: int,
    token: str,
    figures: Figures,
    stop: float,
    sent: dict[int, dict[int, float]],
    tick: bool,
    think: float,
    local_address: str | None = None,
) -> None:
    rng = random.Random(hash((match_id, seat)))
    me = _Seat(match_id, seat, figures, sent, tick, think, rng)
    ws_url = base.replace("http://", "ws://") + f"/api/matches/{match_id}/live"
    try:
        bind: dict[str, Any] = {"local_addr": (local_address, 0)} if local_address else {}
        async with connect(ws_url, max_size=2**24, open_timeout=30, **bind) as ws:
            # Delta frames, without the text rendering (a program reads the view).
            await ws.send(json.dumps({"token": token, "text": False, "delta": True}))
            await _play(ws, me, stop)
    except Exception as error:  # a benchmark reports failures, it does not stop on them
        figures.errors.append(f"{match_id} seat {seat}: {type(error).__name__}: {error}")


async def _play(ws: Any, me: _Seat, stop: float) -> None:
    """Read the seat's frames until the match ends or the time is up, acting on each."""
    frames = Frames()
    while time.monotonic() < stop:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
        except TimeoutError:
            return
        data = json.loads(raw)
        now = time.perf_counter()
        if data.get("type") != "frame":
            _note_reply(data, me.match_id, me.seat, now, me.pending, me.figures)
            continue
        try:
            taken = frames.take(data)
        except OutOfStep as error:
            me.figures.errors.append(f"{me.match_id} seat {me.seat}: {error}")
            await ws.send(json.dumps({"type": "full"}))
            continue
        if taken is None:
            continue
        me.note(taken, now)
        if taken["is_over"]:
            if me.seat == 0:
                me.figures.finished += 1
            return
        me.act(ws, taken)


async def _run(
    bases: list[str],
    matches: int,
    game: str,
    seconds: float,
    tick_matches: int,
    figures: Figures,
    think: float = 0.0,
    tick_game: str = "",
) -> list[str]:
    ids: list[str] = []
    made: list[tuple[str, str, list[str | None], bool]] = []
    started = time.monotonic()
    async with httpx.AsyncClient(timeout=30) as client:
        plan = [(game, None)] * matches + [
            (tick_game, {"seconds": TICK_SECONDS, "planning_seconds": 0.0})
        ] * tick_matches
        for number, (name, clock) in enumerate(plan):
            base = bases[number % len(bases)]
            body: dict[str, Any] = {
                "game": name,
                "seed": number,
                "seats": [{"kind": "human"}, {"kind": "human"}],
            }
            if clock is not None:
                body["clock"] = clock
            response = await client.post(base + "/api/matches", json=body)
            if response.status_code != 201:
                raise ConfigError(f"cannot create a {name} match: {response.text}")
            match_id = response.json()["id"]
            tokens = await seat_tokens_async(client, response.json(), base)
            ids.append(match_id)
            made.append((base, match_id, tokens, clock is not None))
    # Every match is created before any is played, so that all of them play at once for the
    # whole run (created one by one beside the live ones, the first were over before the last
    # began: a match of instant clients may last about a second).
    figures.creating = time.monotonic() - started
    figures.play_started = time.monotonic()
    stop = figures.play_started + seconds
    tasks = []
    for base, match_id, tokens, tick in made:
        sent: dict[int, dict[int, float]] = {0: {}, 1: {}}
        for seat in (0, 1):
            token = tokens[seat]
            assert token is not None  # both seats are human
            tasks.append(
                asyncio.create_task(
                    _seat_client(base, match_id, seat, token, figures, stop, sent, tick, think)
                )
            )
    await asyncio.gather(*tasks)
    figures.playing = time.monotonic() - figures.play_started
    async with httpx.AsyncClient(timeout=30) as client:
        figures.servers = [(await client.get(base + "/api/stats")).json() for base in bases]
    return ids


def first_game(dynamics: str) -> str | None:
    """The first registered game, in name order, with decisions of this kind."""
    from duelhost.core.registry import list_games, spec

    return next((name for name in list_games() if dynamics in spec(name).dynamics), None)


def run_loadtest(
    matches: int,
    game: str | None,
    seconds: float,
    tick_matches: int,
    db: str | None,
    console: Console,
    think: float = 0.0,
    tick_game: str | None = None,
    processes: int = 1,
) -> Figures:
    """Run the benchmark and print its figures (see the module docstring)."""
    game, tick_game = _games(game, tick_game, processes, db)
    if tick_game is None:
        tick_matches = 0
    workdir = tempfile.mkdtemp(prefix="duelhost-loadtest-")
    url = db or f"sqlite:///{Path(workdir) / 'loadtest.sqlite3'}"
    figures = Figures()
    started = time.monotonic()
    # One client plays every match of the benchmark, and its players answer at once: lift the
    # per-client quotas and the stream's message rate (a seat of an instant client sends more
    # than 20 submissions a second).
    lifted = [
        "--max-matches-per-client",
        "1000000",
        "--max-live-per-client",
        "1000000",
        "--requests-per-second",
        "1000000",
        "--ws-messages-per-second",
        "1000000",
        "--max-streams",
        "1000000",
        "--max-streams-per-client",
        "1000000",
    ]
    options = [*lifted, "--max-live-matches", "1000000"]
    with served_all(url, options, Path(workdir), processes) as bases:
        ids = asyncio.run(
            _run(bases, matches, game, seconds, tick_matches, figures, think, tick_game or "")
        )
    elapsed = time.monotonic() - started
    store = Store(url)
    for match_id in ids:
        stored = {e.get("receipt") for e in store.log(match_id)}
        figures.lost += len(figures.receipts.get(match_id, set()) - stored)
    store.close()
    _print_figures(
        console,
        figures,
        f"{matches} {game} matches + {tick_matches} {tick_game} (1 s ticks)",
        think,
        elapsed,
        url,
        processes,
        bool(tick_matches),
    )
    return figures


def _games(
    game: str | None, tick_game: str | None, processes: int, db: str | None
) -> tuple[str, str | None]:
    """The load test's game and tick game (ConfigError for an unknown one, or for several
    processes without PostgreSQL)."""
    import duelhost

    if processes > 1 and not (db or "").startswith("postgresql"):
        raise ConfigError(
            "several processes share a PostgreSQL database: give --db postgresql+psycopg://..."
        )
    game = game or first_game("simultaneous") or duelhost.list_games()[0]
    for name in (game, tick_game):
        if name is not None and name not in duelhost.list_games():
            raise ConfigError(
                f"unknown game {name!r}; the games are {', '.join(duelhost.list_games())}"
            )
    return game, tick_game or first_game("tick")


def _print_figures(
    console: Console,
    figures: Figures,
    what: str,
    think: float,
    elapsed: float,
    url: str,
    processes: int,
    ticks: bool,
) -> None:
    ms = 1000.0
    console.print(
        f"loadtest: {what}, think time mean {think:g} s, loopback, {elapsed:.1f} s "
        f"(matches created in {figures.creating:.1f} s, then played for {figures.playing:.1f} s), "
        f"cpus {os.cpu_count()}, server processes {processes}",
        highlight=False,
    )
    console.print(
        f"  [{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, load average {os.getloadavg()[0]:.2f}; store {url}]",
        highlight=False,
    )
    console.print(
        f"  submissions acknowledged: {len(figures.acks)} "
        f"({len(figures.acks) / max(figures.playing, 1e-9):.0f}/s); decisions revealed: "
        f"{figures.decisions}; matches finished: {figures.finished}"
    )
    for label, values in (("submit-to-ack", figures.acks), ("reveal", figures.reveals)):
        console.print(
            f"  {label:<14} p50 {percentile(values, 50) * ms:7.1f} ms  "
            f"p90 {percentile(values, 90) * ms:7.1f} ms  "
            f"p99 {percentile(values, 99) * ms:7.1f} ms  "
            f"max {max(values, default=float('nan')) * ms:7.1f} ms"
        )
    if ticks:
        values = figures.tick_late
        console.print(
            f"  tick lateness  p50 {percentile(values, 50) * ms:7.1f} ms  "
            f"p99 {percentile(values, 99) * ms:7.1f} ms  "
            f"max {max(values, default=float('nan')) * ms:7.1f} ms  ({len(values)} ticks)"
        )
    for number, server in enumerate(figures.servers):
        who = f"server {number + 1}" if len(figures.servers) > 1 else "server side"
        console.print(
            f"  {who}: ack (host step + commit) p50 {server['ack_ms']['p50']} ms, "
            f"p99 {server['ack_ms']['p99']} ms; {server['committed_steps']} steps in "
            f"{server['commit_groups']} group commits; ticks late p99 "
            f"{server['tick_late_ms']['p99']} ms",
            highlight=False,
        )
    console.print(f"  errors: {len(figures.errors)}; lost submissions: {figures.lost}")
    if figures.late:
        console.print(f"  orders refused as late (their tick window had closed): {figures.late}")
    for error in figures.errors[:5]:
        console.print(f"    {error}", highlight=False)
