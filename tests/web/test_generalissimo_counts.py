"""Generalissimo's page tells the truth about the no-capture count and the draw button (issue
32 point 8): the count is out of the limit in half-turns (twice ``no_capture_turns``, 50 by
default: 100), and the draw button works only on the seat's own turn and says so otherwise."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot


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


def test_the_board_warns_before_a_third_repetition(server: Server, pages: Any) -> None:
    """GE8: the same position with the same side to move a third time is a draw. South's first
    turn is one move, then two a turn: after South, North and South pass, North is to move
    with two moves in the starting position a second time, and the board says so."""
    match = create(server, game="generalissimo", seed=2)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))

    def turn(page: Any, side: int) -> None:
        page.wait_for_function(f"() => window.duelhost.frame.view.to_move === {side}")

    south.click("#pass")
    turn(north, 1)
    north.click("#pass")
    turn(south, 0)
    assert south.locator("#repetition").count() == 0  # South, two moves: the first time
    south.click("#pass")
    north.wait_for_selector("#repetition")
    assert "occurs once more, the match is drawn by repetition" in north.inner_text("#repetition")
    shoot(north, "generalissimo-repetition-1280")
    shoot(ready(pages(seat_again(north), 400, 800)), "generalissimo-repetition-400")
