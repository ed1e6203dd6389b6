"""The match routes of the HTTP API: create, exchange an invite, list, read, submit, commit, resign,
extend, draw, record; the host's re-issue of a seat's invite.

Creating a match gives one single-use invite per human seat and a host key, never a seat token:
``POST /api/invites/{invite}`` gives the seat's token to whoever opens the invite, once (issue 19);
the host key re-issues a seat's invite, revoking the seat's old token (issue 32). Once the match is
over a seat's token only reads: acting with it is a 409.

Every error is ``{"error": "<message>"}`` with a 4xx status (see ``duelhost.server.errors``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, cast

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import JSONResponse

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.host import MatchOver
from duelhost.host.messages import Answer
from duelhost.ratings.pools import pool_key
from duelhost.server import seat_holding
from duelhost.server.access import (
    acting_seat,
    find,
    hub_of,
    limiter_of,
    seat_action,
    seat_for,
    settings_of,
)
from duelhost.server.errors import ERRORS, ApiError, ErrorOut
from duelhost.server.events.views import delayed, ended_at
from duelhost.server.events.watching import scouting, spectator_delay
from duelhost.server.hub import Busy, Live
from duelhost.server.idempotency import CreateOnce, KeyReused
from duelhost.server.limits import client_of, too_many
from duelhost.server.models import (
    Accepted,
    Commitment,
    Created,
    CreateMatch,
    Invited,
    MatchList,
    MatchState,
    MatchSummary,
    Reissued,
    SeatOut,
    Submission,
)
from duelhost.store import InviteError
from duelhost.store.rating_book import record_facts

router = APIRouter()


@router.post("/api/matches", status_code=201, response_model=Created, responses=ERRORS)
async def create_match(
    request: Request,
    body: CreateMatch,
    idempotency_key: str | None = Header(
        default=None,
        alias="Idempotency-Key",
        min_length=1,
        max_length=200,
        description="creates with the same key from the same client within 10 minutes make "
        "one match and all answer it (a double click makes one match)",
    ),
) -> Any:
    """Create a match. Each human seat gets a single-use invite (its page's link holds it in
    the fragment); the creator gets a host key that shows which seats have joined and can
    re-issue a seat's invite. No seat token exists until an invite is opened. With an
    idempotency key (header or body), one key makes one match."""
    key = idempotency_key if idempotency_key is not None else body.idempotency_key
    client = client_of(request.scope)
    once = cast(CreateOnce, request.app.state.create_once)
    asked = body.model_dump_json(exclude={"idempotency_key"})
    try:
        return await once.run(client, key, asked, lambda: _create(request, body, client))
    except KeyReused as error:
        raise ApiError(422, str(error)) from None


def refuse_past_live_cap(request: Request, client: str) -> None:
    """429 when this client already has its most unfinished matches in memory."""
    playing, limit = hub_of(request).playing_for(client), settings_of(request).max_live_per_client
    if playing >= limit:
        raise ApiError(
            429,
            f"{playing} matches you created are unfinished, the most one client may have; "
            "finish or resign one first",
            {"Retry-After": "60"},
        )


async def _create(request: Request, body: CreateMatch, client: str) -> Created:
    hub = hub_of(request)
    wait = limiter_of(request).creation(client)
    if wait:
        limit = settings_of(request).max_matches_per_client
        status, headers, message = too_many(wait, f"more than {limit} matches a minute")
        raise ApiError(status, message, headers)
    refuse_past_live_cap(request, client)
    try:
        made = await hub.create(
            body.game,
            body.options,
            body.seed,
            body.setup,
            [seat.model_dump() for seat in body.seats],
            body.clock,
            "clock" not in body.model_fields_set,
            rated=body.rated,
        )
    except (ConfigError, IllegalAction) as error:
        raise ApiError(400, str(error)) from None
    except Busy as error:
        raise ApiError(429, str(error), {"Retry-After": "60"}) from None
    match = made.live.match
    hub.created_by(match.id, client_of(request.scope))
    seats = [
        SeatOut(
            seat=number,
            kind=seat.kind,
            bot=seat.bot,
            invite=invite,
            invite_url=None if invite is None else _invite_url(match.id, invite),
        )
        for number, (seat, invite) in enumerate(zip(match.seats, made.invites, strict=True))
    ]
    return Created(
        id=match.id,
        game=match.game.name,
        seed=match.seed if match.seed_chosen_by_creator else None,
        seed_commitment=match.seed_commitment,
        seed_chosen_by_creator=match.seed_chosen_by_creator,
        seats=seats,
        spectate=f"/watch/{match.id}",
        clock=None if match.clock is None else match.clock.to_dict(),
        host_token=made.host_token,
        rated=body.rated,
        pool=pool_key(match.game.spec, match.game.options) if body.rated else None,
    )


def _invite_url(match_id: str, invite: str) -> str:
    return f"/play/{match_id}#invite={invite}"


REISSUE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    403: {"model": ErrorOut, "description": "not the match's host key"},
    409: {"model": ErrorOut, "description": "the match is over"},
}


@router.post(
    "/api/matches/{match_id}/seats/{seat}/reissue",
    response_model=Reissued,
    responses=REISSUE_ERRORS,
)
async def reissue_invite(
    request: Request,
    match_id: str,
    seat: int = Path(ge=0, le=1),
    authorization: str | None = Header(default=None),
) -> Any:
    """With the match's host key: a new single-use invite for a human seat (the operator's
    recourse when a player lost their seat). The seat's old invite and token are revoked at
    once (the old token is refused from now on; its open streams are closed)."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    if not hub.is_host(live, authorization):
        raise ApiError(403, "re-issuing an invite needs the match's host key (Bearer <host key>)")
    try:
        invite = await hub.reissue(live, seat)
    except ConfigError as error:
        raise ApiError(400, str(error)) from None
    except MatchOver as error:
        raise ApiError(409, str(error)) from None
    await request.app.state.seating.release(hub, live.match.id, seat)
    return Reissued(
        match_id=live.match.id,
        seat=seat,
        invite=invite,
        invite_url=_invite_url(live.match.id, invite),
    )


