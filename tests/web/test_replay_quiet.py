"""A replay offers no action (issue 32 point 4): on every game's board, at every perspective
the viewer opens with, no prompt to click or send and no control that can be operated."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot

LIVE_CONTROLS = (
    "() => [...document.querySelectorAll('#stage button, #stage input, #stage select')]"
    ".filter(el => !el.disabled).map(el => el.outerHTML.slice(0, 80)).concat("
    "[...document.querySelectorAll('#stage [role=button]')].map(el => el.outerHTML.slice(0, 80)))"
)
"""The controls of the replay's boards that could still be operated (none should be)."""
PROMPTS = ("click", "send it", "then send", "your choice stays secret")


def finished(server: Server, game: str) -> str:
    """A match of ``game`` between two random bots, played to its end by the server."""
    match = create(
        server,
        game=game,
        seed=4,
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    )
    url = f"{server.url}/api/matches/{match['id']}"
    deadline = time.monotonic() + 120
    while not httpx.get(url, timeout=10).json()["is_over"]:
        assert time.monotonic() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.2)
    return str(match["id"])


@pytest.mark.parametrize("game", ["goofspiel", "warriors_death", "tactic", "tactical_genius"])
def test_a_replay_offers_no_action(server: Server, pages: Any, game: str) -> None:
    page = ready(pages(f"/replay/{finished(server, game)}"))
    for step in ("Home", "ArrowRight", "ArrowRight"):
        page.keyboard.press(step)
        for who in ("0", "1"):
            page.click(f"button[data-who='{who}']")
            stage = page.inner_text("#stage").lower()
            assert not [p for p in PROMPTS if p in stage], (game, who, stage[:400])
            live = page.evaluate(LIVE_CONTROLS)
            assert live == [], (game, who, live)
            assert page.evaluate(
                "() => [...document.querySelectorAll('#stage .board')].every(b => b.inert)"
            )
    shoot(page, f"replay-{game}-1280")
