"""Kuhn poker as text for the terminal: a view in, lines out (pure)."""

from __future__ import annotations

from typing import Any


def render_view(view: dict[str, Any]) -> str:
    lines = [f"hand {min(view['hand'] + 1, view['hands'])} of {view['hands']}"]
    if view.get("card") is not None:
        lines.append(f"your card: {view['card']}")
    if view.get("opener") is not None:
        lines.append(f"seat {view['opener']} opens; so far: {' '.join(view['actions']) or '-'}")
        lines.append(f"pot: {view['pot']}")
    lines.append(f"chips: seat 0 {view['chips'][0]:+d}, seat 1 {view['chips'][1]:+d}")
    for item in view["past"][-3:]:
        cards = "/".join(item["cards"]) if item["cards"] else "not shown"
        lines.append(
            f"  hand {item['hand'] + 1}: {' '.join(item['actions'])}; cards {cards}; "
            f"seat {item['winner']} takes {item['pot']}"
        )
    return "\n".join(lines)


def describe_event(event: dict[str, Any]) -> str:
    if event["event"] == "action":
        return f"hand {event['hand'] + 1}: seat {event['seat']} says {event['action']}"
    if event["event"] == "hand":
        shown = f" (cards {'/'.join(event['cards'])})" if event["cards"] else ""
        return f"hand {event['hand'] + 1}: seat {event['winner']} takes {event['pot']}{shown}"
    if event["event"] == "end":
        winner = event.get("winner")
        who = "a draw" if winner is None else f"seat {winner} wins"
        return f"match over: {who} ({event.get('reason')})"
    return str(event)
