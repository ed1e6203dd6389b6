"""Every game is playable from the page of a real ``duelhost serve`` through the typed
notation (the experts' input, and the whole interface of a game without a board yet).

Headless Chromium (Debian's ``chromium``) driven by Playwright for Python; each seat's browser
context holds its seat's link. For the first decisions of a match of every registered game,
the seat that must act picks a legal submission from its page's list, submits it, and the match
moves on; a bad submission gets the game's own message in place.
"""

from __future__ import annotations

from typing import Any

import httpx

import duelhost
from tests.server.live import Server
from tests.web.conftest import create, ready


def test_every_game_is_playable_by_typed_notation(server: Server, pages: Any) -> None:
    for game in duelhost.list_games():
        match = create(server, game=game, seed=2)
        state_url = f"{server.url}/api/matches/{match['id']}"
        seats = [ready(pages(match["seats"][seat]["invite_url"])) for seat in (0, 1)]
        for page in seats:
            page.click("#expert summary") if not page.is_visible("#text") else None
        for _ in range(3):
            # A secret simultaneous decision is committed, then revealed once both seats
            # have committed: the next one starts when no page holds a sealed move.
            for page in seats:
                page.wait_for_function("() => !window.duelhost.sealed()")
            for seat in httpx.get(state_url, timeout=10).json()["to_act"]:
                page = seats[seat]
                logged = httpx.get(state_url, timeout=10).json()["n"]
                page.wait_for_selector("#legal button")
                buttons = page.locator("#legal button")
                buttons.nth(buttons.count() - 1).click()  # a legal submission, into the input
                chosen = page.input_value("#text")
                assert chosen, f"{game}: the legal button put nothing in the input"
                page.click("#submitform button[type=submit]")
                page.wait_for_function("n => window.duelhost.frame.n > n", arg=logged)
                assert page.input_value("#text") == "", f"{game}: {chosen!r} was not accepted"
        for page in seats:
            page.context.close()


def test_a_refused_submission_shows_the_games_message(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options={"galaxies": 1, "planets": 2}, seed=4)
    page = ready(pages(match["seats"][0]["invite_url"]))
    page.click("#expert summary")
    page.fill("#text", "7")
    page.click("#submitform button[type=submit]")
    page.wait_for_selector("#refusal:text('fleet sizes are 1 to 2')")
    page.click("#hand .card[data-fleet='2']")  # the next action clears the error
    page.click("#send")
    page.wait_for_selector("#sent")
    assert page.locator("#refusal").count() == 0
