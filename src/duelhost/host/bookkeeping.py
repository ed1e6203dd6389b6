"""A match's bookkeeping after each effect, live and in replay alike: the notices it sends
(submitted, committed, timeouts, ticks, reveals, the end), receipts and idempotency keys kept,
and the clock moved on. Functions of a ``Match``, kept apart from its events.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import ConfigError
from duelhost.host import accepting, pausing, reveal
from duelhost.host.hosted import Hosted
from duelhost.host.messages import LogEntry


def notify(match: Hosted, entry: LogEntry, seq: int, decision: int, time: float) -> None:
    """The notices of one effect (and its clock bookkeeping)."""
    kind = entry["type"]
    seat = int(entry.get("seat", -1))  # -1: an entry of no seat (a tick)
    if kind in ("submit", "order"):
        _submitted(match, entry, seq, seat, decision)
        reveal.reveals_due(match, seq, decision)
    elif kind == "commit":
        match.ledger.commitments[(decision, seat)] = entry["commitment"]
        if entry.get("key") is not None:
            match.ledger.remember(seat, entry["key"], reveal.commit_answer(match, entry))
        match.book.notice(seq, None, {"type": "committed", "seat": seat, "decision": decision})
        reveal.reveals_due(match, seq, decision)
    elif kind == "timeout":
        match.book.notice(seq, None, {"type": "timeout", "seat": seat, "decision": decision})
        if entry.get("played") is not None:
            own = {"type": "your_timeout", "seat": seat, "decision": decision}
            match.book.notice(seq, (seat,), {**own, "text": entry["played"]})
        _granted_reveal(match, seq, seat, decision, time)
    elif kind == "tick":
        late = round(time - float(entry["deadline"]), 6)
        match.book.notice(seq, None, {"type": "tick", "decision": decision, "late": late})
    elif kind == "resign":
        match.book.notice(seq, None, {"type": "resign", "seat": seat})
    elif kind == "extend":
        match.timekeeper.extend(seat)
        match.book.notice(seq, None, {"type": "extend", "seat": seat, "deadline": match.deadline})
    elif kind == "start":
        match.started = True
        match.timekeeper.start(time, match.state.to_act)
        match.book.notice(seq, None, {"type": "start"})
    elif kind == "abandon":
        match.abandoned = str(entry["reason"])
    elif kind in pausing.KINDS:
        pausing.note(match, entry, seq, time)
    if kind in ("resign", "extend") or (
        kind in ("submit", "order", "commit") and entry.get("by") != "bot"
    ):
        match.last_touch = time  # a human seat acted (bots' entries say "by": "bot")


def _granted_reveal(match: Hosted, seq: int, seat: int, decision: int, time: float) -> None:
    """After the timeout of a seat that never committed: when every seat still owing the
    decision has committed, they get ``limits.reveal_grace`` seconds from now to reveal,
    and are asked to (replayed from the log alike, so a restarted match has the same
    deadline)."""
    if match._tick_mode or match.timekeeper.reveal_grace or match.clock is None:
        return
    if (decision, seat) in match.ledger.commitments:
        return
    if match.state.decision != decision or match.state.is_over:
        return
    left = match.state.to_act
    if left and all((decision, s) in match.ledger.commitments for s in left):
        match.timekeeper.grant_reveal(time, match.limits.reveal_grace)
        reveal.reveals_due(match, seq, decision)


def _submitted(match: Hosted, entry: LogEntry, seq: int, seat: int, decision: int) -> None:
    if entry["type"] == "order":
        match._orders[seat] = entry["text"]
    receipt = entry["receipt"]
    match.ledger.note(entry)
    if entry.get("key") is not None:
        match.ledger.remember(seat, entry["key"], accepting.answer_of(match, entry))
    if entry.get("by") == "bot":
        match._bots_ordered.add((decision, seat))
    submitted = {"seat": seat, "decision": decision, "receipt": receipt}
    match.book.notice(seq, None, {"type": "submitted", **submitted, "kind": entry["type"]})
    own = {"type": "your_submission", "seat": seat, "decision": decision}
    if entry.get("mode") == "commit":
        # Its receipt is the seat's commitment, over the text as revealed: a page of the
        # seat that did not keep the commitment checks it with the published nonce.
        own.update(mode="commit", revealed=entry["revealed"])
    match.book.notice(seq, (seat,), {**own, "text": entry["text"], "receipt": receipt})


def decision_resolved(match: Hosted, seq: int, decision: int, time: float) -> None:
    for seat in sorted(s for s in (0, 1) if (decision, s) in match.ledger.receipts):
        everyone = match._nonce_public(decision, seat, None) or match.is_over
        match.book.notice(seq, None if everyone else (seat,), _reveal(match, decision, seat))
    if not match.is_over:
        match.timekeeper.start_phase(time, match.state.to_act, match.state.break_seconds())
        return
    if not match.public_submissions:
        for d, s in sorted(match.ledger.receipts):
            if d != decision:
                match.book.notice(seq, None, _reveal(match, d, s))
    match.timekeeper.stop()
    match.book.notice(seq, None, {"type": "over", **match.result})


def _reveal(match: Hosted, decision: int, seat: int) -> dict[str, Any]:
    """The notice publishing a submission's nonce (and, in a tick window, the nonce of
    each of its order messages)."""
    notice: dict[str, Any] = {
        "type": "reveal",
        "decision": decision,
        "seat": seat,
        "nonce": match.ledger.nonce(decision, seat),
    }
    if (decision, seat) in match.ledger.orders:
        notice["nonces"] = match.ledger.order_nonces(decision, seat)
    return notice


def replay(match: Hosted, entry: LogEntry) -> None:
    """One stored entry applied again (``Match.restore``): its effect on the kernel state, then
    the bookkeeping shared with live events."""
    if entry["seq"] != len(match.log) + 1:
        raise ConfigError(f"match {match.id}: log entry {entry['seq']} out of order")
    kind, time = entry["type"], float(entry["time"])
    seat = int(entry.get("seat", -1))
    if kind == "submit":
        match.state.submit(seat, entry["text"])
    elif kind == "tick":
        accepting.apply_tick(match)
    elif kind == "timeout":
        match.state.timeout(seat)
    elif kind == "resign":
        match.state.resign(seat)
    elif kind not in ("order", "extend", "commit", "abandon", "start", *pausing.KINDS):
        # ``order`` and ``extend`` take effect in _bookkeep, live and in replay alike.
        raise ConfigError(f"match {match.id}: unknown log entry type {kind!r}")
    match._bookkeep(entry, int(entry.get("decision", match.state.decision)), time)
