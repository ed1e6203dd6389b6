"""An event's director on ``duelhost serve --cluster`` (issue 31): it holds a lease like a
match; SIGKILL of its process as a round is due to be paired loses no round and pairs none
twice, and the event goes on to its end from the other process."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from duelhost.events import EventRecord, verify_event
from tests.databases import empty_postgres
from tests.server.live import Server, free_port


@pytest.fixture
def pg(postgres_database: str) -> Iterator[str]:
    empty_postgres(postgres_database)
    yield postgres_database


def director_url(engine: Any, event_id: str) -> str | None:
    with engine.connect() as connection:
        row = connection.execute(
            text(
                "SELECT nodes.url FROM leases JOIN nodes ON nodes.id = leases.owner "
                "WHERE leases.match_id = :key"
            ),
            {"key": f"event:{event_id}"},
        ).first()
    return None if row is None else str(row.url)


def log_entries(engine: Any, event_id: str) -> list[dict[str, Any]]:
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT entry FROM event_log WHERE event_id = :e ORDER BY seq"), {"e": event_id}
        )
        return [json.loads(r.entry) for r in rows]


def test_sigkill_of_the_directors_process_at_a_pairing_loses_and_doubles_no_round(
    pg: str, servers: list[Server]
) -> None:
    with ThreadPoolExecutor(2) as starting:  # both start at once: half the wait
        started = list(starting.map(lambda _: Server(pg, free_port(), ("--cluster",)), (0, 1)))
    servers.extend(started)
    a, b = started
    entrants = [{"name": f"Bot {k}", "kind": "bot", "bot": "random"} for k in range(8)]
    made = httpx.post(
        f"{a.url}/api/events",
        timeout=30,
        json={
            "format": "swiss",
            "game": "goofspiel",
            "options": {"galaxies": 1},
            "rounds": 3,
            "clock": {"seconds": 5},
            "auto": True,
            "entrants": entrants,
        },
    ).json()
    event_id, key = made["id"], made["host_key"]
    started_event = httpx.post(
        f"{a.url}/api/events/{event_id}/start",
        timeout=30,
        headers={"Authorization": f"Bearer {key}"},
    )
    assert started_event.status_code == 200, started_event.text
    engine = create_engine(pg)
    deadline = time.monotonic() + 60
    # Kill the director's process the moment round 1's last result is in: it is pairing
    # round 2 (or about to).
    while True:
        entries = log_entries(engine, event_id)
        results = [e for e in entries if e["action"] == "result" and e["round"] == 1]
        if len(results) == 4:
            break
        assert time.monotonic() < deadline, a.output() + b.output()
        time.sleep(0.005)
    url = director_url(engine, event_id)
    victim = next(s for s in started if s.url == url)
    victim.process.send_signal(signal.SIGKILL)
    survivor = b if victim is a else a
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, survivor.output()
        reply = httpx.get(f"{survivor.url}/api/events/{event_id}", timeout=30)
        if reply.status_code == 503 and "Retry-After" in reply.headers:
            # The takeover is under way (the API's documented "ask again"): as a client does.
            time.sleep(float(reply.headers["Retry-After"]))
            continue
        assert reply.status_code == 200, reply.text + survivor.output()
        event = reply.json()
        if event["phase"] == "closed":
            break
        time.sleep(0.2)
    pairs = [e["round"] for e in log_entries(engine, event_id) if e["action"] == "pair"]
    assert pairs == [1, 2, 3]  # each round paired once, none lost
    assert [r["number"] for r in event["rounds"]] == [1, 2, 3]
    assert director_url(engine, event_id) in (survivor.url, None)
    record = httpx.get(f"{survivor.url}/api/events/{event_id}/record", timeout=30).json()
    assert verify_event(EventRecord.from_json(record)).ok
    engine.dispose()
