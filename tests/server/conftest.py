"""Gives the server tests an app on an empty database, once per backend (a SQLite file and a
PostgreSQL database: ``tests.databases``), with the toy games registered for each test (and
removed after it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhost.server import create_app
from duelhost.server.client import seat_tokens
from duelhost.server.settings import ServerSettings
from tests.databases import db_url, postgres_database
from tests.host.toy import toy_games
from tests.server.live import Server

GENEROUS = ServerSettings(
    max_matches_per_client=100_000, max_live_per_client=100_000, requests_per_second=100_000
)
"""The API tests make many requests quickly from one client: quotas are tested on their own
(test_limits.py)."""


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, settings=GENEROUS)) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a match and open its invites, as its players would: the create answer with
    ``"tokens"`` added (each seat's token, None for a bot seat)."""
    body.setdefault("game", "toy_bids")
    body.setdefault("seed", 1)
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    data["tokens"] = seat_tokens(client, data)
    return data


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


__all__ = ["db_url", "postgres_database", "toy_games"]
