"""Passwords: argon2id (``argon2-cffi``; by default 3 passes over 64 MiB, one lane), hashed and
checked off the event loop in one worker thread of lowered priority (``nice`` 10 on Linux): one
hash at a time takes at most one core, and the loop (the matches, the other clients) comes first
for the CPU; sign-ins queue behind one another rather than slow everybody. An unknown name is
checked against a dummy hash made with the same parameters, so a wrong name and a wrong password
take the same time. A stored hash keeps its own parameters: changing them later still checks the
old hashes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from duelhost.core.errors import ConfigError

MIN_LENGTH = 8
MAX_LENGTH = 256
NICE = 10
"""How much lower than the server's the hashing thread's priority is."""


def check_password(password: object) -> str:
    """The password, if it is one the server takes; ConfigError saying why not."""
    if not isinstance(password, str) or not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise ConfigError(f"a password is {MIN_LENGTH} to {MAX_LENGTH} characters")
    return password


class Passwords:
    """argon2id with the server's parameters (``ServerSettings.password_*``)."""

    def __init__(self, time_cost: int = 3, memory_kib: int = 65_536) -> None:
        self.hasher = PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=1)
        self.dummy = self.hasher.hash("duelhost: no account has this password")
        self.worker = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="duelhost-argon2", initializer=_lower_priority
        )

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored or self.dummy, password)) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    async def hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(
            self.worker, self.hasher.hash, password
        )

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` hashes; with ``stored`` None (no such
        account, or an account with passkeys only) the dummy hash is checked, and False."""
        return await asyncio.get_running_loop().run_in_executor(
            self.worker, self._verify, stored, password
        )


def _lower_priority() -> None:
    """The hashing thread yields the CPU to the event loop (Linux: a thread's own nice)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
