"""The open offers of a match (issue 30): seeks, open to anybody in the lobby, and challenges to
one account (tables ``seeks`` and ``challenges``, migration 0005). An offer's state moves from
``open`` to ``accepted`` (with its match), ``declined``, ``withdrawn`` or ``expired``, each change
only from ``open`` and before the offer's time is up (``settle``): two players accepting one seek
at once make one match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Table, func, insert, or_, select, update
from sqlalchemy.engine import Engine, RowMapping

from duelhost.store.schema import accounts, challenges, seeks


@dataclass(frozen=True)
class Offer:
    """An open seek (``to`` None) or a challenge to the account ``to``."""

    id: str
    kind: str
    """``seek`` or ``challenge``."""
    by: str
    """The account that made it."""
    by_name: str
    to: str | None
    to_name: str | None
    game: str
    options: dict[str, Any]
    clock: Any
    clock_given: bool
    rated: bool
    rating_min: int | None
    rating_max: int | None
    created: float
    expires: float
    state: str
    match_id: str | None


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _clock(text: str | None) -> tuple[Any, bool]:
    """The stored clock of an offer: ``{"given": bool, "clock": ...}`` (given False: the
    game's default clock)."""
    if text is None:
        return None, False
    data = json.loads(text)
    return data.get("clock"), bool(data.get("given"))


class OfferStore:
    """The seeks and challenges of one store."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_offer(self, offer: Offer) -> None:
        clock = _dumps({"given": offer.clock_given, "clock": offer.clock})
        with self.engine.begin() as connection:
            if offer.kind == "seek":
                connection.execute(
                    insert(seeks).values(
                        id=offer.id,
                        account_id=offer.by,
                        game=offer.game,
                        options=_dumps(offer.options),
                        clock=clock,
                        rated=offer.rated,
                        rating_min=offer.rating_min,
                        rating_max=offer.rating_max,
                        created=offer.created,
                        expires=offer.expires,
                        state="open",
                    )
                )
            else:
                connection.execute(
                    insert(challenges).values(
                        id=offer.id,
                        challenger_id=offer.by,
                        challenged_id=offer.to,
                        game=offer.game,
                        options=_dumps(offer.options),
                        clock=clock,
                        rated=offer.rated,
                        created=offer.created,
                        expires=offer.expires,
                        state="open",
                    )
                )

    def open_seeks(self, now: float) -> list[Offer]:
        """Every open seek in force, oldest first."""
        query = (
            select(seeks, accounts.c.name)
            .join(accounts, accounts.c.id == seeks.c.account_id)
            .where(seeks.c.state == "open", seeks.c.expires > now)
            .order_by(seeks.c.created, seeks.c.id)
        )
        with self.engine.connect() as connection:
            return [_seek(row._mapping) for row in connection.execute(query).all()]

    def seek(self, seek_id: str) -> Offer | None:
        query = (
            select(seeks, accounts.c.name)
            .join(accounts, accounts.c.id == seeks.c.account_id)
            .where(seeks.c.id == seek_id)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else _seek(row._mapping)

    def open_seek_count(self, account_id: str, now: float) -> int:
        return self._open_count(seeks, seeks.c.account_id, account_id, now)

    def challenge(self, challenge_id: str) -> Offer | None:
        with self.engine.connect() as connection:
            row = connection.execute(_challenges().where(challenges.c.id == challenge_id)).first()
        return None if row is None else _challenge(row._mapping)

    def challenges_of(self, account_id: str, now: float) -> list[Offer]:
        """The open challenges an account made or was sent, oldest first."""
        query = _challenges().where(
            or_(
                challenges.c.challenger_id == account_id,
                challenges.c.challenged_id == account_id,
            ),
            challenges.c.state == "open",
            challenges.c.expires > now,
        )
        with self.engine.connect() as connection:
            found = connection.execute(query.order_by(challenges.c.created)).all()
        return [_challenge(row._mapping) for row in found]

    def open_challenge_count(self, account_id: str, now: float) -> int:
        return self._open_count(challenges, challenges.c.challenger_id, account_id, now)

    def _open_count(self, table: Table, maker: Any, account_id: str, now: float) -> int:
        """The offers of ``table`` an account made that are open and in force."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(func.count())
                .select_from(table)
                .where(maker == account_id, table.c.state == "open", table.c.expires > now)
            ).scalar_one()
        return int(found)

    def settle(self, offer: Offer, state: str, now: float, match_id: str | None = None) -> bool:
        """Move an open offer in force to ``state`` (``accepted`` with its match,
        ``declined``, ``withdrawn``): True if this call did (one caller wins a race)."""
        table = seeks if offer.kind == "seek" else challenges
        with self.engine.begin() as connection:
            done = connection.execute(
                update(table)
                .where(table.c.id == offer.id, table.c.state == "open", table.c.expires > now)
                .values(state=state, match_id=match_id)
            )
        return bool(done.rowcount == 1)

    def set_match(self, offer: Offer, match_id: str) -> None:
        """The match an accepted offer made."""
        table = seeks if offer.kind == "seek" else challenges
        with self.engine.begin() as connection:
            connection.execute(
                update(table).where(table.c.id == offer.id).values(match_id=match_id)
            )

    def reopen(self, offer: Offer) -> None:
        """An accepted offer whose match could not be made is open again."""
        table = seeks if offer.kind == "seek" else challenges
        with self.engine.begin() as connection:
            connection.execute(
                update(table)
                .where(table.c.id == offer.id, table.c.match_id.is_(None))
                .values(state="open")
            )

    def expire(self, now: float) -> tuple[list[str], list[Offer]]:
        """Mark the open offers past their time ``expired``: the seeks' ids and the
        challenges (their parties are told)."""
        with self.engine.begin() as connection:
            gone = [
                str(item[0])
                for item in connection.execute(
                    select(seeks.c.id).where(seeks.c.state == "open", seeks.c.expires <= now)
                ).all()
            ]
            lapsed = [
                _challenge(row._mapping)
                for row in connection.execute(
                    _challenges().where(challenges.c.state == "open", challenges.c.expires <= now)
                ).all()
            ]
            if gone:
                connection.execute(
                    update(seeks).where(seeks.c.id.in_(gone)).values(state="expired")
                )
            if lapsed:
                connection.execute(
                    update(challenges)
                    .where(challenges.c.id.in_([c.id for c in lapsed]))
                    .values(state="expired")
                )
        return gone, lapsed

    def rated(self, match_id: str) -> bool:
        """Whether a match was made from a rated seek or challenge (the ratings' seam until
        ``matches`` says so itself)."""
        with self.engine.connect() as connection:
            for table in (seeks, challenges):
                found = connection.execute(
                    select(table.c.rated).where(table.c.match_id == match_id)
                ).scalar()
                if found is not None:
                    return bool(found)
        return False


