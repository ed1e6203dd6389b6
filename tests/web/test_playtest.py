"""What a newcomer hit in the playtest of docs/playtest.md, each checked in the browser:

- Multiplanetary: a number typed into the ships box and "Queue" clicked at once (no Tab, no
  Enter) queues that number (the box's change event, on that very click, redrew the form and
  the click was lost); Enter in the box queues too.
- Multiplanetary: the board's "Next tick in N s" counts down with the clocks (it was frozen at
  the value of the last frame).
- Goofspiel: "Play the bot now" gave a newcomer the rule clock, 10 s a move (GO3), and rounds
  timed out before the board was read: against the bot a move gets 30 s, and the card says so.
- Multiplanetary: a tick that came while a ship count was being typed put the caret before the
  typed digits ("1", the tick, "0" read "01").
- Multiplanetary: after a planet was lost or emptied, every order queued from it was marked ✗
  and nothing could be sent until each was removed by its own × (36 of them in the playtest):
  one button removes them all.
- The rules pages opened with the developers' sources ("rule text: seed 003; open points decided
  by RULINGS G1-G6 and WD1-WD13") under the top bar "rules of warriors_death": each opens with
  "How to play" in plain words, under the game's title.
"""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import against_bot, create, ready, wait_decision
from tests.web.test_multiplanetary import wait_tick
from tests.web.test_warriors_death_break import play


def home_with_ships(page: Any) -> str:
    """Wait (sending nothing) until seat 0's home planet has ships; its cell."""
    view = page.evaluate("window.duelhost.frame.view")
    home = next(p for p in view["planets"] if p["owner"] == 0)["cell"]
    while not page.evaluate(
        "c => window.duelhost.frame.view.planets.some(p => p.cell === c && p.ships >= 4)", home
    ):
        now = page.evaluate("window.duelhost.frame.view.tick")
        page.click("#wait")
        wait_tick(page, now + 1)
    return str(home)


def test_a_typed_ship_count_is_queued_by_a_direct_click_on_queue(
    server: Server, pages: Any
) -> None:
    _, south = against_bot(server, pages, "multiplanetary", 5)
    home = home_with_ships(south)
    target = next(
        p["cell"]
        for p in south.evaluate("window.duelhost.frame.view.planets")
        if p["owner"] is None
    )
    south.click(f".planet[data-cell='{home}']")
    south.click(f".planet[data-cell='{target}']")
    south.click("#ships", click_count=3)
    south.keyboard.type("3")  # as a person types: no change event until the box loses focus
    assert south.inner_text("#add-order") == f"Queue {home}>{target} 3"
    south.click("#add-order")
    assert south.locator("#queue .orders li").all_inner_texts()[0].startswith(f"{home}>{target} 3")
    south.click(f".planet[data-cell='{home}']")
    south.click(f".planet[data-cell='{target}']")
    south.click("#ships", click_count=3)
    south.keyboard.type("1")
    south.keyboard.press("Enter")
    orders = south.locator("#queue .orders li").all_inner_texts()
    assert [o.split(" ×")[0].split("×")[0].strip() for o in orders] == [
        f"{home}>{target} 3",
        f"{home}>{target} 1",
    ], orders


def test_the_next_tick_countdown_counts_down(server: Server, pages: Any) -> None:
    _, south = against_bot(
        server,
        pages,
        "multiplanetary",
        6,
        clock={"mode": "tick", "seconds": 30, "planning_seconds": 0},
    )
    south.wait_for_selector("#countdown [data-countdown]")
    first = int(south.inner_text("#countdown [data-countdown]").split()[0])
    south.wait_for_function(
        "n => parseInt(document.querySelector('#countdown [data-countdown]').textContent) < n",
        arg=first,
    )
    assert south.evaluate("window.duelhost.frame.view.tick") == 0


