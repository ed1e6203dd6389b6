"""Terminal text for /TACTIC/: the board from a view, and one line per logged event."""

from __future__ import annotations

from typing import Any

from duelhost.core.events import describe_common
from duelhost.games.tactic import board


def _short(unit: dict[str, Any]) -> str:
    marker = "*" if unit["king"] else ""
    letters = unit["unit"][: 3 - len(marker)]
    text = f"{unit['seat']}{marker}{letters}"
    if unit["damage"]:
        text += str(min(unit["damage"], 9))
    return text


def render_view(view: dict[str, Any]) -> str:
    """The board (row 7 on top; ``0Eag1`` = seat 0's Eagle with 1 damage, ``*`` = King) and a
    line per unit with HP, damage, AT and its modifiers, abilities and cached flag."""
    factions = view.get("factions") or [None, None]
    head = f"/TACTIC/ - phase {view.get('phase')}"
    if view.get("turn_seat") is not None:
        head += f", turn {view.get('turn')} of seat {view.get('turn_seat')}"
    lines = [
        head,
        "factions: "
        + ", ".join(f"seat {s}: {factions[s] or 'hidden'}" for s in (0, 1))
        + "; BitCoins "
        + " / ".join(str(c) for c in view.get("coins", [])),
        *_board(view),
    ]
    lines.extend(_unit_line(unit) for unit in view.get("board", []))
    flame = view.get("flame")
    if flame:
        lines.append(
            f"Flame of seat {flame['seat']}'s dead {flame['unit']} on {flame['cell']}: "
            f"choose flame {' / '.join(flame['choices'])}"
        )
    return "\n".join(lines)


def _board(view: dict[str, Any]) -> list[str]:
    """The column letters, then the rows from 7 down to 1."""
    by_cell = {unit["cell"]: unit for unit in view.get("board", [])}
    lines = ["     " + "".join(f"{chr(65 + x):<6}" for x in range(board.SIZE))]
    crowns = board.CROWN_SPACES[0] + board.CROWN_SPACES[1]
    for row in range(board.SIZE - 1, -1, -1):
        cells = []
        for column in range(board.SIZE):
            cell = board.cell_of(column, row)
            unit = by_cell.get(board.name(cell))
            if unit is not None:
                cells.append(f"{_short(unit):<6}")
            else:
                cells.append("()    " if cell in crowns else ".     ")
        lines.append(f"{row + 1:>3}  " + "".join(cells).rstrip())
    return lines


def _unit_line(unit: dict[str, Any]) -> str:
    mods = f" ({'; '.join(unit['at_modifiers'])})" if unit["at_modifiers"] else ""
    flags = [flag for flag in ("cached", "moved") if unit[flag]]
    flags += [f"used {name}" for name in unit["used"]]
    abilities = ", ".join(unit["abilities"]) or "no abilities"
    # No square brackets: the terminal prints through rich, which reads them as markup.
    return (
        f"  {unit['cell']:<3} seat {unit['seat']} {unit['unit']:<11} HP {unit['hp']} "
        f"dmg {unit['damage']} AT {unit['at']}{mods} | {abilities}"
        + (f" | {', '.join(flags)}" if flags else "")
    )


def _setup_line(event: dict[str, Any]) -> str | None:
    """Setup events: factions and Kings revealed, a unit placed, the build phase over."""
    kind = event.get("event")
    if kind == "factions":
        return f"factions revealed: seat 0 {event['factions'][0]}, seat 1 {event['factions'][1]}"
    if kind == "kings":
        return f"Kings revealed: seat 0 on {event['cells'][0]}, seat 1 on {event['cells'][1]}"
    if kind == "place":
        return (
            f"seat {event['seat']} places {event['unit']} on {event['cell']} "
            f"({event['coins']} BitCoins left)"
        )
    if kind == "build over":
        lost = " / ".join(str(c) for c in event["coins_lost"])
        return f"build phase over (unspent BitCoins lost: {lost})"
    return None


def _effect_line(event: dict[str, Any]) -> str | None:
    """What happens to a unit: damage, healing, a blocked effect, a death, a sacrifice."""
    kind = event.get("event")
    if kind in ("damage", "heal", "blocked"):
        verb = {"damage": "takes", "heal": "heals", "blocked": "is spared"}[kind]
        note = f"; {event['note']}" if event.get("note") else ""
        return (
            f"  {event['unit']} on {event['cell']} {verb} {event['amount']} "
            f"({event['reason']} by {event['by']} on {event['from']}{note})"
        )
    if kind == "dies":
        return f"  {event['unit']} on {event['cell']} (seat {event['seat']}) dies"
    if kind == "sacrificed":
        return f"  {event['unit']} on {event['cell']} is sacrificed"
    return None


def describe_event(event: dict[str, Any]) -> str:
    kind = event.get("event")
    if kind == "turn":
        return f"--- turn {event['turn']}: seat {event['seat']}"
    if kind == "end turn":
        return f"seat {event['seat']} ends turn {event['turn']}"
    if kind == "move":
        return f"seat {event['seat']} moves {event['unit']} {event['path']}"
    if kind == "attack":
        how = "is commanded to attack" if event["commanded"] else "attacks"
        return (
            f"{event['unit']} on {event['cell']} (seat {event['seat']}) {how} "
            f"{', '.join(event['targets'])} with AT {event['at']}"
        )
    if kind == "ability":
        return f"seat {event['seat']}: {event['unit']} {event['text']}"
    line = _setup_line(event)
    if line is None:
        line = _effect_line(event)
    return line if line is not None else describe_common(event)
