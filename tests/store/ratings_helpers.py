"""Accounts and seat holders made directly in the database for the rating tests (the accounts
routes make them in the server), and a finished match's log."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import insert, select

from duelhost.store import MatchRow, Store
from duelhost.store.schema import accounts, rating_changes, ratings, seat_holders


def make_account(store: Store, name: str, kind: str = "person") -> str:
    account_id = secrets.token_hex(16)
    with store.engine.begin() as connection:
        connection.execute(
            insert(accounts).values(
                id=account_id, name=name, name_key=name.lower(), kind=kind, created=1.0
            )
        )
    return account_id


def hold(store: Store, match_id: str, seat: int, account_id: str | None, guest: str = "") -> None:
    with store.engine.begin() as connection:
        connection.execute(
            insert(seat_holders).values(
                match_id=match_id,
                seat=seat,
                account_id=account_id,
                guest_name=guest or None,
            )
        )


def rated_row(
    match_id: str, seats: list[dict[str, Any]] | None = None, rated: bool = True
) -> MatchRow:
    return MatchRow(
        id=match_id,
        game="toy_bids",
        options={"rounds": 3},
        seed=7,
        setup={},
        seats=seats or [{"kind": "human", "bot": None}, {"kind": "human", "bot": None}],
        clock=None,
        secret="00" * 32,
        created=1.0,
        rated=rated,
        pool="toy_bids" if rated else None,
    )


def plays(first: int = 1, both: bool = True, start: float = 10.0) -> list[dict[str, Any]]:
    """A short log: seat 0 bids (and seat 1 too when ``both``)."""
    entries = [{"seq": first, "type": "submit", "seat": 0, "text": "3", "time": start}]
    kind = "submit" if both else "timeout"
    entries.append({"seq": first + 1, "type": kind, "seat": 1, "text": "1", "time": start})
    return entries


def changes(store: Store, match_id: str | None = None) -> list[Any]:
    query = select(rating_changes).order_by(rating_changes.c.id)
    if match_id is not None:
        query = query.where(rating_changes.c.match_id == match_id)
    with store.engine.connect() as connection:
        return list(connection.execute(query).all())


def table(store: Store) -> dict[tuple[str, str], Any]:
    with store.engine.connect() as connection:
        return {(r.account_id, r.pool): r for r in connection.execute(select(ratings)).all()}
