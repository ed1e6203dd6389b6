"""A rated match's result and its rating changes are stored together or not at all, on SQLite and
PostgreSQL: a real server process is SIGKILLed while the match's last decision is being stored,
the database then holds both or neither, and the match finished after the restart (or by the
``--cluster`` process that takes it over) changes each rating exactly once."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, func, select

from duelhost.server.client import seat_tokens
from duelhost.store.schema import matches, rating_changes, ratings
from tests.server.live import Server, free_port
from tests.server.test_cluster import cluster, owner_metric, pg
from tests.store.ratings_helpers import hold, make_account

__all__ = ["pg"]
LAST = ("2", "1")
"""The last round's bids (seat 0 has won the first two)."""


class Db:
    """The test's own connection to the server's database (accounts, seats, what is stored)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = create_engine(url)

    def state(self, match_id: str) -> tuple[bool, int]:
        """Whether the match is stored as over, and how many rating changes it has."""
        with self.engine.connect() as connection:
            over = connection.execute(
                select(matches.c.over).where(matches.c.id == match_id)
            ).scalar()
            count = connection.execute(
                select(func.count())
                .select_from(rating_changes)
                .where(rating_changes.c.match_id == match_id)
            ).scalar()
        return bool(over), int(count or 0)

    def games(self) -> list[int]:
        with self.engine.connect() as connection:
            return sorted(int(g) for g in connection.execute(select(ratings.c.games)).scalars())


def submit(url: str, match_id: str, token: str, text: str) -> httpx.Response:
    return httpx.post(
        f"{url}/api/matches/{match_id}/submissions",
        json={"text": text, "key": f"bid-{text}"},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )


def rated(url: str, db: Db, number: int) -> tuple[str, list[str]]:
    """A rated match between two new accounts, played up to its last bid of seat 1."""
    made = httpx.post(
        f"{url}/api/matches", json={"game": "toy_bids", "rated": True, "clock": None}, timeout=30
    ).json()
    match_id, tokens = made["id"], seat_tokens(httpx, made, url)

    class Holder:
        engine = db.engine

    for seat in (0, 1):
        hold(Holder, match_id, seat, make_account(Holder, f"p{number}s{seat}"))  # type: ignore[arg-type]
    for first, second in (("3", "2"), ("1", "3")):  # seat 0 wins round 1, seat 1 round 2
        assert submit(url, match_id, tokens[0], first).status_code == 200
        assert submit(url, match_id, tokens[1], second).status_code == 200
    assert submit(url, match_id, tokens[0], LAST[0]).status_code == 200
    return match_id, tokens


def kill_while_storing(server: Server, finals: list[tuple[str, str]], spacing: float) -> None:
    """Send each match's last bid (``(match_id, seat 1's token)``), one every ``spacing``
    seconds, and SIGKILL the server just after the last is sent: the first are stored, the
    last are lost, and one may be cut between its entries and its rating."""
    senders = []
    for match_id, token in finals:
        sender = threading.Thread(
            target=_quietly, args=(lambda m=match_id, t=token: submit(server.url, m, t, LAST[1]),)
        )
        sender.start()
        senders.append(sender)
        time.sleep(spacing)
    server.process.kill()
    server.process.wait(timeout=10)
    for sender in senders:
        sender.join(timeout=30)


def _quietly(call: Any) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server died under the request
        call()


def test_result_and_ratings_survive_a_sigkill_together(db_url: str, servers: list[Server]) -> None:
    db = Db(db_url)
    server = Server(db_url, free_port())
    servers.append(server)
    played = [rated(server.url, db, number) for number in range(6)]
    # One submission's round trip, timed: the last bids go out at half of it apart, so the
    # kill falls while some are stored and others are not (whatever the machine's load).
    started = time.monotonic()
    httpx.get(f"{server.url}/api/matches/{played[0][0]}", timeout=30)
    trip = time.monotonic() - started
    kill_while_storing(server, [(m, tokens[1]) for m, tokens in played], trip / 2)
    states = [db.state(match_id) for match_id, _ in played]
    assert all(state in ((True, 2), (False, 0)) for state in states), states
    print(f"stored before the kill: {sum(over for over, _ in states)} of {len(states)}")
    again = Server(db_url, free_port())
    servers.append(again)
    for (match_id, tokens), (over, _) in zip(played, states, strict=True):
        if not over:  # the last bid was lost with the process: it is made again
            assert submit(again.url, match_id, tokens[1], LAST[1]).status_code == 200
        assert db.state(match_id) == (True, 2)
    assert db.games() == [1] * 12  # each of the 12 players rated exactly once


def test_a_match_taken_over_by_another_cluster_process_is_rated_once(
    pg: str, servers: list[Server]
) -> None:
    db = Db(pg)
    a, b = cluster(pg, servers, 2)
    match_id, tokens = rated(a.url, db, 0)
    kill_while_storing(a, [(match_id, tokens[1])], 0.002)
    over, count = db.state(match_id)
    assert (over, count) in ((True, 2), (False, 0))
    killed = time.monotonic()
    while not over and owner_metric(b, "duelhost_lease_takeovers_total") < 1:
        assert time.monotonic() - killed < 30, b.output()
        time.sleep(0.2)
    if not over:
        answer = submit(b.url, match_id, tokens[1], LAST[1])
        assert answer.status_code == 200, answer.text
    assert db.state(match_id) == (True, 2)
    assert db.games() == [1, 1]
    assert (
        httpx.get(f"{b.url}/api/matches/{match_id}/rating", timeout=30).json()["changes"][0][
            "change"
        ]
        > 0
    )


@pytest.fixture
def servers() -> Any:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()
