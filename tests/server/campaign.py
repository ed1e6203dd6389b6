"""The fault campaign of several server processes on one PostgreSQL database (issue 18, point 3);
run in CI by ``tests/server/test_campaign.py``.

``run_campaign`` starts ``processes`` real ``duelhost serve --cluster`` processes on loopback,
creates ``matches`` matches (a fifth of them Multiplanetary on a 1-second tick, the rest
Goofspiel) whose seats are played over WebSocket by random clients that connect to any process,
SIGKILLs one process every ``kill_every`` seconds and starts it again at once, for ``seconds``.
Clients reconnect to another process with the last frame number they saw and resend a
submission that got no answer with the same idempotency key. At the end, from the database:

- acknowledged submissions missing from the log (must be 0),
- submissions stored twice (the same seat and key twice in one log; must be 0),
- forked logs: a match whose sequence numbers are not 1..n, or whose entries' lease epochs go
  down along the log (an entry of an older owner after a newer one's; must be 0),
- finished matches whose record does not verify (``duelhost verify``'s check; must be 0),
- takeover times: from each SIGKILL to the moment another process held each of the killed
  process's live matches (its lease claimed, p50/p99), and to the moment it hosted the match
  again (rebuilt from its log, clock armed: the "match taken over" line of the process's log),
  with where the time went: the killed lease's remaining time, the wait from its expiry to the
  claim, and the rebuild (split, for matches the takeover scan rebuilt, into the claim to the
  read of its batch's rows and logs, the read to the end of its own replay, and from there to
  hosted on the event loop).

Run alone (a longer campaign): ``python -m tests.server.campaign --seconds 1800 --matches 500
--spread 1500``: ``--spread`` creates the matches one by one over that many seconds instead of
all at the start, so that the crashes of the whole run find live matches to take over
(``--logs DIR`` keeps every process's log).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from duelhost.cli.commands.verify import verify_record
from duelhost.server.client import seat_tokens_async
from tests.server.live import Server, free_port

TICK = {"mode": "tick", "seconds": 1.0, "planning_seconds": 1.0}
CLUSTER_OPTIONS = (
    "--cluster",
    # Every client of the campaign comes from 127.0.0.1: the per-client quotas would refuse it.
    "--max-matches-per-client",
    "100000",
    "--max-live-per-client",
    "100000",
    "--requests-per-second",
    "100000",
)
RESEND_AFTER = 4.0
"""Seconds without an answer after which a client resends its submission (same key)."""


@dataclass
class Outcome:
    acks: dict[tuple[str, int, str], dict[str, Any]] = field(default_factory=dict)
    """(match, seat, key) -> the ack."""
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0
    kills: list[float] = field(default_factory=list)
    takeovers: list[float] = field(default_factory=list)
    """Seconds from a SIGKILL to another process's claim of each match the killed one held."""
    served: list[float] = field(default_factory=list)
    """Seconds from a SIGKILL to another process hosting each such match again."""
    stages: dict[str, list[float]] = field(default_factory=dict)
    """The parts of ``served``: ``lease left`` (SIGKILL to the lease's expiry), ``to claim``
    (expiry to claim), ``rebuild`` (claim to hosted)."""
    claims: list[tuple[str, int, float]] = field(default_factory=list)
    """(match, new epoch, SIGKILL time) of each takeover ``takeovers`` measured."""
    logs: list[str] = field(default_factory=list)
    """The server processes' logs (read before each is killed or stopped)."""
    lines: dict[str, int] = field(default_factory=dict)
    """How many "lease lost" and "takeover failed" lines the logs hold."""
    missing: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    forked: list[str] = field(default_factory=list)
    unverified: list[str] = field(default_factory=list)
    finished: int = 0
    matches: int = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


