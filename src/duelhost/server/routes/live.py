"""``WS /api/matches/{id}/live``: numbered frames for one seat or a spectator, and the seat's
actions sent over the same socket.

The client's first message is ``{"token": "...", "after": n, "text": true, "delta": false}``
(every field optional), so the token never travels in a URL; with ``"delta": true`` the frames
after the first are delta frames (``host.frame_builder.delta``: what changed since the previous
one); the stream carries ``{"type": "players", "players": [...]}`` (who holds the seats, by
name: issue 30) after the first frames and whenever a seat is taken by a named player; with
``"presence": true`` it also carries ``{"type": "presence", "seats": [...],
"spectators": n}`` at once and whenever a seat's page or a spectator joins or leaves
(``Watching.presence``).
Then the client may send ``{"type": "submit", "text", "key", "ref"}``, ``{"type": "resign"}``,
``{"type": "extend"}``, ``{"type": "draw"}``, ``{"type": "ping"}`` or ``{"type": "full"}`` (a
full frame now, for a client that lost track of its deltas); each gets an ``ack`` (the HTTP
answer), a ``pong``, the frame, or an ``error``, never a dropped connection for bad input.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from duelhost.core.errors import ConfigError, IllegalAction, quote, quote_value, shorten
from duelhost.host import json_text
from duelhost.server.access import hub_of, settings_of
from duelhost.server.errors import MAX_MESSAGE
from duelhost.server.events.views import delayed
from duelhost.server.events.watching import scouting, spectator_delay
from duelhost.server.hub import Hub, Live, NotFound, StorageFailed, Unauthorized
from duelhost.server.limits import TokenBucket, client_of
from duelhost.server.ownership import CLOSED, ENDED, OwnedElsewhere
from duelhost.server.settings import ServerSettings

router = APIRouter()


@dataclass(frozen=True)
class Hello:
    """What the client's first message asked for."""

    seat: int | None
    after: int
    with_text: bool
    deltas: bool
    presence: bool


class Refused(Exception):
    """The stream cannot start: the error to send and the close code."""

    def __init__(self, message: str | None, code: int) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@router.websocket("/api/matches/{match_id}/live")
async def live_stream(websocket: WebSocket, match_id: str) -> None:
    """Numbered frames for one seat or a spectator. First client message:
    ``{"token": "...", "after": n}`` (both optional). Then the client may send
    ``{"type": "submit", "text", "key"}``, ``{"type": "resign"}``, ``{"type": "extend"}``."""
    hub, settings = hub_of(websocket), settings_of(websocket)
    await websocket.accept()
    try:
        live = _match(hub, match_id, client_of(websocket.scope))
        hello = await _hello(hub, live, websocket, settings)
    except Refused as refused:
        with contextlib.suppress(Exception):
            if refused.message is not None:
                await websocket.send_json({"type": "error", "error": refused.message})
            await websocket.close(code=refused.code)
        return
    if hello.seat is None:
        service = getattr(websocket.app.state, "events", None)
        refusal = scouting(service, match_id, websocket.cookies)
        if refusal is not None:
            with contextlib.suppress(Exception):
                await websocket.send_json({"type": "error", "error": refusal})
                await websocket.close(code=4403)
            return
        delay = spectator_delay(service, match_id)
        if delay > 0:
            await delayed_stream(hub, live, websocket, delay)
            return
    # Steps in memory but not yet committed must not reach a new stream (nothing is sent
    # before it is on disk): wait for them, then subscribe and send with no await between.
    await hub.settled(live)
    # The buffered frames lack the text rendering when no client wanted it: one that does now
    # starts from a full frame.
    after = -1 if hello.with_text and not live.match.renders_text(hello.seat) else hello.after
    queue = hub.subscribe(live, hello.seat, hello.with_text, hello.deltas, hello.presence)
    hub.watched_finished(live, client_of(websocket.scope))
    try:
        frames = live.match.frames_since(hello.seat, after, hub.now(), hello.deltas)
        for frame in frames:
            if not hello.with_text:
                frame.pop("text", None)
            await websocket.send_text(json_text.dumps(frame))
        # Who holds the seats, by name (issue 30); sent again whenever a seat is bound.
        named = websocket.app.state.seating.players(live.match.id)
        if any(named):
            await websocket.send_text(json_text.dumps({"type": "players", "players": named}))
        sender = asyncio.create_task(_pump(websocket, queue, settings.max_backlog))
        try:
            await _serve_messages(hub, live, hello, websocket, settings)
        finally:
            sender.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client left (or its socket closed under us): nothing more to send
    finally:
        hub.unsubscribe(live, hello.seat, queue)


