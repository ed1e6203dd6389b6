"""Events in a real browser (issue 31), on a server on PostgreSQL: a Swiss of seven-galaxy
Goofspiel between bots and two browser players run to its end; the host's console (pause,
adjudicate, announce, the spectator delay seen by a spectator's browser); screenshots of the
console and the audience's page at 1280 and 400 px."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from duelhost.events import EventRecord, verify_event
from tests.databases import empty_postgres, postgres_database
from tests.server.live import Server, free_port
from tests.web.conftest import SHOTS, TIMEOUT_MS, Watch


@pytest.fixture(scope="module")
def pg_server(postgres_database: str) -> Iterator[Server]:
    empty_postgres(postgres_database)
    started = Server(
        postgres_database,
        free_port(),
        (
            "--max-matches-per-client",
            "10000",
            "--requests-per-second",
            "10000",
            "--max-live-per-client",
            "10000",
            "--replays-per-minute",
            "10000",
        ),
    )
    yield started
    started.kill()


__all__ = ["postgres_database"]


@pytest.fixture
def open_page(browser: Any, pg_server: Server) -> Iterator[Callable[..., Any]]:
    """A page of ``pg_server`` in a browser context of its own (one person each), watched
    for other hosts and console errors as the other browser tests are."""
    watch = Watch(pg_server.url)
    contexts: list[Any] = []

    def opened(url: str, width: int = 1280, height: int = 800, context: Any = None) -> Any:
        if context is None:
            context = browser.new_context(
                viewport={"width": width, "height": height}, color_scheme="light"
            )
            context.set_default_timeout(TIMEOUT_MS)
            contexts.append(context)
        page = context.new_page()
        page.on("request", lambda request: watch.request(request.url))
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        page.goto(pg_server.url + url)
        return page

    yield opened
    for context in contexts:
        context.close()
    watch.errors = [e for e in watch.errors if "status of 403" not in e]
    watch.check()


def shoot(page: Any, name: str) -> None:
    """A whole-page screenshot (docs/screenshots holds the ones a person looked at)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def post(server: Server, path: str, body: Any = None, key: str | None = None) -> Any:
    headers = {} if key is None else {"Authorization": f"Bearer {key}"}
    answer = httpx.post(server.url + path, json=body, headers=headers, timeout=30)
    assert answer.is_success, answer.text
    return answer.json()


