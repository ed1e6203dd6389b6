"""The search levels of Generalissimo, Multiplanetary, Tactical Genius and /TACTIC/ are seats on
the match server too: listed by ``/api/games`` (the lobby's choices) and playable as
``{"kind": "bot", "bot": "hard"}``."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.databases import db_url, postgres_database
from tests.server.conftest import bearer, client, create

__all__ = ["client", "db_url", "postgres_database"]

GAMES = ("generalissimo", "multiplanetary", "tactical_genius", "tactic")


def test_the_levels_are_listed_for_the_lobby(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    for name in GAMES:
        assert {"easy", "medium", "hard"} <= set(games[name]["bots"]), name


def test_a_hard_seat_answers_a_generalissimo_move(client: TestClient) -> None:
    made = create(
        client,
        game="generalissimo",
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "hard"}],
        clock=None,
    )
    token = made["tokens"][0]
    answer = client.post(
        f"/api/matches/{made['id']}/submissions", headers=bearer(token), json={"text": "pass"}
    )
    assert answer.status_code in (200, 201, 202), answer.text
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()["view"]
        if view["to_move"] == 0:
            break
        time.sleep(0.2)
    assert view["to_move"] == 0, "the hard bot did not finish North's turn"
    assert view["last_move"]["seat"] == 1
