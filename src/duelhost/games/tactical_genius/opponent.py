"""What the search bot believes about the other seat: a greedy player or a random-like one.

The search values a phase by rollouts, and a rollout needs a model of how the other seat plays
on. The bot watches the other seat's submissions as the phase log shows them (TG10: the log of
the phase just played is public) and compares them with what the greedy bot would have
submitted in the position the bot saw before that phase:

* a command phase: for each of the other seat's units then on the board, the greedy bot's best
  order (or no order when nothing scores above nothing); the unit's logged order agrees if it
  is that order, or if neither gave one;
* a reinforcement phase with two placements or more: the greedy bot builds one type a phase,
  so the phase agrees if all its placements are of one type.

``model`` is ``"random"`` once at least ``EVIDENCE`` comparisons were made and under
``AGREEING`` of them agreed, else ``"greedy"`` (the prior: before any evidence, the stronger
model). The greedy bot agrees with itself on every command (its sidesteps aside); the random
bot's orders are uniform over each unit's legal orders (15% none), so it agrees on about one
unit order in ten.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.games.tactical_genius.bots import GreedyTacticalGenius
from duelhost.games.tactical_genius.state import TacticalGeniusState

EVIDENCE = 3
"""Comparisons needed before the bot leaves its prior."""
AGREEING = 0.6
"""The share of agreeing comparisons under which the other seat is modelled as random-like."""


def greedy_orders(state: TacticalGeniusState, seat: int) -> dict[str, str | None]:
    """The greedy bot's best order for each of ``seat``'s units in a command phase (None: no
    order scores above nothing), by the greedy bot's own score."""
    handle = SeatHandle(state, seat)
    view = handle.view()
    bot = GreedyTacticalGenius(state.game, seat, 0, "Axe")
    bot._info = handle.helper("type_info")
    units = [u for u in view["units"] if u["alive"]]
    by_cell = {u["cell"]: u for u in units}
    found: dict[str, str | None] = {}
    for unit in units:
        if unit["seat"] != seat:
            continue
        best: tuple[float, str] | None = None
        for order in handle.helper("orders_for", unit["name"]):
            score = bot._score(handle, unit, order, by_cell)
            if score > 0 and (best is None or score > best[0]):
                best = (score, order)
        found[unit["name"]] = None if best is None else best[1]
    return found


class OpponentModel:
    """Counts how often the other seat played as the greedy bot would have."""

    def __init__(self, seat: int) -> None:
        self.other = 1 - seat
        self.agreed = 0
        self.compared = 0
        self._expected: dict[str, str | None] | None = None
        self._phase_seen: tuple[int, str] | None = None

    @property
    def model(self) -> str:
        """``"random"`` or ``"greedy"``: how rollouts play the other seat."""
        if self.compared >= EVIDENCE and self.agreed < AGREEING * self.compared:
            return "random"
        return "greedy"

    def observe(self, view: dict[str, Any], state: TacticalGeniusState) -> None:
        """Reads the log of the phase just played (compared with the expectation kept at the
        last decision), then keeps the greedy expectation for the phase now to be played."""
        phase = (int(view["round"]), str(view["phase"]))
        if phase == self._phase_seen:  # the same decision again (analysis): nothing new
            return
        entries = [e for e in view["log"] if e.get("seat") == self.other]
        if self._expected is not None:
            orders = {str(e["unit"]): str(e["order"]) for e in entries if "unit" in e}
            for unit, expected in self._expected.items():
                self.compared += 1
                self.agreed += int(orders.get(unit) == expected)
        else:
            types = {
                str(e["order"]).split()[2] for e in entries if str(e["order"]).startswith("place ")
            }
            placed = sum(1 for e in entries if str(e["order"]).startswith("place "))
            if placed >= 2:
                self.compared += 1
                self.agreed += int(len(types) == 1)
        self._phase_seen = phase
        self._expected = greedy_orders(state, self.other) if phase[1] == "command" else None