class Nodes:
    """The server processes, by port; one may be down for a moment."""

    def __init__(self, db: str, count: int) -> None:
        self.db = db
        self.ports = [free_port() for _ in range(count)]
        self.servers: dict[int, Server] = {}
        self.ids: dict[int, str] = {}
        for port in self.ports:
            self.start(port)

    def start(self, port: int) -> None:
        for attempt in range(2):  # a loaded machine may start a process slowly
            try:
                server = Server(self.db, port, CLUSTER_OPTIONS)
            except RuntimeError:
                if attempt == 1:
                    raise
                continue
            self.servers[port] = server
            self.ids[port] = _node_id(server)
            return

    def url(self, rng: random.Random) -> str:
        """Any process's address (a client may find it down, as a real one would)."""
        return f"http://127.0.0.1:{rng.choice(self.ports)}"

    def up_url(self, rng: random.Random) -> str:
        """A process that is up, for the checks at the end (on a loaded machine a restart may
        fail: that failure is in the outcome's errors, and the checks still run)."""
        running = [port for port in self.ports if port in self.ids] or self.ports
        return f"http://127.0.0.1:{rng.choice(running)}"

    def stop(self, logs: list[str]) -> None:
        """SIGTERM every process still running and keep its log (a killed process's log was
        read when it was killed)."""
        live = [s for s in self.servers.values() if not s.log.closed]
        for server in live:
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGTERM)
        for server in live:
            with contextlib.suppress(Exception):
                server.process.wait(timeout=30)
            logs.append(Path(server.log.name).read_text(errors="replace"))
            server.kill()


def _node_id(server: Server) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        # The whole log: a busy process's later lines push "node started" out of output()'s
        # tail (the 30-minute run then counted three restarts as failed).
        for line in Path(server.log.name).read_text(errors="replace").splitlines():
            if line.startswith("{") and '"node started"' in line:
                return str(json.loads(line)["node"])
        time.sleep(0.1)
    raise RuntimeError(f"no node id printed: {server.output()}")


async def _seat(
    nodes: Nodes, match_id: str, seat: int, token: str, stop: float, outcome: Outcome
) -> None:
    rng = random.Random(hash((match_id, seat)))
    last = -1
    pending: dict[str, str] = {}  # key -> text, sent and not answered
    acted: set[int] = set()
    over = False
    while not over and time.monotonic() < stop:
        url = nodes.url(rng).replace("http://", "ws://") + f"/api/matches/{match_id}/live"
        try:
            async with connect(url, max_size=2**24, open_timeout=5) as ws:
                await ws.send(json.dumps({"token": token, "after": last}))
                for key, sent in pending.items():
                    await ws.send(json.dumps({"type": "submit", "text": sent, "key": key}))
                while time.monotonic() < stop:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=RESEND_AFTER)
                    except TimeoutError:
                        for key, sent in pending.items():
                            await ws.send(json.dumps({"type": "submit", "text": sent, "key": key}))
                        continue
                    data = json.loads(raw)
                    kind = data.get("type")
                    if kind == "ack":
                        key = str(data.get("ref"))
                        if pending.pop(key, None) is not None and data.get("accepted"):
                            outcome.acks[(match_id, seat, key)] = data
                    elif kind == "error":
                        message = str(data.get("error"))
                        key = str(data.get("ref"))
                        if "try again" not in message and pending.pop(key, None) is not None:
                            outcome.refused += 1  # refused by the game (e.g. a late order)
                    elif kind == "frame":
                        last = int(data["n"])
                        if data["is_over"]:
                            over = True
                            break
                        decision = int(data["view"]["decision"])
                        if (
                            seat in data["to_act"]
                            and decision not in acted
                            and not data.get("orders")
                        ):
                            acted.add(decision)
                            legal = data.get("legal")
                            choice = rng.choice(legal) if legal else "wait"
                            key = f"{seat}-{decision}"
                            pending[key] = choice
                            await asyncio.sleep(rng.uniform(0.2, 1.0))
                            await ws.send(
                                json.dumps(
                                    {"type": "submit", "text": choice, "key": key, "ref": key}
                                )
                            )
        except Exception:  # the process died or moved the match: reconnect elsewhere
            outcome.reconnects += 1
            await asyncio.sleep(rng.uniform(0.1, 0.5))


