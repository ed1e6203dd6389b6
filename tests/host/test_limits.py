"""The host's bounds on a match (issue 16, points 4 and 5): untouched matches and matches of two
bots end as abandoned, every match's length is bounded, a server that comes back late does not
replay thousands of missed ticks, and idempotency keys are kept within a bound."""

from __future__ import annotations

import duelhost
from duelhost.host import Clock, HostLimits, Match, SeatSpec
from tests.host.helpers import HUMANS, SECRET, restored, types

TICK = Clock("tick", 10.0, planning_seconds=60.0)
BOTS = (SeatSpec("bot", "random"), SeatSpec("bot", "random"))


def _match(
    game: str, clock: Clock | None, seats: tuple[SeatSpec, SeatSpec] = HUMANS, **limits: float
) -> Match:
    return Match(
        "m-limits",
        duelhost.load(game),
        1,
        {},
        seats,
        clock,
        SECRET,
        0.0,
        HostLimits(**limits),  # type: ignore[arg-type]
    )


def test_a_match_nobody_touches_ends_as_abandoned_and_is_recorded_so() -> None:
    match = _match("toy_bids", None, idle_seconds=100.0)
    assert match.next_wake() == 100.0
    match.advance(99.0)
    assert match.log == [] and not match.is_over
    step = match.advance(100.0)
    assert types(match) == ["abandon"] and match.is_over
    assert match.result["winner"] is None and "abandoned" in match.result["reason"]
    assert step.frames[None]["is_over"] and step.frames[None]["to_act"] == []
    assert match.record()["result"]["reason"].startswith("abandoned")
    copy = Match.restore(
        match.id, match.game, 1, {}, HUMANS, None, SECRET, 0.0, match.log, match.limits
    )
    assert copy.is_over and copy.result == match.result
    try:
        match.submit(0, "1", 101.0)
    except duelhost.IllegalAction as error:
        assert "over" in str(error)
    else:
        raise AssertionError("a submission to an abandoned match was accepted")


def test_a_human_action_keeps_the_match_alive() -> None:
    match = _match("toy_bids", None, idle_seconds=100.0)
    match.submit(0, "1", 90.0)
    assert match.next_wake() == 190.0
    match.advance(189.0)
    assert not match.is_over
    copy = Match.restore(
        match.id, match.game, 1, {}, HUMANS, None, SECRET, 0.0, match.log, match.limits
    )
    assert copy.next_wake() == 190.0  # rebuilt from the log alike


def test_two_bots_on_fast_ticks_stop_at_the_idle_bound_cheaply() -> None:
    # The finding: 0.05 s ticks, two bots, no tick limit ticked forever.
    match = _match("toy_ticks", Clock("tick", 0.05), BOTS, idle_seconds=600.0)
    match.advance(0.0)
    match.advance(600.0)
    assert match.is_over and types(match)[-1] == "abandon"
    assert len(match.log) < 100  # not 12,000 ticks caught up


def test_every_match_length_is_bounded_by_the_log() -> None:
    match = _match("toy_ticks", TICK, max_log=3)
    for n in range(4):
        match.advance(70.0 + 10 * n)
    assert types(match) == ["tick"] * 3 + ["abandon"]
    assert "3 log entries" in match.result["reason"]


def test_missed_ticks_past_the_catch_up_bound_count_as_one_and_the_schedule_restarts() -> None:
    match = _match("toy_ticks", TICK, max_catch_up=10.0)
    match.advance(70.0 + 10 * 50 + 3)  # down for 50 ticks
    assert types(match) == ["tick"]
    assert match.deadline == 70.0 + 10 * 50 + 3 + 10.0
    copy = restored(match)
    assert copy.deadline == match.deadline and copy.state.to_json() == match.state.to_json()


def test_idempotency_keys_are_kept_within_a_bound() -> None:
    match = _match("toy_ticks", TICK, keys_per_seat=3.0)
    for n in range(10):
        match.submit(0, "wait", 1.0 + n / 100, key=f"k{n}")
    assert sorted(key for seat, key in match._keys if seat == 0) == ["k7", "k8", "k9"]
