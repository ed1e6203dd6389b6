"""The seat-authorization matrix: every acting endpoint x (no token, spectator, forged token,
another match's token, the wrong seat) is refused with a 4xx and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create

TG_CLOCK = {"seconds": 300, "extended_seconds": 600, "extensions": 1}


def _setup(client: TestClient) -> dict[str, Any]:
    match = create(client, clock=TG_CLOCK)
    other = create(client, clock=TG_CLOCK)
    return {"match": match, "other": other}


def _principal(kind: str, ids: dict[str, Any]) -> tuple[dict[str, str], dict[str, Any]]:
    """Headers and extra parameters for each kind of caller trying to act as seat 0."""
    match, other = ids["match"], ids["other"]
    if kind == "no token":
        return {}, {}
    if kind == "spectator":
        return {"Authorization": "Bearer "}, {}
    if kind == "forged":
        return bearer("A" * 22), {}
    if kind == "other match":
        return bearer(other["tokens"][0]), {}
    if kind == "wrong seat":
        return bearer(match["tokens"][1]), {"seat": 0}
    raise AssertionError(kind)


PRINCIPALS = ["no token", "spectator", "forged", "other match", "wrong seat"]
ENDPOINTS = ["submissions", "resign", "extend", "draw"]


@pytest.mark.parametrize("principal", PRINCIPALS)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_no_one_but_the_seat_holder_acts(client: TestClient, endpoint: str, principal: str) -> None:
    ids = _setup(client)
    mid = ids["match"]["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = (hub.get(mid).match.state.to_json(), len(hub.get(mid).match.log))
    headers, extra = _principal(principal, ids)
    url = f"/api/matches/{mid}/{endpoint}"
    if endpoint == "submissions":
        response = client.post(url, json={"text": "1", **extra}, headers=headers)
    else:
        response = client.post(url, params=extra, headers=headers)
    assert 400 <= response.status_code < 500, (endpoint, principal, response.status_code)
    assert response.status_code in (401, 403)
    assert "error" in response.json()
    assert (hub.get(mid).match.state.to_json(), len(hub.get(mid).match.log)) == before
    # The other match is untouched as well.
    assert hub.get(ids["other"]["id"]).match.log == []


@pytest.mark.parametrize("principal", ["forged", "other match", "spectator"])
def test_reading_with_a_bad_token_is_refused_not_downgraded(
    client: TestClient, principal: str
) -> None:
    ids = _setup(client)
    headers, _ = _principal(principal, ids)
    response = client.get(f"/api/matches/{ids['match']['id']}", headers=headers)
    assert response.status_code in (401, 403) and "view" not in response.json()


def test_a_token_reads_only_its_own_seat(client: TestClient) -> None:
    ids = _setup(client)
    mid = ids["match"]["id"]
    for seat in (0, 1):
        token = ids["match"]["tokens"][seat]
        assert client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["seat"] == seat


@pytest.mark.parametrize("principal", ["no token", "forged", "other match", "wrong seat"])
def test_live_stream_acts_only_for_the_token_seat(client: TestClient, principal: str) -> None:
    ids = _setup(client)
    mid = ids["match"]["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    headers, _ = _principal(principal, ids)
    token = headers.get("Authorization", "Bearer ").removeprefix("Bearer ") or None
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": token})
        first = ws.receive_json()
        if first["type"] == "frame":
            ws.send_json({"type": "submit", "text": "1"})
            ws.send_json({"type": "resign"})
            replies = [ws.receive_json() for _ in range(2)]
            if principal == "wrong seat":
                # seat 1's token acts for seat 1 only: its bid and resignation are seat 1's.
                assert first["seat"] == 1
            else:
                assert all(r["type"] == "error" for r in replies)
        else:
            assert first["type"] == "error"
    log = hub.get(mid).match.log
    assert all(entry.get("seat") != 0 for entry in log)
