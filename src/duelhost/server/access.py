"""What the routes share: the hub of the app, the match a path names, and the seat a bearer
token holds (as FastAPI dependencies or plain helpers)."""

from __future__ import annotations

from typing import cast

from fastapi import Header, Query, Request
from starlette.requests import HTTPConnection

from duelhost.core.errors import ConfigError, quote
from duelhost.server.errors import ApiError
from duelhost.server.hub import Hub, Live, NotFound, Unauthorized
from duelhost.server.limits import Limiter, client_of
from duelhost.server.settings import ServerSettings


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub of the app serving this request or WebSocket."""
    return cast(Hub, connection.app.state.hub)


def settings_of(connection: HTTPConnection) -> ServerSettings:
    return cast(ServerSettings, connection.app.state.settings)


def limiter_of(connection: HTTPConnection) -> Limiter:
    return cast(Limiter, connection.app.state.limiter)


def find(hub: Hub, match_id: str, client: str) -> Live:
    """The match, or a 404 (409 for a stored match that cannot be loaded); one rebuilt from
    the store for ``client`` (the request's address) counts for it (``Hosting.get``)."""
    try:
        return hub.get(match_id, client)
    except NotFound:
        raise ApiError(404, f"no match {quote(match_id)}") from None
    except (ConfigError, ValueError) as error:
        raise ApiError(409, f"match {quote(match_id)} cannot be loaded: {error}") from None


def seat_for(hub: Hub, live: Live, authorization: str | None, required: bool) -> int | None:
    """The seat the ``Authorization`` header's token holds (None: a spectator)."""
    try:
        return hub.seat_of(live, authorization, required)
    except Unauthorized as error:
        raise ApiError(error.status, str(error)) from None


def acting_seat(hub: Hub, live: Live, authorization: str | None, asked: int | None) -> int:
    """The token's seat, which must be the seat ``asked`` for when one is named (403)."""
    seat = seat_for(hub, live, authorization, required=True)
    assert seat is not None
    if asked is not None and asked != seat:
        raise ApiError(403, f"this token holds seat {seat}, not seat {asked}")
    return seat


async def seat_action(
    request: Request,
    match_id: str,
    authorization: str | None = Header(default=None),
    seat_asked: int | None = Query(
        None, alias="seat", description="optional: must be the token's seat"
    ),
) -> tuple[Live, int]:
    """The match and the token's seat, for the routes where a seat acts."""
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    return live, acting_seat(hub, live, authorization, seat_asked)
