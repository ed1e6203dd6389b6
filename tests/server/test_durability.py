"""Commit before acknowledge or broadcast: a step that cannot be stored is neither answered as
accepted nor sent to anyone, and the match is rebuilt from what the store holds. The group
commit writer keeps the queue's order and isolates a failing step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhost.server.writer import Writer
from duelhost.store import MatchRow, Store
from tests.server.conftest import bearer, create


def test_a_step_that_cannot_be_stored_is_not_acknowledged_nor_sent(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, clock=None)
    mid, t0, t1 = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/matches/{mid}/live") as watcher:
        watcher.send_json({})
        assert watcher.receive_json()["kind"] == "full"
        real = hub.store.append_many

        def broken(steps: Any) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(hub.store, "append_many", broken)
        refused = client.post(
            f"/api/matches/{mid}/submissions", json={"text": "2"}, headers=bearer(t0)
        )
        assert refused.status_code == 503 and "could not be stored" in refused.json()["error"]
        monkeypatch.setattr(hub.store, "append_many", real)
        # The match was rebuilt from the store: seat 0's bid is not there, it may bid again.
        state = client.get(f"/api/matches/{mid}", headers=bearer(t0)).json()
        assert state["to_act"] == [0, 1] and "pending" not in state["view"]
        accepted = client.post(
            f"/api/matches/{mid}/submissions", json={"text": "3"}, headers=bearer(t0)
        )
        assert accepted.status_code == 200
        # The watcher's next frame is the accepted bid's (n = 1), never the refused one's.
        frame = watcher.receive_json()
        assert frame["n"] == 1
        assert frame["events"][0]["receipt"] == accepted.json()["receipt"]
        assert (
            client.post(
                f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(t1)
            ).status_code
            == 200
        )
    # The stored log holds exactly the two acknowledged submissions.
    log = hub.store.log(mid)
    assert [(e["type"], e["seat"], e["text"]) for e in log] == [
        ("submit", 0, "3"),
        ("submit", 1, "1"),
    ]


def _row(match_id: str) -> MatchRow:
    return MatchRow(
        id=match_id,
        game="toy_bids",
        options={},
        seed=1,
        setup={},
        seats=[],
        clock=None,
        secret="00",
        created=0.0,
    )


def test_the_writer_commits_in_queue_order_and_isolates_a_failing_step(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    store.create_match(_row("a"))
    store.create_match(_row("b"))
    writer = Writer(store)
    futures = [
        writer.put(("a", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
        writer.put(("b", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
        writer.put(("a", [{"seq": 1, "time": 2.0, "type": "dup"}], False, None, 2.0)),  # taken
        writer.put(("a", [{"seq": 2, "time": 3.0, "type": "y"}], True, {"winner": 0}, 3.0)),
    ]
    outcomes = []
    for future in futures:
        try:
            future.result(timeout=10)
            outcomes.append("ok")
        except Exception:
            outcomes.append("failed")
    writer.close()
    assert outcomes == ["ok", "ok", "failed", "ok"]
    assert [e["type"] for e in store.log("a")] == ["x", "y"]
    assert store.get("a").over is True  # type: ignore[union-attr]
    assert json.dumps(store.log("b")) == json.dumps([{"seq": 1, "time": 1.0, "type": "x"}])
