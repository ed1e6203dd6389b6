"""The rating queries of the server's pages (issue 30): leaderboards, a player's ratings and their
history, a match's rating changes, and every change with its inputs for auditors.

Reads only: ratings are written by ``duelhost.store.ratings`` in the transaction that stores a
match's result. Names come from ``accounts`` (a deleted account keeps its rows under its replaced
name and leaves the leaderboards).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, and_, desc, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import aliased

from duelhost.ratings.glicko2 import DEFAULT, Parameters
from duelhost.store.schema import accounts, matches, rating_changes, ratings, seat_holders

_opponents = aliased(accounts)


class RatingBook:
    """Read the ratings of one store's database."""

    def __init__(self, engine: Engine, parameters: Parameters = DEFAULT) -> None:
        self.engine = engine
        self.parameters = parameters

    def account(self, name: str) -> dict[str, Any] | None:
        """The account named ``name`` (any case): id, name, kind; None if there is none."""
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            return None
        with self.engine.connect() as connection:
            found = connection.execute(
                select(accounts.c.id, accounts.c.name, accounts.c.kind, accounts.c.deleted).where(
                    accounts.c.name_key == name.lower()
                )
            ).first()
        return None if found is None else dict(found._mapping)

    def leaderboard(self, pool: str, limit: int, offset: int) -> tuple[list[dict[str, Any]], bool]:
        """A page of a pool's leaderboard, best first (deviation below
        ``leaderboard_below``; deleted accounts left out), and whether more follow."""
        query = (
            select(
                accounts.c.name,
                accounts.c.kind,
                ratings.c.rating,
                ratings.c.deviation,
                ratings.c.volatility,
                ratings.c.games,
                ratings.c.wins,
                ratings.c.draws,
                ratings.c.losses,
                ratings.c.last_game,
            )
            .select_from(ratings.join(accounts, accounts.c.id == ratings.c.account_id))
            .where(
                ratings.c.pool == pool,
                ratings.c.deviation < self.parameters.leaderboard_below,
                accounts.c.deleted.is_(None),
            )
            .order_by(desc(ratings.c.rating), desc(ratings.c.account_id))
            .limit(limit + 1)
            .offset(offset)
        )
        with self.engine.connect() as connection:
            rows = [dict(r._mapping) for r in connection.execute(query)]
        return rows[:limit], len(rows) > limit

    def pools(self) -> list[tuple[str, int]]:
        """Each pool that holds ratings, with how many."""
        with self.engine.connect() as connection:
            return [(str(p), int(n)) for p, n in connection.execute(_pools_query())]

    def rating(self, account_id: str, pool: str) -> float | None:
        """An account's rating in a pool (None: it has none there yet)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(ratings.c.rating).where(
                    ratings.c.account_id == account_id, ratings.c.pool == pool
                )
            ).scalar()
        return None if found is None else float(found)

    def ratings_of(self, account_id: str) -> list[dict[str, Any]]:
        """Every pool an account is rated in, most games first."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(ratings)
                .where(ratings.c.account_id == account_id)
                .order_by(desc(ratings.c.games), ratings.c.pool)
            ).all()
        return [dict(r._mapping) for r in found]

    def history(self, account_id: str, pool: str, limit: int) -> list[dict[str, Any]]:
        """An account's last ``limit`` rating changes in a pool, oldest first, with each
        opponent's name."""
        query = (
            self._changes()
            .where(rating_changes.c.account_id == account_id, rating_changes.c.pool == pool)
            .order_by(desc(rating_changes.c.id))
            .limit(limit)
        )
        with self.engine.connect() as connection:
            found = [dict(r._mapping) for r in connection.execute(query)]
        return found[::-1]

    def of_match(self, match_id: str) -> list[dict[str, Any]]:
        """A match's rating changes (none, or one per seat), by seat."""
        query = (
            self._changes()
            .where(rating_changes.c.match_id == match_id)
            .order_by(rating_changes.c.seat)
        )
        with self.engine.connect() as connection:
            return [dict(r._mapping) for r in connection.execute(query)]

    def changes(self, after: int, limit: int) -> list[dict[str, Any]]:
        """Every rating change in the order it was made (``id``, the sequence), from after
        ``after``: the audit stream ``duelhost ratings rebuild`` checks."""
        query = (
            self._changes()
            .where(rating_changes.c.id > after)
            .order_by(rating_changes.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [dict(r._mapping) for r in connection.execute(query)]

    def recent_matches(self, account_id: str, kind: str, limit: int) -> list[dict[str, Any]]:
        """An account's latest matches (a person's: the seats it held; a bot's: its rated
        matches), newest first, with the rating change each made."""
        change = and_(
            rating_changes.c.match_id == matches.c.id, rating_changes.c.account_id == account_id
        )
        columns = [
            matches.c.id,
            matches.c.game,
            matches.c.created,
            matches.c.over,
            matches.c.result,
            matches.c.rated,
            matches.c.pool,
            rating_changes.c.rating_before,
            rating_changes.c.rating_after,
            rating_changes.c.score,
        ]
        if kind == "bot":
            query = select(*columns, rating_changes.c.seat).select_from(
                rating_changes.join(matches, change)
            )
        else:
            query = (
                select(*columns, seat_holders.c.seat)
                .select_from(
                    seat_holders.join(matches, matches.c.id == seat_holders.c.match_id).outerjoin(
                        rating_changes, change
                    )
                )
                .where(seat_holders.c.account_id == account_id)
            )
        query = query.order_by(desc(matches.c.created)).limit(limit)
        with self.engine.connect() as connection:
            return [dict(r._mapping) for r in connection.execute(query)]

    @staticmethod
    def _changes() -> Select[Any]:
        return select(
            rating_changes,
            accounts.c.name.label("name"),
            _opponents.c.name.label("opponent"),
        ).select_from(
            rating_changes.join(accounts, accounts.c.id == rating_changes.c.account_id).join(
                _opponents, _opponents.c.id == rating_changes.c.opponent_id
            )
        )


def _pools_query() -> Select[Any]:
    return select(ratings.c.pool, func.count()).group_by(ratings.c.pool).order_by(ratings.c.pool)


def record_facts(engine: Engine, row: Any) -> dict[str, Any]:
    """What a match record says about its rating (``record["rating"]``): whether it is rated,
    its pool, each seat's account name (a bot seat: its bot's account; None: a guest), and the
    sequence number of its rating change (None: none was made). ``row`` is its ``MatchRow``."""
    from duelhost.ratings.bots import bot_account_name

    with engine.connect() as connection:
        held = dict(
            connection.execute(
                select(seat_holders.c.seat, accounts.c.name)
                .select_from(
                    seat_holders.join(accounts, accounts.c.id == seat_holders.c.account_id)
                )
                .where(seat_holders.c.match_id == row.id)
            ).all()
        )
        sequence = connection.execute(
            select(func.min(rating_changes.c.id)).where(rating_changes.c.match_id == row.id)
        ).scalar()
    players: list[str | None] = []
    for number, seat in enumerate(row.seats[:2]):
        if seat.get("kind") == "bot":
            players.append(bot_account_name(row.game, str(seat.get("bot") or "random")))
        else:
            players.append(held.get(number))
    return {"rated": row.rated, "pool": row.pool, "players": players, "sequence": sequence}
