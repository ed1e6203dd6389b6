"""Seeks, challenges and seats held by accounts (issue 30 points 2 and 3), on SQLite and
PostgreSQL: a seek is listed live in the lobby, accepting it makes the match with both seats
held (the seeker is told at once on its lobby stream); a guest accepts a casual seek under a
marked name, not a rated one; challenges are accepted, declined, withdrawn and expire; a bot
challenge makes its match at once; an account gets its seat's token back on any device; the
seats' names are in the match's state, its live stream, its record and its replay."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.accounts_kit import ORIGIN, Clock, Player, app_client, clock, player

__all__ = ["app_client", "clock"]

TOY = {"game": "toy_bids", "options": {"rounds": 1}, "clock": None}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def lobby_messages(client: TestClient, who: Player, count: int) -> list[dict[str, Any]]:
    """The first ``count`` messages of a lobby stream opened with ``who``'s cookie."""
    client.cookies = who.cookies
    try:
        with client.websocket_connect("/api/lobby/live", headers=ORIGIN) as socket:
            return [socket.receive_json() for _ in range(count)]
    finally:
        client.cookies.clear()


def play_out(client: TestClient, match_id: str, tokens: list[str]) -> dict[str, Any]:
    """Both seats bid (toy_bids with one round): the match ends."""
    for seat, token in enumerate(tokens):
        answer = client.post(
            f"/api/matches/{match_id}/submissions",
            json={"text": str(seat + 1)},
            headers=bearer(token),
        )
        assert answer.status_code == 200, answer.text
    state: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
    assert state["is_over"]
    return state


def test_a_seek_is_accepted_into_a_match_with_both_seats_held(app_client: TestClient) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    posted = ann.post("/api/seeks", json=TOY)
    assert posted.status_code == 201, posted.text
    seek = posted.json()
    assert seek["by"] == "ann" and seek["title"] == "Toy bids" and seek["rated"] is False
    assert [s["id"] for s in app_client.get("/api/seeks").json()["seeks"]] == [seek["id"]]
    hello = lobby_messages(app_client, ann, 1)[0]
    assert hello["type"] == "hello" and hello["me"] == "ann" and hello["seeks"] == [seek]
    own = ann.post(f"/api/seeks/{seek['id']}/accept")
    assert own.status_code == 409
    made = ben.post(f"/api/seeks/{seek['id']}/accept")
    assert made.status_code == 201, made.text
    taken = made.json()
    match_id, ben_seat = taken["match_id"], taken["seat"]
    assert app_client.get("/api/seeks").json()["seeks"] == []
    again = player(app_client, "cal").post(f"/api/seeks/{seek['id']}/accept")
    assert again.status_code == 409
    # The seeker gets its seat's token from its session (from any device), never an invite.
    claimed = ann.post(f"/api/matches/{match_id}/claim")
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["seat"] == 1 - ben_seat
    state = app_client.get(f"/api/matches/{match_id}").json()
    assert state["phase"] == "playing"  # both seats held: the clock would run
    names = [p["name"] for p in state["players"]]
    assert names[ben_seat] == "ben" and names[1 - ben_seat] == "ann"
    tokens = ["", ""]
    tokens[ben_seat], tokens[1 - ben_seat] = taken["token"], claimed.json()["token"]
    play_out(app_client, match_id, tokens)
    record = app_client.get(f"/api/matches/{match_id}/record").json()
    assert [p["name"] for p in record["players"]] == names
    replay = app_client.get(f"/api/matches/{match_id}/replay").json()
    assert [p["name"] for p in replay["players"]] == names
    mine = ann.get("/api/me/matches").json()
    assert mine["total"] == 1 and mine["matches"][0]["match_id"] == match_id
    assert mine["matches"][0]["seat"] == 1 - ben_seat and mine["matches"][0]["over"]
    profile = app_client.get("/api/players/ANN").json()
    assert profile["name"] == "ann" and profile["matches"] == 1


def test_the_seeker_is_told_on_its_lobby_stream(app_client: TestClient) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    app_client.cookies = ann.cookies
    with app_client.websocket_connect("/api/lobby/live", headers=ORIGIN) as socket:
        app_client.cookies.clear()
        assert socket.receive_json()["seeks"] == []
        seek = ann.post("/api/seeks", json=TOY).json()
        assert socket.receive_json() == {"type": "seek", "seek": seek}
        taken = ben.post(f"/api/seeks/{seek['id']}/accept").json()
        messages = [socket.receive_json(), socket.receive_json()]
    by_type = {m["type"]: m for m in messages}
    assert by_type["seek_gone"] == {"type": "seek_gone", "id": seek["id"], "reason": "taken"}
    matched = by_type["matched"]
    assert matched["match"] == taken["match_id"] and matched["seat"] == 1 - taken["seat"]
    assert matched["url"] == f"/play/{taken['match_id']}#claim={matched['seat']}"


