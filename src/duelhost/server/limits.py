"""Limits for anonymous use: per-client request rates, match creations per client, request
body size, and the security headers of every answer (an ASGI middleware), with the token
buckets and windows they count with.

A client is its address (``scope["client"]``). Every refusal is a ``{"error": ...}`` answer:
429 past a rate (with ``Retry-After``), 413 for a body over the limit, sent before the body is
parsed (a ``Content-Length`` over the limit is refused without reading it; a longer chunked
body is refused as soon as it passes the limit).
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from duelhost.server.settings import ServerSettings

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
"""Sent with every answer."""
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of an HTML answer that sets none itself: nothing but this
server, no inline script, and no framing (the seat page holds the seat's token)."""
MAX_CLIENTS = 10_000
"""Clients remembered at once; the quietest are forgotten first."""


class TokenBucket:
    """``rate`` events a second on average, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.last = burst, now

    def take(self, now: float) -> float:
        """0.0 if an event may happen now (and count it), else the seconds to wait."""
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


class Minute:
    """At most ``limit`` events per client in any 60 seconds (a sliding window)."""

    def __init__(self, limit: int, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.clock = clock
        self._windows: dict[str, deque[float]] = {}

    def take(self, client: str) -> float:
        """0.0 if ``client`` may have an event now (and count it), else the seconds to wait."""
        now = self.clock()
        window = self._windows.setdefault(client, deque())
        while window and window[0] <= now - 60.0:
            window.popleft()
        if len(window) >= self.limit:
            return window[0] + 60.0 - now
        window.append(now)
        if len(self._windows) > MAX_CLIENTS:
            self._windows = {c: w for c, w in self._windows.items() if w and w[-1] > now - 60}
        return 0.0


class Limiter:
    """The per-client counts of one server."""

    def __init__(self, settings: ServerSettings, clock: Callable[[], float] = time.monotonic):
        self.settings = settings
        self.clock = clock
        self._requests: dict[str, TokenBucket] = {}
        self._creations = Minute(settings.max_matches_per_client, clock)

    def request(self, client: str) -> float:
        """0.0 if ``client`` may make a request now, else the seconds to wait."""
        now = self.clock()
        bucket = self._requests.get(client)
        if bucket is None:
            if len(self._requests) >= MAX_CLIENTS:
                self._forget(now)
            rate = self.settings.requests_per_second
            bucket = self._requests[client] = TokenBucket(rate, 2 * rate, now)
        return bucket.take(now)

    def creation(self, client: str) -> float:
        """0.0 if ``client`` may create a match now (and count it), else the seconds to wait:
        at most ``max_matches_per_client`` in any 60 seconds."""
        return self._creations.take(client)

    def _forget(self, now: float) -> None:
        quiet = sorted(self._requests, key=lambda c: self._requests[c].last)
        for client in quiet[: len(quiet) // 2]:
            del self._requests[client]


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def too_many(wait: float, what: str) -> tuple[int, dict[str, str], str]:
    seconds = max(1, math.ceil(wait))
    return 429, {"Retry-After": str(seconds)}, f"{what}; try again in {seconds} s"


class Streams:
    """Live streams (WebSockets) open now, per client and in all (``max_streams_per_client``,
    ``max_streams``)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.open: dict[str, int] = {}
        self.total = 0

    def refusal(self, client: str) -> str | None:
        """Why ``client`` may not open another stream now (None: it may)."""
        if self.total >= self.settings.max_streams:
            return f"the server holds {self.settings.max_streams} live streams; try later"
        if self.open.get(client, 0) >= self.settings.max_streams_per_client:
            return (
                f"this address holds {self.settings.max_streams_per_client} live streams; "
                "close one first"
            )
        return None

    def opened(self, client: str) -> None:
        self.open[client] = self.open.get(client, 0) + 1
        self.total += 1

    def closed(self, client: str) -> None:
        self.total -= 1
        left = self.open[client] - 1
        if left:
            self.open[client] = left
        else:
            del self.open[client]


class LimitMiddleware:
    """Request rate and body size limits, and the security headers, for the whole app."""

    def __init__(
        self, app: ASGIApp, settings: ServerSettings, limiter: Limiter, streams: Streams
    ) -> None:
        self.app, self.settings, self.limiter, self.streams = app, settings, limiter, streams

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._stream(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wait = self.limiter.request(client_of(scope))
        if wait:
            rate = self.settings.requests_per_second
            await _answer(send, *too_many(wait, f"more than {rate:g} requests a second"))
            return
        limit = self.settings.max_body_bytes
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _answer(send, 413, {}, f"the request body is over {limit} bytes")
            return
        try:
            body = await asyncio.wait_for(_read_body(receive, limit), self.settings.body_timeout)
        except TimeoutError:
            seconds = self.settings.body_timeout
            await _answer(send, 408, {}, f"the request body took over {seconds:g} s to arrive")
            return
        if body is None:
            await _answer(send, 413, {}, f"the request body is over {limit} bytes")
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A new live stream: within the client's request rate, and the stream caps (refused
        with close code 4429 and the reason, after the handshake so the client can read it)."""
        client = client_of(scope)
        if self.limiter.request(client):
            await send({"type": "websocket.close", "code": 4429})
            return
        refusal = self.streams.refusal(client)
        if refusal is not None:
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": 4429, "reason": refusal})
            return
        self.streams.opened(client)
        try:
            await self.app(scope, receive, send)
        finally:
            self.streams.closed(client)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_headers(send: Send) -> Send:
    async def sender(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {name.lower() for name, _ in headers}
            for name, value in SECURITY_HEADERS.items():
                if name.lower().encode() not in names:
                    headers.append((name.lower().encode(), value.encode()))
            html = any(n == b"content-type" and v.startswith(b"text/html") for n, v in headers)
            if html and b"content-security-policy" not in names:
                headers.append((b"content-security-policy", PAGE_CSP.encode()))
            message = {**message, "headers": headers}
        await send(message)

    return sender


async def _answer(send: Send, status: int, headers: dict[str, str], message: str) -> None:
    body = json.dumps({"error": message}).encode()
    raw: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in {**SECURITY_HEADERS, **headers}.items()),
    ]
    start: dict[str, Any] = {"type": "http.response.start", "status": status, "headers": raw}
    await send(start)
    await send({"type": "http.response.body", "body": body})
