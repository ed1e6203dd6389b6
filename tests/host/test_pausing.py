"""The event host's pause, resumption and adjudication of a match (issue 31): log entries with
their times, applied alike live and in replay; ``duelhost verify`` accepts the record and
reports the adjudication."""

from __future__ import annotations

import json

import pytest

from duelhost.cli.commands.verify import check_record
from duelhost.core.errors import IllegalAction
from duelhost.host import Clock
from tests.host.helpers import make, restored, types

CLOCK = Clock("move", 10.0)


def test_a_pause_stops_the_clock_and_a_resumption_gives_back_the_time_left() -> None:
    match = make("goofspiel", CLOCK, created=1000.0, galaxies=1)
    assert match.deadline == 1010.0
    match.host_act("pause", 1004.0)
    assert match.deadline is None and match.paused_at == 1004.0
    match.advance(1100.0)  # an hour later: no timeout while paused
    assert "timeout" not in types(match)
    with pytest.raises(IllegalAction, match="paused"):
        match.submit(0, match.state.legal(0)[0], 1101.0)
    with pytest.raises(IllegalAction, match="paused already"):
        match.host_act("pause", 1101.0)
    match.host_act("resume", 1200.0)
    assert match.deadline == 1206.0  # the 6 s left at the pause
    again = restored(match)
    assert again.deadline == 1206.0 and again.paused_at is None
    assert match.record()["pauses"] == [{"from": 1004.0, "to": 1200.0}]
    with pytest.raises(IllegalAction, match="not paused"):
        match.host_act("resume", 1201.0)


def test_an_adjudication_ends_the_match_and_verify_reports_it() -> None:
    match = make("goofspiel", CLOCK, created=1000.0, galaxies=1)
    for seat in (0, 1):
        match.submit(seat, match.state.legal(seat)[0], 1001.0)
    with pytest.raises(IllegalAction, match="reason"):
        match.host_act("adjudicate", 1002.0, winner=1, reason=" ")
    with pytest.raises(IllegalAction, match="winner"):
        match.host_act("adjudicate", 1002.0, winner=2, reason="dispute")
    match.host_act("adjudicate", 1003.0, winner=1, reason="seat 0 left the hall")
    assert match.is_over and match.result["winner"] == 1
    assert match.result["reason"] == "adjudicated: seat 0 left the hall"
    record = json.loads(json.dumps(match.record()))
    assert record["ended"]["kind"] == "adjudicate"
    found = check_record(record)
    assert found.problems == []
    assert found.adjudicated is not None and "seat 1 wins" in found.adjudicated
    assert restored(match).result == match.result
    record["result"]["winner"] = 0
    assert any("adjudication" in p for p in check_record(record).problems)
    with pytest.raises(IllegalAction, match="over"):
        match.host_act("pause", 1004.0)
