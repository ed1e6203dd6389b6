"""/TACTIC/'s page says what it knows (issue 32 point 8): after choosing a faction the seat's
own page shows which (sealed until both have chosen) and its headline says it has sent while
the opponent is still deciding; in the build, "Done buying" is off with its reason while the
seat can still pay (TA2: the build goes on while a player can pay)."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot


def after(page: Any, n: int) -> None:
    page.wait_for_function("n => window.duelhost.frame.n > n", arg=n)


def n(page: Any) -> int:
    return int(page.evaluate("window.duelhost.frame.n"))


def test_the_faction_chosen_and_why_done_buying_is_off(server: Server, pages: Any) -> None:
    match = create(server, game="tactic", seed=2)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    south.click("[data-faction='Menagerie']")
    south.wait_for_selector("#my-faction")
    assert "Your faction: Menagerie" in south.inner_text("#my-faction")
    status = south.inner_text("#status")
    assert status.startswith("You have sent faction Menagerie;"), status
    assert status.endswith("is still deciding."), status
    shoot(south, "tactic-faction-sent-1280")
    before = n(north)
    north.click("[data-faction='Menagerie']")
    after(north, before)
    north.wait_for_function("() => window.duelhost.frame.view.phase === 'king'")
    south.wait_for_function("() => window.duelhost.frame.view.phase === 'king'")
    south.click("[data-cell='C1']")
    north.click("[data-cell='C7']")
    south.wait_for_function("() => window.duelhost.frame.view.phase === 'place'")
    # Seat 0 buys first, with 6 BitCoins: "Done buying" is off, and says why.
    assert not south.is_enabled("#end")
    assert "You can still pay for a unit (6 BitCoins left)" in south.inner_text("#end-why")
    shoot(south, "tactic-build-why-1280")
