"""The rating routes (issue 30): leaderboards, a player's ratings with their history and recent
matches, a match's rating changes (the game-over banner's "+12 (1512)"), the parameters of the
rating system and every rating change with its inputs, for anyone to audit.

- ``GET /api/leaderboard/{pool}``: a pool's ranked players, best first (a pool is a game's name,
  or ``<game>.<variant>``: ``GET /api/ratings/pools`` lists those with ratings).
- ``GET /api/players/{name}/ratings``: the player's rating in each pool with its history, and
  their latest matches with replay links.
- ``GET /api/matches/{id}/rating``: whether the match is rated, and each seat's change.
- ``GET /api/ratings/parameters``: every constant and rule the ratings follow.
- ``GET /api/ratings/changes?after=N``: every rating change in the order it was made, with all
  its inputs and the link to its match record (``duelhost ratings rebuild`` checks them).

Reads only, each in a thread off the event loop; names are matched without regard to case.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Path, Query, Request

from duelhost.core.errors import ConfigError, quote
from duelhost.core.registry import spec as game_spec
from duelhost.ratings import glicko2, rules
from duelhost.ratings.bots import bot_account_name
from duelhost.ratings.pools import SEPARATOR, game_of, pool_of
from duelhost.server.access import hub_of
from duelhost.server.errors import ERRORS, ApiError
from duelhost.store.rating_book import RatingBook

router = APIRouter()
PARAMETERS = glicko2.DEFAULT
HISTORY = 200
"""Rating changes per pool a profile's chart shows (the latest)."""


def book_of(request: Request) -> RatingBook:
    return RatingBook(hub_of(request).store.engine, PARAMETERS)


def _pool_parts(pool: str) -> dict[str, Any]:
    """A pool's game, its title and its variant label (404 for a pool of no game)."""
    try:
        game = game_of(pool)
    except ConfigError as error:
        raise ApiError(404, str(error)) from None
    variant = pool.partition(SEPARATOR)[2] or None
    return {"pool": pool, "game": game, "title": game_spec(game).title, "variant": variant}


def _shown(rating: float, deviation: float) -> str:
    """The rating as pages show it: rounded, with "?" while provisional."""
    return f"{round(rating)}{'?' if glicko2.provisional(deviation, PARAMETERS) else ''}"


@router.get("/api/leaderboard/{pool}", responses=ERRORS)
async def leaderboard(
    request: Request,
    pool: str = Path(max_length=112),
    limit: int = Query(50, ge=1, le=200),
    offset: int = Query(0, ge=0, le=1_000_000),
) -> Any:
    """A pool's leaderboard, best first: players (and bots) whose deviation is below
    ``leaderboard_below`` (75), 50 a page; ``more`` says whether another page follows."""
    parts = _pool_parts(pool)
    rows, more = await asyncio.to_thread(book_of(request).leaderboard, pool, limit, offset)
    players = [
        {
            "rank": offset + number + 1,
            "name": row["name"],
            "kind": row["kind"],
            "rating": row["rating"],
            "deviation": row["deviation"],
            "shown": _shown(row["rating"], row["deviation"]),
            "games": row["games"],
            "wins": row["wins"],
            "draws": row["draws"],
            "losses": row["losses"],
            "last_game": row["last_game"],
            "profile": f"/players/{row['name']}",
        }
        for number, row in enumerate(rows)
    ]
    return {
        **parts,
        "leaderboard_below": PARAMETERS.leaderboard_below,
        "offset": offset,
        "players": players,
        "more": more,
    }


@router.get("/api/ratings/pools")
async def pools(request: Request) -> Any:
    """The pools that hold ratings, with how many accounts each rates."""
    found = await asyncio.to_thread(book_of(request).pools)
    listed = []
    for pool, count in found:
        try:
            listed.append({**_pool_parts(pool), "rated": count})
        except ApiError:
            continue  # a pool of a game this server no longer has
    return {"pools": listed}


