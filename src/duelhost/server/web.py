"""The browser client's routes: the pages, its static files, and the data only the client reads.

- ``GET /``, ``/play/{id}`` (the seat's single-use invite in the URL fragment, which the page
  exchanges for the seat's token), ``/watch/{id}``,
  ``/replay/{id}``, ``/replay`` (a downloaded record file) and ``/signin`` (accounts, issue
  30): one HTML shell; its ES modules
  pick the page from the path.
- ``GET /events/{id}`` (the audience's page of an event; an entrant's key in the fragment) and
  ``/events/{id}/host`` (the host's console; the host key in the fragment).
- ``GET /players/{name}`` (a profile: ratings with their history chart, recent matches) and
  ``GET /leaderboard/{pool}`` (issue 30).
- ``GET /static/{path}``: the client (``duelhost/web``): ``.js``, ``.css``, ``.html``, ``.svg``
  files only, never the Python files beside them.
- ``GET /api/lobby``: each game with its declared options and setup arguments (kind, default,
  bounds, choices, help text) so the lobby builds its forms with no game named in the client,
  its board module, default clock, the clock of "Play the bot now" (``bot_clock``), bots, and
  the rules page's address.
- ``GET /api/rules/{game}``: the game's rules page (its Markdown), which ``/rules/{game}``
  renders.
- ``GET /api/matches/{id}/replay`` and ``POST /api/replay`` (a record in the body): every step
  of a finished match as seat 0, seat 1 and a spectator saw it (views and their text), the
  public events in sentences, and the entries that made it.
- ``GET /api/matches/{id}/reference``: the reference data of the match's game for its board's
  panels (``GameSpec.extra["reference"]`` with the match's options: a units chart, faction
  cards), public from the start; 404 for a game without one.

Every HTML answer carries a Content-Security-Policy that allows nothing but this server
(no inline script or style, no other host), so the pages work under the strictest policy.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response

import duelhost
from duelhost.bots import available_bots
from duelhost.core.errors import ConfigError, IllegalAction, quote
from duelhost.core.events import describe_event, render_view
from duelhost.core.options import Option
from duelhost.core.record import Record
from duelhost.core.registry import Game, GameSpec, rules_text
from duelhost.core.registry import spec as game_spec
from duelhost.host import json_text
from duelhost.host.time_controls import default_clock, practice_clock
from duelhost.server.errors import ERRORS
from duelhost.server.hub import NotFound
from duelhost.server.limits import client_of
from duelhost.server.replays import Replays, TooBusy, page, retry_after

WEB = Path(duelhost.__file__).resolve().parent / "web"
"""The client's files (shipped in the wheel with the package)."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""Nothing but this server: no inline script or style, no other host."""

SERVED = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
}

MAX_REPLAY_ENTRIES = 20_000
"""A posted record longer than this is refused (each step holds three views)."""

router = APIRouter()


def _page() -> Response:
    html = (WEB / "page.html").read_text(encoding="utf-8")
    return Response(
        html,
        media_type="text/html; charset=utf-8",
        headers={"Content-Security-Policy": CSP, "Cache-Control": "no-cache"},
    )


@router.get("/", include_in_schema=False)
async def lobby_page() -> Response:
    return _page()


@router.get("/play/{match_id}", include_in_schema=False)
async def play_page(match_id: str) -> Response:
    return _page()


@router.get("/watch/{match_id}", include_in_schema=False)
async def watch_page(match_id: str) -> Response:
    return _page()


@router.get("/replay", include_in_schema=False)
async def replay_file_page() -> Response:
    return _page()


@router.get("/replay/{match_id}", include_in_schema=False)
async def replay_page(match_id: str) -> Response:
    return _page()


@router.get("/events/{event_id}", include_in_schema=False)
async def event_page(event_id: str) -> Response:
    return _page()


@router.get("/events/{event_id}/host", include_in_schema=False)
async def event_console_page(event_id: str) -> Response:
    return _page()


@router.get("/signin", include_in_schema=False)
async def signin_page() -> Response:
    return _page()


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str) -> Response:
    return _page()


@router.get("/players/{name}", include_in_schema=False)
async def player_page(name: str) -> Response:
    return _page()


@router.get("/leaderboard", include_in_schema=False)
async def leaderboards_page() -> Response:
    return _page()


@router.get("/leaderboard/{pool}", include_in_schema=False)
async def leaderboard_page(pool: str) -> Response:
    return _page()


@router.get("/static/{path:path}", include_in_schema=False)
async def static(path: str) -> Response:
    target = _game_board(path) or (WEB / path).resolve()
    kind = SERVED.get(target.suffix)
    if kind is None or not target.is_file() or not _servable(target):
        return JSONResponse({"error": f"no file {quote(path)}"}, status_code=404)
    return FileResponse(
        target,
        media_type=kind,
        headers={"Cache-Control": "no-cache", "Content-Security-Policy": CSP},
    )


def boards() -> dict[str, GameSpec]:
    """The board modules of the registered games, by name (a game's board ships in its own
    package: ``GameSpec.board_file``)."""
    return {
        spec.board: spec
        for spec in map(game_spec, duelhost.list_games())
        if spec.board is not None and spec.board_file(".js") is not None
    }


