"""Error answers of the server: every error is ``{"error": "<message>"}`` with a 4xx status
(503 when a step could not be stored), never a 5xx for bad input."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from duelhost.core.errors import quote, shorten
from duelhost.server.hub import StorageFailed

MAX_MESSAGE = 600
"""Characters of an error message: whatever a game or library says, an error never echoes
more than this (input inside it is quoted shorter still, ``core.errors.quote``)."""


class ErrorOut(BaseModel):
    error: str


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "refused (the message says why)"},
    401: {"model": ErrorOut, "description": "missing or bad token"},
    403: {"model": ErrorOut, "description": "the token's seat may not do this"},
    413: {"model": ErrorOut, "description": "the request body is over the server's limit"},
    404: {"model": ErrorOut, "description": "no such match"},
    409: {"model": ErrorOut, "description": "not possible in the match's present state"},
    422: {"model": ErrorOut, "description": "malformed request"},
    429: {"model": ErrorOut, "description": "over a rate or quota of the server; try later"},
    503: {"model": ErrorOut, "description": "the step could not be stored; nothing happened"},
}
"""The error answers a route documents in the OpenAPI schema."""


class ApiError(Exception):
    """An error answer: its status and message."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def error_response(
    status: int, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"error": shorten(message, MAX_MESSAGE)}, status_code=status, headers=headers
    )


async def on_validation(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(x) for x in item.get("loc", ()) if x != "body")
        parts.append(f"{quote(where or 'body')}: {item.get('msg', 'invalid')}")
    return error_response(422, "; ".join(parts) or "malformed request")


async def on_http(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StarletteHTTPException)
    if error.status_code == 400 and error.detail == "There was an error parsing the body":
        # A body too deeply nested for the JSON parser is malformed like any other (422).
        return error_response(422, "body: not JSON the server can read (too deeply nested?)")
    answer = error_response(error.status_code, str(error.detail))
    for name, value in (error.headers or {}).items():
        answer.headers[name] = value
    if error.status_code == 405:
        # Every method of the path, not only those of the first route that matched it.
        methods = {
            method
            for route in request.app.routes
            if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
            for method in route.methods or ()
        }
        answer.headers["Allow"] = ", ".join(sorted(methods))
    return answer


async def on_storage(_request: Request, error: Exception) -> JSONResponse:
    return error_response(503, str(error))


async def on_api_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, ApiError)
    return error_response(error.status, error.message, error.headers)


def install(app: FastAPI) -> None:
    """Route every error through ``{"error": ...}`` answers."""
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(StorageFailed, on_storage)
    app.add_exception_handler(ApiError, on_api_error)


MAX_ERROR_BYTES = 4 * MAX_MESSAGE + 64
"""Bytes of an error answer's body the cap lets through unread (``MAX_MESSAGE`` characters of
any script, written as JSON, fit)."""


class CapErrors:
    """The one place every error answer's message is capped (``MAX_MESSAGE`` characters),
    whichever route, handler or middleware wrote it: an error body longer than
    ``MAX_ERROR_BYTES`` is read as ``{"error": ...}`` and its message shortened."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: list[Message] = []

        async def capped(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                held.append(message)
                return
            if not held or message["type"] != "http.response.body":
                await send(message)
                return
            held.append(message)
            if message.get("more_body", False):
                return
            await _send_capped(send, held)
            held.clear()

        await self.app(scope, receive, capped)


async def _send_capped(send: Send, held: list[Message]) -> None:
    start, parts = held[0], held[1:]
    body = b"".join(part.get("body", b"") for part in parts)
    if len(body) <= MAX_ERROR_BYTES:
        for message in held:
            await send(message)
        return
    try:
        text = json.loads(body)["error"]
    except (ValueError, KeyError, TypeError):
        text = "the error message was too long to show"
    body = json.dumps({"error": shorten(str(text), MAX_MESSAGE)}).encode()
    replaced = (b"content-length", b"content-type")
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in replaced]
    headers += [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})
