"""Boards played by keyboard only: Tab reaches the board, the arrow keys move a focus cursor
(with a visible focus ring) over its cells, planets or cards, Enter or Space selects what a
click would, Escape cancels a selection. One whole decision per kind of board: a grid board
(Generalissimo: a piece and its destination; Multiplanetary: a planet, its destination, an
order sent) and a card board (Goofspiel: a fleet sent; A Warrior's Death: the Blue Mage and
its disguise)."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready

FOCUSED = "() => document.activeElement && document.activeElement.dataset.nav || null"


def focused(page: Any) -> str | None:
    value = page.evaluate(FOCUSED)
    return str(value) if value is not None else None


def tab_to_board(page: Any) -> str:
    """Press Tab until a board item (cell, planet, card) has the focus; returns its key."""
    for _ in range(40):
        page.keyboard.press("Tab")
        key = focused(page)
        if key is not None:
            return key
    raise AssertionError("Tab never reached the board")


def ring_shown(page: Any) -> bool:
    shown = page.evaluate(
        """() => { const el = document.activeElement;
            const ring = el.querySelector(':scope > .ring');
            if (ring) return getComputedStyle(ring).visibility === 'visible';
            const style = getComputedStyle(el);
            return el.matches(':focus-visible') && style.outlineStyle !== 'none'
                && parseFloat(style.outlineWidth) >= 2; }"""
    )
    return bool(shown)


def go(page: Any, goal: str, keys: dict[str, tuple[int, int]], xy: Any, limit: int = 40) -> None:
    """Arrow keys from the focused cell to ``goal`` (cells as x, y through ``xy``)."""
    for _ in range(limit):
        here = focused(page)
        assert here is not None, "the focus left the board"
        if here == goal:
            return
        (x0, y0), (x1, y1) = xy(here), xy(goal)
        for key, (dx, dy) in keys.items():
            if (dx and (x1 - x0) * dx > 0) or (dy and (y1 - y0) * dy > 0):
                page.keyboard.press(key)
                break
    raise AssertionError(f"the arrow keys never reached {goal} (at {focused(page)})")


SOUTH_KEYS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}
"""Arrow keys on a board drawn with column A on the left and row 1 at the bottom."""


def cell_xy(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("A"), int(cell[1:])


def test_a_generalissimo_move_by_keyboard_only(server: Server, pages: Any) -> None:
    match = create(server, game="generalissimo", seed=1)
    south = ready(pages(match["seats"][0]["invite_url"]))
    start = tab_to_board(south)
    assert ring_shown(south), "no focus ring on the focused cell"
    go(south, "E3", SOUTH_KEYS, cell_xy)  # a Shieldman
    assert ring_shown(south)
    south.keyboard.press("Enter")
    south.wait_for_selector("#status:text('Shieldman on E3')")
    south.keyboard.press("Escape")
    south.wait_for_selector("#status:text('click one of your pieces')")
    south.keyboard.press(" ")
    south.wait_for_selector("#status:text('Shieldman on E3')")
    go(south, "E5", SOUTH_KEYS, cell_xy)
    n = south.evaluate("window.duelhost.frame.n")
    south.keyboard.press("Enter")
    south.wait_for_function("n => window.duelhost.frame.n > n", arg=n)
    board = south.evaluate("window.duelhost.frame.view.board")
    assert board[12 - 5][4] == "S" and board[12 - 3][4] == ".", board
    assert start


def test_a_multiplanetary_order_by_keyboard_only(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="multiplanetary",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    for tick in (1, 2):  # the home planet starts with no ships
        south.click("#wait")
        south.wait_for_function("t => window.duelhost.frame.view.tick >= t", arg=tick)
    view = south.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)["cell"]
    target = next(p for p in view["planets"] if p["owner"] is None)["cell"]
    tab_to_board(south)
    assert ring_shown(south)
    go(south, home, SOUTH_KEYS, cell_xy)
    south.keyboard.press("Enter")
    go(south, target, SOUTH_KEYS, cell_xy)
    south.keyboard.press("Enter")
    south.wait_for_selector("#order")
    # The order form is reached by Tab: the ships, the warp, then the queue button.
    for _ in range(12):
        south.keyboard.press("Tab")
        if south.evaluate("document.activeElement.id") == "add-order":
            break
    south.keyboard.press("Enter")
    south.wait_for_selector("#queue .orders li")
    for _ in range(6):
        south.keyboard.press("Tab")
        if south.evaluate("document.activeElement.id") == "send-orders":
            break
    south.keyboard.press("Enter")
    south.wait_for_function("() => window.duelhost.frame.view.tick >= 3")
    fleets = south.evaluate("window.duelhost.frame.view.fleets")
    assert any(f["owner"] == 0 and f["from"] == home and f["to"] == target for f in fleets)


def test_a_goofspiel_round_by_keyboard_only(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options={"galaxies": 1, "planets": 4}, seed=2)
    south = ready(pages(match["seats"][0]["invite_url"]))
    assert tab_to_board(south) == "fleet1"
    assert ring_shown(south)
    south.keyboard.press("ArrowRight")
    south.keyboard.press("ArrowRight")
    assert focused(south) == "fleet3"
    south.keyboard.press(" ")
    south.wait_for_selector("#send:text('Send fleet 3')")
    south.keyboard.press("Escape")
    south.wait_for_selector("#send:text('Pick a fleet')")
    south.keyboard.press("ArrowLeft")
    assert focused(south) == "fleet2"
    south.keyboard.press("Enter")  # selects
    south.wait_for_selector("#send:text('Send fleet 2')")
    south.keyboard.press("Enter")  # on the chosen card: sends
    south.wait_for_selector("#sent")
    assert "Sent: 2" in south.inner_text("#send")


def test_a_warriors_death_blue_mage_by_keyboard_only(server: Server, pages: Any) -> None:
    match = create(server, game="warriors_death", options={"bouts": 1, "rounds": 3}, seed=1)
    south = ready(pages(match["seats"][0]["invite_url"]))
    assert tab_to_board(south) == "unit0"
    south.keyboard.press("ArrowRight")
    south.keyboard.press("ArrowRight")
    assert focused(south) == "unit2"
    south.keyboard.press("Enter")
    south.wait_for_selector("#second")
    # Tab leaves the hand for the row of disguises; the arrows move along it.
    south.keyboard.press("Tab")
    assert focused(south) == "second0"
    for _ in range(5):
        south.keyboard.press("ArrowRight")
    assert focused(south) == "second6"
    south.keyboard.press("Enter")
    south.wait_for_selector("#play:text('Play Blue Mage as Reaper')")
    for _ in range(6):
        south.keyboard.press("Tab")
        if south.evaluate("document.activeElement.id") == "play":
            break
    south.keyboard.press("Enter")
    south.wait_for_selector("#sent")
