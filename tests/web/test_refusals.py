"""Nothing the server refuses is silent (issue 32 point 1), in every game: a seat playing a bot
sends a move the game refuses; the page says the game's own sentence at once, beside the
control that sent it; the decision stays open (the seat still acts, nothing is sealed); a legal
move is then accepted. Secret decisions are committed first and the game judges the move at its
reveal: the refusal comes then, and the page lets the seat commit again (before issue 32 it kept
the move "sent" and said nothing). Tactical Genius's builder checks a unit's name with the
engine's own rule before anything is sent, and says why Add is disabled."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot

BAD = {
    "goofspiel": ("99", "fleet sizes are 1 to"),
    "multiplanetary": ("A>B 999", "is not an order"),
    "generalissimo": ("A1-A9", "moves at most 5 cells"),
    "warriors_death": ("Z", "that names no unit"),
    "tactic": ("place Dragon Z9", "choose a faction first"),
    "tactical_genius": ("place A1 Axe D2 bonus=0.26", "'A1' would confuse your opponent"),
}
"""Per game: a move its rules refuse at the first decision, and words of the refusal."""

OPEN = (
    "() => { const p = window.duelhost, f = p.frame; "
    "return f.to_act.includes(p.seat) && !(f.view.submitted || []).includes(p.seat) "
    "&& !p.sealed(); }"
)
"""The page's seat still owes the decision and holds no sealed move."""


def typed(page: Any, text: str) -> None:
    if not page.is_visible("#text"):
        page.click("#expert summary")
    page.fill("#text", text)
    page.click("#submitform button[type=submit]")


@pytest.mark.parametrize("game", sorted(BAD))
def test_a_refused_move_is_said_beside_its_control_and_can_be_corrected(
    server: Server, pages: Any, game: str
) -> None:
    match = create(
        server, game=game, seed=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    page = ready(pages(match["seats"][0]["invite_url"]))
    page.wait_for_function(OPEN)
    logged = page.evaluate("window.duelhost.frame.n")
    bad, words = BAD[game]
    typed(page, bad)
    # The game's sentence, right under the form that sent it.
    page.wait_for_selector(f'#submitform + #refusal:has-text("{words}")')
    page.wait_for_function(OPEN)  # the decision is still open: nothing was played
    assert page.evaluate("window.duelhost.frame.view.decision") == 0
    if game == "tactical_genius":
        shoot(page, "refusal-tactical_genius-1280")
    # A legal move is then taken.
    page.wait_for_selector("#legal button")
    page.locator("#legal button").first.click()
    chosen = page.input_value("#text")
    page.click("#submitform button[type=submit]")
    page.wait_for_function(
        "n => window.duelhost.frame.n > n && (window.duelhost.sealed() || "
        "!window.duelhost.frame.to_act.includes(window.duelhost.seat) || "
        "window.duelhost.frame.view.decision > 0)",
        arg=logged,
    )
    assert page.locator("#refusal").count() == 0, f"{game}: {chosen!r} left the refusal up"


def test_tactical_genius_builder_checks_the_name_and_a_refused_reveal_reopens_the_build(
    server: Server, pages: Any
) -> None:
    """The issue's reproduction: D2, an Axe named A1. The builder refuses it before sending,
    saying why; a build the game refuses at its reveal (typed) is said beside the form and
    the builder's Send is open again; a corrected build is played."""
    match = create(
        server,
        game="tactical_genius",
        seed=3,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
    )
    page = ready(pages(match["seats"][0]["invite_url"]))
    page.wait_for_function(OPEN)
    page.click("[data-cell='D2']")
    page.select_option("#build-type", "Axe")
    for name, why in (
        ("A1", "it reads as a cell"),
        ("U0", "it reads as a cell"),
        ("axe", "type name"),
    ):
        page.fill("#build-name", name)
        page.dispatch_event("#build-name", "change")
        page.wait_for_selector(f"#add-why:has-text('{why}')")
        assert page.is_disabled("#add-unit")
    shoot(page, "tactical_genius-name-refused-1280")
    # Sent anyway (typed): committed, then refused at the reveal, and said.
    typed(page, "place A1 Axe D2 bonus=0.26")
    page.wait_for_selector("#refusal:has-text('reads as a cell')")
    page.wait_for_selector("#refusal:has-text('Nothing was played')")
    page.wait_for_function(OPEN)
    assert page.inner_text("#send-build") != "Sent"
    assert page.is_enabled("#send-build")
    # Corrected in the builder: the decision was open all along.
    page.fill("#build-name", "Axel")
    page.dispatch_event("#build-name", "change")
    page.wait_for_selector("#add-unit:enabled")
    page.click("#add-unit")
    page.click("#send-build")
    page.wait_for_function(
        "() => window.duelhost.frame.view.units.some(u => u.seat === 0 && u.name === 'Axel')"
    )
    assert page.locator("#refusal").count() == 0