@router.get("/api/players/{name}/ratings", responses=ERRORS)
async def player_ratings(request: Request, name: str = Path(max_length=64)) -> Any:
    """The player's rating in each pool (with the history of its changes, for the chart) and
    their latest matches with replay links."""
    book = book_of(request)
    account = await asyncio.to_thread(book.account, name)
    if account is None:
        raise ApiError(404, f"no player named {quote(name)}")
    return await asyncio.to_thread(_profile, book, account)


def _profile(book: RatingBook, account: dict[str, Any]) -> dict[str, Any]:
    listed = []
    for row in book.ratings_of(account["id"]):
        history = book.history(account["id"], row["pool"], HISTORY)
        try:
            parts = _pool_parts(row["pool"])
        except ApiError:
            continue
        listed.append(
            {
                **parts,
                "rating": row["rating"],
                "deviation": row["deviation"],
                "volatility": row["volatility"],
                "shown": _shown(row["rating"], row["deviation"]),
                "provisional": glicko2.provisional(row["deviation"], PARAMETERS),
                "ranked": row["deviation"] < PARAMETERS.leaderboard_below,
                "games": row["games"],
                "wins": row["wins"],
                "draws": row["draws"],
                "losses": row["losses"],
                "last_game": row["last_game"],
                "history": [_point(change) for change in history],
                "start": None
                if not history
                else {
                    "rating": history[0]["rating_before"],
                    "deviation": history[0]["deviation_before"],
                },
            }
        )
    recent = [_recent(row) for row in book.recent_matches(account["id"], account["kind"], 20)]
    return {"name": account["name"], "kind": account["kind"], "ratings": listed, "recent": recent}


def _point(change: dict[str, Any]) -> dict[str, Any]:
    return {
        "match": change["match_id"],
        "time": change["time"],
        "rating": change["rating_after"],
        "deviation": change["deviation_after"],
        "change": change["rating_after"] - change["rating_before"],
        "score": change["score"],
        "opponent": change["opponent"],
        "record": f"/api/matches/{change['match_id']}/record",
    }


def _recent(row: dict[str, Any]) -> dict[str, Any]:
    result = None if row["result"] is None else json.loads(row["result"])
    seat = int(row["seat"])
    outcome = None
    if row["over"] and result is not None:
        winner = result.get("winner")
        outcome = "draw" if winner is None else ("win" if winner == seat else "loss")
        if str(result.get("reason") or "").startswith("abandoned"):
            outcome = "abandoned"
    before, after = row["rating_before"], row["rating_after"]
    try:
        title = _pool_parts(row["pool"] or row["game"])
        shown = title["title"] + (f" · {title['variant']}" if title["variant"] else "")
    except ApiError:
        shown = row["pool"] or row["game"]
    return {
        "match": row["id"],
        "game": row["game"],
        "pool": row["pool"],
        "title": shown,
        "created": row["created"],
        "seat": seat,
        "over": bool(row["over"]),
        "outcome": outcome,
        "rated": bool(row["rated"]),
        "change": None if after is None else after - before,
        "rating": after,
        "replay": f"/replay/{row['id']}" if row["over"] else f"/watch/{row['id']}",
    }


@router.get("/api/matches/{match_id}/rating", responses=ERRORS)
async def match_rating(request: Request, match_id: str = Path(max_length=64)) -> Any:
    """Whether the match is rated and each seat's rating change once it is over (none while it
    is in play, or when it ended unrated: ``unrated`` says why)."""
    hub = hub_of(request)
    row = await asyncio.to_thread(hub.store.get, match_id)
    if row is None:
        raise ApiError(404, f"no match {quote(match_id)}")
    changes = await asyncio.to_thread(book_of(request).of_match, match_id) if row.rated else []
    unrated = None
    if row.rated and row.over and not changes:
        unrated = await asyncio.to_thread(_unrated, hub, row)
    return {
        "match": match_id,
        "rated": row.rated,
        "pool": row.pool,
        "over": row.over,
        "unrated": unrated,
        "changes": [
            {
                "seat": change["seat"],
                "name": change["name"],
                "rating_before": change["rating_before"],
                "rating_after": change["rating_after"],
                "change": change["rating_after"] - change["rating_before"],
                "deviation_after": change["deviation_after"],
                "shown": _shown(change["rating_after"], change["deviation_after"]),
                "profile": f"/players/{change['name']}",
            }
            for change in changes
        ],
    }


