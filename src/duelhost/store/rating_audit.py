"""``duelhost ratings rebuild``: every rating recomputed from the match records, compared with the
table the server serves (issue 30: ratings anyone can audit).

The records are the store's own (each rated match's row, log and seat holders) or a folder of
downloaded records (``GET /api/matches/{id}/record``: its ``rating`` part names the seats'
accounts, the pool and the change's sequence number). From each record the rebuild decides again
whether the match is rated (``duelhost.ratings.rules``), recomputes its pool from its game and
options (``duelhost.ratings.pools``) and replays Glicko-2 over the rated matches in the order their
changes were made (the published sequence; a match with no change comes last, by its end time).
Every difference with the served changes and ratings is reported.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.engine import Engine

from duelhost.core.errors import ConfigError
from duelhost.ratings import glicko2, rules
from duelhost.ratings.bots import bot_account_name
from duelhost.ratings.glicko2 import DEFAULT, Parameters
from duelhost.ratings.pools import pool_of
from duelhost.store.ratings import RATING_FIELDS, Game, Held, Key, step
from duelhost.store.schema import (
    accounts,
    match_log,
    matches,
    rating_changes,
    ratings,
    seat_holders,
)

CHANGE_FIELDS = (
    "pool",
    "seat",
    "score",
    "idle",
    "rating_before",
    "deviation_before",
    "volatility_before",
    "opponent_rating",
    "opponent_deviation",
    "opponent_volatility",
    "opponent_idle",
    "rating_after",
    "deviation_after",
    "volatility_after",
    "time",
)


@dataclass
class Facts:
    """What one rated match's record says."""

    match_id: str
    game: str
    options: dict[str, Any]
    pool: str | None
    players: list[str | None]
    result: dict[str, Any] | None
    acted: set[int]
    time: float
    sequence: int | None
    series: list[str] | None = None
    """A best-of-N series rated as one game: its matches (``game`` and ``options`` empty)."""


@dataclass
class Ledger:
    """Rating changes by ``(match, account name)`` and ratings by ``(account name, pool)``."""

    changes: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    table: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def facts_from_store(engine: Engine) -> list[Facts]:
    """The facts of every finished rated match in the store."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(
                matches.c.id,
                matches.c.game,
                matches.c.options,
                matches.c.pool,
                matches.c.seats,
                matches.c.result,
            ).where(matches.c.rated.is_(True), matches.c.over.is_(True))
        ).all()
        names = {
            (m, int(s)): n
            for m, s, n in connection.execute(
                select(seat_holders.c.match_id, seat_holders.c.seat, accounts.c.name).select_from(
                    seat_holders.join(accounts, accounts.c.id == seat_holders.c.account_id)
                )
            )
        }
        acted: dict[str, set[int]] = {}
        for match_id, text in connection.execute(
            select(match_log.c.match_id, match_log.c.entry).where(
                or_(*(match_log.c.entry.like(f'%"type":"{k}"%') for k in rules.DECISIONS))
            )
        ):
            acted.setdefault(match_id, set()).update(rules.acted_in_log([json.loads(text)]))
        ends = dict(
            connection.execute(
                select(match_log.c.match_id, func.max(match_log.c.time)).group_by(
                    match_log.c.match_id
                )
            ).all()
        )
        sequences = dict(
            connection.execute(
                select(rating_changes.c.match_id, func.min(rating_changes.c.id)).group_by(
                    rating_changes.c.match_id
                )
            ).all()
        )

    found = []
    for row in rows:
        seats = json.loads(row.seats)
        players = [
            bot_account_name(row.game, str(s.get("bot") or "random"))
            if s.get("kind") == "bot"
            else names.get((row.id, number))
            for number, s in enumerate(seats[:2])
        ]
        found.append(
            Facts(
                row.id,
                row.game,
                json.loads(row.options),
                row.pool,
                players,
                None if row.result is None else json.loads(row.result),
                acted.get(row.id, set()),
                float(ends.get(row.id) or 0.0),
                sequences.get(row.id),
            )
        )
    return found + _series_facts(engine, names)


def _series_facts(engine: Engine, names: dict[tuple[str, int], str]) -> list[Facts]:
    """The facts of each best-of-N series rated as one game (``store.ratings.rate_series``):
    its players are the accounts its change names, its score comes again from the results of
    the matches it lists and who held their seats."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(
                rating_changes.c.id,
                rating_changes.c.match_id,
                rating_changes.c.seat,
                rating_changes.c.series,
                rating_changes.c.time,
                rating_changes.c.pool,
                accounts.c.name,
            )
            .select_from(
                rating_changes.join(accounts, accounts.c.id == rating_changes.c.account_id)
            )
            .where(rating_changes.c.series.is_not(None))
            .order_by(rating_changes.c.id)
        ).all()
        listed = sorted({m for row in rows for m in json.loads(row.series)})
        results: dict[str, dict[str, Any] | None] = {}
        bots: dict[tuple[str, int], str] = {}
        for m, r, game, seats in connection.execute(
            select(matches.c.id, matches.c.result, matches.c.game, matches.c.seats).where(
                matches.c.id.in_(listed)
            )
        ):
            results[m] = None if r is None else json.loads(r)
            for number, seat in enumerate(json.loads(seats)[:2]):
                if seat.get("kind") == "bot":  # a bot's seat is its bot's account
                    bots[(m, number)] = bot_account_name(game, str(seat.get("bot") or "random"))
    found: dict[str, Facts] = {}
    for row in rows:
        series = json.loads(row.series)
        fact = found.setdefault(
            row.match_id,
            Facts(row.match_id, "", {}, row.pool, [None, None], None, {0, 1}, row.time, row.id),
        )
        fact.players[int(row.seat)] = row.name
        fact.series = series
    for fact in found.values():
        wins = [0, 0]
        for match_id in fact.series or []:
            winner = (results.get(match_id) or {}).get("winner")
            holder = (
                names.get((match_id, winner), bots.get((match_id, winner)))
                if winner in (0, 1)
                else None
            )
            if holder in fact.players:
                wins[fact.players.index(holder)] += 1
        score = glicko2.series_score(wins[0], wins[1])
        fact.result = {"winner": {1.0: 0, 0.0: 1}.get(score), "reason": "series"}
    return list(found.values())


