"""Every registered game is playable through the HTTP API as soon as it is registered: a random
match with two human seats, then the record replays and every receipt verifies."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import duelhost
from duelhost.cli.commands.verify import verify_record
from tests.server.conftest import bearer, create

MAX_SUBMISSIONS = 80


@pytest.mark.parametrize(
    "name", sorted({*duelhost.list_games(), "toy_bids", "toy_turns", "toy_ticks"})
)
def test_a_random_match_over_http_replays_and_verifies(client: TestClient, name: str) -> None:
    made = create(client, game=name, seed=21, clock=None)
    mid = made["id"]
    tokens = [made["tokens"][0], made["tokens"][1]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rng = random.Random(21)
    submissions = 0
    while submissions < MAX_SUBMISSIONS:
        state = client.get(f"/api/matches/{mid}").json()
        if state["is_over"]:
            break
        seat = state["to_act"][0]
        text = hub.get(mid).match.state.sample(seat, rng)  # the test's own random player
        answer = client.post(
            f"/api/matches/{mid}/submissions", json={"text": text}, headers=bearer(tokens[seat])
        )
        assert answer.status_code == 200, answer.text
        assert len(answer.json()["receipt"]) == 64
        mine = client.get(f"/api/matches/{mid}", headers=bearer(tokens[seat])).json()
        assert mine["seat"] == seat
        submissions += 1
    if not client.get(f"/api/matches/{mid}").json()["is_over"]:
        assert (
            client.post(f"/api/matches/{mid}/resign", headers=bearer(tokens[0])).status_code == 200
        )
    record = client.get(f"/api/matches/{mid}/record").json()
    checked, problems = verify_record(record)
    assert problems == [] and checked == submissions
    replayed = duelhost.load_record(record)
    assert replayed.to_json() == hub.get(mid).match.state.to_json()
