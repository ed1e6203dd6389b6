"""``duelhost verify EVENT_RECORD``: check an event record (issue 31), as the server's
``GET /api/events/{id}/record`` gives it: the event's pairings re-drawn from its revealed seed,
the games due, the standings recomputed (``duelhost.events.verify_event``), and every match
record it bundles (``matches``) checked as ``duelhost verify`` checks one, its result compared
with the game's. Matches the host adjudicated are reported as such.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from duelhost.core.errors import ConfigError
from duelhost.events import EventRecord, Outcome, VerifyReport, verify_event
from duelhost.events.model import Game


class Checked(Protocol):
    """What a match record's check found (``duelhost verify``'s ``Verification``)."""

    receipts: int
    problems: list[str]


def is_event_record(data: Any) -> bool:
    """Whether a JSON document is an event record (not a match record)."""
    return isinstance(data, dict) and "event_id" in data and "config" in data


@dataclass
class EventVerification:
    """The event verifier's report, the match records checked and the adjudications found."""

    report: VerifyReport
    receipts: int = 0
    adjudicated: list[str] = field(default_factory=list)


def check_event(data: dict[str, Any], check_record: Callable[[Any], Checked]) -> EventVerification:
    """Check an event record and the match records it bundles, each with ``check_record``
    (``duelhost verify``'s check of one match record)."""
    record = EventRecord.from_json(data)
    matches = data.get("matches")
    if not isinstance(matches, dict):
        raise ConfigError(
            "the event record bundles no match records ('matches'): take it "
            "from GET /api/events/{id}/record"
        )
    found = EventVerification(VerifyReport((), 0, 0, 0))

    def check_match(game: Game) -> str | None:
        match = matches.get(str(game.match_id))
        if match is None:
            return "its match record is not in the event record"
        checked = check_record(match)
        found.receipts += checked.receipts
        if checked.problems:
            return "; ".join(checked.problems[:3])
        return _compare_result(game, match, found)

    found.report = verify_event(record, check_match)
    return found


def _compare_result(game: Game, match: dict[str, Any], found: EventVerification) -> str | None:
    """The match record's result must be the game's: its winner, an adjudication the game
    says is one, a no-show the game says is a forfeit."""
    result = match.get("result") or {}
    reason = str(result.get("reason", ""))
    outcome = game.outcome
    if outcome is None:
        return "the match is over but the event records no result for it"
    if reason.startswith("adjudicated: no-show"):
        if outcome.played:
            return f"the match ended by the no-show rule, the event says {outcome.value}"
        return None
    if outcome.played and outcome.winner() != result.get("winner"):
        return (
            f"the match record's winner is {result.get('winner')}, the event's result is "
            f"{outcome.value}"
        )
    if reason.startswith("adjudicated: "):
        if not game.adjudicated:
            return "the match was adjudicated, the event does not say so"
        found.adjudicated.append(
            f"match {game.match_id} ({game.first} - {game.second}, "
            f"{outcome.value}): adjudicated by the host: "
            f"{reason.removeprefix('adjudicated: ')}"
        )
    elif outcome is Outcome.BOTH_FORFEIT and not reason.startswith("abandoned"):
        return "a double forfeit, but the match was not abandoned"
    return None
