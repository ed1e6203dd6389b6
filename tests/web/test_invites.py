"""Seats that only their players hold, in the browser (issue 19, point 3): the seat page opens
its invite, keeps the token in sessionStorage and out of the address bar, keeps the seat on a
reload; a used invite is refused with the server's sentence; the lobby keeps the creator's own
seat one click away, shows the other invite to send and which seats have joined."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot


def test_the_seat_page_opens_its_invite_and_keeps_the_token_out_of_the_url(
    server: Server, pages: Any
) -> None:
    match = create(server, game="goofspiel", options={"galaxies": 1, "planets": 3}, seed=5)
    mid, invite = match["id"], match["seats"][1]["invite"]
    page = ready(pages(match["seats"][1]["invite_url"]))
    assert page.evaluate("window.duelhost.seat") == 1
    token = page.evaluate(f"sessionStorage.getItem('duelhost:token:{mid}')")
    assert token and len(token) >= 22
    href = page.evaluate("location.href")
    assert href == f"{server.url}/play/{mid}", href
    assert token not in href and invite not in href
    # The token holds the seat over HTTP too (the page got it from the invite, nobody else).
    state = httpx.get(
        f"{server.url}/api/matches/{mid}", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert state.json()["seat"] == 1
    page.reload()
    ready(page)
    assert page.evaluate("window.duelhost.seat") == 1
    assert page.evaluate("location.href") == f"{server.url}/play/{mid}"
    # The invite gave its seat once: another browser opening it gets the server's sentence.
    late = pages(match["seats"][1]["invite_url"])
    late.wait_for_selector("#app:text('already used')")
    assert late.evaluate("sessionStorage.length") == 0
    host = {"Authorization": f"Bearer {match['host_token']}"}
    joined = httpx.get(f"{server.url}/api/matches/{mid}", headers=host, timeout=10).json()
    assert joined["joined"] == [False, True]


def create_in_lobby(pages: Any) -> Any:
    """The lobby, where a small untimed Goofspiel match of two people was just created."""
    lobby = ready(pages("/"))
    lobby.locator("article[data-game='goofspiel'] [data-action=setup]").click()
    lobby.fill("#opt-galaxies", "1")
    lobby.fill("#opt-planets", "3")
    lobby.select_option("#seat1", "human")
    lobby.select_option("#clock", "none")
    lobby.click("#create")
    lobby.wait_for_selector("#created .invite-link")
    return lobby


def test_the_lobby_keeps_the_creators_seat_and_shows_who_joined(server: Server, pages: Any) -> None:
    lobby = create_in_lobby(pages)
    assert lobby.locator("#created .seat-link").count() == 1
    # The invite to send is shown to copy, not as a link to follow (following it here would
    # use it up).
    other = lobby.input_value("#created .invite-link")
    assert other.startswith(server.url + "/play/") and "#invite=" in other
    other = other.removeprefix(server.url)
    assert lobby.get_attribute("#created li[data-seat='1'] .joined", "data-joined") == "no"
    opponent = ready(pages(other))
    assert opponent.evaluate("window.duelhost.seat") == 1
    lobby.wait_for_selector("#created li[data-seat='1'] .joined[data-joined=yes]")
    assert lobby.get_attribute("#created li[data-seat='0'] .joined", "data-joined") == "no"
    lobby.locator("#created").scroll_into_view_if_needed()
    shoot(lobby, "lobby-created-1280")
    lobby.click("#created .seat-link")
    ready(lobby)
    assert lobby.evaluate("window.duelhost.seat") == 0
    assert "#" not in lobby.evaluate("location.href")