async def _create(
    nodes: Nodes, number: int, rng: random.Random, client: httpx.AsyncClient
) -> dict[str, Any]:
    """Match ``number`` of the campaign (every fifth a Multiplanetary tick match), with its
    seats' tokens; asked of a process that is up, and of another if that one dies meanwhile."""
    tick = number % 5 == 4
    body: dict[str, Any] = {
        "game": "multiplanetary" if tick else "goofspiel",
        "seed": number,
        "seats": [{"kind": "human"}, {"kind": "human"}],
    }
    if tick:
        body["clock"] = TICK
    for attempt in range(10):
        try:
            answer = await client.post(nodes.up_url(rng) + "/api/matches", json=body)
            assert answer.status_code == 201, answer.text
            match: dict[str, Any] = answer.json()
            match["tokens"] = await seat_tokens_async(client, match, nodes.up_url(rng))
            return match
        except httpx.HTTPError:
            if attempt == 9:
                raise
            await asyncio.sleep(0.5)
    raise AssertionError("unreachable")


async def _play_all(
    nodes: Nodes, count: int, spread: float, seconds: float, every: float, outcome: Outcome
) -> list[dict[str, Any]]:
    """Create the ``count`` matches, all before the campaign's clock starts (``spread`` 0) or
    one every ``spread / count`` seconds from its start, so that a long campaign keeps a
    steady number of live matches to take over; play each one's seats until the match or
    the campaign ends, beside the SIGKILLs."""
    rng = random.Random(1)
    made: list[dict[str, Any]] = []
    async with httpx.AsyncClient(timeout=30) as client, asyncio.TaskGroup() as group:

        def play(match: dict[str, Any]) -> None:
            for seat in (0, 1):
                group.create_task(
                    _seat(nodes, match["id"], seat, match["tokens"][seat], stop, outcome)
                )

        if not spread:
            made = [await _create(nodes, number, rng, client) for number in range(count)]
        start = time.monotonic()
        stop = start + seconds
        group.create_task(_chaos(nodes, stop, every, outcome))
        for match in made:
            play(match)
        for number in range(count if spread else 0):
            await asyncio.sleep(max(0.0, start + number * spread / count - time.monotonic()))
            made.append(await _create(nodes, number, rng, client))
            play(made[-1])
    return made


def _held_by(db: str, node: str) -> dict[str, int]:
    """The unfinished matches whose lease names ``node``, with their epochs."""
    engine = create_engine(db)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT l.match_id, l.epoch FROM leases l JOIN matches m ON m.id = l.match_id "
                    "WHERE l.owner = :node AND NOT m.over"
                ),
                {"node": node},
            ).all()
    finally:
        engine.dispose()
    return {row[0]: int(row[1]) for row in rows}


def _taken_over(
    db: str, held: dict[str, int], killed: float, wait: float
) -> dict[str, tuple[int, float]]:
    """Each match's next epoch and the seconds from ``killed`` to its claim (waits up to
    ``wait`` seconds)."""
    engine = create_engine(db)
    found: dict[str, tuple[int, float]] = {}
    deadline = time.time() + wait
    try:
        while len(found) < len(held) and time.time() < deadline:
            with engine.connect() as connection:
                rows = connection.execute(
                    text(
                        "SELECT l.match_id, l.epoch, l.since, m.over FROM leases l "
                        "JOIN matches m ON m.id = l.match_id WHERE l.match_id = ANY(:ids)"
                    ),
                    {"ids": list(held)},
                ).all()
            for match_id, epoch, since, over in rows:
                if match_id in found:
                    continue
                if int(epoch) > held[match_id]:
                    found[match_id] = (int(epoch), float(since) - killed)
                elif over:  # finished before anyone needed to take it over
                    held.pop(match_id, None)
            time.sleep(0.2)
    finally:
        engine.dispose()
    return found


def _restart(nodes: Nodes, port: int, outcome: Outcome) -> None:
    """Start the killed process again; one that does not come up (a loaded machine) is noted
    and the campaign goes on with the others."""
    try:
        nodes.start(port)
    except RuntimeError as error:
        outcome.errors.append(f"restart on port {port}: {error}")


