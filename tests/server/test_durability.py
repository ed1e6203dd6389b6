"""Commit before acknowledge or broadcast: a step that cannot be stored is neither answered as
accepted nor sent to anyone, and the match is rebuilt from what the store holds. The group
commit writer keeps the queue's order and isolates a failing step."""

from __future__ import annotations

import json
import threading
from concurrent.futures import Future
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
    mid, t0, t1 = made["id"], made["tokens"][0], made["tokens"][1]
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


def _outcomes(futures: list[Future[None]]) -> list[str]:
    """``ok`` or ``failed`` for each step's commit, in queue order."""
    outcomes = []
    for future in futures:
        try:
            future.result(timeout=10)
            outcomes.append("ok")
        except Exception:
            outcomes.append("failed")
    return outcomes


def test_the_writer_commits_in_queue_order_and_isolates_a_failing_step(db_url: str) -> None:
    store = Store(db_url)
    store.create_match(_row("a"))
    store.create_match(_row("b"))
    writer = Writer(store)
    futures = [
        writer.put(("a", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
        writer.put(("b", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
        writer.put(("a", [{"seq": 1, "time": 2.0, "type": "dup"}], False, None, 2.0)),  # taken
        writer.put(("a", [{"seq": 2, "time": 3.0, "type": "y"}], True, {"winner": 0}, 3.0)),
    ]
    outcomes = _outcomes(futures)
    writer.close()
    assert outcomes == ["ok", "ok", "failed", "ok"]
    assert [e["type"] for e in store.log("a")] == ["x", "y"]
    assert store.get("a").over is True  # type: ignore[union-attr]
    assert json.dumps(store.log("b")) == json.dumps([{"seq": 1, "time": 1.0, "type": "x"}])


class _FailingStore(Store):
    """A store that cannot write a step holding an entry of type ``boom`` (a disk error)."""

    def append_many(self, steps: Any) -> None:
        if any(e["type"] == "boom" for _m, entries, *_ in steps for e in entries):
            raise OSError("disk error")
        super().append_many(steps)


def test_a_later_step_of_a_match_whose_step_failed_is_not_stored_over_the_hole(
    db_url: str,
) -> None:
    """Step a:2 cannot be stored; a:3 was made from the memory that still held a:2. Storing a:3
    would leave a hole in a's log (1, 3) that no restart can replay, so a:3 fails too; once the
    host, rebuilt from the store, sends a new step 2, a's log goes on without a hole."""
    store = _FailingStore(db_url)
    store.create_match(_row("a"))
    store.create_match(_row("b"))
    writer = Writer(store)
    first = [
        writer.put(("a", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
        writer.put(("a", [{"seq": 2, "time": 2.0, "type": "boom"}], False, None, 2.0)),
        writer.put(("a", [{"seq": 3, "time": 3.0, "type": "stale"}], False, None, 3.0)),
        writer.put(("b", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0)),
    ]
    assert _outcomes(first) == ["ok", "failed", "failed", "ok"]
    assert [e["seq"] for e in store.log("a")] == [1]
    # The rebuilt host goes on from seq 2.
    writer.put(("a", [{"seq": 2, "time": 4.0, "type": "y"}], False, None, 4.0)).result(10)
    writer.put(("a", [{"seq": 3, "time": 5.0, "type": "z"}], False, None, 5.0)).result(10)
    writer.close()
    assert [(e["seq"], e["type"]) for e in store.log("a")] == [(1, "x"), (2, "y"), (3, "z")]


class _GatedStore(Store):
    """A store whose first write waits until the test opens the gate."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.writing = threading.Event()
        self.gate = threading.Event()

    def append_many(self, steps: Any) -> None:
        self.writing.set()
        self.gate.wait(timeout=10)
        super().append_many(steps)


def test_a_step_whose_waiter_gave_up_is_stored_and_the_writer_goes_on(db_url: str) -> None:
    """A client that leaves while its step waits for the disk cancels the wait; the step is
    stored all the same (memory already holds it) and later steps are still committed."""
    store = _GatedStore(db_url)
    store.create_match(_row("a"))
    writer = Writer(store)
    first = writer.put(("a", [{"seq": 1, "time": 1.0, "type": "x"}], False, None, 1.0))
    assert store.writing.wait(timeout=10)
    abandoned = writer.put(("a", [{"seq": 2, "time": 2.0, "type": "y"}], False, None, 2.0))
    assert abandoned.cancel()  # still queued behind the gated first write
    store.gate.set()
    first.result(timeout=10)
    later = writer.put(("a", [{"seq": 3, "time": 3.0, "type": "z"}], False, None, 3.0))
    later.result(timeout=10)
    writer.close()
    assert [e["type"] for e in store.log("a")] == ["x", "y", "z"]