def test_a_guest_accepts_a_casual_seek_not_a_rated_one(app_client: TestClient) -> None:
    ann = player(app_client, "ann")
    rated = ann.post("/api/seeks", json={**TOY, "rated": True}).json()
    casual = ann.post("/api/seeks", json=TOY).json()
    guest = player(app_client)
    refused = guest.post(f"/api/seeks/{rated['id']}/accept", json={"guest_name": "Visitor"})
    assert refused.status_code == 403 and "sign" in refused.json()["error"]
    nameless = guest.post(f"/api/seeks/{casual['id']}/accept", json={})
    assert nameless.status_code == 400 and "name" in nameless.json()["error"]
    made = guest.post(f"/api/seeks/{casual['id']}/accept", json={"guest_name": " Visitor "})
    assert made.status_code == 201, made.text
    seat = made.json()["seat"]
    players = app_client.get(f"/api/matches/{made.json()['match_id']}").json()["players"]
    assert players[seat] == {"name": "Visitor", "guest": True, "account": False}
    assert players[1 - seat]["name"] == "ann"
    # The guest's token holds its seat.
    own = app_client.get(
        f"/api/matches/{made.json()['match_id']}", headers=bearer(made.json()["token"])
    ).json()
    assert own["seat"] == seat
    # The rated flag stays with the offer's match (the ratings' seam).
    offers = app_client.app.state.offers  # type: ignore[attr-defined]
    assert offers.book.rated(made.json()["match_id"]) is False


