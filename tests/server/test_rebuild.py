"""A takeover's rebuild (``duelhost.server.cluster``: ``rebuilt``, ``rebuild_order``,
``rebuild_batch``) on both backends: matches rebuilt from one batch read equal the matches that
were hosted, frames, record, receipts and idempotency answers included; each match of a batch
is reported once, a missing one as not found, one no longer wanted is not replayed."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient

from duelhost.host.messages import RECIPIENTS
from duelhost.server.cluster import REBUILDERS, rebuild_batch, rebuild_order
from duelhost.server.hub import Hub, Live, NotFound
from duelhost.store import MatchRow, Stored
from tests.server.conftest import bearer, create


def submit(client: TestClient, match: dict[str, Any], seat: int, text: str, key: str) -> None:
    answer = client.post(
        f"/api/matches/{match['id']}/submissions",
        json={"text": text, "key": key},
        headers=bearer(match["tokens"][seat]),
    )
    assert answer.status_code == 200, answer.text


def played(client: TestClient) -> list[str]:
    """Three unfinished matches with some history: toy bids on a move clock (a resolved round
    with a starred bid, then one bid of the next), toy bids untimed (one bid), and toy turns
    against a bot seat (which answers at once)."""
    clocked = create(client, clock={"mode": "move", "seconds": 600})
    for seat, text, key in ((0, "1", "a"), (1, "2*", "b"), (0, "3", "c")):
        submit(client, clocked, seat, text, key)
    untimed = create(client, clock=None)
    submit(client, untimed, 1, "2", "d")
    bot = create(
        client,
        game="toy_turns",
        clock=None,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    submit(client, bot, 0, "3", "e")
    return [clocked["id"], untimed["id"], bot["id"]]


def same(a: Live, b: Live, now: float) -> None:
    """Two memories of one match are the same: every recipient's full frame, the record, the
    log, the clock, receipts and idempotency answers, the seats' token hashes."""
    for recipient in RECIPIENTS:
        assert a.match.frame(recipient, now) == b.match.frame(recipient, now)
    assert a.match.record() == b.match.record()
    assert a.match.log == b.match.log
    assert a.match.deadline == b.match.deadline
    assert a.match.ledger.receipts == b.match.ledger.receipts
    assert a.match.ledger.keys == b.match.ledger.keys
    assert (a.token_hashes, a.host_hash, a.stored) == (b.token_hashes, b.host_hash, b.stored)


def test_a_match_rebuilt_from_the_batch_read_equals_the_hosted_one(client: TestClient) -> None:
    ids = played(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    batch = hub.store.stored_many([*ids, "nope"])
    assert sorted(batch) == sorted(ids)
    now = hub.now()
    for match_id in ids:
        hosted = hub.live[match_id]
        assert len(hosted.match.log) >= 1
        again = hub.rebuild(batch[match_id])
        assert again.match is not hosted.match and again.match.think_apart
        same(again, hosted, now)
        same(again, hub.restored(match_id), now)  # and the one a request rebuilds


def test_a_batch_reports_each_match_once_as_soon_as_it_is_rebuilt(client: TestClient) -> None:
    ids = played(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    reported: dict[str, tuple[Live | None, BaseException | None]] = {}
    skipped = ids[1]

    def done(match_id: str, live: Live | None, error: BaseException | None) -> None:
        assert match_id not in reported
        reported[match_id] = (live, error)

    async def run() -> None:
        with ThreadPoolExecutor(REBUILDERS) as pool:
            await rebuild_batch(hub, [*ids, "nope"], pool, done, lambda m: m != skipped)

    asyncio.run(run())
    assert sorted(reported) == sorted([*ids, "nope"])
    assert isinstance(reported["nope"][1], NotFound) and reported["nope"][0] is None
    assert reported[skipped] == (None, None)  # not wanted any more: not replayed
    now = hub.now()
    for match_id in (ids[0], ids[2]):
        live, error = reported[match_id]
        assert error is None and live is not None
        same(live, hub.live[match_id], now)


def _stored(match_id: str, clock: dict[str, Any] | None, created: float) -> Stored:
    return Stored(
        MatchRow(
            id=match_id,
            game="goofspiel",
            options={},
            seed=1,
            setup={},
            seats=[],
            clock=clock,
            secret="00",
            created=created,
        )
    )


def test_ticking_matches_are_rebuilt_first_then_timed_ones_then_untimed_oldest_first() -> None:
    tick = {"mode": "tick", "seconds": 1.0}
    move = {"mode": "move", "seconds": 60.0}
    batch = [
        _stored("untimed-old", None, 1.0),
        _stored("move-new", move, 9.0),
        _stored("tick-new", tick, 8.0),
        _stored("move-old", move, 2.0),
        _stored("untimed-new", None, 7.0),
        _stored("tick-old", tick, 3.0),
    ]
    assert [s.row.id for s in rebuild_order(batch)] == [
        "tick-old",
        "tick-new",
        "move-old",
        "move-new",
        "untimed-old",
        "untimed-new",
    ]
