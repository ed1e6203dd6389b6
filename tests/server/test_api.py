"""The HTTP and WebSocket API with an in-process client (route shapes are a contract)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from duelhost.cli import app as cli_app
from duelhost.cli.commands.verify import verify_record
from tests.server.conftest import bearer, create


def test_create_answers_201_with_seats_invites_and_links(client: TestClient) -> None:
    made = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], clock=None)
    assert set(made) >= {"id", "seats", "spectate", "host_token"}
    seat0, seat1 = made["seats"]
    assert seat0["seat"] == 0 and seat1["seat"] == 1
    # 128-bit invite: 16 bytes, 22 characters of URL-safe base64; no seat token.
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", seat0["invite"])
    assert seat0["invite_url"] == f"/play/{made['id']}#invite={seat0['invite']}"
    assert seat1["invite"] is None and seat1["invite_url"] is None
    assert "token" not in seat0 and "url" not in seat0
    assert made["spectate"] == f"/watch/{made['id']}"
    assert made["clock"] is None


def test_clock_absent_means_the_games_default_and_null_untimed(client: TestClient) -> None:
    ticks = client.post(
        "/api/matches", json={"game": "toy_ticks", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    assert ticks.json()["clock"]["mode"] == "tick"
    untimed = create(client, game="toy_ticks", clock=None)
    assert untimed["clock"] is None
    custom = create(client, clock={"seconds": 12})
    assert custom["clock"]["seconds"] == 12.0


def test_get_gives_the_seat_view_with_a_token_and_the_spectator_view_without(
    client: TestClient,
) -> None:
    made = create(client, clock=None)
    token = made["tokens"][0]
    client.post(
        f"/api/matches/{made['id']}/submissions", json={"text": "2*"}, headers=bearer(token)
    )
    mine = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()
    assert set(mine) >= {"seat", "to_act", "view", "is_over", "winner", "clock"}
    assert mine["seat"] == 0 and mine["view"]["pending"] == "2*" and mine["to_act"] == [1]
    spectator = client.get(f"/api/matches/{made['id']}").json()
    assert spectator["seat"] is None and "pending" not in spectator["view"]
    assert "left" not in spectator["view"]  # a seat's private field


def test_submission_accepted_rejected_and_repeated_key(client: TestClient) -> None:
    made = create(client, clock=None)
    url = f"/api/matches/{made['id']}/submissions"
    token = made["tokens"][1]
    first = client.post(url, json={"text": "3", "key": "k"}, headers=bearer(token))
    assert first.status_code == 200
    body = first.json()
    assert body["accepted"] is True and re.fullmatch(r"[0-9a-f]{64}", body["receipt"])
    again = client.post(url, json={"text": "1", "key": "k"}, headers=bearer(token))
    assert again.json() == body
    refused = client.post(url, json={"text": "3"}, headers=bearer(made["tokens"][0]))
    assert refused.status_code == 200  # seat 0 may still bid 3
    # Now decision 1: seat 1 has no 3 left; the game's own message comes back.
    bad = client.post(url, json={"text": "3"}, headers=bearer(token))
    assert bad.status_code == 400 and bad.json() == {"error": "illegal bid '3': bid one of [1, 2]"}


def test_a_submission_pinned_to_a_decision_that_is_over_is_refused(client: TestClient) -> None:
    """``decision`` names the decision a submission was made for (HTTP and WebSocket)."""
    made = create(client, clock=None)
    url = f"/api/matches/{made['id']}/submissions"
    for seat, text in ((0, "3"), (1, "1")):  # decision 0 resolves
        answer = client.post(
            url, json={"text": text, "decision": 0}, headers=bearer(made["tokens"][seat])
        )
        assert answer.status_code == 200, answer.text
    late = client.post(url, json={"text": "2", "decision": 0}, headers=bearer(made["tokens"][0]))
    assert late.status_code == 400
    assert late.json() == {"error": "this submission is for decision 0; the match is at decision 1"}
    negative = client.post(
        url, json={"text": "2", "decision": -1}, headers=bearer(made["tokens"][0])
    )
    assert negative.status_code == 422
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_json({"token": made["tokens"][0]})
        assert ws.receive_json()["type"] == "frame"
        ws.send_json({"type": "submit", "text": "2", "ref": 7, "decision": 0})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["ref"] == 7
        assert refused["error"] == "this submission is for decision 0; the match is at decision 1"
        ws.send_json({"type": "submit", "text": "2", "ref": 8, "decision": 1})
        taken = ws.receive_json()
        assert taken["type"] == "ack" and taken["ref"] == 8 and taken["decision"] == 1
    state = client.get(f"/api/matches/{made['id']}", headers=bearer(made["tokens"][0])).json()
    assert state["view"]["pending"] == "2"


def test_resign_and_record_after_the_end(client: TestClient, tmp_path: Path) -> None:
    made = create(client, clock=None)
    mid, token = made["id"], made["tokens"][0]
    client.post(f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(token))
    assert client.get(f"/api/matches/{mid}/record").status_code == 409
    resigned = client.post(f"/api/matches/{mid}/resign", headers=bearer(made["tokens"][1]))
    assert resigned.status_code == 200
    state = client.get(f"/api/matches/{mid}").json()
    assert state["is_over"] and state["winner"] == 0
    record = client.get(f"/api/matches/{mid}/record")
    assert record.status_code == 200
    data = record.json()
    assert data["seed"] == 1 and data["game"] == "toy_bids" and data["match"] == mid
    assert [h["kind"] for h in data["history"]] == ["submit", "resign"]
    assert isinstance(data["history"][0]["time"], float)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    runner = CliRunner()
    replayed = runner.invoke(cli_app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    verified = runner.invoke(cli_app, ["verify", str(path)])
    assert verified.exit_code == 0 and "1 receipt(s) match" in verified.output


def _finished_record(client: TestClient) -> dict[str, Any]:
    made = create(client, clock=None)
    mid = made["id"]
    for a, b in (("1", "2*"), ("2", "1"), ("3", "3")):
        client.post(
            f"/api/matches/{mid}/submissions",
            json={"text": a},
            headers=bearer(made["tokens"][0]),
        )
        client.post(
            f"/api/matches/{mid}/submissions",
            json={"text": b},
            headers=bearer(made["tokens"][1]),
        )
    record: dict[str, Any] = client.get(f"/api/matches/{mid}/record").json()
    return record


def test_verify_accepts_a_true_record_and_catches_a_changed_submission(client: TestClient) -> None:
    record = _finished_record(client)
    assert verify_record(record) == (6, [])
    changed = json.loads(json.dumps(record))
    changed["history"][1]["text"] = "2"  # the host claims seat 1 bid 2 instead of 2*
    _checked, problems = verify_record(changed)
    assert any("the receipt does not match '2'" in p for p in problems)
    wrong_nonce = json.loads(json.dumps(record))
    wrong_nonce["history"][0]["nonce"] = "0" * 32
    assert verify_record(wrong_nonce)[1] != []


def test_list_matches_and_games(client: TestClient) -> None:
    create(client, clock=None)
    create(client, game="toy_turns", clock=None)
    listed = client.get("/api/matches").json()
    assert listed["total"] == 2 and {m["game"] for m in listed["matches"]} == {
        "toy_bids",
        "toy_turns",
    }
    only = client.get("/api/matches", params={"game": "toy_turns"}).json()
    assert only["total"] == 1
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "random" in games["toy_bids"]["bots"]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"game": "no_such_game"}, 400, "unknown game 'no_such_game'"),
        ({"game": "toy_bids", "options": {"rounds": 9}}, 400, "rounds"),
        ({"game": "toy_bids", "options": {"bogus": 1}}, 400, "unknown option 'bogus'"),
        ({"game": "toy_bids", "seats": [{"kind": "human"}]}, 422, "seats"),
        ({"game": "toy_bids", "seats": [{"kind": "alien"}, {"kind": "human"}]}, 422, "kind"),
        (
            {"game": "toy_bids", "seats": [{"kind": "bot", "bot": "nobot"}, {"kind": "human"}]},
            400,
            "no bot 'nobot'",
        ),
        ({"game": "toy_bids", "clock": {"seconds": -1}}, 400, "clock field 'seconds'"),
        ({"game": "toy_bids", "clock": {"pace": 1}}, 400, "unknown clock field 'pace'"),
        ({"game": "toy_bids", "seed": -5}, 422, "seed"),
        ({"game": "toy_bids", "seed": 2**64}, 422, "seed"),
        ({"game": "toy_bids", "surprise": 1}, 422, "surprise"),
        ({}, 422, "game"),
    ],
)
def test_bad_create_requests_are_4xx_with_a_message(
    client: TestClient, body: dict[str, Any], status: int, message: str
) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status, response.text
    assert message in response.json()["error"]


def test_bad_bodies_and_unknown_matches_are_4xx(client: TestClient) -> None:
    made = create(client, clock=None)
    url = f"/api/matches/{made['id']}/submissions"
    token = bearer(made["tokens"][0])
    assert (
        client.post(
            url, content=b"{not json", headers={**token, "Content-Type": "application/json"}
        ).status_code
        == 422
    )
    assert client.post(url, json={"txt": "1"}, headers=token).status_code == 422
    assert client.post(url, json={"text": 5}, headers=token).status_code == 422
    assert client.post(url, json={"text": "1", "key": "k" * 500}, headers=token).status_code == 422
    assert client.post(url, json={"text": "\x00"}, headers=token).status_code == 400
    assert client.get("/api/matches/nope").status_code == 404
    assert client.get("/api/matches/nope").json() == {"error": "no match 'nope'"}
    assert client.get("/api/matches/" + "x" * 300).status_code == 404
    assert (
        client.post("/api/matches/nope/submissions", json={"text": "1"}, headers=token).status_code
        == 404
    )
    assert client.get("/api/matches", params={"limit": 0}).status_code == 422


def test_live_stream_numbers_frames_acks_and_resumes(client: TestClient) -> None:
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0})
        full = ws.receive_json()
        assert (
            full["type"] == "frame"
            and full["kind"] == "full"
            and full["n"] == 0
            and full["seat"] == 0
        )
        ws.send_json({"type": "submit", "text": "2", "key": "a", "ref": 7})
        replies = [ws.receive_json(), ws.receive_json()]
        ack = next(r for r in replies if r["type"] == "ack")
        frame = next(r for r in replies if r["type"] == "frame")
        assert ack["accepted"] and ack["ref"] == 7 and frame["n"] == 1
        ws.send_json({"type": "submit", "text": "9"})
        assert ws.receive_json() == {
            "type": "error",
            "ref": None,
            "error": "seat 0 has already submitted for this decision",
        }
    client.post(f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(t1))
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0, "after": 1})
        missed = ws.receive_json()
        assert missed["kind"] == "update" and missed["n"] == 2 and missed["prev"] == 1
        assert [e["type"] for e in missed["events"]][:2] == ["submitted", "game"]


def test_live_stream_spectators_cannot_act_and_bad_tokens_are_refused(client: TestClient) -> None:
    made = create(client, clock=None)
    mid = made["id"]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({})
        assert ws.receive_json()["seat"] is None
        ws.send_json({"type": "submit", "text": "1"})
        assert "spectators cannot act" in ws.receive_json()["error"]
        ws.send_text("not json")
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": "forged-token"})
        assert ws.receive_json() == {
            "type": "error",
            "error": "this token holds no seat of this match",
        }
    assert client.get(f"/api/matches/{mid}").json()["view"]["submitted"] == []


def test_plain_pages_are_served(client: TestClient) -> None:
    for url in ("/", "/play/abc", "/watch/abc"):
        page = client.get(url)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert '<script type="module" src="/static/' in page.text


def test_draws_only_where_the_game_has_them_ge8(client: TestClient) -> None:
    made = create(client, clock=None)
    refused = client.post(f"/api/matches/{made['id']}/draw", headers=bearer(made["tokens"][0]))
    assert refused.status_code == 409 and refused.json() == {
        "error": "toy_bids has no draw by agreement"
    }


@pytest.mark.skipif(
    "generalissimo" not in __import__("duelhost").list_games(),
    reason="generalissimo is not registered",
)
def test_generalissimo_draw_offer_goes_through_the_game_ge8(client: TestClient) -> None:
    made = create(client, game="generalissimo", clock=None)
    mid = made["id"]
    offered = client.post(f"/api/matches/{mid}/draw", headers=bearer(made["tokens"][0]))
    assert offered.status_code == 200 and offered.json()["text"] == "draw"
    view = client.get(f"/api/matches/{mid}").json()["view"]
    assert view["draw_offer"] == 0
    # North may not answer out of turn: the game's rule, passed through as a 409.
    early = client.post(f"/api/matches/{mid}/draw", headers=bearer(made["tokens"][1]))
    assert early.status_code == 409
