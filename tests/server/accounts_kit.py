"""What the accounts tests share: an app with a clock the test moves, and players, each with its
own cookie jar on the one test client (one app, one event loop)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from duelhost.server import create_app
from duelhost.server.settings import ServerSettings

ORIGIN = {"Origin": "http://testserver"}
PASSWORD = "correct horse battery"
SETTINGS = ServerSettings(
    max_matches_per_client=100_000,
    requests_per_second=100_000,
    signups_per_minute=1_000,
    signins_per_minute=1_000,
    signins_per_name=1_000,
    # argon2id all the same, with less work than a real server's 64 MiB, 3 passes: the tests
    # make many accounts (test_the_default_hash_is_argon2id_64_mib_3_passes checks the default).
    password_time_cost=1,
    password_memory_kib=8_192,
)


class Clock:
    """The server's time, moved by the test (the only double these tests use)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Player:
    """One browser: its cookies, sent with its requests (with this site's Origin)."""

    client: TestClient
    cookies: httpx.Cookies = field(default_factory=httpx.Cookies)
    name: str = ""

    def call(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        headers = {**ORIGIN, **kwargs.pop("headers", {})}
        self.client.cookies = self.cookies
        try:
            return self.client.request(method, url, headers=headers, **kwargs)
        finally:
            self.cookies = httpx.Cookies(self.client.cookies)
            self.client.cookies = httpx.Cookies()

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.call("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.call("POST", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.call("DELETE", url, **kwargs)

    def sign_up(self, name: str, password: str = PASSWORD) -> dict[str, Any]:
        answer = self.post("/api/accounts", json={"name": name, "password": password})
        assert answer.status_code == 201, answer.text
        self.name = name
        data: dict[str, Any] = answer.json()
        return data


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app_client(db_url: str, clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, settings=SETTINGS, now=clock)) as test_client:
        yield test_client


def player(client: TestClient, name: str | None = None) -> Player:
    """A new browser; signed up as ``name`` when one is given."""
    made = Player(client)
    if name is not None:
        made.sign_up(name)
    return made
