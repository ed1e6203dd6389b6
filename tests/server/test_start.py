"""Through the server: a match's clock starts when both seats are held (issue 32, point 8),
or at the start time its creator sets; the page reads ``phase`` and ``start_at``."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.server.conftest import bearer


def _new(client: TestClient, **body: object) -> dict[str, object]:
    body.setdefault("game", "goofspiel")
    body.setdefault("seed", 1)
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, object] = answer.json()
    return made


def _invites(made: dict[str, object]) -> list[object]:
    seats = made["seats"]
    assert isinstance(seats, list)
    return [seat.get("invite") for seat in seats]


def _seat(client: TestClient, invite: object) -> str:
    answer = client.post(f"/api/invites/{invite}")
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def test_the_clock_waits_for_both_seats(client: TestClient) -> None:
    made = _new(client)  # the game's own clock: 10 s a round (GO3)
    match_id, invites = made["id"], _invites(made)
    spectator = client.get(f"/api/matches/{match_id}").json()
    assert spectator["phase"] == "waiting" and spectator["clock"]["deadline"] is None
    first = _seat(client, invites[0])
    waiting = client.get(f"/api/matches/{match_id}", headers=bearer(first)).json()
    assert waiting["phase"] == "waiting" and waiting["clock"]["deadline"] is None
    refused = client.post(
        f"/api/matches/{match_id}/submissions", json={"text": "7"}, headers=bearer(first)
    )
    assert refused.status_code == 400
    assert "has not started: its clock starts when both seats are held" in refused.text
    before = time.time()
    _seat(client, invites[1])
    deadline = None
    for _ in range(100):  # the start is an event of the match, run just after the exchange
        state = client.get(f"/api/matches/{match_id}", headers=bearer(first)).json()
        if state["phase"] == "playing":
            deadline = state["clock"]["deadline"]
            break
        time.sleep(0.02)
    assert deadline is not None, "the match did not start once both seats were held"
    assert before + 10.0 <= deadline <= time.time() + 10.0
    accepted = client.post(
        f"/api/matches/{match_id}/submissions", json={"text": "7"}, headers=bearer(first)
    )
    assert accepted.status_code == 200, accepted.text


def test_a_match_against_a_bot_starts_when_its_human_seat_is_held(client: TestClient) -> None:
    made = _new(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    invites = _invites(made)
    assert client.get(f"/api/matches/{made['id']}").json()["phase"] == "waiting"
    token = _seat(client, invites[0])
    for _ in range(100):
        state = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()
        if state["phase"] == "playing":
            break
        time.sleep(0.02)
    assert state["phase"] == "playing"


def test_bots_alone_start_at_once_and_a_set_start_time_is_kept(client: TestClient) -> None:
    bots = _new(client, seats=[{"kind": "bot", "bot": "random"}] * 2, clock=None)
    assert client.get(f"/api/matches/{bots['id']}").json()["phase"] != "waiting"
    at = time.time() + 3600
    later = _new(client, clock={"start_at": at})
    state = client.get(f"/api/matches/{later['id']}").json()
    assert state["phase"] == "waiting" and state["start_at"] == at
    assert state["clock"]["deadline"] is None
    past = client.post(
        "/api/matches",
        json={"game": "goofspiel", "seats": [{"kind": "human"}] * 2, "clock": {"start_at": 5}},
    )
    assert past.status_code == 400 and "'start_at' must be a time" in past.text
