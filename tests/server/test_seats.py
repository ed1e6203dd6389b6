"""A seat is never lost (issue 32 point 2), over the API on SQLite and PostgreSQL: the host key
re-issues a seat's invite, which revokes the seat's old invite and token at once and across a
restart; only the host key may, only for a human seat of a match in play. One click, one match:
creates with the same idempotency key make one match."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from fastapi.testclient import TestClient

from duelhost.server import create_app
from tests.server.conftest import GENEROUS, bearer
from tests.server.test_invites import made_raw

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def reissue(client: TestClient, mid: str, seat: int, key: str) -> Any:
    return client.post(f"/api/matches/{mid}/seats/{seat}/reissue", headers=bearer(key))


def test_the_host_reissues_a_seat_and_the_old_token_is_refused(
    client: TestClient, db_url: str
) -> None:
    made = made_raw(client)
    mid, host = made["id"], made["host_token"]
    old = client.post(f"/api/invites/{made['seats'][1]['invite']}").json()["token"]
    assert client.get(f"/api/matches/{mid}", headers=bearer(old)).json()["seat"] == 1
    answer = reissue(client, mid, 1, host)
    assert answer.status_code == 200, answer.text
    new = answer.json()
    assert new["seat"] == 1 and new["invite_url"] == f"/play/{mid}#invite={new['invite']}"
    assert new["invite"] != made["seats"][1]["invite"]
    refused = client.get(f"/api/matches/{mid}", headers=bearer(old))
    assert refused.status_code == 403 and "holds no seat" in refused.json()["error"]
    acted = client.post(f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(old))
    assert acted.status_code == 403
    # The seat is free until the new invite is opened; the host sees so.
    assert client.get(f"/api/matches/{mid}", headers=bearer(host)).json()["joined"] == [
        False,
        False,
    ]
    fresh = client.post(f"/api/invites/{new['invite']}").json()["token"]
    assert client.get(f"/api/matches/{mid}", headers=bearer(fresh)).json()["seat"] == 1
    # A re-issued invite that was never opened dies too (seat 0's first invite, then its second).
    first0 = made["seats"][0]["invite"]
    second0 = reissue(client, mid, 0, host).json()["invite"]
    gone = client.post(f"/api/invites/{first0}")
    assert gone.status_code == 410 and "re-issued" in gone.json()["error"]
    third0 = reissue(client, mid, 0, host).json()["invite"]
    assert client.post(f"/api/invites/{second0}").status_code == 410
    token0 = client.post(f"/api/invites/{third0}").json()["token"]
    # A restart rebuilds the seats from the store: the revoked token stays refused.
    with TestClient(create_app(db_url, settings=GENEROUS)) as again:
        assert again.get(f"/api/matches/{mid}", headers=bearer(old)).status_code == 403
        assert again.get(f"/api/matches/{mid}", headers=bearer(fresh)).json()["seat"] == 1
        assert again.get(f"/api/matches/{mid}", headers=bearer(token0)).json()["seat"] == 0


def test_only_the_host_reissues_and_only_a_human_seat_in_play(client: TestClient) -> None:
    made = made_raw(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    mid, host = made["id"], made["host_token"]
    token = client.post(f"/api/invites/{made['seats'][0]['invite']}").json()["token"]
    for key in (token, "not-a-key"):
        answer = reissue(client, mid, 0, key)
        assert answer.status_code == 403 and "host key" in answer.json()["error"]
    assert client.post(f"/api/matches/{mid}/seats/0/reissue").status_code == 403
    bot = reissue(client, mid, 1, host)
    assert bot.status_code == 400 and "not a human seat" in bot.json()["error"]
    assert reissue(client, mid, 2, host).status_code == 422
    assert reissue(client, "nosuchmatch", 0, host).status_code == 404
    # Nothing changed: the seat's token still holds it.
    assert client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["seat"] == 0
    assert client.post(f"/api/matches/{mid}/resign", headers=bearer(token)).status_code == 200
    over = reissue(client, mid, 0, host)
    assert over.status_code == 409 and "over" in over.json()["error"]


def test_one_idempotency_key_makes_one_match(client: TestClient) -> None:
    body = {"game": "toy_bids", "seed": 1, "seats": HUMANS, "clock": None}
    total = client.get("/api/matches").json()["total"]
    first = client.post("/api/matches", json=body, headers={"Idempotency-Key": "click-1"})
    second = client.post("/api/matches", json=body, headers={"Idempotency-Key": "click-1"})
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()  # the same match, the same invites and host key
    in_body = client.post("/api/matches", json={**body, "idempotency_key": "click-1"})
    assert in_body.json()["id"] == first.json()["id"]
    assert client.get("/api/matches").json()["total"] == total + 1
    other = client.post("/api/matches", json=body, headers={"Idempotency-Key": "click-2"})
    plain = client.post("/api/matches", json=body)
    assert len({first.json()["id"], other.json()["id"], plain.json()["id"]}) == 3
    # The same key with another request is refused, not answered with the first match.
    reused = client.post(
        "/api/matches", json={**body, "seed": 2}, headers={"Idempotency-Key": "click-1"}
    )
    assert reused.status_code == 422 and "another request" in reused.json()["error"]
    # A create that failed is forgotten: the same key then makes the match.
    bad = client.post(
        "/api/matches", json={**body, "game": "nope"}, headers={"Idempotency-Key": "k3"}
    )
    assert bad.status_code == 400
    good = client.post("/api/matches", json=body, headers={"Idempotency-Key": "k3"})
    assert good.status_code == 201
    assert client.get("/api/matches").json()["total"] == total + 4


def test_two_creates_at_once_with_one_key_make_one_match(client: TestClient) -> None:
    """A double click: both requests are in flight together (the first is still committing
    when the second arrives)."""
    app = client.app
    body = {"game": "toy_bids", "seed": 1, "seats": HUMANS, "clock": None}

    async def both() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            return list(
                await asyncio.gather(
                    *(
                        http.post("/api/matches", json=body, headers={"Idempotency-Key": "dbl"})
                        for _ in range(2)
                    )
                )
            )

    total = client.get("/api/matches").json()["total"]
    answers = client.portal.call(both)  # type: ignore[union-attr]
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json()["id"] == answers[1].json()["id"]
    assert client.get("/api/matches").json()["total"] == total + 1
