"""A real ``duelhost serve`` process is SIGKILLed mid-match and restarted on the same SQLite
file: every acknowledged submission is still there, the state is the same, and a deadline that
passed while the server was down fires at once."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOT = (
    "from tests.host.toy import register_toys; register_toys(); "
    "from duelhost.cli import main; main()"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, db: str, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-c", BOOT, "serve", "--port", str(port), "--db", db],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server exited: {output}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        if self.process.stdout:
            self.process.stdout.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = httpx.post(url, json=body, headers=headers, timeout=10)
    assert response.status_code in (200, 201), response.text
    data: dict[str, Any] = response.json()
    return data


def snapshot(base: str, match: dict[str, Any]) -> list[dict[str, Any]]:
    seen = []
    for token in (match["seats"][0]["token"], match["seats"][1]["token"], None):
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        data = httpx.get(f"{base}/api/matches/{match['id']}", headers=headers, timeout=10).json()
        seen.append({k: data[k] for k in ("seat", "to_act", "view", "is_over", "n", "orders")})
    return seen


def test_sigkill_mid_match_loses_nothing_acknowledged(
    tmp_path: Path, servers: list[Server]
) -> None:
    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    port = free_port()
    first = Server(db, port)
    servers.append(first)
    base = first.url
    humans = [{"kind": "human"}, {"kind": "human"}]
    bids = post(
        f"{base}/api/matches",
        {"game": "toy_bids", "seed": 4, "seats": humans, "clock": {"seconds": 600}},
    )
    ticks = post(
        f"{base}/api/matches",
        {
            "game": "toy_ticks",
            "seed": 4,
            "seats": humans,
            "clock": {"seconds": 600, "planning_seconds": 0},
        },
    )
    acks = []
    b0, b1 = bids["seats"][0]["token"], bids["seats"][1]["token"]
    sub = f"{base}/api/matches/{bids['id']}/submissions"
    acks.append(post(sub, {"text": "2*", "key": "a"}, b0))
    acks.append(post(sub, {"text": "1", "key": "b"}, b1))
    acks.append(post(sub, {"text": "1", "key": "c"}, b0))  # pending at the kill
    t0 = ticks["seats"][0]["token"]
    tick_acks = [
        post(f"{base}/api/matches/{ticks['id']}/submissions", {"text": "+1"}, t0),
        post(f"{base}/api/matches/{ticks['id']}/submissions", {"text": "+2"}, t0),
    ]
    hurry = post(
        f"{base}/api/matches",
        {"game": "toy_bids", "seed": 4, "seats": humans, "clock": {"seconds": 2}},
    )
    before = {m["id"]: snapshot(base, m) for m in (bids, ticks)}
    first.kill()
    time.sleep(2.5)  # the hurried match's 2 s deadline passes while the server is down

    second = Server(db, port)
    servers.append(second)
    after = {m["id"]: snapshot(base, m) for m in (bids, ticks)}
    assert after == before
    assert after[ticks["id"]][0]["orders"] == "+1; +2"
    assert after[bids["id"]][0]["view"]["pending"] == "1"
    # The deadline that passed while down fired at once, exactly once: round 1 was 0 against 0.
    hurried = httpx.get(f"{base}/api/matches/{hurry['id']}", timeout=10).json()
    assert hurried["view"]["shown"][0] == [0, 0]
    # A repeated key after the restart still gets the first answer.
    assert post(sub, {"text": "3", "key": "c"}, b0) == acks[2]
    # Finish the bids match and check every acknowledged receipt is in the record.
    post(sub, {"text": "2"}, b1)
    post(sub, {"text": "3"}, b0)
    post(sub, {"text": "3"}, b1)
    record = httpx.get(f"{base}/api/matches/{bids['id']}/record", timeout=10).json()
    receipts = {item.get("receipt") for item in record["history"]}
    assert all(ack["receipt"] in receipts for ack in acks)
    assert [h["text"] for h in record["history"][:3]] == ["2*", "1", "1"]
    assert tick_acks[1]["text"] == "+1; +2"
