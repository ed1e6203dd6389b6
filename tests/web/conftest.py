"""Real browser tests of the client: a real ``duelhost serve`` and Debian's Chromium driven by
Playwright for Python (``executable_path``; no browser is downloaded).

Every page a test opens is watched: a request to any host but the server, a console error
(a Content-Security-Policy refusal is one) or an uncaught exception fails the test.
Screenshots go to ``$DUELHOST_SCREENSHOTS`` or a temporary folder, printed at the end.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import Server, free_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (pip install playwright)"
)
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (apt-get install chromium)", allow_module_level=True)

SHOTS = Path(
    os.environ.get("DUELHOST_SCREENSHOTS") or Path(tempfile.gettempdir()) / "duelhost-screenshots"
)
TIMEOUT_MS = 20_000
"""Waiting on page state: generous, for a loaded 2-core machine."""


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if any(SHOTS.glob("*.png")):
        terminalreporter.write_line(f"browser screenshots: {SHOTS}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    # One server for every browser test: many matches and page loads from one address, more
    # than the per-client limits of a public server allow (issue 16).
    started = Server(
        f"sqlite:///{db}",
        free_port(),
        (
            *("--max-matches-per-client", "10000", "--requests-per-second", "10000"),
            *("--max-live-per-client", "10000"),
            *("--replays-per-minute", "10000"),
            *("--signups-per-minute", "10000", "--signins-per-minute", "10000"),
        ),
    )
    yield started
    started.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # One browser a module, not a session: while Playwright's sync API is started, its event
    # loop counts as running in this thread, and a test of another folder that calls
    # asyncio.run() in the same worker (random order, pytest-xdist) would be refused.
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        yield launched
        launched.close()


@dataclass
class Watch:
    """What the pages of one test asked for and complained about."""

    origin: str
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def request(self, url: str) -> None:
        if not (url.startswith(self.origin + "/") or url.startswith("data:")):
            self.foreign.append(url)

    def console(self, message: Any) -> None:
        # A refused request (400, 409; 410: an invite used before) is the server's answer that
        # the page shows in place; anything else logged as an error (a 404, a CSP refusal, an
        # exception) is a fault.
        text = str(message.text)
        if message.type == "error" and not re.search(r"status of 4(00|09|10)", text):
            self.errors.append(text)

    def check(self) -> None:
        assert not self.foreign, f"the page asked another host: {self.foreign}"
        assert not self.errors, f"the page logged errors: {self.errors}"


@pytest.fixture
def pages(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """``pages(url, width=1280, height=800, scheme="light", storage=None)`` opens a page in its
    own browser context (own storage: one player each; ``storage``: a context's
    ``storage_state()``, the same browser reopened) and waits until it shows its first state."""
    watch = Watch(server.url)
    contexts: list[Any] = []

    def open_page(
        url: str,
        width: int = 1280,
        height: int = 800,
        scheme: str = "light",
        storage: Any = None,
    ) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=scheme,
            storage_state=storage,
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("request", lambda request: watch.request(request.url))
        page.on("websocket", lambda ws: watch.request(ws.url.replace("ws://", "http://", 1)))
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        response = page.goto(server.url + url)
        assert response is not None and "script-src 'self'" in response.headers.get(
            "content-security-policy", ""
        ), "the page must be served under its Content-Security-Policy"
        return page

    yield open_page
    for context in contexts:
        context.close()
    watch.check()


def create(server: Server, **body: Any) -> dict[str, Any]:
    """A new match (the create answer): its seats' ``invite_url`` links give each seat once."""
    body.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    body.setdefault("clock", None)
    answer = httpx.post(server.url + "/api/matches", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def against_bot(
    server: Server, pages: Callable[..., Any], game: str, seed: int, **body: Any
) -> tuple[dict[str, Any], Any]:
    """A match of ``game`` with seat 0 a human and seat 1 the greedy bot: the create answer and
    seat 0's page, ready."""
    match = create(
        server,
        game=game,
        seed=seed,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        **body,
    )
    return match, ready(pages(match["seats"][0]["invite_url"]))


def seat_again(page: Any) -> str:
    """A link that opens the seat ``page`` holds once more (in another browser context): the
    invite gave its seat once, so this is the token the page keeps in its sessionStorage."""
    match_id, seat = page.evaluate("[window.duelhost.matchId, window.duelhost.seat]")
    token = page.evaluate(f"sessionStorage.getItem('duelhost:token:{match_id}')")
    assert token, f"the page of seat {seat} keeps no token"
    return f"/play/{match_id}#{token}"


def wait_decision(page: Any, decision: int) -> None:
    """Wait until the page shows the view of ``decision`` (or a later one)."""
    page.wait_for_function(
        "d => window.duelhost && window.duelhost.frame && "
        "(window.duelhost.frame.view.decision >= d || window.duelhost.frame.is_over)",
        arg=decision,
    )


def wait_over(page: Any) -> None:
    page.wait_for_function("() => window.duelhost?.frame?.is_over")
    page.wait_for_selector("#result")


def shoot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def ready(page: Any) -> Any:
    """Wait until the page has drawn its first frame (with its board's reference data, where
    the game has some); returns the page."""
    page.wait_for_function(
        "() => window.duelhost && window.duelhost.renders > 0 && !window.duelhost.referencePending"
    )
    return page


def send_build(page: Any) -> None:
    """Tactical Genius: click the build's send; a pass (nothing built, no advance) asks first,
    and is confirmed."""
    page.click("#send-build")
    if page.locator("#pass-yes").count():
        page.click("#pass-yes")
