"""What a newcomer hit in the playtest of docs/playtest.md, each checked in the browser:

- Multiplanetary: a number typed into the ships box and "Queue" clicked at once (no Tab, no
  Enter) queues that number (the box's change event, on that very click, redrew the form and
  the click was lost); Enter in the box queues too.
- Multiplanetary: the board's "Next tick in N s" counts down with the clocks (it was frozen at
  the value of the last frame).
"""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import against_bot
from tests.web.test_multiplanetary import wait_tick


def home_with_ships(page: Any) -> str:
    """Wait (sending nothing) until seat 0's home planet has ships; its cell."""
    view = page.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)["cell"]
    while not page.evaluate(
        "c => window.duelhost.frame.view.planets.some(p => p.cell === c && p.ships >= 4)", home
    ):
        now = page.evaluate("window.duelhost.frame.view.tick")
        page.click("#wait")
        wait_tick(page, now + 1)
    return str(home)


def test_a_typed_ship_count_is_queued_by_a_direct_click_on_queue(
    server: Server, pages: Any
) -> None:
    _, south = against_bot(server, pages, "multiplanetary", 5)
    home = home_with_ships(south)
    target = next(
        p["cell"]
        for p in south.evaluate("window.duelhost.frame.view.planets")
        if p["owner"] is None
    )
    south.click(f".planet[data-cell='{home}']")
    south.click(f".planet[data-cell='{target}']")
    south.click("#ships", click_count=3)
    south.keyboard.type("3")  # as a person types: no change event until the box loses focus
    assert south.inner_text("#add-order") == f"Queue {home}>{target} 3"
    south.click("#add-order")
    assert south.locator("#queue .orders li").all_inner_texts()[0].startswith(
        f"{home}>{target} 3"
    )
    south.click(f".planet[data-cell='{home}']")
    south.click(f".planet[data-cell='{target}']")
    south.click("#ships", click_count=3)
    south.keyboard.type("1")
    south.keyboard.press("Enter")
    orders = south.locator("#queue .orders li").all_inner_texts()
    assert [o.split(" ×")[0].split("×")[0].strip() for o in orders] == [
        f"{home}>{target} 3",
        f"{home}>{target} 1",
    ], orders


def test_the_next_tick_countdown_counts_down(server: Server, pages: Any) -> None:
    _, south = against_bot(
        server,
        pages,
        "multiplanetary",
        6,
        clock={"mode": "tick", "seconds": 30, "planning_seconds": 0},
    )
    south.wait_for_selector("#countdown [data-countdown]")
    first = int(south.inner_text("#countdown [data-countdown]").split()[0])
    south.wait_for_function(
        "n => parseInt(document.querySelector('#countdown [data-countdown]').textContent) < n",
        arg=first,
    )
    assert south.evaluate("window.duelhost.frame.view.tick") == 0
