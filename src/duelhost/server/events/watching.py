"""What spectators of an event's matches get: the host's delay, and "no scouting".

- **Delay**: a spectator's state of a match of an event that is not closed is the match as it
  was ``delay`` seconds ago (``views.delayed``), and its record is published once its end is
  that old.
- **No scouting**: while an entrant of an event with ``no_scouting`` has a game on, a request
  that carries the entrant's key (the cookie ``duelhost_entrant_<event>`` its event page sets)
  may not watch the event's other boards. A browser that never opened the entrant's event page
  is not recognised: the delay is what keeps a board from being relayed to a contestant.
"""

from __future__ import annotations

from collections.abc import Mapping

from duelhost.server.events.service import EventService
from duelhost.server.events.state import EventState

COOKIE = "duelhost_entrant_"


def event_running(service: EventService | None, match_id: str) -> EventState | None:
    """The event (not closed) the match is a game of, as known here."""
    if service is None:
        return None
    state = service.event_of(match_id)
    return None if state is None or state.phase == "closed" else state


def spectator_delay(service: EventService | None, match_id: str) -> float:
    """Seconds a spectator's view of this match lags (0: none)."""
    state = event_running(service, match_id)
    return 0.0 if state is None else float(state.settings.delay)


def scouting(service: EventService | None, match_id: str, cookies: Mapping[str, str]) -> str | None:
    """Why this spectator may not watch this match (None: it may)."""
    state = event_running(service, match_id)
    if state is None or not state.settings.no_scouting:
        return None
    key = cookies.get(COOKIE + state.id)
    entrant = None if not key else state.entrant_of_key(key)
    if entrant is None:
        return None
    playing = {
        eid
        for number, board in state.match_ids_on().values()
        for eid in state.record.rounds[number - 1].pairings[board - 1].players()
    }
    own = state.match_ids_on().get(match_id)
    if entrant not in playing or (
        own is not None
        and entrant in state.record.rounds[own[0] - 1].pairings[own[1] - 1].players()
    ):
        return None
    return (
        "no scouting: entrants of this event cannot watch its other boards while they "
        "play (the host's setting)"
    )
