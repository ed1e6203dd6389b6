"""Commit, then reveal, in the host: a seat's commitment is logged (a hash, no text), every seat is
told who has committed and when to reveal, and a reveal is accepted only once every seat owing
the decision has committed and only if it hashes to the commitment (``host.commits`` has the
encoding). Until its reveal is accepted a seat may commit again: the newest commitment is the one
it must reveal (a reveal the game refused is corrected that way, issue 32). Functions of a
``Match``, kept apart from its event loop.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import IllegalAction, quote
from duelhost.host import accepting, commits
from duelhost.host.hosted import Hosted, Step
from duelhost.host.messages import Answer, LogEntry


def commit_to(
    match: Hosted, seat: int, value: Any, now: float, key: str | None, step: Step
) -> Answer:
    match._check_playing()
    commitment = commits.check_commitment(value)
    decision = match.state.decision
    if match._tick_mode or len(match.state.to_act) + len(match.state.submitted) < 2:
        raise IllegalAction("commit, then reveal is for decisions both seats make secretly")
    if seat not in match.state.to_act:
        raise IllegalAction(f"seat {seat} has already submitted for decision {decision}")
    # A seat may commit again until its reveal is accepted (issue 32): the new commitment
    # replaces the old one, so a move the game refused at its reveal can be corrected while
    # the clock runs. The seat has seen nothing of the other seat's move meanwhile.
    entry = LogEntry(type="commit", seat=seat, decision=decision, commitment=commitment, time=now)
    if key is not None:
        entry["key"] = key
    match._push(step, entry, now)
    return commit_answer(match, entry)


def commit_answer(match: Hosted, entry: LogEntry) -> Answer:
    return Answer(
        accepted=True,
        receipt=None,
        commitment=entry["commitment"],
        decision=entry["decision"],
        seq=entry["seq"],
    )


def owing_commitments(match: Hosted, decision: int) -> list[int]:
    """Seats of the current decision that have neither committed nor submitted."""
    return [s for s in match.state.to_act if (decision, s) not in match.ledger.commitments]


def reveals_due(match: Hosted, seq: int, decision: int) -> None:
    """Once every seat of a decision has committed or submitted, ask for the reveals."""
    if decision != match.state.decision or match.state.is_over:
        return
    committed = [s for s in match.state.to_act if (decision, s) in match.ledger.commitments]
    if committed and not owing_commitments(match, decision):
        match.book.notice(
            seq, None, {"type": "reveal_requested", "decision": decision, "seats": committed}
        )


def reveal(
    match: Hosted, seat: int, text: Any, nonce: Any, now: float, key: str | None, step: Step
) -> Answer:
    """``seat`` reveals the submission it committed to (``text`` and the client's nonce)."""
    match._check_playing()
    decision = match.state.decision
    committed = match.ledger.commitments.get((decision, seat))
    if committed is None or seat not in match.state.to_act:
        raise IllegalAction(f"seat {seat} has no commitment to reveal for decision {decision}")
    waiting = owing_commitments(match, decision)
    if waiting:
        raise IllegalAction(
            f"reveals open once every seat has committed; waiting for seat {waiting[0]}"
        )
    if not isinstance(text, str):
        raise IllegalAction(f"a submission must be text, got {type(text).__name__}")
    client_nonce = commits.check_nonce(nonce)
    if commits.commitment(match.id, seat, decision, text, client_nonce) != committed:
        raise IllegalAction(f"the reveal {quote(text)} does not match your commitment")
    canonical = match.state.submit(seat, text)
    entry = LogEntry(
        type="submit",
        seat=seat,
        decision=decision,
        text=canonical,
        receipt=committed,
        time=now,
        by="human",
        mode="commit",
        revealed=text,
        nonce=client_nonce,
    )
    if key is not None:
        entry["key"] = key
    match._push(step, entry, now)
    return accepting.answer_of(match, entry)
