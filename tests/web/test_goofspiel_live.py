"""Goofspiel between two browser seats and a spectator, as a live match is played (issue 32
point 8): the headlines say who has sent and who is still deciding; each seat's connection is
shown to the other seat and the spectator; a card picked but not sent survives a reload; at
400 px the revealed cards are whole cards, not slivers."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot, wait_decision
from tests.web.test_goofspiel import OPTIONS


def test_headlines_presence_and_a_kept_card(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options=OPTIONS, seed=5)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    for page in (south, watcher):
        page.wait_for_function(
            "() => document.getElementById('presence1')?.dataset.presence === 'connected'"
        )
    # A card picked, not sent, survives a reload of the page.
    south.click("#hand .card[data-fleet='3']")
    south.reload()
    ready(south)
    assert south.inner_text("#send") == "Send fleet 3"
    south.click("#send")
    south.wait_for_selector("#sent")
    assert south.inner_text("#status") == "You have sent 3; seat 1 is still deciding."
    watcher.wait_for_function(
        "() => document.getElementById('status').textContent === "
        "'Seat 0 has sent; seat 1 is still deciding.'"
    )
    # North's page goes away: South and the spectator see it.
    north_again = seat_again(north)
    north.close()
    for page in (south, watcher):
        page.wait_for_function(
            "() => document.getElementById('presence1')?.dataset.presence === 'away'"
        )
        assert "page closed" in page.inner_text("#presence1")
    shoot(south, "goofspiel-opponent-away-1280")
    # North comes back (a new page of its seat) and plays; the reveal at 400 px.
    north = ready(pages(north_again, 400, 800))
    south.wait_for_function(
        "() => document.getElementById('presence1')?.dataset.presence === 'connected'"
    )
    north.click("#hand .card[data-fleet='1']")
    north.click("#send")
    wait_decision(north, 1)
    north.wait_for_selector("[data-revealed]")
    north.wait_for_function(
        "() => [...document.querySelectorAll('[data-revealed]')]"
        ".every(c => c.getAnimations().length === 0)"
    )
    widths = north.evaluate(
        "[...document.querySelectorAll('[data-revealed]')]"
        ".map(c => c.getBoundingClientRect().width)"
    )
    assert len(widths) == 2 and all(w >= 48 for w in widths), widths
    shoot(north, "goofspiel-reveal-400")


def test_the_page_says_the_match_waits_for_both_players(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options=OPTIONS, seed=5, clock={"seconds": 10})
    south = ready(pages(match["seats"][0]["invite_url"]))
    # Seat 1 has not opened its invite: no clock runs, and the page says so.
    assert south.evaluate("window.duelhost.frame.phase") == "waiting"
    assert south.inner_text("#status") == (
        "Waiting for both players to open their seats: the clock starts once both seats are held."
    )
    assert south.inner_text("#state0") == "waiting for the start"
    south.wait_for_function(
        "() => document.getElementById('presence1')?.textContent === '○ not here yet'"
    )
    shoot(south, "goofspiel-waiting-1280")
    ready(pages(match["seats"][1]["invite_url"]))
    south.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    assert "Choose a fleet" in south.inner_text("#status")
