"""Ratings in the store on both backends: a rated match's end changes both ratings once, in the
transaction of its result; unrated ends change nothing; bots get accounts; several matches of one
account in one group commit build on one another."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from duelhost.ratings.bots import bot_account_id
from duelhost.store import Store
from tests.store.ratings_helpers import changes, hold, make_account, plays, rated_row, table

WON = {"winner": 0, "reason": "score", "scores": [3, 1]}
DRAWN = {"winner": None, "reason": "score", "scores": [2, 2]}


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    yield opened
    opened.close()


def seated(store: Store, match_id: str, rated: bool = True) -> tuple[str, str]:
    store.create_match(rated_row(match_id, rated=rated))
    ann = make_account(store, f"ann{match_id}")
    bob = make_account(store, f"bob{match_id}")
    hold(store, match_id, 0, ann)
    hold(store, match_id, 1, bob)
    return ann, bob


def test_a_rated_match_changes_both_ratings_once(store: Store) -> None:
    ann, bob = seated(store, "m1")
    store.append("m1", plays(), False, None, 10.0)
    assert changes(store) == []
    store.append("m1", plays(3, start=20.0), True, WON, 20.0)
    found = changes(store, "m1")
    assert [(c.account_id, c.score, c.opponent_id) for c in found] == [
        (ann, 1.0, bob),
        (bob, 0.0, ann),
    ]
    assert found[0].rating_before == 1500 and found[0].deviation_before == 500
    assert found[0].rating_after > 1500 > found[1].rating_after
    rows = table(store)
    assert rows[(ann, "toy_bids")].rating == found[0].rating_after
    assert (rows[(ann, "toy_bids")].wins, rows[(bob, "toy_bids")].losses) == (1, 1)
    assert rows[(ann, "toy_bids")].last_game == 20.0
    # the match is over: a later step (none should come) rates nothing again
    store.append("m1", [{"seq": 5, "type": "extend", "seat": 0, "time": 30.0}], True, WON, 30.0)
    assert len(changes(store)) == 2
    assert store.get("m1").rated is True  # type: ignore[union-attr]


def test_a_group_commit_rates_each_match_in_order(store: Store) -> None:
    ann, bob = seated(store, "m1")
    store.create_match(rated_row("m2"))
    hold(store, "m2", 0, bob)
    hold(store, "m2", 1, ann)
    fenced = store.append_many(
        [("m1", plays(), True, WON, 10.0), ("m2", plays(start=11.0), True, DRAWN, 11.0)]
    )
    assert fenced == set()
    first, second = changes(store, "m1"), changes(store, "m2")
    assert second[0].account_id == bob
    assert second[0].rating_before == first[1].rating_after  # built on m1's change
    assert second[0].idle == 1.0
    assert table(store)[(bob, "toy_bids")].draws == 1


@pytest.mark.parametrize(
    ("case", "result"),
    [
        ("casual", WON),
        ("no decision", WON),
        ("abandoned", {"winner": None, "reason": "abandoned: no seat acted", "scores": [0, 0]}),
    ],
)
def test_unrated_ends_change_nothing(store: Store, case: str, result: dict[str, object]) -> None:
    seated(store, "m1", rated=case != "casual")
    store.append("m1", plays(both=case != "no decision"), True, result, 10.0)
    assert changes(store) == [] and table(store) == {}
    assert store.get("m1").over  # type: ignore[union-attr]


def test_a_guest_or_one_account_on_both_seats_is_unrated(store: Store) -> None:
    store.create_match(rated_row("m1"))
    ann = make_account(store, "ann")
    hold(store, "m1", 0, ann)
    hold(store, "m1", 1, None, guest="visitor")
    store.append("m1", plays(), True, WON, 10.0)
    store.create_match(rated_row("m2"))
    hold(store, "m2", 0, ann)
    hold(store, "m2", 1, ann)
    store.append("m2", plays(), True, WON, 10.0)
    assert changes(store) == []


def test_a_bot_seat_is_rated_under_its_account(store: Store) -> None:
    seats = [{"kind": "human", "bot": None}, {"kind": "bot", "bot": "random"}]
    store.create_match(rated_row("m1", seats))
    ann = make_account(store, "ann")
    hold(store, "m1", 0, ann)
    store.append_many([("m1", plays(), True, {"winner": 1, "reason": "score"}, 10.0)])
    bot = bot_account_id("toy_bids-random")
    assert [(c.account_id, c.score) for c in changes(store)] == [(ann, 0.0), (bot, 1.0)]
    assert table(store)[(bot, "toy_bids")].rating > 1500


def test_a_series_is_rated_once(store: Store) -> None:
    from sqlalchemy.exc import IntegrityError

    from duelhost.store.ratings import rate_series

    ann, bob = make_account(store, "ann"), make_account(store, "bob")
    with store.engine.begin() as connection:
        made = rate_series(connection, ["s1", "s2", "s3"], "toy_bids", (ann, bob), (2, 1), 50.0)
    assert [(c["account_id"], c["score"], c["match_id"]) for c in made] == [
        (ann, 1.0, "s3"),
        (bob, 0.0, "s3"),
    ]
    assert changes(store)[0].series == '["s1", "s2", "s3"]'
    with pytest.raises(IntegrityError), store.engine.begin() as connection:
        rate_series(connection, ["s1", "s2", "s3"], "toy_bids", (ann, bob), (2, 1), 60.0)
    assert len(changes(store)) == 2 and table(store)[(ann, "toy_bids")].games == 1
    with pytest.raises(ValueError, match="two accounts"), store.engine.begin() as connection:
        rate_series(connection, ["s4"], "toy_bids", (ann, ann), (1, 0), 70.0)