async def delayed_stream(hub: Hub, live: Live, websocket: WebSocket, delay: float) -> None:
    """A spectator of a game of an event with a spectator delay (issue 31): full frames of
    the match as it was ``delay`` seconds ago, one whenever that past state changes; the
    client's messages get an error (spectators cannot act)."""

    async def send() -> None:
        last = -1
        while True:
            now = hub.now()
            past = delayed(live, now, delay)
            if len(past.log) != last:
                last = len(past.log)
                frame = dict(past.frame(None, now - delay))
                frame["delayed"] = delay
                await websocket.send_text(json_text.dumps(frame))
            if past.is_over:
                return
            await asyncio.sleep(0.5)

    sender = asyncio.create_task(send())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            await websocket.send_text(
                json_text.dumps(
                    {"type": "error", "error": "spectators cannot act; connect with a seat's token"}
                )
            )
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sender.cancel()


def _match(hub: Hub, match_id: str, client: str) -> Live:
    try:
        return hub.get(match_id, client)
    except (NotFound, ConfigError, ValueError):
        raise Refused(f"no match {quote(match_id)}", 4404) from None
    except OwnedElsewhere as error:  # several processes: another one hosts it right now
        raise Refused(str(error), 1013) from None


async def _hello(hub: Hub, live: Live, websocket: WebSocket, settings: ServerSettings) -> Hello:
    """Read the client's first message: the seat its token holds, where it resumes."""
    try:
        hello = await asyncio.wait_for(websocket.receive_json(), timeout=settings.hello_timeout)
    except (TimeoutError, ValueError, KeyError, WebSocketDisconnect, RuntimeError):
        raise Refused(None, 4400) from None
    if not isinstance(hello, dict):
        raise Refused("the first message must be an object", 4400)
    token = hello.get("token")
    seat: int | None = None
    if token not in (None, ""):
        try:
            if not isinstance(token, str):
                raise Unauthorized("the token must be text")
            seat = hub.seat_for_token(live, token)
        except Unauthorized as error:
            raise Refused(str(error), 4403) from None
    after = hello.get("after")
    if isinstance(after, bool) or not isinstance(after, int):
        after = -1
    return Hello(
        seat,
        after,
        hello.get("text") is not False,
        hello.get("delta") is True,
        hello.get("presence") is True,
    )


async def _serve_messages(
    hub: Hub, live: Live, hello: Hello, websocket: WebSocket, settings: ServerSettings
) -> None:
    """Answer the client's messages until it leaves (raises WebSocketDisconnect)."""
    rate = settings.ws_messages_per_second
    bucket = TokenBucket(rate, 2 * rate, time.monotonic())
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        reply: dict[str, Any]
        if bucket.take(time.monotonic()):
            reply = {"type": "error", "error": f"more than {rate:g} messages a second"}
        elif text is None:
            reply = {"type": "error", "error": "messages must be JSON objects sent as text"}
        elif len(text) > settings.ws_max_message:
            reply = {
                "type": "error",
                "error": f"a message may hold at most {settings.ws_max_message} characters",
            }
        else:
            reply = await handle_message(hub, live, hello, text, settings)
        await websocket.send_text(json_text.dumps(reply))