INVITE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    404: {"model": ErrorOut, "description": "no such invite"},
    410: {"model": ErrorOut, "description": "the invite was used before (it gives its seat once)"},
}


@router.post("/api/invites/{invite}", response_model=Invited, responses=INVITE_ERRORS)
async def exchange_invite(request: Request, invite: str) -> Any:
    """Open a seat's invite: answers the seat's token, made now and shown only here. The
    invite then dies: opening it again is a 410 (404 for an invite that never existed)."""
    try:
        match_id, seat, token = await seat_holding.exchange(request, invite)
    except InviteError as error:
        raise ApiError(error.status, str(error)) from None
    return Invited(match_id=match_id, seat=seat, token=token, url=f"/play/{match_id}")


@router.get("/api/matches", response_model=MatchList, responses=ERRORS)
async def list_matches(
    request: Request,
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0, le=10**9),
    game: str | None = Query(None, max_length=64),
) -> Any:
    """Matches, newest first."""
    total, rows = hub_of(request).store.list(limit, offset, game)
    service, now = getattr(request.app.state, "events", None), hub_of(request).now()
    for row in rows:
        # A game of an event with a spectator delay: its end is told when it is that old.
        if row.over and row.updated > now - spectator_delay(service, row.id):
            row.over, row.result = False, None
    players = request.app.state.seating.many([row.id for row in rows])
    return MatchList(
        total=total,
        matches=[
            MatchSummary(
                id=row.id,
                game=row.game,
                created=row.created,
                over=row.over,
                result=row.result,
                seats=[{"kind": s["kind"], "bot": s.get("bot")} for s in row.seats],
                spectate=f"/watch/{row.id}",
                players=players.get(row.id),
            )
            for row in rows
        ],
    )


