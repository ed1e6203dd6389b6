"""Players and their seats (issue 30 point 2).

- ``GET /api/me/matches``: the matches the signed-in account holds a seat of (from any
  device), unfinished first, each with its seat, game, whose decision it is and whether it is
  this account's turn, and the link to the seat's page.
- ``POST /api/matches/{id}/seats/{seat}/claim`` (and ``POST /api/matches/{id}/claim``: the
  account's seat of the match): the seat's token, for the account that holds the seat, with
  the session cookie (a same-site write). The token is the one derived for the account's seat
  (``Accounts.seat_token``): the same on every device, never stored; 410 once the match's host
  re-issued the seat's invite.
- ``GET /api/players/{name}``: a player's public profile (name, since when, matches played).
"""

from __future__ import annotations

import contextlib
from typing import Any

from fastapi import APIRouter, Path, Query, Request

from duelhost.core.errors import ConfigError, quote
from duelhost.server.access import hub_of
from duelhost.server.account_models import ClaimOut
from duelhost.server.accounts.service import Refused
from duelhost.server.errors import ERRORS
from duelhost.server.hub import NotFound, hash_token
from duelhost.server.limits import client_of
from duelhost.server.ownership import OwnedElsewhere
from duelhost.server.routes.accounts import accounts_of, acting, signed_in

router = APIRouter()


@router.get("/api/me/matches", responses=ERRORS)
async def my_matches(
    request: Request,
    limit: int = Query(50, ge=1, le=200),
    offset: int = Query(0, ge=0, le=10**9),
) -> Any:
    """The matches whose seats the signed-in account holds, unfinished first, newest first."""
    account = signed_in(request)
    if account is None:
        raise Refused(401, "not signed in")
    total, rows = accounts_of(request).store.matches_of(account.id, limit, offset)
    players = request.app.state.seating.many([row[0] for row in rows])
    hub = hub_of(request)
    out = []
    for match_id, seat, game, over, created, _result in rows:
        to_act: list[int] | None = None
        if not over:
            with contextlib.suppress(NotFound, ConfigError, ValueError, OwnedElsewhere):
                to_act = list(hub.get(match_id, client_of(request.scope)).match.to_act)
        out.append(
            {
                "match_id": match_id,
                "seat": seat,
                "game": game,
                "over": over,
                "created": created,
                "to_act": to_act,
                "your_turn": bool(to_act) and seat in (to_act or []),
                "players": players.get(match_id),
                "url": f"/play/{match_id}#claim={seat}",
            }
        )
    return {"total": total, "matches": out}


async def _claim(request: Request, match_id: str, seat: int | None) -> ClaimOut:
    account = acting(request)
    accounts = accounts_of(request)
    store = accounts.store
    held = [
        s
        for s in ((seat,) if seat is not None else (0, 1))
        if store.seat_of(match_id, s) == account.id
    ]
    if not held:
        raise Refused(404, f"you hold no seat of match {quote(match_id)}")
    chosen = held[0]
    token = accounts.seat_token(match_id, chosen, account.id)
    in_force = hub_of(request).store.seat_token_hashes(match_id)
    if in_force.get(chosen) != hash_token(token):
        raise Refused(
            410, "this seat's invite was re-issued by the match's host: you no longer hold it"
        )
    return ClaimOut(match_id=match_id, seat=chosen, token=token)


@router.post(
    "/api/matches/{match_id}/seats/{seat}/claim", response_model=ClaimOut, responses=ERRORS
)
async def claim_seat(request: Request, match_id: str, seat: int = Path(ge=0, le=1)) -> Any:
    """The token of a seat the signed-in account holds (the same on every device)."""
    return await _claim(request, match_id, seat)


@router.post("/api/matches/{match_id}/claim", response_model=ClaimOut, responses=ERRORS)
async def claim_match(request: Request, match_id: str) -> Any:
    """The token of the signed-in account's seat of a match (its first, if it holds both)."""
    return await _claim(request, match_id, None)


@router.get("/api/players/{name}", responses=ERRORS)
async def player(request: Request, name: str = Path(max_length=64)) -> Any:
    """A player's public profile: name, when the account was made, how many matches it held
    a seat of."""
    store = accounts_of(request).store
    account = store.by_name(name)
    if account is None:
        raise Refused(404, f"no player named {quote(name)}")
    total, rows = store.matches_of(account.id, 20, 0)
    return {
        "name": account.name,
        "kind": account.kind,
        "created": account.created,
        "matches": total,
        "recent": [
            {"match_id": m, "seat": s, "game": g, "over": o, "created": c}
            for m, s, g, o, c, _r in rows
        ],
    }
