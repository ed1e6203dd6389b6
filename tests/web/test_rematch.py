"""Rematch (same settings, seats swapped): the seat that asks gets its link in the new match, and
the other seat's page is offered the rematch with its own link, which it joins with a click."""

from __future__ import annotations

from typing import Any

import httpx

from duelhost.server.client import seat_tokens
from tests.server.live import Server
from tests.web.conftest import create, ready, wait_over

ONE_ROUND = {"galaxies": 1, "planets": 1, "max_replays": 0}
"""One round, both fleets of size 1: a draw at once."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_rematch_api_gives_each_player_its_own_seat(server: Server) -> None:
    match = create(server, game="goofspiel", options=ONE_ROUND, seed=1)
    url = f"{server.url}/api/matches/{match['id']}"
    tokens = [str(token) for token in seat_tokens(httpx, match, server.url)]
    assert httpx.post(url + "/rematch", headers=bearer(tokens[0]), timeout=10).status_code == 409
    assert httpx.get(url + "/rematch", headers=bearer(tokens[1]), timeout=10).json() == {
        "offered": False,
        "id": None,
        "seat": None,
        "url": None,
        "by": None,
        "spectate": None,
    }
    for seat in (0, 1):
        httpx.post(url + "/submissions", json={"text": "1"}, headers=bearer(tokens[seat]))
    assert httpx.post(url + "/rematch", timeout=10).status_code == 401  # a seat asks
    asked = httpx.post(url + "/rematch", headers=bearer(tokens[1]), timeout=10).json()
    offered = httpx.get(url + "/rematch", headers=bearer(tokens[0]), timeout=10).json()
    assert asked["offered"] and offered["offered"] and asked["id"] == offered["id"]
    assert (asked["seat"], offered["seat"], asked["by"], offered["by"]) == (0, 1, 1, 1)
    assert asked["url"] != offered["url"]
    # Asking again (or the other seat asking too) gives the same rematch.
    again = httpx.post(url + "/rematch", headers=bearer(tokens[0]), timeout=10).json()
    assert again == offered
    new = httpx.get(f"{server.url}/api/matches/{asked['id']}", timeout=10).json()
    assert new["game"] == "goofspiel" and not new["is_over"]
    # Each player's link holds the invite of its own new seat, and only that link.
    invited = httpx.post(
        f"{server.url}/api/invites/{asked['url'].split('#invite=', 1)[1]}", timeout=10
    ).json()
    assert (invited["match_id"], invited["seat"]) == (asked["id"], 0)


def test_the_opponents_page_is_offered_the_rematch(server: Server, pages: Any) -> None:
    match = create(server, game="goofspiel", options=ONE_ROUND, seed=1)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north):
        page.click("#hand .card[data-fleet='1']")
        page.click("#send")
    for page in (south, north):
        wait_over(page)
    assert north.locator("#join-rematch").count() == 0
    south.click("#rematch")
    south.wait_for_selector("#my-rematch")
    assert "you play seat 1" in south.inner_text("#rematch-offer")
    north.wait_for_selector("#join-rematch")
    assert "you would play seat 0" in north.inner_text("#rematch-offer")
    north.click("#join-rematch")
    south.click("#my-rematch")
    for page in (south, north):
        ready(page)
        page.wait_for_function("id => window.duelhost.matchId !== id", arg=match["id"])
    assert south.evaluate("window.duelhost.matchId") == north.evaluate("window.duelhost.matchId")
    assert (south.evaluate("window.duelhost.seat"), north.evaluate("window.duelhost.seat")) == (
        1,
        0,
    )
    assert "Choose a fleet" in north.inner_text("#status")
