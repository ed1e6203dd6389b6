"""Tactical Genius's page in words (issue 32 point 8): a second click on the build cell keeps
the form and what is in it; the notation's ``bonus=0.26`` field is said in words in the log,
the receipts and the headline; after sending, the headline says so; after resigning at the foot
of the page the result banner is in view."""

from __future__ import annotations

from typing import Any

from tests.server.live import Server
from tests.web.conftest import against_bot, ready, shoot, wait_over


def test_build_form_bonus_words_and_the_banner(server: Server, pages: Any) -> None:
    match, south = against_bot(server, pages, "tactical_genius", 3)
    south.click("[data-cell='C1']")
    south.fill("#build-name", "Ax")
    south.dispatch_event("#build-name", "change")
    south.click("[data-cell='C1']")  # again: the form stays, with the name in it
    assert south.is_visible("#builder")
    assert south.input_value("#build-name") == "Ax"
    assert "is chosen" in south.inner_text("#build-again")
    south.click("#add-unit")
    assert "bonus=" not in south.inner_text("#placements")
    south.click("#send-build")
    south.wait_for_function(
        "() => window.duelhost.submissions.list.length > 0 && "
        "window.duelhost.frame.view.units.some(u => u.seat === 0)"
    )
    shown = " ".join(
        south.text_content(selector) or ""
        for selector in ("#status", "#log", "#protocol-log", "#receipts")
    )
    assert "bonus=" not in shown, shown
    assert "(speed +0." in shown, shown
    # The notation itself is unchanged: the receipt covers the text sent.
    assert "bonus=0." in south.evaluate("window.duelhost.submissions.list[0].text")
    shoot(south, "tactical_genius-words-1280")
    small = ready(pages(match["spectate"], 400, 800))
    shoot(small, "tactical_genius-spectator-400")
    south.set_viewport_size({"width": 400, "height": 800})
    south.click("#resign")
    south.click("#resign")
    wait_over(south)
    top, bottom = south.evaluate(
        "(() => { const r = document.getElementById('banner').getBoundingClientRect();"
        " return [r.top, r.bottom]; })()"
    )
    assert top >= 0 and bottom <= 800, (top, bottom)
    shoot(south, "tactical_genius-resigned-400")
