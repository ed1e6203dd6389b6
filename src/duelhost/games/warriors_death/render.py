"""Text for the terminal: a view rendered for its viewer, and one line per public event."""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common


def _who(winner: Any, viewer: Any) -> str:
    if winner is None:
        return "tie"
    if viewer is not None:
        return "you win" if winner == viewer else "opponent wins"
    return f"seat {winner} wins"


def _bout_who(winner: Any, viewer: Any) -> str:
    if winner is None:
        return "tied"
    if viewer is not None:
        return "you won it" if winner == viewer else "your opponent won it"
    return f"seat {winner} won it"


def _round_line(entry: dict[str, Any], viewer: Any) -> str:
    units = entry["units"]
    if viewer is None:
        line = f"  round {entry['round']:>2}: {units[0]} vs {units[1]}"
    else:
        line = f"  round {entry['round']:>2}: you {entry['mine']} vs {units[1 - viewer]}"
    return f"{line} -> {_who(entry['winner'], viewer)}"


def render_view(view: dict[str, Any]) -> str:
    """A view as text: bouts so far, this bout's rounds, and the viewer's own units."""
    viewer = view.get("seat")
    lines: list[str] = []
    title = "A Warrior's Death"
    if view.get("tiebreak"):
        title += " (tie-break bout)"
    who = "spectator" if viewer is None else f"seat {viewer}"
    round_text = "" if view.get("round") is None else f", round {view['round']}"
    lines.append(
        f"{title} — {who} — bout {view['bout']} of {view['bouts_planned']}{round_text} "
        f"— bout wins {view['bout_wins'][0]}-{view['bout_wins'][1]}"
    )
    for number, bout in enumerate(view["bouts"], 1):
        totals = bout["totals"]
        lines.append(
            f"  bout {number}: {totals[0]}-{totals[1]}, {_bout_who(bout['winner'], viewer)}"
        )
    if view["rounds"]:
        lines.append("this bout:" if not view.get("is_over") else "last bout:")
        lines.extend(_round_line(entry, viewer) for entry in view["rounds"])
    if viewer is not None and not view.get("is_over"):
        lines.append("you may play: " + ", ".join(view["playable"]))
        if view["underworld"]:
            lines.append("your underworld: " + ", ".join(view["underworld"]))
    if view.get("is_over") and view.get("result"):
        result = view["result"]
        winner = result["winner"]
        outcome = "draw" if winner is None else f"seat {winner} wins"
        lines.append(f"match over: {outcome} ({result['reason']})")
    return "\n".join(lines)


def describe_event(event: dict[str, Any]) -> str:
    """One line for a public event (Blue Mages show their disguise: WD11)."""
    kind = event.get("event")
    if kind == "round":
        units = event["units"]
        winner = event["winner"]
        # The public result is the announced one (WD11: after a Blue Mage, the previous
        # round's true winner); the log says so, as the board does.
        outcome = "a tie" if winner is None else f"seat {winner} wins"
        return (
            f"bout {event['bout']} round {event['round']}: {units[0]} vs {units[1]}"
            f" — announced: {outcome}"
        )
    if kind == "bout":
        totals = event["totals"]
        winner = event["winner"]
        outcome = "tied" if winner is None else f"seat {winner} wins it"
        return f"bout {event['bout']} over: totals {totals[0]}-{totals[1]}, {outcome}"
    return describe_common(event)
