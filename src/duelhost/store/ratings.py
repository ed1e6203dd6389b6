"""Ratings in the store (issue 30): each finished rated match changes both seats' ratings once,
in the transaction that stores its result (``rate_finished``, called by ``Store._insert_steps``
and ``Store.append`` before they mark the match over), and the queries of the leaderboards and
profiles (``RatingBook``).

Exactly once: the match row is read in that transaction and only a match not yet over is rated;
``rating_changes`` has ``UNIQUE (match_id, account_id)``; in a cluster a step of a match this
process lost is fenced in the same transaction (``Store.append_many``), so only the match's owner
can end it. The rating rows are read ``FOR UPDATE`` in key order on PostgreSQL, so two processes
ending matches of one account (a bot's) one after the other each build on the other's result.

The maths is ``duelhost.ratings.glicko2``; which matches are rated is ``duelhost.ratings.rules``;
the bots' accounts are ``duelhost.ratings.bots``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, insert, or_, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from duelhost.ratings import glicko2, rules
from duelhost.ratings.bots import bot_account_id, bot_account_name
from duelhost.ratings.glicko2 import DEFAULT, Parameters, Rating
from duelhost.store.schema import (
    accounts,
    match_log,
    matches,
    rating_changes,
    ratings,
    seat_holders,
)

Finished = tuple[str, dict[str, Any] | None, float, set[int]]
"""A match a step ends: ``(match_id, result, time, seats that made a decision in that step)``."""
Key = tuple[str, str]
"""A rating's key: ``(account_id, pool)``."""


@dataclass
class Held:
    """A rating row as read for update (and changed in memory until written)."""

    rating: Rating
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    last_game: float | None = None
    new: bool = True


@dataclass(frozen=True)
class Game:
    """One rated game to apply: the pool, each seat's account, each seat's score, the time."""

    match_id: str
    pool: str
    accounts: tuple[str, str]
    scores: tuple[float, float]
    time: float
    series: list[str] | None = None


