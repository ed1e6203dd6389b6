"""A Warrior's Death's break between bouts in the browser (issue 32 point 8): after a bout the
page shows the break with its countdown and keeps the finished bout on screen."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot, wait_decision


def play(page: Any, unit: int, last: bool = False) -> None:
    """Play ``unit``; unless it is the round's ``last`` play (which resolves the round at once,
    so the page never shows it pending), wait until the page shows it sent."""
    page.click(f"#hand .card[data-unit='{unit}']")
    page.click("#play")
    if not last:
        page.wait_for_selector("#sent")


def test_the_break_is_shown_with_the_finished_bout(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="warriors_death",
        options={"bouts": 2, "rounds": 1, "break_seconds": 120},
        clock={"mode": "move", "seconds": 60},
        seed=1,
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north):  # the clock starts once both seats are held
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    play(south, 9)  # Black Mage (9) beats the Chocobo (0): bout 1 to seat 0
    play(north, 0, last=True)
    for page in (south, north):
        wait_decision(page, 1)
        page.wait_for_selector("#wd-break")
        assert "Break between bouts: bout 2 starts in" in page.inner_text("#wd-break")
        caption = page.inner_text("#rounds-caption")
        assert caption.startswith("Bout 1 (finished: totals"), caption
        assert (
            page.locator(".wd-cell[data-round='1'][data-seat='0']")
            .get_attribute("aria-label")
            .endswith(", won")
        )
    shoot(south, "warriors_death-break-1280")
    shoot(ready(pages(match["spectate"], 400, 800)), "warriors_death-break-spectator-400")