async def full_frame(hub: Hub, live: Live, hello: Hello) -> dict[str, Any]:
    """A full frame of the match as it is on disk (``kind`` "full": every event from the
    start), for a client that lost track of its delta frames."""
    await hub.settled(live)
    frame: dict[str, Any] = dict(live.match.frame(hello.seat, hub.now()))
    if not hello.with_text:
        frame.pop("text", None)
    return frame


async def _pump(websocket: WebSocket, queue: asyncio.Queue[str], max_backlog: int) -> None:
    while True:
        if queue.qsize() > max_backlog:
            await websocket.close(code=4408, reason="too far behind; reconnect with 'after'")
            return
        text = await queue.get()
        if text == CLOSED:  # the match moved to another process: reconnect there
            await websocket.close(code=1012, reason="the match moved; reconnect with 'after'")
            return
        if text == ENDED:  # a finished match left memory: nothing more will come
            await websocket.close(code=4410, reason="the match is over: nothing more will come")
            return
        await websocket.send_text(text)


def _sendable_ref(ref: Any, max_length: int) -> bool:
    if ref is None or isinstance(ref, int):
        return not isinstance(ref, int) or abs(ref) < 2**63
    if isinstance(ref, float):
        return math.isfinite(ref)
    if isinstance(ref, str) and len(ref) <= max_length:
        try:
            ref.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    return False


def _error(ref: Any, message: str) -> dict[str, Any]:
    return {"type": "error", "ref": ref, "error": shorten(message, MAX_MESSAGE)}


async def handle_message(
    hub: Hub, live: Live, hello: Hello, message: str, settings: ServerSettings
) -> dict[str, Any]:
    """One client message on the live stream -> the reply (never raises for bad input)."""
    seat = hello.seat
    try:
        data = json.loads(message)
    except (ValueError, RecursionError):
        return {"type": "error", "error": "messages must be JSON objects"}
    if not isinstance(data, dict):
        return {"type": "error", "error": "messages must be JSON objects"}
    kind = data.get("type")
    ref = data.get("ref")
    if not _sendable_ref(ref, settings.max_key):
        # The reply echoes ``ref``: it must be something that can be sent back as it came.
        return _error(
            None, f"ref must be a number or text of at most {settings.max_key} characters"
        )
    if kind == "ping":
        return {"type": "pong", "ref": ref, "time": hub.now()}
    if kind == "full":
        return await full_frame(hub, live, hello)
    if kind not in ("submit", "commit", "resign", "extend", "draw"):
        return _error(ref, "type must be submit, commit, resign, extend, draw, ping or full")
    if seat is None:
        return _error(ref, "spectators cannot act; connect with a seat's token")
    try:
        if kind in ("submit", "commit"):
            return await _submit(hub, live, seat, data, ref, settings)
        answer = await hub.act(live, seat, kind)
    except (IllegalAction, StorageFailed) as error:
        return _error(ref, str(error))
    return {"type": "ack", "ref": ref, **answer}


async def _submit(
    hub: Hub, live: Live, seat: int, data: dict[str, Any], ref: Any, settings: ServerSettings
) -> dict[str, Any]:
    key = data.get("key")
    if key is not None and (not isinstance(key, str) or len(key) > settings.max_key):
        return _error(ref, f"key must be text of at most {settings.max_key} characters")
    asked = data.get("seat")
    if asked is not None and asked != seat:
        # As over HTTP (403): a token acts only for its own seat.
        return _error(ref, f"this token holds seat {seat}, not seat {quote_value(asked)}")
    text = data.get("text")
    if isinstance(text, str) and len(text) > settings.max_text:
        return _error(ref, "the text is too long")
    if data.get("type") == "commit":
        answer = await hub.commit(live, seat, data.get("commitment"), key)
    else:
        answer = await hub.submit(live, seat, text, key, data.get("nonce"), data.get("decision"))
    return {"type": "ack", "ref": ref, **answer}
