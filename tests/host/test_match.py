"""The sans-I/O host: deadlines, exactly-once timeouts, extended time (TG9), turn clocks, tick
windows, receipts and nonces, idempotency, bots, resignation and rebuilding from the log.

Every time is passed in: nothing here sleeps.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import pytest

import duelhost
from duelhost.host import Clock, Match, SeatSpec
from duelhost.host import receipts as receipts_module
from tests.host.helpers import SECRET, make, restored, types

MOVE10 = Clock("move", 10.0)


# ------------------------------------------------------------------ move clocks


def test_first_deadline_is_creation_plus_seconds() -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    assert match.deadline == 1010.0  # 1000 + 10


def test_submission_just_before_the_deadline_is_accepted() -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    step = match.submit(0, "2", 1009.999)
    assert step.answer is not None and step.answer["accepted"]
    assert types(match) == ["submit"]


def test_at_the_deadline_only_the_missing_seat_times_out_go3() -> None:
    """Seat 0 bid 2 in time; seat 1 said nothing: at 1010 seat 1 times out (a bid of 0 in the
    toy, as GO3's fleet of size 0), seat 0's bid stands: seat 0 wins the round 2 > 0."""
    match = make("toy_bids", MOVE10, created=1000.0)
    match.submit(0, "2", 1003.0)
    match.advance(1010.0)
    assert types(match) == ["submit", "timeout"]
    assert match.log[1]["seat"] == 1
    assert match.state.view(None)["shown"] == [[2, 0]]
    assert match.state.view(None)["points"] == [1, 0]


def test_next_decision_gets_full_time_from_when_the_last_resolved() -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    match.submit(0, "2", 1003.0)
    match.submit(1, "1", 1004.5)
    assert match.deadline == 1014.5  # decision 1 started at 1004.5: 1004.5 + 10


def test_timeout_fires_exactly_once_however_often_time_is_checked() -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    for now in (1010.0, 1010.0, 1010.5, 1015.0):
        match.advance(now)
    # The deadline at 1010 timed out both seats once; decision 1 started at 1010 (deadline 1020).
    assert types(match) == ["timeout", "timeout"]
    assert match.deadline == 1020.0


def test_a_submission_racing_the_deadline_comes_after_the_timeout() -> None:
    """Seat 0's bid arrives at 1010.0, the deadline itself: the timeout of decision 0 applies
    first (both seats, exactly once), then the bid counts for decision 1."""
    match = make("toy_bids", MOVE10, created=1000.0)
    step = match.submit(0, "3", 1010.0)
    assert [e["type"] for e in step.entries] == ["timeout", "timeout", "submit"]
    assert step.entries[2]["decision"] == 1
    assert match.state.view(None)["shown"] == [[0, 0]]
    match.advance(1010.0)  # a late timer for the old deadline does nothing
    assert types(match) == ["timeout", "timeout", "submit"]


def test_refused_submission_after_a_deadline_keeps_the_fired_timeout() -> None:
    """The timeout's effects are real even when the racing submission is then refused."""
    match = make("toy_bids", MOVE10, created=1000.0)
    with pytest.raises(duelhost.IllegalAction, match="bid one of"):
        match.submit(0, "7", 1012.0)
    assert types(match) == ["timeout", "timeout"]
    assert match.refused is not None and len(match.refused.entries) == 2


def test_a_many_deadline_gap_times_out_each_decision_once() -> None:
    """Server down from 1000 to 1100 with a 10 s clock: decision 0 times out at the first check
    (1100), then decision 1 starts at 1100 with a fresh 10 s; nothing else fires."""
    match = make("toy_bids", MOVE10, created=1000.0)
    match.advance(1100.0)
    assert types(match) == ["timeout", "timeout"]
    assert match.deadline == 1110.0


def test_untimed_matches_never_time_out() -> None:
    match = make("toy_bids", None)
    match.advance(10**9)
    # No timeout ever; only the server's end of untouched matches (issue 16, point 5).
    assert types(match) == ["abandon"] and match.deadline is None


def test_match_end_clears_the_deadline() -> None:
    match = make("toy_bids", MOVE10, created=0.0)
    for t in (1.0, 2.0, 3.0):  # three rounds, bids 1, 2, 3 each
        match.submit(0, str(int(t)), t)
        match.submit(1, str(int(t)), t)
    assert match.is_over and match.deadline is None
    match.advance(10**6)
    assert len(match.log) == 6


# ------------------------------------------------------------------ extended time (TG9)

TG = Clock("move", 300.0, extended_seconds=600.0, extensions=1)


def test_extended_time_makes_the_current_phase_ten_minutes_for_both_tg9() -> None:
    match = make("toy_bids", TG, created=0.0)
    assert match.deadline == 300.0
    step = match.extend(1, 250.0)
    assert step.answer == {"accepted": True, "deadline": 600.0}  # phase start 0 + 600
    match.advance(450.0)  # past the old 300 s deadline: nothing fires
    assert types(match) == ["extend"]
    match.submit(0, "1", 590.0)
    match.submit(1, "1", 599.0)
    assert match.deadline == 899.0  # the next phase is back to 5 minutes: 599 + 300


def test_extended_time_once_per_player_per_match_tg9() -> None:
    match = make("toy_bids", TG, created=0.0)
    match.extend(0, 10.0)
    with pytest.raises(duelhost.IllegalAction, match="current phase already has extended time"):
        match.extend(1, 11.0)
    match.submit(0, "1", 20.0)
    match.submit(1, "1", 21.0)
    with pytest.raises(duelhost.IllegalAction, match="seat 0 has already called extended time"):
        match.extend(0, 22.0)
    assert match.extend(1, 23.0).answer == {"accepted": True, "deadline": 621.0}  # 21 + 600
    assert match.extensions_left == [0, 0]


def test_extended_time_needs_a_clock_that_has_it() -> None:
    with pytest.raises(duelhost.IllegalAction, match="no extended time"):
        make("toy_bids", MOVE10).extend(0, 1000.0)
    with pytest.raises(duelhost.IllegalAction, match="no extended time"):
        make("toy_bids", None).extend(0, 1000.0)


# ------------------------------------------------------------------ turn clocks (TA7)


def test_turn_clock_shares_one_deadline_across_a_turns_decisions_ta7() -> None:
    """toy_turns with 2 numbers a turn: seat 0 acts in decisions 0 and 1 under one 30 s
    deadline (0 + 30), seat 1's turn starts when it must act (at 25: deadline 55)."""
    match = make("toy_turns", Clock("turn", 30.0), created=0.0, moves=2)
    match.submit(0, "1", 5.0)
    assert match.deadline == 30.0
    match.advance(30.0)  # seat 0's second number times out at the turn's deadline
    assert types(match) == ["submit", "timeout"]
    assert match.state.to_act == (1,)
    assert match.deadline == 60.0  # seat 1's turn started at 30


def test_move_clock_gives_each_decision_its_own_time_ge9() -> None:
    match = make("toy_turns", Clock("move", 20.0), created=0.0, moves=2)
    match.submit(0, "1", 5.0)
    assert match.deadline == 25.0  # 5 + 20: the second move of the turn has its own 20 s


# ------------------------------------------------------------------ tick windows

TICK = Clock("tick", 10.0, planning_seconds=60.0)


def test_first_tick_comes_after_planning_plus_one_tick() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    assert match.deadline == 70.0  # 60 s planning + first tick 10 s after the start


def test_orders_accepted_several_times_in_a_window_are_processed_together() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    match.submit(0, "+1", 5.0)
    second = match.submit(0, "+2; +3", 40.0)
    assert second.answer is not None and second.answer["text"] == "+1; +2; +3"
    assert match.state.history == ()  # nothing reaches the game before the tick
    match.advance(70.0)
    # Seat 0's three orders add 1 + 2 + 3 = 6 at tick 1; seat 1 sent none (no orders, MP12).
    assert match.state.view(None)["totals"] == [6, 0]
    history = list(match.state.history)
    assert [entry.kind for entry in history] == ["submit", "timeout"]
    assert history[0].text == "+1; +2; +3"
    assert match.deadline == 80.0


def test_an_order_that_breaks_the_window_total_is_refused_and_changes_nothing() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    match.submit(0, "+5", 1.0)
    with pytest.raises(duelhost.IllegalAction, match="orders add 14; at most 9 a tick"):
        match.submit(0, "+9", 2.0)  # 5 + 9 = 14 > 9
    assert types(match) == ["order"]
    match.advance(70.0)
    assert match.state.view(None)["totals"] == [5, 0]


def test_orders_pinned_to_a_window_that_closed_are_refused_not_moved_to_the_next() -> None:
    """Seat 0 chose +5 in window 0 and +8 in window 1; the +5 arrives after tick 1 (70 s), so
    without the pin it would land in window 1 and, with the +8, break its total of 9."""
    match = make("toy_ticks", TICK, created=0.0)
    match.advance(70.0)  # tick 1: the match is at decision 1
    assert match.state.decision == 1
    with pytest.raises(
        duelhost.IllegalAction,
        match="this submission is for decision 0; the match is at decision 1",
    ):
        match.submit(0, "+5", 71.0, key="late", decision=0)
    assert types(match) == ["tick"]  # nothing was taken, the key included
    match.submit(0, "+8", 72.0, decision=1)
    match.advance(80.0)
    assert match.state.view(None)["totals"] == [8, 0]


@pytest.mark.parametrize("decision", [-1, "0", True, 0.0])
def test_a_decision_pin_that_is_not_a_whole_number_is_refused(decision: Any) -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    with pytest.raises(duelhost.IllegalAction, match="decision must be a whole number"):
        match.submit(0, "2", 1001.0, decision=decision)
    assert types(match) == []
    step = match.submit(0, "2", 1002.0, decision=0)  # the right decision: taken
    assert step.answer is not None and step.answer["accepted"]


def test_ticks_keep_their_schedule_and_lateness_is_measured() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    match.advance(70.25)  # tick 1, 0.25 s late
    match.advance(80.0)  # tick 2 exactly on time (70 + 10), not 70.25 + 10
    assert [e["deadline"] for e in match.log] == [70.0, 80.0]
    assert list(match.tick_lateness) == [0.25, 0.0]


def test_missed_ticks_fire_at_once_each_exactly_once() -> None:
    """Down from 0 to 105: ticks due at 70, 80, 90, 100 all fire at 105, once each."""
    match = make("toy_ticks", TICK, created=0.0)
    match.advance(105.0)
    assert types(match) == ["tick"] * 4
    assert match.state.view(None)["tick"] == 4
    assert match.deadline == 110.0


def test_a_tick_bot_orders_once_per_window() -> None:
    match = make(
        "toy_ticks", TICK, created=0.0, seats=(SeatSpec("human"), SeatSpec("bot", "random"))
    )
    match.advance(0.0)
    match.advance(1.0)
    assert types(match) == ["order"]
    match.advance(70.0)
    assert types(match) == ["order", "tick", "order"]


# ------------------------------------------------------------------ receipts and nonces


def test_receipt_is_sha256_of_the_json_fields_with_the_nonce() -> None:
    match = make("toy_bids", None)
    step = match.submit(0, " 2* ", 1.0)
    salt = match.log[-1]["salt"]
    assert len(salt) == 32 and int(salt, 16) >= 0  # 128 random bits, stored with the entry
    nonce = hmac.new(SECRET, f"nonce:0:0:{salt}".encode(), hashlib.sha256).hexdigest()[:32]
    payload = json.dumps(["m-test", 0, 0, "2*", nonce], separators=(",", ":"))
    assert step.answer is not None
    assert step.answer["receipt"] == hashlib.sha256(payload.encode()).hexdigest()
    assert step.answer["text"] == "2*"  # the canonical text, not what was typed


def test_nonces_differ_per_seat_and_decision_and_are_stable() -> None:
    values = {receipts_module.nonce(SECRET, d, s) for d in range(3) for s in (0, 1)}
    assert len(values) == 6
    assert receipts_module.nonce(SECRET, 2, 1) == receipts_module.nonce(SECRET, 2, 1)
    assert len(receipts_module.nonce(SECRET, 0, 0)) == 32  # 16 bytes hex


def test_a_submission_made_again_after_a_lost_one_gets_a_fresh_nonce() -> None:
    """Issue 19: the disk refused a submission, the match was rebuilt from what it holds, and
    the seat submits again for the same decision: the nonce must not be the one already
    handed out with the lost submission's receipt."""
    match = make("toy_bids", None)
    lost = match.submit(0, "2", 1.0).answer
    stored = [dict(entry) for entry in match.log[:-1]]  # the disk never got the last entry
    rebuilt = Match.restore(
        match.id, match.game, match.seed, match.setup, match.seats, None, SECRET, 1000.0, stored
    )
    again = rebuilt.submit(0, "2", 2.0).answer
    assert lost is not None and again is not None
    assert again["receipt"] != lost["receipt"]
    assert rebuilt.ledger.nonce(0, 0) != match.ledger.nonce(0, 0)
    # and a restore from the stored log gives the same nonce again (it is in the log's salt)
    assert restored(rebuilt).ledger.nonce(0, 0) == rebuilt.ledger.nonce(0, 0)


def test_every_order_message_of_a_tick_window_has_its_own_checkable_receipt() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    answers = [match.submit(0, text, 1.0 + n).answer for n, text in enumerate(["+1", "+2"])]
    for tick in (70.0, 80.0, 90.0, 100.0, 110.0):  # the five ticks: over, nonces published
        match.advance(tick)
    assert match.is_over
    record = match.record()
    entry = next(e for e in record["history"] if e["seat"] == 0 and e["kind"] == "submit")
    orders = entry["orders"]
    assert [o["number"] for o in orders] == [0, 1]
    assert [o["receipt"] for o in orders] == [a["receipt"] for a in answers if a]
    assert entry["receipt"] == orders[-1]["receipt"]
    for order in orders:  # [match, seat, decision, text so far, nonce, number], by hand
        payload = json.dumps(
            ["m-test", 0, 0, order["text"], order["nonce"], order["number"]],
            separators=(",", ":"),
        )
        assert hashlib.sha256(payload.encode()).hexdigest() == order["receipt"]
    assert orders[0]["nonce"] != orders[1]["nonce"]


def test_a_finished_tick_match_record_verifies() -> None:
    """The entry of a tick window carries its last order message's receipt, whose hash holds
    the message's number: ``verify`` must check it with that number (it did not, and every
    finished Multiplanetary record failed with "the receipt does not match")."""
    from duelhost.cli.commands.verify import verify_record

    match = make("toy_ticks", TICK, created=0.0)
    match.submit(0, "+1", 1.0)
    match.submit(0, "+2", 2.0)
    match.submit(1, "+3", 3.0)
    for tick in (70.0, 80.0, 90.0, 100.0, 110.0):
        match.advance(tick)
    assert match.is_over
    record = match.record()
    _checked, problems = verify_record(record)
    assert problems == []
    forged = json.loads(json.dumps(record))
    entry = next(e for e in forged["history"] if e["seat"] == 0 and e["kind"] == "submit")
    entry["text"] = "+3"  # the orders' receipts untouched: the entry's own check catches it
    _checked, problems = verify_record(forged)
    assert any("the receipt does not match '+3'" in problem for problem in problems), problems


def _events(frame: dict[str, Any]) -> list[dict[str, Any]]:
    events = frame["events"]
    assert isinstance(events, list)
    return events


def test_opponent_learns_only_that_a_seat_submitted_and_its_receipt() -> None:
    match = make("toy_bids", None)
    step = match.submit(0, "2*", 1.0)
    for recipient in (1, None):
        frame = step.frames[recipient]
        assert [e["type"] for e in _events(frame)] == ["submitted"]
        shown = {k: v for k, v in frame.items() if k != "legal"}  # seat 1's own choices
        assert "2*" not in json.dumps(shown)
        assert "pending" not in frame["view"] and frame["view"]["submitted"] == [0]
    assert [e["type"] for e in _events(step.frames[0])] == ["submitted", "your_submission"]
    assert step.frames[0]["view"]["pending"] == "2*"


def test_frames_to_others_do_not_depend_on_the_pending_submission() -> None:
    """Non-interference: whatever seat 0 bids, seat 1's and a spectator's frames are the same
    apart from the receipt (a hash that reveals nothing without the nonce)."""
    seen: dict[int | None, set[str]] = {}
    for text in ("1", "2", "3*"):
        match = make("toy_bids", MOVE10)
        step = match.submit(0, text, 1001.0)
        for recipient in (1, None):
            frame = json.loads(json.dumps(step.frames[recipient]))
            for event in frame["events"]:
                event.pop("receipt", None)
            seen.setdefault(recipient, set()).add(json.dumps(frame, sort_keys=True))
    assert all(len(frames) == 1 for frames in seen.values())


def test_private_games_publish_a_nonce_to_its_owner_at_the_reveal_and_to_all_at_the_end() -> None:
    """toy_bids keeps a private star (as WD11's disguise), so the opponent gets nonces only
    at the end; otherwise it could test the few possible texts against the receipt."""
    match = make("toy_bids", None)
    match.submit(0, "1*", 1.0)
    step = match.submit(1, "2", 2.0)

    def reveals(recipient: int | None) -> list[int]:
        return [e["seat"] for e in _events(step.frames[recipient]) if e["type"] == "reveal"]

    assert reveals(0) == [0] and reveals(1) == [1] and reveals(None) == []
    match.submit(0, "2", 3.0)
    match.submit(1, "1", 4.0)
    match.submit(0, "3", 5.0)
    last = match.submit(1, "3", 6.0)
    # At the end every nonce of every decision is public: 3 decisions x 2 seats = 6.
    published = [e for e in _events(last.frames[None]) if e["type"] == "reveal"]
    assert len(published) == 6


def test_public_games_publish_both_nonces_at_the_reveal() -> None:
    match = make("toy_bids", None)
    match.public_submissions = True
    match.submit(0, "1", 1.0)
    step = match.submit(1, "2", 2.0)
    for recipient in (0, 1, None):
        assert sorted(
            e["seat"] for e in _events(step.frames[recipient]) if e["type"] == "reveal"
        ) == [0, 1]


def test_record_holds_times_receipts_and_published_nonces_that_check() -> None:
    match = make("toy_bids", MOVE10, created=0.0)
    match.submit(0, "1", 1.0)
    match.submit(1, "2*", 2.0)
    match.advance(12.0)  # decision 1 times out at 2 + 10
    match.submit(0, "3", 13.0)
    match.submit(1, "3", 14.0)
    record = match.record()
    assert [h["time"] for h in record["history"]] == [1.0, 2.0, 12.0, 12.0, 13.0, 14.0]
    assert [h["kind"] for h in record["history"]] == [
        "submit",
        "submit",
        "timeout",
        "timeout",
        "submit",
        "submit",
    ]
    for item in record["history"]:
        if item["kind"] == "submit":
            assert receipts_module.check(
                "m-test",
                item["seat"],
                item["decision"],
                item["text"],
                item["nonce"],
                item["receipt"],
            )
    replayed = duelhost.load_record(record)
    assert replayed.to_json() == match.state.to_json()


# ------------------------------------------------------------------ keys, bots, resign, restore


def test_a_repeated_key_gets_the_first_answer() -> None:
    match = make("toy_bids", None)
    first = match.submit(0, "2", 1.0, key="k1")
    again = match.submit(0, "3", 2.0, key="k1")
    assert again.answer == first.answer and again.entries == []
    assert len(match.log) == 1
    with pytest.raises(duelhost.IllegalAction, match="bid one of"):
        match.submit(1, "9", 3.0, key="k2")
    # A refusal is not kept (issue 16, point 5): the retry is judged afresh.
    assert match.submit(1, "1", 4.0, key="k2").answer["accepted"]  # type: ignore[index]
    assert (1, "k2") in match._keys and len(match.log) == 2


def test_second_submission_for_the_same_decision_is_refused() -> None:
    match = make("toy_bids", None)
    match.submit(0, "2", 1.0)
    with pytest.raises(duelhost.IllegalAction, match="already submitted"):
        match.submit(0, "3", 2.0)


def test_bot_seat_plays_by_itself() -> None:
    match = make("toy_turns", None, seats=(SeatSpec("bot", "random"), SeatSpec("bot", "random")))
    match.advance(0.0)
    assert match.is_over and len(match.log) == 6  # 3 rounds x 2 seats x 1 number


def test_resignation_ends_the_match_for_the_other_seat() -> None:
    match = make("toy_bids", MOVE10)
    match.submit(0, "1", 1001.0)
    match.resign(1, 1002.0)
    assert match.is_over and match.state.winner == 0 and match.deadline is None
    with pytest.raises(duelhost.IllegalAction, match="the match is over"):
        match.resign(0, 1003.0)


def test_rebuilding_from_the_log_gives_the_same_match() -> None:
    match = make("toy_bids", TG, created=0.0)
    match.submit(0, "1*", 10.0)
    match.extend(0, 20.0)
    match.advance(600.0)
    match.submit(1, "3", 610.0, key="x")
    copy = restored(match)
    assert copy.state.to_json() == match.state.to_json()
    assert copy.deadline == match.deadline and copy.extensions_left == match.extensions_left
    assert copy.record() == match.record()
    assert copy.submit(1, "1", 611.0, key="x").answer == match._keys[(1, "x")]


def test_rebuilding_a_tick_match_keeps_the_window_orders() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    match.submit(0, "+4", 3.0)
    match.advance(70.0)
    match.submit(1, "+2", 71.0)
    copy = restored(match)
    assert copy.deadline == 80.0
    copy.advance(80.0)
    match.advance(80.0)
    assert copy.state.to_json() == match.state.to_json()
    assert copy.state.view(None)["totals"] == [4, 2]


def test_frames_since_gives_missed_frames_or_a_full_frame() -> None:
    match = make("toy_bids", None)
    match.submit(0, "1", 1.0)
    match.submit(1, "2", 2.0)
    match.submit(0, "3", 3.0)
    missed = match.frames_since(1, 1, 4.0)
    assert [f["n"] for f in missed] == [2, 3] and all(f["kind"] == "update" for f in missed)
    assert match.frames_since(1, 3, 4.0) == []
    full = match.frames_since(1, -1, 4.0)
    assert len(full) == 1 and full[0]["kind"] == "full" and full[0]["n"] == 3
    copy = restored(match)  # after a restart the buffer is empty: a full frame
    assert [f["kind"] for f in copy.frames_since(1, 1, 4.0)] == ["full"]


def test_wait_in_a_window_adds_nothing_and_is_replaced_by_orders() -> None:
    match = make("toy_ticks", TICK, created=0.0)
    match.submit(0, "wait", 1.0)
    assert match.submit(0, "+2", 2.0).answer["text"] == "+2"  # type: ignore[index]
    assert match.submit(0, "wait", 3.0).answer["text"] == "+2"  # type: ignore[index]
    match.advance(70.0)
    assert match.state.view(None)["totals"] == [2, 0]


def test_text_that_is_not_unicode_is_refused() -> None:
    match = make("toy_bids", None)
    with pytest.raises(duelhost.IllegalAction, match="not valid Unicode text"):
        match.submit(0, "2\ud800", 1.0)
    with pytest.raises(duelhost.IllegalAction, match="must be text"):
        match.submit(0, 2, 1.0)
    assert match.log == []


def test_turn_clock_gives_each_simultaneous_decision_its_own_time_ta7() -> None:
    """/TACTIC/'s faction and King choices are simultaneous decisions: under a turn clock each
    gets the full time (toy_bids stands in: decision 1 starts at 4, deadline 4 + 30)."""
    match = make("toy_bids", Clock("turn", 30.0), created=0.0)
    match.submit(0, "1", 2.0)
    match.submit(1, "1", 4.0)
    assert match.deadline == 34.0


def test_a_text_the_game_cannot_read_is_refused_and_changes_nothing() -> None:
    """A game whose parser raises something other than IllegalAction (a bug, or ``int()`` of
    thousands of digits) has changed nothing: the host refuses the text like any other."""
    match = make("toy_bids", MOVE10, created=1000.0)

    def broken(seat: int, text: str) -> Any:
        raise KeyError(text)

    match.state._parse = broken  # type: ignore[method-assign]
    with pytest.raises(duelhost.IllegalAction, match="the game cannot read it"):
        match.submit(0, "2", 1001.0, key="k")
    assert match.log == [] and match.state.submitted == ()
    # The refusal is not kept: the retry is refused again on its own.
    with pytest.raises(duelhost.IllegalAction, match="the game cannot read it"):
        match.submit(0, "2", 1001.5, key="k")


def test_a_game_that_fails_after_changing_its_state_is_not_passed_off_as_a_refusal() -> None:
    match = make("toy_bids", MOVE10, created=1000.0)
    real = match.state._accept

    def half(entry: Any, action: Any) -> None:
        real(entry, action)
        raise RuntimeError("resolution bug")

    match.state._accept = half  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="resolution bug"):
        match.submit(0, "2", 1001.0)
