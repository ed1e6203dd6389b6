"""Terminal text for Generalissimo: the board with coordinates, and one line per event."""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common

SIDES = ("South", "North")


def render(view: dict[str, Any]) -> str:
    """The board from row 12 (North's back row) down to row 1, with column letters and row
    numbers, then whose move it is and the state of the turn."""
    columns = "     " + " ".join("ABCDEFGHI")
    lines = [columns]
    moved = view.get("moved")
    for index, row_text in enumerate(view["board"]):
        row = 12 - index
        cells = " ".join(row_text)
        lines.append(f"{row:>3}  {cells}  {row}")
    lines.append(columns)
    pieces = view["pieces"]
    for side in SIDES:
        counts = ", ".join(_count(n, kind) for kind, n in pieces[side].items() if n)
        letters = "capitals" if side == "South" else "lower case"
        lines.append(
            f"{side} ({letters}): {_count(sum(pieces[side].values()), 'piece')} — {counts}"
        )
    if view.get("last_move"):
        last = view["last_move"]
        lines.append(f"last: {SIDES[last['seat']]} {last['text']}")
    if view.get("is_over"):
        result = view.get("result") or {}
        winner = result.get("winner")
        who = "draw" if winner is None else f"{SIDES[winner]} wins"
        lines.append(f"match over: {who} ({result.get('reason')})")
    else:
        turn = f"{view['side']} to move: {view['moves_left']} move(s) left this turn"
        if moved:
            turn += f" (the piece on {moved} has moved)"
        lines.append(turn)
        lines.append(
            f"quiet turns: {view['quiet_turns']} of {view['quiet_turn_limit']}; "
            f"archer rules: {view['archer']}"
        )
        if view.get("draw_offer") is not None:
            lines.append(f"{SIDES[view['draw_offer']]} offers a draw (answer: draw)")
    lines.append(f"position: {view['position']}")
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    """``2 Horsemen``, ``1 Archer``, ``3 pieces``."""
    if number == 1:
        return f"1 {noun}"
    plural = noun[:-3] + "men" if noun.endswith("man") else noun + "s"
    return f"{number} {plural}"


def describe_event(event: dict[str, Any]) -> str:
    """One line for a public event of the match log."""
    kind = event["event"]
    side = SIDES[event["seat"]] if isinstance(event.get("seat"), int) else ""
    if kind == "move":
        text = f"{side}: {event['piece']} {event['move']}"
        removed = event.get("removed") or []
        if removed:
            text += " — removes " + ", ".join(
                f"{item['side']} {item['piece']} on {item['cell']}" for item in removed
            )
        return text
    if kind == "pass":
        if event.get("timeout"):
            return f"{side}: time is up, the rest of the turn is passed (GE9)"
        return f"{side}: pass"
    if kind == "draw_offered":
        return f"{side} offers a draw"
    if kind == "draw_declined":
        return f"{side} plays on: the draw offer lapses"
    if kind == "draw_accepted":
        return f"{side} accepts the draw"
    return describe_common(event, SIDES)
