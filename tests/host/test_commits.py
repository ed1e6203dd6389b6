"""Commit, then reveal (issue 19, point 1) in the sans-I/O host, on the toy bidding game:
seats send hashes first, texts only once both have committed; the host checks each reveal
against its commitment, and a seat that does not reveal in time gets the game's timeout rule.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import duelhost
from duelhost.cli.commands.verify import check_record
from duelhost.host import Clock
from tests.host.helpers import make, restored

NONCE = ["0123456789abcdef" * 2, "fedcba9876543210" * 2]


def digest(seat: int, decision: int, text: str, nonce: str, match: str = "m-test") -> str:
    """The commitment, written out by hand from the documented encoding."""
    payload = json.dumps(["duelhost-commit-v1", match, seat, decision, text, nonce])
    payload = payload.replace(", ", ",")  # no spaces: separators=(",", ":")
    return hashlib.sha256(payload.encode()).hexdigest()


def notices(step: object, recipient: int | None = None) -> list[str]:
    frame = step.frames[recipient]  # type: ignore[attr-defined]
    return [event["type"] for event in frame["events"]]


def test_both_commit_then_reveal_and_the_round_resolves() -> None:
    match = make("toy_bids", None)
    first = match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    assert first.answer is not None and first.answer["commitment"] == digest(0, 0, "2", NONCE[0])
    assert notices(first, 1) == ["committed"]
    # Nothing of the move is anywhere yet: the log holds a hash, the kernel nothing.
    assert "text" not in match.log[-1] and match.state.submitted == ()
    with pytest.raises(duelhost.IllegalAction, match="waiting for seat 1"):
        match.submit(0, "2", 2.0, nonce=NONCE[0])
    second = match.commit(1, digest(1, 0, "3", NONCE[1]), 3.0)
    assert notices(second, None) == ["committed", "reveal_requested"]
    with pytest.raises(duelhost.IllegalAction, match="does not match your commitment"):
        match.submit(0, "3", 4.0, nonce=NONCE[0])  # not what seat 0 committed to
    match.submit(0, "2", 5.0, nonce=NONCE[0])
    assert match.state.decision == 0  # seat 1 has not revealed
    match.submit(1, "3", 6.0, nonce=NONCE[1])
    assert match.state.decision == 1
    assert [entry["type"] for entry in match.log] == ["commit", "commit", "submit", "submit"]
    # The revealed nonce is the published one: the receipt is the commitment.
    assert match.ledger.nonce(0, 0) == NONCE[0]
    assert restored(match).ledger.nonce(0, 1) == NONCE[1]


def test_commitments_are_checked_for_form_and_place() -> None:
    match = make("toy_bids", None)
    with pytest.raises(duelhost.IllegalAction, match="64 lowercase hex digits"):
        match.commit(0, "ABC", 1.0)
    with pytest.raises(duelhost.IllegalAction, match="no commitment to reveal"):
        match.submit(0, "2", 1.0, nonce=NONCE[0])
    match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    match.commit(1, digest(1, 0, "1", NONCE[1]), 2.0)
    with pytest.raises(duelhost.IllegalAction, match="32 lowercase hex digits"):
        match.submit(0, "2", 3.0, nonce="xyz")
    turns = make("toy_turns", None)
    with pytest.raises(duelhost.IllegalAction, match="both seats make secretly"):
        turns.commit(0, digest(0, 0, "1", NONCE[0]), 1.0)


def test_a_seat_that_does_not_reveal_in_time_gets_the_timeout_rule() -> None:
    match = make("toy_bids", Clock("move", 10.0), created=0.0)
    match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    match.commit(1, digest(1, 0, "3", NONCE[1]), 2.0)
    match.submit(1, "3", 3.0, nonce=NONCE[1])
    match.advance(10.5)  # the deadline passes with seat 0's reveal missing
    assert [entry["type"] for entry in match.log][-1] == "timeout"
    assert match.state.history[-1].kind == "timeout" and match.state.history[-1].seat == 0
    # its commitment stays in the record
    assert match.record()["commitments"][0] == {
        "seat": 0,
        "decision": 0,
        "commitment": digest(0, 0, "2", NONCE[0]),
    }


def test_a_match_in_commit_mode_verifies() -> None:
    match = make("toy_bids", None, rounds=2)
    for decision, (a, b) in enumerate([("2", "1"), ("3", "2")]):
        match.commit(0, digest(0, decision, a, NONCE[0]), 1.0)
        match.commit(1, digest(1, decision, b, NONCE[1]), 1.0)
        match.submit(0, a, 1.0, nonce=NONCE[0])
        match.submit(1, b, 1.0, nonce=NONCE[1])
    assert match.is_over
    record = match.record()
    assert [e["mode"] for e in record["history"]] == ["commit"] * 4
    assert check_record(record).problems == []
    record["history"][2]["revealed"] = "1"
    assert any("does not match its commitment" in p for p in check_record(record).problems)


def test_a_seat_that_committed_may_reveal_after_the_other_seat_timed_out() -> None:
    """Seat 0 commits; seat 1 never does. At the deadline only seat 1 times out: seat 0 could
    not reveal before, so it is asked to now and gets ``reveal_grace`` seconds; its move
    stands. A restart in between keeps the same reveal deadline."""
    match = make("toy_bids", Clock("move", 10.0), created=0.0)
    match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    step = match.advance(10.5)
    assert [(e["type"], e.get("seat")) for e in match.log] == [("commit", 0), ("timeout", 1)]
    assert "reveal_requested" in notices(step, 0)
    assert match.deadline == 10.5 + match.limits.reveal_grace
    assert restored(match).deadline == match.deadline
    match.submit(0, "2", 12.0, nonce=NONCE[0])
    assert match.state.decision == 1  # resolved with seat 0's move and seat 1's timeout
    revealed = [e for e in match.record()["history"] if e["seat"] == 0]
    assert revealed[0]["mode"] == "commit" and revealed[0]["text"] == "2"
    assert match.deadline == 12.0 + 10.0  # the next decision gets its full time


def test_a_seat_that_does_not_reveal_in_its_grace_times_out() -> None:
    """The grace counts from when the timeout was applied: a server that comes back late (the
    deadline long past) still gives the committed seat its time to reveal."""
    match = make("toy_bids", Clock("move", 10.0), created=0.0)
    match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    late = 10.0 + match.limits.reveal_grace + 5.0
    match.advance(late)
    assert [(e["type"], e.get("seat")) for e in match.log] == [("commit", 0), ("timeout", 1)]
    assert match.deadline == late + match.limits.reveal_grace
    match.advance(late + match.limits.reveal_grace)
    assert [(e["type"], e.get("seat")) for e in match.log][-1] == ("timeout", 0)
    assert match.state.decision == 1


def test_no_grace_when_every_seat_committed_in_time() -> None:
    """Both seats committed: reveals were open before the deadline, so nobody is spared."""
    match = make("toy_bids", Clock("move", 10.0), created=0.0)
    match.commit(0, digest(0, 0, "2", NONCE[0]), 1.0)
    match.commit(1, digest(1, 0, "3", NONCE[1]), 2.0)
    step = match.advance(10.5)
    assert [e["type"] for e in match.log] == ["commit", "commit", "timeout", "timeout"]
    assert "reveal_requested" not in notices(step, 0)
    assert match.state.decision == 1


def test_a_refused_reveal_is_corrected_by_committing_again() -> None:
    """Issue 32: a reveal the game refuses (a bid of 9 with cards 1-3) leaves the decision
    open; the seat commits again, the new commitment replaces the old one (the record keeps
    the one revealed), and the corrected move is revealed and played."""
    match = make("toy_bids", None)
    match.commit(0, digest(0, 0, "9", NONCE[0]), 1.0)
    match.commit(1, digest(1, 0, "1", NONCE[1]), 2.0)
    match.submit(1, "1", 3.0, nonce=NONCE[1])
    with pytest.raises(duelhost.IllegalAction, match="already submitted"):
        match.commit(1, digest(1, 0, "3", NONCE[1]), 3.5)  # revealed: its move stands
    with pytest.raises(duelhost.IllegalAction):
        match.submit(0, "9", 4.0, nonce=NONCE[0])
    assert match.state.decision == 0 and match.state.to_act == (0,)
    again = match.commit(0, digest(0, 0, "2", NONCE[1]), 5.0)
    assert "reveal_requested" in notices(again, 0)
    with pytest.raises(duelhost.IllegalAction, match="does not match your commitment"):
        match.submit(0, "9", 6.0, nonce=NONCE[0])  # the old commitment holds nothing now
    match.submit(0, "2", 7.0, nonce=NONCE[1])
    assert match.state.decision == 1
    assert match.record()["commitments"][0]["commitment"] == digest(0, 0, "2", NONCE[1])
    assert restored(match).state.decision == 1
