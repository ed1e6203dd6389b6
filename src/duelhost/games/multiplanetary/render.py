"""Text rendering of Multiplanetary Empire views and events for the terminal.

``render_view`` draws the 10x10 grid (row 10 at the top, Red's home A1 bottom left) with each
planet as owner letter, size and ships (``R5:123``, ``B3: 12``, ``n2:  8`` for neutral), then
the fleets in flight and the orders processed at the last tick. ``describe_event`` turns one
logged event into one line.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common
from duelhost.games.multiplanetary.maps import COLUMN_LETTERS, COLUMNS, ROWS

_OWNER_LETTER = {0: "R", 1: "B", None: "n"}
_NAMES = ("Red", "Blue")


def _name(owner: Any) -> str:
    return _NAMES[owner] if owner in (0, 1) else "neutral"


def _ships(count: int) -> str:
    return f"{count} ship" if count == 1 else f"{count} ships"


def render_view(view: dict[str, Any]) -> str:
    """The board, the fleets and the last orders of a view, as text."""
    by_cell = {planet["cell"]: planet for planet in view["planets"]}
    totals = view.get("totals", {})
    ships = totals.get("ships", [0, 0])
    planets = totals.get("planets", [0, 0])
    limit = view.get("max_ticks")
    lines = [
        f"Tick {view['tick']}"
        + (f" of {limit}" if limit is not None else "")
        + f" · Red {ships[0]} ships, {planets[0]} planets"
        + f" · Blue {ships[1]} ships, {planets[1]} planets"
    ]
    lines.append("    " + "".join(f"{letter:^7}" for letter in COLUMN_LETTERS[:COLUMNS]))
    for row in range(ROWS, 0, -1):
        cells = []
        for column in range(COLUMNS):
            planet = by_cell.get(f"{COLUMN_LETTERS[column]}{row}")
            if planet is None:
                cells.append(f"{'.':^7}")
            else:
                letter = _OWNER_LETTER.get(planet["owner"], "?")
                cells.append(f"{letter}{planet['size']}:{planet['ships']:>3} ")
        lines.append(f"{row:>3} " + "".join(cells))
    fleets = view["fleets"]
    if fleets:
        lines.append(f"Fleets in flight ({len(fleets)}):")
        for fleet in fleets:
            lines.append(
                f"  {_name(fleet['owner']):<4} {fleet['ships']:>3} ships "
                f"{fleet['from']}>{fleet['to']} ({fleet.get('warp', 'standard')}), "
                f"arrives at tick {fleet['arrives']}"
            )
    else:
        lines.append("No fleets in flight.")
    last = view.get("last_orders")
    if last is not None and view["tick"] > 0:
        lines.append(
            f"Orders at tick {view['tick']}: "
            + " · ".join(f"{_NAMES[seat]}: {'; '.join(last[seat]) or 'wait'}" for seat in (0, 1))
        )
    if view.get("pending"):
        lines.append(f"Your orders for tick {view['tick'] + 1}: {view['pending']}")
    return "\n".join(lines)


def describe_event(event: dict[str, Any]) -> str:
    """One line for one logged event."""
    kind = event.get("event")
    if kind == "tick":
        orders = event["orders"]
        text = " · ".join(f"{_NAMES[seat]}: {'; '.join(orders[seat]) or 'wait'}" for seat in (0, 1))
        return f"tick {event['tick']}: {text}"
    if kind == "capture":
        return (
            f"tick {event['tick']}: {_name(event['owner'])} captures {event['cell']} from "
            f"{_name(event['previous'])} with {_ships(event['ships'])}"
        )
    if kind == "clash":
        red, blue = event["ships"]
        return (
            f"tick {event['tick']}: Red's {red} and Blue's {blue} ships fight over neutral "
            f"{event['cell']}"
        )
    return describe_common(event, _NAMES)
