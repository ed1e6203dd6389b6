"""Multiplanetary played live, on a real tick clock (issue 32 point 3): queued orders and the
planet selected survive a tick and a reload, "Send nothing this tick" goes once a tick, and a
planet's production tooltip names the tick it produces at. Waits are on page state only."""

from __future__ import annotations

import re
from typing import Any

from tests.server.live import Server
from tests.web.conftest import against_bot, ready, seat_again, shoot
from tests.web.test_multiplanetary import tick, wait_tick


def test_queued_orders_and_the_selection_outlive_a_tick_and_a_reload(
    server: Server, pages: Any
) -> None:
    _, south = against_bot(
        server,
        pages,
        "multiplanetary",
        3,
        clock={"mode": "tick", "seconds": 3, "planning_seconds": 0},
    )
    view = south.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)["cell"]
    # The home planet has ships from tick 2 (a size-5 planet makes ships every tick).
    south.wait_for_function(
        "c => window.duelhost.frame.view.planets.some(p => p.cell === c && p.ships >= 3)",
        arg=home,
    )
    # The production tooltip names a tick still to come: the tick now plus the ticks to wait.
    planet = south.evaluate("c => window.duelhost.frame.view.planets.find(p => p.cell === c)", home)
    now = tick(south)
    label = south.get_attribute(f".planet[data-cell='{home}']", "aria-label") or ""
    made_at = int(re.search(r"next at tick (\d+)", label).group(1))  # type: ignore[union-attr]
    assert tick(south) != now or made_at == now + planet["next_production"], label
    assert made_at > now

    target = next(p for p in view["planets"] if p["owner"] is None)["cell"]
    south.click(f".planet[data-cell='{home}']")
    south.click(f".planet[data-cell='{target}']")
    south.fill("#ships", "1")
    south.dispatch_event("#ships", "change")
    south.click("#add-order")
    south.click(f".planet[data-cell='{home}']")  # selected, not yet sent
    queued_at = tick(south)
    wait_tick(south, queued_at + 1)
    # A tick went by: the queued order and the selection are still there, and the board says
    # what becomes of queued orders.
    assert south.locator("#queue .orders li").all_inner_texts()[0].startswith(f"{home}>{target} 1")
    assert f"ships from {home}" in south.inner_text("#status")
    assert "a tick neither sends nor drops them" in south.inner_text("#queue-rule")
    shoot(south, "multiplanetary-queue-after-tick-1280")

    south.reload()
    ready(south)
    assert south.locator("#queue .orders li").all_inner_texts()[0].startswith(f"{home}>{target} 1")
    south.click(f"#queue [data-order='{home}>{target} 1'] button")  # removed
    assert south.locator("#queue .orders li").count() == 0

    # "Send nothing this tick" goes once a tick: once the server took it, the button is off
    # (read together with the decision it was sent for: a tick may have passed since).
    decision = south.evaluate("window.duelhost.frame.view.decision")
    south.click("#wait")
    south.wait_for_function(
        "d => window.duelhost.submissions.list.some(r => r.decision === d && r.text === 'wait')"
        " || window.duelhost.frame.view.decision > d",
        arg=decision,
    )
    # The page settles on "sent" for that decision: the button off and the headline saying so
    # (or a tick passes first). Waited for, not read once: the receipt can be listed a moment
    # before the headline is redrawn (a CI run read the old headline in between).
    south.wait_for_function(
        "d => window.duelhost.frame.view.decision > d || ("
        " document.querySelector('#wait').disabled &&"
        " document.getElementById('status').textContent"
        "   .startsWith('You have sent nothing for this tick;'))",
        arg=decision,
        timeout=5000,
    )
    shoot(ready(pages(seat_again(south), 400, 800)), "multiplanetary-live-400")
