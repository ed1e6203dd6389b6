"""A real ``duelhost serve`` process: it answers HTTP while hard bots think (they choose in a
thread, off the event loop), and ``GET /api/matches/<id>/analysis`` answers 409 before the
match is over, then 202 while it is made, then the notes."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from duelhost.server.client import seat_tokens
from tests.server.live import Server, free_port


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as folder:
        running = Server(f"sqlite:///{Path(folder) / 'db.sqlite'}", free_port())
        try:
            yield running
        finally:
            running.kill()


def _create(server: Server, seats: list[dict[str, str]], rounds: int) -> tuple[str, str | None]:
    answer = httpx.post(
        server.url + "/api/matches",
        json={
            "game": "warriors_death",
            "options": {"bouts": 1, "rounds": rounds},
            "seed": 5,
            "seats": seats,
        },
        timeout=10,
    )
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["id"], seat_tokens(httpx, made, server.url)[0]


def test_the_server_answers_while_hard_bots_think(server: Server) -> None:
    """Two hard bots think a second a decision each (the server's default budget), in threads:
    while they do, requests are answered, several during one decision, and the bots still
    play. A bot thinking on the event loop would hold every request until it had submitted,
    so no two answers could show the same decision still owed."""
    match_id, _ = _create(server, [{"kind": "bot", "bot": "hard"}] * 2, rounds=3)
    owed_at: dict[int, int] = {}
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for _ in range(40):
            state = client.get(f"/api/matches/{match_id}").json()
            if state["is_over"]:
                break
            if state["to_act"]:
                owed_at[state["n"]] = owed_at.get(state["n"], 0) + 1
            time.sleep(0.05)
        assert owed_at, "the bots had finished before the requests: nothing was measured"
        most = max(owed_at.values())
        assert most >= 3, f"at most {most} answers during one decision the bots owed: {owed_at}"
        deadline = time.monotonic() + 60
        while not client.get(f"/api/matches/{match_id}").json()["is_over"]:
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.2)
        record = client.get(f"/api/matches/{match_id}/record").json()
    # 3 rounds, 2 seats; a tied bout (the bots' seed is secret, G7) adds a tie-break bout (WD13)
    assert len([e for e in record["history"] if e["kind"] == "submit"]) in (6, 12)


def test_analysis_is_refused_before_the_end_then_made_off_the_request_path(
    server: Server,
) -> None:
    match_id, token = _create(
        server, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], rounds=2
    )
    with httpx.Client(base_url=server.url, timeout=10) as client:
        early = client.get(f"/api/matches/{match_id}/analysis")
        assert early.status_code == 409
        assert "once the match is over" in early.json()["error"]
        created = client.get(f"/api/matches/{match_id}").json()
        assert created["to_act"] == [0]
        # The random bot's seed is secret (G7), so its units vary from run to run: a tied
        # bout brings a tie-break bout (WD13), played the same way.
        played: list[str] = []
        deadline = time.monotonic() + 60
        while not (now := client.get(f"/api/matches/{match_id}").json())["is_over"]:
            assert time.monotonic() < deadline, server.output()
            if 0 not in now["to_act"]:
                time.sleep(0.1)  # the bot's answer is on its way
                continue
            text = ("Black Mage", "Chocobo")[len(played) % 2]
            answer = client.post(
                f"/api/matches/{match_id}/submissions",
                json={"text": text},
                headers={"Authorization": f"Bearer {token}"},
            )
            assert answer.status_code in (200, 201), answer.text
            played.append(text)
        assert played in (["Black Mage", "Chocobo"], ["Black Mage", "Chocobo"] * 2)
        while True:
            answer = client.get(f"/api/matches/{match_id}/analysis")
            if answer.status_code == 200:
                break
            assert answer.status_code == 202, answer.text
            assert answer.headers["Retry-After"] == "1"
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.2)
    body = answer.json()
    assert body["status"] == "done" and body["game"] == "warriors_death"
    mine = [n for n in body["notes"] if n["seat"] == 0]
    assert [n["played"] for n in mine] == played
    assert all(n["method"] == "equilibrium" for n in mine)
    assert all(-1 <= n["value"] <= 1 and n["gave_up"] >= 0 for n in mine)