def event_of(server: Server, event_id: str, key: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(
        f"{server.url}/api/events/{event_id}",
        timeout=30,
        headers={"Authorization": f"Bearer {key}"},
    ).json()
    return data


def open_game(event_page: Any, number: int) -> None:
    """The entrant's page shows its game of round ``number``: open it (taking the seat)."""
    event_page.wait_for_function(
        "n => { const a = document.getElementById('my-game');"
        " return a && a.textContent.includes('round ' + n + ','); }",
        arg=number,
        timeout=60_000,
    )
    event_page.click("#my-game")
    event_page.wait_for_function("() => window.duelhost && window.duelhost.renders > 0")


def resign(game_page: Any) -> None:
    """Resign once the game is on (the other browser player may have resigned first), then
    go back to the event's page."""
    deadline = time.monotonic() + 60
    while not game_page.evaluate("!!(window.duelhost.frame && window.duelhost.frame.is_over)"):
        assert time.monotonic() < deadline, "the game did not end"
        if game_page.evaluate("window.duelhost.frame && window.duelhost.frame.phase") == "playing":
            game_page.click("#resign")
            game_page.click("#resign")
        time.sleep(0.3)
    game_page.go_back()


def assert_swiss_tiebreaks(event: dict[str, Any]) -> None:
    """The standings' points, Buchholz cut-1, Sonneborn-Berger and wins, recomputed here from
    the rounds by their definitions (docs/events.md), for a Swiss whose every game was played
    over the board (no bye, no forfeit): Buchholz sums the opponents' final points, cut-1 drops
    the lowest; Sonneborn-Berger sums each opponent's points times the points scored against
    it."""
    scored: dict[str, list[tuple[str, float]]] = {}
    for rnd in event["rounds"]:
        for pairing in rnd["pairings"]:
            (game,) = pairing["games"]
            assert game["outcome"] in ("1-0", "0-1", "1/2-1/2"), game  # over the board
            first = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[game["outcome"]]
            scored.setdefault(game["first"], []).append((game["second"], first))
            scored.setdefault(game["second"], []).append((game["first"], 1.0 - first))
    points = {e: sum(p for _, p in games) for e, games in scored.items()}
    for line in event["standings"]:
        games = scored[line["id"]]
        assert len(games) == len(event["rounds"])
        opponents = [points[o] for o, _ in games]
        assert line["points"] == points[line["id"]]
        assert line["tiebreaks"]["buchholz_cut1"] == sum(opponents) - min(opponents)
        assert line["tiebreaks"]["sonneborn_berger"] == sum(points[o] * p for o, p in games)
        assert line["wins"] == sum(p == 1.0 for _, p in games)
    order = [
        (
            -line["points"],
            -line["tiebreaks"]["buchholz_cut1"],
            -line["tiebreaks"]["sonneborn_berger"],
        )
        for line in event["standings"]
    ]
    assert order == sorted(order)


def test_a_swiss_with_bots_and_two_browser_players(
    pg_server: Server, open_page: Callable[..., Any]
) -> None:
    entrants = [
        {"name": "Ann", "kind": "guest", "rating": 1700},
        {"name": "Ben", "kind": "guest", "rating": 1650},
    ]
    entrants += [
        {
            "name": f"Bot {k}",
            "kind": "bot",
            "bot": ("random", "easy")[k % 2],
            "rating": 1500 - 10 * k,
        }
        for k in range(6)
    ]
    made = post(
        pg_server,
        "/api/events",
        {
            "format": "swiss",
            "game": "goofspiel",
            "options": {"galaxies": 7},
            "rounds": 5,
            "clock": {"seconds": 30},
            "auto": True,
            "entrants": entrants,
            "name": "DM night",
        },
    )
    event_id, key = made["id"], made["host_key"]
    players = [open_page(made["entrants"][eid]["url"]) for eid in ("ann", "ben")]
    post(pg_server, f"/api/events/{event_id}/start", key=key)
    for number in range(1, 6):
        for page in players:
            open_game(page, number)
        for page in players:
            resign(page)
    deadline = time.monotonic() + 60
    while (event := event_of(pg_server, event_id, key))["phase"] != "closed":
        assert time.monotonic() < deadline, event["phase"]
        time.sleep(0.2)
    lines = {line["id"]: line for line in event["standings"]}
    # The browser players resigned every game they played: they scored only against each
    # other (one of them won that game) or by a bye (none: 8 entrants).
    human_points = lines["ann"]["points"] + lines["ben"]["points"]
    met = any(
        {p["first"], p["second"]} == {"ann", "ben"} for r in event["rounds"] for p in r["pairings"]
    )
    assert human_points == (1.0 if met else 0.0)
    assert sum(line["points"] for line in lines.values()) == 20.0
    ranks = [line["rank"] for line in event["standings"]]
    assert ranks == sorted(ranks)
    assert_swiss_tiebreaks(event)
    record = httpx.get(f"{pg_server.url}/api/events/{event_id}/record", timeout=30).json()
    report = verify_event(EventRecord.from_json(record))
    assert report.ok, report.summary()


def test_the_console_pauses_adjudicates_announces_and_delays_spectators(
    pg_server: Server, open_page: Callable[..., Any]
) -> None:
    entrants = [{"name": "Ann", "kind": "guest", "rating": 1800}]
    entrants += [
        {"name": f"Bot {k}", "kind": "bot", "bot": "random", "rating": 1500 - k} for k in range(3)
    ]
    made = post(
        pg_server,
        "/api/events",
        {
            "format": "swiss",
            "game": "goofspiel",
            "options": {"galaxies": 1},
            "rounds": 2,
            "clock": {"seconds": 120},
            "entrants": entrants,
            "name": "Console night",
        },
    )
    event_id, key = made["id"], made["host_key"]
    console = open_page(f"/events/{event_id}/host#key={key}")
    console.click("#start")
    console.wait_for_selector(".eboard")
    # "Never pair": two different entrants by default; the same one twice is refused in words
    # and nothing is sent.
    assert console.input_value("#forbid-a") != console.input_value("#forbid-b")
    console.select_option("#forbid-b", console.input_value("#forbid-a"))
    console.click("#forbid")
    console.wait_for_selector(".note.refusal:has-text('choose two different entrants')")
    console.select_option("#forbid-b", index=1)
    assert not [
        a
        for a in httpx.get(f"{pg_server.url}/api/events/{event_id}/record", timeout=30).json()[
            "actions"
        ]
        if a["kind"] == "forbid"
    ]
    # Every board a live thumbnail drawn by the game's own board; one click on it spectates.
    console.wait_for_selector(".eboard .thumb.drawn svg")
    ann = open_page(made["entrants"]["ann"]["url"])
    ann.click("#my-game")
    ann.wait_for_function("() => window.duelhost?.frame?.phase === 'playing'")
    board = console.locator(".eboard", has_text="Ann")
    board.locator("button.pause").click()
    board = console.locator(".eboard.paused", has_text="Ann")
    board.wait_for()
    assert "paused" in board.inner_text()
    # The player's board says its clock stopped; the host announces; the board shows it.
    console.fill("#announce-text", "Board 1 is paused for a ruling")
    console.click("#announce")
    ann.wait_for_selector(".eventbar:has-text('paused for a ruling')")
    board.locator("button.resume").click()
    board = console.locator(".eboard:not(.paused)", has_text="Ann")
    board.locator(".reason").fill("Ann's opponent left the hall")
    board.locator(".outcome").select_option(label="Ann wins")
    board.locator(".adjudicate-go").click()
    ann.wait_for_function("() => window.duelhost.frame.is_over")
    # The player's board learns the end at once; the event's record a moment later (the
    # adjudication's result is reported into it after the match has ended).
    deadline = time.monotonic() + 30
    while True:
        event = event_of(pg_server, event_id, key)
        games = [g for p in event["rounds"][0]["pairings"] for g in p["games"]]
        judged = [g for g in games if g.get("adjudicated")]
        if judged or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert len(judged) == 1 and judged[0]["reason"] == "Ann's opponent left the hall"
    assert judged[0]["outcome"] == ("1-0" if judged[0]["first"] == "ann" else "0-1")
    record = httpx.get(
        f"{pg_server.url}/api/matches/{judged[0]['match_id']}/record", timeout=30
    ).json()
    assert record["ended"]["kind"] == "adjudicate" and len(record["pauses"]) == 1
    shoot(console, "event-console-1280")
    small_console = open_page(f"/events/{event_id}/host#key={key}", width=400)
    small_console.wait_for_selector(".eboard .thumb.drawn")
    # At 400 px the console's name is whole in the top bar (not cut to "C…").
    assert small_console.evaluate(
        "(() => { const t = document.getElementById('title');"
        " return t.textContent.startsWith('Console: ') && t.scrollWidth <= t.clientWidth; })()"
    )
    shoot(small_console, "event-console-400")
    audience = open_page(f"/events/{event_id}")
    audience.wait_for_selector(".eboard .thumb.drawn svg")
    link = audience.locator(".eboard .thumblink").first
    assert (link.get_attribute("href") or "").startswith("/watch/")
    shoot(audience, "event-audience-1280")
    link.click()
    audience.wait_for_function("() => window.duelhost?.frame")
    assert "/watch/" in audience.url
    audience.go_back()
    audience.wait_for_selector(".eboard .thumb.drawn svg")
    small = open_page(f"/events/{event_id}", width=400)
    small.wait_for_selector(".eboard .thumb.drawn")
    # Nothing wider than the screen: no sideways scrolling at 400 px (on the console either).
    for page in (small, small_console):
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
    shoot(small, "event-audience-400")
    # The spectator delay: the bots' board, over now, is still on for a spectator. The
    # longest delay (600 s): a shorter one could pass the bots' end on a loaded machine (a
    # fresh-clone run took that long to get here with 120 s), and an end older than the delay
    # is shown as it is.
    console.fill("#delay", "600")
    # A late entry changes the entrants' list while the host types: the console redraws the
    # list, not the field being typed in (it did, and "600" was lost).
    post(pg_server, f"/api/events/{event_id}/entrants", {"name": "Late", "kind": "guest"}, key)
    console.wait_for_selector("table.entrants :text('Late')")
    assert console.input_value("#delay") == "600"
    console.click("#save-settings")
    # This save's own note: "Announcement: done." from before may still be showing.
    console.wait_for_selector(".note.ok:has-text('Settings: done.')")
    bots_game = next(g for g in games if not g.get("adjudicated"))
    assert (
        httpx.get(f"{pg_server.url}/api/matches/{bots_game['match_id']}", timeout=30).json()[
            "delayed"
        ]
        == 600
    )
    spectator = open_page(f"/watch/{bots_game['match_id']}")
    spectator.wait_for_function("() => window.duelhost?.frame")
    assert spectator.evaluate("window.duelhost.frame.is_over") is False
    audience.reload()
    audience.wait_for_selector(".delay")
    shoot(audience, "event-audience-delayed-1280")
