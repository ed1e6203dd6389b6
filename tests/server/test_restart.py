"""A real ``duelhost serve`` process is SIGKILLed mid-match and restarted on the same SQLite
file: every acknowledged submission is still there, the state is the same, and a deadline that
passed while the server was down fires at once."""

from __future__ import annotations

import time
from typing import Any

import httpx

from duelhost.server.client import seat_tokens
from tests.server.live import Server, free_port


def post(url: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = httpx.post(url, json=body, headers=headers, timeout=10)
    assert response.status_code in (200, 201), response.text
    data: dict[str, Any] = response.json()
    return data


def snapshot(base: str, match: dict[str, Any]) -> list[dict[str, Any]]:
    seen = []
    for token in (match["tokens"][0], match["tokens"][1], None):
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        data = httpx.get(f"{base}/api/matches/{match['id']}", headers=headers, timeout=10).json()
        seen.append({k: data[k] for k in ("seat", "to_act", "view", "is_over", "n", "orders")})
    return seen


def test_sigkill_mid_match_loses_nothing_acknowledged(db_url: str, servers: list[Server]) -> None:
    db = db_url
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
    for match in (bids, ticks):
        match["tokens"] = seat_tokens(httpx, match, base)
    acks = []
    b0, b1 = bids["tokens"][0], bids["tokens"][1]
    sub = f"{base}/api/matches/{bids['id']}/submissions"
    acks.append(post(sub, {"text": "2*", "key": "a"}, b0))
    acks.append(post(sub, {"text": "1", "key": "b"}, b1))
    acks.append(post(sub, {"text": "1", "key": "c"}, b0))  # pending at the kill
    t0 = ticks["tokens"][0]
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
