"""What a program that drives the match server's API needs beyond plain HTTP calls: the seat
tokens of a match it created.

``POST /api/matches`` answers one single-use invite per human seat, never a token (issue 19);
``POST /api/invites/{invite}`` gives the seat's token, once. A program that plays every human
seat of its own matches (the load test, the abuse benchmark, tournaments, tests) exchanges the
invites with ``seat_tokens`` (or ``seat_tokens_async``) right after creating the match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import httpx


class Poster(Protocol):
    """Anything that POSTs a URL: ``httpx``, an ``httpx.Client``, FastAPI's TestClient."""

    def post(self, url: str, /) -> httpx.Response: ...


class AsyncPoster(Protocol):
    """An ``httpx.AsyncClient``."""

    async def post(self, url: str, /) -> httpx.Response: ...


class InviteRefused(ValueError):
    """The server refused to exchange an invite (its message says why)."""


def _invites(made: Mapping[str, Any]) -> list[str | None]:
    seats = made.get("seats")
    if not isinstance(seats, list):
        raise ValueError("not the answer of POST /api/matches: it has no 'seats' list")
    invites: list[str | None] = []
    for seat in seats:
        invite = seat.get("invite") if isinstance(seat, Mapping) else None
        invites.append(invite if isinstance(invite, str) else None)
    return invites


def _token(response: httpx.Response, seat: int) -> str:
    if response.status_code != 200:
        try:
            message = response.json().get("error", response.text)
        except ValueError:
            message = response.text
        raise InviteRefused(f"seat {seat}'s invite was refused ({response.status_code}): {message}")
    token = response.json().get("token")
    if not isinstance(token, str):
        raise InviteRefused(f"seat {seat}'s invite answered no token")
    return token


def seat_tokens(client: Poster, made: Mapping[str, Any], base: str = "") -> list[str | None]:
    """Exchange every invite of ``made`` (the answer of ``POST /api/matches``): each seat's
    token, None for a bot seat. ``base`` is put before the path (``"http://host:port"`` when
    ``client`` is the ``httpx`` module). InviteRefused names the seat and says why."""
    return [
        None if invite is None else _token(client.post(f"{base}/api/invites/{invite}"), seat)
        for seat, invite in enumerate(_invites(made))
    ]


async def seat_tokens_async(
    client: AsyncPoster, made: Mapping[str, Any], base: str = ""
) -> list[str | None]:
    """``seat_tokens`` for an ``httpx.AsyncClient``."""
    tokens: list[str | None] = []
    for seat, invite in enumerate(_invites(made)):
        if invite is None:
            tokens.append(None)
        else:
            tokens.append(_token(await client.post(f"{base}/api/invites/{invite}"), seat))
    return tokens
