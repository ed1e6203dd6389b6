"""Durable before answered, and nonces a database backup cannot give away (issue 19, point 4).

A retried submission (same idempotency key) is answered only once its first attempt is on
disk, or with that attempt's failure; the nonce key of every match needs the server key, which
lives in a file outside the database.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from duelhost.host import receipts
from duelhost.server import create_app
from duelhost.server.hub import StorageFailed
from duelhost.server.keys import default_key_path, load_or_create
from duelhost.server.settings import ServerSettings
from tests.server.conftest import bearer, create


def test_a_retry_waits_for_the_first_attempt_and_shares_its_failure(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, clock=None)
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.get(made["id"])
    gate = threading.Event()
    real = hub.store.append_many

    def slow_then_broken(steps: Any) -> None:
        gate.wait(30)
        raise OSError("disk full")

    monkeypatch.setattr(hub.store, "append_many", slow_then_broken)

    async def first_and_retry() -> tuple[list[Any], bool]:
        first = asyncio.ensure_future(hub.submit(live, 0, "2", "key-1"))
        await asyncio.sleep(0.05)
        retry = asyncio.ensure_future(hub.submit(live, 0, "2", "key-1"))
        await asyncio.sleep(0.05)
        # The first attempt is still on its way to the disk (the writer waits on the gate):
        # the retry must not have been answered with its receipt yet.
        answered_early = retry.done()
        gate.set()
        return await asyncio.gather(first, retry, return_exceptions=True), answered_early

    outcomes, answered_early = client.portal.call(first_and_retry)  # type: ignore[union-attr]
    assert not answered_early
    assert [type(outcome) for outcome in outcomes] == [StorageFailed, StorageFailed]
    monkeypatch.setattr(hub.store, "append_many", real)
    # The seat submits again: a new submission, stored, with a receipt under a fresh nonce.
    again = client.post(
        f"/api/matches/{made['id']}/submissions",
        json={"text": "3", "key": "key-1"},
        headers=bearer(made["tokens"][0]),
    )
    assert again.status_code == 200, again.text
    assert [e["text"] for e in hub.store.log(made["id"])] == ["3"]


def test_nonces_need_the_key_file_not_just_the_database(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    key_path = tmp_path / "server.key"
    assert default_key_path(db) == key_path
    with TestClient(create_app(db)) as client:
        made = create(client, clock=None)
        for seat, text in ((0, "2"), (1, "1")):
            answer = client.post(
                f"/api/matches/{made['id']}/submissions",
                json={"text": text},
                headers=bearer(made["tokens"][seat]),
            )
            assert answer.status_code == 200
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        row = hub.store.get(made["id"])
        entry = hub.store.log(made["id"])[0]
        published = hub.get(made["id"]).match.ledger.nonce(0, 0)
    assert key_path.exists() and stat.S_IMODE(key_path.stat().st_mode) == 0o600
    server_key = bytes.fromhex(key_path.read_text().strip())
    stored_secret = bytes.fromhex(row.secret)
    salt = entry["salt"]
    # What the database alone gives (the stored secret and the salt) is not the nonce ...
    assert receipts.nonce(stored_secret, 0, 0, salt) != published
    # ... the key file is needed: the nonce key is HMAC(server key, label + stored secret).
    nonce_key = hmac.new(server_key, b"duelhost-nonce-key:" + stored_secret, "sha256").digest()
    by_hand = hmac.new(nonce_key, f"nonce:0:0:{salt}".encode(), hashlib.sha256).hexdigest()
    assert by_hand[:32] == published
    # A restart with the same key file publishes the same nonce.
    with TestClient(create_app(db)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.get(made["id"]).match.ledger.nonce(0, 0) == published


def test_the_key_file_is_created_once_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "key"
    first = load_or_create(path)
    assert len(first) == 32 and load_or_create(path) == first
    path.write_text("not hex")
    with pytest.raises(ValueError, match=r"cannot read the server key .*key"):
        load_or_create(path)
    path.write_text("ab" * 8)
    with pytest.raises(ValueError, match="must hold 32 bytes in hex"):
        load_or_create(path)
    settings = ServerSettings(key_file=str(tmp_path / "elsewhere.key"))
    create_app(f"sqlite:///{tmp_path / 'db.sqlite3'}", settings=settings)
    assert (tmp_path / "elsewhere.key").exists()
    assert not (tmp_path / "db.key").exists()