def test_warriors_death_says_what_the_second_pick_is_and_marks_the_blue_mage_in_the_break(
    server: Server, pages: Any
) -> None:
    """The play button names the second pick ("Pick the disguise", not "Pick the second unit");
    in the break after a bout whose last round was the seat's own Blue Mage, the caption over
    the finished bout explains the ◆ round (it shows the true winner, not the announced one)."""
    match = create(
        server,
        game="warriors_death",
        options={"bouts": 2, "rounds": 2, "break_seconds": 120},
        clock={"mode": "move", "seconds": 60},
        seed=1,
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north):
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    play(south, 9)
    play(north, 0, last=True)
    wait_decision(south, 1)
    south.click("#hand .card[data-unit='1']")
    assert south.inner_text("#play") == "Pick the unit you predict"
    south.click("#hand .card[data-unit='2']")
    assert south.inner_text("#play") == "Pick the disguise"
    south.locator("button.pill", has_text="Chocobo").first.click()
    south.click("#play")
    south.wait_for_selector("#sent")
    play(north, 3, last=True)
    wait_decision(south, 2)
    south.wait_for_selector("#wd-break")
    assert south.locator(".wd-cell[data-truth='yes']").count() > 0
    assert "◆ your Blue Mage's rounds" in south.inner_text("#rounds-caption")


def test_the_match_page_links_to_the_rules(server: Server, pages: Any) -> None:
    """A newcomer who clicked "Play the bot now" finds the rules from the board, at 400 px too."""
    match, south = against_bot(server, pages, "tactic", 2)
    link = south.locator("header #rules-link")
    assert link.get_attribute("href") == "/rules/tactic"
    assert link.is_visible()
    narrow = ready(pages(f"/watch/{match['id']}", 400, 800))
    box = narrow.locator("header #rules-link").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 400
    rules = pages("/rules/tactic")
    rules.wait_for_selector("h2")
    assert "/TACTIC/" in rules.inner_text("h2 >> nth=0")


def test_a_receipt_shows_its_whole_move(server: Server, pages: Any) -> None:
    """The receipts list read "nothing …", "Move …", "place Ac…": the move is the point."""
    _, south = against_bot(server, pages, "multiplanetary", 7)
    south.click("#wait")
    south.wait_for_selector("#receipts li[data-decision] b")
    move = south.locator("#receipts li[data-decision] b").first
    assert move.inner_text() == "nothing for this tick"
    assert move.evaluate("b => b.scrollWidth <= b.clientWidth"), "the move is cut off"


def test_goofspiel_shows_the_match_score_at_400_px(server: Server, pages: Any) -> None:
    """At 400 px the score table scrolled and hid its last column, strategic value: the
    match's score. It comes first now, in view."""
    match = create(
        server, game="goofspiel", seed=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
    )
    south = ready(pages(match["seats"][0]["invite_url"], 400, 800))
    for seat in (0, 1):
        # In view: inside the visible part of the table's scrolling box, which is on screen.
        seen = south.evaluate(
            """s => { const c = document.querySelector(`#scores [data-strategic='${s}']`)
                      .getBoundingClientRect();
                      const box = document.querySelector("#scores").getBoundingClientRect();
                      return c.right <= Math.min(box.right, innerWidth) && c.left >= box.left; }""",
            seat,
        )
        assert seen, f"seat {seat}'s strategic value is scrolled out of view"


def test_play_the_bot_now_gives_a_newcomer_time_to_read(server: Server, pages: Any) -> None:
    """Goofspiel's rule clock is 10 s a move; "Play the bot now" gives 30 s a move (the
    practice clock of docs/server.md), and the game card says so before the click. A game whose
    clock is longer keeps it (Generalissimo, 30 s a move)."""
    lobby = ready(pages("/"))
    card = lobby.locator("article[data-game='goofspiel'] [data-clock]")
    assert card.inner_text() == (
        "Clock: 10 s a move (30 s a move against the bot) · bots: easy, hard, medium, prize, random"
    )
    assert "against the bot" not in lobby.inner_text("article[data-game='generalissimo']")
    with lobby.expect_request(
        lambda r: r.method == "POST" and r.url.endswith("/api/matches")
    ) as made:
        lobby.locator("article[data-game='goofspiel'] [data-action=play-bot]").click()
    # Goofspiel's practice bot is `medium`: `easy` bids each planet's worth, and a newcomer
    # doing the same tied every round (a tied match is replayed, GO4).
    assert made.value.post_data_json["seats"][1] == {"kind": "bot", "bot": "medium"}
    lobby.wait_for_url(f"{server.url}/play/*")
    mid = ready(lobby).evaluate("window.duelhost.matchId")
    clock = httpx.get(f"{server.url}/api/matches/{mid}", timeout=10).json()["clock"]
    assert (clock["mode"], clock["seconds"]) == ("move", 30.0)
    lobby.wait_for_function("() => /\\d/.test(document.querySelector('#clock0').textContent)")
    assert float(lobby.inner_text("#clock0").split()[0]) > 10


