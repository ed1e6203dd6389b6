"""Replays are built off the event loop, kept, answered a page at a time and rate-limited
(issue 32 point 5; ``duelhost.server.replays``)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhost.server import create_app
from duelhost.server.hub.live import AnalysisJob
from duelhost.server.web import replay_steps
from tests.server.conftest import GENEROUS, bearer, create


def _app(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, settings=replace(GENEROUS, **limits)))


@pytest.fixture
def small_pages(db_url: str) -> Iterator[TestClient]:
    # One step a page: every page boundary is exercised.
    with _app(db_url, replay_page_bytes=1) as test_client:
        yield test_client


def finished(client: TestClient, seed: int = 1) -> str:
    """A toy match with two bids submitted, then resigned by seat 0."""
    made = create(client, seed=seed, clock=None)
    mid, tokens = made["id"], made["tokens"]
    for seat in (0, 1):
        answer = client.post(
            f"/api/matches/{mid}/submissions", json={"text": "1"}, headers=bearer(tokens[seat])
        )
        assert answer.status_code == 200, answer.text
    assert client.post(f"/api/matches/{mid}/resign", headers=bearer(tokens[0])).status_code == 200
    return str(mid)


def all_pages(ask: Any) -> tuple[dict[str, Any], int]:
    """The replay joined from its pages, as the viewer joins them, and the number of pages."""
    data = ask(0)
    pages, after = 1, data["next"]
    while after is not None and pages < 100:
        more = ask(after)
        data["steps"].extend(more["steps"])
        pages, after = pages + 1, more["next"]
    return data, pages


def test_pages_join_to_the_whole_replay(small_pages: TestClient) -> None:
    client = small_pages
    mid = finished(client)
    record = client.get(f"/api/matches/{mid}/record").json()
    whole = json.loads(json.dumps(replay_steps(record)))
    first = client.get(f"/api/matches/{mid}/replay").json()
    # A first page has every field a whole replay had, its steps the first of them.
    assert {
        k: v for k, v in first.items() if k not in ("steps", "steps_from", "steps_total", "next")
    } == {k: v for k, v in whole.items() if k != "steps"}
    assert first["steps_from"] == 0 and first["steps_total"] == len(whole["steps"]) >= 3
    assert first["steps"] == whole["steps"][:1] and first["next"] == 1
    joined, pages = all_pages(lambda n: client.get(f"/api/matches/{mid}/replay?from={n}").json())
    assert pages == len(whole["steps"]) and joined["steps"] == whole["steps"]
    posted, _ = all_pages(lambda n: client.post(f"/api/replay?from={n}", json=record).json())
    assert posted["steps"] == whole["steps"]
    # Built once each (the match's, the posted record's): every other page was kept.
    assert client.app.state.replays.builds == 2  # type: ignore[attr-defined]


def test_a_replay_is_built_off_the_event_loop(db_url: str) -> None:
    with _app(db_url) as client:
        mid = finished(client)
        replays = client.app.state.replays  # type: ignore[attr-defined]
        # The replay's worker thread is held busy: a replay asked for now waits for it.
        hold = threading.Event()
        replays.worker().submit(hold.wait, 60)
        answers: list[Any] = []
        asking = threading.Thread(
            target=lambda: answers.append(client.get(f"/api/matches/{mid}/replay"))
        )
        asking.start()
        try:
            # Meanwhile the event loop answers a bystander (built on the loop, the replay
            # would have answered already, without its worker thread).
            assert client.get(f"/api/matches/{mid}").status_code == 200
            assert client.get("/api/games").status_code == 200
            assert answers == [] and asking.is_alive()
        finally:
            hold.set()
            asking.join(60)
        assert answers[0].status_code == 200 and answers[0].json()["complete"] is True
        assert replays.builds == 1


def test_replay_builds_are_rate_limited_per_client(db_url: str) -> None:
    with _app(db_url, replays_per_minute=1) as client:
        first, second = finished(client, 1), finished(client, 2)
        assert client.get(f"/api/matches/{first}/replay").status_code == 200
        # A page of the kept replay costs no build; a second build within the minute is 429.
        assert client.get(f"/api/matches/{first}/replay?from=1").status_code == 200
        refused = client.get(f"/api/matches/{second}/replay")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "replays a minute" in refused.json()["error"]
        # The analysis counts against the same budget.
        assert client.get(f"/api/matches/{second}/analysis").status_code == 429


@pytest.mark.parametrize(("overall", "per_client"), [(100, 2), (2, 100)])
def test_finished_matches_kept_in_memory_are_capped(
    db_url: str, overall: int, per_client: int
) -> None:
    with _app(db_url, max_finished_kept=overall, max_finished_per_client=per_client) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [finished(client, seed) for seed in range(1, 6)]
        # The two that finished last stay; the three before them left memory at once (not
        # 600 s later), and are rebuilt from the store when asked for.
        assert [m for m in made if m in hub.live] == made[-2:]
        assert len(hub.finished_kept) == 2
        record = client.get(f"/api/matches/{made[0]}/record")
        assert record.status_code == 200 and record.json()["result"]["winner"] == 1
        # Rebuilt, it is kept again in place of the older of the two: it counts for the
        # client that asked for it (per client 2), and against the overall cap (overall 2).
        assert list(hub.finished_kept) == [made[-1], made[0]]


def test_finished_matches_rebuilt_for_a_client_count_for_it(db_url: str) -> None:
    """Issue 32 point 5: a finished match that left memory and is asked for again is rebuilt
    from the store; it was kept with no client, so only the overall cap (200) counted it, and
    one client asking for the records of old matches held 200 in memory (RSS still growing
    after 10 minutes of the abusive client). It counts for the client that asked, as one it
    created: that client holds at most ``max_finished_per_client``."""
    with _app(db_url, max_finished_kept=100, max_finished_per_client=2) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [finished(client, seed) for seed in range(1, 9)]
        for index, mid in enumerate(made):
            assert client.get(f"/api/matches/{mid}/record").status_code == 200
            assert client.get(f"/api/matches/{mid}").status_code == 200
            # The one just asked for and the one before it (the last created, for the
            # first): never more than two.
            assert {m for m in made if m in hub.live} == {mid, made[index - 1]}
        assert len(hub.finished_kept) == 2 and len(hub.creators) == 2


def test_a_replay_of_a_match_out_of_memory_leaves_it_out(db_url: str) -> None:
    """A replay needs the match's record, not the match hosted: one out of memory is built
    from the store in the replay thread and stays out of memory (it was rebuilt on the event
    loop and kept)."""
    with _app(db_url, max_finished_per_client=1, replay_page_bytes=1) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [finished(client, seed) for seed in range(1, 4)]
        assert [m for m in made if m in hub.live] == made[2:]
        data, pages = all_pages(
            lambda after: client.get(f"/api/matches/{made[0]}/replay?from={after}").json()
        )
        assert [m for m in made if m in hub.live] == made[2:]
        assert data["complete"] is True and pages == data["steps_total"] == len(data["steps"])
        record = client.get(f"/api/matches/{made[0]}/record").json()
        whole = json.loads(json.dumps(replay_steps(record)))
        assert data["steps"] == whole["steps"] and data["result"] == whole["result"]
        assert client.get("/api/matches/0123456789abcdef/replay").status_code == 404
        unfinished = create(client, seed=9, clock=None)["id"]
        assert client.get(f"/api/matches/{unfinished}/replay").status_code == 409
        hub.live.pop(unfinished)  # as if it had left memory, idle
        assert client.get(f"/api/matches/{unfinished}/replay").status_code == 409


def test_a_stream_does_not_hold_a_finished_match_past_the_caps(db_url: str) -> None:
    """Issue 32 point 5: a client that opens a live stream on each finished match it can find
    kept every one of them in memory (RSS still growing after 10 minutes). A stream on a
    finished match counts for its client's cap like a match it created; past the cap the
    oldest leaves memory and its stream closes with 4410 (nothing more will come on it)."""
    from starlette.websockets import WebSocketDisconnect

    with _app(db_url, max_finished_per_client=2) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [finished(client, seed) for seed in range(1, 4)]
        assert [m for m in made if m in hub.live] == made[1:]
        with client.websocket_connect(f"/api/matches/{made[2]}/live") as watched:
            watched.send_json({})
            assert watched.receive_json()["type"] == "frame"
            # A stream on the evicted first one rebuilds it: kept for this client, the
            # oldest unwatched (the second) leaves.
            with client.websocket_connect(f"/api/matches/{made[0]}/live") as other:
                other.send_json({})
                assert other.receive_json()["type"] == "frame"
                assert [m for m in made if m in hub.live] == [made[0], made[2]]
                # The second rebuilt by a stream too: now the third, though watched, is the
                # oldest past the cap: it leaves memory and its stream is closed.
                with client.websocket_connect(f"/api/matches/{made[1]}/live") as third:
                    third.send_json({})
                    assert third.receive_json()["type"] == "frame"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        while True:
                            watched.receive_json()
                    assert closed.value.code == 4410
                    assert sorted(m for m in made if m in hub.live) == sorted(made[:2])
                    assert len(hub.finished_kept) == 2


def test_a_kept_replay_holds_no_more_memory_than_its_counted_size() -> None:
    """The replay cache counts its replays' bytes against ``replay_cache_bytes``: each step's
    text must hold only its own length (orjson's output kept its growth buffer, ~2.3 times the
    text: the 64 MiB cache held ~150 MiB)."""
    import tracemalloc

    from duelhost.server.replays import encode

    cells = [{"x": i, "y": "z" * 30} for i in range(600)]
    steps = [{"n": n, "view": {"cells": cells}} for n in range(20)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        built = encode({"game": "toy", "steps": steps})
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert built.size > 20 * 28_000
    assert held < built.size * 1.1, (held, built.size)


def test_an_analysis_being_made_answers_with_the_notes_made_so_far(
    client: TestClient,
) -> None:
    """While a match's analysis is made, each 202 answer carries the notes made so far, in
    order, up to the entries counted done (the replay viewer shows them at once). The job is
    set as the analysis thread leaves it after its first note."""
    made = create(client)
    resigned = client.post(f"/api/matches/{made['id']}/resign", headers=bearer(made["tokens"][0]))
    assert resigned.status_code == 200, resigned.text
    hub = client.app.state.hub  # type: ignore[attr-defined]
    first = {"entry": 0, "seat": 0, "played": "2", "gave_up": 0.5}
    second = {"entry": 1, "seat": 1, "played": "3", "gave_up": 0.0}
    # The second note is made, but its entry is not counted done yet.
    hub.analyses[made["id"]] = AnalysisJob(done=1, total=3, made=[first, second])
    answer = client.get(f"/api/matches/{made['id']}/analysis")
    assert answer.status_code == 202
    assert answer.json() == {"status": "computing", "done": 1, "total": 3, "notes": [first]}
