"""Limits for anonymous use and the security review's findings (issue 16, points 4 and 5): a
test for each limit, each failing before its fix."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhost.host import HostLimits
from duelhost.server import create_app
from duelhost.server.hub import Hub
from duelhost.server.settings import ServerSettings
from duelhost.store import Store
from tests.server.conftest import GENEROUS, bearer, create

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def strict(db_url: str, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """A server with the limits the test gives (``@pytest.mark.parametrize`` indirect)."""
    settings = getattr(request, "param", ServerSettings())
    with TestClient(create_app(db_url, settings=settings)) as test_client:
        yield test_client


# ---------------------------------------------------------------------- quotas (point 4)


@pytest.mark.parametrize("strict", [ServerSettings(max_matches_per_client=3)], indirect=True)
def test_matches_created_per_client_per_minute(strict: TestClient) -> None:
    for _ in range(3):
        create(strict)
    refused = strict.post("/api/matches", json={"game": "toy_bids", "seats": HUMANS})
    assert refused.status_code == 429
    assert "more than 3 matches a minute" in refused.json()["error"]
    assert int(refused.headers["Retry-After"]) >= 1


@pytest.mark.parametrize(
    "strict", [ServerSettings(max_live_per_client=2, max_matches_per_client=100)], indirect=True
)
def test_unfinished_matches_per_client(strict: TestClient) -> None:
    """Issue 32 point 5: what one address holds in memory is bounded: past its unfinished
    matches' cap a creation is refused, saying why, until one of them ends."""
    first = create(strict)
    create(strict)
    refused = strict.post("/api/matches", json={"game": "toy_bids", "seats": HUMANS})
    assert refused.status_code == 429
    assert refused.json()["error"] == (
        "2 matches you created are unfinished, the most one client may have; "
        "finish or resign one first"
    )
    token = first["tokens"][0]
    assert (
        strict.post(f"/api/matches/{first['id']}/resign", headers=bearer(token)).status_code == 200
    )
    create(strict)  # a finished match frees its place


@pytest.mark.parametrize(
    "strict", [ServerSettings(max_live_matches=2, max_matches_per_client=100)], indirect=True
)
def test_live_matches_per_server(strict: TestClient) -> None:
    first = create(strict)
    create(strict)
    refused = strict.post("/api/matches", json={"game": "toy_bids", "seats": HUMANS})
    assert refused.status_code == 429 and "unfinished matches" in refused.json()["error"]
    token = first["tokens"][0]
    assert (
        strict.post(f"/api/matches/{first['id']}/resign", headers=bearer(token)).status_code == 200
    )
    create(strict)  # a finished match frees its place


@pytest.mark.parametrize("strict", [ServerSettings(requests_per_second=5)], indirect=True)
def test_requests_per_client(strict: TestClient) -> None:
    answers = [strict.get("/api/games").status_code for _ in range(30)]
    assert answers[:10] == [200] * 10  # a burst of twice the rate
    assert 429 in answers
    refused = next(r for r in (strict.get("/api/games") for _ in range(5)) if r.status_code == 429)
    assert "requests a second" in refused.json()["error"]


