"""A real DM night, in the browser (issue 32 point 8, its last item): for each game a timed match
between two browser seats with a spectator watching from the start. Seat 0 opens its invite at
once, seat 1 a few seconds later: meanwhile every page says the match waits for both players and
no clock runs (the clock starts when both seats are held). Both seats play a decision by
clicking the board; seat 1 reloads mid-decision (its tab's sessionStorage cleared, so the token
comes from the browser's localStorage) and is back on its seat with the decision still open;
seat 1 then lets a decision time out, and seat 0 and the spectator are told while the match
goes on; seat 1's browser is closed and the others see its page gone; it comes back from its
storage, seat 0 resigns with the Resign button, and every page shows the game-over banner.

Each game runs on its own clock shape with small seconds (a move clock, /TACTIC/'s turn clock,
Multiplanetary's ticks) and small options. Waits are on page state; the one fixed pause is the
late join itself."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.server.live import Server
from tests.web.conftest import create, ready, shoot, wait_over
from tests.web.test_generalissimo import click_move
from tests.web.test_to_the_end import GE_POSITION, mp_xy

SECONDS = 10
"""A decision's time: short, yet room for a reload on a loaded 2-core machine."""

LATE = 3.0
"""How long after seat 0 seat 1 opens its invite."""

OPEN = (
    "() => { const p = window.duelhost, f = p.frame; return f.phase === 'playing' && !f.is_over"
    " && f.to_act.includes(p.seat) && f.legal !== null"
    " && !(f.view.submitted || []).includes(p.seat) && !p.sealed(); }"
)
"""The page's seat owes the decision in play and has sent nothing for it yet."""

TIMED_OUT = re.compile(r"(Seat 1|\(seat 1\)) ran out of time")


