"""Micro-benchmark of a takeover's rebuild (issue 18: "lease 3 s: takeover under 5 s").

Fills a database with ``--matches`` unfinished matches played at random (every fifth a
Multiplanetary match on a 1-second tick, the rest Goofspiel, as in the fault campaign), each to
``--entries`` log entries or until its next step would end it, then rebuilds all of them from the
store the way a process that took them over does (``--way``):

- ``batch``: ``cluster.rebuild_batch``, what ``duelhost.server.cluster`` does now (the claimed
  matches' rows, logs and seat tokens read in one query each, replayed in the rebuild threads);
- ``per-match``: ``Hub.restored`` for each match in the rebuild threads (three queries per match:
  what the cluster did before).

Prints the batch's wall time, the process CPU time, and each match's time from the start of the
batch to its rebuild (p50 / p99 / max): a match is hosted as soon as its own rebuild is done.

Run: ``PYTHONPATH=$PWD/src python -m tests.server.bench_takeover --db
postgresql+psycopg://postgres@127.0.0.1:5432/takeover_bench --matches 20 --entries 600``
(``--fill`` to create the matches first, into a database that must exist).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import duelhost
from duelhost.host import Match, SeatSpec
from duelhost.host.time_controls import Clock
from duelhost.server import keys
from duelhost.server.cluster import REBUILDERS
from duelhost.server.hub import Hub, Live
from duelhost.store import MatchRow, Store

TICK = Clock("tick", 1.0, planning_seconds=1.0)
HUMANS = (SeatSpec("human"), SeatSpec("human"))
START = 1_700_000_000.0


def play(match: Match, entries: int, rng: random.Random, store: Store) -> None:
    """Play ``match`` at random (submissions 0.2-1.0 s apart; orders in a tick window), storing
    each step, until its log has ``entries`` entries or its next step would end it (that step
    is not stored)."""
    now = match.created
    while len(match.log) < entries and not match.is_over:
        if match.clock is not None and match.clock.mode == "tick":
            for seat in list(match.to_act):
                legal = match.state.legal(seat)
                # As the campaign's clients: a legal order when the frame lists them.
                listed = legal and len(legal) <= match.limits.legal_limit
                choice = rng.choice(legal) if listed else "wait"
                step = match.submit(seat, choice, now + 0.1)
                store.append(match.id, step.entries, match.is_over, None, now + 0.1)
            now += 1.0
            step = match.advance(now)
        else:
            seat = match.to_act[0]
            now += rng.uniform(0.2, 1.0)
            step = match.submit(seat, rng.choice(match.state.legal(seat)), now)
        if match.is_over:
            return  # the last step is not stored: the stored match is unfinished
        store.append(match.id, step.entries, False, None, now)


def fill(store: Store, hub: Hub, matches: int, entries: int) -> None:
    for number in range(matches):
        tick = number % 5 == 4
        game = duelhost.load("multiplanetary" if tick else "goofspiel")
        secret = bytes(random.Random(number).randbytes(32))
        clock = TICK if tick else None
        match_id = f"bench-{number:04d}"
        created = START + number
        store.create_match(
            MatchRow(
                id=match_id,
                game=game.name,
                options={},
                seed=number,
                setup={},
                seats=[{"kind": "human"}, {"kind": "human"}],
                clock=None if clock is None else clock.to_dict(),
                secret=secret.hex(),
                created=created,
            )
        )
        match = Match(
            match_id,
            game,
            number,
            {},
            HUMANS,
            clock,
            keys.match_key(hub.server_key, secret),
            created,
            hub.settings.host,
        )
        # Goofspiel ends after about 100 entries: stop one decision short of the end.
        budget = entries if tick else min(entries, 90)
        play(match, budget, random.Random(number), store)
        print(f"{match_id}: {match.game.name}, {store.last_seq(match_id)} entries", flush=True)


def per_match(hub: Hub, ids: list[str]) -> list[float]:
    began = time.perf_counter()
    done: list[float] = []

    def one(match_id: str) -> None:
        hub.restored(match_id)
        done.append(time.perf_counter() - began)

    with ThreadPoolExecutor(REBUILDERS) as pool:
        list(pool.map(one, ids))
    return done


def batched(hub: Hub, ids: list[str]) -> list[float]:
    # Imported here: ``--way per-match`` also runs on code from before ``rebuild_batch``.
    from duelhost.server.cluster import rebuild_batch

    began = time.perf_counter()
    done: list[float] = []

    def finished(_match_id: str, live: Live | None, error: BaseException | None) -> None:
        if error is not None or live is None:
            raise RuntimeError(f"not rebuilt: {error}")
        done.append(time.perf_counter() - began)

    with ThreadPoolExecutor(REBUILDERS) as pool:
        asyncio.run(rebuild_batch(hub, ids, pool, finished))
    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--entries", type=int, default=600)
    parser.add_argument("--fill", action="store_true", help="create the matches first")
    parser.add_argument("--way", choices=("batch", "per-match"), default="batch")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    store = Store(args.db)
    hub = Hub(store)
    for name in {row.game for row in store.unfinished()}:  # as a node does when it starts
        duelhost.load(name)
    if args.fill:
        fill(store, hub, args.matches, args.entries)
    ids = [row.id for row in store.unfinished()][: args.matches]
    sizes = [len(store.log(match_id)) for match_id in ids]
    print(f"{len(ids)} matches, {sum(sizes)} log entries ({min(sizes)}-{max(sizes)} a match)")
    way = batched if args.way == "batch" else per_match
    results: list[dict[str, Any]] = []
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        done = sorted(way(hub, ids))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        results.append({"wall": wall, "cpu": cpu, "done": done})
        p99 = done[min(len(done) - 1, round(0.99 * (len(done) - 1)))]
        print(
            f"{args.way}: wall {wall:.3f} s, CPU {cpu:.3f} s; a match rebuilt after p50 "
            f"{statistics.median(done):.3f} s, p99 {p99:.3f} s, max {done[-1]:.3f} s",
            flush=True,
        )
    store.close()


if __name__ == "__main__":
    main()
