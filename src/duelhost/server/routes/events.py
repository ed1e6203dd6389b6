"""The events' routes (issue 31): create an event, read it, its boards, its record and exports;
an entrant's own board. The host's actions are in ``routes.event_host``.

- ``POST /api/events`` (format, game, options, clock, rounds or duration, rated, ...): 201 with
  the event's id and its host key, shown once (only its hash is stored), and each guest's key.
- ``GET /api/events/{id}``: the event (entrants, rounds with pairings and results, standings,
  announcements); for spectators as it was the host's delay ago.
- ``GET /api/events/{id}/boards``: every board of the current round (every game on) at a
  glance: clock, paused, a text thumbnail (``?views=true``: each spectator view too, which the
  pages draw as live thumbnails); with the host key the present, else delayed.
- ``GET /api/events/{id}/record``: the event record, with every finished match's record and
  the log of host actions (``duelhost verify`` checks it).
- ``GET /api/events/{id}/standings.csv``, ``standings.json``, ``trf`` (Swiss): exports.
- ``GET /api/events/{id}/me`` (Bearer guest key): the guest's entry and current game with its
  invite; ``POST /api/events/{id}/checkin`` (Bearer guest key) during the check-in window.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.events import Format, standings, standings_csv, standings_json, to_trf
from duelhost.ratings.bots import bot_account_id, bot_account_name
from duelhost.ratings.pools import pool_of
from duelhost.server.access import hub_of
from duelhost.server.accounts import sessions
from duelhost.server.errors import ERRORS, ApiError
from duelhost.server.events.actions import Rated, account_name, build, check_in
from duelhost.server.events.models import CreateEvent, EntrantIn
from duelhost.server.events.service import EventConflict, EventMissing, EventService
from duelhost.server.events.state import EventState, unseal
from duelhost.server.events.views import board_view, ended_at, event_view
from duelhost.server.hub import NotFound
from duelhost.server.limits import client_of
from duelhost.server.ownership import OwnedElsewhere
from duelhost.server.routes.accounts import accounts_of, signed_in
from duelhost.store.event_ratings import standings_in_pool

router = APIRouter()


def events_of(request: Request) -> EventService:
    service: EventService = request.app.state.events
    return service


async def event_or_404(request: Request, event_id: str) -> EventState:
    try:
        return await events_of(request).get(event_id)
    except EventMissing:
        raise ApiError(404, f"no event {event_id!r}") from None


async def host_event(request: Request, event_id: str, authorization: str | None) -> EventState:
    """The event, if the request holds its host key or comes from the session of its
    organizer's or a co-host's account (a write only from this site's pages): 403 otherwise."""
    state = await event_or_404(request, event_id)
    if not is_host(request, state, authorization):
        raise ApiError(
            403,
            "this needs the event's host key (Authorization: Bearer <host key>) "
            "or the session of its organizer or a co-host",
        )
    return state


def is_host(request: Request, state: EventState, authorization: str | None) -> bool:
    if events_of(request).is_host(state, authorization):
        return True
    hosts = [state.settings.organizer, *state.settings.cohosts]
    if not any(hosts):
        return False
    account = signed_in(request)
    if account is None or account.id not in hosts:
        return False
    return request.method == "GET" or sessions.same_origin(request)


async def resolve_accounts(request: Request, names: list[str]) -> dict[str, tuple[str, str]]:
    """Each account name asked for -> (account id, name), for those that exist."""
    store = accounts_of(request).store
    found: dict[str, tuple[str, str]] = {}
    for name in names:
        account = await asyncio.to_thread(store.by_name, name)
        if account is not None and account.deleted is None:
            found[name] = (account.id, account.name)
    return found


async def ratings_in_pool(
    request: Request, game: str, options: dict[str, Any], account_ids: list[str | None]
) -> Rated:
    """These accounts' ratings and rated games in the pool of ``game`` with ``options`` (for
    seeding and the entry conditions); none when the game or options are not valid (the change
    refuses them)."""
    try:
        pool = pool_of(game, dict(options))
    except (ConfigError, ValueError, TypeError):
        return {}
    ids = [a for a in account_ids if a]
    return await asyncio.to_thread(standings_in_pool, hub_of(request).store.engine, ids, pool)


def bot_ids(game: str, entrants: list[EntrantIn]) -> list[str | None]:
    """The accounts of the bot entries among ``entrants`` (a bot of ``game`` at its level)."""
    return [
        bot_account_id(bot_account_name(game, e.bot)) for e in entrants if e.kind == "bot" and e.bot
    ]


async def changed(request: Request, event_id: str, change: Any) -> EventState:
    """Apply a change, its refusals as 400 (409 when the event kept changing)."""
    try:
        return await events_of(request).change(event_id, change)
    except EventConflict as error:
        raise ApiError(409, str(error)) from None
    except (ConfigError, IllegalAction) as error:
        raise ApiError(400, str(error)) from None


@router.post("/api/events", status_code=201, responses=ERRORS)
async def create_event(request: Request, body: CreateEvent) -> Any:
    """Open an event. Answers its id, the host key (shown once: keep it; the console's link
    holds it in the fragment) and each guest entrant's key."""
    if body.format == "swiss" and body.rounds is None:
        raise ApiError(422, "a Swiss needs its number of rounds (rounds)")
    if body.format == "arena" and body.duration is None:
        raise ApiError(422, "an arena needs its duration in seconds (duration)")
    organizer = signed_in(request)
    if body.rated and (organizer is None or not sessions.same_origin(request)):
        # An event's games move ratings (the bots' too): only an account answers for that.
        raise ApiError(
            403,
            "a rated event needs an organizer: sign in to create one "
            "(a casual event needs no account)",
        )
    hub = hub_of(request)
    names = [n for n in (account_name(e) for e in body.entrants) if n is not None]
    accounts = await resolve_accounts(request, names)
    rated = await ratings_in_pool(
        request,
        body.game,
        body.options,
        [*(found[0] for found in accounts.values()), *bot_ids(body.game, body.entrants)],
    )
    try:
        record, settings, secret, host_key, keys = build(
            body, hub.server_key, accounts, None if organizer is None else organizer.id, rated
        )
    except ConfigError as error:
        raise ApiError(400, str(error)) from None
    state = await events_of(request).create(record, settings, secret, host_key)
    return {
        "id": state.id,
        "host_key": host_key,
        "url": f"/events/{state.id}",
        "host_url": f"/events/{state.id}/host#key={host_key}",
        "seed_commitment": record.seed_commitment,
        "entrants": {
            eid: {"key": key, "url": f"/events/{state.id}#entrant={key}"}
            for eid, key in keys.items()
        },
    }


@router.get("/api/events/{event_id}", responses=ERRORS)
async def get_event(
    request: Request, event_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """The event: entrants, rounds (pairings, results), standings, announcements; for all but
    its host, as it was the spectator delay ago."""
    state = await event_or_404(request, event_id)
    service = events_of(request)
    if is_host(request, state, authorization):
        return {**event_view(state), "host": True}
    return service.snapshots.view(state, hub_of(request).now())


@router.get("/api/events/{event_id}/boards", responses=ERRORS)
async def boards(
    request: Request,
    event_id: str,
    authorization: str | None = Header(default=None),
    views: bool = Query(
        False,
        description="each board's spectator view too "
        "(the pages draw their live thumbnails from it)",
    ),
) -> Any:
    """Every game on now (and the current round's finished ones), at a glance; for all but the
    host, as it was the spectator delay ago."""
    state = await event_or_404(request, event_id)
    hub = hub_of(request)
    host = is_host(request, state, authorization)
    delay = 0.0 if host else state.settings.delay
    now = hub.now()
    shown = _current_matches(state)
    result = []
    for match_id in shown:
        live = None
        with contextlib.suppress(NotFound, OwnedElsewhere, ConfigError, ValueError):
            live = hub.get(match_id, client_of(request.scope))
        board = board_view(state, live, match_id, now, delay, views)
        if host:
            board["invites"] = {
                seat: unseal(hub.server_key, f"{match_id}:{seat}", sealed)
                for seat, sealed in state.settings.games.get(match_id, {})
                .get("invites", {})
                .items()
            }
            if live is not None:
                board["joined"] = hub.joined(live)
        result.append(board)
    return {"event": state.id, "delay": delay, "boards": result}


def _current_matches(state: EventState) -> list[str]:
    """The matches of the current round (an arena: the games on and the last ended ones)."""
    record = state.record
    if not record.rounds:
        return []
    if record.config.format is Format.ARENA:
        on = list(state.match_ids_on())
        recent = [
            g.match_id
            for r in record.rounds[-8:]
            for p in r.pairings
            for g in p.games
            if g.match_id and g.match_id not in on
        ]
        return (on + recent[-8:])[:200]
    return [g.match_id for p in record.rounds[-1].pairings for g in p.games if g.match_id]


@router.get("/api/events/{event_id}/record", responses=ERRORS)
async def event_record(
    request: Request, event_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """The event record (entrants, rounds, results, host actions, the seed once closed), every
    finished match's record under ``matches`` (for spectators once its end is older than the
    delay) and the log of everything the host and the director did."""
    state = await event_or_404(request, event_id)
    service = events_of(request)
    hub = hub_of(request)
    host = is_host(request, state, authorization)
    data = state.record.to_json()
    matches: dict[str, Any] = {}
    now = hub.now()
    for match_id in state.settings.games:
        try:
            live = hub.get(match_id, client_of(request.scope))
        except (NotFound, OwnedElsewhere, ConfigError, ValueError):
            continue
        await hub.settled(live)
        end = ended_at(live)
        if end is None or (
            not host and state.phase != "closed" and end > now - state.settings.delay
        ):
            continue
        matches[match_id] = live.match.record()
    data["matches"] = matches
    data["log"] = await _log(service, event_id)
    return JSONResponse(
        data, headers={"Content-Disposition": f'attachment; filename="event-{event_id}.json"'}
    )


async def _log(service: EventService, event_id: str) -> list[dict[str, Any]]:
    entries = await asyncio.to_thread(service.store.log, event_id)
    return entries


@router.get("/api/events/{event_id}/standings.csv", responses=ERRORS)
async def export_csv(request: Request, event_id: str) -> Any:
    """The standings as CSV (for spectators, as they were the delay ago while it runs)."""
    state = await _published(request, event_id)
    return PlainTextResponse(standings_csv(standings(state.record)), media_type="text/csv")


@router.get("/api/events/{event_id}/standings.json", responses=ERRORS)
async def export_json(request: Request, event_id: str) -> Any:
    """The standings as JSON lines."""
    state = await _published(request, event_id)
    return standings_json(standings(state.record))


@router.get("/api/events/{event_id}/trf", responses=ERRORS)
async def export_trf(request: Request, event_id: str) -> Any:
    """A Swiss event as a FIDE TRF file (re-pair it with bbpPairings or JaVaFo)."""
    state = await _published(request, event_id)
    try:
        text = to_trf(state.record)
    except ConfigError as error:
        raise ApiError(400, str(error)) from None
    return Response(
        text,
        media_type="text/plain",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}.trf"'},
    )


async def _published(request: Request, event_id: str) -> EventState:
    state = await event_or_404(request, event_id)
    if state.settings.delay > 0 and state.phase != "closed":
        raise ApiError(
            409,
            "this event has a spectator delay: its exports are published "
            "when it closes (GET /api/events/{id} shows the delayed standings)",
        )
    return state


def _entrant(request: Request, state: EventState, authorization: str | None) -> str | None:
    """The entry of the request: a guest's key, else the signed-in account's entry."""
    scheme, _, key = (authorization or "").partition(" ")
    if scheme.lower() == "bearer" and key.strip():
        return state.entrant_of_key(key.strip())
    account = signed_in(request)
    return None if account is None else state.entrant_of_account(account.id)


def _guest(request: Request, state: EventState, authorization: str | None) -> str:
    entrant = _entrant(request, state, authorization)
    if entrant is None:
        raise ApiError(
            403, "this needs an entrant's key (Authorization: Bearer <key>) or an entrant's session"
        )
    return entrant


@router.get("/api/events/{event_id}/me", responses=ERRORS)
async def me(
    request: Request, event_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """An entrant's own view (a guest's key, or the session of an entered account): its
    standing and its game on now, with the seat's invite (its page opens it once; the seat's
    token stays in that browser, or comes back to the account). Without either: ``entrant``
    null; a key that is no entrant's: 403."""
    state = await event_or_404(request, event_id)
    if not authorization and _entrant(request, state, None) is None:
        return {"event": state.id, "entrant": None, "game": None, "phase": state.phase}
    entrant = _guest(request, state, authorization)
    hub = hub_of(request)
    game = None
    for match_id, (number, board) in state.match_ids_on().items():
        played = state.record.rounds[number - 1].pairings[board - 1].games[-1]
        if entrant in (played.first, played.second):
            seat = 0 if played.first == entrant else 1
            sealed = state.settings.games.get(match_id, {}).get("invites", {}).get(str(seat))
            invite = (
                None if sealed is None else unseal(hub.server_key, f"{match_id}:{seat}", sealed)
            )
            game = {
                "match": match_id,
                "round": number,
                "board": board,
                "seat": seat,
                "invite": invite,
                "url": f"/play/{match_id}" + ("" if invite is None else f"#invite={invite}"),
            }
    line = next((x for x in standings_json(standings(state.record)) if x["id"] == entrant), None)
    return {
        "event": state.id,
        "entrant": state.record.entrant(entrant).to_json(),
        "game": game,
        "standing": line,
        "phase": state.phase,
        "checked_in": entrant in state.settings.checked_in,
    }


@router.post("/api/events/{event_id}/checkin", responses=ERRORS)
async def checkin(
    request: Request, event_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """A guest checks in (during the check-in window; not checked in by the start: dropped)."""
    state = await event_or_404(request, event_id)
    entrant = _guest(request, state, authorization)
    until = state.settings.checkin_until
    if until is not None and hub_of(request).now() > until:
        raise ApiError(409, "the check-in window has closed")
    await changed(request, event_id, lambda s: check_in(s, entrant))
    return {"entrant": entrant, "checked_in": True}


@router.get("/api/matches/{match_id}/event", responses=ERRORS)
async def event_of_match(request: Request, match_id: str) -> Any:
    """The event a match is a game of (its page shows the event and the host's
    announcements); ``{"event": null}`` when it is none (every board asks: not an error)."""
    state = events_of(request).event_of(match_id)
    if state is None:
        return {"event": None}
    return {
        "event": state.id,
        "name": state.settings.name,
        "url": f"/events/{state.id}",
        "announcements": state.settings.announcements[-5:],
        "delay": state.settings.delay,
    }
