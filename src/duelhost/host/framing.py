"""What a recipient is sent: the match state of ``GET /api/matches/<id>`` and the frames of the
live stream, built from the recipient's own view only. Functions of a ``Match``, kept apart from
its event loop.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from duelhost.host.shapes import RECIPIENTS, Frame, Recipient, Summary

if TYPE_CHECKING:
    from duelhost.host.match import Match, Step


def summary(match: Match, seat: Recipient, now: float) -> Summary:
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
    )


def make_frame(match: Match, recipient: Recipient, now: float, prev: int, kind: str) -> Frame:
    """One recipient's frame: its view, the public state, its notices since ``prev``."""
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
        text=match.render(view),
        clock=match.clock_status(now),
        events=match.book.events_for(recipient, prev),
        seed_commitment=match.seed_commitment,
        seed_chosen_by_creator=match.seed_chosen_by_creator,
    )
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


def emit(match: Match, step: Step, now: float) -> None:
    """Build (once, as JSON text) each watched recipient's frame of this step."""
    if not step.entries:
        return
    prev = match._last_n
    match.book.last_n = len(match.log)
    for recipient in RECIPIENTS:
        if match.watchers is not None and recipient not in match.watchers:
            # Nobody listens: build nothing, and let a later resume get a full frame.
            match.book.forget(recipient)
            continue
        frame = make_frame(match, recipient, now, prev, "update")
        # Serialised once: the text is what the server sends, and the resume buffer keeps
        # it (one object for the garbage collector instead of thousands).
        text = json.dumps(frame, separators=(",", ":"))
        match.book.keep(recipient, frame["n"], prev, text)
        step.frames[recipient] = frame
        step.texts[recipient] = text
