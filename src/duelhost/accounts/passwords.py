"""Passwords: argon2id (``argon2-cffi``; by default its RFC 9106 low-memory profile: 3 passes over
64 MiB), hashed and checked in a worker thread so the event loop keeps serving the matches, at
most ``PARALLEL`` at once (each takes its memory while it runs). An unknown name is checked
against a dummy hash made with the same parameters, so a wrong name and a wrong password take
the same time. A stored hash keeps its own parameters: changing them later still checks the
old hashes."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.concurrency import run_in_threadpool

from duelhost.core.errors import ConfigError

MIN_LENGTH = 8
MAX_LENGTH = 256
PARALLEL = 2
"""Hashes made at once (the others wait their turn, off the loop)."""


def check_password(password: object) -> str:
    """The password, if it is one the server takes; ConfigError saying why not."""
    if not isinstance(password, str) or not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise ConfigError(f"a password is {MIN_LENGTH} to {MAX_LENGTH} characters")
    return password


class Passwords:
    """argon2id with the server's parameters (``ServerSettings.password_*``)."""

    def __init__(self, time_cost: int = 3, memory_kib: int = 65_536) -> None:
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=4)
        self.dummy = self.hasher.hash("duelhost: no account has this password")
        self._slots: asyncio.Semaphore | None = None

    def _slot(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(PARALLEL)
        return self._slots

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored or self.dummy, password)) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def hash(self, password: str) -> str:
        async with self._slot():
            return await run_in_threadpool(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` hashes; with ``stored`` None (no such
        account, or an account with passkeys only) the dummy hash is checked, and False."""
        async with self._slot():
            return await run_in_threadpool(self._verify, stored, password)
