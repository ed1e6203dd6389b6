"""What a match has told its recipients: the numbered notices (events) of its log, and the
last frames sent to each recipient, kept as JSON text for clients that reconnect.

A frame numbered ``n`` reflects the first ``n`` log entries; its ``events`` are the notices of
the entries after the previous frame's ``n`` that its recipient may know. A client that comes
back with the last ``n`` it saw gets the buffered frames after it, or one full frame when the
buffer no longer reaches back that far.

Clients that asked for delta frames (``"delta": true``) have buffers of their own: each delta
holds what changed since the frame before it (``host.patch``), so a client resumes from the
buffered delta whose ``prev`` is exactly the last ``n`` it saw, or gets a full frame.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import deque
from typing import cast

from duelhost.host.messages import RECIPIENTS, Frame, Notice, Recipient


class FrameBook:
    """The notices of one match and each recipient's resume buffer."""

    def __init__(self, buffer_size: int) -> None:
        self.last_n = 0
        """The log length the latest frames reflect."""
        self.buffers: dict[Recipient, deque[tuple[int, int, str]]] = {
            r: deque(maxlen=buffer_size) for r in RECIPIENTS
        }
        """Recipient -> (n, prev, frame as JSON text) of its latest frames."""
        self.delta_buffers: dict[Recipient, deque[tuple[int, int, str]]] = {
            r: deque(maxlen=buffer_size) for r in RECIPIENTS
        }
        """Recipient -> (n, prev, delta frame as JSON text) of its latest delta frames."""
        self.bases: dict[Recipient, Frame | None] = {r: None for r in RECIPIENTS}
        """Recipient -> the whole frame of its last delta frame (what its next delta is taken
        against), None when a step passed without one."""
        self._notices: list[tuple[int, tuple[Recipient, ...] | None, Notice]] = []
        self._seqs: list[int] = []

    def notice(self, seq: int, recipients: tuple[Recipient, ...] | None, data: Notice) -> None:
        """An event of log entry ``seq`` for ``recipients`` (None: everyone)."""
        self._notices.append((seq, recipients, {"n": seq, **data}))
        self._seqs.append(seq)

    def events_for(self, recipient: Recipient, prev: int) -> list[Notice]:
        """The notices after log entry ``prev`` that ``recipient`` may know."""
        return [
            data
            for _seq, recipients, data in self._notices[bisect_right(self._seqs, prev) :]
            if recipients is None or recipient in recipients
        ]

    def keep(self, recipient: Recipient, n: int, prev: int, text: str) -> None:
        self.buffers[recipient].append((n, prev, text))

    def keep_delta(self, recipient: Recipient, n: int, prev: int, text: str) -> None:
        self.delta_buffers[recipient].append((n, prev, text))

    def forget(self, recipient: Recipient, deltas: bool = True) -> None:
        """Nobody listens to ``recipient`` (in frames, and with ``deltas`` in delta frames): a
        later resume gets a full frame."""
        self.buffers[recipient].clear()
        if deltas:
            self.delta_buffers[recipient].clear()
            self.bases[recipient] = None

    def deltas_since(self, recipient: Recipient, after: int) -> list[Frame] | None:
        """The buffered delta frames after ``after`` (an empty list when the client is up to
        date), or None when no buffered delta starts exactly at ``after``."""
        if after == self.last_n and after > 0:
            return []
        buffered = list(self.delta_buffers[recipient])
        for index, (_n, prev, _text) in enumerate(buffered):
            if prev == after:
                return [cast(Frame, json.loads(text)) for _n, _prev, text in buffered[index:]]
        return None

    def buffered_since(self, recipient: Recipient, after: int) -> list[Frame] | None:
        """The buffered frames after ``after`` (an empty list when the client is up to date),
        or None when the buffer does not reach back to it."""
        buffered = self.buffers[recipient]
        if after == self.last_n and after > 0:
            return []
        if buffered and after >= 0 and buffered[0][1] <= after < self.last_n:
            return [cast(Frame, json.loads(text)) for n, _prev, text in buffered if n > after]
        return None
