"""Error answers of the server: every error is ``{"error": "<message>"}`` with a 4xx status
(503 when a step could not be stored), never a 5xx for bad input."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

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
