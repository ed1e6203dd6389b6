"""The app factory of ``duelhost serve`` (FastAPI): the hub, the settings, the error answers and
the routers, one per concern.

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
- ``GET /``, ``/play/{id}`` (token in the URL fragment), ``/watch/{id}``, ``/replay/{id}``:
  the browser client (``server/web.py``).

Every error is ``{"error": "<message>"}`` with a 4xx status; bad input never gives a 5xx.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable

from fastapi import FastAPI

import duelhost
from duelhost.server import errors, web
from duelhost.server.hub import Hub
from duelhost.server.limits import Limiter, LimitMiddleware
from duelhost.server.routes import games, live, matches
from duelhost.server.settings import ServerSettings
from duelhost.store import Store

API_VERSION = "1"


def create_app(
    db: str | None = None,
    store: Store | None = None,
    now: Callable[[], float] = time.time,
    settings: ServerSettings | None = None,
) -> FastAPI:
    """The server application; ``store`` (or ``db``, a database URL) keeps the matches, and
    ``settings`` holds its limits (``ServerSettings()``'s defaults when not given)."""
    the_settings = settings if settings is not None else ServerSettings()
    the_store = store if store is not None else Store(db)
    hub = Hub(the_store, now, the_settings)

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
        # A trailing-slash redirect would build its absolute Location from the Host header.
        redirect_slashes=False,
    )
    app.state.hub = hub
    app.state.settings = the_settings
    app.state.limiter = limiter = Limiter(the_settings)
    app.add_middleware(LimitMiddleware, settings=the_settings, limiter=limiter)
    errors.install(app)
    app.include_router(matches.router)
    app.include_router(games.router)
    app.include_router(live.router)
    app.include_router(web.router)  # the browser client: pages, static files, lobby, replay
    return app
