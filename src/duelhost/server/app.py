"""The app factory of ``duelhost serve`` (FastAPI): the hub, the settings, the error answers and
the routers, one per concern.

Routes (a contract: clients rely on them):

- ``POST /api/matches`` create a match (a single-use invite per human seat and a host key,
  never a seat token); ``POST /api/invites/{invite}`` gives a seat's token, once;
  ``GET /api/matches`` list matches.
- ``GET /api/matches/{id}`` a seat's state with ``Authorization: Bearer <token>``, else the
  spectator's.
- ``POST /api/matches/{id}/submissions`` ``{"text", "key"}`` with the seat's token.
- ``POST /api/matches/{id}/resign``, ``POST /api/matches/{id}/extend`` (TG9 extended time),
  ``POST /api/matches/{id}/draw`` (offer or accept a draw where the game has them, GE8).
- ``GET /api/matches/{id}/record`` the match record (once the match is over: it holds the
  secret submissions).
- ``WS /api/matches/{id}/live`` numbered frames; the client's first message is
  ``{"token": ..., "after": n}`` (both optional) so the token never travels in a URL.
- ``/api/events/...``: events (Swiss, knockout, round robin, arena) and their host's actions
  (``routes.events``, ``routes.event_host``; docs/events.md).
- ``GET /api/games`` the games, their options, default clocks and bots.
- Ratings (issue 30, ``routes/ratings.py``): ``GET /api/leaderboard/{pool}``,
  ``GET /api/players/{name}/ratings``, ``GET /api/matches/{id}/rating``,
  ``GET /api/ratings/parameters``, ``GET /api/ratings/pools``, ``GET /api/ratings/changes``.
- ``GET /``, ``/play/{id}`` (the invite in the URL fragment), ``/watch/{id}``, ``/replay/{id}``:
  the browser client (``server/web.py``).

Every error is ``{"error": "<message>"}`` with a 4xx status; bad input never gives a 5xx.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

import duelhost
from duelhost.server import errors, ops, web
from duelhost.server.accounts.lobby import Lobby
from duelhost.server.accounts.offers import Offers
from duelhost.server.accounts.passwords import Passwords
from duelhost.server.accounts.seating import Seating
from duelhost.server.accounts.service import Accounts, Refused, Throttle
from duelhost.server.cluster import Cluster
from duelhost.server.events import director
from duelhost.server.events.service import EventService
from duelhost.server.forward import Forwarder
from duelhost.server.hub import Hub
from duelhost.server.idempotency import CreateOnce
from duelhost.server.limits import Limiter, LimitMiddleware, Streams
from duelhost.server.ownership import OwnedElsewhere
from duelhost.server.replays import Replays
from duelhost.server.routes import (
    accounts,
    event_host,
    events,
    games,
    live,
    matches,
    offers,
    players,
    ratings,
    rematch,
)
from duelhost.server.settings import ServerSettings
from duelhost.store import Store
from duelhost.store.accounts import AccountStore

API_VERSION = "1"
log = logging.getLogger("duelhost.server")


def create_app(
    db: str | None = None,
    store: Store | None = None,
    now: Callable[[], float] = time.time,
    settings: ServerSettings | None = None,
    cluster: str | None = None,
) -> FastAPI:
    """The server application; ``store`` (or ``db``, a database URL) keeps the matches, and
    ``settings`` holds its limits (``ServerSettings()``'s defaults when not given). ``cluster``
    (this process's address, e.g. ``http://10.0.0.5:8000``) makes it one of several processes
    sharing a PostgreSQL database (``duelhost.server.cluster``)."""
    the_settings = settings if settings is not None else ServerSettings()
    the_store = store if store is not None else Store(db)
    hub = Hub(the_store, now, the_settings)
    metrics = ops.Metrics()
    metrics.bind(hub)
    group = None if cluster is None else Cluster(hub, cluster, metrics)
    event_service = EventService(hub, director.run, None if group is None else group.node)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if group is not None:
            group.start()
        restored = hub.start(resume=group is None)
        event_service.start()
        hub.spawn(_bots_accounts(hub.store, now()))
        await the_offers.sweep(refresh=True)
        sweeper = asyncio.ensure_future(the_offers.run())
        app.state.started = True
        log.info("serving", extra={"matches": restored})
        yield
        # Shutdown (SIGTERM, SIGINT): not ready any more; the writer commits every queued step
        # before the process exits, so nothing acknowledged is lost.
        app.state.draining = True
        sweeper.cancel()
        replays.close()
        await event_service.stop()
        hub.stop()
        if group is not None:
            await group.stop()
        log.info("stopped", extra={"matches": len(hub.live), "steps": hub.writer.steps})

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
    app.state.events = event_service
    app.state.settings = the_settings
    app.state.limiter = limiter = Limiter(the_settings)
    app.state.create_once = CreateOnce()
    app.state.replays = replays = Replays(the_settings, time.monotonic)
    metrics.bind_replays(replays)
    app.state.streams = streams = Streams(the_settings)
    app.add_middleware(LimitMiddleware, settings=the_settings, limiter=limiter, streams=streams)
    app.add_middleware(errors.CapErrors)
    app.state.metrics = metrics
    the_offers = _accounts(app, hub, the_settings, now)
    event_service.seating = app.state.seating
    the_offers.rating_of = ratings.rating_of(the_store)  # seeks' rating ranges (issue 30)
    app.state.started = False
    app.state.draining = False
    errors.install(app)
    app.include_router(matches.router)
    app.include_router(rematch.router)
    app.include_router(accounts.router)
    app.include_router(players.router)
    app.include_router(offers.router)
    app.include_router(games.router)
    app.include_router(events.router)
    app.include_router(event_host.router)
    app.include_router(live.router)
    app.include_router(ratings.router)
    app.include_router(web.router)  # the browser client: pages, static files, lobby, replay
    app.include_router(ops.router)
    if group is not None:
        app.state.cluster = group
        app.add_exception_handler(OwnedElsewhere, _owned_elsewhere)
        app.add_middleware(Forwarder, cluster=group)
    return app


async def _bots_accounts(store: Store, now: float) -> None:
    """The bots' accounts (issue 30), made in a thread once the server serves."""
    try:
        await asyncio.to_thread(ratings.give_bots_accounts, store, now)
    except Exception as error:  # the next rated match against a bot makes its account anyway
        log.warning("bot accounts not made", extra={"error": str(error)})


async def _owned_elsewhere(_request: Request, error: Exception) -> JSONResponse:
    """Another process took the match a moment ago: the client asks again (and is forwarded)."""
    return JSONResponse({"error": str(error)}, status_code=503, headers={"Retry-After": "1"})


def _accounts(app: FastAPI, hub: Hub, settings: ServerSettings, now: Callable[[], float]) -> Offers:
    """The accounts, the seats' names, the lobby and the offers (issue 30), on the app."""
    store = AccountStore(hub.store.engine)
    throttle = Throttle(
        settings.signups_per_minute,
        settings.signins_per_minute,
        settings.signins_per_name,
        time.monotonic,
    )
    hashing = Passwords(settings.password_time_cost, settings.password_memory_kib)
    app.state.accounts = the_accounts = Accounts(store, hub.server_key, throttle, now, hashing)
    app.state.seating = seating = Seating(store)
    app.state.lobby = lobby = Lobby()
    app.state.offers = the_offers = Offers(the_accounts, hub, lobby, seating, settings)
    app.add_exception_handler(Refused, _refused)
    return the_offers


async def _refused(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, Refused)
    return errors.error_response(error.status, error.message, error.headers)
