"""A break between bouts (A Warrior's Death, issue 32 point 8: "There will be a break between
bouts"): the clock of a bout's first round starts ``break_seconds`` after the bout before it
ended (``State.break_seconds``, the host's timekeeper), and nobody times out during it."""

from __future__ import annotations

from duelhost.host import Clock
from tests.host.helpers import make, restored, types


def test_the_first_round_of_a_new_bout_starts_after_the_break() -> None:
    # 60-s rounds, one round a bout, a 30-s break. Bout 1's round is played at 1010: bout 2's
    # round starts at 1010 + 30 = 1040 and is due at 1040 + 60 = 1100 (not 1070).
    match = make("warriors_death", Clock("move", 60.0), bouts=2, rounds=1, break_seconds=30)
    assert match.deadline == 1060.0  # bout 1 has no break: 1000 + 60
    match.submit(0, "Chocobo", 1005.0)
    match.submit(1, "Chocobo", 1010.0)
    assert match.state.bout == 1 and match.deadline == 1100.0
    clock = match.summary(0, 1020.0)["clock"]
    assert clock is not None and clock["phase_start"] == 1040.0
    match.advance(1099.0)  # within the break plus the round's minute: no timeout
    assert "timeout" not in types(match)
    assert restored(match).deadline == 1100.0
    match.advance(1100.0)
    assert types(match).count("timeout") == 2


def test_no_break_before_a_later_round_or_with_break_seconds_zero() -> None:
    match = make("warriors_death", Clock("move", 60.0), bouts=2, rounds=2, break_seconds=30)
    match.submit(0, "Chocobo", 1005.0)
    match.submit(1, "Chocobo", 1010.0)
    assert match.deadline == 1070.0  # round 2 of bout 1: 1010 + 60
    plain = make("warriors_death", Clock("move", 60.0), bouts=2, rounds=1, break_seconds=0)
    plain.submit(0, "Chocobo", 1005.0)
    plain.submit(1, "Chocobo", 1010.0)
    assert plain.deadline == 1070.0
