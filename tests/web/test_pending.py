"""A pending submission is never shown: while one seat has submitted (by clicks) and the
decision is not revealed yet, the opponent's page and the spectator's page say "has submitted"
and show nothing of what was sent (its text, the unit or fleet it names), and their boards are
exactly as before. Goofspiel and A Warrior's Death check this in their whole-match tests; this
file covers the other games with secret decisions. Generalissimo has none: every move is
sequential and public the moment it is made (``test_every_game_with_secrets_is_covered``)."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.core.registry import spec
from tests.server.live import Server
from tests.web.conftest import create, ready, send_build

COVERED = {"goofspiel", "warriors_death", "multiplanetary", "tactic", "tactical_genius"}


def test_every_game_with_secrets_is_covered() -> None:
    secret = {g for g in duelhost.list_games() if set(spec(g).dynamics) - {"sequential"}}
    assert secret == COVERED, f"games with secret decisions but no pending check: {secret}"


def three(server: Server, pages: Any, **body: Any) -> tuple[Any, Any, Any]:
    match = create(server, **body)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    return south, north, watcher


EVERYTHING = """() => { const body = document.body.cloneNode(true);
    body.querySelector('#legal')?.remove();
    return [body.textContent, ...[...body.querySelectorAll('*')]
        .flatMap((e) => [...e.attributes].map((a) => a.value))]; }"""
"""The page's text and every attribute value, one by one, but the seat's own list of legal
submissions (the typed input's helper: what this seat may send, not what the other sent)."""


def boards(*others: Any) -> dict[int, str]:
    return {id(p): p.inner_text("#board") for p in others}


def shows_nothing(before: dict[int, str], secrets: list[str], *others: Any) -> None:
    for page in others:
        page.wait_for_selector("#player0 .state:text('has submitted')")
        assert page.inner_text("#board") == before[id(page)]
        text = page.inner_text("body")
        # and nowhere in the DOM: no hidden element, aria-label or title holds it either
        dom = page.evaluate(EVERYTHING)
        for secret in secrets:
            assert secret not in text, f"{secret!r} shown while pending"
            assert not any(secret in value for value in dom), f"{secret!r} in the DOM while pending"


def test_multiplanetary_orders_stay_sealed_until_the_tick(server: Server, pages: Any) -> None:
    south, north, watcher = three(server, pages, game="multiplanetary", seed=3)
    for tick in (1, 2):  # the home planets start with no ships
        for page in (south, north):
            page.click("#wait")
        for page in (south, north, watcher):
            page.wait_for_function("t => window.duelhost.frame.view.tick >= t", arg=tick)
    view = south.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)
    target = next(p for p in view["planets"] if p["owner"] is None)["cell"]
    fleets = {id(p): p.locator(".fleet").count() for p in (north, watcher)}
    before = boards(north, watcher)
    south.click(f".planet[data-cell='{home['cell']}']")
    south.click(f".planet[data-cell='{target}']")
    south.fill("#ships", "3")
    south.dispatch_event("#ships", "change")
    south.check("#warp-quantum")
    south.click("#add-order")
    south.click("#send-orders")
    south.wait_for_selector("#sent")
    order = f"{home['cell']}>>{target} 3"
    assert order in south.inner_text("#sent")
    shows_nothing(before, [order, f"{home['cell']}>>{target}"], north, watcher)
    for page in (north, watcher):
        assert page.locator(".fleet").count() == fleets[id(page)]
    north.click("#wait")
    watcher.wait_for_function("() => window.duelhost.frame.view.tick >= 3")
    assert watcher.locator(".fleet[data-owner='0']").count() == fleets[id(watcher)] + 1


SENT = "() => Boolean(window.duelhost.sealed()) || window.duelhost.frame.view.submitted.includes(0)"
"""Seat 0 has sent its move: committed (sealed on its page; the server holds only the hash)
or, for a decision played plainly, submitted."""


def test_tactic_faction_and_king_stay_sealed(server: Server, pages: Any) -> None:
    south, north, watcher = three(server, pages, game="tactic", seed=2)
    before = boards(north, watcher)
    south.click("[data-faction='Abyss']")
    south.wait_for_function(SENT)
    shows_nothing(before, ["faction Abyss"], north, watcher)
    north.click("[data-faction='Order']")
    for page in (south, north, watcher):
        page.wait_for_function("() => window.duelhost.frame.view.phase === 'king'")
    before = boards(north, watcher)
    south.click("[data-cell='E1']")
    south.wait_for_function(SENT)
    shows_nothing(before, ["king E1"], north, watcher)
    for page in (north, watcher):
        assert page.locator("[data-cell='E1'] text").count() == 0  # no King drawn there


def test_tactical_genius_army_stays_sealed(server: Server, pages: Any) -> None:
    south, north, watcher = three(server, pages, game="tactical_genius", seed=3)
    before = boards(north, watcher)
    south.click("[data-cell='C2']")
    south.fill("#build-name", "Zorro")
    south.dispatch_event("#build-name", "change")
    south.select_option("#build-type", "Magic")
    south.check("[data-skill='hex']")
    south.click("#add-unit")
    south.click("#send-build")
    south.wait_for_selector("#sent")
    shows_nothing(before, ["Zorro", "place Zorro"], north, watcher)
    send_build(north)
    watcher.wait_for_function("() => window.duelhost.frame.view.units.length === 1")
    assert "Zorro" in watcher.inner_text("#board")
