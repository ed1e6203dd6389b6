"""The store on both backends (SQLite, PostgreSQL): durable commits (SQLite WAL with
synchronous=FULL, PostgreSQL synchronous_commit=on), UNIQUE (match, sequence), round trips."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

import duelhost
from duelhost.store import InviteError, MatchRow, Store


def row(match_id: str = "m1", created: float = 1.0) -> MatchRow:
    return MatchRow(
        id=match_id,
        game="toy_bids",
        options={"rounds": 3},
        seed=7,
        setup={},
        seats=[
            {"kind": "human", "bot": None, "token_hash": "ab"},
            {"kind": "bot", "bot": "random", "token_hash": None},
        ],
        clock={
            "mode": "move",
            "seconds": 10.0,
            "planning_seconds": 0.0,
            "extended_seconds": None,
            "extensions": 0,
        },
        secret="00" * 32,
        created=created,
    )


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    yield opened
    opened.close()


def test_a_returned_commit_is_durable(store: Store) -> None:
    if store.backend == "sqlite":
        assert store.pragmas() == {"journal_mode": "wal", "synchronous": 2}  # 2 = FULL
        assert store.durability() == store.pragmas()
    else:
        assert store.durability() == {"synchronous_commit": "on", "fsync": "on"}


def test_match_and_log_round_trip(store: Store) -> None:
    store.create_match(row())
    entries = [
        {"seq": 1, "type": "submit", "seat": 0, "text": "2", "time": 2.5},
        {"seq": 2, "type": "timeout", "seat": 1, "time": 11.0},
    ]
    store.append("m1", entries, over=False, result=None, now=11.0)
    assert store.log("m1") == entries
    stored = store.get("m1")
    assert stored is not None and stored.seats[0]["token_hash"] == "ab" and stored.seed == 7
    assert [r.id for r in store.unfinished()] == ["m1"]
    store.append(
        "m1",
        [{"seq": 3, "type": "resign", "seat": 0, "time": 12.0}],
        over=True,
        result={"winner": 1},
        now=12.0,
    )
    assert store.unfinished() == []
    assert store.get("m1").result == {"winner": 1}  # type: ignore[union-attr]


def test_a_sequence_number_is_unique_per_match(store: Store) -> None:
    store.create_match(row("m1"))
    store.create_match(row("m2"))
    store.append("m1", [{"seq": 1, "type": "x", "time": 1.0}], False, None, 1.0)
    store.append(
        "m2", [{"seq": 1, "type": "x", "time": 1.0}], False, None, 1.0
    )  # other match: fine
    with pytest.raises(IntegrityError):
        store.append(
            "m1",
            [{"seq": 2, "type": "x", "time": 2.0}, {"seq": 1, "type": "y", "time": 2.0}],
            False,
            None,
            2.0,
        )
    # The failed transaction stored nothing, not even its first entry.
    assert [e["seq"] for e in store.log("m1")] == [1]


def test_list_is_newest_first_and_filters_by_game(store: Store) -> None:
    for number in range(3):
        store.create_match(row(f"m{number}", created=float(number)))
    total, rows = store.list(2, 0)
    assert total == 3 and [r.id for r in rows] == ["m2", "m1"]
    assert store.list(10, 0, game="goofspiel") == (0, [])


def test_a_reopened_store_sees_committed_data(db_url: str) -> None:
    first = Store(db_url)
    first.create_match(row())
    first.append("m1", [{"seq": 1, "type": "x", "time": 1.0}], False, None, 1.0)
    first.close()
    again = Store(db_url)
    assert again.log("m1") == [{"seq": 1, "type": "x", "time": 1.0}]
    assert again.last_seq("m1") == 1 and again.last_seq("m2") == 0
    again.close()


def test_big_seeds_and_exact_times_survive(store: Store) -> None:
    big = row()
    big.seed = 2**63 - 1
    big.created = 1_764_000_000.123456
    store.create_match(big)
    store.append("m1", [{"seq": 1, "type": "x", "time": 1_764_000_001.000001}], False, None, 2.0)
    stored = store.get("m1")
    assert stored is not None and stored.seed == 2**63 - 1
    assert stored.created == 1_764_000_000.123456 and stored.over is False
    assert store.log("m1")[0]["time"] == 1_764_000_001.000001


def test_bad_database_urls_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(duelhost.ConfigError, match="bad database URL"):
        Store("nosuchdialect://x")
    with pytest.raises(duelhost.ConfigError, match="cannot open the database"):
        Store(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}")
    with pytest.raises(duelhost.ConfigError, match="cannot open the database"):
        # A port nothing listens on (the store names the database it could not reach).
        Store("postgresql+psycopg://postgres@127.0.0.1:1/nothing?connect_timeout=2")


def test_stored_many_reads_exactly_each_matchs_row_log_and_seats(store: Store) -> None:
    """A takeover's batch read: three matches whose steps were stored interleaved (and one
    entry with an integer beyond 64 bits, which orjson refuses), each given back with exactly
    its own entries in sequence order, its row and the token hash of each exchanged invite; an
    unknown id is left out."""
    for number in range(3):
        store.create_match(row(f"m{number}", created=float(number)), [(0, f"inv{number}")])
    store.create_match(row("other"), [(0, "inv-other")])
    big = 2**70
    for seq in (1, 2, 3):
        for number in (2, 0, 1):  # interleaved, newest match first
            if number == 1 and seq == 3:
                continue
            entry = {"seq": seq, "type": "x", "m": number, "time": float(seq), "n": big}
            store.append(f"m{number}", [entry], False, None, float(seq))
    store.append("other", [{"seq": 1, "type": "x", "time": 1.0}], False, None, 1.0)
    store.exchange_invite("inv0", "tok0", 5.0)
    store.exchange_invite("inv-other", "tok-other", 5.0)
    read = store.stored_many(["m2", "m0", "m1", "nope", "m0"])
    assert sorted(read) == ["m0", "m1", "m2"]
    for number, seqs in ((0, [1, 2, 3]), (1, [1, 2]), (2, [1, 2, 3])):
        got = read[f"m{number}"]
        assert got.row == store.get(f"m{number}")
        assert got.log == store.log(f"m{number}")
        assert [e["seq"] for e in got.log] == seqs and {e["m"] for e in got.log} == {number}
        assert got.log[0]["n"] == 2**70
    assert read["m0"].token_hashes == {0: "tok0"} == store.seat_token_hashes("m0")
    assert read["m1"].token_hashes == {} and read["m2"].token_hashes == {}
    assert store.stored_many([]) == {}


def test_games_in_play_names_each_game_of_an_unfinished_match_once(store: Store) -> None:
    assert store.games_in_play() == []
    for number in range(2):
        store.create_match(row(f"m{number}"))
    finished = row("done")
    finished.game = "goofspiel"
    store.create_match(finished)
    store.append("done", [{"seq": 1, "type": "resign", "time": 1.0}], True, {"w": 0}, 1.0)
    assert store.games_in_play() == ["toy_bids"]


def test_a_reissued_invite_revokes_the_seats_token_and_invite(store: Store) -> None:
    """Issue 32: the host's re-issue revokes the seat's invite and token in force (read by
    ``seat_token_hashes`` and a takeover's ``stored_many``), keeps the other seat's, and the
    new invite gives the seat once; the old ones are 410."""
    store.create_match(row("m1"), [(0, "inv0"), (1, "inv1")])
    store.exchange_invite("inv0", "tok0", 2.0)
    store.exchange_invite("inv1", "tok1", 2.0)
    store.reissue_invite("m1", 1, "inv1b", 3.0)
    assert store.seat_token_hashes("m1") == {0: "tok0"}
    assert store.stored_many(["m1"])["m1"].token_hashes == {0: "tok0"}
    for dead in ("inv1", "inv1b-never"):
        with pytest.raises(InviteError) as raised:
            store.exchange_invite(dead, "tok-x", 4.0)
        assert raised.value.status == (410 if dead == "inv1" else 404)
    assert store.exchange_invite("inv1b", "tok1b", 5.0) == ("m1", 1)
    assert store.seat_token_hashes("m1") == {0: "tok0", 1: "tok1b"}
    store.reissue_invite("m1", 1, "inv1c", 6.0)  # again: the second token goes too
    assert store.seat_token_hashes("m1") == {0: "tok0"}
