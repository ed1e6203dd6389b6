"""A client's side of the live stream's delta frames: the current frame, kept up to date.

A client that asks for delta frames (``"delta": true`` in its first message) gets one full
frame, then frames of ``kind`` "delta" that carry their number ``n``, the number ``prev`` of
the frame they follow, their new ``events``, the top-level fields whose value changed and
``patch``, JSON Patch operations on the view (``duelhost.host.patch``). A frame of kind "full"
or "update" replaces what the client holds. ``Frames.take`` turns each of them into the whole
frame it stands for, as a client taking whole frames would have received it.
"""

from __future__ import annotations

from typing import Any

from duelhost.host import patch


class OutOfStep(ValueError):
    """A delta frame that does not follow the frame held (ask for a full frame:
    ``{"type": "full"}``)."""


class Frames:
    """The last whole frame of one live stream (None before the first)."""

    def __init__(self) -> None:
        self.frame: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        """The number of the frame held (-1: none)."""
        return -1 if self.frame is None else int(self.frame["n"])

    def take(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The whole frame ``data`` stands for (the frame held afterwards), or None for a frame
        the client already has (``n`` not after the frame held). The held frame's view is
        changed in place. OutOfStep for a delta that does not follow the frame held."""
        kind = data.get("kind")
        if kind != "full" and self.frame is not None and data["n"] <= self.frame["n"]:
            return None
        if kind != "delta":
            self.frame = data
            return data
        held = self.frame
        if held is None or data["prev"] != held["n"]:
            raise OutOfStep(f"delta frame {data['n']} follows frame {data['prev']}, not {self.n}")
        view = patch.apply(held["view"], data["patch"])
        frame = {**held, **data, "kind": "update", "view": view}
        del frame["patch"]
        self.frame = frame
        return frame
