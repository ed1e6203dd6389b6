"""Events of a match: each applied by its host, committed to the store, then answered and sent."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from duelhost.core.errors import IllegalAction
from duelhost.host import Step, json_text
from duelhost.host.messages import Answer, Frame, Recipient
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.faults import StorageFailed
from duelhost.server.hub.live import Live

SEAT_ACTIONS = ("resign", "draw", "extend")
"""What a seat may do besides submitting (``Hub.act``)."""


class Play(HubBase):
    """Submissions, commitments, seat actions and deadlines, one step at a time."""

    async def commit(self, live: Live, seat: int, value: Any, key: str | None) -> Answer:
        """A seat's commitment (commit, then reveal: ``host.commits``)."""
        answer = await self._run(live, lambda now: live.match.commit(seat, value, now, key))
        assert answer is not None
        return answer

    async def submit(
        self,
        live: Live,
        seat: int,
        text: Any,
        key: str | None,
        nonce: Any = None,
        decision: Any = None,
    ) -> Answer:
        """A seat's submission; with ``nonce``, the reveal of its commitment; with
        ``decision``, refused unless the match is at that decision."""
        started = time.perf_counter()
        repeated = key is not None and live.match.ledger.answered(seat, key) is not None
        try:
            answer = await self._run(
                live, lambda now: live.match.submit(seat, text, now, key, nonce, decision)
            )
        except IllegalAction:
            if self.on_ack is not None:
                self.on_ack(time.perf_counter() - started, False)
            raise
        if repeated and key is not None:
            # The first attempt may still be on its way to the disk: answer a retry only once
            # it is there. If it failed, the match was rebuilt without it and the key is gone:
            # the retry fails too, and the next attempt is a new submission (issue 19).
            await self.settled(live)
            if live.match.ledger.answered(seat, key) is None:
                raise StorageFailed("the first attempt was not stored; submit again")
        took = time.perf_counter() - started
        self.ack_latencies.append(took)
        if self.on_ack is not None:
            self.on_ack(took, True)
        assert answer is not None
        return answer

    async def act(self, live: Live, seat: int, action: str) -> Answer:
        """A seat's ``resign``, ``draw`` (offer or accept) or ``extend`` (the host's method of
        that name)."""
        if action not in SEAT_ACTIONS:
            raise ValueError(f"unknown seat action {action!r}")
        step: Callable[[int, float], Step] = getattr(live.match, action)
        answer = await self._run(live, lambda now: step(seat, now))
        assert answer is not None
        return answer

    async def host_act(self, live: Live, kind: str, **fields: Any) -> Answer:
        """An event host's ``pause``, ``resume`` or ``adjudicate`` of the match
        (``host.pausing``; IllegalAction when it does not apply)."""
        answer = await self._run(live, lambda now: live.match.host_act(kind, now, **fields))
        assert answer is not None
        return answer

    async def settled(self, live: Live) -> None:
        """Wait until everything the match has logged is committed (for reads and new streams):
        steps that land in memory while this waits are waited for too, so the caller, which
        reads the match right after this returns (no await in between), sees only what is on
        disk."""
        while live.last_commit is not None and not live.last_commit.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(live.last_commit)

    async def _run(self, live: Live, event: Callable[[float], Step]) -> Answer | None:
        """Apply one event: host step, commit, then answer and frames. IllegalAction passes
        through (after committing whatever the event's deadline check produced)."""
        if live.gone:
            # Its steps would be stored under the epoch of whoever hosts the match now.
            raise StorageFailed(f"match {live.match.id} moved; nothing was stored; try again")
        live.last_event = self.now()
        if live.left or live.left_text or live.match.watchers is None:
            # Only a grace running out changes what is listened to between (un)subscriptions.
            self._watch(live)
        try:
            step = event(self.now())
        except IllegalAction:
            # Deadlines that fired before the refusal are real effects: store and send them.
            refused = live.match.refused
            if refused is not None:
                live.match.refused = None
                await self._commit(live, refused)
            raise
        await self._commit(live, step)
        return step.answer

    async def _commit(self, live: Live, step: Step) -> None:
        match = live.match
        if step.entries:
            # The store keeps each entry as JSON: a LogEntry is a plain dict.
            entries = cast("list[dict[str, Any]]", step.entries)
            row = (match.id, entries, match.is_over, match.result, self.now())
            committed = asyncio.wrap_future(self.writer.put(row))
            live.last_commit = committed
            try:
                await committed
            except Exception as error:
                # Memory is ahead of the disk: rebuild the match from what the store holds
                # (keeping its subscribers); if even that fails, forget it until next use.
                if live.timer is not None:
                    live.timer.cancel()
                    live.timer = None
                try:
                    rebuilt = self._restore(self._row(match.id))
                    live.match, live.stored = rebuilt.match, rebuilt.stored
                    live.last_commit = None
                    self._watch(live)
                    self._after(live)
                except Exception:
                    if self.live.get(match.id) is live:
                        del self.live[match.id]
                raise StorageFailed(
                    f"the match could not be stored ({error}); try again"
                ) from error
            live.stored = max(live.stored, step.entries[-1]["seq"])
            if match.is_over:
                self.unfinished.discard(match.id)
                if self.on_over is not None:
                    self.on_over(match.id)
            for recipient, frame in step.frames.items():
                # Encoded once per recipient and kind of client by the host (again only for
                # clients that asked for frames without the text rendering).
                texts: dict[tuple[bool, bool], str] = {}
                for subscriber in list(live.subscribers[recipient]):
                    kind = (subscriber in live.deltas, subscriber in live.lean)
                    if kind not in texts:
                        texts[kind] = _text(step, recipient, frame, *kind)
                    subscriber.put_nowait(texts[kind])
        self._after(live)

    async def fire(self, live: Live) -> None:
        """Let the match's time pass to now (deadlines, bots)."""
        with contextlib.suppress(IllegalAction):  # advance refuses nothing
            await self._run(live, live.match.advance)


def _text(step: Step, recipient: Recipient, frame: Frame, deltas: bool, lean: bool) -> str:
    """The JSON text of ``recipient``'s frame of ``step`` for one kind of client: whole or
    delta frames, with or without the text rendering."""
    made: Mapping[str, Any] | None = step.deltas.get(recipient) if deltas else frame
    encoded = step.delta_texts.get(recipient) if deltas else step.texts.get(recipient)
    if made is None:
        # The client came between the step and its commit: the whole frame, as an update.
        made, encoded = frame, step.texts.get(recipient)
    if encoded is not None and (not lean or "text" not in made):
        return encoded  # (a frame built without the text rendering is lean already)
    return json_text.dumps({k: v for k, v in made.items() if k != "text" or not lean})
