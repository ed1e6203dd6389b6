"""Bots played by the host: each owing bot submits at once (in a tick window: its orders), a
bounded number per event; a text its game refuses is the bot's timeout. Functions of a
``Match``, kept apart from its event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from duelhost.bots import SeatHandle
from duelhost.core.errors import IllegalAction
from duelhost.host import accepting

if TYPE_CHECKING:
    from duelhost.host.match import Match, Step


def drive_bots(match: Match, now: float, step: Step) -> None:
    """Let every owing bot act, at most ``bot_burst`` submissions in one event."""
    made = 0
    while made < match.limits.bot_burst and not match.is_over:
        seat = next((s for s in match.bots if match._bot_owes(s)), None)
        if seat is None:
            return
        bot_acts(match, seat, now, step)
        made += 1


def bot_acts(match: Match, seat: int, now: float, step: Step) -> None:
    """``seat``'s bot submits (in a tick window: its orders); a refused text is the bot's
    timeout (in a tick window: no orders)."""
    try:
        text = match.bots[seat].act(SeatHandle(match.state, seat))
        if match._tick_mode:
            accepting.order(match, seat, text, now, None, step, by="bot")
        else:
            accepting.submit_text(match, seat, text, now, None, step, by="bot")
    except IllegalAction:
        if match._tick_mode:
            match._bots_ordered.add((match.state.decision, seat))
        else:
            match._time_out(seat, now, now, step)
