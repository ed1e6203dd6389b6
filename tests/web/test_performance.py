"""Figures of the client, measured in the browser and written beside the screenshots (no timed
assertion: docs/performance.md records them with the machine): each board's page from
navigation to its first drawn frame, one re-render, and the size of the client's JS and CSS;
a screenshot of every game's page at the start, at 1280x800 and 400x800."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duelhost
from duelhost.server.web import WEB
from tests.server.live import Server
from tests.web.conftest import SHOTS, create, ready, shoot

BUDGET = 300 * 1024
"""Issue 10: the client's JS and CSS together, uncompressed."""


def test_the_client_is_under_its_size_budget() -> None:
    files = [p for p in WEB.rglob("*") if p.suffix in (".js", ".css")]
    size = sum(p.stat().st_size for p in files)
    print(f"client JS+CSS: {size} bytes in {len(files)} files")
    assert size < BUDGET, f"{size} bytes of JS and CSS (budget {BUDGET})"


def test_each_page_is_drawn_and_timed(server: Server, pages: Any) -> None:
    figures: dict[str, Any] = {}
    for game in duelhost.list_games():
        match = create(server, game=game, seed=4)
        page = ready(pages(match["seats"][0]["url"]))
        figures[game] = {
            "interactive_ms": round(page.evaluate("window.duelhost.interactiveAt"), 1),
            "render_ms": round(
                page.evaluate("window.duelhost.timeRender(window.duelhost.frame.view)"), 2
            ),
        }
        shoot(page, f"{game}-start-1280")
        page.set_viewport_size({"width": 400, "height": 800})
        shoot(page, f"{game}-start-400")
        page.context.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    Path(SHOTS / "client-figures.json").write_text(json.dumps(figures, indent=1))
    print(json.dumps(figures))
    assert set(figures) == set(duelhost.list_games())