async def _chaos(nodes: Nodes, stop: float, every: float, outcome: Outcome) -> None:
    """SIGKILL a running process every ``every`` seconds and start it again at once (its
    restart runs beside the next kills)."""
    rng = random.Random(7)
    later: list[asyncio.Future[Any]] = []
    moment = time.monotonic() + every
    while moment < stop:
        await asyncio.sleep(max(0.0, moment - time.monotonic()))
        moment += every
        running = [port for port in nodes.ports if port in nodes.ids]
        if not running:
            continue
        port = rng.choice(running)
        node = nodes.ids.pop(port)
        held = await asyncio.to_thread(_held_by, nodes.db, node)
        nodes.servers[port].process.send_signal(signal.SIGKILL)
        killed = time.time()
        await asyncio.to_thread(nodes.servers[port].process.wait, 10)
        outcome.logs.append(Path(nodes.servers[port].log.name).read_text(errors="replace"))
        nodes.servers[port].kill()
        later.append(
            asyncio.ensure_future(asyncio.to_thread(_taken_over, nodes.db, held, killed, 15.0))
        )
        later.append(asyncio.ensure_future(asyncio.to_thread(_restart, nodes, port, outcome)))
        outcome.kills.append(killed)
    taken = [result for result in await asyncio.gather(*later) if isinstance(result, dict)]
    for killed, found in zip(outcome.kills, taken, strict=True):
        for match_id, (epoch, seconds) in found.items():
            outcome.takeovers.append(seconds)
            outcome.claims.append((match_id, epoch, killed))


def _stages(outcome: Outcome) -> None:
    """From the processes' "match taken over" lines: when each measured takeover's match was
    hosted again, and where the time went."""
    hosted: dict[tuple[str, int], dict[str, Any]] = {}
    outcome.lines = {"lease lost": 0, "takeover failed": 0}
    for text_ in outcome.logs:
        for line in text_.splitlines():
            for message in outcome.lines:
                outcome.lines[message] += f'"message":"{message}"' in line
            if line.startswith("{") and '"match taken over"' in line:
                with contextlib.suppress(ValueError, KeyError):
                    data = json.loads(line)
                    hosted[(str(data["match"]), int(data["epoch"]))] = data
    stages: dict[str, list[float]] = {"lease left": [], "to claim": [], "rebuild": []}
    # The rebuild's parts, for matches the scan rebuilt (a request rebuilds on the loop):
    # claim to the batch's read done, the read to this match's replay done, then to hosted.
    parts: dict[str, list[float]] = {"read": [], "replay": [], "to host": []}
    for match_id, epoch, killed in outcome.claims:
        data = hosted.get((match_id, epoch))
        if data is None:
            continue  # claimed, never hosted (finished or lost again before it was rebuilt)
        outcome.served.append(float(data["time"]) - killed)
        if float(data["expired"]) > 0:
            stages["lease left"].append(float(data["expired"]) - killed)
            stages["to claim"].append(float(data["claimed"]) - float(data["expired"]))
        stages["rebuild"].append(float(data["time"]) - float(data["claimed"]))
        took = data.get("took")
        if isinstance(took, dict):
            parts["read"].append(float(took["read"]))
            parts["replay"].append(float(took["replay"]))
            parts["to host"].append(
                float(data["time"]) - float(data["claimed"]) - took["read"] - took["replay"]
            )
    outcome.stages = {**stages, **{f"rebuild: {name}": v for name, v in parts.items()}}


