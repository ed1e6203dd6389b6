"""Slow clients are cut off: a request's header must arrive within ``header_timeout`` seconds
(this module: the HTTP protocol ``duelhost serve`` gives uvicorn), its body within
``body_timeout`` (``server.limits``, 408), and an idle keep-alive connection is closed after
uvicorn's ``timeout_keep_alive``. Without these, 800 connections trickling a header byte by
byte were held open for ever (issue 32 point 5).

uvicorn times nothing until a request's header is complete. Here every connection has a
deadline, armed when it opens and again when each answer is sent: when it passes and no
request is in hand (its header not complete yet), the connection is closed. A request whose
header came in time is the app's (its body timed by the middleware), and a WebSocket upgrade
leaves HTTP (the stream has its own ``hello_timeout``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from duelhost.server.settings import ServerSettings


def forwarding(settings: ServerSettings) -> dict[str, Any]:
    """uvicorn's options for forwarded headers: believed only from ``trusted_proxies``."""
    trusted = settings.trusted_proxies
    return {"proxy_headers": bool(trusted), "forwarded_allow_ips": ",".join(trusted) or None}


def header_timeout_protocol(seconds: float, base: type[Any] = AutoHTTPProtocol) -> type[Any]:
    """uvicorn's HTTP protocol (``base``: httptools where installed, else h11) that closes a
    connection whose request header is not complete ``seconds`` after it opened or after its
    last answer."""

    class HeaderTimeout(base):  # type: ignore[misc]
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            super().handle_websocket_upgrade(*args)

        def _arm(self) -> None:
            self._disarm()
            if not self.transport.is_closing():
                self._deadline = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self) -> None:
            self._deadline = None
            cycle = self.cycle
            if cycle is None or cycle.response_complete:
                # No request in hand: its header has not come in time.
                self.transport.close()

    HeaderTimeout.__name__ = HeaderTimeout.__qualname__ = f"HeaderTimeout{base.__name__}"
    return HeaderTimeout
