"""Commit, then reveal over the real HTTP API and WebSocket (issue 19, point 1): before both
seats have committed, neither the hub's match state nor the database holds a pending move's
text; the seats are told who has committed and when to reveal; the record verifies.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from fastapi.testclient import TestClient

from duelhost.cli.commands.verify import check_record
from tests.server.conftest import bearer, create


def digest(match_id: str, seat: int, decision: int, text: str, nonce: str) -> str:
    payload = json.dumps(
        ["duelhost-commit-v1", match_id, seat, decision, text, nonce], separators=(",", ":")
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def test_nothing_of_a_pending_move_exists_before_both_seats_commit(client: TestClient) -> None:
    made = create(client, clock=None)
    mid = made["id"]
    tokens = made["tokens"]
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    bids = [("2*", "1"), ("1", "3"), ("3", "2")]
    nonces = [[secrets.token_hex(16) for _ in (0, 1)] for _ in bids]
    with client.websocket_connect(f"/api/matches/{mid}/live") as seat1:
        seat1.send_json({"token": tokens[1]})
        assert seat1.receive_json()["kind"] == "full"
        for decision, texts in enumerate(bids):
            for seat in (0, 1):
                hashed = digest(mid, seat, decision, texts[seat], nonces[decision][seat])
                answer = client.post(
                    f"/api/matches/{mid}/commitments",
                    json={"commitment": hashed},
                    headers=bearer(tokens[seat]),
                )
                assert answer.status_code == 200, answer.text
                if seat == 0:
                    # One seat has committed: its move is nowhere, not in memory, not on disk.
                    state = hub.get(mid).match.state
                    assert state.submitted == ()
                    commit_fields = {"type", "seat", "decision", "commitment", "time", "seq"}
                    assert set(hub.store.log(mid)[-1]) == commit_fields  # on disk
                    assert set(hub.get(mid).match.log[-1]) == commit_fields  # in memory
                    pending = [e for e in hub.store.log(mid) if e.get("decision") == decision]
                    assert all("text" not in e and "revealed" not in e for e in pending)
                    frame = seat1.receive_json()
                    assert [e["type"] for e in frame["events"]] == ["committed"]
            frame = seat1.receive_json()
            assert [e["type"] for e in frame["events"]] == ["committed", "reveal_requested"]
            for seat in (0, 1):
                answer = client.post(
                    f"/api/matches/{mid}/submissions",
                    json={"text": texts[seat], "nonce": nonces[decision][seat]},
                    headers=bearer(tokens[seat]),
                )
                assert answer.status_code == 200, answer.text
                seat1.receive_json()
    record = client.get(f"/api/matches/{mid}/record").json()
    assert record["result"]["winner"] is not None or record["result"]["reason"]
    assert all(entry["mode"] == "commit" for entry in record["history"])
    assert check_record(record).problems == []


def test_a_commitment_over_the_websocket_and_a_bad_reveal(client: TestClient) -> None:
    made = create(client, clock=None)
    mid, tokens = made["id"], made["tokens"]
    nonce = secrets.token_hex(16)
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": tokens[0]})
        ws.receive_json()
        ws.send_json({"type": "commit", "commitment": digest(mid, 0, 0, "2", nonce), "ref": 1})
        ack = ws.receive_json()
        while ack.get("type") != "ack":
            ack = ws.receive_json()
        assert ack["commitment"] == digest(mid, 0, 0, "2", nonce)
    client.post(
        f"/api/matches/{mid}/commitments",
        json={"commitment": digest(mid, 1, 0, "1", nonce)},
        headers=bearer(tokens[1]),
    )
    bad = client.post(
        f"/api/matches/{mid}/submissions",
        json={"text": "3", "nonce": nonce},
        headers=bearer(tokens[0]),
    )
    assert bad.status_code == 400 and "does not match your commitment" in bad.json()["error"]
