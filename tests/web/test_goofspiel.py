"""Goofspiel on its board: two seats and a spectator play a whole match by clicking only."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot, wait_decision, wait_over

# A fixed deal (GO5) of two galaxies of three planets: every round's worth is known here.
OPTIONS = {
    "galaxies": 2,
    "planets": 3,
    "galaxy_order": "BA",
    "values": {"A": 1, "B": 2},
    "planet_orders": {"A": "XYZ", "B": "ZYX"},
    "worths": {"A": {"X": 1, "Y": 2, "Z": 3}, "B": {"X": 1, "Y": 2, "Z": 3}},
}


def bid(page: Any, size: int) -> None:
    """Click a fleet card, then the send button."""
    page.click(f"#hand .card[data-fleet='{size}']")
    assert page.inner_text("#send") == f"Send fleet {size}"
    page.click("#send")


def test_two_seats_and_a_spectator_play_goofspiel_by_clicking(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options=OPTIONS, seed=5)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    # The token left the address bar once read (it stays in the tab's sessionStorage).
    assert "#" not in south.url
    assert "Choose a fleet for planet B-Z (worth 3)" in south.inner_text("#status")
    assert watcher.inner_text("#status") == ("Seat 0 is still deciding; seat 1 is still deciding.")
    # Rounds: (seat 0's fleet, seat 1's fleet). Bout B (value 2): Z3 Y2 X1; bout A (value 1).
    rounds = [(3, 1), (2, 1), (1, 2), (3, 2), (2, 3), (1, 3)]
    for decision, (fleet0, fleet1) in enumerate(rounds):
        first, second = (south, north) if decision % 2 == 0 else (north, south)
        first_fleet, second_fleet = (fleet0, fleet1) if decision % 2 == 0 else (fleet1, fleet0)
        before = {id(p): p.inner_text("#board") for p in (second, watcher)}
        bid(first, first_fleet)
        first.wait_for_selector("#sent")
        assert "Sent: " + str(first_fleet) in first.inner_text("#send")
        # The other seat and the spectator learn that a fleet was sent, not which.
        for page in (second, watcher):
            page.wait_for_selector(".player .state:text('has submitted')")
            assert page.inner_text("#board") == before[id(page)]
            text = page.inner_text("body")
            assert "Sent:" not in text and "you sent" not in text
            # the only "You submitted" lines are the page's own, one per round played
            protocol = page.text_content("#protocol-log") or ""
            assert protocol.count("You submitted") == (decision if page is second else 0)
        if decision == 2:
            # A dropped connection is picked up again silently, from the last frame seen.
            second.evaluate("window.duelhost.live.socket.close()")
            second.wait_for_function("() => window.duelhost.live.socket.readyState === 1")
        if decision == 3:
            # A page that lost track of its delta frames asks for a full frame and goes on.
            watcher.evaluate("window.duelhost.live.lastN = 1")
        bid(second, second_fleet)
        for page in (south, north, watcher):
            wait_decision(page, decision + 1)
        if decision == 1:
            shoot(south, "goofspiel-1280")
    # Bout B: seat 0 wins Z (3) and Y (2), seat 1 wins X (1): galaxy B (value 2) to seat 0.
    # Bout A: seat 0 wins X (1), seat 1 wins Y (2) and Z (3): galaxy A (value 1) to seat 1.
    for page in (south, north, watcher):
        wait_over(page)
    # The pages took delta frames (the server sends them to clients that ask, as the page
    # does); the spectator asked for one full frame when it lost track.
    for page in (south, north, watcher):
        assert page.evaluate("window.duelhost.live.taken.delta") > len(rounds)
    assert watcher.evaluate("window.duelhost.live.taken.resync") == 1
    assert south.inner_text("#result").startswith("You win")
    assert north.inner_text("#result").startswith("You lose")
    assert watcher.inner_text("#result") == "Seat 0 wins 2–1 on strategic value."
    result = httpx.get(f"{server.url}/api/matches/{match['id']}", timeout=10).json()["result"]
    assert result["winner"] == 0 and result["scores"] == [2, 1]
    # Every receipt was kept (one per round) and checked by the page itself.
    for page in (south, north):
        marks = page.locator("#receipts li").all_inner_texts()
        assert len(marks) == len(rounds), marks
        assert all("verified" in mark for mark in marks), marks
    assert south.get_attribute("#download", "href") == f"/api/matches/{match['id']}/record"
    shoot(south, "goofspiel-over-1280")
    narrow = ready(pages(seat_again(north), 400, 800))
    shoot(narrow, "goofspiel-over-400")
    dark = ready(pages(match["spectate"], 1280, 800, "dark"))
    shoot(dark, "goofspiel-over-dark-1280")
    # Rematch: same settings, seats swapped; the page offers the opponent's new link.
    south.click("#rematch")
    south.click("#my-rematch")
    ready(south)
    assert south.evaluate("window.duelhost.seat") == 1
    assert "Choose a fleet for planet B-Z (worth 3)" in south.inner_text("#status")