def facts_from_records(folder: Path) -> tuple[list[Facts], list[str]]:
    """The facts of the rated matches among the ``*.json`` records in ``folder``, and a note
    for each file that is not a readable record."""
    found: list[Facts] = []
    notes: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            facts = _record_facts(record)
        except (OSError, ValueError, KeyError, TypeError) as error:
            notes.append(f"{path.name}: not a match record ({error})")
            continue
        if facts is not None:
            found.append(facts)
    return found, notes


def _record_facts(record: dict[str, Any]) -> Facts | None:
    rating = record.get("rating")
    if not isinstance(rating, dict) or not rating.get("rated"):
        return None
    history = record.get("history") or []
    times = [float(e["time"]) for e in history if isinstance(e, dict) and "time" in e]
    return Facts(
        str(record["match"]),
        str(record["game"]),
        dict(record.get("options") or {}),
        rating.get("pool"),
        list(rating.get("players") or [None, None]),
        record.get("result"),
        rules.acted_in_record(record),
        max(times, default=0.0),
        rating.get("sequence"),
    )


def _pool(fact: Facts) -> str:
    """A match's pool from its game and options; a series' as its change names it (the
    events that make series choose its matches' options)."""
    if fact.series is not None and fact.pool is not None:
        return fact.pool
    return pool_of(fact.game, fact.options)


def recompute(facts: list[Facts], parameters: Parameters = DEFAULT) -> Ledger:
    """Every rating change and rating the records give."""
    ledger = Ledger()
    held: dict[Key, Held] = {}
    ordered = sorted(facts, key=lambda f: (f.sequence is None, f.sequence or 0, f.time, f.match_id))
    for fact in ordered:
        try:
            pool = _pool(fact)
        except ConfigError as error:
            ledger.notes.append(f"match {fact.match_id}: its pool cannot be found ({error})")
            continue
        if fact.pool is not None and fact.pool != pool:
            ledger.notes.append(
                f"match {fact.match_id}: stored in pool {fact.pool!r}, its options give {pool!r}"
            )
        if rules.unrated_reason(fact.result, fact.acted) is not None:
            continue
        first, second = fact.players[0], fact.players[1]
        if first is None or second is None or first == second or fact.result is None:
            continue
        for name in (first, second):
            held.setdefault((name, pool), Held(glicko2.new_rating(parameters)))
        game = Game(
            fact.match_id, pool, (first, second), rules.scores(fact.result), fact.time, fact.series
        )
        for change in step(held, game, parameters):
            ledger.changes[(fact.match_id, change["account_id"])] = {
                **change,
                "opponent": change["opponent_id"],
            }
    for key, row in held.items():
        ledger.table[key] = {
            "rating": row.rating.rating,
            "deviation": row.rating.deviation,
            "volatility": row.rating.volatility,
            "games": row.games,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "last_game": row.last_game,
        }
    return ledger


def served(engine: Engine) -> Ledger:
    """The rating changes and ratings the store serves, by account name."""
    ledger = Ledger()
    with engine.connect() as connection:
        opponents = accounts.alias("opponents")
        for row in connection.execute(
            select(rating_changes, accounts.c.name, opponents.c.name.label("opponent")).select_from(
                rating_changes.join(accounts, accounts.c.id == rating_changes.c.account_id).join(
                    opponents, opponents.c.id == rating_changes.c.opponent_id
                )
            )
        ):
            ledger.changes[(row.match_id, row.name)] = dict(row._mapping)
        for row in connection.execute(
            select(ratings, accounts.c.name).select_from(
                ratings.join(accounts, accounts.c.id == ratings.c.account_id)
            )
        ):
            ledger.table[(row.name, row.pool)] = dict(row._mapping)
    return ledger


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-9)
    return bool(a == b)


def compare(expected: Ledger, actual: Ledger) -> list[str]:
    """Every difference between the recomputed ledger and the served one, in words."""
    problems = list(expected.notes)
    for key in sorted(set(expected.changes) | set(actual.changes)):
        mine, theirs = expected.changes.get(key), actual.changes.get(key)
        match_id, name = key
        if theirs is None:
            problems.append(f"match {match_id}: {name}'s rating change is missing from the table")
        elif mine is None:
            problems.append(
                f"match {match_id}: {name}'s rating changed, but the record is not rated"
            )
        else:
            where = f"match {match_id}: {name}'s"
            problems += _differences(where, mine, theirs, (*CHANGE_FIELDS, "opponent"))
    for key in sorted(set(expected.table) | set(actual.table)):
        mine, theirs = expected.table.get(key), actual.table.get(key)
        if mine is None or theirs is None:
            where = "the table" if theirs is None else "the records"
            problems.append(f"{key[0]} in pool {key[1]}: no rating from {where}")
        else:
            problems += _differences(f"{key[0]} in pool {key[1]}:", mine, theirs, RATING_FIELDS)
    return problems


def _differences(
    where: str, mine: dict[str, Any], theirs: dict[str, Any], fields: tuple[str, ...]
) -> list[str]:
    return [
        f"{where} {name} is {theirs[name]!r} in the table, {mine[name]!r} from the records"
        for name in fields
        if not _same(mine[name], theirs[name])
    ]