def frame(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate("window.duelhost.frame")
    return data


def log_lines(page: Any) -> list[str]:
    lines: list[str] = page.evaluate("window.duelhost.logLines.map(l => l.line)")
    return lines


def owed(page: Any) -> dict[str, Any]:
    """Wait until the page's seat owes a decision; its frame."""
    page.wait_for_function(OPEN)
    return frame(page)


def sent_after(page: Any, owing: dict[str, Any]) -> None:
    """The page's move for the decision of frame ``owing`` was taken: a later frame in which
    the seat no longer owes that decision."""
    page.wait_for_function(
        "o => { const p = window.duelhost, f = p.frame; return f.n > o.n && (f.is_over"
        " || p.sealed() || (f.view.submitted || []).includes(p.seat)"
        " || !f.to_act.includes(p.seat) || f.view.decision > o.view.decision); }",
        arg=owing,
    )


# ------------------------------------------------------------------ one decision, by clicks


def card(page: Any, card: str, send: str) -> None:
    """A card of the hand clicked (``card``: its selector), then the send button."""
    owing = owed(page)
    page.click(f"#hand .card{card}")
    page.click(send)
    sent_after(page, owing)


def goofspiel(page: Any, turn: int) -> None:
    size = (3, 2)[turn] if page.evaluate("window.duelhost.seat") == 0 else 1
    card(page, f"[data-fleet='{size}']", "#send")


def warriors_death(page: Any, turn: int) -> None:
    unit = (9, 8)[turn] if page.evaluate("window.duelhost.seat") == 0 else 3
    card(page, f"[data-unit='{unit}']", "#play")


def generalissimo(page: Any, turn: int) -> None:
    """A move of a piece, clicked; then (seat 0) the rest of the turn passed."""
    now = owed(page)
    text = next(t for t in now["legal"] if t not in ("pass", "draw"))
    click_move(page, now, text)
    if page.evaluate("window.duelhost.seat") == 0:
        now = owed(page)
        page.click("#pass")
        page.wait_for_function("n => window.duelhost.frame.n > n", arg=now["n"])


def tactic(page: Any, turn: int) -> None:
    """A faction at the first decision, the King on its first Crown space at the second."""
    now = owed(page)
    if now["view"]["phase"] == "faction":
        name = "Order" if page.evaluate("window.duelhost.seat") == 0 else "Menagerie"
        page.click(f"[data-faction='{name}']")
    else:
        assert now["view"]["phase"] == "king", now["view"]["phase"]
        page.click(f"[data-cell='{now['legal'][0].split()[1]}']")
    sent_after(page, now)


def tactical_genius(page: Any, turn: int) -> None:
    """One unit built in the builder (on its own side), then orders for it clicked."""
    now = owed(page)
    seat = page.evaluate("window.duelhost.seat")
    if now["view"]["phase"] == "reinforcement":
        page.click(f"[data-cell='{'C2' if seat == 0 else 'H2'}']")
        page.select_option("#build-type", "Sword")
        page.fill("#build-atk", "2")
        page.dispatch_event("#build-atk", "change")
        page.click("#add-unit")
        page.click("#send-build")
    else:
        for unit in [u for u in now["view"]["units"] if u["seat"] == seat and u["alive"]]:
            page.click(f"[data-cell='{unit['cell']}']")
            buttons = page.locator("#unit-orders button")
            buttons.nth(buttons.count() - 1).click()
        page.click("#send-orders")
    sent_after(page, now)


def multiplanetary(page: Any, turn: int) -> None:
    """A fleet from the seat's home planet to the nearest planet not its own, clicked and
    sent (the home planet has ships from the first tick on)."""
    seat = page.evaluate("window.duelhost.seat")
    page.wait_for_function(
        "s => window.duelhost.frame.view.planets.some(p => p.owner === s && p.ships >= 2)",
        arg=seat,
    )
    view = frame(page)["view"]
    home = next(p for p in view["planets"] if p["owner"] == seat and p["ships"] >= 2)
    others = [p for p in view["planets"] if p["owner"] != seat]
    near = min(others, key=lambda p: math.dist(mp_xy(p["cell"]), mp_xy(home["cell"])))
    queue(page, home["cell"], near["cell"])
    send_queued(page)


def queue(page: Any, home: str, target: str) -> None:
    page.click(f".planet[data-cell='{home}']")
    page.click(f".planet[data-cell='{target}']")
    page.fill("#ships", "1")
    page.dispatch_event("#ships", "change")
    page.click("#add-order")
    page.wait_for_selector("#queue .orders li")


def send_queued(page: Any) -> None:
    """Send the queued orders; the server took them (read from the page's receipts too: a
    tick may pass meanwhile and empty the frame's ``orders``)."""
    decision = frame(page)["view"]["decision"]
    page.click("#send-orders")
    page.wait_for_function(
        "d => !!window.duelhost.frame.orders"
        " || window.duelhost.submissions.list.some(r => r.decision >= d && r.text !== 'wait')",
        arg=decision,
    )


# ------------------------------------------------------------------ the games


@dataclass(frozen=True)
class Night:
    """A game's small match and its decisions played by clicks."""

    play: Callable[[Any, int], None]
    clock: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    sequential: bool = False


GAMES = {
    "goofspiel": Night(
        goofspiel, {"mode": "move", "seconds": SECONDS}, {"galaxies": 2, "planets": 3}
    ),
    "warriors_death": Night(
        warriors_death, {"mode": "move", "seconds": SECONDS}, {"bouts": 1, "rounds": 5}
    ),
    "generalissimo": Night(
        generalissimo,
        {"mode": "move", "seconds": SECONDS},
        setup={"position": GE_POSITION},
        sequential=True,
    ),
    "tactic": Night(tactic, {"mode": "turn", "seconds": SECONDS}, {"turn_seconds": SECONDS}),
    "tactical_genius": Night(tactical_genius, {"mode": "move", "seconds": SECONDS}),
    # Ticks every 6 s from the start (no planning time): a window holds a reload.
    "multiplanetary": Night(
        multiplanetary,
        {"mode": "tick", "seconds": 6, "planning_seconds": 0},
        {"max_ticks": 60},
    ),
}


def seat_token(page: Any, match_id: str) -> str | None:
    token: str | None = page.evaluate(
        "m => (JSON.parse(localStorage.getItem('duelhost:seats') || '{}')[m] || {seats: {}})"
        ".seats['1'] ?? null",
        match_id,
    )
    return token


def waits(page: Any) -> None:
    """The page says the match waits for both players, and no clock runs."""
    assert frame(page)["phase"] == "waiting"
    assert frame(page)["clock"]["deadline"] is None
    assert page.inner_text("#status") == (
        "Waiting for both players to open their seats: the clock starts once both seats are held."
    )


def late_join(pages: Any, match: dict[str, Any]) -> tuple[Any, Any, Any]:
    """Spectator and seat 0 at once, seat 1 late; nothing timed out before it came."""
    watcher = ready(pages(match["spectate"]))
    south = ready(pages(match["seats"][0]["invite_url"]))
    for page in (south, watcher):
        waits(page)
        page.wait_for_function(
            "() => document.getElementById('presence1')?.textContent === '○ not here yet'"
        )
    time.sleep(LATE)  # the late join itself (the one fixed pause)
    for page in (south, watcher):
        waits(page)
    joined = time.time()
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north, watcher):
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    first = frame(south)
    # The clock started when seat 1 came, not at the creation: no decision has passed.
    assert first["clock"]["phase_start"] >= joined - 0.5, (first["clock"], joined)
    assert first["view"]["decision"] == 0
    for page in (south, watcher):
        assert not any("ran out of time" in line for line in log_lines(page)), log_lines(page)
    return south, north, watcher