def _unrated(hub: Any, row: Any) -> str:
    """Why a finished rated match changed no rating (``duelhost.ratings.rules``)."""
    reason = rules.unrated_reason(row.result, rules.acted_in_log(hub.store.log(row.id)))
    if reason is not None:
        return reason
    return "a seat was not held by an account (a guest), or both seats by one account"


@router.get("/api/ratings/parameters")
async def parameters() -> Any:
    """Every constant and rule of the ratings: enough to recompute every rating from the
    published records (``duelhost ratings rebuild``)."""
    return {
        "system": "Glicko-2 (Glickman, 'Example of the Glicko-2 system', 2013); each rated "
        "game is a rating period of its own",
        "parameters": PARAMETERS.to_dict(),
        "idle": "before a game is rated, each player's deviation grows for the time since "
        "their last rated game: sqrt(phi^2 + n sigma^2) with n = idle days x periods_per_day, "
        "at most the new player's deviation; the game's own step 6 adds no period (lichess's "
        "skipDeviationIncrease); after it the deviation is at least deviation_floor and the "
        "volatility at most max_volatility",
        "scores": "1 for a win, 0.5 for a draw, 0 for a loss; a best-of-N series is rated "
        "once, as one game won, drawn or lost",
        "unrated": [
            "a match created unrated (casual)",
            "a match the server abandoned",
            "a match in which a seat made no decision (aborted, or a no-show forfeit)",
            "a match with a seat held by a guest, or both seats by one account",
        ],
        "pools": "each game is rated on its own, and each variant its declaration names "
        f"(GameSpec.rating_pool): pool '<game>' or '<game>{SEPARATOR}<variant>'",
        "order": "ratings change in the order the matches' results were stored: the 'id' of "
        "each change in GET /api/ratings/changes",
        "bots": "each bot holds an account per game, named like "
        f"{bot_account_name('<game>', '<bot>')!r}, rated on the players' scale",
        "provisional": f"a rating whose deviation is {PARAMETERS.provisional_from:g} or more "
        f"is shown with '?'; leaderboards list deviations below {PARAMETERS.leaderboard_below:g}",
    }


@router.get("/api/ratings/changes", responses=ERRORS)
async def changes(
    request: Request,
    after: int = Query(0, ge=0, le=2**63 - 1, description="the last change id already read"),
    limit: int = Query(1000, ge=1, le=5000),
) -> Any:
    """Every rating change in the order it was made, with all its inputs (both ratings before,
    the idle times, the score), its result and the link to its match record."""
    found = await asyncio.to_thread(book_of(request).changes, after, limit)
    return {
        "changes": [
            {
                **{k: v for k, v in change.items() if k != "series"},
                "series": None if change["series"] is None else json.loads(change["series"]),
                "record": f"/api/matches/{change['match_id']}/record",
            }
            for change in found
        ],
        "next": found[-1]["id"] if found else after,
    }


def give_bots_accounts(store: Any, now: float) -> int:
    """Every bot of every game gets its account (run once at start, off the loop): a new
    player finds each bot's profile and rating before it has played. Returns how many."""
    import duelhost
    from duelhost.bots import available_bots
    from duelhost.store.ratings import ensure_bot_accounts

    pairs = [(game, bot) for game in duelhost.list_games() for bot in available_bots(game)]
    with store.engine.begin() as connection:
        ensure_bot_accounts(connection, pairs, now)
    return len(pairs)


def rating_of(store: Any) -> Any:
    """``rating_of(account_id, game, options)`` for the seeks' rating ranges
    (``duelhost.server.accounts.offers.RatingOf``): the account's rating in the pool of that
    game and those options, a new player's 1500 where it has none; None for options no game
    takes."""
    book = RatingBook(store.engine, PARAMETERS)

    def of(account_id: str, game: str, options: dict[str, Any]) -> float | None:
        try:
            pool = pool_of(game, options)
        except ConfigError:
            return None
        found = book.rating(account_id, pool)
        return PARAMETERS.rating if found is None else found

    return of
