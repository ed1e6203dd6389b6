"""What a recipient is sent: the match state of ``GET /api/matches/<id>`` and the frames of the
live stream, built from the recipient's own view only. Functions of a ``Match``, kept apart from
its event loop.

Each step builds one frame per recipient that someone listens to, and encodes it once for the
clients that take whole frames and once, as a delta against the recipient's previous frame
(``delta``), for those that take delta frames.
"""

from __future__ import annotations

from typing import Any, cast

from duelhost.host import json_text, patch
from duelhost.host.hosted import Hosted, Step
from duelhost.host.messages import RECIPIENTS, Frame, Recipient, Summary


def summary(match: Hosted, seat: Recipient, now: float) -> Summary:
    """The answer of ``GET /api/matches/<id>`` for a seat (None: a spectator)."""
    return Summary(
        id=match.id,
        game=match.game.name,
        seat=seat,
        to_act=match.to_act,
        view=match.state.view(seat),
        is_over=match.is_over,
        winner=match.result["winner"],
        result=match.result,
        clock=match.clock_status(now),
        n=match._last_n,
        orders=match._orders.get(seat) if seat is not None else None,
        seed_commitment=match.seed_commitment,
        seed_chosen_by_creator=match.seed_chosen_by_creator,
        phase=match.phase.value,
        start_at=match.start_at,
    )


def make_frame(
    match: Hosted, recipient: Recipient, now: float, prev: int, kind: str, text: bool = True
) -> Frame:
    """One recipient's frame: its view, the public state, its notices since ``prev`` (without
    ``text``, the view's text rendering, when no client of it wants that)."""
    state = match.state
    view = state.view(recipient)
    frame = Frame(
        type="frame",
        kind="full" if kind == "full" else "update",
        n=match._last_n,
        prev=prev,
        match=match.id,
        game=match.game.name,
        seat=recipient,
        to_act=match.to_act,
        is_over=match.is_over,
        winner=match.result["winner"],
        result=match.result,
        view=view,
        clock=match.clock_status(now),
        events=match.book.events_for(recipient, prev),
        seed_commitment=match.seed_commitment,
        seed_chosen_by_creator=match.seed_chosen_by_creator,
        phase=match.phase.value,
        start_at=match.start_at,
    )
    if text:
        frame["text"] = match.render(view)
    if recipient is not None:
        frame["draws"] = match.draw_text() is not None
        frame["orders"] = match._orders.get(recipient)
        legal: list[str] | None = None
        if recipient in state.to_act:
            # Where legal() is not the full list (GameSpec.legal_enumerated), its entries
            # are still valid submissions: the page offers them as examples.
            options = state.legal(recipient)
            legal = options if len(options) <= match.limits.legal_limit else None
        frame["legal"] = legal
        frame["legal_complete"] = state.game.spec.legal_enumerated
    return frame


SAME_EVERY_FRAME = ("type", "kind", "n", "prev", "events", "view")
"""Frame fields a delta frame does not compare: its own header, its events (always the new
ones) and the view (sent as a patch)."""


def delta(base: Frame, frame: Frame) -> dict[str, Any]:
    """``frame`` as a delta frame against ``base``, the previous frame of the same recipient:
    its number, previous number and events, the top-level fields whose value changed, and
    ``patch``, the JSON Patch operations (``host.patch``) that turn ``base``'s view into
    ``frame``'s."""
    out: dict[str, Any] = {
        "type": "frame",
        "kind": "delta",
        "n": frame["n"],
        "prev": frame["prev"],
        "events": frame["events"],
    }
    was = cast("dict[str, Any]", base)
    for key, value in frame.items():
        if key in SAME_EVERY_FRAME:
            continue
        before = was.get(key, MISSING)
        if before is not value and (type(before) is not type(value) or before != value):
            out[key] = value
    out["patch"] = patch.diff(base["view"], frame["view"])
    return out


MISSING = object()


def emit(match: Hosted, step: Step, now: float) -> None:
    """Build each listened-to recipient's frame of this step, once, and encode it once as JSON
    text for each kind of client listening: whole frames (``watchers``) and delta frames
    (``delta_watchers``)."""
    if not step.entries:
        return
    prev = match._last_n
    book = match.book
    book.last_n = len(match.log)
    for recipient in RECIPIENTS:
        whole = match.watchers is None or recipient in match.watchers
        deltas = recipient in match.delta_watchers
        if not whole and not deltas:
            # Nobody listens: build nothing, and let a later resume get a full frame.
            book.forget(recipient)
            continue
        frame = make_frame(match, recipient, now, prev, "update", match.renders_text(recipient))
        step.frames[recipient] = frame
        # Encoded once: the text is what the server sends, and the resume buffer keeps it (one
        # object for the garbage collector instead of thousands).
        if whole:
            text = json_text.dumps(frame)
            book.keep(recipient, frame["n"], prev, text)
            step.texts[recipient] = text
        else:
            book.forget(recipient, deltas=False)
        if deltas:
            base = book.bases[recipient]
            # Without the previous frame (nobody listened at the last step) the whole frame
            # goes, as an update: the client takes it in place of what it held.
            fits = base is not None and base["n"] == prev
            made = delta(base, frame) if base is not None and fits else dict(frame)
            text = json_text.dumps(made)
            book.keep_delta(recipient, frame["n"], prev, text)
            step.deltas[recipient] = made
            step.delta_texts[recipient] = text
            book.bases[recipient] = frame
        else:
            book.delta_buffers[recipient].clear()
            book.bases[recipient] = None
