"""Several ``duelhost serve --cluster`` processes on one PostgreSQL database (real processes):
requests and live streams for a match hosted elsewhere are forwarded, a SIGKILLed process's
matches are taken over with their clocks, SIGTERM hands matches over at once, and --cluster on
SQLite is a clear error."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner
from websockets.asyncio.client import connect

from duelhost.cli import app as cli_app
from duelhost.server import create_app
from duelhost.server.client import seat_tokens
from duelhost.server.hub import StorageFailed
from tests.databases import empty_postgres
from tests.server.conftest import GENEROUS, bearer, create
from tests.server.live import Server, free_port


@pytest.fixture
def pg(postgres_database: str) -> Iterator[str]:
    empty_postgres(postgres_database)
    yield postgres_database


def post(url: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return httpx.post(url, json=body, headers=headers, timeout=30)


def owner_metric(server: Server, name: str) -> float:
    for line in httpx.get(server.url + "/metrics", timeout=10).text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return 0.0


def cluster(pg: str, servers: list[Server], count: int) -> list[Server]:
    started = [Server(pg, free_port(), ("--cluster",)) for _ in range(count)]
    servers.extend(started)
    return started


def test_requests_and_streams_for_a_match_hosted_elsewhere_are_forwarded(
    pg: str, servers: list[Server]
) -> None:
    a, b = cluster(pg, servers, 2)
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = post(f"{a.url}/api/matches", {"game": "toy_bids", "seats": humans, "clock": None})
    # The invites are opened on b, not on the match's host: a finds the tokens in the store.
    mid, (t0, t1) = made.json()["id"], seat_tokens(httpx, made.json(), b.url)

    async def stream_via_b() -> list[dict[str, Any]]:
        url = b.url.replace("http", "ws") + f"/api/matches/{mid}/live"
        async with connect(url) as ws:
            await ws.send(json.dumps({"token": t1}))
            first = json.loads(await ws.recv())
            # A submission through a (the host) reaches the stream relayed by b.
            answer = await asyncio.to_thread(
                post, f"{a.url}/api/matches/{mid}/submissions", {"text": "2"}, t0
            )
            assert answer.status_code == 200, answer.text
            second = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "submit", "text": "1", "ref": 5}))
            replies = [json.loads(await ws.recv()) for _ in range(2)]
            return [first, second, *replies]

    frames = asyncio.run(stream_via_b())
    assert [f["n"] for f in frames[:2]] == [0, 1]
    assert any(r.get("type") == "ack" and r["ref"] == 5 for r in frames[2:])
    seen = httpx.get(
        f"{b.url}/api/matches/{mid}", headers={"Authorization": f"Bearer {t0}"}, timeout=30
    )
    assert seen.status_code == 200 and seen.json()["n"] == 2  # both bids of round 1
    refused = post(f"{b.url}/api/matches/{mid}/submissions", {"text": "9"}, t0)
    assert refused.status_code == 400  # the host's own refusal, relayed
    assert owner_metric(b, "duelhost_lease_takeovers_total") == 0  # b never hosted it


def test_a_killed_process_matches_are_taken_over_with_their_clocks(
    pg: str, servers: list[Server]
) -> None:
    a, b = cluster(pg, servers, 2)
    body = {
        "game": "toy_bids",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"mode": "move", "seconds": 4},
    }
    made = post(f"{a.url}/api/matches", body).json()
    mid, t0 = made["id"], seat_tokens(httpx, made, a.url)[0]
    assert post(f"{a.url}/api/matches/{mid}/submissions", {"text": "2", "key": "x"}, t0).is_success
    a.process.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    while owner_metric(b, "duelhost_lease_takeovers_total") < 1:
        assert time.monotonic() - killed < 30, b.output()
        time.sleep(0.2)
    print(f"taken over {time.monotonic() - killed:.2f} s after SIGKILL")
    # The stored deadline (4 s after the start) fires on b: seat 1 times out.
    while True:
        state = httpx.get(f"{b.url}/api/matches/{mid}", timeout=30).json()
        if state["n"] >= 2:
            break
        assert time.monotonic() - killed < 30, state
        time.sleep(0.2)
    again = post(f"{b.url}/api/matches/{mid}/submissions", {"text": "2", "key": "x"}, t0)
    assert again.json()["seq"] == 1  # the first answer: nothing stored twice


def test_the_survivors_take_all_of_a_killed_process_matches_over(
    pg: str, servers: list[Server]
) -> None:
    """Six matches of a SIGKILLed process: the takeover scans of the two survivors claim all
    six between them (each claims its share of the expired leases in one transaction, and
    rebuilds them off its event loop), and every match's stored deadline then fires on its new
    host: seat 1 never submits, so each match times out (4 s move clock) to n >= 2."""
    a, b, c = cluster(pg, servers, 3)
    body = {
        "game": "toy_bids",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"mode": "move", "seconds": 4},
    }
    ids = []
    for _ in range(6):
        made = post(f"{a.url}/api/matches", body).json()
        t0 = seat_tokens(httpx, made, a.url)[0]
        assert post(f"{a.url}/api/matches/{made['id']}/submissions", {"text": "2"}, t0).is_success
        ids.append(made["id"])
    a.process.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    while True:
        taken = [owner_metric(s, "duelhost_lease_takeovers_total") for s in (b, c)]
        if sum(taken) >= 6:
            break
        assert time.monotonic() - killed < 30, (taken, b.output(), c.output())
        time.sleep(0.2)
    print(f"taken over by b and c: {taken}, {time.monotonic() - killed:.2f} s after SIGKILL")
    assert sum(taken) == 6  # each match once
    for mid in ids:
        while httpx.get(f"{b.url}/api/matches/{mid}", timeout=30).json()["n"] < 2:
            assert time.monotonic() - killed < 40, mid
            time.sleep(0.2)


def test_sigterm_hands_the_matches_over_at_once(pg: str, servers: list[Server]) -> None:
    a, b = cluster(pg, servers, 2)
    humans = [{"kind": "human"}, {"kind": "human"}]
    mid = post(f"{a.url}/api/matches", {"game": "toy_bids", "seats": humans}).json()["id"]
    a.process.send_signal(signal.SIGTERM)
    a.process.wait(timeout=30)
    assert '"leases handed over"' in a.output() and '"matches":1' in a.output()
    # b takes it at its next request, without waiting for the lease to expire.
    seen = httpx.get(f"{b.url}/api/matches/{mid}", timeout=30)
    assert seen.status_code == 200
    assert owner_metric(b, "duelhost_lease_takeovers_total") == 1


def test_cluster_needs_postgresql(tmp_path: Any) -> None:
    result = CliRunner().invoke(
        cli_app, ["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--cluster"]
    )
    assert result.exit_code == 2 and "need a PostgreSQL database" in result.output


def test_a_lease_renewed_too_late_and_claimed_by_its_own_scan_is_rebuilt_from_its_log(
    pg: str,
) -> None:
    """A process whose renewal came late (its lease expired) and whose own takeover scan claims
    the match again (epoch 2) rebuilds it from its log, as a takeover would: a step that was on
    its way to the writer under epoch 1 is refused, so the memory that made it is dropped (a
    request still holding it is told to try again), and the next step follows the log. The
    30-minute campaign found the alternative: the process kept its memory, the refused step's
    successor was stored under epoch 2, and the log had a gap (seq 40, then 42)."""
    app = create_app(pg, settings=GENEROUS, cluster="http://127.0.0.1:9")
    engine = create_engine(pg)
    with TestClient(app) as client:
        made = create(client, clock=None)
        mid, (t0, t1) = made["id"], made["tokens"]
        group, hub = app.state.cluster, app.state.hub
        old = hub.live[mid]
        assert group.held[mid] == 1

        async def renewal_missed_with_a_step_on_its_way() -> None:  # on the server's loop
            with engine.begin() as connection:
                connection.execute(
                    text("UPDATE leases SET expires = 0 WHERE match_id = :m"), {"m": mid}
                )
            claimed = group.book.claim_orphans().claimed
            assert [(c.match_id, c.epoch) for c in claimed] == [(mid, 2)]
            # Seat 0's bid reaches the writer under epoch 1 before the scan's claim is adopted.
            on_its_way = asyncio.ensure_future(hub.submit(old, 0, "2", "k0"))
            await asyncio.sleep(0)
            group._adopt(claimed)
            with pytest.raises(StorageFailed):
                await on_its_way  # refused: epoch 1 is no longer the match's
            with pytest.raises(StorageFailed, match="moved"):
                await hub.submit(old, 1, "1", "k1")  # the dropped memory takes nothing more

        client.portal.call(renewal_missed_with_a_step_on_its_way)  # type: ignore[union-attr]
        for _ in range(100):  # rebuilt in a thread, then hosted
            if mid in hub.live:
                break
            time.sleep(0.05)
        time.sleep(2.5)  # two renewals at least: the claim is kept
        assert hub.live[mid] is not old and group.held[mid] == 2
        for token, bid in ((t1, "1"), (t0, "2")):
            answer = client.post(
                f"/api/matches/{mid}/submissions", json={"text": bid}, headers=bearer(token)
            )
            assert answer.status_code == 200, answer.text
        assert "duelhost_lease_takeovers_total 0.0" in client.get("/metrics").text
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT seq, epoch FROM match_log WHERE match_id = :m ORDER BY seq"), {"m": mid}
        ).all()
    engine.dispose()
    seqs = [row[0] for row in rows]
    assert seqs == list(range(1, len(seqs) + 1)) and len(seqs) >= 2  # no gap: both bids
    assert {row[1] for row in rows} == {2}  # everything stored came from the rebuilt match
