"""Accounts, sessions, passkeys, who holds each seat, and the open seeks and challenges (issue 30),
on the store's engine (SQLAlchemy Core; the tables are in ``schema.py``, migration 0005).

Nothing secret is kept in the clear: a session's cookie and a recovery code are kept as their
SHA-256, a password as its argon2id hash (made by ``duelhost.server.accounts.passwords``).
Each method is one transaction; the ones that change an offer's state (accept, decline,
cancel) change it only from ``open``, so two processes accepting one seek at once make one match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine, RowMapping
from sqlalchemy.exc import IntegrityError

from duelhost.store.schema import (
    accounts,
    challenges,
    invites,
    matches,
    passkeys,
    recovery_codes,
    seat_holders,
    seeks,
    sessions,
)

PERSON = "person"
"""``accounts.kind`` of a person's account (the ratings' bot accounts are ``bot``)."""


class NameTaken(ValueError):
    """An account of that name (without regard to case) exists."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    kind: str
    password_hash: str | None
    created: float
    deleted: float | None


@dataclass(frozen=True)
class Passkey:
    credential_id: str
    account_id: str
    public_key: str
    sign_count: int


@dataclass(frozen=True)
class Holder:
    """Who holds a seat: an account (its name) or a guest (the name they chose)."""

    seat: int
    account_id: str | None
    name: str
    guest: bool
    deleted: bool = False


def _account(row: RowMapping) -> Account:
    return Account(
        row["id"], row["name"], row["kind"], row["password_hash"], row["created"], row["deleted"]
    )


