"""Text for the terminal: a Goofspiel view as a short board, and one line per public event."""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common


def _seat(winner: Any) -> str:
    return "nobody" if winner is None else f"seat {winner}"


def _fleet_line(counts: dict[str, int]) -> str:
    return " ".join(f"{size}:{count}" for size, count in counts.items() if count) or "none"


def render_view(view: dict[str, Any]) -> str:
    """A Goofspiel view (of a seat or a spectator) as text."""
    replay = view["replay"]
    title = "Goofspiel" if not replay else f"Goofspiel, replay {replay} after a tied match (GO4)"
    lines = [title, _galaxies(view)]
    s0, s1 = view["strategic"]
    lines.append(f"Strategic value: seat 0 {s0}, seat 1 {s1}")
    for past in view["past"]:
        v0, v1 = past["strategic"]
        lines.append(f"  (playing {past['replay']} was tied {v0}-{v1})")
    if view["bout"] is not None:
        lines.extend(_bout(view))
    elif view["last_round"] is not None:
        lines.append("Last round: " + _round_text(view["last_round"]))
    lines.extend(_fleets(view))
    if view["bout"] is not None and view["last_round"] is not None and "rounds" not in view:
        lines.append("Last round: " + _round_text(view["last_round"]))
    if view.get("seat") is not None:
        pending = view.get("pending")
        lines.append(f"You are seat {view['seat']}" + (f"; you sent {pending}" if pending else ""))
    return "\n".join(lines)


def _galaxies(view: dict[str, Any]) -> str:
    """The galaxies in the order fought, with their values and winners so far."""
    won = {bout["galaxy"]: bout["winner"] for bout in view["bouts"]}
    order = []
    for letter in view["order"]:
        value = view["values"].get(letter)
        text = f"{letter}({value if value is not None else '?'})"
        if letter in won:
            text += "=" + ("-" if won[letter] is None else str(won[letter]))
        order.append(text)
    return "Galaxies (value, =winner): " + " ".join(order)


def _bout(view: dict[str, Any]) -> list[str]:
    """The bout being fought: its galaxy, net worths, the rounds played, the round now."""
    galaxy = view["galaxy"]
    lines = [
        f"Bout {view['bout']} of {len(view['order'])}: {view['galaxy_name']} ({galaxy}), "
        f"value {view['values'][galaxy]}; planets in order "
        + " ".join(view["planet_orders"][galaxy])
    ]
    p0, p1 = view["points"]
    lines.append(f"Net worth this bout: seat 0 {p0}, seat 1 {p1}")
    for entry in view.get("rounds", []):
        if entry["replay"] == view["replay"] and entry["bout"] == view["bout"]:
            lines.append("  " + _round_text(entry))
    lines.append(f"Round {view['round']}: planet {view['planet']}, worth {view['worth']}")
    return lines


def _fleets(view: dict[str, Any]) -> list[str]:
    """Each seat's fleets the view shows (without history, only its own seat's: G4)."""
    destroyed = view.get("destroyed")  # absent without history (G4, "no notes")
    lines = []
    for seat in ("0", "1"):
        if seat not in view["fleets"]:
            continue
        lost = destroyed[int(seat)] if destroyed is not None else 0
        extra = f"  ({lost} destroyed by timeouts)" if lost else ""
        line = _fleet_line(view["fleets"][seat])
        lines.append(f"Fleets of seat {seat} (size:count): {line}{extra}")
    return lines


def _round_text(entry: dict[str, Any]) -> str:
    f0, f1 = entry["fleets"]
    sent = []
    for seat, size in ((0, f0), (1, f1)):
        destroyed = entry["destroyed"][seat]
        if destroyed:
            sent.append(f"0 (timeout, a {destroyed} destroyed)")
        else:
            sent.append(str(size))
    return (
        f"{entry['planet']} (worth {entry['worth']}): {sent[0]} vs {sent[1]}, "
        f"{_seat(entry['winner'])} wins it"
    )


def describe_event(event: dict[str, Any]) -> str:
    """One line for a public event of the Goofspiel log."""
    kind = event["event"]
    if kind == "deal":
        start = "The match" if not event["replay"] else f"Replay {event['replay']}"
        return f"{start}: the galaxies are fought in the order {' '.join(event['order'])}"
    if kind == "bout":
        return (
            f"Bout {event['bout']}: {event['name']} ({event['galaxy']}), strategic value "
            f"{event['value']}; planets in order {' '.join(event['planets'])}"
        )
    if kind == "planet":
        return f"  Round {event['round']}: planet {event['planet']}, worth {event['worth']}"
    if kind == "round":
        p0, p1 = event["points"]
        return f"    {_round_text(event)}; net worth {p0}-{p1}"
    if kind == "bout_end":
        p0, p1 = event["points"]
        s0, s1 = event["strategic"]
        winner = event["winner"]
        taken = "nobody wins it" if winner is None else f"seat {winner} wins it"
        return (
            f"Bout {event['bout']} ends {p0}-{p1}: {taken} ({event['name']}, value "
            f"{event['value']}); strategic value {s0}-{s1}"
        )
    if kind == "replay":
        s0, s1 = event["strategic"]
        return (
            f"The match is tied {s0}-{s1} in strategic value: replay {event['replay']} "
            "with fresh fleets and a fresh deal (GO4)"
        )
    return describe_common(event)
