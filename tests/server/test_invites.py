"""Seats that only their players hold (issue 19, point 3): the create answer gives single-use
invites and a host key, never a seat token; opening an invite gives a fresh token once; the
host key shows who has joined and nothing secret; invites and tokens survive a restart and are
stored only as hashes; once the match is over a token only reads."""

from __future__ import annotations

import hashlib
import json
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from duelhost.server import create_app
from duelhost.server.client import InviteRefused, seat_tokens
from tests.server.conftest import GENEROUS, bearer

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def made_raw(client: TestClient, **body: Any) -> dict[str, Any]:
    """The create answer as the creator sees it (no invite opened)."""
    body = {"game": "toy_bids", "seed": 1, "seats": HUMANS, "clock": None, **body}
    answer = client.post("/api/matches", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def open_invite(client: TestClient, invite: str) -> Any:
    return client.post(f"/api/invites/{invite}")


def test_an_invite_gives_its_seat_once(client: TestClient) -> None:
    made = made_raw(client)
    mid = made["id"]
    first = open_invite(client, made["seats"][1]["invite"])
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["match_id"] == mid and body["seat"] == 1 and body["url"] == f"/play/{mid}"
    token = body["token"]
    assert client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["seat"] == 1
    again = open_invite(client, made["seats"][1]["invite"])
    assert again.status_code == 410 and "already used" in again.json()["error"]
    # The first opener's token still holds the seat; the second got nothing.
    assert client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["seat"] == 1
    for unknown in ("nothing-like-an-invite", "x" * 65, made["host_token"], token):
        answer = open_invite(client, unknown)
        assert answer.status_code == 404 and "no such invite" in answer.json()["error"]


def test_bot_seats_get_no_invite(client: TestClient) -> None:
    made = made_raw(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "human"}])
    assert made["seats"][0]["invite"] is None and made["seats"][0]["invite_url"] is None
    tokens = seat_tokens(client, made)
    assert tokens[0] is None and isinstance(tokens[1], str)
    with pytest.raises(InviteRefused, match="seat 1's invite was refused \\(410\\)"):
        seat_tokens(client, made)


def test_the_creator_sees_who_joined_but_holds_no_seat_and_no_secret(client: TestClient) -> None:
    made = made_raw(client)
    mid, host = made["id"], made["host_token"]
    created = json.dumps(made)
    state = client.get(f"/api/matches/{mid}", headers=bearer(host))
    assert state.status_code == 200 and state.json()["joined"] == [False, False]
    assert state.json()["seat"] is None
    t0 = open_invite(client, made["seats"][0]["invite"]).json()["token"]
    assert client.get(f"/api/matches/{mid}", headers=bearer(host)).json()["joined"] == [True, False]
    t1 = open_invite(client, made["seats"][1]["invite"]).json()["token"]
    assert t0 not in created and t1 not in created  # the creator never saw a seat token
    # A pending move stays secret from the host key (it reads the spectator's view).
    sent = client.post(f"/api/matches/{mid}/submissions", json={"text": "2*"}, headers=bearer(t0))
    assert sent.status_code == 200
    seen = client.get(f"/api/matches/{mid}", headers=bearer(host)).json()
    assert seen["joined"] == [True, True] and "pending" not in seen["view"]
    assert "2*" not in json.dumps(seen) and t0 not in json.dumps(seen)
    assert client.get(f"/api/matches/{mid}").json().get("joined") is None  # spectators: no
    assert client.get(f"/api/matches/{mid}", headers=bearer(t0)).json().get("joined") is None
    # It acts for no seat, over HTTP or the live stream.
    for path, body in (("submissions", {"text": "1"}), ("commitments", {"commitment": "a" * 64})):
        refused = client.post(f"/api/matches/{mid}/{path}", json=body, headers=bearer(host))
        assert refused.status_code == 403 and "host key" in refused.json()["error"]
    for action in ("resign", "draw", "extend"):
        refused = client.post(f"/api/matches/{mid}/{action}", headers=bearer(host))
        assert refused.status_code == 403 and "host key" in refused.json()["error"]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": host})
        error = ws.receive_json()
        assert error["type"] == "error" and "host key" in error["error"]
    assert client.get(f"/api/matches/{mid}", headers=bearer(t0)).json()["view"]["pending"] == "2*"


