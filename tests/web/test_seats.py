"""A seat is never lost (issue 32 point 2), in the browser: the seat's token is kept in the
browser's persistent storage (a new context with the same storage gets back to the seat, from
the lobby's "Your matches" too); the private resume link, shown once, restores the seat in a
browser that never held it; the host re-issues a seat's invite from the lobby and the old seat
is refused on its page and over HTTP; a double click on "Play the bot now" makes one match."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot
from tests.web.test_invites import create_in_lobby

GOOFSPIEL = {"game": "goofspiel", "options": {"galaxies": 1, "planets": 3}, "seed": 5}


def test_a_closed_browser_gets_back_to_its_seat_from_its_storage(
    server: Server, pages: Any
) -> None:
    match = create(server, **GOOFSPIEL)
    mid = match["id"]
    page = ready(pages(match["seats"][1]["invite_url"]))
    assert page.evaluate("window.duelhost.seat") == 1
    storage = page.context.storage_state()
    page.context.close()  # the browser is closed: sessionStorage is gone, localStorage stays
    again = ready(pages(f"/play/{mid}", storage=storage))
    assert again.evaluate("window.duelhost.seat") == 1
    assert again.locator("#resume").count() == 0  # the resume link was shown once, before
    lobby = ready(pages("/", storage=storage))
    lobby.wait_for_selector(f"#yours li[data-match='{mid}'] .state:text('in play')")
    shoot(lobby, "lobby-your-matches-1280")
    lobby.click(f"#yours li[data-match='{mid}'] a.seat-link")
    ready(lobby)
    assert lobby.evaluate("window.duelhost.seat") == 1
    assert lobby.evaluate("location.href") == f"{server.url}/play/{mid}"


def test_the_resume_link_restores_the_seat_in_another_browser(server: Server, pages: Any) -> None:
    match = create(server, **GOOFSPIEL)
    mid = match["id"]
    page = ready(pages(match["seats"][0]["invite_url"]))
    page.wait_for_selector("#resume .resume-link")
    shoot(page, "resume-link-1280")
    link = page.input_value("#resume .resume-link")
    assert link.startswith(f"{server.url}/play/{mid}#token=")
    page.click("#resume-done")
    assert page.locator("#resume").count() == 0
    page.reload()
    ready(page)
    assert page.locator("#resume").count() == 0  # shown once
    elsewhere = ready(pages(link.removeprefix(server.url), 400, 800))  # nothing kept there
    assert elsewhere.evaluate("window.duelhost.seat") == 0
    assert elsewhere.evaluate("location.href") == f"{server.url}/play/{mid}"
    elsewhere.click("#hand .card[data-fleet='2']")
    elsewhere.click("#send")
    elsewhere.wait_for_selector("#sent")
    # Both browsers hold the seat: the first sees the move it did not make here.
    page.wait_for_function("() => window.duelhost.sealed() === null")
    page.wait_for_selector("#player0 .state")


def test_the_host_reissues_a_seat_and_the_old_seat_is_refused(server: Server, pages: Any) -> None:
    lobby = create_in_lobby(pages)
    mid = lobby.get_attribute("#created", "data-match")
    invite = lobby.input_value("#created .invite-link").removeprefix(server.url)
    player = ready(pages(invite))
    assert player.evaluate("window.duelhost.seat") == 1
    old = player.evaluate(f"sessionStorage.getItem('duelhost:token:{mid}')")
    # The host's browser keeps the host key: "Your matches" offers the re-issue.
    lobby.reload()
    ready(lobby)
    row = f"#yours li[data-match='{mid}']"
    lobby.click(f"{row} [data-reissue='1']")
    assert "shut out" in lobby.inner_text(f"{row} .reissue")
    lobby.click(f"{row} [data-reissue-confirm='1']")
    lobby.wait_for_selector(f"{row} .invite-link")
    shoot(lobby, "lobby-reissued-1280")
    fresh = lobby.input_value(f"{row} .invite-link").removeprefix(server.url)
    assert fresh != invite and "#invite=" in fresh
    # The old seat's page is told, and its token is refused over HTTP.
    player.wait_for_selector("#error:has-text('re-issued')")
    refused = httpx.get(
        f"{server.url}/api/matches/{mid}", headers={"Authorization": f"Bearer {old}"}, timeout=10
    )
    assert refused.status_code == 403
    # The page forgot the dead token: this browser keeps no seat of the match any more.
    kept = player.evaluate("JSON.parse(localStorage.getItem('duelhost:seats') || '{}')")
    assert mid not in kept
    back = ready(pages(fresh))
    assert back.evaluate("window.duelhost.seat") == 1
    # The old invite is dead too.
    late = pages(invite)
    late.wait_for_selector("#app:text('re-issued')")


def test_a_double_click_on_play_the_bot_now_makes_one_match(server: Server, pages: Any) -> None:
    before = httpx.get(f"{server.url}/api/matches?limit=1", timeout=10).json()["total"]
    lobby = ready(pages("/"))
    lobby.locator("article[data-game='goofspiel'] [data-action=play-bot]").dblclick()
    lobby.wait_for_url(f"{server.url}/play/*")
    ready(lobby)
    assert lobby.evaluate("window.duelhost.seat") == 0
    after = httpx.get(f"{server.url}/api/matches?limit=1", timeout=10).json()["total"]
    assert after == before + 1


def test_a_double_click_on_create_makes_one_match(server: Server, pages: Any) -> None:
    before = httpx.get(f"{server.url}/api/matches?limit=1", timeout=10).json()["total"]
    lobby = ready(pages("/"))
    lobby.locator("article[data-game='goofspiel'] [data-action=setup]").click()
    lobby.select_option("#clock", "none")
    lobby.dblclick("#create")
    lobby.wait_for_selector("#created .seat-link")
    after = httpx.get(f"{server.url}/api/matches?limit=1", timeout=10).json()["total"]
    assert after == before + 1
    # A deliberate second match, later, is another match.
    lobby.wait_for_timeout(2100)  # the button's key is renewed two seconds after a create
    first = lobby.get_attribute("#created", "data-match")
    lobby.click("#create")
    lobby.wait_for_function(
        "m => document.querySelector('#created').dataset.match !== m", arg=first
    )
    assert httpx.get(f"{server.url}/api/matches?limit=1", timeout=10).json()["total"] == after + 1
