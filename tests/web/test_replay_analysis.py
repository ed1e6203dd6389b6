"""The replay viewer shows the match's analysis as a bar per move once the server has made it
(``GET /api/matches/<id>/analysis``), under the page's Content-Security-Policy."""

from __future__ import annotations

from typing import Any

import httpx

from duelhost.server.client import seat_tokens
from tests.server.live import Server
from tests.web.conftest import create, ready, shoot


def test_the_replay_shows_a_bar_per_analysed_move(server: Server, pages: Any) -> None:
    """Classic 2-card Goofspiel, prize 2 first: seat 0 bids 1 against the 2 and gives up 1
    (docs/bots.md), which its bar shows; the exact analysis is quick."""
    options = {"galaxies": 1, "planets": 2, "planet_orders": {"A": "YZ"}, "worths": {"A": [2, 1]}}
    match = create(server, game="goofspiel", options=options, seed=1)
    tokens = seat_tokens(httpx, match, server.url)
    url = f"{server.url}/api/matches/{match['id']}"
    for seat, text in ((0, "1"), (1, "2"), (0, "2"), (1, "1")):
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        answer = httpx.post(url + "/submissions", json={"text": text}, headers=headers, timeout=10)
        assert answer.status_code in (200, 201), answer.text
    page = ready(pages(f"/replay/{match['id']}"))
    page.wait_for_function("() => window.duelhost.analysis === 4", timeout=60_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.duelhost.step === 1")
    bars = page.locator("#entries meter.gave-up")
    assert bars.count() == 2
    assert float(bars.nth(0).get_attribute("value") or "nan") == 1.0
    assert float(bars.nth(1).get_attribute("value") or "nan") == 0.0
    assert "equilibrium" in page.inner_text("#analysis-status")
    shoot(page, "replay-analysis")
