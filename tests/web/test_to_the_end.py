"""The long games played to their natural end by clicks on the board only: a seat plays a
server bot with small options (a small Generalissimo position, a Multiplanetary match of a few
ticks, a short /TACTIC/ match, a whole Tactical Genius match) and the page ends on the
game-over banner with the game's reason, not a resignation. Each click is chosen from what the
page's frame allows (its legal list and its view), always the same way; the server bot's moves
still differ from run to run (RULINGS G7: its seed comes from the match secret), so each loop
runs long enough for any match the rules allow."""

from __future__ import annotations

import math
import re
from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready, send_build, wait_over

GE_CELL = re.compile(r"[A-I](?:1[0-2]|[1-9])")
TA_CELL = re.compile(r"[A-G][1-7]")

MINE = (
    "() => { const f = window.duelhost.frame; const me = window.duelhost.seat; return f.is_over"
    " || (f.to_act.includes(me) && f.legal !== null && !(f.view.submitted || []).includes(me)"
    " && !window.duelhost.sealed()); }"
)
"""The page shows a decision its seat owes (and has not sent yet: neither submitted nor
committed to, sealed), or the end."""


def my_frame(page: Any) -> dict[str, Any]:
    page.wait_for_function(MINE)
    frame: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return frame


def after(page: Any, n: int) -> None:
    page.wait_for_function("n => window.duelhost.frame.n > n", arg=n)


def ended_naturally(server: Server, page: Any, match: dict[str, Any]) -> str:
    """The banner is up with the game's reason; the record ends without a resignation."""
    wait_over(page)
    banner = page.inner_text("#result")
    result = httpx.get(f"{server.url}/api/matches/{match['id']}", timeout=10).json()["result"]
    assert result["reason"] and result["reason"] != "resignation", result
    # The banner names the reason without its rulings' ids ("(TA6)" is for developers).
    plain = re.sub(r"\s*\([^()]*\b[A-Z]{1,3}\d+\)", "", result["reason"]).strip()
    assert plain in banner, (banner, result)
    assert "resign" not in page.inner_text("#log").lower()
    return banner


# ------------------------------------------------------------------ Generalissimo

GE_POSITION = "9/9/2s1g1w2/3a1c3/9/9/9/9/3S1A3/2W1G1H2/9/9 s 1 0"
"""Five pieces a side, every type on the board: a match of about ten moves."""


def ge_enemies(board: list[str]) -> list[tuple[int, int]]:
    return [(c, 12 - r) for r, row in enumerate(board) for c, ch in enumerate(row) if ch.islower()]


def ge_choice(frame: dict[str, Any]) -> str:
    """A capture, a shot or a volley if there is one; else the move ending nearest an enemy."""
    moves = [t for t in frame["legal"] if t not in ("pass", "draw")]
    captures = [t for t in moves if "x" in t or "*" in t or t.endswith("!")]
    if captures:
        return captures[0]
    enemies = ge_enemies(frame["view"]["board"])

    def distance(text: str) -> int:
        end = GE_CELL.findall(text)[-1]
        x, y = "ABCDEFGHI".index(end[0]), int(end[1:])
        return min(max(abs(x - a), abs(y - b)) for a, b in enemies)

    return min(moves, key=distance) if moves and enemies else "pass"


def ge_target(text: str) -> str:
    cells = GE_CELL.findall(text)
    return cells[0] if re.fullmatch(r"[A-I]\d+!", text) else cells[-1]


