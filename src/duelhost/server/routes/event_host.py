"""The host's actions on an event (issue 31), each with the event's host key
(``Authorization: Bearer <host key>``), each logged with the event; bad input is a 4xx and
changes nothing.

- ``POST /api/events/{id}/entrants``: add a player (a bot level or a named guest, who gets a
  key); after the start a late entry (Swiss, arena).
- ``POST /api/events/{id}/start``; ``POST /api/events/{id}/rounds`` (the next round);
  ``POST /api/events/{id}/close`` (reveal the seed, publish the standings).
- ``POST /api/events/{id}/settings``: check-in window, autostart time, entry conditions,
  spectator delay, no scouting, no-show grace, automatic pairing.
- ``POST /api/events/{id}/withdraw``, ``disqualify``, ``substitute``, ``forbid``, ``announce``.
- ``POST /api/events/{id}/matches/{match}/pause``, ``resume``, ``adjudicate``: recorded in the
  match's record (``host.pausing``), the adjudication in the event's too.
- ``POST /api/events/{id}/matches/{match}/seats/{seat}/reissue``: a lost seat's new invite.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Path, Request

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.host import MatchOver
from duelhost.server.access import hub_of
from duelhost.server.errors import ERRORS, ApiError
from duelhost.server.events import actions
from duelhost.server.events.models import (
    Adjudicate,
    Announce,
    Cohost,
    EntrantAction,
    EntrantIn,
    EventSettingsIn,
    Forbid,
    Substitute,
)
from duelhost.server.events.state import EventState, seal
from duelhost.server.hub import Live, NotFound
from duelhost.server.limits import client_of
from duelhost.server.ownership import OwnedElsewhere
from duelhost.server.routes.events import (
    bot_ids,
    changed,
    events_of,
    host_event,
    ratings_in_pool,
    resolve_accounts,
)

router = APIRouter()
Auth = Header(default=None)


def _view(state: EventState) -> dict[str, Any]:
    from duelhost.server.events.views import event_view

    return event_view(state)


@router.post("/api/events/{event_id}/entrants", status_code=201, responses=ERRORS)
async def add_entrant(
    request: Request, event_id: str, body: EntrantIn, authorization: str | None = Auth
) -> Any:
    """Add a player; a guest's key comes back once (its link: ``url``)."""
    state = await host_event(request, event_id, authorization)
    keys: dict[str, str] = {}
    now = hub_of(request).now()
    name = actions.account_name(body)
    accounts = await resolve_accounts(request, [] if name is None else [name])
    config = state.record.config
    rated = await ratings_in_pool(
        request,
        config.game,
        dict(config.options),
        [*(found[0] for found in accounts.values()), *bot_ids(config.game, [body])],
    )
    state = await changed(
        request, event_id, lambda s: actions.enter(s, body, now, keys, accounts, rated)
    )
    added = state.record.all_entrants()[-1]
    key = keys.get(added.id)
    return {
        "entrant": added.to_json(),
        "key": key,
        "url": None if key is None else f"/events/{event_id}#entrant={key}",
    }


@router.post("/api/events/{event_id}/start", responses=ERRORS)
async def start(request: Request, event_id: str, authorization: str | None = Auth) -> Any:
    """Start the event (round 1 is paired at once; an arena's players at the next moment)."""
    await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    return _view(await changed(request, event_id, lambda s: actions.start_event(s, now)))


@router.post("/api/events/{event_id}/rounds", responses=ERRORS)
async def next_round(request: Request, event_id: str, authorization: str | None = Auth) -> Any:
    """Pair the next round (400 while the current one is on, naming a board still on)."""
    await host_event(request, event_id, authorization)
    return _view(await changed(request, event_id, actions.next_round))


@router.post("/api/events/{event_id}/close", responses=ERRORS)
async def close(request: Request, event_id: str, authorization: str | None = Auth) -> Any:
    """Close the event: the seed is revealed, the standings published."""
    await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    return _view(await changed(request, event_id, lambda s: actions.close_now(s, now)))