GAMES = {
    "goofspiel": "Goofspiel: The Game of Pure Strategy",
    "warriors_death": "A Warrior's Death",
    "multiplanetary": "Multiplanetary Empire",
    "generalissimo": "Generalissimo",
    "tactical_genius": "Tactical Genius",
    "tactic": "/TACTIC/",
}


def test_each_rules_page_opens_with_how_to_play(server: Server, pages: Any) -> None:
    """The first section of every rules page is "How to play", for a player: no ruling ids
    (GO3, WD11), seed files, RULINGS or engine words (to_act, views) before the full rules."""
    page = pages("/")
    for game, title in GAMES.items():
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("#rules h3")
        assert page.inner_text("#title") == f"rules of {title}"
        assert page.inner_text("#rules h3 >> nth=0") == "How to play"
        summary = page.evaluate(
            """() => { const out = [];
                       let e = document.querySelector('#rules h3').nextElementSibling;
                       while (e && !/^H[1-4]$/.test(e.tagName)) {
                         out.push(e.innerText); e = e.nextElementSibling; }
                       return out.join('\\n'); }"""
        )
        assert "win" in summary.lower() and "click" in summary.lower(), (game, summary)
        found = re.findall(
            r"\b(?:G|GO|WD|GE|MP|TG|TA)\d+\b|seed|RULINGS|to_act|view|engine|`", summary
        )
        assert not found, (game, found)


def test_a_tick_while_typing_keeps_the_caret_after_the_typed_digits(
    server: Server, pages: Any
) -> None:
    _, south = against_bot(
        server,
        pages,
        "multiplanetary",
        5,
        clock={"mode": "tick", "seconds": 3, "planning_seconds": 0},
    )
    south.wait_for_function(
        "() => window.duelhost.frame.view.planets.some(p => p.cell === 'A1' && p.ships >= 12)"
    )
    target = next(
        p["cell"]
        for p in south.evaluate("window.duelhost.frame.view.planets")
        if p["owner"] is None
    )
    south.click(".planet[data-cell='A1']")
    south.click(f".planet[data-cell='{target}']")
    south.click("#ships", click_count=3)
    south.keyboard.type("1")
    wait_tick(south, south.evaluate("window.duelhost.frame.view.tick") + 1)  # the form is redrawn
    assert south.evaluate("document.activeElement.id") == "ships"
    south.keyboard.type("0")
    assert south.input_value("#ships") == "10"
    assert south.inner_text("#add-order") == f"Queue A1>{target} 10"


def test_the_orders_that_cannot_go_out_are_removed_at_once(server: Server, pages: Any) -> None:
    """Two orders queued from A1 (8 ships), the same 8 sent through the notation box: after the
    tick A1 has 4 ships and both queued orders are marked ✗; one click removes both."""
    _, south = against_bot(server, pages, "multiplanetary", 8, clock=None)
    while south.evaluate("window.duelhost.frame.view.planets.find(p => p.cell === 'A1').ships < 8"):
        now = south.evaluate("window.duelhost.frame.view.tick")
        south.click("#wait")
        wait_tick(south, now + 1)
    ships = south.evaluate("window.duelhost.frame.view.planets.find(p => p.cell === 'A1').ships")
    targets = [
        p["cell"]
        for p in south.evaluate("window.duelhost.frame.view.planets")
        if p["owner"] is None
    ][:2]
    for target in targets:
        south.click(".planet[data-cell='A1']")
        south.click(f".planet[data-cell='{target}']")
        south.click("#ships", click_count=3)
        south.keyboard.type(str(ships // 2))
        south.click("#add-order")
    now = south.evaluate("window.duelhost.frame.view.tick")
    south.click("#expert summary")
    south.fill("#text", f"A1>{targets[0]} {ships}")
    south.click("#submitform button[type=submit]")
    wait_tick(south, now + 1)
    assert south.locator("#queue li.bad").count() == 2
    assert south.is_disabled("#send-orders")
    south.click("#remove-bad")
    assert south.locator("#queue li").count() == 0
    assert south.inner_text("#send-orders") == "No orders queued"
    assert south.is_enabled("#wait")
