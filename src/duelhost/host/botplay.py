"""Bots played by the host: each owing bot submits at once (in a tick window: its orders), a
bounded number per event; a text its game refuses is the bot's timeout. Functions of a
``Match``, kept apart from its event loop.

Bots that search (``thinks = True``, or a ``budget``: up to a second a decision)
are not called inside an event when the match's ``think_apart`` is set (the server sets it):
the caller asks ``thinker_due`` which seat owes, lets the bot choose on a copy of the state
(``think``) off its event loop, and brings the choice back as an event (``Match.bot_move``);
a choice that comes after its decision is over is dropped. Bots are made with a budget capped
to half the match's clock (``think_cap``), so a bot answers before its deadline.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots import Bot, SeatHandle
from duelhost.core.errors import IllegalAction
from duelhost.host import accepting
from duelhost.host.hosted import Hosted, Step


def thinks(bot: Bot) -> bool:
    """Whether ``bot`` searches within a think budget: it says so (``thinks``), else it has a
    ``budget`` (``duelhost.bots.budget``)."""
    said = getattr(bot, "thinks", None)
    return bool(said) if said is not None else hasattr(bot, "budget")


def think_cap(clock: Any) -> float | None:
    """The most a bot may think a decision under ``clock``: half its seconds (None: no clock)."""
    seconds = getattr(clock, "seconds", None)
    return None if not seconds else float(seconds) / 2


def apart(match: Hosted, seat: int) -> bool:
    """Whether ``seat``'s bot thinks off the caller's event loop."""
    return match.think_apart and thinks(match.bots[seat])


def drive_bots(match: Hosted, now: float, step: Step) -> None:
    """Let every owing bot act, at most ``bot_burst`` submissions in one event (bots that
    think apart are left to the caller)."""
    made = 0
    while made < match.limits.bot_burst and not match.is_over:
        seat = next((s for s in match.bots if match._bot_owes(s) and not apart(match, s)), None)
        if seat is None:
            return
        bot_acts(match, seat, now, step)
        made += 1


def thinker_due(match: Hosted) -> int | None:
    """The seat whose bot thinks apart and owes a submission now, if any."""
    if match.is_over:
        return None
    return next((s for s in match.bots if apart(match, s) and match._bot_owes(s)), None)


def think(bot: Bot, handle: SeatHandle) -> str:
    """The bot's choice (safe in another thread: ``handle`` holds a copy of the state)."""
    return bot.act(handle)


def bot_move(match: Hosted, seat: int, decision: int, text: str, now: float, step: Step) -> None:
    """A choice made apart, for ``decision``: submitted if the seat still owes it, else
    dropped (its deadline passed meanwhile, or the match ended)."""
    if match.is_over or match.state.decision != decision or not match._bot_owes(seat):
        return
    bot_acts(match, seat, now, step, text)


def bot_acts(match: Hosted, seat: int, now: float, step: Step, text: str | None = None) -> None:
    """``seat``'s bot submits (in a tick window: its orders); a refused text is the bot's
    timeout (in a tick window: no orders). ``text``: a choice already made apart."""
    try:
        if text is None:
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