def _insert_ignoring(connection: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert rows, skipping those whose key exists (both backends' ``ON CONFLICT DO NOTHING``)."""
    if not rows:
        return
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(table).on_conflict_do_nothing(), rows)


def ensure_bot_accounts(
    connection: Connection, pairs: Iterable[tuple[str, str]], now: float
) -> None:
    """Give each ``(game, bot)`` its account if it has none (idempotent; any process)."""
    rows = []
    for game, bot in sorted(set(pairs)):
        name = bot_account_name(game, bot)
        if len(name) <= 64:
            rows.append(
                {
                    "id": bot_account_id(name),
                    "name": name,
                    "name_key": name.lower(),
                    "kind": "bot",
                    "created": now,
                }
            )
    _insert_ignoring(connection, accounts, rows)


_RATED = (
    select(
        matches.c.id,
        matches.c.game,
        matches.c.pool,
        matches.c.seats,
        seat_holders.c.seat,
        seat_holders.c.account_id,
    )
    .select_from(matches.outerjoin(seat_holders, seat_holders.c.match_id == matches.c.id))
    .where(
        matches.c.id.in_(bindparam("ids", expanding=True)),
        matches.c.rated.is_(True),
        matches.c.over.is_(False),
    )
)
_DECISIONS = select(match_log.c.match_id, match_log.c.entry).where(
    match_log.c.match_id.in_(bindparam("ids", expanding=True)),
    or_(*(match_log.c.entry.like(f'%"type":"{kind}"%') for kind in rules.DECISIONS)),
)
# Built once: a statement made anew at every match's end costs more than its query.


def rate_finished(
    connection: Connection, finished: Sequence[Finished], parameters: Parameters = DEFAULT
) -> int:
    """Rate the rated matches among ``finished`` that the store does not hold as over yet (in
    the caller's transaction, before it marks them over). Returns how many were rated."""
    ids = sorted({item[0] for item in finished})
    if not ids:
        return 0
    found = connection.execute(_RATED, {"ids": ids}).all()
    if not found:
        return 0
    rated = {row.id: row for row in found}
    holders: dict[str, dict[int, str | None]] = {}
    for row in found:
        if row.seat is not None:
            holders.setdefault(row.id, {})[int(row.seat)] = row.account_id
    games = _games(connection, [f for f in finished if f[0] in rated], rated, holders)
    apply_games(connection, games, parameters)
    return len(games)


def _acted(
    connection: Connection, finished: Sequence[Finished], rated: dict[str, Any]
) -> dict[str, set[int]]:
    """The seats that made a decision in each match: seen in its last step's entries, or else
    read from its stored log (its last step included)."""
    acted = {match_id: set(now_acted) for match_id, _, _, now_acted in finished}
    missing = sorted(m for m in rated if not {0, 1} <= acted.get(m, set()))
    if missing:
        for match_id, text in connection.execute(_DECISIONS, {"ids": missing}):
            acted.setdefault(match_id, set()).update(rules.acted_in_log([json.loads(text)]))
    return acted


def _games(
    connection: Connection,
    finished: Sequence[Finished],
    rated: dict[str, Any],
    holders: dict[str, dict[int, str | None]],
) -> list[Game]:
    """The games to rate among these finished rated matches (the others are unrated)."""
    acted = _acted(connection, finished, rated)
    bots: list[tuple[str, str]] = []
    games: list[Game] = []
    seen: set[str] = set()
    for match_id, result, now, _now_acted in finished:
        if match_id in seen:
            continue  # a match ends once: its first ending step is the one
        seen.add(match_id)
        row = rated[match_id]
        seats = json.loads(row.seats)
        if rules.unrated_reason(result, acted.get(match_id, set())) is not None:
            continue
        assert result is not None
        players = seat_accounts(row.game, seats, holders.get(match_id, {}))
        if players is None:
            continue
        bots += [(row.game, s["bot"]) for s in seats if s.get("kind") == "bot"]
        pool = row.pool or row.game
        games.append(Game(match_id, pool, players, rules.scores(result), now))
    ensure_bot_accounts(connection, bots, max((g.time for g in games), default=0.0))
    return games


def seat_accounts(
    game: str, seats: list[dict[str, Any]], holders: dict[int, str | None]
) -> tuple[str, str] | None:
    """Each seat's account (a bot seat: its bot's account; a human seat: the account holding
    it), or None when a seat has none or both seats are one account (unrated)."""
    found: list[str] = []
    for number, seat in enumerate(seats[:2]):
        if seat.get("kind") == "bot":
            name = bot_account_name(game, str(seat.get("bot") or "random"))
            if len(name) > 64:
                return None
            found.append(bot_account_id(name))
        else:
            holder = holders.get(number)
            if holder is None:
                return None
            found.append(holder)
    if len(found) != 2 or found[0] == found[1]:
        return None
    return found[0], found[1]


_HELD = select(ratings).where(
    tuple_(ratings.c.account_id, ratings.c.pool).in_(bindparam("keys", expanding=True))
)
_HELD_LOCKED = _HELD.order_by(ratings.c.account_id, ratings.c.pool).with_for_update()


def _held(connection: Connection, keys: list[Key], parameters: Parameters) -> dict[Key, Held]:
    """The rating rows of ``keys``, locked for update in key order (PostgreSQL); a key without
    a row is a new player's rating."""
    query = _HELD_LOCKED if connection.dialect.name == "postgresql" else _HELD
    held = {key: Held(glicko2.new_rating(parameters)) for key in keys}
    for row in connection.execute(query, {"keys": keys}):
        held[(row.account_id, row.pool)] = Held(
            Rating(row.rating, row.deviation, row.volatility),
            row.games,
            row.wins,
            row.draws,
            row.losses,
            row.last_game,
            new=False,
        )
    return held


def apply_games(
    connection: Connection, games: Sequence[Game], parameters: Parameters = DEFAULT
) -> list[dict[str, Any]]:
    """Apply rated games in order (in the caller's transaction): a ``rating_changes`` row per
    account per game, and the ratings updated. Returns the changes written."""
    if not games:
        return []
    keys = sorted({(account, g.pool) for g in games for account in g.accounts})
    held = _held(connection, keys, parameters)
    fresh = [key for key in keys if held[key].new]
    if fresh and connection.dialect.name == "postgresql":
        # A new player's row is made before it is locked, so a second process rating the same
        # new player waits on it (and then reads this one's result) instead of failing.
        _insert_ignoring(connection, ratings, [_new_row(k, parameters) for k in fresh])
        held.update(_held(connection, fresh, parameters))
    changes = [change for game in games for change in step(held, game, parameters)]
    connection.execute(insert(rating_changes), changes)
    _write(connection, held, keys, max(g.time for g in games))
    return changes


def _new_row(key: Key, parameters: Parameters) -> dict[str, Any]:
    return {
        "account_id": key[0],
        "pool": key[1],
        "rating": parameters.rating,
        "deviation": parameters.deviation,
        "volatility": parameters.volatility,
        "games": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "last_game": None,
        "updated": 0.0,
    }


def step(
    held: dict[Key, Held], game: Game, parameters: Parameters = DEFAULT
) -> list[dict[str, Any]]:
    """Rate one game against the ratings in ``held`` (changed in place): its two changes."""
    keys = [(account, game.pool) for account in game.accounts]
    before = [held[key] for key in keys]
    idle = [0.0 if h.last_game is None else max(0.0, game.time - h.last_game) for h in before]
    changes = []
    afters = []
    for seat in (0, 1):
        mine, theirs = before[seat], before[1 - seat]
        after = glicko2.rate_game(
            mine.rating, theirs.rating, game.scores[seat], idle[seat], idle[1 - seat], parameters
        )
        afters.append(after)
        changes.append(
            {
                "match_id": game.match_id,
                "account_id": game.accounts[seat],
                "pool": game.pool,
                "seat": seat,
                "opponent_id": game.accounts[1 - seat],
                "score": game.scores[seat],
                "idle": idle[seat],
                "rating_before": mine.rating.rating,
                "deviation_before": mine.rating.deviation,
                "volatility_before": mine.rating.volatility,
                "opponent_rating": theirs.rating.rating,
                "opponent_deviation": theirs.rating.deviation,
                "opponent_volatility": theirs.rating.volatility,
                "opponent_idle": idle[1 - seat],
                "rating_after": after.rating,
                "deviation_after": after.deviation,
                "volatility_after": after.volatility,
                "time": game.time,
                "series": None if game.series is None else json.dumps(game.series),
            }
        )
    for seat, key in enumerate(keys):
        row = held[key]
        row.rating = afters[seat]
        row.games += 1
        score = game.scores[seat]
        row.wins += score == 1.0
        row.draws += score == 0.5
        row.losses += score == 0.0
        row.last_game = game.time
    return changes


def _write(connection: Connection, held: dict[Key, Held], keys: list[Key], now: float) -> None:
    """Write the ratings of ``keys``: one statement inserting or updating every row."""
    rows = [
        {
            "account_id": key[0],
            "pool": key[1],
            "rating": held[key].rating.rating,
            "deviation": held[key].rating.deviation,
            "volatility": held[key].rating.volatility,
            "games": held[key].games,
            "wins": held[key].wins,
            "draws": held[key].draws,
            "losses": held[key].losses,
            "last_game": held[key].last_game,
            "updated": now,
        }
        for key in keys
    ]
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(ratings)
    connection.execute(
        statement.on_conflict_do_update(
            index_elements=[ratings.c.account_id, ratings.c.pool],
            set_={name: statement.excluded[name] for name in _COLUMNS},
        ),
        rows,
    )


RATING_FIELDS = (
    "rating",
    "deviation",
    "volatility",
    "games",
    "wins",
    "draws",
    "losses",
    "last_game",
)
"""A ratings row's columns that follow from the records (``updated`` does not)."""
_COLUMNS = (*RATING_FIELDS, "updated")


def rate_series(
    connection: Connection,
    match_ids: Sequence[str],
    pool: str,
    accounts: tuple[str, str],
    wins: tuple[int, int],
    time: float,
    parameters: Parameters = DEFAULT,
) -> list[dict[str, Any]]:
    """Rate a best-of-N series once (issue 30: one rating update per series), in the caller's
    transaction: one game between ``accounts`` scored by ``glicko2.series_score`` of each one's
    match ``wins``, at ``time`` (the series' end). Its changes link to the series' last match and
    list every match of the series (``rating_changes.series``); the series' own matches are made
    unrated (``rated`` false), so nothing rates them twice. Rating the same series again raises
    ``IntegrityError`` (``UNIQUE (match_id, account_id)``) and changes nothing."""
    if not match_ids or accounts[0] == accounts[1]:
        raise ValueError("a series has matches, between two accounts")
    first = glicko2.series_score(wins[0], wins[1])
    game = Game(match_ids[-1], pool, accounts, (first, 1.0 - first), time, list(match_ids))
    return apply_games(connection, [game], parameters)
