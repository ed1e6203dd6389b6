"""The lobby's live side: every open seek, pushed to every open lobby stream as it is posted and
as it goes; each account's challenges and matches made, pushed to that account's streams (any
page of a signed-in player keeps one open).

Messages (JSON text, one per WebSocket message): ``{"type": "hello", "me", "seeks",
"challenges"}`` first, then ``{"type": "seek", "seek"}``, ``{"type": "seek_gone", "id",
"reason"}``, ``{"type": "challenge", "challenge"}``, ``{"type": "challenge_gone", "id",
"reason"}`` and ``{"type": "matched", "match", "seat", "url", "game"}`` (the seeker's or the
challenger's match was made: its page goes to the board). Each message is encoded once, however
many streams it goes to.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

from duelhost.host import json_text

CLOSE = "\x00close"
"""Put in a stream's queue: the stream closes (its client was too far behind)."""


class Lobby:
    """The open seeks as the lobby shows them, and the streams to push changes to."""

    def __init__(self, max_backlog: int = 2_000) -> None:
        self.seeks: dict[str, dict[str, Any]] = {}
        self.streams: dict[asyncio.Queue[str], str | None] = {}
        self.by_account: dict[str, set[asyncio.Queue[str]]] = {}
        self.max_backlog = max_backlog

    def subscribe(self, account_id: str | None) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        self.streams[queue] = account_id
        if account_id is not None:
            self.by_account.setdefault(account_id, set()).add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        account_id = self.streams.pop(queue, None)
        if account_id is not None:
            held = self.by_account.get(account_id, set())
            held.discard(queue)
            if not held:
                self.by_account.pop(account_id, None)

    def _put(self, queues: Iterable[asyncio.Queue[str]], message: dict[str, Any]) -> None:
        text = json_text.dumps(message)
        for queue in list(queues):
            if queue.qsize() > self.max_backlog:
                queue.put_nowait(CLOSE)
            else:
                queue.put_nowait(text)

    def publish(self, message: dict[str, Any]) -> None:
        """To every lobby stream."""
        self._put(self.streams, message)

    def tell(self, account_id: str, message: dict[str, Any]) -> None:
        """To the streams of one account."""
        self._put(self.by_account.get(account_id, ()), message)

    def signed_out(self, account_id: str) -> None:
        """The account's sessions ended: its streams close."""
        for queue in list(self.by_account.get(account_id, ())):
            queue.put_nowait(CLOSE)

    def seek_added(self, seek: dict[str, Any]) -> None:
        self.seeks[seek["id"]] = seek
        self.publish({"type": "seek", "seek": seek})

    def seek_gone(self, seek_id: str, reason: str) -> None:
        if self.seeks.pop(seek_id, None) is not None:
            self.publish({"type": "seek_gone", "id": seek_id, "reason": reason})

    def refresh(self, open_seeks: list[dict[str, Any]]) -> None:
        """The store's open seeks (another process of a cluster may have posted or taken
        some): push the difference."""
        fresh = {seek["id"]: seek for seek in open_seeks}
        for seek_id in [s for s in self.seeks if s not in fresh]:
            self.seek_gone(seek_id, "taken")
        for seek_id, seek in fresh.items():
            if seek_id not in self.seeks:
                self.seek_added(seek)

    def listed(self) -> list[dict[str, Any]]:
        return sorted(self.seeks.values(), key=lambda s: (s["created"], s["id"]))
