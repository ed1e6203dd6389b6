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

from duelhost.server.hub import StorageFailed


class ErrorOut(BaseModel):
    error: str


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "refused (the message says why)"},
    401: {"model": ErrorOut, "description": "missing or bad token"},
    403: {"model": ErrorOut, "description": "the token's seat may not do this"},
    404: {"model": ErrorOut, "description": "no such match"},
    409: {"model": ErrorOut, "description": "not possible in the match's present state"},
    422: {"model": ErrorOut, "description": "malformed request"},
    503: {"model": ErrorOut, "description": "the step could not be stored; nothing happened"},
}
"""The error answers a route documents in the OpenAPI schema."""


class ApiError(Exception):
    """An error answer: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def on_validation(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    parts = []
    for item in error.errors()[:3]:
        where = ".".join(str(x) for x in item.get("loc", ()) if x != "body")
        parts.append(f"{where or 'body'}: {item.get('msg', 'invalid')}")
    return error_response(422, "; ".join(parts) or "malformed request")


async def on_http(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, StarletteHTTPException)
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
    return error_response(error.status, error.message)


def install(app: FastAPI) -> None:
    """Route every error through ``{"error": ...}`` answers."""
    app.add_exception_handler(RequestValidationError, on_validation)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(StorageFailed, on_storage)
    app.add_exception_handler(ApiError, on_api_error)
