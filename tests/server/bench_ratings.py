"""Benchmarks of the ratings (issue 30 point 5), recorded in docs/performance.md.

``leaderboard``: a database with ``--accounts`` rated accounts in one pool (filled once: accounts
and rating rows written directly, ratings spread like a real pool's, most established), a real
``duelhost serve`` process on it, and ``--requests`` sequential ``GET /api/leaderboard/goofspiel``
over one keep-alive HTTP connection: the first page, and pages at random offsets up to 2,000.
Prints p50 / p99 / max of each (target: p99 under 50 ms), and of a route that reads no database
(``GET /api/ratings/parameters``) between them: the server's floor at the machine's load.

``update``: what a rating update adds to a match's end. ``--matches`` pairs of finished-to-be
matches (one rated, its seats held by two accounts; one casual), each brought to its last step;
then each last step is stored alone with ``Store.append_many`` (one transaction, one commit, as
the server's writer does), rated and casual alternately. Prints each kind's p50 / p99 and the
difference of the medians (target: under 5 ms).

Run: ``PYTHONPATH=$PWD/src:$PWD python -m tests.server.bench_ratings leaderboard --db
sqlite:////tmp/board.sqlite3`` (or a ``postgresql+psycopg://`` URL of an existing database);
``... update --db sqlite:////tmp/update.sqlite3``.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import time

import httpx
from sqlalchemy import func, insert, select

from duelhost.store import MatchRow, Store
from duelhost.store.schema import accounts, ratings, seat_holders
from tests.server.live import Server, free_port

POOL = "goofspiel"


def fill(store: Store, count: int) -> None:
    """``count`` accounts with a rating in ``POOL`` (skipped when they are there already)."""
    with store.engine.connect() as connection:
        have = connection.execute(select(func.count()).select_from(ratings)).scalar_one()
    if have >= count:
        count = have  # filled before: the statistics are refreshed all the same
    chance = random.Random(100)
    batch = 10_000
    for start in range(have, count, batch):
        people, rows = [], []
        for number in range(start, min(count, start + batch)):
            account = f"bench{number:027d}"
            people.append(
                {
                    "id": account,
                    "name": f"p{number}",
                    "name_key": f"p{number}",
                    "kind": "person",
                    "created": 1.0,
                }
            )
            games = chance.randint(1, 400)
            rows.append(
                {
                    "account_id": account,
                    "pool": POOL,
                    "rating": chance.gauss(1500, 300),
                    "deviation": max(45.0, 350 / games**0.5),
                    "volatility": 0.06,
                    "games": games,
                    "wins": games // 2,
                    "draws": 0,
                    "losses": games - games // 2,
                    "last_game": 1.7e9,
                    "updated": 1.7e9,
                }
            )
        with store.engine.begin() as connection:
            connection.execute(insert(accounts), people)
            connection.execute(insert(ratings), rows)
    if store.backend == "postgresql":
        # The planner's statistics of the filled tables (autovacuum's work on a live server).
        with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.exec_driver_sql("VACUUM ANALYZE ratings")
            connection.exec_driver_sql("VACUUM ANALYZE accounts")


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
        f"max {ordered[-1] * 1000:.2f} ms ({len(ordered)} requests)"
    )


def leaderboard(db: str, count: int, requests: int) -> None:
    store = Store(db)
    started = time.perf_counter()
    fill(store, count)
    with store.engine.connect() as connection:
        ranked = connection.execute(
            select(func.count()).select_from(ratings).where(ratings.c.deviation < 75)
        ).scalar_one()
    store.close()
    print(
        f"{count} rated accounts ({ranked} ranked), filled in {time.perf_counter() - started:.1f} s"
    )
    server = Server(db, free_port(), ("--requests-per-second", "100000"))
    try:
        chance = random.Random(7)
        first: list[float] = []
        paged: list[float] = []
        floor: list[float] = []
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for _ in range(50):  # warm up
                client.get(f"/api/leaderboard/{POOL}")
            for number in range(requests):
                offset = 0 if number % 2 == 0 else chance.randrange(0, 2000, 50)
                begun = time.perf_counter()
                answer = client.get(f"/api/leaderboard/{POOL}?limit=50&offset={offset}")
                took = time.perf_counter() - begun
                assert answer.status_code == 200 and len(answer.json()["players"]) == 50
                (first if offset == 0 else paged).append(took)
                if number % 2 == 0:  # the server's floor: a route that reads no database
                    begun = time.perf_counter()
                    client.get("/api/ratings/parameters")
                    floor.append(time.perf_counter() - begun)
        print(f"first page: {percentiles(first)}")
        print(f"pages at offsets up to 2,000: {percentiles(paged)}")
        print(f"the same server's floor (GET /api/ratings/parameters): {percentiles(floor)}")
    finally:
        server.kill()


def match_row(match_id: str, rated: bool) -> MatchRow:
    return MatchRow(
        id=match_id,
        game="goofspiel",
        options={},
        seed=1,
        setup={},
        seats=[{"kind": "human", "bot": None}, {"kind": "human", "bot": None}],
        clock=None,
        secret="00" * 32,
        created=1.0,
        rated=rated,
        pool=POOL if rated else None,
    )


def update(db: str, pairs: int) -> None:
    store = Store(db)
    fill(store, 1000)  # players with history to rate against
    now = 1.8e9
    ids = []
    for number in range(pairs):
        for rated in (True, False):
            match_id = secrets.token_hex(8)
            store.create_match(match_row(match_id, rated))
            with store.engine.begin() as connection:
                connection.execute(
                    insert(seat_holders),
                    [
                        {
                            "match_id": match_id,
                            "seat": s,
                            "account_id": f"bench{(2 * number + s):027d}",
                        }
                        for s in (0, 1)
                    ],
                )
            # A played match: 98 submissions (49 rounds), stored as the server stores them.
            entries = [
                {
                    "seq": n + 1,
                    "type": "submit",
                    "seat": n % 2,
                    "decision": n // 2,
                    "text": "1",
                    "time": now + n,
                }
                for n in range(96)
            ]
            store.append(match_id, entries, False, None, now)
            ids.append((match_id, rated))
    took: dict[bool, list[float]] = {True: [], False: []}
    for match_id, rated in ids:
        last = [
            {
                "seq": 97 + n,
                "type": "submit",
                "seat": n,
                "decision": 48,
                "text": "7",
                "time": now + 100,
            }
            for n in (0, 1)
        ]
        begun = time.perf_counter()
        store.append_many([(match_id, last, True, {"winner": 0, "reason": "score"}, now + 100)])
        took[rated].append(time.perf_counter() - begun)
    store.close()
    rated_median = statistics.median(took[True])
    casual_median = statistics.median(took[False])
    print(f"{store.backend}: end of a rated match: {percentiles(took[True])}")
    print(f"{store.backend}: end of a casual match: {percentiles(took[False])}")
    added = (rated_median - casual_median) * 1000
    print(f"added by the rating update (difference of the medians): {added:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["leaderboard", "update"])
    parser.add_argument("--db", required=True)
    parser.add_argument("--accounts", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=200)
    args = parser.parse_args()
    if args.what == "leaderboard":
        leaderboard(args.db, args.accounts, args.requests)
    else:
        update(args.db, args.matches)


if __name__ == "__main__":
    main()
