"""Ratings of events (issues 30 and 31): a rated knockout's best-of-N series rated once, as one
game, in the transaction that stores the event's change that decided it; and what the entry
conditions read of the entrants' ratings.

A series counts the games that would be rated on their own (``duelhost.ratings.rules``: not a
no-show forfeit, not abandoned, each seat made a decision) whose seats were held by the two
entrants' accounts (a bot seat: its bot's account); it is scored by
``glicko2.series_score`` of their wins (a draw counts for neither) and rated by
``store.ratings.rate_series``, its change naming those games only, so ``duelhost ratings
rebuild`` computes the same score from the same matches. No such game: no rating (a series won
by forfeit changes nobody's rating).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.engine import Connection, Engine

from duelhost.ratings import rules
from duelhost.store.ratings import ensure_bot_accounts, rate_series, seat_accounts
from duelhost.store.schema import match_log, matches, rating_changes, ratings, seat_holders


@dataclass(frozen=True)
class SeriesDue:
    """A series an event's change decided: its matches in order, the pool, each side's
    account (the series' first entrant's, then the second's)."""

    matches: tuple[str, ...]
    pool: str
    accounts: tuple[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"matches": list(self.matches), "pool": self.pool, "accounts": list(self.accounts)}


def counted_games(
    connection: Connection, due: SeriesDue, bots: list[tuple[str, str]] | None = None
) -> tuple[list[str], tuple[int, int]]:
    """The series' games that count for its rating, and each side's wins among them (the
    ``(game, bot)`` of each bot seat of those games added to ``bots``)."""
    ids = list(due.matches)
    rows = {
        r.id: r
        for r in connection.execute(
            select(
                matches.c.id, matches.c.game, matches.c.seats, matches.c.result, matches.c.over
            ).where(matches.c.id.in_(ids))
        )
    }
    holders: dict[str, dict[int, str | None]] = {}
    for match_id, seat, account in connection.execute(
        select(seat_holders.c.match_id, seat_holders.c.seat, seat_holders.c.account_id).where(
            seat_holders.c.match_id.in_(ids)
        )
    ):
        holders.setdefault(match_id, {})[int(seat)] = account
    acted: dict[str, set[int]] = {}
    for match_id, text in connection.execute(
        select(match_log.c.match_id, match_log.c.entry).where(
            match_log.c.match_id.in_(ids),
            or_(*(match_log.c.entry.like(f'%"type":"{kind}"%') for kind in rules.DECISIONS)),
        )
    ):
        acted.setdefault(match_id, set()).update(rules.acted_in_log([json.loads(text)]))
    counted: list[str] = []
    wins = {due.accounts[0]: 0, due.accounts[1]: 0}
    for match_id in ids:
        row = rows.get(match_id)
        if row is None or not row.over:
            continue
        result = None if row.result is None else json.loads(row.result)
        if rules.unrated_reason(result, acted.get(match_id, set())) is not None:
            continue
        assert result is not None
        players = seat_accounts(row.game, json.loads(row.seats), holders.get(match_id, {}))
        if players is None or set(players) != set(due.accounts):
            continue
        counted.append(match_id)
        if bots is not None:
            bots += [
                (row.game, str(s["bot"]))
                for s in json.loads(row.seats)
                if s.get("kind") == "bot" and s.get("bot")
            ]
        winner = result.get("winner")
        if winner in (0, 1):
            wins[players[winner]] += 1
    return counted, (wins[due.accounts[0]], wins[due.accounts[1]])


def rate_event_series(connection: Connection, due: SeriesDue) -> list[dict[str, Any]]:
    """Rate the series once (in the caller's transaction): its rating changes, none when no
    game of it counts or when it was rated already."""
    if due.accounts[0] == due.accounts[1]:
        return []
    bots: list[tuple[str, str]] = []
    counted, wins = counted_games(connection, due, bots)
    if not counted:
        return []
    done = connection.execute(
        select(func.count())
        .select_from(rating_changes)
        .where(rating_changes.c.match_id == counted[-1])
    ).scalar()
    if done:
        return []
    end = connection.execute(
        select(func.max(match_log.c.time)).where(match_log.c.match_id == counted[-1])
    ).scalar()
    ensure_bot_accounts(connection, bots, float(end or 0.0))
    return rate_series(connection, counted, due.pool, due.accounts, wins, float(end or 0.0))


def standings_in_pool(
    engine: Engine, account_ids: Iterable[str], pool: str
) -> dict[str, tuple[float, int]]:
    """Each of these accounts' rating and number of rated games in ``pool`` (an account with
    no rating there is left out)."""
    ids = sorted(set(account_ids))
    if not ids:
        return {}
    with engine.connect() as connection:
        rows = connection.execute(
            select(ratings.c.account_id, ratings.c.rating, ratings.c.games).where(
                ratings.c.pool == pool, ratings.c.account_id.in_(ids)
            )
        ).all()
    return {r.account_id: (float(r.rating), int(r.games)) for r in rows}
