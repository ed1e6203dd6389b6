"""One click, one match (issue 32 point 2): a create that carries an ``Idempotency-Key``
(header, or ``idempotency_key`` in the body) is made once; the same key from the same client
within ``TTL`` seconds answers the same match, even while the first create is still being
committed (a double click sends both at once); the same key with another request body is
refused (422). A create that failed is forgotten, so a retry
with the key tries again.

The keys live in the memory of the process that served the create, at most ``MAX_KEYS`` of
them: a page sends both clicks to the same process over its connection."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

TTL = 600.0
"""Seconds a key stands for its match."""
MAX_KEYS = 10_000
"""Keys remembered at most (the oldest is forgotten first)."""
MAX_KEY_LENGTH = 200


class KeyReused(ValueError):
    """An idempotency key sent again with another request (a 422)."""


class CreateOnce:
    """The answer of each create that carried an idempotency key, per client."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.answers: OrderedDict[tuple[str, str], tuple[float, str, asyncio.Future[Any]]] = (
            OrderedDict()
        )

    async def run(
        self, client: str, key: str | None, request: str, make: Callable[[], Awaitable[Any]]
    ) -> Any:
        """``make()``'s answer, made once per ``(client, key)`` (every time without a key).
        ``request`` is what was asked (the body as text): the same key with another request
        is KeyReused, not the first request's answer."""
        if key is None:
            return await make()
        self._forget_old()
        held = self.answers.get((client, key))
        if held is not None:
            if held[1] != request:
                raise KeyReused(
                    "this Idempotency-Key was sent before with another request: use a new key "
                    "for another match"
                )
            return await asyncio.shield(held[2])
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.answers[(client, key)] = (self.now(), request, future)
        while len(self.answers) > MAX_KEYS:
            self.answers.popitem(last=False)
        try:
            answer = await make()
        except BaseException as error:
            self.answers.pop((client, key), None)
            if isinstance(error, Exception):
                future.set_exception(error)
                future.exception()  # retrieved: a failure nobody else awaited is not logged
            else:
                future.cancel()
            raise
        future.set_result(answer)
        return answer

    def _forget_old(self) -> None:
        limit = self.now() - TTL
        while self.answers:
            made = next(iter(self.answers.values()))[0]
            if made >= limit:
                return
            self.answers.popitem(last=False)
