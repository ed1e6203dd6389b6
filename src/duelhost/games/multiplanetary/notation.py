"""Multiplanetary Empire notation: orders and the per-tick submission that holds them.

One submission per tick holds any number of orders separated by ``;`` or new lines.
``A1>C4 12`` sends 12 ships from A1 to C4 by standard warp, ``A1>>C4 12`` by quantum warp; an
empty submission or ``wait`` sends nothing. Parsing here checks only the form of each order;
whether the planets exist and the ships are there (MP3) is checked by the state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from duelhost.core.errors import IllegalAction, quote
from duelhost.games.multiplanetary.maps import MAX_SHIPS

_ORDER = re.compile(r"^([A-Za-z][0-9]{1,3})\s*(>>|>)\s*([A-Za-z][0-9]{1,3})\s+([0-9]+)$")
"""ASCII digits only, as the other games parse: ``\\d`` would read "３" (full width) as 3."""
_MAX_DIGITS = 9


@dataclass(frozen=True, slots=True)
class Order:
    """Send ``ships`` ships from ``source`` to ``destination`` (cells such as ``"A1"``).

    ``text`` is the canonical notation, made once by ``Order.make`` (ticks are hot paths).
    """

    source: str
    destination: str
    ships: int
    quantum: bool
    text: str

    @classmethod
    def make(cls, source: str, destination: str, ships: int, quantum: bool) -> Order:
        arrow = ">>" if quantum else ">"
        return cls(source, destination, ships, quantum, f"{source}{arrow}{destination} {ships}")


@dataclass(frozen=True, slots=True)
class Orders:
    """One seat's submission for one tick: its orders in the order given (empty: wait)."""

    orders: tuple[Order, ...] = ()

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(order.text for order in self.orders)

    @property
    def text(self) -> str:
        if not self.orders:
            return "wait"
        return "; ".join(order.text for order in self.orders)


WAIT = Orders()


def parse_order_text(part: str) -> tuple[str, str, int, bool]:
    """``"a1 >> c4 12"`` -> ``("A1", "C4", 12, True)``; cells are checked by the caller."""
    match = _ORDER.match(part)  # parts come stripped from split_submission
    if match is None:
        raise IllegalAction(
            f"{quote(part)} is not an order: write A1>C4 12 to send 12 ships by standard warp, "
            "A1>>C4 12 by quantum warp, or wait"
        )
    source, arrow, destination, digits = match.groups()
    # Leading zeros are stripped before int(): Python refuses to convert more than 4300 digits.
    significant = digits.lstrip("0") or "0"
    if len(significant) > _MAX_DIGITS:
        raise IllegalAction(
            f"{quote(part)}: the ship count is more than any planet holds "
            f"({MAX_SHIPS} at most, MP7)"
        )
    return source.upper(), destination.upper(), int(significant), arrow == ">>"


def split_submission(text: str) -> list[str]:
    """The order texts of a submission; [] for an empty submission or ``wait``.

    Orders are separated by ``;`` or new lines (as ``duelhost.core.notation.split_orders``,
    without a regular expression: this runs twice every tick).
    """
    parts = [part.strip() for part in text.replace("\n", ";").split(";")]
    parts = [part for part in parts if part]
    if len(parts) == 1 and parts[0].lower() == "wait":
        return []
    for part in parts:
        if part.lower() == "wait":
            raise IllegalAction("'wait' sends nothing and cannot be combined with orders")
    return parts
