"""Bot levels are seats on the match server too: ``{"kind": "bot", "bot": "hard"}``."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.databases import db_url, postgres_database
from tests.server.conftest import bearer, client, create

__all__ = ["client", "db_url", "postgres_database"]


def test_a_hard_seat_plays_classic_goofspiel_on_the_server(client: TestClient) -> None:
    games = client.get("/api/games").json()
    listed = next(g for g in games if g["name"] == "goofspiel")["bots"]
    assert {"easy", "medium", "hard"} <= set(listed)
    made = create(
        client,
        game="goofspiel",
        options={"galaxies": 1, "planets": 3},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}],
        clock=None,
    )
    token = made["tokens"][0]
    for _ in range(3):
        view = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()
        fleets = view["view"]["fleets"]["0"]
        size = min(int(s) for s, count in fleets.items() if count)
        answer = client.post(
            f"/api/matches/{made['id']}/submissions",
            headers=bearer(token),
            json={"text": str(size)},
        )
        assert answer.status_code in (200, 201, 202), answer.text
    record = client.get(f"/api/matches/{made['id']}/record")
    assert record.status_code == 200, record.text
    history = record.json()["history"]
    assert [entry["seat"] for entry in history].count(1) == 3
