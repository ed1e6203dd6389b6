"""The sans-I/O match host: matches, clocks, receipts (no sockets, no wall clock inside)."""

from duelhost.host.limits import HostLimits
from duelhost.host.match import Match, MatchOver, Step
from duelhost.host.messages import RECIPIENTS, Recipient
from duelhost.host.seats import SeatSpec, check_seats
from duelhost.host.time_controls import Clock, default_clock, make_clock

__all__ = [
    "RECIPIENTS",
    "Clock",
    "HostLimits",
    "Match",
    "MatchOver",
    "Recipient",
    "SeatSpec",
    "Step",
    "check_seats",
    "default_clock",
    "make_clock",
]
