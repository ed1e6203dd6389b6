"""How long a searching bot may think: seconds per decision, or a fixed number of nodes.

A budget in seconds (1 s a decision by default) keeps a bot's pace on any machine; a budget in
nodes (``--bot-nodes N``: rollouts or search nodes per decision) makes it deterministic given
the match seed, whatever the machine's load. The CLI and the tournament set the default budget
for the bots made after it (``set_default``); bots read it when they are made. ``medium`` bots
use a fraction of it: a tenth unless their game's bots choose another (docs/bots.md lists
each).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

from duelhost.core.errors import ConfigError


@dataclass(frozen=True)
class Budget:
    """Seconds per decision, or nodes per decision when ``nodes`` is set (then deterministic)."""

    seconds: float = 1.0
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.seconds <= 0 or (self.nodes is not None and self.nodes < 1):
            raise ConfigError("a bot's budget needs positive seconds or at least one node")

    def scaled(self, factor: float) -> Budget:
        """The same kind of budget, ``factor`` times as large (at least one node)."""
        nodes = None if self.nodes is None else max(1, round(self.nodes * factor))
        return Budget(self.seconds * factor, nodes)

    def clock(self) -> Clock:
        return Clock(self)


class Clock:
    """Counts the nodes spent on one decision against its budget."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self._deadline = time.perf_counter() + budget.seconds

    def spend(self, nodes: int = 1) -> None:
        self.nodes += nodes

    @property
    def left(self) -> bool:
        if self.budget.nodes is not None:
            return self.nodes < self.budget.nodes
        return time.perf_counter() < self._deadline


_default = Budget()
_lock = threading.RLock()
"""Held while a budget is swapped in to make bots (``capped``, ``using``): the server makes
bots on its event loop and for analyses in a thread."""


def default() -> Budget:
    """The budget bots made now receive."""
    return _default


def set_default(budget: Budget) -> None:
    global _default
    _default = budget


@contextmanager
def capped(seconds: float | None) -> Iterator[Budget]:
    """Bots made inside think at most ``seconds`` a decision (None: no cap): the host caps
    them to what a match's clock allows. Restores the default on leaving."""
    with _lock:
        before = _default
        if seconds is not None and seconds < before.seconds:
            set_default(replace(before, seconds=max(seconds, 0.001)))
        try:
            yield _default
        finally:
            set_default(before)


@contextmanager
def using(budget: Budget) -> Iterator[Budget]:
    """Bots made inside get ``budget``; the default is restored on leaving."""
    with _lock:
        before = _default
        set_default(budget)
        try:
            yield budget
        finally:
            set_default(before)


SEARCH_SHARE = 0.9
"""The share of a budget in seconds a search may use; the rest is kept for the work around it."""


def search_clock(budget: Budget) -> Clock:
    """A clock for one decision, started when the decision starts: a budget in seconds keeps a
    tenth back for the work after the search (solving, choosing, answering), so the decision
    as a whole stays within it; a budget in nodes is unchanged."""
    if budget.nodes is not None:
        return budget.clock()
    return Budget(budget.seconds * SEARCH_SHARE).clock()
