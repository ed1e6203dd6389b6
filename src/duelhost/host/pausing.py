"""An event host's hand on a match (issue 31): pause and resume its clocks, adjudicate it.

Each is a log entry with its time, applied alike live and in replay (``bookkeeping``):

- ``pause``: the clocks stop (the time left to the deadline is kept), nothing can be submitted
  and no bot acts, and the idle abandonment waits;
- ``resume``: the clocks go on with the time that was left; the idle abandonment counts from
  the resumption;
- ``adjudicate``: the match ends with the host's result (``winner`` 0, 1 or None for a draw)
  and reason; the record's ``ended`` says so and ``duelhost verify`` reports it.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.errors import IllegalAction
from duelhost.host.hosted import Hosted, Step
from duelhost.host.messages import Answer, LogEntry

KINDS = ("pause", "resume", "adjudicate")
MAX_REASON = 500


def act(match: Hosted, kind: str, now: float, fields: dict[str, Any], step: Step) -> Answer:
    """The host's ``pause``, ``resume`` or ``adjudicate`` (``fields``: ``winner``, ``reason``)
    at ``now``: IllegalAction (nothing changed) when it does not apply."""
    if match.is_over:
        raise IllegalAction("the match is over: it cannot be paused, resumed or adjudicated")
    paused = match.paused_at is not None
    if kind == "pause":
        if not match.started:
            raise IllegalAction("the match has not started: there is no clock to pause")
        if paused:
            raise IllegalAction("the match is paused already")
        entry = LogEntry(type="pause", time=now)
    elif kind == "resume":
        if not paused:
            raise IllegalAction("the match is not paused")
        entry = LogEntry(type="resume", time=now)
    elif kind == "adjudicate":
        entry = _adjudication(fields, now)
    else:
        raise IllegalAction(f"unknown host action {kind!r}: use one of {', '.join(KINDS)}")
    match._push(step, entry, now)
    return Answer(accepted=True)


def _adjudication(fields: dict[str, Any], now: float) -> LogEntry:
    winner, reason = fields.get("winner"), fields.get("reason")
    if winner not in (0, 1, None) or isinstance(winner, bool):
        raise IllegalAction(
            f"an adjudication's winner is seat 0, seat 1 or null (a draw), not {winner!r}"
        )
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        raise IllegalAction(f"an adjudication needs a reason (1 to {MAX_REASON} characters)")
    return LogEntry(type="adjudicate", winner=winner, reason=reason.strip(), time=now)


def note(match: Hosted, entry: LogEntry, seq: int, time: float) -> None:
    """The effect of a host entry on the match (live and in replay), and its notice."""
    kind = entry["type"]
    if kind == "pause":
        match.paused_at = time
        match.pauses.append({"from": time, "to": None})
        match.timekeeper.pause(time)
        match.book.notice(seq, None, {"type": "pause", "time": time})
    elif kind == "resume":
        match.timekeeper.resume(time, float(match.paused_at or time))
        match.paused_at = None
        match.last_touch = time
        match.pauses[-1]["to"] = time
        match.book.notice(
            seq, None, {"type": "resume", "time": time, "deadline": match.timekeeper.deadline}
        )
    else:
        match.paused_at = None
        match.adjudicated = {
            "winner": entry["winner"],
            "reason": entry["reason"],
            "time": time,
        }


def result(
    played: dict[str, Any], abandoned: str | None, adjudicated: dict[str, Any] | None
) -> dict[str, Any]:
    """A match's result: the game's (``played``), unless the host adjudicated it (its winner
    and reason) or the server abandoned it (no winner, and why)."""
    if adjudicated is not None:
        reason = f"adjudicated: {adjudicated['reason']}"
        return {**played, "winner": adjudicated["winner"], "reason": reason}
    if abandoned is None:
        return played
    return {**played, "winner": None, "reason": f"abandoned: {abandoned}"}
