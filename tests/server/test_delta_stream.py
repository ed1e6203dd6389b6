"""The live stream's delta frames (``"delta": true``): a full frame first, then what changed;
resuming from the last frame seen; a full frame on request."""

from __future__ import annotations

import asyncio

from fastapi.testclient import TestClient

from duelhost.server.hub import Hub
from duelhost.server.stream import Frames
from duelhost.store import Store
from tests.server.conftest import bearer, create


def test_delta_stream_sends_what_changed_and_the_client_keeps_the_view(
    client: TestClient,
) -> None:
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
    frames = Frames()
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0, "delta": True, "text": False})
        full = ws.receive_json()
        assert full["kind"] == "full" and full["n"] == 0 and "text" not in full
        frames.take(full)
        ws.send_json({"type": "submit", "text": "2", "ref": 1})
        replies = [ws.receive_json(), ws.receive_json()]
        first = next(r for r in replies if r["type"] == "frame")
        # The match was not listened to in deltas before this stream: the next one is whole.
        assert first["kind"] == "update" and first["n"] == 1
        frames.take(first)
        client.post(f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(t1))
        delta = ws.receive_json()
        # toy_bids: seat 0's 2 beats seat 1's 1: a point to seat 0, its 2 spent.
        assert delta["kind"] == "delta" and (delta["n"], delta["prev"]) == (2, 1)
        assert "view" not in delta and "text" not in delta and "match" not in delta
        assert {"op": "replace", "path": "/points", "value": [1, 0]} in delta["patch"]
        assert {"op": "replace", "path": "/left", "value": [1, 3]} in delta["patch"]
        held = frames.take(delta)
        assert held is not None
        assert held["view"] == client.get(f"/api/matches/{mid}", headers=bearer(t0)).json()["view"]
        ws.send_json({"type": "full"})
        again = ws.receive_json()
        assert again["kind"] == "full" and again["n"] == 2 and again["view"] == held["view"]
        assert [e["type"] for e in again["events"]][:2] == ["submitted", "your_submission"]


def test_delta_stream_resumes_from_the_last_frame_seen(client: TestClient) -> None:
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0, "delta": True})
        assert ws.receive_json()["n"] == 0
        for seat, token, bid in ((0, t0, "2"), (1, t1, "1"), (0, t0, "1")):
            response = client.post(
                f"/api/matches/{mid}/submissions", json={"text": bid}, headers=bearer(token)
            )
            assert response.status_code == 200, (seat, response.text)
            assert ws.receive_json()["type"] == "frame"
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0, "delta": True, "after": 2})
        missed = ws.receive_json()
        assert missed["kind"] == "delta" and (missed["n"], missed["prev"]) == (3, 2)
        # Decision 1 began with no pending bid: seat 0's bid of 1 is added.
        assert {"op": "add", "path": "/pending", "value": "1"} in missed["patch"]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        # No delta starts at 5 (no such frame): a full frame.
        ws.send_json({"token": t0, "delta": True, "after": 5})
        assert ws.receive_json()["kind"] == "full"


def test_a_client_that_wants_the_text_after_clients_that_did_not_gets_a_full_frame(
    client: TestClient,
) -> None:
    made = create(client, clock=None)
    mid, t0 = made["id"], made["tokens"][0]
    with client.websocket_connect(f"/api/matches/{mid}/live") as lean:
        lean.send_json({"token": t0, "delta": True, "text": False})
        assert lean.receive_json()["n"] == 0
        client.post(f"/api/matches/{mid}/submissions", json={"text": "2"}, headers=bearer(t0))
        assert "text" not in lean.receive_json()
        with client.websocket_connect(f"/api/matches/{mid}/live") as wordy:
            # Frame 1 was built without the text: resuming after 0 gives a full frame with it.
            wordy.send_json({"token": t0, "delta": True, "after": 0})
            full = wordy.receive_json()
            assert full["kind"] == "full" and full["n"] == 1 and "text" in full


def test_frames_are_built_for_a_recipient_within_the_grace_after_its_client_left(
    db_url: str,
) -> None:
    """resume_grace is 120 s: a delta client of seat 0 leaves at 1000; a step at 1100 still
    builds its delta (a resume gets it), a step at 1121 (121 s after) builds none."""

    async def play() -> tuple[bool, int, bool, bool, int]:
        clock = [1000.0]
        hub = Hub(Store(db_url), now=lambda: clock[0])
        humans = [{"kind": "human"}, {"kind": "human"}]
        live = (await hub.create("toy_bids", {}, 1, {}, humans, None, False)).live  # untimed
        queue = hub.subscribe(live, 0, with_text=False, deltas=True)
        hub.unsubscribe(live, 0, queue)
        clock[0] = 1100.0
        await hub.submit(live, 0, "2", None)
        within = 0 in live.match.delta_watchers
        buffered = len(live.match.frames_since(0, 0, clock[0], deltas=True))
        clock[0] = 1121.0
        await hub.submit(live, 1, "1", None)
        after = 0 in live.match.delta_watchers
        forgotten = not live.match.book.delta_buffers[0] and live.match.book.bases[0] is None
        hub.stop()
        hub.store.close()
        return within, buffered, after, forgotten, len(live.left)

    within, buffered, after, forgotten, left = asyncio.run(play())
    assert within and buffered == 1  # the frame of step 1 (n 0 -> 1)
    assert not after and forgotten and left == 0
