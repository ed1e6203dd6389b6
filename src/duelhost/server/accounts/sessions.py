"""Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure when the request came over
TLS, or a trusted proxy says it did), kept server-side as its SHA-256 only; and the CSRF rule of
every write a cookie authenticates: its ``Origin`` (or, without one, its ``Referer``) must be
this server's own host."""

from __future__ import annotations

import hashlib
import secrets
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.responses import Response

COOKIE = "duelhost_session"
SESSION_SECONDS = 30 * 24 * 3600.0
"""A session ends after 30 days unused (each use within them extends it)."""
TOUCH_SECONDS = 3600.0
"""A session's last use is written at most once an hour."""


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def presented(connection: HTTPConnection) -> str | None:
    """The session token the request's cookie holds (None: none, or not one of ours)."""
    token = connection.cookies.get(COOKIE)
    if not token or len(token) > 100:
        return None
    return token


def over_tls(connection: HTTPConnection) -> bool:
    """Whether the request came over TLS (uvicorn believes ``X-Forwarded-Proto`` only from
    the trusted proxies, ``--trusted-proxy``)."""
    return connection.url.scheme in ("https", "wss")


def set_cookie(response: Response, connection: HTTPConnection, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=over_tls(connection),
    )


def clear_cookie(response: Response, connection: HTTPConnection) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=over_tls(connection)
    )


def same_origin(connection: HTTPConnection) -> bool:
    """Whether the request comes from one of this server's own pages: its ``Origin`` (else its
    ``Referer``) names the host the request was sent to. A request with neither is refused:
    every browser sends ``Origin`` with a POST, a DELETE or a WebSocket."""
    host = connection.headers.get("host", "").lower()
    source = connection.headers.get("origin") or connection.headers.get("referer")
    if not host or not source or source == "null":
        return False
    return urlsplit(source).netloc.lower() == host