def test_invites_and_tokens_survive_a_restart_and_are_stored_as_hashes(db_url: str) -> None:
    with TestClient(create_app(db_url, settings=GENEROUS)) as client:
        made = made_raw(client)
        token0 = open_invite(client, made["seats"][0]["invite"]).json()["token"]
    with TestClient(create_app(db_url, settings=GENEROUS)) as client:  # a restarted server
        mid = made["id"]
        assert client.get(f"/api/matches/{mid}", headers=bearer(token0)).json()["seat"] == 0
        assert open_invite(client, made["seats"][0]["invite"]).status_code == 410
        token1 = open_invite(client, made["seats"][1]["invite"]).json()["token"]
        assert client.get(f"/api/matches/{mid}", headers=bearer(token1)).json()["seat"] == 1
        host = bearer(made["host_token"])
        assert client.get(f"/api/matches/{mid}", headers=host).json()["joined"] == [True, True]
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            rows = [
                " ".join(str(value) for value in row)
                for table in ("matches", "invites")
                for row in connection.execute(text(f"SELECT * FROM {table}")).all()
            ]
    finally:
        engine.dispose()
    stored = "\n".join(rows)
    secrets = [made["host_token"], token0, token1] + [s["invite"] for s in made["seats"]]
    for secret in secrets:
        assert secret not in stored
        assert hashlib.sha256(secret.encode()).hexdigest() in stored


def test_two_openers_of_one_invite_at_once_get_one_seat(client: TestClient) -> None:
    made = made_raw(client)
    invite = made["seats"][0]["invite"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    outcomes: list[str] = []

    def opener() -> None:
        try:
            hub.exchange(invite)
            outcomes.append("token")
        except LookupError as error:
            outcomes.append(str(error))

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("token") == 1, outcomes
    assert all("already used" in o for o in outcomes if o != "token")


def _finished(client: TestClient) -> tuple[str, list[str]]:
    made = made_raw(client)
    t0, t1 = seat_tokens(client, made)
    assert t0 is not None and t1 is not None
    over = client.post(f"/api/matches/{made['id']}/resign", headers=bearer(t1))
    assert over.status_code == 200
    return made["id"], [t0, t1]


def test_a_token_only_reads_once_the_match_is_over(client: TestClient) -> None:
    mid, (t0, t1) = _finished(client)
    acts = [
        ("submissions", {"text": "1"}),
        ("submissions", {"text": "1", "nonce": "0" * 32}),
        ("commitments", {"commitment": "a" * 64}),
        ("resign", None),
        ("draw", None),
        ("extend", None),
    ]
    for path, body in acts:
        for token in (t0, t1):
            answer = client.post(f"/api/matches/{mid}/{path}", json=body, headers=bearer(token))
            assert answer.status_code == 409, (path, answer.text)
            assert "over" in answer.json()["error"], (path, answer.text)
    mine = client.get(f"/api/matches/{mid}", headers=bearer(t0))
    assert mine.status_code == 200 and mine.json()["seat"] == 0 and mine.json()["is_over"]
    assert client.get(f"/api/matches/{mid}/record").status_code == 200
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0})
        frame = ws.receive_json()
        assert frame["type"] == "frame" and frame["seat"] == 0 and frame["is_over"]
        for number, message in enumerate(
            [
                {"type": "submit", "text": "1"},
                {"type": "commit", "commitment": "a" * 64},
                {"type": "resign"},
                {"type": "draw"},
                {"type": "extend"},
            ]
        ):
            ws.send_json({**message, "ref": number})
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["ref"] == number
            assert "the match is over" in reply["error"], reply


def test_a_retry_of_the_last_move_still_gets_its_answer_after_the_end(
    client: TestClient,
) -> None:
    made = made_raw(client)
    t0, t1 = seat_tokens(client, made)
    assert t0 is not None and t1 is not None
    url = f"/api/matches/{made['id']}/submissions"
    for number, (a, b) in enumerate((("1", "2*"), ("2", "1"), ("3", "3"))):
        client.post(url, json={"text": a}, headers=bearer(t0))
        last = client.post(url, json={"text": b, "key": f"k{number}"}, headers=bearer(t1))
    assert client.get(f"/api/matches/{made['id']}").json()["is_over"]
    # The answer of the move that ended the match was lost: its retry gets it, not a 409.
    again = client.post(url, json={"text": "3", "key": "k2"}, headers=bearer(t1))
    assert again.status_code == 200 and again.json() == last.json()