@router.get("/api/matches/{match_id}", response_model=MatchState, responses=ERRORS)
async def get_match(
    request: Request, match_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """A seat's state (bearer token) or the spectator's (no token); with the creator's host
    key, the spectator's and ``joined``: which seats are taken."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    if hub.is_host(live, authorization):
        await hub.settled(live)
        summary = live.match.summary(None, hub.now())
        return {
            **summary,
            "joined": hub.joined(live),
            "presence": hub.presence(live),
            "players": seat_holding.players(request, match_id),
        }
    seat = seat_for(hub, live, authorization, required=False)
    await hub.settled(live)
    if seat is None:
        delayed = _spectated(request, live)
        if delayed is not None:
            return {**delayed, "players": seat_holding.players(request, match_id)}
    return {
        **live.match.summary(seat, hub.now()),
        "presence": hub.presence(live),
        "players": seat_holding.players(request, match_id),
    }


def _spectated(request: Request, live: Live) -> dict[str, Any] | None:
    """A spectator's state of a match of an event (issue 31): refused to a playing entrant
    under "no scouting", as it was the host's delay ago (None: neither applies)."""
    service = getattr(request.app.state, "events", None)
    refusal = scouting(service, live.match.id, request.cookies)
    if refusal is not None:
        raise ApiError(403, refusal)
    delay = spectator_delay(service, live.match.id)
    if delay <= 0:
        return None
    now = hub_of(request).now()
    summary = delayed(live, now, delay).summary(None, now - delay)
    return {**summary, "delayed": delay, "presence": hub_of(request).presence(live)}


@router.post("/api/matches/{match_id}/submissions", response_model=Accepted, responses=ERRORS)
async def submit(
    request: Request,
    match_id: str,
    body: Submission,
    authorization: str | None = Header(default=None),
) -> Any:
    """Submit for the token's seat. A repeated ``key`` returns the first answer."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    seat = acting_seat(hub, live, authorization, body.seat)
    try:
        return await hub.submit(live, seat, body.text, body.key, body.nonce, body.decision)
    except MatchOver as error:
        raise ApiError(409, str(error)) from None
    except IllegalAction as error:
        raise ApiError(400, str(error)) from None


@router.post("/api/matches/{match_id}/commitments", response_model=Accepted, responses=ERRORS)
async def commit(
    request: Request,
    match_id: str,
    body: Commitment,
    authorization: str | None = Header(default=None),
) -> Any:
    """Commit to the token's seat's secret submission (reveal it later through
    ``submissions`` with its ``nonce``). A repeated ``key`` returns the first answer."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    seat = acting_seat(hub, live, authorization, body.seat)
    try:
        return await hub.commit(live, seat, body.commitment, body.key)
    except MatchOver as error:
        raise ApiError(409, str(error)) from None
    except IllegalAction as error:
        raise ApiError(400, str(error)) from None


async def _refused_as_conflict(request: Request, acting: tuple[Live, int], action: str) -> Any:
    answer: Awaitable[Answer] = hub_of(request).act(*acting, action)
    try:
        return await answer
    except IllegalAction as error:
        raise ApiError(409, str(error)) from None


@router.post("/api/matches/{match_id}/resign", response_model=Accepted, responses=ERRORS)
async def resign(request: Request, acting: tuple[Live, int] = Depends(seat_action)) -> Any:
    """The token's seat resigns: the other seat wins."""
    return await _refused_as_conflict(request, acting, "resign")


@router.post("/api/matches/{match_id}/extend", responses=ERRORS)
async def extend(request: Request, acting: tuple[Live, int] = Depends(seat_action)) -> Any:
    """Call extended time, where the match's clock allows extensions (``extensions`` per
    player per match)."""
    return await _refused_as_conflict(request, acting, "extend")


@router.post("/api/matches/{match_id}/draw", response_model=Accepted, responses=ERRORS)
async def draw(request: Request, acting: tuple[Live, int] = Depends(seat_action)) -> Any:
    """Offer a draw, or accept the opponent's offer, in games that have draws by
    agreement (the game's ``draw_text``); the game's rules decide when it may be made."""
    return await _refused_as_conflict(request, acting, "draw")


@router.get("/api/matches/{match_id}/record", responses=ERRORS)
async def record(request: Request, match_id: str) -> Any:
    """The match record (seed, options, every submission with its time, receipt and
    nonce), once the match is over; ``duelhost replay`` and ``duelhost verify`` read it."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    await hub.settled(live)
    if not live.match.is_over:
        raise ApiError(
            409,
            "the record is published when the match is over (it holds the secret submissions)",
        )
    delay = spectator_delay(getattr(request.app.state, "events", None), match_id)
    end = ended_at(live)
    if delay > 0 and end is not None and end > hub.now() - delay:
        raise ApiError(
            409,
            f"this match is a game of an event with a spectator delay: its record is "
            f"published {delay:g} s after its end",
        )
    data = live.match.record()
    row = await asyncio.to_thread(hub.store.get, match_id)
    if row is not None:
        # Issue 30: what the record's rating rests on (``duelhost ratings rebuild --records``).
        data["rating"] = await asyncio.to_thread(record_facts, hub.store.engine, row)
    return JSONResponse(
        {**data, "players": seat_holding.players(request, match_id)},
        headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'},
    )


@router.get("/api/matches/{match_id}/analysis", responses=ERRORS)
async def analysis(request: Request, match_id: str) -> Any:
    """Every decision of a finished match valued (``duelhost analyse``): the equilibrium and
    what each submission gave up in the simultaneous games, an evaluation before and after
    and the best move found in the others (random playouts where a game's bot has none,
    labelled so). Made off the request path: 202 with ``done``/``total``, the ``notes`` made
    so far (in order) and ``Retry-After`` while it is being made, then 200 with every note;
    409 before the match is over."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    await hub.settled(live)
    if not live.match.is_over:
        raise ApiError(409, "the analysis is made once the match is over (it reads the record)")
    if match_id not in hub.analyses:
        # Making one is costly: it counts against the client's replay budget.
        wait = request.app.state.replays.budget.take(client_of(request.scope))
        if wait:
            raise ApiError(*_busy(wait))
    job = hub.analysis(live)
    if job.status == "computing":
        return JSONResponse(
            {
                "status": "computing",
                "done": job.done,
                "total": job.total,
                "notes": job.made[: job.done],
            },
            status_code=202,
            headers={"Retry-After": "1"},
        )
    if job.status == "failed":
        raise ApiError(500, job.error or "the analysis failed")
    return {"status": "done", "match": match_id, "game": live.match.game.name, "notes": job.notes}


def _busy(wait: float) -> tuple[int, str, dict[str, str]]:
    status, headers, message = too_many(wait, "more than the replays and analyses a minute")
    return status, message, headers
