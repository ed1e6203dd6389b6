"""Salts for submissions' nonces (``host.receipts``), drawn from the operating system's CSPRNG
in batches.

Each salt is 16 bytes of ``os.urandom`` written as 32 lowercase hex digits, exactly as
``secrets.token_hex(16)`` gives them; the bytes are read 4,096 at a time (256 salts) instead of
one system call per submission. Every salt is still unpredictable (the same source) and used
once: each one is cut from the batch and the batch is never read twice. Not shared across a
``fork``: a child process draws its own batch (the pid is checked).
"""

from __future__ import annotations

import os
import threading

SALT_BYTES = 16
BATCH = 256


class Salts:
    """A source of fresh salts (see the module docstring); safe to use from several threads."""

    def __init__(self, batch: int = BATCH) -> None:
        self._batch = batch
        self._lock = threading.Lock()
        self._pool = b""
        self._at = 0
        self._pid = os.getpid()

    def draw(self) -> str:
        """A fresh salt: 32 lowercase hex digits."""
        with self._lock:
            if self._at + SALT_BYTES > len(self._pool) or self._pid != os.getpid():
                self._pool = os.urandom(SALT_BYTES * self._batch)
                self._at = 0
                self._pid = os.getpid()
            start = self._at
            self._at = start + SALT_BYTES
            salt = self._pool[start : start + SALT_BYTES]
        return salt.hex()


_SALTS = Salts()


def fresh() -> str:
    """A fresh salt from the process's source."""
    return _SALTS.draw()
