"""Terminal text for Tactical Genius: the 10x3 board, the unit chart, the order list, the log."""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common

COLUMN_LETTERS = "ABCDEFGHIJ"


def render_view(view: dict[str, Any]) -> str:
    """A view as text: board (Green = lower case g:, Blue = b:), unit chart, speed order, log."""
    lines = [
        f"Tactical Genius — round {view['round']}/{view['rounds']}, {view['phase']} phase"
        f"   (Green: columns A-D, facing J; Blue: columns G-J, facing A)",
        *_board(view),
        "",
        *_chart(view),
    ]
    order = ", ".join(f"{o['name']} {o['speed']}" for o in view["order"])
    lines.append(f"order (fastest first): {order or 'no units on the board'}")
    lines.append(
        f"points left: Green {view['points_left'][0]}, Blue {view['points_left'][1]}; "
        f"placed {view['placed'][0]}/{view['placed'][1]}; "
        f"kill value Green {view['kills'][0]}, Blue {view['kills'][1]}"
    )
    seat = view.get("seat")
    if seat is not None:
        bonuses = " ".join(view["bonuses"][seat])
        lines.append(f"your speed bonuses: {bonuses or 'none'}")
    if view.get("log"):
        lines.append("last phase:")
        lines.extend(f"  {describe_entry(entry)}" for entry in view["log"])
    if view.get("pending"):
        lines.append(f"your pending submission: {view['pending']}")
    return "\n".join(lines)


def _board(view: dict[str, Any]) -> list[str]:
    """The column letters, then the three rows of living units."""
    by_cell = {u["cell"]: u for u in view["units"] if u["alive"]}
    lines = ["      " + "".join(f"{letter:^8}" for letter in COLUMN_LETTERS)]
    for row in range(3):
        cells = []
        for letter in COLUMN_LETTERS:
            unit = by_cell.get(f"{letter}{row + 1}")
            if unit is None:
                cells.append(f"{'.':^8}")
            else:
                mark = "g" if unit["seat"] == 0 else "b"
                cells.append(f"{mark}:{unit['name']:<5} ")
        lines.append(f"  {row + 1}   " + "".join(cells))
    return lines


def _chart(view: dict[str, Any]) -> list[str]:
    """The unit chart: every unit placed, dead ones too."""
    lines = [
        f"{'side':<6}{'name':<6}{'type':<9}{'cell':<5}{'health':>8}{'atk':>4}{'def':>4}"
        f"{'speed':>7}{'value':>6}  skills"
    ]
    for unit in view["units"]:
        cell = unit["cell"] or "dead"
        health = f"{unit['health']:g}/{unit['max_health']}"
        lines.append(
            f"{unit['side']:<6}{unit['name']:<6}{unit['type']:<9}{cell:<5}{health:>8}"
            f"{unit['attack']:>4}{unit['defense']:>4}{unit['speed']:>7}{unit['value']:>6}  "
            + ",".join(unit["skills"])
        )
    return lines


def describe_entry(entry: dict[str, Any]) -> str:
    side = "Green" if entry.get("seat") == 0 else "Blue"
    return f"{side}: {entry.get('order')} -> {entry.get('result')}"


def describe_event(event: dict[str, Any]) -> str:
    """One line for a public event of the match log."""
    kind = event["event"]
    if kind in ("action", "place", "advance"):
        return describe_entry(event)
    if kind == "killed":
        side = "Green" if event["seat"] == 0 else "Blue"
        return f"{side}'s {event['unit']} is removed (value {event['value']})"
    return describe_common(event, ("Green", "Blue"))
