"""A bad token costs no store read, whether or not every invite was opened (issue 32 point
5): the time of a refusal says nothing of who has joined, and a stream of bad tokens is no
stream of database reads."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from duelhost.server import create_app
from duelhost.store import Store
from tests.server.conftest import GENEROUS, bearer


class CountingStore(Store):
    """The real store, counting its reads of seat token hashes."""

    reads = 0

    def seat_token_hashes(self, match_id: str) -> dict[int, str]:
        self.reads += 1
        return super().seat_token_hashes(match_id)


def test_a_bad_token_reads_nothing_from_the_store(db_url: str) -> None:
    store = CountingStore(db_url)
    with TestClient(create_app(store=store, settings=GENEROUS)) as client:
        body: dict[str, Any] = {"game": "toy_bids", "seed": 1, "clock": None}
        body["seats"] = [{"kind": "human"}, {"kind": "human"}]
        made = [client.post("/api/matches", json=body).json() for _ in range(2)]
        # The first match has both invites opened, the second only seat 0's.
        tokens = [
            client.post(f"/api/invites/{s['invite']}").json()["token"] for s in made[0]["seats"]
        ]
        opened = client.post(f"/api/invites/{made[1]['seats'][0]['invite']}").json()["token"]
        for match, good in ((made[0], tokens[0]), (made[1], opened)):
            url = f"/api/matches/{match['id']}"
            assert client.get(url, headers=bearer(good)).json()["seat"] == 0
            before = store.reads
            for bad in ("not-a-token", "x" * 22, tokens[1] + "y"):
                answer = client.get(url, headers=bearer(bad))
                assert answer.status_code == 403, answer.text
                assert "holds no seat" in answer.json()["error"]
            # Before: one read per bad token on the match with an unopened invite, none on
            # the other (the oracle).
            assert store.reads == before, match["id"]
