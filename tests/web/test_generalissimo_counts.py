"""Generalissimo's page tells the truth about the no-capture count and the draw button (issue
32 point 8): the count is out of the limit in half-turns (twice ``no_capture_turns``, 50 by
default: 100), and the draw button works only on the seat's own turn and says so otherwise."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready


def test_quiet_turns_and_the_draw_button(server: Server, pages: Any) -> None:
    match = create(server, game="generalissimo", seed=2)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    # no_capture_turns 50 (the default): the match is drawn after 100 half-turns without a
    # capture, which the board counts in half-turns: 0 of 100, not 0 of 200.
    assert "Turns without a capture: 0 of 100" in south.inner_text("#board")
    # South moves first: its draw button works; North's says when it can be used.
    assert south.is_enabled("#draw") and south.inner_text("#draw") == "Offer / accept a draw"
    assert not north.is_enabled("#draw")
    assert north.inner_text("#draw") == "Draw: offer or accept on your turn"
    south.click("#draw")  # South offers a draw; its turn goes on
    north.wait_for_selector("#draw-offer")
    assert "on your turn, the draw button accepts it" in north.inner_text("#draw-offer")
    assert not north.is_enabled("#draw")
