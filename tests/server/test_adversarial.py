"""An adversarial review's findings, each pinned by a test: reads and new live streams never see a
step before it is committed, and garbage on the live stream (undecodable tokens and references,
binary messages, deeply nested JSON) gets an error message, never a server exception."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import bearer, create


def _hold_commits(hub: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[threading.Event], Any]:
    """Make the store's n-th group commit wait for ``gates[n]`` (a gate per commit, opened by the
    test); returns the gates and the store's real ``append_many``."""
    gates = [threading.Event() for _ in range(8)]
    calls: list[int] = []
    real = hub.store.append_many

    def held(steps: Any) -> None:
        calls.append(1)
        assert gates[len(calls) - 1].wait(10), "a commit gate was never opened"
        real(steps)

    monkeypatch.setattr(hub.store, "append_many", held)
    return gates, real


def _until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)


def test_a_stream_opened_during_a_commit_does_not_see_the_uncommitted_step(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0's bid is in the host's memory but its commit is held: a spectator that connects
    now must not get a frame holding it (that would broadcast a step that may yet be lost)."""
    made = create(client, clock=None)
    mid, t0 = made["id"], made["tokens"][0]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    gates, _real = _hold_commits(hub, monkeypatch)
    poster = threading.Thread(
        target=client.post,
        args=(f"/api/matches/{mid}/submissions",),
        kwargs={"json": {"text": "2"}, "headers": bearer(t0)},
    )
    poster.start()
    _until(lambda: len(hub.live[mid].match.log) == 1, "the bid in memory")
    threading.Timer(0.3, gates[0].set).start()
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({})
        frame = ws.receive_json()
        committed = len(hub.store.log(mid))
    poster.join(10)
    # The frame reflects frame["n"] log entries; all of them must be on disk when it arrives.
    assert frame["n"] <= committed, (frame["n"], committed)
    assert frame["n"] == 1  # it waited for the commit, then showed the bid as submitted


def test_a_read_does_not_show_a_step_committed_after_the_one_it_waited_for(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GET waits for the match's commits. Seat 0's bid (commit 1, held) is pending when the read
    starts; seat 1's bid (commit 2, held longer) lands in memory while it waits: the answer must
    not show seat 1's bid while it is not on disk."""
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    gates, _real = _hold_commits(hub, monkeypatch)
    url = f"/api/matches/{mid}/submissions"
    threads = [
        threading.Thread(
            target=client.post, args=(url,), kwargs={"json": {"text": "2"}, "headers": bearer(t0)}
        )
    ]
    threads[0].start()
    _until(lambda: len(hub.live[mid].match.log) == 1, "seat 0's bid in memory")
    answers: list[tuple[dict[str, Any], int]] = []

    def read() -> None:
        answer = client.get(f"/api/matches/{mid}").json()
        answers.append((answer, len(hub.store.log(mid))))

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.1)  # the read is waiting for commit 1
    threads.append(
        threading.Thread(
            target=client.post, args=(url,), kwargs={"json": {"text": "1"}, "headers": bearer(t1)}
        )
    )
    threads[1].start()
    _until(lambda: len(hub.live[mid].match.log) >= 2, "seat 1's bid in memory")
    gates[0].set()
    threading.Timer(0.3, gates[1].set).start()
    reader.join(10)
    for thread in threads:
        thread.join(10)
    (answer, committed) = answers[0]
    assert answer["n"] <= committed, (answer["n"], committed)


def test_an_undecodable_stream_token_is_refused_not_a_crash(client: TestClient) -> None:
    made = create(client, clock=None)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_text('{"token": "\\ud800"}')  # a lone surrogate: not encodable text
        assert ws.receive_json() == {
            "type": "error",
            "error": "this token holds no seat of this match",
        }


def test_a_binary_stream_message_gets_an_error(client: TestClient) -> None:
    made = create(client, clock=None)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_json({"token": made["tokens"][0]})
        assert ws.receive_json()["kind"] == "full"
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {
            "type": "error",
            "error": "messages must be JSON objects sent as text",
        }
        ws.send_json({"type": "ping", "ref": 3})  # the stream still works
        assert ws.receive_json()["type"] == "pong"


def test_stream_references_that_cannot_be_sent_back_are_refused(client: TestClient) -> None:
    """A ``ref`` is echoed in the reply: one that is not encodable text (a lone surrogate) would
    break the reply's UTF-8 encoding on a real server, and a huge one would be echoed at length."""
    made = create(client, clock=None)
    mid, t0 = made["id"], made["tokens"][0]
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0})
        assert ws.receive_json()["kind"] == "full"
        for message in ('{"type": "ping", "ref": "\\ud800"}', '{"type": "ping", "ref": [[1]]}'):
            ws.send_text(message)
            reply = ws.receive_json()
            assert reply["type"] == "error" and "ref" in reply["error"], reply
            json.dumps(reply, ensure_ascii=False).encode("utf-8")  # sendable
        ws.send_text('{"type": "submit", "text": "2", "ref": "\\ud800"}')
        assert ws.receive_json()["type"] == "error"
    # Nothing was submitted by the refused message.
    assert client.get(f"/api/matches/{mid}", headers=bearer(t0)).json()["n"] == 0


def test_deeply_nested_stream_messages_get_an_error(client: TestClient) -> None:
    made = create(client, clock=None)
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as ws:
        ws.send_json({"token": made["tokens"][0]})
        assert ws.receive_json()["kind"] == "full"
        ws.send_text("[" * 100_000)
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


@pytest.mark.parametrize("header", ["Basic dXNlcjpwYXNz", "Bearer", "Token abc"])
def test_a_malformed_authorization_header_is_401_as_documented(
    client: TestClient, header: str
) -> None:
    """docs/server.md: 401 for no or a malformed token, 403 for a well-formed token that holds
    no seat of this match (or acts for another seat)."""
    made = create(client, clock=None)
    mid = made["id"]
    headers = {"Authorization": header}
    assert client.get(f"/api/matches/{mid}", headers=headers).status_code == 401
    submitted = client.post(f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=headers)
    assert submitted.status_code == 401 and "Bearer" in submitted.json()["error"]
    assert client.post(f"/api/matches/{mid}/resign", headers=headers).status_code == 401
    forged = client.get(f"/api/matches/{mid}", headers=bearer("A" * 22))
    assert forged.status_code == 403
    assert client.get(f"/api/matches/{mid}").json()["n"] == 0


def test_a_submission_the_game_cannot_read_is_a_400_not_a_crash(client: TestClient) -> None:
    """Goofspiel reads a bid with ``int()``, which raises ValueError (not IllegalAction) past
    4300 digits; the server answers 400 with a message and changes nothing."""
    made = create(client, game="goofspiel", clock=None)
    mid, t0 = made["id"], made["tokens"][0]
    url = f"/api/matches/{mid}/submissions"
    answer = client.post(url, json={"text": "0" * 5000}, headers=bearer(t0))
    assert answer.status_code == 400, answer.text
    assert "error" in answer.json()
    assert client.get(f"/api/matches/{mid}").json()["n"] == 0
    with client.websocket_connect(f"/api/matches/{mid}/live") as ws:
        ws.send_json({"token": t0})
        assert ws.receive_json()["kind"] == "full"
        ws.send_json({"type": "submit", "text": "0" * 5000})
        assert ws.receive_json()["type"] == "error"