def test_seeks_are_for_accounts_and_say_what_is_wrong(app_client: TestClient) -> None:
    guest = player(app_client)
    assert guest.post("/api/seeks", json=TOY).status_code == 401
    ann = player(app_client, "ann")
    bad_game = ann.post("/api/seeks", json={**TOY, "game": "chess"})
    assert bad_game.status_code == 400 and "unknown game" in bad_game.json()["error"]
    bad_option = ann.post("/api/seeks", json={**TOY, "options": {"rounds": "two"}})
    assert bad_option.status_code == 400
    # (a rating range is taken since the ratings landed; an empty one is refused)
    ranged = ann.post("/api/seeks", json={**TOY, "rating_min": 1600, "rating_max": 1400})
    assert ranged.status_code == 400 and "rating" in ranged.json()["error"]
    for _ in range(3):
        assert ann.post("/api/seeks", json=TOY).status_code == 201
    assert ann.post("/api/seeks", json=TOY).status_code == 429
    assert app_client.get("/api/seeks").json()["seeks"][0]["by"] == "ann"
    cross = ann.post("/api/seeks", json=TOY, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403


def test_a_seek_is_withdrawn_and_expires(app_client: TestClient, clock: Clock) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    first = ann.post("/api/seeks", json=TOY).json()
    assert ben.delete(f"/api/seeks/{first['id']}").status_code == 404
    assert ann.delete(f"/api/seeks/{first['id']}").status_code == 200
    assert ben.post(f"/api/seeks/{first['id']}/accept").status_code == 409
    second = ann.post("/api/seeks", json=TOY).json()
    clock.now += 1801
    assert app_client.get("/api/seeks").json()["seeks"] != []  # the sweep has not run yet
    expired = ben.post(f"/api/seeks/{second['id']}/accept")
    assert expired.status_code == 410 and "expired" in expired.json()["error"]
    offers = app_client.app.state.offers  # type: ignore[attr-defined]
    app_client.portal.call(offers.sweep, True)  # type: ignore[union-attr]
    assert app_client.get("/api/seeks").json()["seeks"] == []


def test_a_challenge_is_declined_and_another_accepted(app_client: TestClient) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    assert ann.post("/api/challenges", json={**TOY, "to": "nobody_x"}).status_code == 404
    assert ann.post("/api/challenges", json={**TOY, "to": "ANN"}).status_code == 409
    first = ann.post("/api/challenges", json={**TOY, "to": "Ben"})
    assert first.status_code == 201, first.text
    challenge = first.json()
    assert challenge["by"] == "ann" and challenge["to"] == "ben"
    assert [c["id"] for c in ben.get("/api/challenges").json()["challenges"]] == [challenge["id"]]
    hello = lobby_messages(app_client, ben, 1)[0]
    assert [c["id"] for c in hello["challenges"]] == [challenge["id"]]
    assert ann.post(f"/api/challenges/{challenge['id']}/accept").status_code == 403
    assert (
        player(app_client, "cal").post(f"/api/challenges/{challenge['id']}/decline").status_code
        == 404
    )
    declined = ben.post(f"/api/challenges/{challenge['id']}/decline")
    assert declined.status_code == 200
    assert ben.post(f"/api/challenges/{challenge['id']}/accept").status_code == 409
    assert ben.get("/api/challenges").json()["challenges"] == []
    second = ann.post("/api/challenges", json={**TOY, "to": "ben", "rated": True}).json()
    made = ben.post(f"/api/challenges/{second['id']}/accept")
    assert made.status_code == 201, made.text
    match_id = made.json()["match_id"]
    offers = app_client.app.state.offers  # type: ignore[attr-defined]
    assert offers.book.rated(match_id) is True
    ann_seat = 1 - made.json()["seat"]
    claimed = ann.post(f"/api/matches/{match_id}/seats/{ann_seat}/claim")
    assert claimed.status_code == 200
    assert ann.post(f"/api/matches/{match_id}/seats/{1 - ann_seat}/claim").status_code == 404
    names = [p["name"] for p in app_client.get(f"/api/matches/{match_id}").json()["players"]]
    assert names[ann_seat] == "ann" and names[1 - ann_seat] == "ben"


def test_the_challenged_sees_it_live_and_the_challenger_is_told(app_client: TestClient) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    app_client.cookies = ben.cookies
    with app_client.websocket_connect("/api/lobby/live", headers=ORIGIN) as ben_socket:
        app_client.cookies.clear()
        ben_socket.receive_json()
        challenge = ann.post("/api/challenges", json={**TOY, "to": "ben"}).json()
        assert ben_socket.receive_json() == {"type": "challenge", "challenge": challenge}
        app_client.cookies = ann.cookies
        with app_client.websocket_connect("/api/lobby/live", headers=ORIGIN) as ann_socket:
            app_client.cookies.clear()
            ann_socket.receive_json()
            made = ben.post(f"/api/challenges/{challenge['id']}/accept").json()
            told = [ann_socket.receive_json(), ann_socket.receive_json()]
    assert {m["type"] for m in told} == {"challenge_gone", "matched"}
    matched = next(m for m in told if m["type"] == "matched")
    assert matched["match"] == made["match_id"]


def test_a_challenge_expires(app_client: TestClient, clock: Clock) -> None:
    ann, ben = player(app_client, "ann"), player(app_client, "ben")
    challenge = ann.post("/api/challenges", json={**TOY, "to": "ben"}).json()
    clock.now += 301
    assert ben.get("/api/challenges").json()["challenges"] == []
    late = ben.post(f"/api/challenges/{challenge['id']}/accept")
    assert late.status_code == 410 and "expired" in late.json()["error"]


def test_a_bot_challenge_makes_the_match_at_once(app_client: TestClient) -> None:
    ann = player(app_client, "ann")
    body = {"game": "goofspiel", "options": {"galaxies": 1, "planets": 3}, "clock": None}
    bad = ann.post("/api/challenges", json={**body, "bot": "grandmaster"})
    assert bad.status_code == 400 and "easy" in bad.json()["error"]
    made = ann.post("/api/challenges", json={**body, "bot": "easy"})
    assert made.status_code == 201, made.text
    answer = made.json()
    state = app_client.get(f"/api/matches/{answer['match_id']}", headers=bearer(answer["token"]))
    assert state.json()["seat"] == answer["seat"]
    players = state.json()["players"]
    assert players[answer["seat"]]["name"] == "ann" and players[1 - answer["seat"]] is None
    listed = ann.get("/api/me/matches").json()["matches"]
    assert listed[0]["match_id"] == answer["match_id"] and listed[0]["over"] is False
    assert listed[0]["your_turn"] is True


def test_an_invite_opened_signed_in_holds_the_seat_on_every_device(app_client: TestClient) -> None:
    made = app_client.post("/api/matches", json={**TOY, "seed": 1}).json()
    ann = player(app_client, "ann")
    opened = ann.post(f"/api/invites/{made['seats'][1]['invite']}")
    assert opened.status_code == 200
    anonymous = app_client.post(f"/api/invites/{made['seats'][0]['invite']}")
    assert anonymous.status_code == 200
    phone = player(app_client)
    signed = phone.post("/api/session", json={"name": "ann", "password": "correct horse battery"})
    assert signed.status_code == 200
    claimed = phone.post(f"/api/matches/{made['id']}/claim").json()
    assert claimed == {"match_id": made["id"], "seat": 1, "token": opened.json()["token"]}
    players = app_client.get(f"/api/matches/{made['id']}").json()["players"]
    assert players == [None, {"name": "ann", "guest": False, "account": True}]
    # The host re-issues the seat: the account holds it no more.
    reissued = app_client.post(
        f"/api/matches/{made['id']}/seats/1/reissue", headers=bearer(made["host_token"])
    )
    assert reissued.status_code == 200
    assert phone.post(f"/api/matches/{made['id']}/claim").status_code == 404
    assert player(app_client).post(f"/api/matches/{made['id']}/claim").status_code == 401


def test_the_live_stream_names_the_seats(app_client: TestClient) -> None:
    made = app_client.post("/api/matches", json={**TOY, "seed": 1}).json()
    with app_client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({})
        assert socket.receive_json()["type"] == "frame"
        ann = player(app_client, "ann")
        ann.post(f"/api/invites/{made['seats'][0]['invite']}")
        message = socket.receive_json()
    assert message == {
        "type": "players",
        "players": [{"name": "ann", "guest": False, "account": True}, None],
    }
    with app_client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({})
        assert socket.receive_json()["type"] == "frame"
        assert socket.receive_json()["type"] == "players"
