"""The sans-I/O match host: matches, clocks, receipts (no sockets, no wall clock inside)."""

from duelhost.host.clocks import Clock, default_clock, make_clock
from duelhost.host.match import RECIPIENTS, Match, SeatSpec, Step, check_seats

__all__ = [
    "RECIPIENTS",
    "Clock",
    "Match",
    "SeatSpec",
    "Step",
    "check_seats",
    "default_clock",
    "make_clock",
]