@router.post("/api/events/{event_id}/settings", responses=ERRORS)
async def settings(
    request: Request, event_id: str, body: EventSettingsIn, authorization: str | None = Auth
) -> Any:
    """Change the host's settings (only those sent)."""
    state = await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    rated = await _entrants_ratings(request, state) if body.min_rated_games else {}
    return _view(await changed(request, event_id, lambda s: actions.configure(s, body, now, rated)))


async def _entrants_ratings(request: Request, state: EventState) -> actions.Rated:
    """The ratings and rated games of the event's entrants' accounts (bots' included)."""
    config = state.record.config
    return await ratings_in_pool(
        request,
        config.game,
        dict(config.options),
        [state.account_of(e.id) for e in state.record.all_entrants()],
    )


@router.post("/api/events/{event_id}/withdraw", responses=ERRORS)
async def withdraw(
    request: Request, event_id: str, body: EntrantAction, authorization: str | None = Auth
) -> Any:
    """Withdraw an entrant: not paired again; its results stand."""
    await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    return _view(
        await changed(
            request,
            event_id,
            lambda s: actions.leave(s, "withdraw", body.entrant, body.reason, now),
        )
    )


@router.post("/api/events/{event_id}/disqualify", responses=ERRORS)
async def disqualify(
    request: Request, event_id: str, body: EntrantAction, authorization: str | None = Auth
) -> Any:
    """Disqualify an entrant: not paired again, listed last."""
    await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    return _view(
        await changed(
            request,
            event_id,
            lambda s: actions.leave(s, "disqualify", body.entrant, body.reason, now),
        )
    )


@router.post("/api/events/{event_id}/substitute", responses=ERRORS)
async def substitute(
    request: Request, event_id: str, body: Substitute, authorization: str | None = Auth
) -> Any:
    """A substitute plays an entrant's place from its next game (a guest gets a new key)."""
    state = await host_event(request, event_id, authorization)
    keys: dict[str, str] = {}
    config = state.record.config
    rated = await ratings_in_pool(
        request, config.game, dict(config.options), bot_ids(config.game, [body.holder])
    )
    await changed(
        request,
        event_id,
        lambda s: actions.replace_holder(s, body.entrant, body.holder, keys, rated),
    )
    key = keys.get(body.entrant)
    return {
        "entrant": body.entrant,
        "key": key,
        "url": None if key is None else f"/events/{event_id}#entrant={key}",
    }


@router.post("/api/events/{event_id}/forbid", responses=ERRORS)
async def forbid(
    request: Request, event_id: str, body: Forbid, authorization: str | None = Auth
) -> Any:
    """Never pair these two from the next round on (Swiss, arena)."""
    await host_event(request, event_id, authorization)
    return _view(
        await changed(
            request, event_id, lambda s: actions.forbid(s, body.first, body.second, body.reason)
        )
    )


@router.post("/api/events/{event_id}/announce", responses=ERRORS)
async def announce(
    request: Request, event_id: str, body: Announce, authorization: str | None = Auth
) -> Any:
    """A message shown on every board of the event and on its pages."""
    await host_event(request, event_id, authorization)
    now = hub_of(request).now()
    state = await changed(request, event_id, lambda s: actions.announce(s, body.text, now))
    return {"announcements": state.settings.announcements[-20:]}


@router.post("/api/events/{event_id}/cohosts", responses=ERRORS)
async def cohost(
    request: Request, event_id: str, body: Cohost, authorization: str | None = Auth
) -> Any:
    """An account that may act as the host with its session (besides the host key)."""
    await host_event(request, event_id, authorization)
    found = await resolve_accounts(request, [body.name])
    if body.name not in found:
        raise ApiError(400, f"no account named {body.name!r}")
    state = await changed(request, event_id, lambda s: actions.add_cohost(s, found[body.name]))
    return {"cohosts": len(state.settings.cohosts)}