def _game_board(path: str) -> Path | None:
    """The file of ``boards/<board>.js`` or ``boards/<board>.css`` from the game's package."""
    folder, _, file = path.partition("/")
    stem, dot, suffix = file.rpartition(".")
    if folder != "boards" or not dot:
        return None
    spec = boards().get(stem)
    return None if spec is None else spec.board_file("." + suffix)


def _servable(target: Path) -> bool:
    """The client's own files, or a registered game's board files."""
    if WEB in target.parents:
        return True
    return any(
        target in (spec.board_file(".js"), spec.board_file(".css")) for spec in boards().values()
    )


def _option(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "kind": option.kind,
        "default": option.default,
        "doc": option.doc,
        "choices": None if option.choices is None else list(option.choices),
        "minimum": option.minimum,
        "maximum": option.maximum,
        "nullable": option.nullable,
        "accepts": option.describe(),
    }


def reference_of(game: Game) -> dict[str, Any] | None:
    """The game's reference data for its board (``GameSpec.extra["reference"]``) with this
    game's options; None for a game without one."""
    make = game.spec.extra.get("reference")
    if make is None:
        return None
    data: dict[str, Any] = make(dict(game.options))
    return data


def board_of(name: str) -> str:
    """The board module of a game: ``GameSpec.board``; ``text`` (the game's text view and the
    typed input) where the game names none."""
    return game_spec(name).board or "text"


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: ERRORS[code] for code in codes}


@router.get("/api/lobby")
async def lobby() -> list[dict[str, Any]]:
    """Each game with what the lobby needs to build its form: the declared options and setup
    arguments (kind, default, bounds, choices, help text), the default clock, the clock of "Play
    the bot now" (``bot_clock``: at least ``PRACTICE_SECONDS`` a move), the bots and the one "Play
    the bot now" seats (``practice_bot``, None: the lobby's choice), the board module and the
    rules page."""
    games = []
    for name in duelhost.list_games():
        spec = game_spec(name)
        loaded = duelhost.load(name)
        clock = default_clock(loaded)
        practice = practice_clock(loaded)
        games.append(
            {
                "name": name,
                "title": spec.title,
                "summary": spec.summary,
                "dynamics": list(spec.dynamics),
                "board": board_of(name),
                "has_board": board_of(name) in boards(),
                "board_css": spec.board_file(".css") is not None,
                "has_reference": "reference" in spec.extra,
                "options": [_option(o) for o in spec.options],
                "setup": [_option(o) for o in spec.setup],
                "clock": None if clock is None else clock.to_dict(),
                "bot_clock": None if practice is None else practice.to_dict(),
                "bots": available_bots(name),
                "practice_bot": spec.practice_bot,
                "seat_names": list(spec.seat_names),
                "rules": f"/rules/{name}",
            }
        )
    return games


@router.get("/api/rules/{game}", responses=_errors(404))
async def rules(game: str) -> Response:
    """The rules page of a game: ``{"game", "title", "markdown"}``."""
    if game not in duelhost.list_games():
        return JSONResponse({"error": f"no game {quote(game)}"}, status_code=404)
    try:
        return JSONResponse(
            {"game": game, "title": game_spec(game).title, "markdown": rules_text(game)}
        )
    except ConfigError as error:
        return JSONResponse({"error": str(error)}, status_code=404)


def replay_steps(record: dict[str, Any]) -> dict[str, Any]:
    """Every step of a finished match: after the start and after each decision resolved, the
    views of seat 0, seat 1 and a spectator, the public events since the previous step and the
    entries (with their texts: the match is over) that made it. ConfigError for a bad record."""
    parsed = Record.from_dict(record)
    if len(parsed.history) > MAX_REPLAY_ENTRIES:
        raise ConfigError(f"the record holds more than {MAX_REPLAY_ENTRIES} entries")
    game = duelhost.load(parsed.game, **parsed.options)
    state = game.new(parsed.seed, **parsed.setup)
    history = record.get("history")
    annotated: list[Any] = history if isinstance(history, list) else []

    def step(entries: list[dict[str, Any]], seen: int) -> dict[str, Any]:
        views = [state.view(0), state.view(1), state.view(None)]
        return {
            "decision": state.decision,
            "views": views,
            "texts": [render_view(game.spec, view) for view in views],
            "events": [
                {**event, "line": describe_event(game.spec, event)} for event in state.events[seen:]
            ],
            "entries": entries,
        }

    steps = [step([], 0)]
    seen = len(state.events)
    entries: list[dict[str, Any]] = []
    for index, entry in enumerate(parsed.history):
        before = state.decision
        try:
            state.apply(entry)
        except IllegalAction as error:
            raise ConfigError(f"entry {index} of the record is refused: {error}") from None
        note = annotated[index] if index < len(annotated) else {}
        item = entry.to_dict()
        if isinstance(note, dict):
            item.update({k: note[k] for k in ("time", "receipt", "nonce") if k in note})
        entries.append(item)
        if state.decision != before or state.is_over:
            steps.append(step(entries, seen))
            seen = len(state.events)
            entries = []
    if entries:
        steps.append(step(entries, seen))
    return {
        "game": parsed.game,
        "board": board_of(parsed.game),
        "has_board": board_of(parsed.game) in boards(),
        "board_css": game.spec.board_file(".css") is not None,
        "match": record.get("match"),
        "players": _players(record.get("players")),
        "seed": parsed.seed,
        "options": parsed.options,
        "result": state.result,
        "complete": state.is_over,
        "reference": reference_of(game),
        "steps": steps,
    }


