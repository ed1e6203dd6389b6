"""Rematch: once a match is over, either seat asks for the same match with the seats swapped,
and the other seat is told.

- ``POST /api/matches/{id}/rematch`` (a seat's bearer token): creates the rematch (same game,
  options, setup, clock and kinds of seats; the seats swapped; a freshly drawn seed), or
  returns the one already created when the other seat asked first. The answer is the caller's
  seat in the new match and its link.
- ``GET /api/matches/{id}/rematch`` (a seat's bearer token): ``offered`` false until one seat
  has asked; then the rematch with this caller's own seat and link, and who asked. The page
  of the seat that did not ask polls it once the match is over, and shows the offer.

Each seat's link in the rematch (a single-use invite, as ``POST /api/matches`` gives) goes only
to the holder of that player's seat in the old match. The offers are kept in this process's
memory (the most recent ``MAX_OFFERS``); the database holds the invites as hashes only.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, Field

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.server.access import find, hub_of, limiter_of, seat_for, settings_of
from duelhost.server.errors import ERRORS, ApiError
from duelhost.server.hub import Busy, Live
from duelhost.server.limits import client_of, too_many
from duelhost.server.routes.matches import refuse_past_live_cap

router = APIRouter()

MAX_OFFERS = 10_000


class Rematch(BaseModel):
    offered: bool
    id: str | None = Field(default=None, description="the rematch's match id")
    seat: int | None = Field(default=None, description="the caller's seat in the rematch")
    url: str | None = Field(
        default=None,
        description="the caller's seat page in the rematch, with its single-use invite",
    )
    by: int | None = Field(default=None, description="the seat (of the old match) that asked")
    spectate: str | None = None


class _Offer:
    def __init__(self, match_id: str, by: int, invites: list[str | None]) -> None:
        self.match_id = match_id
        self.by = by
        self.invites = invites

    def answer(self, old_seat: int) -> Rematch:
        seat = 1 - old_seat  # the seats are swapped
        invite = self.invites[seat]
        return Rematch(
            offered=True,
            id=self.match_id,
            seat=seat,
            url=None if invite is None else f"/play/{self.match_id}#invite={invite}",
            by=self.by,
            spectate=f"/watch/{self.match_id}",
        )


def _offers(request: Request) -> tuple[OrderedDict[str, _Offer], asyncio.Lock]:
    state = request.app.state
    if not hasattr(state, "rematches"):
        state.rematches = (OrderedDict(), asyncio.Lock())
    offers: tuple[OrderedDict[str, _Offer], asyncio.Lock] = state.rematches
    return offers


async def _asker(request: Request, match_id: str, authorization: str | None) -> tuple[Live, int]:
    hub = hub_of(request)
    live = find(hub, match_id, client_of(request.scope))
    seat = seat_for(hub, live, authorization, required=True)
    assert seat is not None
    await hub.settled(live)
    return live, seat


@router.post("/api/matches/{match_id}/rematch", response_model=Rematch, responses=ERRORS)
async def ask_rematch(
    request: Request, match_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """The token's seat asks for a rematch (the seats swapped) of a finished match; the
    other seat is told through ``GET``. Asking again, or after the other seat, gives the same
    rematch."""
    live, seat = await _asker(request, match_id, authorization)
    match = live.match
    if not match.is_over:
        raise ApiError(409, "a rematch is asked for once the match is over")
    offers, lock = _offers(request)
    async with lock:
        offer = offers.get(match_id)
        if offer is None:
            client = client_of(request.scope)
            wait = limiter_of(request).creation(client)
            if wait:
                limit = settings_of(request).max_matches_per_client
                status, headers, message = too_many(wait, f"more than {limit} matches a minute")
                raise ApiError(status, message, headers)
            refuse_past_live_cap(request, client)
            seats = [spec.to_dict() for spec in reversed(match.seats)]
            clock = None if match.clock is None else match.clock.to_dict()
            try:
                made = await hub_of(request).create(
                    match.game.name,
                    dict(match.game.options),
                    None,
                    dict(match.setup),
                    seats,
                    clock,
                    False,
                )
            except (ConfigError, IllegalAction) as error:
                raise ApiError(400, str(error)) from None
            except Busy as error:
                raise ApiError(429, str(error), {"Retry-After": "60"}) from None
            hub_of(request).created_by(made.live.match.id, client)
            offer = _Offer(made.live.match.id, seat, made.invites)
            offers[match_id] = offer
            while len(offers) > MAX_OFFERS:
                offers.popitem(last=False)
    return offer.answer(seat)


@router.get("/api/matches/{match_id}/rematch", response_model=Rematch, responses=ERRORS)
async def rematch_offer(
    request: Request, match_id: str, authorization: str | None = Header(default=None)
) -> Any:
    """The rematch of this match, if a seat has asked for one: this caller's seat and link in
    it, and who asked; ``offered`` false otherwise."""
    _live, seat = await _asker(request, match_id, authorization)
    offers, _lock = _offers(request)
    offer = offers.get(match_id)
    return Rematch(offered=False) if offer is None else offer.answer(seat)