def _check(db: str, nodes: Nodes, made: list[dict[str, Any]], outcome: Outcome) -> None:
    engine = create_engine(db)
    try:
        with engine.connect() as connection:
            for match in made:
                mid = match["id"]
                rows = connection.execute(
                    text(
                        "SELECT seq, epoch, entry FROM match_log WHERE match_id = :m ORDER BY seq"
                    ),
                    {"m": mid},
                ).all()
                seqs = [int(r[0]) for r in rows]
                epochs = [int(r[1]) for r in rows if r[1] is not None]
                if seqs != list(range(1, len(seqs) + 1)) or epochs != sorted(epochs):
                    outcome.forked.append(mid)
                keys: dict[tuple[int, str], int] = {}
                for row in rows:
                    entry = json.loads(row[2])
                    if entry.get("key") is not None:
                        place = (int(entry["seat"]), str(entry["key"]))
                        keys[place] = keys.get(place, 0) + 1
                outcome.duplicated.extend(f"{mid} {k}" for k, n in keys.items() if n > 1)
                for (acked_match, seat, key), _ack in outcome.acks.items():
                    if acked_match == mid and (seat, key) not in keys:
                        outcome.missing.append(f"{mid} seat {seat} key {key}")
                over = connection.execute(
                    text("SELECT over FROM matches WHERE id = :m"), {"m": mid}
                ).scalar_one()
                if over:
                    outcome.finished += 1
    finally:
        engine.dispose()
    with httpx.Client(timeout=30) as client:
        rng = random.Random(3)
        for match in made:
            answer = client.get(nodes.up_url(rng) + f"/api/matches/{match['id']}/record")
            if answer.status_code == 409:
                continue  # still in play
            _checked, problems = verify_record(answer.json())
            if answer.status_code != 200 or problems:
                outcome.unverified.append(f"{match['id']}: {answer.status_code} {problems[:2]}")


def run_campaign(
    db: str,
    processes: int = 3,
    matches: int = 100,
    seconds: float = 180.0,
    kill_every: float = 20.0,
    spread: float = 0.0,
) -> Outcome:
    outcome = Outcome(matches=matches)
    nodes = Nodes(db, processes)
    try:
        made = asyncio.run(_play_all(nodes, matches, spread, seconds, kill_every, outcome))
        _check(db, nodes, made, outcome)
    finally:
        nodes.stop(outcome.logs)
    _stages(outcome)
    return outcome


def _spread(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 50):.2f} s, p99 {percentile(values, 99):.2f} s, "
        f"max {max(values, default=float('nan')):.2f} s"
    )


def report(outcome: Outcome) -> str:
    stages = "; ".join(
        f"{name} p50 {percentile(values, 50):.2f} / p99 {percentile(values, 99):.2f} s"
        for name, values in outcome.stages.items()
    )
    return (
        f"fault campaign: {outcome.matches} matches, {len(outcome.kills)} SIGKILLs, "
        f"{len(outcome.acks)} acknowledged submissions, {outcome.refused} refused, "
        f"{outcome.reconnects} reconnects, {outcome.finished} finished, "
        f"{len(outcome.errors)} restarts failed\n"
        f"  missing {len(outcome.missing)}, duplicated {len(outcome.duplicated)}, "
        f"forked logs {len(outcome.forked)}, records not verified {len(outcome.unverified)}\n"
        f"  takeover after SIGKILL, lease claimed ({len(outcome.takeovers)} matches): "
        f"{_spread(outcome.takeovers)}\n"
        f"  takeover after SIGKILL, match hosted again ({len(outcome.served)} matches): "
        f"{_spread(outcome.served)}\n"
        f"  where the time went: {stages}\n"
        f"  log lines: "
        + ", ".join(f'"{m}" {n}' for m, n in outcome.lines.items())
        + "".join(f"\n  {error[:300]}" for error in outcome.errors[:5])
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="postgresql+psycopg://postgres@127.0.0.1:5432/campaign")
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--kill-every", type=float, default=20.0)
    parser.add_argument(
        "--spread",
        type=float,
        default=0.0,
        help="create the matches evenly over this many seconds from the start (0: all first)",
    )
    parser.add_argument("--logs", type=Path, help="write the processes' logs to this folder")
    arguments = parser.parse_args()
    outcome = run_campaign(
        arguments.db,
        arguments.processes,
        arguments.matches,
        arguments.seconds,
        arguments.kill_every,
        arguments.spread,
    )
    print(report(outcome))
    if arguments.logs is not None:
        arguments.logs.mkdir(parents=True, exist_ok=True)
        for number, text_ in enumerate(outcome.logs):
            (arguments.logs / f"process-{number:03}.log").write_text(text_)
