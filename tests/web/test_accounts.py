"""Accounts in the browser (issue 30), in Debian's Chromium through Playwright, at
``http://localhost:PORT`` (WebAuthn needs a domain, not an IP): a passkey made by Chromium's
virtual authenticator (CDP ``WebAuthn``) signs up, and after signing out signs in again; the
password path; a seek posted by one account and accepted by another becomes a Goofspiel match
played to its end; a challenge declined and another accepted; "My matches" brings a seat back
in a new browser; screenshots of the sign-in page and the lobby at 1280 and 400 px.

The seek is rated: both players see their rating change on the game-over banner.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.server.live import Server
from tests.web.conftest import TIMEOUT_MS, Watch, shoot, wait_over

PASSWORD = "correct horse battery"
SMALL = {"galaxies": 1, "planets": 3}
"""Classic Goofspiel, one galaxy of three planets: three rounds."""


class AccountsWatch(Watch):
    """As every page is watched, and a 401 too: a wrong password's answer, shown in place."""

    def console(self, message: Any) -> None:
        if not (message.type == "error" and "status of 401" in str(message.text)):
            super().console(message)


def local(server: Server) -> str:
    return server.url.replace("127.0.0.1", "localhost")


@pytest.fixture
def browsers(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """``browsers(width=1280, authenticator=False)``: a new browser context (one player) on the
    server's localhost origin, its first page open on nothing yet; with ``authenticator``,
    Chromium's virtual authenticator (CTAP2, internal, resident keys, user verified)."""
    origin = local(server)
    watch = AccountsWatch(origin)
    contexts: list[Any] = []

    def open_browser(width: int = 1280, authenticator: bool = False) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": 900}, color_scheme="light", base_url=origin
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.origin = origin
        page.on("request", lambda request: watch.request(request.url))
        page.on("websocket", lambda ws: watch.request(ws.url.replace("ws://", "http://", 1)))
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        if authenticator:
            cdp = context.new_cdp_session(page)
            cdp.send("WebAuthn.enable")
            made = cdp.send(
                "WebAuthn.addVirtualAuthenticator",
                {
                    "options": {
                        "protocol": "ctap2",
                        "transport": "internal",
                        "hasResidentKey": True,
                        "hasUserVerification": True,
                        "isUserVerified": True,
                    }
                },
            )
            page.authenticator = (cdp, made["authenticatorId"])
        return page

    yield open_browser
    for context in contexts:
        context.close()
    watch.check()


def name() -> str:
    return "p" + secrets.token_hex(4)


def signed_up(page: Any) -> str:
    """Sign this browser up with a password through the API (its cookie is the context's)."""
    chosen = name()
    answer = page.request.post(
        "/api/accounts",
        data={"name": chosen, "password": PASSWORD},
        headers={"Origin": page.origin},
    )
    assert answer.status == 201, answer.text()
    return chosen


def lobby(page: Any) -> Any:
    page.goto("/")
    page.wait_for_function("() => window.duelhost && window.duelhost.renders > 0")
    return page


def board(page: Any) -> Any:
    page.wait_for_function(
        "() => location.pathname.startsWith('/play/') && window.duelhost"
        " && window.duelhost.renders > 0"
    )
    return page


def test_sign_up_with_a_passkey_sign_out_and_sign_in_again(browsers: Any) -> None:
    page = browsers(authenticator=True)
    page.goto("/signin")
    chosen = name()
    page.fill("#signup-name", chosen)
    page.click("#signup-passkey")
    codes = page.locator("#recovery-codes li")
    codes.first.wait_for()
    assert codes.count() == 10
    cdp, authenticator = page.authenticator
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert len(credentials["credentials"]) == 1
    assert credentials["credentials"][0]["isResidentCredential"]
    page.click("#codes-kept")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == chosen
    page.click("#account-name")
    page.click("#sign-out")
    page.wait_for_selector("#signin-link")
    page.click("#signin-link")
    page.click("#signin-passkey")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == chosen
    assert page.request.get("/api/me").json()["passkeys"] == 1


def test_the_password_path(browsers: Any) -> None:
    page = browsers()
    page.goto("/signin")
    chosen = name()
    page.fill("#signup-name", chosen)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-submit")
    page.locator("#recovery-codes li").first.wait_for()
    page.click("#codes-kept")
    page.wait_for_selector("#account-name")
    page.click("#account-name")
    page.click("#sign-out")
    page.wait_for_selector("#signin-link")
    page.goto("/signin")
    page.fill("#signin-name", chosen)
    page.fill("#signin-password", "not my password")
    page.click("#signin-submit")
    page.wait_for_selector("#signin-error:text('wrong name or password')")
    page.fill("#signin-password", PASSWORD)
    page.click("#signin-submit")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == chosen


def play_goofspiel_to_the_end(pages: list[Any]) -> None:
    """Each seat's page plays a fleet card each round (seat 0 its smallest, seat 1 its
    largest) until the match is over."""
    mine = (
        "() => { const f = window.duelhost.frame; const me = window.duelhost.seat; return f &&"
        " (f.is_over || (f.to_act.includes(me) && !(f.view.submitted || []).includes(me)"
        " && !window.duelhost.sealed())); }"
    )
    for _ in range(40):  # a tied match is replayed (GO4): the seats play unlike cards
        for page in pages:
            page.wait_for_function(mine)
            if page.evaluate("window.duelhost.frame.is_over"):
                return
            decision = page.evaluate("window.duelhost.frame.view.decision")
            cards = page.locator("#hand .card:not([disabled])")
            (cards.first if page.evaluate("window.duelhost.seat") == 0 else cards.last).click()
            page.click("#send")
            page.wait_for_function(
                "d => window.duelhost.sealed() || window.duelhost.frame.view.decision > d"
                " || window.duelhost.frame.is_over",
                arg=decision,
            )


def test_a_seek_posted_and_accepted_becomes_a_match_played_to_its_end(browsers: Any) -> None:
    seeker, taker = browsers(), browsers()
    seeker_name, taker_name = signed_up(seeker), signed_up(taker)
    lobby(seeker)
    lobby(taker)
    seeker.select_option("#seek-game", "goofspiel")
    seeker.select_option("#seek-clock", "none")
    seeker.click("#seek-form summary")
    seeker.fill("#seek-opt-galaxies", "1")
    seeker.fill("#seek-opt-planets", "3")
    seeker.check("#seek-rated")
    seeker.click("#seek-post")
    # The seek appears live in the other lobby (no reload).
    line = taker.locator(f"#seek-list li:has-text('{seeker_name}')")
    line.wait_for()
    assert "rated" in line.inner_text() and "planets 3" in line.inner_text()
    seeker.locator("#seek-list li.mine").wait_for()
    line.locator("[data-action=accept]").click()
    # Both pages go to the board: the taker by its answer, the seeker at once (pushed).
    for page in (taker, seeker):
        board(page)
    assert seeker.url == taker.url.split("#")[0]
    for page, me, other in ((seeker, seeker_name, taker_name), (taker, taker_name, seeker_name)):
        page.wait_for_function("() => window.duelhost.players")
        assert other in page.inner_text("#title") and me in page.inner_text("#title")
        assert page.inner_text(f"#player{page.evaluate('1 - window.duelhost.seat')} .name") == other
    play_goofspiel_to_the_end([seeker, taker])
    changes = []
    for page in (seeker, taker):
        wait_over(page)
        # Both seats' changes, each "+N (rating?)" / "−N" / "±0": both new players (1500,
        # deviation 500), so the winner gains what the loser loses.
        page.locator("#rating-change .rating-seat").nth(1).wait_for()
        seats = page.locator("#rating-change .rating-seat")
        texts = [seats.nth(i).inner_text() for i in range(seats.count())]
        assert len(texts) == 2 and any(t.startswith("Your rating: ") for t in texts), texts
        changes.append(sorted(texts))
    results = {seeker.inner_text("#result"), taker.inner_text("#result")}
    assert any(r.startswith("You win") for r in results) or all("draw" in r for r in results)
    amounts = {t.split(": ", 1)[1].split(" ")[0] for t in changes[0]}
    if all("draw" in r for r in results):
        assert amounts == {"±0"}
    else:
        up = [a for a in amounts if a.startswith("+")]
        down = [a for a in amounts if a.startswith("−")]
        assert len(up) == 1 and len(down) == 1 and up[0][1:] == down[0][1:], amounts


def test_a_challenge_declined_and_another_accepted(browsers: Any) -> None:
    challenger, challenged = browsers(), browsers()
    signed_up(challenger)
    challenged_name = signed_up(challenged)
    lobby(challenger)
    # The challenged player is elsewhere (a rules page): the challenge still reaches them.
    challenged.goto("/rules/goofspiel")

    def send() -> None:
        challenger.fill("#ch-to", challenged_name)
        challenger.select_option("#ch-game", "goofspiel")
        challenger.select_option("#ch-clock", "none")
        challenger.click("#ch-send")
        challenger.wait_for_selector("#ch-status:text('Challenge sent')")

    send()
    toast = challenged.locator("#challenge-toast .challenge")
    toast.wait_for()
    toast.locator("[data-action=decline]").click()
    challenged.wait_for_selector("#challenge-toast", state="hidden")
    challenger.wait_for_selector("#challenge-list li.outgoing", state="detached")
    send()
    toast.wait_for()
    toast.locator("[data-action=accept]").click()
    for page in (challenged, challenger):
        board(page)
    seats = {page.evaluate("window.duelhost.seat") for page in (challenged, challenger)}
    assert seats == {0, 1}


def test_my_matches_brings_a_seat_back_in_a_new_browser(browsers: Any) -> None:
    first = browsers()
    chosen = signed_up(first)
    lobby(first)
    first.select_option("#ch-game", "goofspiel")
    first.select_option("#ch-bot", "easy")
    first.select_option("#ch-clock", "none")
    first.click("#ch-send")
    board(first)
    match_id = first.evaluate("window.duelhost.matchId")
    seat = first.evaluate("window.duelhost.seat")
    # Another device: sign in, open the lobby, follow "go to your seat".
    second = browsers(width=400)
    answer = second.request.post(
        "/api/session",
        data={"name": chosen, "password": PASSWORD},
        headers={"Origin": second.origin},
    )
    assert answer.status == 200
    lobby(second)
    link = second.locator(f"#account-matches li[data-match='{match_id}'] .seat-link")
    link.click()
    board(second)
    assert second.evaluate("window.duelhost.matchId") == match_id
    assert second.evaluate("window.duelhost.seat") == seat
    assert "#" not in second.url


@pytest.mark.parametrize("width", [1280, 400])
def test_screenshots_of_the_sign_in_page_and_the_lobby(browsers: Any, width: int) -> None:
    page = browsers(width=width)
    page.goto("/signin")
    page.wait_for_selector("#signup-form")
    shoot(page, f"signin-{width}")
    seeker = browsers()
    signed_up(seeker)
    seeker.request.post(
        "/api/seeks",
        data={"game": "goofspiel", "options": SMALL, "clock": None},
        headers={"Origin": seeker.origin},
    )
    signed_up(page)
    lobby(page)
    page.locator("#seek-list li[data-seek]").first.wait_for()
    shoot(page, f"lobby-accounts-{width}")
