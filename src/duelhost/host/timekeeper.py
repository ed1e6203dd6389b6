"""Where a match's clock stands: the deadline of the decision in play, the phase's start,
extended time (``Clock.extensions``), and the fixed tick schedule.

Pure bookkeeping: it is told when phases start, ticks fire and extensions are called, with
their times; it never reads a clock (the match host decides when a deadline has passed).
"""

from __future__ import annotations

from duelhost.core.time_control import Clock
from duelhost.host.messages import ClockStatus


class Timekeeper:
    """The running state of one match's ``Clock`` (None: an untimed match)."""

    def __init__(self, clock: Clock | None, created: float) -> None:
        self.clock = clock
        self.deadline: float | None = None
        self.phase_start = created
        self.extended = False
        self.extensions_left = [clock.extensions if clock else 0] * 2
        self._phase_seats: tuple[int, ...] = ()
        self.paused_left: float | None = None
        """Seconds that were left to the deadline when the match was paused."""
        self.reveal_grace = False
        """The deadline in force is the reveal time of seats that committed (commit, then
        reveal) after the decision's own deadline timed out the seats that had not."""

    @property
    def tick_mode(self) -> bool:
        return self.clock is not None and self.clock.mode == "tick"

    def start(self, now: float, to_act: tuple[int, ...]) -> None:
        """The match starts at ``now``: the first deadline (or the first tick, after the
        planning time)."""
        clock = self.clock
        if clock is None:
            return
        if clock.mode == "tick":
            self.deadline = now + clock.planning_seconds + clock.seconds
            self.phase_start = now
            return
        self.start_phase(now, to_act)

    def start_phase(self, now: float, to_act: tuple[int, ...], pause: float = 0.0) -> None:
        """A decision starts at ``now`` with these seats owing it; with ``pause``, its time
        starts that many seconds later (a break: ``State.break_seconds``, the ``phase_start``
        the clock reports is then in the future)."""
        clock = self.clock
        if clock is None or clock.mode == "tick":
            return
        # A turn is a run of decisions of one seat; simultaneous decisions (setup choices)
        # each get their own time.
        if (
            clock.mode == "turn"
            and len(to_act) == 1
            and to_act == self._phase_seats
            and self.deadline is not None
        ):
            return
        self._phase_seats = to_act
        self.phase_start = now + pause
        self.extended = False
        self.reveal_grace = False
        self.deadline = self.phase_start + clock.seconds

    def grant_reveal(self, now: float, seconds: float) -> None:
        """The seats still owing the decision have all committed and may reveal until
        ``now + seconds``."""
        self.reveal_grace = True
        self.deadline = now + seconds

    def ticked(self, deadline: float, resume: float | None = None) -> None:
        """The tick due at ``deadline`` fired: the next falls one period later (a late tick
        does not shift the schedule), or at ``resume`` when the schedule starts again."""
        assert self.clock is not None
        self.deadline = resume if resume is not None else deadline + self.clock.seconds

    def extend(self, seat: int) -> None:
        """``seat`` called extended time: the phase lasts ``extended_seconds`` from its start."""
        assert self.clock is not None and self.clock.extended_seconds is not None
        self.extensions_left[seat] -= 1
        self.extended = True
        self.deadline = self.phase_start + self.clock.extended_seconds

    def refusal_of_extension(self, seat: int) -> str | None:
        """Why ``seat`` may not call extended time now (None: it may)."""
        clock = self.clock
        if clock is None or clock.extended_seconds is None:
            return "this match's clock has no extended time"
        if clock.mode == "tick":
            return "a tick clock has no extended time"
        if self.extensions_left[seat] <= 0:
            return f"seat {seat} has already called extended time in this match"
        if self.extended:
            return "the current phase already has extended time"
        return None

    def stop(self) -> None:
        self.deadline = None

    def pause(self, now: float) -> None:
        """The event's host paused the match: the clock stops, keeping the time left."""
        self.paused_left = None if self.deadline is None else max(0.0, self.deadline - now)
        self.deadline = None

    def resume(self, now: float, paused_at: float) -> None:
        """The pause ends: the deadline is the time that was left from now on."""
        if self.paused_left is not None:
            self.deadline = now + self.paused_left
        self.phase_start += now - paused_at
        self.paused_left = None

    def status(self, now: float) -> ClockStatus | None:
        clock = self.clock
        if clock is None:
            return None
        return ClockStatus(
            mode=clock.mode,
            seconds=clock.seconds,
            planning_seconds=clock.planning_seconds,
            extended_seconds=clock.extended_seconds,
            extensions=clock.extensions,
            deadline=self.deadline,
            remaining=None if self.deadline is None else max(0.0, self.deadline - now),
            phase_start=self.phase_start,
            extended=self.extended,
            extensions_left=list(self.extensions_left),
        )