def test_generalissimo_to_its_end_by_clicking(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="generalissimo",
        seed=3,
        options={"no_capture_turns": 8},
        setup={"position": GE_POSITION},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    moves = 0
    # At most 10 pieces can be taken, and 8 quiet turns of each player in a row end the match:
    # at most 10 x (8 + 1) turns of South between captures, 2 moves each.
    for _move in range(200):
        frame = my_frame(south)
        if frame["is_over"]:
            break
        text = ge_choice(frame)
        if text == "pass":
            south.click("#pass")
        else:
            south.click(f"[data-cell='{GE_CELL.findall(text)[0]}']")
            south.click(f"[data-cell='{ge_target(text)}']")
            if south.locator("#chooser").count():
                south.click(f"#chooser [data-move='{text}']")
        after(south, frame["n"])
        moves += 1
    banner = ended_naturally(server, south, match)
    print("generalissimo:", banner, f"after {moves} moves by clicks")


# ------------------------------------------------------------------ Multiplanetary


def mp_xy(cell: str) -> tuple[int, int]:
    return "ABCDEFGHIJ".index(cell[0]), int(cell[1:])


def test_multiplanetary_to_its_end_by_clicking(server: Server, pages: Any) -> None:
    ticks = 8
    match = create(
        server,
        game="multiplanetary",
        seed=3,
        options={"max_ticks": ticks},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    sent = 0
    for _tick in range(ticks + 2):
        frame = my_frame(south)
        if frame["is_over"]:
            break
        view = frame["view"]
        mine = [p for p in view["planets"] if p["owner"] == 0 and p["ships"] >= 2]
        others = [p for p in view["planets"] if p["owner"] != 0]
        for planet in mine:
            nearest = min(others, key=lambda p: math.dist(mp_xy(p["cell"]), mp_xy(planet["cell"])))
            south.click(f".planet[data-cell='{planet['cell']}']")
            south.click(f".planet[data-cell='{nearest['cell']}']")
            south.fill("#ships", str(planet["ships"]))
            south.dispatch_event("#ships", "change")
            south.check("#warp-standard")
            south.click("#add-order")
            sent += 1
        south.click("#send-orders" if mine else "#wait")
        after(south, frame["n"])
    assert sent >= 2, "the seat never sent a fleet"
    banner = ended_naturally(server, south, match)
    assert south.evaluate("window.duelhost.frame.view.tick") == ticks
    print("multiplanetary:", banner)


# ------------------------------------------------------------------ /TACTIC/


def ta_kind(text: str) -> str:
    if text == "end" or text.split()[0] in ("faction", "king", "place", "flame"):
        return text.split()[0]
    if re.fullmatch(r"[A-G][1-7](-[A-G][1-7])+", text):
        return "move"
    return "attack" if ">" in text else "ability"


def ta_choice(frame: dict[str, Any], acted: int) -> str:
    """An attack on an enemy if there is one, else (twice a turn) the move ending nearest the
    enemy King, else end the turn."""
    legal = frame["legal"]
    by_kind: dict[str, list[str]] = {}
    for text in legal:
        by_kind.setdefault(ta_kind(text), []).append(text)
    if "flame" in by_kind:
        return by_kind["flame"][0]
    enemies = {u["cell"] for u in frame["view"]["board"] if u["seat"] == 1}
    attacks = [t for t in by_kind.get("attack", []) if TA_CELL.findall(t)[1] in enemies]
    if attacks:
        return attacks[0]
    if acted < 2 and "move" in by_kind:
        kings = [u["cell"] for u in frame["view"]["board"] if u["king"] and u["seat"] == 1]
        goal = kings[0] if kings else "D7"

        def distance(text: str) -> int:
            end = TA_CELL.findall(text)[-1]
            return max(abs(ord(end[0]) - ord(goal[0])), abs(int(end[1]) - int(goal[1])))

        return min(by_kind["move"], key=distance)
    return "end"


def test_tactic_to_its_end_by_clicking(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="tactic",
        seed=2,
        options={"max_turns": 4},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    acted = 0
    turn = None
    kinds: set[str] = set()
    for _action in range(150):
        frame = my_frame(south)
        if frame["is_over"]:
            break
        view = frame["view"]
        if view["phase"] == "faction":
            south.click("[data-faction='Order']")
        elif view["phase"] == "king":
            south.click(f"[data-cell='{frame['legal'][0].split()[1]}']")
        elif view["phase"] == "place":
            place = [t for t in frame["legal"] if t.startswith("place ")]
            if place:
                *unit, cell = place[0].split()[1:]
                south.click(f"#cards [data-card='{' '.join(unit)}']")
                south.click(f"[data-cell='{cell}']")
            else:
                south.click("#end")
        else:
            if view["turn"] != turn:
                turn, acted = view["turn"], 0
            text = ta_choice(frame, acted)
            if text == "end":
                south.click("#end")
            elif ta_kind(text) == "flame":
                south.click(f"[data-cell='{text.split()[1]}']")
            else:
                cells = TA_CELL.findall(text)
                south.click(f"[data-cell='{cells[0]}']")
                south.click(f"[data-cell='{cells[-1] if ta_kind(text) == 'move' else cells[1]}']")
                if south.locator("#chooser").count():
                    south.click(f"#chooser [data-action='{text}']")
                acted += 1
            kinds.add(ta_kind(text))
        after(south, frame["n"])
    banner = ended_naturally(server, south, match)
    print("tactic:", banner, "actions played:", sorted(kinds))
    assert {"move", "end"} <= kinds


# ------------------------------------------------------------------ Tactical Genius


def tg_build(page: Any, cell: str, unit_type: str, atk: int, skill: str) -> None:
    page.click(f"[data-cell='{cell}']")
    page.select_option("#build-type", unit_type)
    page.fill("#build-atk", str(atk))
    page.dispatch_event("#build-atk", "change")
    page.check(f"[data-skill='{skill}']")
    page.click("#add-unit")


def test_tactical_genius_to_its_end_by_clicking(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="tactical_genius",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    built = False
    phases = 0
    for _phase in range(25):
        frame = my_frame(south)
        if frame["is_over"]:
            break
        view = frame["view"]
        if view["phase"] == "reinforcement":
            if not built:
                tg_build(south, "D1", "Sword", 4, "rush")
                tg_build(south, "D2", "Lance", 4, "heavy-blow")
                tg_build(south, "D3", "Axe", 4, "whirlwind")
                built = True
            elif "advance" in frame["legal"]:
                south.check("#advance")
            send_build(south)
        else:
            units = [u for u in view["units"] if u["seat"] == 0 and u["alive"]]
            for unit in units:
                orders = [t for t in frame["legal"] if t.split()[0] == unit["name"]]
                attacks = [t for t in orders if " attack " in t]
                south.click(f"[data-cell='{unit['cell']}']")
                if attacks:
                    south.click(f"[data-cell='{attacks[0].split()[-1]}']")
                    if south.locator("#chooser").count():
                        south.click(f"#chooser [data-order='{attacks[0]}']")
                else:
                    forward = f"{unit['name']} move forward"
                    pick = forward if forward in orders else f"{unit['name']} idle"
                    south.click(f"#unit-orders [data-order='{pick}']")
            south.click("#send-orders")
        after(south, frame["n"])
        phases += 1
    banner = ended_naturally(server, south, match)
    print("tactical_genius:", banner, f"after {phases} phases sent by clicks")
    assert phases >= 3