def reload_mid_decision(north: Any, match_id: str) -> None:
    """Seat 1 reloads while it owes a decision; with the tab's sessionStorage cleared the token
    comes from localStorage: the same seat, the same token, the decision still open."""
    now = owed(north)
    token = seat_token(north, match_id)
    assert token, "the browser keeps no token of seat 1"
    north.evaluate(f"sessionStorage.removeItem('duelhost:token:{match_id}')")
    north.reload()
    ready(north)
    assert north.evaluate("[window.duelhost.seat, window.duelhost.token]") == [1, token]
    again = owed(north)
    if now["clock"]["mode"] != "tick":  # a tick window moves on by itself
        assert again["view"]["decision"] == now["view"]["decision"]


def mp_reload_keeps_the_queue(north: Any, match_id: str) -> str:
    """Multiplanetary: an order queued, the page reloaded, the order still there; then sent.
    The order's notation."""
    north.wait_for_function(
        "() => window.duelhost.frame.view.planets.some(p => p.owner === 1 && p.ships >= 2)"
    )
    view = frame(north)["view"]
    home = next(p for p in view["planets"] if p["owner"] == 1)["cell"]
    target = next(p for p in view["planets"] if p["owner"] is None)["cell"]
    queue(north, home, target)
    queued = north.locator("#queue .orders li").all_inner_texts()
    reload_mid_decision(north, match_id)
    assert north.locator("#queue .orders li").all_inner_texts() == queued
    send_queued(north)
    return f"{home}>{target} 1"


def times_out(south: Any, north: Any, watcher: Any, night: Night) -> None:
    """Seat 1 owes a decision and lets it pass; seat 0 and the spectator are told, and the
    match goes on."""
    if night.clock["mode"] == "tick":
        # The tick window in play (seat 1's orders went at an earlier tick): seat 1 sends
        # nothing, and the tick's line says Blue waited.
        window = frame(watcher)["view"]["decision"]
        line = f"tick {window + 1}: "
        for page in (south, watcher):
            page.wait_for_function(
                "l => window.duelhost.logLines.some(x => x.line.includes(l))", arg=line
            )
            mine = [x for x in log_lines(page) if x.startswith(line) and "Red: " in x]
            assert mine and mine[0].endswith("Blue: wait"), mine
    else:
        owed(north)
        decision = frame(north)["view"]["decision"]
        if not night.sequential:
            night.play(south, 1)
        for page in (south, watcher):
            page.wait_for_function(
                "r => window.duelhost.logLines.some(l => new RegExp(r).test(l.line))",
                arg=TIMED_OUT.pattern,
            )
            page.wait_for_function("d => window.duelhost.frame.view.decision > d", arg=decision)
    for page in (south, north, watcher):
        assert not frame(page)["is_over"], "the match ended at the timeout"


@pytest.mark.parametrize("game", list(GAMES))
def test_a_timed_match_between_two_browser_seats_and_a_spectator(
    server: Server, pages: Any, game: str
) -> None:
    night = GAMES[game]
    match = create(
        server,
        game=game,
        seed=7,
        options=night.options,
        setup=night.setup,
        clock=night.clock,
    )
    mid = match["id"]
    south, north, watcher = late_join(pages, match)

    # Both seats play a decision by clicking; seat 1 reloads in the middle of its own.
    night.play(south, 0)
    if game == "multiplanetary":
        order = mp_reload_keeps_the_queue(north, mid)
        # The orders sent after the reload are the ones the tick played.
        watcher.wait_for_function(
            "o => window.duelhost.logLines.some(l => l.line.endsWith('Blue: ' + o))", arg=order
        )
    else:
        reload_mid_decision(north, mid)
        night.play(north, 0)
        if not night.sequential:
            for page in (south, north, watcher):
                page.wait_for_function("() => window.duelhost.frame.view.decision >= 1")

    times_out(south, north, watcher, night)

    # Seat 1's browser is closed: seat 0 and the spectator see its page gone.
    storage = north.context.storage_state()
    north.context.close()
    for page in (south, watcher):
        page.wait_for_function(
            "() => document.getElementById('presence1')?.dataset.presence === 'away'"
        )
        assert page.inner_text("#presence1") == "○ page closed or offline"
    # It comes back from what the browser kept; seat 0 resigns with the page's button.
    north = ready(pages(f"/play/{mid}", storage=storage))
    assert north.evaluate("window.duelhost.seat") == 1
    for page in (south, watcher):
        page.wait_for_function(
            "() => document.getElementById('presence1')?.dataset.presence === 'connected'"
        )
    south.click("#resign")
    south.click("#resign")
    for page in (south, north, watcher):
        wait_over(page)
        assert "resignation" in page.inner_text("#result"), page.inner_text("#result")
    assert frame(watcher)["winner"] == 1
    if game == "generalissimo":
        # Each side's first listed move takes nothing from the set-up position (five pieces a
        # side): nothing is lost, though a full army would have 22 more pieces.
        assert frame(watcher)["view"]["lost"] == {
            side: dict.fromkeys(frame(watcher)["view"]["pieces"][side], 0)
            for side in ("South", "North")
        }
        assert "×" not in watcher.inner_text("#captured")
    shoot(watcher, f"dm-{game}-spectator")
