"""Operations, on both backends: ``/healthz``, ``/readyz`` (and its reasons for 503),
Prometheus ``/metrics`` counting what happened, JSON log lines carrying the match id, and a
real ``duelhost serve`` stopping on SIGTERM with everything acknowledged kept."""

from __future__ import annotations

import json
import logging
import re
import signal
import subprocess
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from duelhost.server.client import seat_tokens
from duelhost.server.logs import JsonFormatter
from tests.server.conftest import bearer, create
from tests.server.live import Server, free_port


def metric(client: TestClient, name: str, labels: str = "") -> float:
    """The value of one sample of ``/metrics`` (0 when it is absent)."""
    text = client.get("/metrics").text
    found = re.search(rf"^{re.escape(name + labels)} (\S+)$", text, re.M)
    return 0.0 if found is None else float(found.group(1))


def test_healthz_and_readyz_answer(client: TestClient, db_url: str) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"ready": True, "database": db_url.split(":")[0].split("+")[0]}


def test_readyz_is_503_with_its_reasons(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    # A database that does not answer (nothing listens on port 1).
    hub.store.engine = create_engine(
        "postgresql+psycopg://postgres@127.0.0.1:1/x", connect_args={"connect_timeout": 1}
    )
    hub.writer.close()
    answer = client.get("/readyz")
    assert answer.status_code == 503
    problems = answer.json()["problems"]
    assert "the writer thread has stopped" in problems
    assert any(p.startswith("the database does not answer") for p in problems), problems


def test_metrics_count_submissions_acks_commits_matches_and_sockets(client: TestClient) -> None:
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
    url = f"/api/matches/{mid}/submissions"
    assert client.post(url, json={"text": "2"}, headers=bearer(t0)).status_code == 200
    assert client.post(url, json={"text": "9"}, headers=bearer(t1)).status_code == 400
    assert metric(client, "duelhost_submissions_total", '{outcome="accepted"}') == 1
    assert metric(client, "duelhost_submissions_total", '{outcome="refused"}') == 1
    assert metric(client, "duelhost_ack_seconds_count") == 2
    assert metric(client, "duelhost_committed_steps_total") == 1  # the bid (no clock: no others)
    assert metric(client, "duelhost_commit_seconds_count") == 1
    assert metric(client, "duelhost_live_matches") == 1
    assert metric(client, "duelhost_open_sockets") == 0
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t1})
        ws.receive_json()
        assert metric(client, "duelhost_open_sockets") == 1
    assert metric(client, "duelhost_lease_takeovers_total") == 0
    assert client.get("/metrics").headers["content-type"].startswith("text/plain")


def test_metrics_say_what_memory_holds(client: TestClient) -> None:
    """Finished matches in memory and the replay cache's bytes (issue 32 point 5)."""
    made = create(client, clock=None)
    mid, tokens = made["id"], made["tokens"]
    assert metric(client, "duelhost_finished_matches_in_memory") == 0
    assert metric(client, "duelhost_replay_cache_bytes") == 0
    assert client.post(f"/api/matches/{mid}/resign", headers=bearer(tokens[0])).status_code == 200
    assert metric(client, "duelhost_finished_matches_in_memory") == 1
    replay = client.get(f"/api/matches/{mid}/replay")
    assert replay.status_code == 200
    # The whole replay is one page: the head's fields and each step's JSON, which the cache
    # counts, joined by the paging fields, ',"steps":[', a comma between steps and "]}".
    steps = len(replay.json()["steps"])
    paging = b',"steps_from":0,"steps_total":%d,"next":null' % steps
    joints = len(paging) + len(b',"steps":[') + (steps - 1) + len(b"]}")
    assert metric(client, "duelhost_replay_cache_bytes") == len(replay.content) - joints


def test_log_lines_are_json_with_the_match_id(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="duelhost"):
        made = create(client, clock=None)
    records = [r for r in caplog.records if r.getMessage() == "match created"]
    assert len(records) == 1
    line = json.loads(JsonFormatter().format(records[0]))
    assert line["match"] == made["id"] and line["game"] == "toy_bids"
    assert line["level"] == "info" and line["logger"] == "duelhost.server"
    assert made["tokens"][0] not in JsonFormatter().format(records[0])


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = httpx.post(url, json=body, headers=headers, timeout=10)
    assert response.status_code in (200, 201), response.text
    data: dict[str, Any] = response.json()
    return data


def test_sigterm_stops_the_server_cleanly_and_keeps_every_ack(
    db_url: str, servers: list[Server]
) -> None:
    port = free_port()
    first = Server(db_url, port)
    servers.append(first)
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = post(f"{first.url}/api/matches", {"game": "toy_bids", "seats": humans, "clock": None})
    mid, t0 = made["id"], seat_tokens(httpx, made, first.url)[0]
    ack = post(f"{first.url}/api/matches/{mid}/submissions", {"text": "2"}, t0)
    first.process.send_signal(signal.SIGTERM)
    try:
        code = first.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the server did not stop within 30 s of SIGTERM: {first.output()}")
    # uvicorn ends its graceful shutdown by raising the signal again (exit status -15).
    assert code in (0, -signal.SIGTERM), first.output()
    lines = [json.loads(x) for x in first.output().splitlines() if x.startswith("{")]
    assert [x["message"] for x in lines if x["message"] in ("serving", "stopped")] == [
        "serving",
        "stopped",
    ]
    assert any(x.get("match") == mid for x in lines), lines
    second = Server(db_url, port)
    servers.append(second)
    seen = httpx.get(f"{second.url}/api/matches/{mid}", headers=bearer(t0), timeout=10).json()
    assert seen["n"] == ack["seq"] and seen["to_act"] == [1]