@router.get("/api/matches/{match_id}/replay", responses=_errors(404, 409, 429))
async def match_replay(
    match_id: str,
    request: Request,
    start: int = Query(0, alias="from", ge=0, le=2**63 - 1, description="the page's first step"),
) -> Response:
    """The replay of a finished match (409 while it is in play: its views hold secrets), a
    page of steps at a time (``server.replays``: built off the event loop, kept)."""
    # A match out of memory stays out: its replay is built from the store in the replay thread.
    replays: Replays = request.app.state.replays
    key = "match:" + match_id
    if replays.kept(key) is not None:  # a page of a kept replay needs nothing of the match
        return await _paged(request, key, _unused, start)
    hub = request.app.state.hub
    live = hub.live.get(match_id)
    if live is not None:
        await hub.settled(live)
        over = live.match.is_over
    else:
        row = await asyncio.to_thread(hub.store.get, match_id) if len(match_id) <= 64 else None
        if row is None:
            return JSONResponse({"error": f"no match {quote(match_id)}"}, status_code=404)
        over = row.over
    if not over:
        return JSONResponse(
            {"error": "a match is replayed once it is over (its views hold secrets)"},
            status_code=409,
        )
    players = request.app.state.seating.players(match_id)
    if live is not None:
        record = {**live.match.record(), "players": players}
        make: Callable[[], dict[str, Any]] = lambda: replay_steps(record)  # noqa: E731
    else:
        # Rebuilt from the store in the replay thread, never hosted: asking for the replays
        # of old matches brings none of them back into memory (issue 32 point 5).
        make = lambda: replay_steps(  # noqa: E731
            {**hub.restored(match_id).match.record(), "players": players}
        )
    return await _paged(request, key, make, start)


@router.get("/api/matches/{match_id}/reference", responses=_errors(404))
async def match_reference(match_id: str, request: Request) -> Response:
    """The reference data of the match's game for its board's panels (the units chart, the
    faction cards), from the game's own tables with the match's options; public data."""
    hub = request.app.state.hub
    try:
        live = hub.get(match_id, client_of(request.scope))
    except (NotFound, ConfigError, ValueError):
        return JSONResponse({"error": f"no match {quote(match_id)}"}, status_code=404)
    data = reference_of(live.match.game)
    if data is None:
        return JSONResponse({"error": "this game has no reference panels"}, status_code=404)
    return JSONResponse(data, headers={"Cache-Control": "max-age=3600"})


@router.post("/api/replay", responses=_errors(400, 422, 429))
async def record_replay(
    request: Request,
    record: dict[str, Any] = Body(...),  # noqa: B008
    start: int = Query(0, alias="from", ge=0, le=2**63 - 1, description="the page's first step"),
) -> Response:
    """The replay of a record file (as ``GET /api/matches/{id}/record`` gives it), a page of
    steps at a time: post the same record with ``?from=`` for the next page."""
    key = "record:" + hashlib.sha256(json_text.encode(record)).hexdigest()
    return await _paged(request, key, lambda: replay_steps(record), start)


async def _paged(
    request: Request, key: str, make: Callable[[], dict[str, Any]], start: int
) -> Response:
    replays: Replays = request.app.state.replays
    try:
        built = await replays.get(key, client_of(request.scope), make)
    except TooBusy as busy:
        return JSONResponse(
            {"error": f"{busy}; try again in {retry_after(busy.wait)} s"},
            status_code=429,
            headers={"Retry-After": retry_after(busy.wait)},
        )
    except NotFound:  # gone from the store while its replay was being built
        return JSONResponse({"error": f"no match {quote(key)}"}, status_code=404)
    except (ConfigError, ValueError, TypeError) as error:
        return JSONResponse({"error": f"not a playable record: {error}"}, status_code=400)
    limit = request.app.state.settings.replay_page_bytes
    return Response(page(built, start, limit), media_type="application/json")


def _players(given: Any) -> list[dict[str, Any] | None] | None:
    """A record's ``players`` (who held each seat, by name) as the replay shows them: two
    entries, each ``{"name", "guest"}`` or null; None for a record without them."""
    if not isinstance(given, list) or len(given) != 2:
        return None
    return [
        {"name": str(p["name"])[:64], "guest": bool(p.get("guest"))}
        if isinstance(p, dict) and isinstance(p.get("name"), str)
        else None
        for p in given
    ]


def _unused() -> dict[str, Any]:
    raise ConfigError("the replay was forgotten meanwhile; ask again")
