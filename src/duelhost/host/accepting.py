"""Accepting a seat's submission: the kernel checks it, the log keeps it with a receipt under a
fresh nonce, and the seat is answered. Tick windows collect order messages, each checked with the
seat's earlier ones. Functions of a ``Match``, kept apart from its event loop.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import IllegalAction, quote, quote_value
from duelhost.core.state import is_resignation, submission_text
from duelhost.host import salts
from duelhost.host.hosted import Hosted, Step
from duelhost.host.messages import Answer, LogEntry

LATE = "this submission is for decision"
"""How the refusal of a submission pinned to a decision that is over begins."""


def late_for(decision: int, now_at: int) -> str:
    """The refusal of a submission made for ``decision`` when the match is at ``now_at``."""
    return f"{LATE} {decision}; the match is at decision {now_at}"


def submit_text(
    match: Hosted, seat: int, text: str, now: float, key: str | None, step: Step, by: str
) -> Answer:
    """A decision's submission checked by the kernel, logged with its receipt, answered."""
    decision = match.state.decision
    canonical = match.state.submit(seat, text)
    if canonical == "resign":  # the kernel took a resignation spelled another way
        match._push(step, LogEntry(type="resign", seat=seat, time=now), now)
        return Answer(accepted=True, receipt=None, text="resign")
    return acknowledge(match, "submit", seat, decision, canonical, now, key, step, by)


def order(
    match: Hosted, seat: int, text: str, now: float, key: str | None, step: Step, by: str
) -> Answer:
    """An order message in a tick window: checked together with the seat's earlier
    messages of the window; the concatenation is what the tick submits."""
    match._check_playing()
    if seat not in match.state.to_act:
        # Let the kernel word the refusal.
        match.state.clone().submit(seat, text)
    separator = match.game.spec.order_separator
    nothing = match.game.spec.no_orders  # the canonical text of "no orders"
    earlier = match._orders.get(seat)
    if not earlier or earlier == nothing:
        combined = text
    elif text.strip().lower() in ("", nothing):
        combined = earlier  # "nothing more" adds nothing to the window's orders
    else:
        combined = f"{earlier}{separator}{text}"
    canonical = match.state.clone().submit(seat, combined)
    decision = match.state.decision
    return acknowledge(match, "order", seat, decision, canonical, now, key, step, by)


def acknowledge(
    match: Hosted,
    kind: str,
    seat: int,
    decision: int,
    canonical: str,
    now: float,
    key: str | None,
    step: Step,
    by: str,
) -> Answer:
    """Log an accepted submission (or tick order) with its receipt, and answer it."""
    # A fresh salt for every submission: a nonce is never handed out twice, even for a
    # submission made again after the disk refused the first one (issue 19).
    salt = salts.fresh()
    number = match.ledger.next_number(decision, seat) if kind == "order" else None
    entry = LogEntry(
        type=kind,
        seat=seat,
        decision=decision,
        text=canonical,
        receipt=match.ledger.receipt(seat, decision, canonical, salt, number),
        time=now,
        by=by,
        salt=salt,
    )
    if number is not None:
        entry["number"] = number
    if key is not None:
        entry["key"] = key
    match._push(step, entry, now)
    return answer_of(match, entry)


def answer_of(match: Hosted, entry: LogEntry) -> Answer:
    """The answer to an accepted submission (what a repeated key gets again)."""
    return Answer(
        accepted=True,
        receipt=entry["receipt"],
        decision=entry["decision"],
        text=entry["text"],
        seq=entry["seq"],
    )


def take(
    match: Hosted,
    seat: int,
    text: Any,
    now: float,
    key: str | None,
    step: Step,
    decision: Any = None,
) -> Answer:
    """A submission's text checked and applied (IllegalAction: refused, nothing changed)."""
    match._check_playing()
    if decision is not None:
        if not isinstance(decision, int) or isinstance(decision, bool) or decision < 0:
            raise IllegalAction(
                f"decision must be a whole number of at least 0, got {quote_value(decision)}"
            )
        if decision != match.state.decision:
            raise IllegalAction(late_for(decision, match.state.decision))
    if is_resignation(submission_text(text)):
        return match._resign(seat, now, step)
    before = len(match.state.history)
    try:
        if match._tick_mode:
            return order(match, seat, text, now, key, step, by="human")
        return submit_text(match, seat, text, now, key, step, by="human")
    except IllegalAction:
        raise
    except Exception as error:
        # A game that fails to read a text (an exception other than IllegalAction while
        # parsing) has changed nothing: refuse the text. If its state did change, that is
        # a bug in the game, and it must not pass as a refusal.
        if len(match.state.history) != before:
            raise
        raise IllegalAction(
            f"illegal submission {quote(text)}: the game cannot read it ({type(error).__name__})"
        ) from None


def apply_tick(match: Hosted) -> None:
    """The tick fires: each owing seat submits the orders it sent in the window (none: the
    game's timeout, MP12)."""
    orders, match._orders = match._orders, {}
    for seat in match.state.to_act:
        text = orders.get(seat)
        if text is None:
            match.state.timeout(seat)  # MP12: no orders for that tick
            continue
        try:
            match.state.submit(seat, text)
        except IllegalAction:
            # Checked when collected against the same state, so this does not happen;
            # if a game ever refuses, the seat has no orders for the tick.
            match.state.timeout(seat)
