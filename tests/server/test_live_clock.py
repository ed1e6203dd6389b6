"""The server drives the host's clock with the real wall clock and asyncio timers: deadlines,
ticks and bot seats act without any request (short clocks, a few seconds at most)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create


def wait_over(client: TestClient, match_id: str, seconds: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state: dict[str, Any] = client.get(f"/api/matches/{match_id}").json()
        if state["is_over"]:
            return state
        time.sleep(0.05)
    raise AssertionError(f"match {match_id} did not end within {seconds} s")


def test_move_deadlines_fire_on_the_server_timer(client: TestClient) -> None:
    """Nobody bids in toy_bids with 0.2 s a round: three rounds time out (0 against 0 each),
    a draw with no points."""
    made = create(client, clock={"seconds": 0.2})
    state = wait_over(client, made["id"])
    assert state["view"]["shown"] == [[0, 0], [0, 0], [0, 0]]
    assert state["winner"] is None and state["result"]["scores"] == [0, 0]


def test_ticks_fire_and_collect_orders_on_the_server_timer(client: TestClient) -> None:
    """toy_ticks, 5 ticks of 0.3 s after 1 s of planning (a first window long enough for two
    requests on a busy machine): seat 0 sends +4 then +5 in the first window (9 at most a
    tick); both orders are processed at tick 1 and nothing else is sent: 9 against 0."""
    made = create(client, game="toy_ticks", clock={"seconds": 0.3, "planning_seconds": 1})
    url = f"/api/matches/{made['id']}/submissions"
    token = bearer(made["tokens"][0])
    assert client.post(url, json={"text": "+4"}, headers=token).status_code == 200
    assert client.post(url, json={"text": "+5"}, headers=token).json()["text"] == "+4; +5"
    state = wait_over(client, made["id"])
    assert state["view"]["tick"] == 5 and state["view"]["totals"] == [9, 0]
    assert state["winner"] == 0


def test_bot_seats_play_inside_the_server(client: TestClient) -> None:
    made = create(
        client, game="toy_turns", seats=[{"kind": "bot", "bot": "random"}] * 2, clock=None
    )
    state = wait_over(client, made["id"])
    assert len(state["view"]["said"]) == 6  # 3 turns x 2 seats x 1 number
    human = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], clock=None)
    url = f"/api/matches/{human['id']}/submissions"
    token = bearer(human["tokens"][0])
    for bid in ("1", "2", "3"):
        assert client.post(url, json={"text": bid}, headers=token).status_code == 200
    assert wait_over(client, human["id"])["view"]["shown"][0][0] == 1
