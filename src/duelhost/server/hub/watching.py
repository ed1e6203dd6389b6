"""Who listens to a match: subscriber queues, and which recipients' frames the host builds."""

from __future__ import annotations

import asyncio

from duelhost.host.messages import Recipient
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.live import Live


class Watching(HubBase):
    """Subscriptions to a match's frames."""

    def subscribe(
        self, live: Live, recipient: Recipient, with_text: bool = True, deltas: bool = False
    ) -> asyncio.Queue[str]:
        """A queue that receives every frame for ``recipient`` as JSON text (with ``deltas``:
        delta frames, ``frame_builder.delta``)."""
        queue: asyncio.Queue[str] = asyncio.Queue()
        live.last_event = self.now()
        live.subscribers[recipient].add(queue)
        if not with_text:
            live.lean.add(queue)
        if deltas:
            live.deltas.add(queue)
        self._watch(live)
        return queue

    def unsubscribe(self, live: Live, recipient: Recipient, queue: asyncio.Queue[str]) -> None:
        live.subscribers[recipient].discard(queue)
        if queue not in live.lean and all(q in live.lean for q in live.subscribers[recipient]):
            live.left_text[recipient] = self.now()
        live.lean.discard(queue)
        deltas = queue in live.deltas
        live.deltas.discard(queue)
        if not any((q in live.deltas) == deltas for q in live.subscribers[recipient]):
            live.left[(recipient, deltas)] = self.now()
        self._watch(live)

    def _watch(self, live: Live) -> None:
        """Frames are built for recipients listening now or within the last
        ``settings.resume_grace`` seconds (so a client that reconnects soon gets exactly what
        it missed), whole frames and delta frames each for the clients that take them."""
        now = self.now()
        grace = self.settings.resume_grace
        for key in [k for k, t in live.left.items() if now - t >= grace]:
            del live.left[key]
        for recipient in [r for r, t in live.left_text.items() if now - t >= grace]:
            del live.left_text[recipient]
        live.match.watchers = _watched(live, False, now, grace)
        live.match.delta_watchers = _watched(live, True, now, grace)
        # The text rendering only for recipients a client that wants it listens to (or did
        # within the grace): the load test's and bots' clients read the view alone.
        live.match.text_watchers = {
            r
            for r, queues in live.subscribers.items()
            if any(q not in live.lean for q in queues)
            or now - live.left_text.get(r, -grace) < grace
        }


def _watched(live: Live, deltas: bool, now: float, grace: float) -> set[Recipient]:
    """The recipients a client taking whole (``deltas`` False) or delta frames listens to,
    or did within the grace."""
    return {
        r
        for r, queues in live.subscribers.items()
        if any((q in live.deltas) == deltas for q in queues)
        or now - live.left.get((r, deltas), -grace) < grace
    }
