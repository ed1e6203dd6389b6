"""What the events' routes answer: the event's public view, its boards at a glance, and what
spectators see of its matches under the host's spectator delay.

The delay (0 to 10 minutes) applies to everything spectators receive: a spectator's state of
an event match (``GET /api/matches/{id}`` without a token, the spectators' live stream) is the
match rebuilt from its log entries older than the delay, its clocks as they were then; the
audience's view of the event (pairings, results, standings, thumbnails) is the one the event
had that long ago (snapshots kept in memory after each change); a finished match's record is
published once its end is older than the delay. The host's console and the seats see the
present.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict, deque
from dataclasses import replace
from typing import Any

from duelhost.events import planned_rounds, standings, standings_json
from duelhost.events.record import Format
from duelhost.host import Match
from duelhost.host.messages import LogEntry
from duelhost.ratings.bots import bot_account_name
from duelhost.server.events.state import MAX_DELAY, EventState
from duelhost.server.hub import Live

THUMBNAIL = 600
"""Characters of a board's text rendering in a thumbnail."""


def event_view(state: EventState) -> dict[str, Any]:
    """The event as anyone may read it (no keys, no invites)."""
    record, settings = state.record, state.settings
    status = record.status()
    entrants = []
    for entrant in record.all_entrants():
        current = record.entrant(entrant.id)
        seat = settings.seats.get(entrant.id, {})
        bot = seat.get("bot")
        entrants.append(
            {
                **current.to_json(),
                "status": status.get(entrant.id, "in"),
                "bot": bot,
                "account": None if not bot else bot_account_name(record.config.game, str(bot)),
                "checked_in": entrant.id in settings.checked_in,
            }
        )
    names = {e["id"]: e["name"] for e in entrants}
    rounds = []
    for rnd in record.rounds:
        pairings = []
        for pairing in rnd.pairings:
            data = pairing.to_json()
            data["first_name"] = names.get(pairing.first, pairing.first)
            data["second_name"] = (
                None if pairing.second is None else names.get(pairing.second, pairing.second)
            )
            pairings.append(data)
        rounds.append({"number": rnd.number, "at": rnd.at, "pairings": pairings})
    config = record.config
    return {
        "id": state.id,
        "name": settings.name,
        "phase": state.phase,
        "format": config.format.value,
        "game": config.game,
        "config": config.to_json(),
        "clock": settings.clock,
        "seed_commitment": record.seed_commitment,
        "seed": record.seed,
        "planned_rounds": None if config.format is Format.ARENA else planned_rounds(record),
        "started_at": settings.started_at,
        "closed_at": settings.closed_at,
        "settings": {
            "auto": settings.auto,
            "delay": settings.delay,
            "no_scouting": settings.no_scouting,
            "no_show_grace": settings.no_show_grace,
            "checkin_until": settings.checkin_until,
            "autostart_at": settings.autostart_at,
            "accounts_only": settings.accounts_only,
            "min_rated_games": settings.min_rated_games,
        },
        "announcements": settings.announcements[-20:],
        "entrants": entrants,
        "rounds": rounds,
        "standings": standings_json(standings(record)),
    }


def board_view(
    state: EventState,
    live: Live | None,
    match_id: str,
    now: float,
    delay: float,
    with_view: bool = False,
) -> dict[str, Any]:
    """One board at a glance: who plays, the clock, whether paused, a text thumbnail and, with
    ``with_view``, the spectator's view the pages draw the live thumbnail from with the game's
    own board (for spectators, all as it was ``delay`` seconds ago)."""
    game = state.settings.games.get(match_id, {})
    data: dict[str, Any] = {
        "match": match_id,
        "round": game.get("round"),
        "board": game.get("board"),
        "game": game.get("game"),
    }
    if live is None:
        return {**data, "hosted_elsewhere": True}
    match = delayed(live, now, delay) if delay > 0 else live.match
    at = now - delay
    clock = match.clock_status(at)
    data.update(
        phase=match.phase.value,
        over=match.is_over,
        winner=match.result.get("winner"),
        reason=match.result.get("reason"),
        decision=match.state.decision,
        to_act=match.to_act,
        paused=match.paused_at is not None,
        remaining=None if clock is None else clock["remaining"],
        thumbnail=match.render(match.state.view(None))[:THUMBNAIL],
    )
    if with_view:
        data["view"] = match.state.view(None)
    return data


_CACHE: OrderedDict[tuple[str, int], Match] = OrderedDict()
_CACHE_SIZE = 256


def delayed(live: Live, now: float, delay: float) -> Match:
    """The match as it stood ``delay`` seconds ago: rebuilt from its older log entries."""
    match = live.match
    cutoff = now - delay
    times = [float(entry["time"]) for entry in match.log]
    count = bisect.bisect_right(times, cutoff)
    if count == len(match.log):
        return match
    key = (match.id, count)
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
        return cached
    earlier = Match.restore(
        match.id,
        match.game,
        match.seed,
        match.setup,
        match.seats,
        match.clock,
        match.secret,
        match.created,
        [LogEntry(**entry) for entry in match.log[:count]],
        match.limits,
    )
    _CACHE[key] = earlier
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return earlier


def ended_at(live: Live) -> float | None:
    """When the match ended (its last entry's time), None while it is on."""
    if not live.match.is_over or not live.match.log:
        return None
    return float(live.match.log[-1]["time"])


class Snapshots:
    """The event's records after each change, kept 10 minutes (the longest delay, so a delay
    raised later has them), two a second at most; the audience's view of one is made when
    asked for. In memory: a process that did not see the changes (after a restart, or another
    process of a cluster) starts from the event as it opened (``note_opening``), so its
    delayed view never shows what is not yet public: it shows the opening until it has kept
    states older than the delay."""

    def __init__(self) -> None:
        self.kept: dict[str, deque[list[Any]]] = {}
        """Event id -> [time, record, phase, view made of them or None], oldest first."""

    def note(self, state: EventState, now: float) -> None:
        """Keep the event's state as of ``now`` (nothing when it equals the last one kept)."""
        kept = self.kept.setdefault(state.id, deque())
        if kept and kept[-1][2] == state.phase and kept[-1][1] == state.record:
            return
        if len(kept) >= 2 and now - kept[-2][0] < 1.0:
            kept.pop()  # a burst of changes: two a second are enough
        kept.append([now, state.record, state.phase, None])
        while len(kept) > 1 and kept[1][0] <= now - MAX_DELAY:
            kept.popleft()

    def note_opening(self, state: EventState) -> None:
        """Keep the event as anyone saw it at its opening (its first entrants; no round, no
        host action, no result), dated at its creation, as the first state of its history."""
        opening = replace(
            state.record, rounds=(), actions=(), standings=(), closed=False, seed=None
        )
        self.kept[state.id] = deque([[state.row.created, opening, "entry", None]])

    def view(self, state: EventState, now: float) -> dict[str, Any]:
        """The audience's view: the present one without a delay, else the last one older
        than the delay (the oldest kept if none is)."""
        delay = state.settings.delay
        if delay <= 0 or state.phase == "closed":
            return event_view(state)
        if not self.kept.get(state.id):
            self.note_opening(state)
        kept = self.kept[state.id]
        chosen = kept[0]
        for entry in kept:
            if entry[0] <= now - delay:
                chosen = entry
        if chosen[3] is None:
            past = EventState(
                replace(state.row, phase=chosen[2]), chosen[1], state.settings, state.seed
            )
            chosen[3] = event_view(past)
        return {
            **chosen[3],
            "delayed": delay,
            "settings": event_view(state)["settings"],
            "announcements": state.settings.announcements[-20:],
        }
