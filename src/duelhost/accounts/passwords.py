"""Passwords: argon2id (``argon2-cffi``, its RFC 9106 low-memory profile), hashed and checked in a
worker thread so the event loop keeps serving the matches, at most ``PARALLEL`` at once (each
takes 64 MiB). An unknown name is checked against a dummy hash made the same way, so a wrong
name and a wrong password take the same time."""

from __future__ import annotations

import asyncio
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.concurrency import run_in_threadpool

from duelhost.core.errors import ConfigError

MIN_LENGTH = 8
MAX_LENGTH = 256
PARALLEL = 2
"""Hashes made at once (the others wait their turn, off the loop)."""

_hasher = PasswordHasher()
_dummy: list[str] = []
_dummy_lock = threading.Lock()
_slots: dict[int, asyncio.Semaphore] = {}


def check_password(password: object) -> str:
    """The password, if it is one the server takes; ConfigError saying why not."""
    if not isinstance(password, str) or not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise ConfigError(f"a password is {MIN_LENGTH} to {MAX_LENGTH} characters")
    return password


def _slot() -> asyncio.Semaphore:
    loop = id(asyncio.get_running_loop())
    if loop not in _slots:
        _slots.clear()
        _slots[loop] = asyncio.Semaphore(PARALLEL)
    return _slots[loop]


def dummy_hash() -> str:
    """A hash of no password anybody has, made with the same parameters."""
    with _dummy_lock:
        if not _dummy:
            _dummy.append(_hasher.hash("duelhost: no account has this password"))
        return _dummy[0]


def _verify(stored: str | None, password: str) -> bool:
    try:
        return bool(_hasher.verify(stored or dummy_hash(), password)) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


async def hash_password(password: str) -> str:
    async with _slot():
        return await run_in_threadpool(_hasher.hash, password)


async def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` hashes; with ``stored`` None (no such
    account, or an account with passkeys only) the dummy hash is checked, and False."""
    async with _slot():
        return await run_in_threadpool(_verify, stored, password)
