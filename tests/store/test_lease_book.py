"""Leases and fencing on both backends: a match has one holder at a time, a takeover needs an
expired lease and raises the epoch, renewals report lost matches, a handed-over match can be
claimed at once, and a step made under an old epoch is never stored (nor anything after it)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import select, update

from duelhost.server.writer import LeaseLost, Writer
from duelhost.store import Store
from duelhost.store.lease_book import LeaseBook
from duelhost.store.schema import leases
from tests.databases import empty_postgres
from tests.store.test_store import row


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    yield opened
    opened.close()


def epoch(book: LeaseBook, match_id: str) -> int | None:
    """The epoch ``book`` claims the match under (None: another node's lease runs)."""
    claimed = book.claim(match_id)
    return None if claimed is None else claimed.epoch


def test_one_holder_at_a_time_and_takeover_after_expiry(store: Store) -> None:
    store.create_match(row("m1"))
    a, b = LeaseBook(store, "a", ttl=2.0), LeaseBook(store, "b", ttl=2.0)
    a.register("http://a")
    claimed = a.claim("m1")
    assert claimed is not None and (claimed.epoch, claimed.expired) == (1, 0.0)
    assert b.claim("m1") is None  # a's lease runs
    owner = b.owner("m1")
    assert owner is not None and (owner.node, owner.url, owner.epoch, owner.live) == (
        "a",
        "http://a",
        1,
        True,
    )
    assert b.orphans() == []
    time.sleep(2.2)
    assert b.orphans() == ["m1"]
    again = b.claim("m1")  # expired: taken over under a new epoch
    assert again is not None and again.epoch == 2
    assert again.expired == pytest.approx(claimed.at + 2.0)  # a's lease ran out then
    assert a.renew({"m1": 1}) == {"m1"}  # a learns it lost the match
    assert b.renew({"m1": 2}) == set()


def test_renewal_keeps_a_lease_and_release_hands_it_over_at_once(store: Store) -> None:
    store.create_match(row("m1"))
    store.create_match(row("m2", created=2.0))
    a, b = LeaseBook(store, "a", ttl=30.0), LeaseBook(store, "b", ttl=30.0)
    assert epoch(a, "m1") == 1 and epoch(a, "m2") == 1
    for _ in range(3):
        assert a.renew({"m1": 1, "m2": 1}) == set()
    assert b.claim("m1") is None
    a.release(["m1"])
    assert b.orphans() == ["m1"] and epoch(b, "m1") == 2
    assert b.claim("m2") is None


def test_a_finished_match_is_no_orphan_and_a_match_without_lease_is(store: Store) -> None:
    store.create_match(row("m1"))
    store.create_match(row("m2", created=2.0))
    store.append("m1", [{"seq": 1, "time": 1.0}], True, {"winner": 0}, 1.0)
    assert LeaseBook(store, "a").orphans() == ["m2"]


def test_a_step_under_an_old_epoch_is_fenced_out(store: Store) -> None:
    store.create_match(row("m1"))
    store.create_match(row("m2", created=2.0))
    a, b = LeaseBook(store, "a", ttl=0.2), LeaseBook(store, "b", ttl=5.0)
    assert epoch(a, "m1") == 1 and epoch(a, "m2") == 1
    step = ("m1", [{"seq": 1, "time": 1.0}], False, None, 1.0)
    other = ("m2", [{"seq": 1, "time": 1.0}], False, None, 1.0)
    assert store.append_many([step, other], [1, 1]) == set()
    time.sleep(0.3)
    assert epoch(b, "m1") == 2
    late = ("m1", [{"seq": 2, "time": 2.0}], False, None, 2.0)
    more = ("m2", [{"seq": 2, "time": 2.0}], False, None, 2.0)
    assert store.append_many([late, more], [1, 1]) == {0}  # only m1's step is refused
    assert [e["seq"] for e in store.log("m1")] == [1]
    assert [e["seq"] for e in store.log("m2")] == [1, 2]
    assert store.append_many([late], [2]) == set()  # the new holder writes


@pytest.mark.parametrize("forgotten", [False, True], ids=["epoch-kept", "epoch-forgotten"])
def test_the_writer_refuses_a_lost_matchs_step_and_says_so(store: Store, forgotten: bool) -> None:
    """A step made after another process took the match over is refused, whether this process
    still holds its old epoch or has already forgotten the match (``forgotten``): a step on its
    way then (a clock firing, a submission in flight) must not be stored without an epoch. The
    fault campaign's 30-minute run found such unfenced entries: a gap in the sequence, an entry
    of epoch NULL after the new holder's, records whose decisions did not replay."""
    store.create_match(row("m1"))
    a, b = LeaseBook(store, "a", ttl=0.2), LeaseBook(store, "b", ttl=5.0)
    held = {"m1": epoch(a, "m1")}
    writer = Writer(store)
    lost: list[str] = []
    writer.fence = held.get
    writer.on_lost = lost.append
    writer.put(("m1", [{"seq": 1, "time": 1.0}], False, None, 1.0)).result(timeout=30)
    time.sleep(0.3)
    assert epoch(b, "m1") == 2
    if forgotten:
        del held["m1"]  # process a learnt it lost the match
    with pytest.raises(LeaseLost):
        writer.put(("m1", [{"seq": 2, "time": 2.0}], False, None, 2.0)).result(timeout=30)
    writer.close()
    assert lost == ["m1"] and [e["seq"] for e in store.log("m1")] == [1]
    with store.engine.connect() as connection:
        epochs = connection.exec_driver_sql("SELECT epoch FROM match_log").scalars().all()
    assert epochs == [1]


def test_the_survivors_split_a_dead_nodes_matches_in_one_scan_each(store: Store) -> None:
    """The takeover scan claims the expired leases in one transaction, its share of them: the
    expired ones divided by the live nodes, rounded up. Node a (not registered: dead) held five
    matches; b and c are live. b's scan takes ceil(5 / 2) = 3 (oldest first) and leaves 2; c's
    takes ceil(2 / 2) = 1 and leaves 1; b's next takes the last. A match nobody ever claimed is
    taken only once it is older than a lease (its creator may be about to claim it)."""
    for number in range(1, 6):
        store.create_match(row(f"m{number}", created=float(number)))
    a = LeaseBook(store, "a", ttl=30.0)
    b, c = LeaseBook(store, "b", ttl=5.0), LeaseBook(store, "c", ttl=5.0)
    b.register("http://b")
    c.register("http://c")
    assert [epoch(a, f"m{n}") for n in range(1, 6)] == [1] * 5
    assert b.claim_orphans().claimed == []  # a's leases still run
    with store.engine.begin() as connection:  # a died a minute ago
        connection.execute(update(leases).values(expires=leases.c.expires - 60.0))
    first = b.claim_orphans()
    assert [(x.match_id, x.epoch) for x in first.claimed] == [("m1", 2), ("m2", 2), ("m3", 2)]
    assert first.left == 2 and first.next_expiry is None  # a's leases expired; none of c's
    assert all(x.previous == "a" and 0 < x.expired <= x.at for x in first.claimed)
    second = c.claim_orphans()
    assert [(x.match_id, x.epoch) for x in second.claimed] == [("m4", 2)]
    assert second.left == 1
    # b's three leases are the next to expire for c: 5 s after b's claim.
    assert second.next_expiry == pytest.approx(first.now + 5.0)
    third = b.claim_orphans()
    assert [(x.match_id, x.epoch) for x in third.claimed] == [("m5", 2)] and third.left == 0
    owner = c.owner("m5")
    assert owner is not None and (owner.node, owner.epoch, owner.live) == ("b", 2, True)
    # Unclaimed matches: an old one is an orphan, one created just now is not yet.
    store.create_match(row("old", created=10.0))
    store.create_match(row("new", created=time.time()))
    fourth = c.claim_orphans()
    assert [(x.match_id, x.epoch, x.previous, x.expired) for x in fourth.claimed] == [
        ("old", 1, "c", 0.0)  # a first claim: the row c made for it, no lease before
    ]
    assert fourth.left == 0 and c.owner("new") is None


def test_a_request_claim_skips_a_row_another_node_is_claiming(postgres_database: str) -> None:
    """A request's claim runs on the event loop: while another node's transaction holds the
    match's lease row (its own claim in flight), the claim answers None at once instead of
    waiting for that transaction (``SKIP LOCKED``); once it is done, the claim sees the lease.
    PostgreSQL only: SQLite has one writer at a time and no row locks."""
    empty_postgres(postgres_database)
    store = Store(postgres_database)
    try:
        store.create_match(row("m1"))
        a, b = LeaseBook(store, "a", ttl=30.0), LeaseBook(store, "b", ttl=30.0)
        assert epoch(a, "m1") == 1
        with store.engine.begin() as connection:  # a's lease has expired
            connection.execute(update(leases).values(expires=0.0))
        with store.engine.connect() as holder, ThreadPoolExecutor(1) as pool:
            holder.execute(select(leases).where(leases.c.match_id == "m1").with_for_update())
            claiming = pool.submit(b.claim, "m1")
            try:
                # Without SKIP LOCKED the claim waits for the holder's transaction, which
                # ends only in the finally below: the result never comes (TimeoutError).
                assert claiming.result(timeout=20) is None
            finally:
                holder.rollback()
        assert epoch(b, "m1") == 2  # the row is free again: b takes the expired lease over
    finally:
        store.close()
