"""Sign-up, sign-in (password, recovery code, passkey), sessions, sign-out everywhere, deletion,
and the seat tokens of the seats an account holds.

Abuse: sign-ups are counted per client (address), sign-ins per client and per name asked for,
whether or not an account has it (``Throttle``); a wrong name and a wrong password get the same
message after the same work (an unknown name's password is checked against a dummy hash). A
seat an account holds has a token derived from the server key, the match, the seat and the
account (HMAC): the server gives it again to its holder on any device (``seat_token``) and keeps
nothing of it but the hash every seat token has.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from duelhost.core.errors import ConfigError
from duelhost.server.accounts import passwords
from duelhost.server.accounts.ceremonies import Ceremonies
from duelhost.server.accounts.names import check_name
from duelhost.server.accounts.passwords import Passwords
from duelhost.server.accounts.sessions import SESSION_SECONDS, TOUCH_SECONDS, new_token, token_hash
from duelhost.server.limits import Minute
from duelhost.store.accounts import PERSON, Account, AccountStore, NameTaken, Passkey

RECOVERY_CODES = 10
WRONG = "wrong name or password"
"""The one answer to a failed sign-in, whatever failed."""


class Refused(Exception):
    """A refusal with its HTTP status (the routes answer ``{"error": message}``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


@dataclass(frozen=True)
class SignedIn:
    account: Account
    token: str
    """The new session's token (the cookie's value)."""
    recovery_codes: list[str] | None = None
    """The recovery codes of a new account: shown once."""


def recovery_code() -> str:
    """``xxxx-xxxx-xxxx-xxxx`` in lower-case base32 (80 bits)."""
    text = base64.b32encode(secrets.token_bytes(10)).decode().lower()
    return "-".join(text[i : i + 4] for i in range(0, 16, 4))


def code_hash(code: str) -> str:
    return hashlib.sha256(code.strip().lower().encode("utf-8", "replace")).hexdigest()


class Throttle:
    """Sign-ups per client, sign-ins per client and per name, each in any 60 seconds."""

    def __init__(self, signups: int, signins: int, per_name: int, clock: Callable[[], float]):
        self.signups = Minute(signups, clock)
        self.signins = Minute(signins, clock)
        self.per_name = Minute(per_name, clock)

    def signup(self, client: str) -> None:
        _check(self.signups.take(client), "more sign-ups from this address than allowed a minute")

    def signin(self, client: str, name: str) -> None:
        _check(self.signins.take(client), "more sign-in attempts from this address than allowed")
        _check(self.per_name.take(name.lower()), "more sign-in attempts for this name than allowed")


def _check(wait: float, what: str) -> None:
    if wait:
        seconds = max(1, int(wait + 0.999))
        raise Refused(429, f"{what}; try again in {seconds} s", {"Retry-After": str(seconds)})


class Accounts:
    """The accounts of one server."""

    def __init__(
        self,
        store: AccountStore,
        server_key: bytes,
        throttle: Throttle,
        now: Callable[[], float] = time.time,
        hashing: Passwords | None = None,
    ) -> None:
        self.store = store
        self.passwords = hashing if hashing is not None else Passwords()
        self.now = now
        self.throttle = throttle
        self.ceremonies = Ceremonies(server_key, now)
        self._seat_key = hmac.new(server_key, b"duelhost account seats", hashlib.sha256).digest()

    # ------------------------------------------------------------------ sign-up

    def new_account(self, name: object, password_hash: str | None) -> Account:
        checked = check_name(name)
        return Account(secrets.token_hex(16), checked, PERSON, password_hash, self.now(), None)

    async def sign_up(self, name: object, password: object, client: str) -> SignedIn:
        """A new account with a password: its first session and its recovery codes."""
        self.throttle.signup(client)
        try:
            check_name(name)
            checked = passwords.check_password(password)
        except ConfigError as error:
            raise Refused(400, str(error)) from None
        if self.store.by_name(str(name)) is not None:
            raise Refused(409, "that name is taken; choose another")
        account = self.new_account(name, await self.passwords.hash(checked))
        return await self.open_account(account, None)

    async def open_account(self, account: Account, passkey: Passkey | None) -> SignedIn:
        """Store a new account (with its first passkey) and sign it in."""
        codes = [recovery_code() for _ in range(RECOVERY_CODES)]
        try:
            await asyncio.to_thread(
                self.store.create_account, account, [code_hash(c) for c in codes], passkey
            )
        except NameTaken:
            raise Refused(409, "that name is taken; choose another") from None
        signed = await self.start_session(account)
        return SignedIn(account, signed.token, codes)

    # ------------------------------------------------------------------ sign-in

    async def sign_in(self, name: object, password: object, client: str) -> SignedIn:
        """A session for the right name and password; the same 401 whatever was wrong."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise Refused(422, "send the name and the password as text")
        self.throttle.signin(client, name)
        found = self.store.by_name(name) if len(name) <= 64 else None
        stored = found.password_hash if found is not None else None
        ok = await self.passwords.verify(stored, password[: passwords.MAX_LENGTH + 1])
        if found is None or not ok or len(password) > passwords.MAX_LENGTH:
            raise Refused(401, WRONG)
        return await self.start_session(found)

    async def recover(self, name: object, code: object, client: str) -> SignedIn:
        """A session for a recovery code of the account (used up by this)."""
        if not isinstance(name, str) or not isinstance(code, str):
            raise Refused(422, "send the name and the recovery code as text")
        self.throttle.signin(client, name)
        found = self.store.by_name(name) if len(name) <= 64 else None
        used = found is not None and await asyncio.to_thread(
            self.store.use_recovery_code, found.id, code_hash(code[:64]), self.now()
        )
        if found is None or not used:
            raise Refused(401, "wrong name or recovery code")
        return await self.start_session(found)

    async def start_session(self, account: Account) -> SignedIn:
        token, now = new_token(), self.now()
        await asyncio.to_thread(
            self.store.create_session, token_hash(token), account.id, now, now + SESSION_SECONDS
        )
        return SignedIn(account, token)

    def session(self, token: str | None) -> Account | None:
        """The account a session token is signed in to (None: no session in force)."""
        if token is None:
            return None
        hashed, now = token_hash(token), self.now()
        found = self.store.session(hashed, now)
        if found is None:
            return None
        account, seen = found
        if now - seen > TOUCH_SECONDS:
            self.store.touch_session(hashed, now, now + SESSION_SECONDS)
        return account

    async def sign_out(self, token: str) -> None:
        await asyncio.to_thread(self.store.end_session, token_hash(token))

    async def sign_out_everywhere(self, account: Account) -> int:
        return await asyncio.to_thread(self.store.end_sessions, account.id, self.now())

    async def set_password(self, account: Account, password: object) -> None:
        try:
            checked = passwords.check_password(password)
        except ConfigError as error:
            raise Refused(400, str(error)) from None
        hashed = await self.passwords.hash(checked)
        await asyncio.to_thread(self.store.set_password, account.id, hashed)

    async def delete(self, account: Account) -> str:
        """Erase the account's personal data; its name in the records becomes the one
        returned."""
        replacement = "deleted-" + account.id[:12]
        await asyncio.to_thread(self.store.delete_account, account.id, replacement, self.now())
        return replacement

    # ------------------------------------------------------------------ seats

    def seat_token(self, match_id: str, seat: int, account_id: str) -> str:
        """The token of a seat the account holds (the same every time it is asked)."""
        message = f"{match_id}\x00{seat}\x00{account_id}".encode()
        digest = hmac.new(self._seat_key, message, hashlib.sha256).digest()[:18]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")
