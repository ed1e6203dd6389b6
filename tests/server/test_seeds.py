"""Committed seeds (RULINGS G7, issue 16 point 1): a seed the server draws is committed to when
the match is created and published with the record; a seed the creator chose is said so to
every seat and spectator; ``duelhost verify`` checks the commitment."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from duelhost.cli import app as cli_app
from duelhost.server.client import seat_tokens
from tests.server.conftest import bearer

HEX64 = re.compile(r"[0-9a-f]{64}")


def _create(client: TestClient, **extra: object) -> dict[str, object]:
    body = {"game": "toy_bids", "seats": [{"kind": "human"}, {"kind": "human"}], **extra}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, object] = response.json()
    data["tokens"] = seat_tokens(client, data)
    return data


def _finish(client: TestClient, made: dict[str, object]) -> dict[str, object]:
    token = made["tokens"][0]  # type: ignore[index]
    answer = client.post(f"/api/matches/{made['id']}/resign", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    record: dict[str, object] = client.get(f"/api/matches/{made['id']}/record").json()
    return record


def test_a_drawn_seed_is_committed_to_and_published_with_the_record(client: TestClient) -> None:
    made = _create(client)
    commitment = made["seed_commitment"]
    assert made["seed"] is None and made["seed_chosen_by_creator"] is False
    assert isinstance(commitment, str) and HEX64.fullmatch(commitment)
    for token in made["tokens"]:  # type: ignore[attr-defined]
        state = client.get(f"/api/matches/{made['id']}", headers=bearer(token)).json()
        assert state["seed_commitment"] == commitment
        assert state["seed_chosen_by_creator"] is False
    spectator = client.get(f"/api/matches/{made['id']}").json()
    assert spectator["seed_commitment"] == commitment
    record = _finish(client, made)
    seed, salt = record["seed"], record["seed_salt"]
    assert isinstance(seed, int) and isinstance(salt, str) and re.fullmatch(r"[0-9a-f]{32}", salt)
    assert hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == commitment
    assert record["seed_commitment"] == commitment


def test_two_drawn_seeds_differ(client: TestClient) -> None:
    assert _create(client)["seed_commitment"] != _create(client)["seed_commitment"]


def test_a_seed_the_creator_chose_is_said_to_every_seat_and_the_spectator(
    client: TestClient,
) -> None:
    made = _create(client, seed=12)
    assert made["seed"] == 12 and made["seed_chosen_by_creator"] is True
    headers = [bearer(token) for token in made["tokens"]] + [{}]  # type: ignore[attr-defined]
    for header in headers:
        state = client.get(f"/api/matches/{made['id']}", headers=header).json()
        assert state["seed_chosen_by_creator"] is True
    with client.websocket_connect(f"/api/matches/{made['id']}/live") as socket:
        socket.send_json({})
        frame = socket.receive_json()
        assert frame["type"] == "frame" and frame["seed_chosen_by_creator"] is True
    record = _finish(client, made)
    assert record["seed"] == 12 and record["seed_chosen_by_creator"] is True
    assert (
        hashlib.sha256(f"12:{record['seed_salt']}".encode()).hexdigest()
        == (made["seed_commitment"])
    )


def test_verify_checks_the_seed_commitment(client: TestClient, tmp_path: Path) -> None:
    record = _finish(client, _create(client))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    bad.write_text(json.dumps({**record, "seed_salt": "0" * 32}))
    runner = CliRunner()
    assert runner.invoke(cli_app, ["verify", str(good)]).exit_code == 0
    refused = runner.invoke(cli_app, ["verify", str(bad)])
    assert refused.exit_code == 1
    assert "does not match the seed commitment" in refused.output
