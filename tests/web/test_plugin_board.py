"""A plugin game ships its own board in its own package (issue 29): the example (Kuhn poker),
installed with pip, runs in the server, whose lobby offers it with its board, and is played to
its end in the browser by clicking that board's buttons."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import Server, free_port
from tests.testing.test_example import install_example
from tests.web.conftest import TIMEOUT_MS, Watch, shoot


@pytest.fixture
def plugin_server(tmp_path: Path) -> Iterator[Server]:
    site = install_example(tmp_path)
    started = Server(f"sqlite:///{tmp_path / 'plugin.sqlite3'}", free_port(), paths=(str(site),))
    yield started
    started.kill()


def test_the_example_plugin_plays_on_its_own_board(plugin_server: Server, browser: Any) -> None:
    url = plugin_server.url
    lobby = httpx.get(url + "/api/lobby", timeout=10).json()
    kuhn = next(game for game in lobby if game["name"] == "kuhn_poker")
    assert kuhn["board"] == "kuhn_poker" and kuhn["has_board"] is True and kuhn["board_css"]
    served = httpx.get(url + "/static/boards/kuhn_poker.js", timeout=10)
    assert served.status_code == 200 and "Kuhn poker's board" in served.text
    made = httpx.post(
        url + "/api/matches",
        json={
            "game": "kuhn_poker",
            "options": {"hands": 2},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "clock": None,
        },
        timeout=10,
    ).json()
    watch = Watch(url)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        page.goto(url + made["seats"][0]["invite_url"])
        page.wait_for_selector("#kuhn")  # the plugin's own board, not the text board
        assert page.query_selector("#no-board") is None
        shoot(page, "plugin-kuhn_poker-1280")
        for _ in range(20):  # two hands: a few actions each
            if page.evaluate("() => window.duelhost?.frame?.is_over"):
                break
            button = page.wait_for_selector("#kuhn button[data-action]:not([disabled]), #result")
            if button.get_attribute("data-action"):
                decision = page.evaluate("() => window.duelhost.frame.view.decision")
                button.click()
                page.wait_for_function(
                    "d => window.duelhost.frame.view.decision > d || window.duelhost.frame.is_over",
                    arg=decision,
                )
        page.wait_for_selector("#result")
        assert page.evaluate("() => window.duelhost.frame.is_over")
    finally:
        context.close()
    watch.check()
