"""Seeks, challenges and the lobby's live stream (issue 30 point 3).

- ``GET /api/seeks``: the open seeks; ``POST /api/seeks`` ``{game, options, clock, rated,
  rating_min, rating_max}`` (signed in); ``DELETE /api/seeks/{id}``: withdraw one's own;
  ``POST /api/seeks/{id}/accept`` (signed in, or a guest's ``{"guest_name"}`` for a casual
  seek): the match is made with both seats held, and its seat's token answered.
- ``GET /api/challenges``: the signed-in account's open challenges, made and received;
  ``POST /api/challenges`` ``{to, game, options, clock, rated}`` (or ``{bot, game, ...}``: a
  match against that bot level, made at once); ``POST /api/challenges/{id}/accept`` and
  ``.../decline`` (the challenger's decline withdraws it).
- ``WS /api/lobby/live``: the lobby's pushes (``duelhost.server.accounts.lobby``); with the session
  cookie (from this site's pages: ``Origin``) also the account's challenges and matches made.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, cast

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from duelhost.host import json_text
from duelhost.server.account_models import AcceptIn, MadeOut, OfferIn
from duelhost.server.accounts import sessions
from duelhost.server.accounts.lobby import CLOSE, Lobby
from duelhost.server.accounts.offers import Offers
from duelhost.server.accounts.service import Refused
from duelhost.server.errors import ERRORS
from duelhost.server.routes.accounts import acting, signed_in

router = APIRouter()


def offers_of(request: Request | WebSocket) -> Offers:
    return cast(Offers, request.app.state.offers)


@router.get("/api/seeks", responses=ERRORS)
async def list_seeks(request: Request) -> Any:
    """The open seeks, oldest first."""
    return {"seeks": cast(Lobby, request.app.state.lobby).listed()}


@router.post("/api/seeks", status_code=201, responses=ERRORS)
async def post_seek(request: Request, body: OfferIn) -> Any:
    """Post a seek (signed in): every lobby shows it at once."""
    account = acting(request)
    if body.to is not None or body.bot is not None:
        raise Refused(400, "a seek is open to anybody: 'to' and 'bot' are for challenges")
    return await offers_of(request).post_seek(account, body.body())


@router.delete("/api/seeks/{seek_id}", responses=ERRORS)
async def withdraw_seek(request: Request, seek_id: str) -> Any:
    """Withdraw one's own open seek."""
    await offers_of(request).withdraw_seek(acting(request), seek_id)
    return {"withdrawn": seek_id}


@router.post(
    "/api/seeks/{seek_id}/accept", status_code=201, response_model=MadeOut, responses=ERRORS
)
async def accept_seek(request: Request, seek_id: str, body: AcceptIn | None = None) -> Any:
    """Accept a seek: the match is made with both seats held (the seeker's page goes to its
    board). Signed in, or as a guest with a display name for a casual seek."""
    account = acting(request) if signed_in(request) is not None else None
    guest = None if body is None else body.guest_name
    made = await offers_of(request).accept_seek(account, seek_id, guest)
    return made.answer()


@router.get("/api/challenges", responses=ERRORS)
async def my_challenges(request: Request) -> Any:
    """The signed-in account's open challenges, made and received."""
    account = signed_in(request)
    if account is None:
        raise Refused(401, "not signed in")
    return {"challenges": offers_of(request).challenges_of(account)}


@router.post("/api/challenges", status_code=201, responses=ERRORS)
async def challenge(request: Request, body: OfferIn) -> Any:
    """Challenge a player (``to``): they see it at once on any open page, and accept or
    decline it before it expires. With ``bot`` (a level of the game's bots) instead, the
    match against that bot is made at once (answers the seat and its token)."""
    account = acting(request)
    offers = offers_of(request)
    if body.bot is not None:
        if body.to is not None:
            raise Refused(400, "challenge a player ('to') or a bot ('bot'), not both")
        made = await offers.challenge_bot(account, body.body())
        return JSONResponse(made.answer(), status_code=201)
    if body.rating_min is not None or body.rating_max is not None:
        raise Refused(400, "a challenge names its player: rating ranges are for seeks")
    return await offers.challenge(account, body.body())


@router.post(
    "/api/challenges/{challenge_id}/accept",
    status_code=201,
    response_model=MadeOut,
    responses=ERRORS,
)
async def accept_challenge(request: Request, challenge_id: str) -> Any:
    """Accept a challenge sent to this account: the match is made with both seats held."""
    made = await offers_of(request).answer_challenge(acting(request), challenge_id, True)
    assert made is not None
    return made.answer()


@router.post("/api/challenges/{challenge_id}/decline", responses=ERRORS)
async def decline_challenge(request: Request, challenge_id: str) -> Any:
    """Decline a challenge (the challenger's own decline withdraws it)."""
    await offers_of(request).answer_challenge(acting(request), challenge_id, False)
    return {"declined": challenge_id}


@router.websocket("/api/lobby/live")
async def lobby_live(websocket: WebSocket) -> None:
    """The lobby's pushes: ``hello`` with the open seeks (and, signed in, the account's
    challenges), then each change as it happens."""
    await websocket.accept()
    account = signed_in(websocket) if sessions.same_origin(websocket) else None
    lobby = cast(Lobby, websocket.app.state.lobby)
    queue = lobby.subscribe(None if account is None else account.id)
    try:
        hello: dict[str, Any] = {
            "type": "hello",
            "me": None if account is None else account.name,
            "seeks": lobby.listed(),
            "challenges": [] if account is None else offers_of(websocket).challenges_of(account),
        }
        await websocket.send_text(json_text.dumps(hello))
        reader = asyncio.create_task(_drain(websocket))
        try:
            while True:
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    return
                text = getter.result()
                if text == CLOSE:
                    await websocket.close(code=4408)
                    return
                await websocket.send_text(text)
        finally:
            reader.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        lobby.unsubscribe(queue)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends until it leaves."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
