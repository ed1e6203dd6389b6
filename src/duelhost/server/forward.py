"""Forwarding for several server processes: a request for a match that another live process
hosts is sent there and its answer relayed; a live stream is relayed from there frame by frame.

ASGI middleware in front of the app (``duelhost serve --cluster``). Requests that name a match
(``/api/matches/{id}...``) and that this process does not host are looked up in the leases:

- HTTP: forwarded with its method, body and ``Authorization``; the answer comes back as it
  was. If the host cannot be reached before the request was sent, the request waits for the
  match's next host (its lease expires within 3 s); if it was sent and the host died, the
  answer is a 503 ("try again"; a repeated idempotency key gets the first answer).
- WebSocket: the stream is relayed from the host; when the host goes away (it died, shut down
  or lost the match: close 1012/1006), the relay reconnects to the next host with ``after`` =
  the last frame number it passed on, so the client misses nothing and keeps its socket.
  Submissions that were in flight get no ack: clients resend them with the same key.

A forwarded request carries ``x-duelhost-forwarded`` and is never forwarded again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from typing import TYPE_CHECKING, Any

import httpx
import websockets
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

if TYPE_CHECKING:
    from duelhost.server.cluster import Cluster

MATCH_PATH = re.compile(r"^/api/matches/([^/]+)(?:/.*)?$")
FORWARDED = b"x-duelhost-forwarded"
RELAYED_HEADERS = {"content-type", "content-disposition", "retry-after", "allow"}
RECONNECT_FOR = 20.0
"""Seconds a relay keeps looking for the match's next host before it gives up (close 1011)."""
PASSED_ON = {4400, 4403, 4404, 4408}
"""Close codes of the host that the relay passes on to its client (they are about the client)."""


class Forwarder:
    """The middleware."""

    def __init__(self, app: ASGIApp, cluster: Cluster) -> None:
        self.app = app
        self.cluster = cluster
        self.client = httpx.AsyncClient(timeout=30.0)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        found = MATCH_PATH.match(scope["path"])
        forwarded = any(name == FORWARDED for name, _ in scope["headers"])
        if found is None or forwarded or found.group(1) in self.cluster.hub.live:
            await self.app(scope, receive, send)
            return
        owner = await self.cluster.owner_elsewhere(found.group(1))
        if owner is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send, found.group(1), owner)
        else:
            await self._relay(WebSocket(scope, receive, send), found.group(1), owner)

    # ------------------------------------------------------------------ HTTP

    async def _http(
        self, scope: Scope, receive: Receive, send: Send, match_id: str, owner: str
    ) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = [
            (name.decode("latin-1"), value.decode("latin-1"))
            for name, value in scope["headers"]
            if name not in (b"host", b"content-length", b"connection")
        ]
        headers.append((FORWARDED.decode(), self.cluster.node))
        query = scope.get("query_string", b"").decode("latin-1")
        target = scope["path"] + (f"?{query}" if query else "")
        deadline = time.monotonic() + RECONNECT_FOR
        while True:
            try:
                answer = await self.client.request(
                    scope["method"], owner + target, headers=headers, content=body
                )
                break
            except httpx.ConnectError:
                # Not sent: wait for the next host (or host it here once the lease expires).
                next_owner = await self._next_owner(match_id, owner, deadline)
                if next_owner is None:
                    await self.app(scope, _replay(body), send)
                    return
                owner = next_owner
            except httpx.TransportError:
                await _answer(
                    send,
                    503,
                    {
                        "error": "the process hosting the match stopped; "
                        "try again (a repeated key gets the first answer)"
                    },
                )
                return
        relayed = [
            (name.encode("latin-1"), value.encode("latin-1"))
            for name, value in answer.headers.items()
            if name.lower() in RELAYED_HEADERS
        ]
        await send(
            {"type": "http.response.start", "status": answer.status_code, "headers": relayed}
        )
        await send({"type": "http.response.body", "body": answer.content})

    async def _next_owner(self, match_id: str, gone: str, deadline: float) -> str | None:
        """The match's next host other than ``gone`` (None: nobody else holds it now, so this
        process may), waiting while ``gone``'s lease runs."""
        while time.monotonic() < deadline:
            owner = await self.cluster.owner_elsewhere(match_id)
            if owner is None:
                return None
            if owner != gone:
                return owner
            await asyncio.sleep(0.25)
        return None

    # ------------------------------------------------------------------ WebSocket

    async def _relay(self, websocket: WebSocket, match_id: str, owner: str | None) -> None:
        await websocket.accept()
        try:
            hello = json.loads(await asyncio.wait_for(websocket.receive_text(), timeout=30))
        except (TimeoutError, ValueError, KeyError, WebSocketDisconnect, RuntimeError):
            with contextlib.suppress(Exception):
                await websocket.close(code=4400)
            return
        if not isinstance(hello, dict):
            hello = {}
        after = hello.get("after")
        last = after if isinstance(after, int) and not isinstance(after, bool) else -1
        deadline = time.monotonic() + RECONNECT_FOR
        while time.monotonic() < deadline:
            target = owner if owner is not None else self.cluster.url
            url = "ws" + target.removeprefix("http") + websocket.url.path
            try:
                async with websockets.connect(
                    url,
                    additional_headers={FORWARDED.decode(): self.cluster.node},
                    max_size=None,
                    open_timeout=5,
                ) as upstream:
                    await upstream.send(json.dumps({**hello, "after": last}))
                    outcome, last = await _pipe(websocket, upstream, last)
                    if outcome == "client":
                        return
                    code = upstream.close_code
                    if code in PASSED_ON:
                        await websocket.close(code=code)
                        return
                    deadline = time.monotonic() + RECONNECT_FOR
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
                pass
            await asyncio.sleep(0.25)
            owner = await self.cluster.owner_elsewhere(match_id)
        with contextlib.suppress(Exception):
            await websocket.close(code=1011, reason="the match's host could not be reached")


async def _pipe(websocket: WebSocket, upstream: Any, last: int) -> tuple[str, int]:
    """Relay both ways until one side ends: ("client", n) when the client left, ("host", n)
    when the host closed; ``n`` the last frame number passed on."""
    seen = [last]
    client_gone = [False]

    async def down() -> None:
        with contextlib.suppress(websockets.exceptions.ConnectionClosed):
            async for text in upstream:
                if isinstance(text, str) and text.startswith('{"type":"frame"'):
                    with contextlib.suppress(ValueError, KeyError, TypeError):
                        seen[0] = int(json.loads(text)["n"])
                try:
                    await websocket.send_text(text if isinstance(text, str) else text.decode())
                except (WebSocketDisconnect, RuntimeError, OSError):
                    client_gone[0] = True
                    return

    async def up() -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                client_gone[0] = True
                return
            try:
                if message.get("text") is not None:
                    await upstream.send(message["text"])
                elif message.get("bytes") is not None:
                    await upstream.send(message["bytes"])
            except websockets.exceptions.ConnectionClosed:
                return  # the host went away: reconnect (the message gets no answer)

    host = asyncio.create_task(down())
    client = asyncio.create_task(up())
    _, pending = await asyncio.wait({host, client}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
    if client_gone[0]:
        with contextlib.suppress(Exception):
            await upstream.close()
        return "client", seen[0]
    return "host", seen[0]


def _replay(body: bytes) -> Receive:
    sent = [False]

    async def receive() -> Message:
        if sent[0]:
            return {"type": "http.disconnect"}
        sent[0] = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


async def _answer(send: Send, status: int, data: dict[str, Any]) -> None:
    body = json.dumps(data).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
