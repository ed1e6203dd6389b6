"""A match's clock starts when both seats are held, or at a start time its host sets (issue 32,
point 8): nobody loses time before they arrive. ``Phase`` says where the match stands."""

from __future__ import annotations

import pytest

import duelhost
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.host import Clock, make_clock
from duelhost.host.match import Phase
from tests.host.helpers import make, restored, types


def test_a_seated_clock_waits_then_runs_from_the_start_entry() -> None:
    # Created at 1000 with 10-s moves; the seats are held at 1035: the first deadline is
    # 1035 + 10 = 1045, not 1000 + 10 = 1010 (no round lost to timeouts before anyone came).
    match = make("goofspiel", Clock("move", 10.0, start="seated"), created=1000.0)
    assert match.phase is Phase.WAITING and match.deadline is None
    assert match.frame(0, 1001.0)["phase"] == "waiting"
    match.advance(1034.0)
    assert types(match) == [] and match.state.decision == 0  # nothing timed out meanwhile
    with pytest.raises(IllegalAction, match="has not started: its clock starts when both seats"):
        match.submit(0, "5", 1030.0)
    match.begin(1035.0)
    assert types(match) == ["start"] and match.phase is Phase.PLAYING
    assert match.deadline == 1045.0
    assert match.summary(0, 1036.0)["phase"] == "playing"
    match.begin(1040.0)  # a second start is nothing
    assert types(match) == ["start"]


def test_a_restored_match_keeps_its_start() -> None:
    match = make("goofspiel", Clock("move", 10.0, start="seated"), created=1000.0)
    match.begin(1035.0)
    copy = restored(match)
    assert copy.phase is Phase.PLAYING and copy.deadline == 1045.0
    waiting = restored(make("goofspiel", Clock("move", 10.0, start="seated"), created=1000.0))
    assert waiting.phase is Phase.WAITING and waiting.deadline is None


def test_a_set_start_time_starts_the_clock_then_held_or_not() -> None:
    # start_at 1100: the match starts at 1100 (the entry's time), first deadline 1110, even
    # when the event that notices it comes later (at 1105).
    match = make("goofspiel", Clock("move", 10.0, start="at", start_at=1100.0), created=1000.0)
    assert match.next_wake() == 1100.0
    match.begin(1050.0)  # seats held: still waits for the set time
    assert match.phase is Phase.WAITING
    match.advance(1105.0)
    assert types(match) == ["start"] and match.log[0]["time"] == 1100.0
    assert match.deadline == 1110.0
    match.advance(1111.0)  # the first round's deadline passed: both seats time out
    assert types(match) == ["start", "timeout", "timeout"]


def test_bots_wait_for_the_start_too() -> None:
    from duelhost.host import SeatSpec

    seats = (SeatSpec("human"), SeatSpec("bot", "random"))
    match = make("goofspiel", Clock("move", 10.0, start="seated"), seats=seats)
    match.advance(1001.0)
    assert types(match) == []  # the bot has not bid before the human came
    match.begin(1002.0)
    assert types(match) == ["start", "submit"]


def test_a_clock_that_starts_at_creation_runs_at_once() -> None:
    match = make("goofspiel", Clock("move", 10.0), created=1000.0)
    assert match.phase is Phase.PLAYING and match.deadline == 1010.0


def test_start_fields_of_a_given_clock() -> None:
    game = duelhost.load("goofspiel")
    assert make_clock(game, None, True, start="seated").start == "seated"  # type: ignore[union-attr]
    at = make_clock(game, {"start_at": 5000}, False, start="seated")
    assert at is not None and (at.start, at.start_at) == ("at", 5000.0)
    created = make_clock(game, {"start": "created"}, False, start="seated")
    assert created is not None and created.start == "created"
    with pytest.raises(ConfigError, match="'start' must be one of created, seated, at"):
        make_clock(game, {"start": "soon"}, False)
    with pytest.raises(ConfigError, match="'start' 'at' needs 'start_at'"):
        make_clock(game, {"start": "at"}, False)
    with pytest.raises(ConfigError, match="'start_at' needs 'start' 'at'"):
        make_clock(game, {"start": "seated", "start_at": 5000}, False)
