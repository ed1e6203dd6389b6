"""The HTTP + WebSocket API of ``duelhost serve`` (FastAPI), and the plain pages.

Routes (a contract: clients rely on them):

- ``POST /api/matches`` create a match; ``GET /api/matches`` list matches.
- ``GET /api/matches/{id}`` a seat's state with ``Authorization: Bearer <token>``, else the
  spectator's.
- ``POST /api/matches/{id}/submissions`` ``{"text", "key"}`` with the seat's token.
- ``POST /api/matches/{id}/resign``, ``POST /api/matches/{id}/extend`` (TG9 extended time),
  ``POST /api/matches/{id}/draw`` (offer or accept a draw where the game has them, GE8).
- ``GET /api/matches/{id}/record`` the match record (once the match is over: it holds the
  secret submissions).
- ``WS /api/matches/{id}/live`` numbered frames; the client's first message is
  ``{"token": ..., "after": n}`` (both optional) so the token never travels in a URL.
- ``GET /api/games`` the games, their options, default clocks and bots.
- ``GET /play/{id}`` (token in the URL fragment) and ``GET /watch/{id}``: the plain page.

Every error is ``{"error": "<message>"}`` with a 4xx status; bad input never gives a 5xx.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import duelhost
from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.registry import spec as game_spec
from duelhost.host.clocks import default_clock
from duelhost.server.hub import Hub, Live, NotFound, StorageFailed, Unauthorized
from duelhost.server.page import PAGE_HTML
from duelhost.store import Store

API_VERSION = "1"


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = Field(
        description="human: gets a token; bot: played by the server"
    )
    bot: str | None = Field(default=None, max_length=64, description="the bot's name (bot seats)")


class CreateMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="engine name, e.g. goofspiel")
    options: dict[str, Any] = Field(default_factory=dict, description="game options")
    setup: dict[str, Any] = Field(default_factory=dict, description="setup arguments of game.new")
    seed: int | None = Field(
        default=None, ge=0, le=2**63 - 1, description="match seed (G6); random if absent"
    )
    seats: list[SeatIn] = Field(
        default_factory=lambda: [SeatIn(kind="human"), SeatIn(kind="human")],
        min_length=2,
        max_length=2,
    )
    clock: dict[str, Any] | None = Field(
        default=None,
        description="null: untimed; absent: the game's default; an object changes the "
        "default's fields (mode, seconds, planning_seconds, extended_seconds, extensions)",
    )


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    token: str | None = None
    url: str | None = None


class Created(BaseModel):
    id: str
    game: str
    seed: int
    seats: list[SeatOut]
    spectate: str
    clock: dict[str, Any] | None


class Submission(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=20_000, description="the submission in the game's notation")
    key: str | None = Field(default=None, max_length=200, description="idempotency key")
    seat: int | None = Field(default=None, description="optional: must be the token's seat")


class Accepted(BaseModel):
    accepted: bool
    receipt: str | None = None
    decision: int | None = None
    text: str | None = None
    seq: int | None = None


class ErrorOut(BaseModel):
    error: str


class MatchState(BaseModel):
    id: str
    game: str
    seat: int | None
    to_act: list[int]
    view: dict[str, Any]
    is_over: bool
    winner: int | None
    result: dict[str, Any]
    clock: dict[str, Any] | None
    n: int
    orders: str | None = None


class MatchSummary(BaseModel):
    id: str
    game: str
    created: float
    over: bool
    result: dict[str, Any] | None
    seats: list[dict[str, Any]]
    spectate: str


class MatchList(BaseModel):
    total: int
    matches: list[MatchSummary]


class GameInfo(BaseModel):
    name: str
    title: str
    summary: str
    dynamics: list[str]
    options: dict[str, Any]
    clock: dict[str, Any] | None
    bots: list[str]


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "refused (the message says why)"},
    401: {"model": ErrorOut, "description": "missing or bad token"},
    403: {"model": ErrorOut, "description": "the token's seat may not do this"},
    404: {"model": ErrorOut, "description": "no such match"},
    409: {"model": ErrorOut, "description": "not possible in the match's present state"},
    422: {"model": ErrorOut, "description": "malformed request"},
    503: {"model": ErrorOut, "description": "the step could not be stored; nothing happened"},
}


class _Abort(Exception):
    """An error answer: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    db: str | None = None,
    store: Store | None = None,
    now: Callable[[], float] = time.time,
) -> FastAPI:
    """The server application; ``store`` (or ``db``, a database URL) keeps the matches."""
    the_store = store if store is not None else Store(db)
    hub = Hub(the_store, now)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.start()
        yield
        hub.stop()

    app = FastAPI(
        title="duelhost match server",
        version=duelhost.__version__,
        description="Hosts two-player strategy duels: seats with tokens, server clocks, secret "
        "submissions with receipts, durable logs. See docs/server.md.",
        lifespan=lifespan,
    )
    app.state.hub = hub

    @app.exception_handler(RequestValidationError)
    async def on_validation(_request: Request, error: RequestValidationError) -> JSONResponse:
        parts = []
        for item in error.errors()[:3]:
            where = ".".join(str(x) for x in item.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {item.get('msg', 'invalid')}")
        return _error(422, "; ".join(parts) or "malformed request")

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        answer = _error(error.status_code, str(error.detail))
        for name, value in (error.headers or {}).items():
            answer.headers[name] = value
        if error.status_code == 405:
            # Every method of the path, not only those of the first route that matched it.
            methods = {
                method
                for route in app.routes
                if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
                for method in route.methods or ()
            }
            answer.headers["Allow"] = ", ".join(sorted(methods))
        return answer

    def find(match_id: str) -> Live:
        try:
            return hub.get(match_id)
        except NotFound:
            raise _Abort(404, f"no match {match_id!r}") from None
        except (ConfigError, ValueError) as error:
            raise _Abort(409, f"match {match_id!r} cannot be loaded: {error}") from None

    def seat_for(live: Live, authorization: str | None, required: bool) -> int | None:
        try:
            return hub.seat_of(live, authorization, required)
        except Unauthorized as error:
            raise _Abort(error.status, str(error)) from None

    def acting_seat(live: Live, authorization: str | None, asked: int | None) -> int:
        seat = seat_for(live, authorization, required=True)
        assert seat is not None
        if asked is not None and asked != seat:
            raise _Abort(403, f"this token holds seat {seat}, not seat {asked}")
        return seat

    @app.exception_handler(StorageFailed)
    async def on_storage(_request: Request, error: StorageFailed) -> JSONResponse:
        return _error(503, str(error))

    @app.exception_handler(_Abort)
    async def on_abort(_request: Request, error: _Abort) -> JSONResponse:
        return _error(error.status, error.message)

    @app.post("/api/matches", status_code=201, response_model=Created, responses=ERRORS)
    async def create_match(body: CreateMatch) -> Any:
        """Create a match. Human seats get a token (in the URL fragment of their page)."""
        try:
            live, tokens = await hub.create(
                body.game,
                body.options,
                body.seed,
                body.setup,
                [seat.model_dump() for seat in body.seats],
                body.clock,
                "clock" not in body.model_fields_set,
            )
        except (ConfigError, IllegalAction) as error:
            raise _Abort(400, str(error)) from None
        match = live.match
        seats = []
        for number, (seat, token) in enumerate(zip(match.seats, tokens, strict=True)):
            seats.append(
                SeatOut(
                    seat=number,
                    kind=seat.kind,
                    bot=seat.bot,
                    token=token,
                    url=None if token is None else f"/play/{match.id}#{token}",
                )
            )
        return Created(
            id=match.id,
            game=match.game.name,
            seed=match.seed,
            seats=seats,
            spectate=f"/watch/{match.id}",
            clock=None if match.clock is None else match.clock.to_dict(),
        )

    @app.get("/api/matches", response_model=MatchList, responses=ERRORS)
    async def list_matches(
        limit: int = Query(50, ge=1, le=500),
        offset: int = Query(0, ge=0, le=10**9),
        game: str | None = Query(None, max_length=64),
    ) -> Any:
        """Matches, newest first."""
        total, rows = hub.store.list(limit, offset, game)
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
                )
                for row in rows
            ],
        )

    @app.get("/api/matches/{match_id}", response_model=MatchState, responses=ERRORS)
    async def get_match(match_id: str, authorization: str | None = Header(default=None)) -> Any:
        """A seat's state (bearer token) or the spectator's (no token)."""
        live = find(match_id)
        seat = seat_for(live, authorization, required=False)
        await hub.settled(live)
        return live.match.summary(seat, hub.now())

    @app.post("/api/matches/{match_id}/submissions", response_model=Accepted, responses=ERRORS)
    async def submit(
        match_id: str, body: Submission, authorization: str | None = Header(default=None)
    ) -> Any:
        """Submit for the token's seat. A repeated ``key`` returns the first answer."""
        live = find(match_id)
        seat = acting_seat(live, authorization, body.seat)
        try:
            return await hub.submit(live, seat, body.text, body.key)
        except IllegalAction as error:
            raise _Abort(400, str(error)) from None

    async def seat_action(
        match_id: str,
        authorization: str | None = Header(default=None),
        seat_asked: int | None = Query(
            None, alias="seat", description="optional: must be the token's seat"
        ),
    ) -> tuple[Live, int]:
        """The match and the token's seat, for the routes where a seat acts."""
        live = find(match_id)
        return live, acting_seat(live, authorization, seat_asked)

    async def refused_as_conflict(action: Any) -> Any:
        try:
            return await action
        except IllegalAction as error:
            raise _Abort(409, str(error)) from None

    @app.post("/api/matches/{match_id}/resign", response_model=Accepted, responses=ERRORS)
    async def resign(acting: tuple[Live, int] = Depends(seat_action)) -> Any:
        """The token's seat resigns: the other seat wins."""
        return await refused_as_conflict(hub.act(*acting, "resign"))

    @app.post("/api/matches/{match_id}/extend", responses=ERRORS)
    async def extend(acting: tuple[Live, int] = Depends(seat_action)) -> Any:
        """Call extended time (Tactical Genius TG9: once per player per match)."""
        return await refused_as_conflict(hub.act(*acting, "extend"))

    @app.post("/api/matches/{match_id}/draw", response_model=Accepted, responses=ERRORS)
    async def draw(acting: tuple[Live, int] = Depends(seat_action)) -> Any:
        """Offer a draw, or accept the opponent's offer, in games that have draws by
        agreement (Generalissimo GE8); the game's rules decide when it may be made."""
        return await refused_as_conflict(hub.act(*acting, "draw"))

    @app.get("/api/matches/{match_id}/record", responses=ERRORS)
    async def record(match_id: str) -> Any:
        """The match record (seed, options, every submission with its time, receipt and
        nonce), once the match is over; ``duelhost replay`` and ``duelhost verify`` read it."""
        live = find(match_id)
        await hub.settled(live)
        if not live.match.is_over:
            raise _Abort(
                409,
                "the record is published when the match is over (it holds the secret submissions)",
            )
        return JSONResponse(
            live.match.record(),
            headers={"Content-Disposition": f'attachment; filename="{match_id}.json"'},
        )

    @app.get("/api/games", response_model=list[GameInfo])
    async def games() -> Any:
        """The games this server hosts, with options, default clock and bots."""
        result = []
        for name in duelhost.list_games():
            spec = game_spec(name)
            game = duelhost.load(name)
            clock = default_clock(game)
            result.append(
                GameInfo(
                    name=name,
                    title=spec.title,
                    summary=spec.summary,
                    dynamics=list(spec.dynamics),
                    options=dict(game.options),
                    clock=None if clock is None else clock.to_dict(),
                    bots=available_bots(name),
                )
            )
        return result

    @app.websocket("/api/matches/{match_id}/live")
    async def live_stream(websocket: WebSocket, match_id: str) -> None:
        """Numbered frames for one seat or a spectator. First client message:
        ``{"token": "...", "after": n}`` (both optional). Then the client may send
        ``{"type": "submit", "text", "key"}``, ``{"type": "resign"}``, ``{"type": "extend"}``."""
        await websocket.accept()
        try:
            live = hub.get(match_id)
        except (NotFound, ConfigError, ValueError):
            await websocket.send_json({"type": "error", "error": f"no match {match_id!r}"})
            await websocket.close(code=4404)
            return
        try:
            hello = await asyncio.wait_for(websocket.receive_json(), timeout=30)
        except (TimeoutError, ValueError, KeyError, WebSocketDisconnect, RuntimeError):
            with contextlib.suppress(Exception):
                await websocket.close(code=4400)
            return
        if not isinstance(hello, dict):
            await websocket.send_json(
                {"type": "error", "error": "the first message must be an object"}
            )
            await websocket.close(code=4400)
            return
        token = hello.get("token")
        seat: int | None = None
        if token not in (None, ""):
            try:
                if not isinstance(token, str):
                    raise Unauthorized("the token must be text")
                seat = hub.seat_for_token(live, token)
            except Unauthorized as error:
                await websocket.send_json({"type": "error", "error": str(error)})
                await websocket.close(code=4403)
                return
        after = hello.get("after")
        if isinstance(after, bool) or not isinstance(after, int):
            after = -1
        with_text = hello.get("text") is not False
        # Steps in memory but not yet committed must not reach a new stream (nothing is sent
        # before it is on disk): wait for them, then subscribe and send with no await between.
        await hub.settled(live)
        queue = hub.subscribe(live, seat, with_text)
        try:
            for frame in live.match.frames_since(seat, after, hub.now()):
                if not with_text:
                    frame.pop("text", None)
                await websocket.send_json(frame)
            sender = asyncio.create_task(_pump(websocket, queue))
            try:
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        raise WebSocketDisconnect(message.get("code", 1000))
                    text = message.get("text")
                    if text is None:
                        reply: dict[str, Any] = {
                            "type": "error",
                            "error": "messages must be JSON objects sent as text",
                        }
                    else:
                        reply = await _handle(hub, live, seat, text)
                    await websocket.send_json(reply)
            finally:
                sender.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client left (or its socket closed under us): nothing more to send
        finally:
            hub.unsubscribe(live, seat, queue)

    @app.get("/api/stats")
    async def stats() -> dict[str, Any]:
        """Server-side figures: matches in memory, submit-to-ack latency (host step plus
        commit) percentiles in ms, group commits, tick lateness."""
        acks = sorted(hub.ack_latencies)
        late = sorted(x for live in hub.live.values() for x in live.match.tick_lateness)

        def pick(values: list[float], q: float) -> float | None:
            if not values:
                return None
            return round(values[min(len(values) - 1, int(q * len(values)))] * 1000, 3)

        return {
            "matches_in_memory": len(hub.live),
            "acks": len(acks),
            "ack_ms": {"p50": pick(acks, 0.5), "p99": pick(acks, 0.99), "max": pick(acks, 1.0)},
            "commit_groups": hub.writer.groups,
            "committed_steps": hub.writer.steps,
            "ticks": len(late),
            "tick_late_ms": {
                "p50": pick(late, 0.5),
                "p99": pick(late, 0.99),
                "max": pick(late, 1.0),
            },
        }

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> str:
        return PAGE_HTML

    @app.get("/play/{match_id}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(match_id: str) -> str:
        return PAGE_HTML

    @app.get("/watch/{match_id}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(match_id: str) -> str:
        return PAGE_HTML

    return app


MAX_BACKLOG = 500
"""Frames waiting for one slow client before it is disconnected (it reconnects and resumes)."""


async def _pump(websocket: WebSocket, queue: asyncio.Queue[str]) -> None:
    while True:
        if queue.qsize() > MAX_BACKLOG:
            await websocket.close(code=4408, reason="too far behind; reconnect with 'after'")
            return
        await websocket.send_text(await queue.get())


def _sendable_ref(ref: Any) -> bool:
    if ref is None or isinstance(ref, int):
        return not isinstance(ref, int) or abs(ref) < 2**63
    if isinstance(ref, float):
        return math.isfinite(ref)
    if isinstance(ref, str) and len(ref) <= 200:
        try:
            ref.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    return False


async def _handle(hub: Hub, live: Live, seat: int | None, message: str) -> dict[str, Any]:
    """One client message on the live stream -> the reply (never raises for bad input)."""
    try:
        data = json.loads(message)
    except (ValueError, RecursionError):
        return {"type": "error", "error": "messages must be JSON objects"}
    if not isinstance(data, dict):
        return {"type": "error", "error": "messages must be JSON objects"}
    kind = data.get("type")
    ref = data.get("ref")
    if not _sendable_ref(ref):
        # The reply echoes ``ref``: it must be something that can be sent back as it came.
        return {
            "type": "error",
            "ref": None,
            "error": "ref must be a number or text of at most 200 characters",
        }
    if kind == "ping":
        return {"type": "pong", "ref": ref, "time": hub.now()}
    if kind not in ("submit", "resign", "extend", "draw"):
        return {
            "type": "error",
            "ref": ref,
            "error": "type must be submit, resign, extend, draw or ping",
        }
    if seat is None:
        return {
            "type": "error",
            "ref": ref,
            "error": "spectators cannot act; connect with a seat's token",
        }
    try:
        if kind == "submit":
            key = data.get("key")
            if key is not None and (not isinstance(key, str) or len(key) > 200):
                return {
                    "type": "error",
                    "ref": ref,
                    "error": "key must be text of at most 200 characters",
                }
            text = data.get("text")
            if isinstance(text, str) and len(text) > 20_000:
                return {"type": "error", "ref": ref, "error": "the text is too long"}
            answer = await hub.submit(live, seat, text, key)
        else:
            answer = await hub.act(live, seat, kind)
    except (IllegalAction, StorageFailed) as error:
        return {"type": "error", "ref": ref, "error": str(error)}
    return {"type": "ack", "ref": ref, **answer}