def test_a_big_body_is_refused_before_it_is_parsed(strict: TestClient) -> None:
    limit = ServerSettings().max_body_bytes
    body = b'{"game": "' + b"x" * limit + b'"}'
    declared = strict.post(
        "/api/matches", content=body, headers={"content-type": "application/json"}
    )
    assert declared.status_code == 413 and f"over {limit} bytes" in declared.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(limit // 1000 + 2):
            yield b" " * 1000

    chunked = strict.post(
        "/api/matches", content=chunks(), headers={"content-type": "application/json"}
    )
    assert chunked.status_code == 413


def test_option_budgets_bound_what_a_match_may_cost(client: TestClient) -> None:
    for options, name in (
        ({"galaxies": 26}, "galaxies"),
        ({"max_ticks": None}, "max_ticks"),
    ):
        game = "goofspiel" if "galaxies" in options else "multiplanetary"
        answer = client.post("/api/matches", json={"game": game, "options": options})
        assert answer.status_code == 400, answer.text
        assert name in answer.json()["error"] and "on this server" in answer.json()["error"]


def test_live_stream_messages_have_a_size_and_a_rate(db_url: str) -> None:
    settings = ServerSettings(ws_max_message=100, ws_messages_per_second=2, **_generous())
    with TestClient(create_app(db_url, settings=settings)) as client:
        made = create(client)
        with client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
            socket.send_json({"token": made["tokens"][0]})
            socket.receive_json()
            socket.send_text(json.dumps({"type": "ping", "ref": "x" * 150}))
            assert "at most 100 characters" in socket.receive_json()["error"]
            replies = []
            for _ in range(8):
                socket.send_json({"type": "ping"})
                replies.append(socket.receive_json())
            assert replies[0]["type"] == "pong"
            assert any("messages a second" in r.get("error", "") for r in replies)


def _generous() -> dict[str, Any]:
    return {
        "max_matches_per_client": 1000,
        "max_live_per_client": 1000,
        "requests_per_second": 1000.0,
    }


def test_a_match_of_two_bots_ends_as_abandoned_and_is_recorded_so(db_url: str) -> None:
    # 0.2 s is four 0.05 s ticks, and the host runs a late tick and the idle end in the order
    # they were due. Random bots never end a Multiplanetary match that fast: over 300 seeds the
    # quickest win took 9 ticks, and about one seed in seven ended within 12. With 0.5 s
    # (ten ticks) this test failed in CI when the drawn seed let a bot win first.
    settings = ServerSettings(host=HostLimits(idle_seconds=0.2), **_generous())
    with TestClient(create_app(db_url, settings=settings)) as client:
        made = client.post(
            "/api/matches",
            json={
                "game": "multiplanetary",
                "seats": [{"kind": "bot", "bot": "random"}] * 2,
                "clock": {"seconds": 0.05, "planning_seconds": 0},
            },
        ).json()
        deadline = time.monotonic() + 20
        while not client.get(f"/api/matches/{made['id']}").json()["is_over"]:
            assert time.monotonic() < deadline, "the bot match did not end"
            time.sleep(0.1)
        record = client.get(f"/api/matches/{made['id']}/record").json()
        assert record["result"]["winner"] is None
        assert record["result"]["reason"].startswith("abandoned")


# ---------------------------------------------------------------------- security review (point 5)


def test_idle_matches_leave_memory_and_come_back_on_demand(db_url: str) -> None:
    settings = ServerSettings(idle_evict=0.2, **_generous())
    with TestClient(create_app(db_url, settings=settings)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = create(client)
        token = made["tokens"][0]
        client.post(
            f"/api/matches/{made['id']}/submissions", json={"text": "1"}, headers=bearer(token)
        )
        deadline = time.monotonic() + 10
        while made["id"] in hub.live:
            assert time.monotonic() < deadline, "the idle match stayed in memory"
            time.sleep(0.05)
        # Evicted: now reload it on demand, with a long idle time so that it cannot leave
        # memory again between the answer and the check (at 0.2 s a loaded CI machine did).
        hub.settings = replace(hub.settings, idle_evict=60.0)
        mine = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()
        assert mine["view"]["pending"] is not None or mine["n"] == 1
        assert made["id"] in hub.live and made["id"] in hub.unfinished


def test_a_restarted_server_answers_at_once_and_resumes_matches_in_the_background(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'restart.db'}"

    async def scenario() -> tuple[int, int, int]:
        first = Hub(Store(url))
        for _ in range(30):
            await first.create("toy_bids", {}, None, {}, HUMANS, None, False)
        first.stop()
        first.store.close()
        second = Hub(Store(url))
        count = second.start()
        at_once = len(second.live)  # nothing rebuilt before start() returns
        for _ in range(200):
            await asyncio.sleep(0)
        later = len(second.live)
        second.stop()
        second.store.close()
        return count, at_once, later

    count, at_once, later = asyncio.run(scenario())
    assert count == 30 and at_once == 0 and later == 30


def test_refused_submissions_keep_no_idempotency_key(client: TestClient) -> None:
    made = create(client)
    token = made["tokens"][0]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for n in range(50):
        answer = client.post(
            f"/api/matches/{made['id']}/submissions",
            json={"text": "99", "key": f"{n:0200d}"},
            headers=bearer(token),
        )
        assert answer.status_code == 400
    assert hub.get(made["id"]).match._keys == {}


def test_every_echoed_input_is_capped(client: TestClient) -> None:
    long_id = "x" * 60_000
    missing = client.get(f"/api/matches/{long_id}")
    assert missing.status_code == 404 and len(missing.text) < 200
    huge = client.post(
        "/api/matches", json={"game": "goofspiel", "options": {"galaxy_order": "A" * 100_000}}
    )
    assert huge.status_code in (400, 413) and len(huge.text) < 1_000
    with client.websocket_connect(f"/api/matches/{long_id}/live") as socket:
        error = socket.receive_json()["error"]
        assert len(error) < 200


def test_every_html_page_sends_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/play/abc", "/watch/abc"):
        page = client.get(path)
        assert page.status_code == 200
        csp = page.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "'unsafe-inline'" not in csp
        assert page.headers["X-Frame-Options"] == "DENY"
        assert page.headers["X-Content-Type-Options"] == "nosniff"
        assert page.headers["Referrer-Policy"] == "no-referrer"
    assert client.get("/api/games").headers["X-Content-Type-Options"] == "nosniff"


def test_a_tick_clock_is_refused_for_a_game_without_ticks(client: TestClient) -> None:
    answer = client.post(
        "/api/matches", json={"game": "goofspiel", "clock": {"mode": "tick", "seconds": 5}}
    )
    assert answer.status_code == 400 and "no ticks" in answer.json()["error"]


def test_a_deeply_nested_body_is_malformed_like_any_other(client: TestClient) -> None:
    body = "[" * 50_000 + "]" * 50_000
    answer = client.post("/api/matches", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422 and "error" in answer.json()


@pytest.mark.parametrize(
    "body",
    [
        {"game": "toy_bids", "seed": "12"},
        {"game": "goofspiel", "options": {"galaxies": "7"}},
        {"game": "goofspiel", "options": {"show_history": "false"}},
    ],
)
def test_strings_are_not_coerced_to_numbers(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/matches", json=body)
    assert answer.status_code in (400, 422), answer.text


def test_a_stream_submission_naming_another_seat_is_refused(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({"token": made["tokens"][0]})
        socket.receive_json()
        socket.send_json({"type": "submit", "text": "1", "seat": 1, "ref": 1})
        reply = socket.receive_json()
        assert reply["type"] == "error" and "not seat 1" in reply["error"]
    assert client.app.state.hub.get(made["id"]).match.log == []  # type: ignore[attr-defined]


def test_no_absolute_redirect_is_built_from_the_host_header(client: TestClient) -> None:
    answer = client.get("/api/matches/", headers={"host": "evil.example"}, follow_redirects=False)
    assert "evil.example" not in answer.headers.get("location", "")


__all__ = ["GENEROUS"]
