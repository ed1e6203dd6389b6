"""``duelhost verify`` proves every result from the history (issue 32 point 6): a match the
server abandoned must say so in its record (``ended``) and replay to the result that
abandonment gives; a record whose last resignation was dropped and whose result reads
``{"winner": <the resigner>, "reason": "abandoned: idle"}`` fails, with and without both
seats' kept receipts. Records come from the real host (``Match.record``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import duelhost
from duelhost.cli.commands.verify import RECEIPTS_FORMAT, check_record
from duelhost.host import HostLimits, Match
from tests.host.helpers import HUMANS, SECRET
from tests.host.toy import toy_games

# The toy games for each test only: registered for good, they would reach every test that lists
# the registered games (the research interfaces' conformance tests among them).
pytestmark = pytest.mark.usefixtures("toy_games")
__all__ = ["toy_games"]


def _match(idle: float = 100.0) -> Match:
    game = duelhost.load("toy_bids")
    limits = HostLimits(idle_seconds=idle)
    return Match("m-verify", game, 1, {}, HUMANS, None, SECRET, 1000.0, limits)


def _kept(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat's kept receipts, of both seats' submissions (as the page now keeps them from
    the ``submitted`` events)."""
    receipts = [
        {"seat": item["seat"], "decision": item["decision"], "receipt": item["receipt"]}
        for item in record["history"]
        if "receipt" in item
    ]
    return [
        {"format": RECEIPTS_FORMAT, "match": record["match"], "seat": seat, "receipts": receipts}
        for seat in (0, 1)
    ]


def abandoned() -> dict[str, Any]:
    """Seat 0 bids at 1010, seat 1 never does: the server abandons the match 100 s later."""
    match = _match()
    match.submit(0, "1", 1010.0)
    match.advance(1110.0)
    assert match.is_over and match.abandoned is not None
    return match.record()


def resigned() -> dict[str, Any]:
    """One round bid, then seat 0 resigns: seat 1 wins."""
    match = _match()
    match.submit(0, "1", 1010.0)
    match.submit(1, "2", 1011.0)
    match.resign(0, 1020.0)
    record = match.record()
    assert record["result"]["winner"] == 1
    return record


def test_an_abandoned_match_verifies_from_what_ended_it() -> None:
    record = abandoned()
    # The abandonment came 100 s after seat 0's bid at 1010, after the one entry.
    assert record["ended"] == {
        "kind": "abandon",
        "reason": "no seat acted for 100 s",
        "time": 1110.0,
        "entries": 1,
    }
    assert record["result"]["winner"] is None
    assert check_record(record).problems == []
    assert check_record(record, _kept(record)).problems == []


def test_a_dropped_resignation_read_as_an_abandonment_fails() -> None:
    record = resigned()
    forged = copy.deepcopy(record)
    assert forged["history"][-1]["kind"] == "resign"
    forged["history"].pop()
    forged["result"] = {"winner": 0, "reason": "abandoned: idle"}  # the resigner wins
    for kept in (None, _kept(record)):
        problems = check_record(forged, kept).problems
        assert any("holds nothing that ended it" in p for p in problems), problems
    # Adding what an abandonment would have written does not help: it has no winner.
    forged["ended"] = {"kind": "abandon", "reason": "no seat acted for 100 s", "time": 5000.0}
    forged["ended"]["entries"] = len(forged["history"])
    for kept in (None, _kept(record)):
        problems = check_record(forged, kept).problems
        assert any("is not the abandonment's" in p for p in problems), problems


def test_an_abandonment_sooner_than_its_reason_fails() -> None:
    record = abandoned()
    early = copy.deepcopy(record)
    early["ended"]["time"] = 1050.0  # 40 s after seat 0's bid at 1010, not 100
    problems = check_record(early).problems
    assert problems == [
        "the match was abandoned 40 s after a human seat's last entry, not after 100 s of "
        "nobody acting"
    ]
    made_up = copy.deepcopy(record)
    made_up["ended"]["reason"] = "idle"
    made_up["result"]["reason"] = "abandoned: idle"
    assert check_record(made_up).problems == [
        "the abandonment's reason 'idle' is none the server gives"
    ]


def test_an_abandonment_with_entries_cut_off_fails() -> None:
    record = resigned()
    cut = copy.deepcopy(record)
    cut["history"].pop()  # the resignation
    cut["ended"] = {"kind": "abandon", "reason": "no seat acted for 100 s", "time": 9999.0}
    cut["ended"]["entries"] = 3
    cut["result"] = {
        **cut["result"],
        "winner": None,
        "reason": "abandoned: no seat acted for 100 s",
    }
    problems = check_record(cut).problems
    assert any("abandoned after 3 entries, but it holds 2" in p for p in problems), problems