class AccountStore:
    """The accounts' tables of one store."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ accounts

    def create_account(
        self,
        account: Account,
        recovery_hashes: Iterable[str] = (),
        passkey: Passkey | None = None,
    ) -> None:
        """A new account with its recovery codes' hashes (and its first passkey), in one
        transaction; NameTaken when the name is taken without regard to case."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(accounts).values(
                        id=account.id,
                        name=account.name,
                        name_key=account.name.lower(),
                        kind=account.kind,
                        password_hash=account.password_hash,
                        created=account.created,
                    )
                )
                codes = [{"code_hash": h, "account_id": account.id} for h in recovery_hashes]
                if codes:
                    connection.execute(insert(recovery_codes), codes)
                if passkey is not None:
                    _insert_passkey(connection, passkey, account.id, account.created)
        except IntegrityError:
            raise NameTaken(account.name) from None

    def by_name(self, name: str) -> Account | None:
        """The account of that name (without regard to case), deleted ones excluded."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(accounts).where(
                    accounts.c.name_key == name.lower(), accounts.c.deleted.is_(None)
                )
            ).first()
        return None if row is None else _account(row._mapping)

    def by_id(self, account_id: str) -> Account | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(accounts).where(accounts.c.id == account_id)).first()
        return None if row is None else _account(row._mapping)

    def set_password(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(password_hash=password_hash)
            )

    def use_recovery_code(self, account_id: str, code_hash: str, now: float) -> bool:
        """Use a recovery code once: True if it was the account's and unused."""
        with self.engine.begin() as connection:
            used = connection.execute(
                update(recovery_codes)
                .where(
                    recovery_codes.c.code_hash == code_hash,
                    recovery_codes.c.account_id == account_id,
                    recovery_codes.c.used.is_(None),
                )
                .values(used=now)
            )
        return bool(used.rowcount == 1)

    def recovery_left(self, account_id: str) -> int:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(func.count())
                .select_from(recovery_codes)
                .where(recovery_codes.c.account_id == account_id, recovery_codes.c.used.is_(None))
            ).scalar_one()
        return int(found)

    def delete_account(self, account_id: str, replacement: str, now: float) -> None:
        """Erase an account's personal data: its name is replaced by ``replacement``, its
        password, passkeys, recovery codes and sessions are deleted and its open offers
        withdrawn; the seats it held keep pointing at it (the records stay whole)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(
                    name=replacement,
                    name_key=replacement.lower(),
                    password_hash=None,
                    deleted=now,
                )
            )
            for table in (passkeys, recovery_codes, sessions):
                connection.execute(delete(table).where(table.c.account_id == account_id))
            connection.execute(
                update(seeks)
                .where(seeks.c.account_id == account_id, seeks.c.state == "open")
                .values(state="withdrawn")
            )
            connection.execute(
                update(challenges)
                .where(
                    or_(
                        challenges.c.challenger_id == account_id,
                        challenges.c.challenged_id == account_id,
                    ),
                    challenges.c.state == "open",
                )
                .values(state="withdrawn")
            )

    # ------------------------------------------------------------------ passkeys

    def add_passkey(self, passkey: Passkey, now: float) -> None:
        with self.engine.begin() as connection:
            _insert_passkey(connection, passkey, passkey.account_id, now)

    def passkey(self, credential_id: str) -> Passkey | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(passkeys).where(passkeys.c.credential_id == credential_id)
            ).first()
        if row is None:
            return None
        return Passkey(row.credential_id, row.account_id, row.public_key, int(row.sign_count))

    def passkeys_of(self, account_id: str) -> list[str]:
        """The credential ids of an account's passkeys."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(passkeys.c.credential_id).where(passkeys.c.account_id == account_id)
            ).all()
        return [str(item[0]) for item in found]

    def passkey_used(self, credential_id: str, sign_count: int, now: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(passkeys)
                .where(passkeys.c.credential_id == credential_id)
                .values(sign_count=sign_count, last_used=now)
            )

    # ------------------------------------------------------------------ sessions

    def create_session(self, token_hash: str, account_id: str, now: float, expires: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(sessions).values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created=now,
                    seen=now,
                    expires=expires,
                )
            )

    def session(self, token_hash: str, now: float) -> tuple[Account, float] | None:
        """The account of a session in force and when the session was last seen."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(accounts, sessions.c.seen)
                .join(sessions, sessions.c.account_id == accounts.c.id)
                .where(
                    sessions.c.token_hash == token_hash,
                    sessions.c.expires > now,
                    accounts.c.deleted.is_(None),
                )
            ).first()
        if row is None:
            return None
        return _account(row._mapping), float(row.seen)

    def touch_session(self, token_hash: str, now: float, expires: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(sessions)
                .where(sessions.c.token_hash == token_hash)
                .values(seen=now, expires=expires)
            )

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def end_sessions(self, account_id: str, now: float) -> int:
        """End every session of an account (and forget expired ones of anybody); how many of
        the account's ended."""
        with self.engine.begin() as connection:
            ended = connection.execute(
                delete(sessions).where(sessions.c.account_id == account_id)
            ).rowcount
            connection.execute(delete(sessions).where(sessions.c.expires <= now))
        return int(ended)

    # ------------------------------------------------------------------ seats

    def hold_seats(
        self, match_id: str, holders: Iterable[tuple[int, str | None, str | None]]
    ) -> None:
        """Who holds each seat of a match: ``(seat, account_id, guest_name)``; a seat held
        before is held by the newcomer now (its invite was re-issued and opened again)."""
        with self.engine.begin() as connection:
            for seat, account_id, guest_name in holders:
                connection.execute(
                    delete(seat_holders).where(
                        seat_holders.c.match_id == match_id, seat_holders.c.seat == seat
                    )
                )
                connection.execute(
                    insert(seat_holders).values(
                        match_id=match_id, seat=seat, account_id=account_id, guest_name=guest_name
                    )
                )

    def release_seat(self, match_id: str, seat: int) -> None:
        """Nobody holds the seat any more (its invite was re-issued)."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(seat_holders).where(
                    seat_holders.c.match_id == match_id, seat_holders.c.seat == seat
                )
            )

    def holders(self, match_ids: Iterable[str]) -> dict[str, list[Holder]]:
        """Who holds the seats of each match (matches nobody holds a seat of are left out)."""
        ids = sorted(set(match_ids))
        if not ids:
            return {}
        with self.engine.connect() as connection:
            found = connection.execute(
                select(
                    seat_holders.c.match_id,
                    seat_holders.c.seat,
                    seat_holders.c.account_id,
                    seat_holders.c.guest_name,
                    accounts.c.name,
                    accounts.c.deleted,
                )
                .select_from(
                    seat_holders.outerjoin(accounts, accounts.c.id == seat_holders.c.account_id)
                )
                .where(seat_holders.c.match_id.in_(ids))
                .order_by(seat_holders.c.match_id, seat_holders.c.seat)
            ).all()
        out: dict[str, list[Holder]] = {}
        for match_id, seat, account_id, guest_name, name, deleted in found:
            guest = account_id is None
            shown = (guest_name or "guest") if guest else str(name)
            out.setdefault(match_id, []).append(
                Holder(int(seat), account_id, shown, guest, deleted is not None)
            )
        return out

    def invite_seat(self, invite_hash: str) -> tuple[str, int] | None:
        """The match and seat an invite is for (used or not)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(invites.c.match_id, invites.c.seat).where(
                    invites.c.invite_hash == invite_hash
                )
            ).first()
        return None if found is None else (str(found.match_id), int(found.seat))

    def seat_of(self, match_id: str, seat: int) -> str | None:
        """The account that holds a seat (None: a guest, or nobody)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(seat_holders.c.account_id).where(
                    seat_holders.c.match_id == match_id, seat_holders.c.seat == seat
                )
            ).scalar()
        return None if found is None else str(found)

    def matches_of(
        self, account_id: str, limit: int, offset: int
    ) -> tuple[int, list[tuple[str, int, str, bool, float, str | None]]]:
        """The matches an account holds a seat of, newest first: ``(match_id, seat, game,
        over, created, result)`` each, and how many in all."""
        where = seat_holders.c.account_id == account_id
        joined = seat_holders.join(matches, matches.c.id == seat_holders.c.match_id)
        with self.engine.connect() as connection:
            total = connection.execute(
                select(func.count()).select_from(joined).where(where)
            ).scalar_one()
            found = connection.execute(
                select(
                    matches.c.id,
                    seat_holders.c.seat,
                    matches.c.game,
                    matches.c.over,
                    matches.c.created,
                    matches.c.result,
                )
                .select_from(joined)
                .where(where)
                .order_by(matches.c.over, matches.c.created.desc(), matches.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
        return int(total), [
            (str(m), int(s), str(g), bool(o), float(c), r) for m, s, g, o, c, r in found
        ]


__all__ = ["PERSON", "Account", "AccountStore", "Holder", "NameTaken", "Passkey"]


def _insert_passkey(connection: Connection, passkey: Passkey, account_id: str, now: float) -> None:
    connection.execute(
        insert(passkeys).values(
            credential_id=passkey.credential_id,
            account_id=account_id,
            public_key=passkey.public_key,
            sign_count=passkey.sign_count,
            created=now,
        )
    )