async def _event_match(
    request: Request, event_id: str, match_id: str, authorization: str | None
) -> tuple[EventState, Live]:
    state = await host_event(request, event_id, authorization)
    if match_id not in state.settings.games:
        raise ApiError(404, f"match {match_id!r} is not a game of event {event_id}")
    try:
        return state, hub_of(request).get(match_id, client_of(request.scope))
    except (NotFound, ConfigError, ValueError):
        raise ApiError(404, f"no match {match_id!r}") from None
    except OwnedElsewhere as error:
        raise ApiError(503, str(error), {"Retry-After": "1"}) from None


async def _host_act(request: Request, live: Live, kind: str, **fields: Any) -> None:
    try:
        await hub_of(request).host_act(live, kind, **fields)
    except MatchOver as error:
        raise ApiError(409, str(error)) from None
    except IllegalAction as error:
        raise ApiError(400, str(error)) from None


@router.post("/api/events/{event_id}/matches/{match_id}/pause", responses=ERRORS)
async def pause(
    request: Request, event_id: str, match_id: str, authorization: str | None = Auth
) -> Any:
    """Stop the match's clocks (recorded in its record with the time)."""
    _state, live = await _event_match(request, event_id, match_id, authorization)
    await _host_act(request, live, "pause")
    await _log(request, event_id, {"action": "pause", "by": "host", "match": match_id})
    return {"match": match_id, "paused": True}


@router.post("/api/events/{event_id}/matches/{match_id}/resume", responses=ERRORS)
async def resume(
    request: Request, event_id: str, match_id: str, authorization: str | None = Auth
) -> Any:
    """Start the match's clocks again with the time that was left."""
    _state, live = await _event_match(request, event_id, match_id, authorization)
    await _host_act(request, live, "resume")
    await _log(request, event_id, {"action": "resume", "by": "host", "match": match_id})
    return {"match": match_id, "paused": False}


@router.post("/api/events/{event_id}/matches/{match_id}/adjudicate", responses=ERRORS)
async def adjudicate(
    request: Request,
    event_id: str,
    match_id: str,
    body: Adjudicate,
    authorization: str | None = Auth,
) -> Any:
    """End the match with the host's result and reason: in its match record (``duelhost
    verify`` reports it as adjudicated) and in the event's (an adjudication action)."""
    _state, live = await _event_match(request, event_id, match_id, authorization)
    winner = {"1-0": 0, "0-1": 1, "1/2-1/2": None}[body.outcome]
    reason = body.reason.strip()
    if reason.startswith("no-show"):
        raise ApiError(400, "a reason starting 'no-show' is the no-show rule's own")
    await _host_act(request, live, "adjudicate", winner=winner, reason=reason)
    from duelhost.server.events.director import take_results

    await take_results(events_of(request), event_id)
    return _view(await events_of(request).get(event_id))


@router.post("/api/events/{event_id}/matches/{match_id}/seats/{seat}/reissue", responses=ERRORS)
async def reissue(
    request: Request,
    event_id: str,
    match_id: str,
    seat: int = Path(ge=0, le=1),
    authorization: str | None = Auth,
) -> Any:
    """A new single-use invite for a player who lost the seat: the old invite and token are
    revoked at once; the entrant's page picks the new invite up."""
    _state, live = await _event_match(request, event_id, match_id, authorization)
    hub = hub_of(request)
    try:
        invite = await hub.reissue(live, seat)
    except ConfigError as error:
        raise ApiError(400, str(error)) from None
    except MatchOver as error:
        raise ApiError(409, str(error)) from None
    sealed = seal(hub.server_key, f"{match_id}:{seat}", invite)

    def keep(s: EventState) -> list[dict[str, Any]]:
        s.settings.games[match_id].setdefault("invites", {})[str(seat)] = sealed
        return [{"action": "reissue", "by": "host", "match": match_id, "seat": seat}]

    await changed(request, event_id, keep)
    return {
        "match": match_id,
        "seat": seat,
        "invite": invite,
        "invite_url": f"/play/{match_id}#invite={invite}",
    }


async def _log(request: Request, event_id: str, entry: dict[str, Any]) -> None:
    """Log a host action that changes no record (a pause): stored with the event."""
    await changed(request, event_id, lambda s: [entry])