def _challenges() -> Any:
    challenger = accounts.alias("challenger")
    challenged = accounts.alias("challenged")
    return (
        select(
            challenges,
            challenger.c.name.label("by_name"),
            challenged.c.name.label("to_name"),
        )
        .join(challenger, challenger.c.id == challenges.c.challenger_id)
        .join(challenged, challenged.c.id == challenges.c.challenged_id)
    )


def _seek(row: RowMapping) -> Offer:
    clock, given = _clock(row["clock"])
    return Offer(
        id=row["id"],
        kind="seek",
        by=row["account_id"],
        by_name=row["name"],
        to=None,
        to_name=None,
        game=row["game"],
        options=json.loads(row["options"]),
        clock=clock,
        clock_given=given,
        rated=bool(row["rated"]),
        rating_min=row["rating_min"],
        rating_max=row["rating_max"],
        created=float(row["created"]),
        expires=float(row["expires"]),
        state=row["state"],
        match_id=row["match_id"],
    )


def _challenge(row: RowMapping) -> Offer:
    clock, given = _clock(row["clock"])
    return Offer(
        id=row["id"],
        kind="challenge",
        by=row["challenger_id"],
        by_name=row["by_name"],
        to=row["challenged_id"],
        to_name=row["to_name"],
        game=row["game"],
        options=json.loads(row["options"]),
        clock=clock,
        clock_given=given,
        rated=bool(row["rated"]),
        rating_min=None,
        rating_max=None,
        created=float(row["created"]),
        expires=float(row["expires"]),
        state=row["state"],
        match_id=row["match_id"],
    )


__all__ = ["Offer", "OfferStore"]
