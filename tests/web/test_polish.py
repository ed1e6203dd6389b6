"""What the playtest of docs/playtest.md left "not fixed", each checked in the browser:

- Generalissimo: the headline said "Waiting for North (seat 1) (deciding)." (two brackets).
- Lobby: "re-issue seat 0's invite" was offered for the player's own seat of a bot match (it
  would revoke it) and looked like plain text: only seats the browser does not hold are
  offered, as a button that asks first.
- Tactical Genius: "Send: pass" was the primary button while a unit was being built; the
  board never named "your columns" nor explained "wins (far edge)".
- A Warrior's Death: the round strip's unit names were ~5 px at 400 px, "as Black Mage" cut.
- Goofspiel: the mark on a won galaxy had no legend.

The third playtest (docs/playtest.md):

- Tactical Genius: a name typed in the builder changed nothing until the box lost its focus:
  the buttons read "Add Gr1" beside a box reading "A1", and the reason ("reads as a cell")
  came only after a click, which the redraw then swallowed.
- /TACTIC/: the attack and HP under each unit were about 7 px at 400 px.
- A Warrior's Death: "Astrologi|an" broken inside the word in the round strip at 400 px.
- Receipts: "Chocob|o" broken inside the word in the side panel, and a three-digit decision
  number cut to "#…".
- /TACTIC/: a quiet-turn draw's banner read "A draw (30 turns of each player without damage
  (TA6)), 4–7": a ruling id and two unequal figures, as if someone had won.
- Multiplanetary: fleet labels piled up near busy planets ("1 → t91, +3 more" over "1 → t92")
  and over the planets' ship counts.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tests.server.live import Server
from tests.web.conftest import against_bot, create, ready, seat_again, shoot, wait_decision
from tests.web.test_goofspiel import bid
from tests.web.test_invites import create_in_lobby
from tests.web.test_multiplanetary import wait_tick
from tests.web.test_warriors_death_break import play


def test_the_headline_says_who_is_deciding_in_one_phrase(server: Server, pages: Any) -> None:
    match = create(server, game="generalissimo", seed=1)
    pages_ = [ready(pages(seat["invite_url"])) for seat in match["seats"]]
    waiting = next(
        p
        for p in pages_
        if not p.evaluate("window.duelhost.frame.to_act.includes(window.duelhost.seat)")
    )
    waiting.wait_for_function(
        "() => document.querySelector('#status').textContent.includes('decide')"
    )
    status = waiting.inner_text("#status")
    assert re.fullmatch(r"Waiting for \w+ \(seat [01]\) to decide\.", status), status
    assert ") (" not in status


def test_the_lobby_offers_no_reissue_of_the_players_own_seat(server: Server, pages: Any) -> None:
    """On a match against the bot the only human seat is the player's own: re-issuing it would
    revoke it, so the lobby offers nothing to re-issue."""
    lobby = ready(pages("/"))
    lobby.locator("article[data-game='goofspiel'] [data-action=play-bot]").click()
    lobby.wait_for_url(f"{server.url}/play/*")
    mid = ready(lobby).evaluate("window.duelhost.matchId")
    lobby.goto(server.url + "/")
    row = lobby.locator(f"#yours li[data-match='{mid}']")
    row.locator(".seat-link").wait_for()
    assert row.locator("[data-reissue]").count() == 0
    assert "re-issue" not in row.inner_text().lower()


def test_the_reissue_is_a_button_that_asks_first(server: Server, pages: Any) -> None:
    """On a match of two people whose seat 0 the host took: only seat 1 is offered, as a
    button, and a click asks (saying what it does) before anything is revoked; Cancel goes
    back."""
    lobby = create_in_lobby(pages)
    mid = lobby.get_attribute("#created", "data-match")
    lobby.click("#created .seat-link")
    ready(lobby)
    lobby.goto(server.url + "/")
    ready(lobby)
    row = f"#yours li[data-match='{mid}']"
    offered = lobby.locator(f"{row} [data-reissue]")
    assert offered.count() == 1 and offered.get_attribute("data-reissue") == "1"
    assert offered.evaluate("b => getComputedStyle(b).borderStyle") != "none"
    assert offered.evaluate("b => getComputedStyle(b).borderColor") != "rgba(0, 0, 0, 0)"
    offered.click()
    words = lobby.inner_text(f"{row} .reissue")
    assert "seat 1" in words and "old link" in words
    assert lobby.locator(f"{row} .invite-link").count() == 0  # nothing revoked yet
    lobby.click(f"{row} [data-reissue-cancel='1']")
    assert lobby.locator(f"{row} [data-reissue='1']").count() == 1


def test_tactical_genius_sends_the_build_and_asks_before_a_pass(server: Server, pages: Any) -> None:
    """While a unit is being built, the primary button sends it (it read "Send: pass" and
    ended the phase with no unit); sending nothing asks first, in words."""
    _, south = against_bot(server, pages, "tactical_genius", 4)
    south.click("[data-cell='D2']")
    send = south.locator("#send-build")
    assert "pass" not in send.inner_text() and "primary" in (send.get_attribute("class") or "")
    assert send.inner_text().startswith("Add ") and send.inner_text().endswith(" and send")
    south.click("#builder button:text('cancel')")
    assert "primary" not in (send.get_attribute("class") or "")
    send.click()
    words = south.inner_text("#pass-confirm")
    assert "Send nothing this round" in words and "No unit is built" in words
    assert south.evaluate("window.duelhost.submissions.list.length") == 0
    south.click("#pass-no")
    assert south.locator("#pass-confirm").count() == 0
    south.click("[data-cell='D2']")
    name = south.input_value("#build-name")
    send.click()  # the unit being built goes out with the send
    south.wait_for_function(
        "n => window.duelhost.frame.view.units.some(u => u.seat === 0 && u.name === n)", arg=name
    )


def test_tactical_genius_names_the_columns_and_the_far_edge(server: Server, pages: Any) -> None:
    _, south = against_bot(server, pages, "tactical_genius", 5)
    assert "your columns (A-D, green)" in south.inner_text("#status")
    legend = south.inner_text("#tg-legend")
    assert "Yours: columns A-D (green, left)" in legend
    assert "Blue's: columns G-J" in legend
    assert "reaches the other side's last column (column J for Green" in legend
    assert "wins the match" in legend


def test_warriors_death_round_names_are_readable_and_whole_at_400_px(
    server: Server, pages: Any
) -> None:
    """The round strip's unit names were SVG text scaled with the strip (~5 px at 400 px) and
    "as Black Mage" was cut in its cell: at 400 px each name is at least 10 px and inside its
    cell."""
    match = create(
        server,
        game="warriors_death",
        options={"bouts": 2, "rounds": 10},
        clock=None,
        seed=2,
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north):
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    south.click("#hand .card[data-unit='2']")  # the Blue Mage, disguised as a Black Mage
    south.locator("button.pill", has_text="Black Mage").first.click()
    south.click("#play")
    south.wait_for_selector("#sent")
    play(north, 3, last=True)
    wait_decision(south, 1)
    south.wait_for_selector(".wd-cell[data-round='1'][data-seat='0']")
    for width in (1280, 400):
        south.set_viewport_size({"width": width, "height": 800})
        names = south.evaluate(
            """() => [...document.querySelectorAll('.wd-cell[data-round="1"]')].map(c => {
                 const t = [...c.querySelectorAll('*')].find(e => /Black Mage|Astrologian/.test(
                   e.textContent) && !e.children.length) || c;
                 const box = t.getBoundingClientRect(), cell = c.getBoundingClientRect();
                 return {text: t.textContent, size: box.height,
                         inside: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5
                           && box.top >= cell.top - 0.5 && box.bottom <= cell.bottom + 0.5,
                         whole: t.scrollWidth <= Math.ceil(box.width) + 1}; })"""
        )
        shown = [n for n in names if "Black Mage" in n["text"]]
        assert shown, names
        for name in shown:
            assert name["inside"] and name["whole"], (width, name)
            assert name["size"] >= 10, (width, name)
        assert south.evaluate("document.documentElement.scrollWidth") <= width
        south.locator("#rounds").scroll_into_view_if_needed()
        shoot(south, f"warriors_death-round-strip-{width}")


def test_goofspiel_explains_the_mark_on_a_won_galaxy(server: Server, pages: Any) -> None:
    """A won galaxy has its winner's mark in the corner (● or ■): a caption says so."""
    match = create(
        server,
        game="goofspiel",
        seed=8,
        options={"galaxies": 2, "planets": 1},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    bid(south, 1)  # one planet a galaxy: the first galaxy is decided at once
    wait_decision(south, 1)
    legend = south.locator("#galaxies #galaxy-legend")
    words = legend.inner_text()
    assert "won" in words and "● you" in words and "■ opponent" in words, words
    assert legend.is_visible()
    south.set_viewport_size({"width": 400, "height": 800})
    box = legend.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 400
    legend.scroll_into_view_if_needed()
    shoot(south, "goofspiel-galaxy-legend-400")
    south.set_viewport_size({"width": 1280, "height": 800})
    shoot(south, "goofspiel-galaxy-legend-1280")


def test_tactical_genius_builder_follows_the_typing(server: Server, pages: Any) -> None:
    """Typed, not yet left: the Add button, its reason and the send button read the typed
    name at once, and a click on a button right after typing is not lost."""
    _, south = against_bot(server, pages, "tactical_genius", 6)
    south.click("[data-cell='D2']")
    south.click("#build-name", click_count=3)
    south.keyboard.type("A1")  # as a person types: no change event until the box loses focus
    assert south.is_disabled("#add-unit")
    assert south.inner_text("#add-unit").startswith("Add A1 ")
    assert south.inner_text("#add-why") == "'A1' would confuse your opponent: it reads as a cell"
    assert south.inner_text("#send-build") == "Send: pass (no unit)…"
    assert south.evaluate("document.activeElement.id") == "build-name"
    south.keyboard.press("Backspace")
    south.keyboard.press("Backspace")
    south.keyboard.type("Ax7")
    assert south.inner_text("#send-build") == "Add Ax7 and send"
    assert not south.locator("#add-why").is_visible()
    south.click("#add-unit")  # straight from the box: the click must land
    assert south.inner_text("#placements li").startswith("place Ax7 ")


def test_tactic_unit_stats_are_readable_at_400_px(server: Server, pages: Any) -> None:
    """The King's "⚔1 ♥5/5" under its glyph: at least 10 px at 400 px, inside its cell."""
    _, south = against_bot(server, pages, "tactic", 3)
    south.set_viewport_size({"width": 400, "height": 800})
    south.click("[data-faction='Order']")
    south.wait_for_function("() => window.duelhost.frame.view.phase === 'king'")
    south.click("[data-cell='C1']")
    stats = """[...document.querySelectorAll("[data-cell='C1'] text")]
                 .find(t => /⚔/.test(t.textContent))"""
    south.wait_for_function(f"() => {stats}")
    seen = south.evaluate(
        f"() => {{ const t = {stats};"
        + """
                   const cell = document.querySelector("[data-cell='C1'] rect")
                     .getBoundingClientRect();
                   const box = t.getBoundingClientRect();
                   const px = t.getCTM().a * parseFloat(t.getAttribute('font-size'));
                   return {text: t.textContent, px, inside: box.left >= cell.left - 0.5
                           && box.right <= cell.right + 0.5}; }"""
    )
    assert seen["text"] == "⚔1 ♥5/5", seen
    assert seen["px"] >= 10 and seen["inside"], seen
    shoot(south, "tactic-stats-400")


OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const labels = [...document.querySelectorAll('.mp .fleet text')];
  const planets = [...document.querySelectorAll('.mp .planet')].flatMap((g) =>
    [...g.querySelectorAll('circle, rect, text')].filter((e) =>
      e.getAttribute('fill') !== 'transparent' && e.getAttribute('fill') !== 'none'));
  const out = [];
  labels.forEach((l, i) => {
    for (const o of [...labels.slice(i + 1), ...planets])
      if (hit(box(l), box(o))) out.push(l.textContent + ' covers ' + (o.textContent || o.tagName));
  });
  return {labels: labels.length, out};
}"""


def test_multiplanetary_fleet_labels_cover_no_label_and_no_planet(
    server: Server, pages: Any
) -> None:
    """Many fleets near the home planets: each label shown covers no other label, no planet
    and no planet's name; the fleets whose label has no room say it all on hover."""
    match = create(
        server,
        game="multiplanetary",
        seed=11,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        clock=None,
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    south.click("#expert summary")

    def place(cell: str) -> tuple[int, int]:
        return "ABCDEFGHIJ".index(cell[0]), int(cell[1:])

    for tick in range(1, 13):
        view = south.evaluate("window.duelhost.frame.view")
        orders = []
        for planet in (p for p in view["planets"] if p["owner"] == 0 and p["ships"] >= 3):
            near = sorted(
                (p for p in view["planets"] if p["owner"] != 0),
                key=lambda p: math.dist(place(p["cell"]), place(planet["cell"])),
            )
            part = planet["ships"] // 3
            orders += [f"{planet['cell']}>{p['cell']} {part}" for p in near[:3]]
        south.fill("#text", "; ".join(orders) or "wait")
        south.click("#submitform button[type=submit]")
        wait_tick(south, tick)
    seen = south.evaluate(OVERLAPS)
    assert south.locator(".mp .fleet").count() >= 8, "too few fleets to test"
    assert seen["labels"] >= 3 and not seen["out"], seen
    assert south.locator(".mp .fleet title").count() == south.locator(".mp .fleet").count()
    shoot(south, "multiplanetary-fleet-labels-1280")
    # At 400 px the labels are drawn larger (0.32 of a cell: about 12 px, not 9) and still
    # cover nothing.
    small = ready(pages(seat_again(south), 400, 800))
    small.click("#expert summary")
    seen = small.evaluate(OVERLAPS)
    assert seen["labels"] >= 3 and not seen["out"], seen
    heights = small.evaluate(
        "[...document.querySelectorAll('.mp text.fleet-label, .mp text.cell-label')]"
        ".map(t => t.getBoundingClientRect().height)"
    )
    assert min(heights) >= 11, heights
    small.evaluate("window.scrollTo(0, 0)")
    shoot(small, "multiplanetary-fleet-labels-400")


def test_a_receipt_keeps_its_words_whole_and_its_number(server: Server, pages: Any) -> None:
    match = create(
        server,
        game="warriors_death",
        seed=4,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
    )
    south = ready(pages(match["seats"][0]["invite_url"]))
    south.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    play(south, 0, last=True)  # the Chocobo
    south.wait_for_selector("#receipts li[data-decision] b")
    measure = """() => { const li = document.querySelector('#receipts li[data-decision]');
                   const b = li.querySelector('b'), num = li.querySelector('.num');
                   const range = document.createRange(); range.selectNodeContents(b);
                   const probe = num.cloneNode(); probe.textContent = '#999';
                   probe.style.position = 'absolute'; li.append(probe);
                   const need = probe.getBoundingClientRect().width; probe.remove();
                   return {move: b.textContent, lines: range.getClientRects().length,
                           room: num.getBoundingClientRect().width, need}; }"""
    sealed = south.evaluate(measure)  # "committed, sealed" until the reveal
    south.wait_for_selector("#receipts li[data-decision] [data-verified='yes']")
    for seen in (sealed, south.evaluate(measure)):
        assert seen["move"] == "Chocobo" and seen["lines"] == 1, seen
        assert seen["room"] >= seen["need"], seen


def typed(page: Any, text: str) -> None:
    """Once the page shows its seat's decision, send ``text`` through the notation box and
    wait until the match has taken it (a later frame, or the seat's choice sealed)."""
    page.wait_for_function(
        "() => window.duelhost.frame.to_act.includes(window.duelhost.seat)"
        " && !window.duelhost.sealed()"
    )
    n = page.evaluate("window.duelhost.frame.n")
    page.fill("#text", text)
    page.click("#submitform button[type=submit]")
    page.wait_for_function("n => window.duelhost.frame.n > n || window.duelhost.sealed()", arg=n)


def test_a_draw_banner_speaks_to_players(server: Server, pages: Any) -> None:
    """/TACTIC/ with ``quiet_turns=1``: six Knights against three Bears, one quiet turn each,
    a draw. The banner gives the reason without "(TA6)" and no unequal figures (7-4)."""
    match = create(server, game="tactic", seed=5, options={"quiet_turns": 1})
    south, north = (ready(pages(seat["invite_url"])) for seat in match["seats"])
    for page in (south, north):
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
        page.click("#expert summary")
    typed(south, "faction Order")
    typed(north, "faction Menagerie")
    typed(south, "king C1")
    typed(north, "king C7")
    knights = ["A1", "B1", "D1", "E1", "F1", "G1"]
    for cell in ["A7", "B7", "D7"]:
        typed(south, f"place Knight {knights.pop(0)}")
        typed(north, f"place Bear {cell}")
    for cell in knights:  # North cannot pay for a Bear any more: South buys on
        typed(south, f"place Knight {cell}")
    typed(south, "end")
    typed(north, "end")
    south.wait_for_selector("#result")
    assert south.evaluate("window.duelhost.frame.result.scores") == [7, 4]
    assert south.inner_text("#result") == "A draw (1 turn of each player without damage)."
    # The phase line counts the quiet turns against the limit (both players' turns counted).
    assert "Turns without damage: 2 of 2 (a draw at 1 turn of each player)" in south.inner_text(
        "#phase"
    )
    # The log's game-over line too speaks to players: the reason, without "(TA6)".
    log = south.inner_text("#log")
    assert "without damage" in log and "(TA6)" not in log, log


def test_warriors_death_breaks_astrologian_with_a_hyphen_at_400_px(
    server: Server, pages: Any
) -> None:
    match = create(server, game="warriors_death", options={"bouts": 1, "rounds": 2}, seed=6)
    south = ready(pages(match["seats"][0]["invite_url"], 400, 800))
    north = ready(pages(match["seats"][1]["invite_url"]))
    for page in (south, north):
        page.wait_for_function("() => window.duelhost.frame.phase === 'playing'")
    north.click("#hand .card[data-unit='1']")  # the Astrologian, predicting a Chocobo
    north.click("#second [data-second='0']")
    north.click("#play")
    north.wait_for_selector("#sent")
    play(south, 0, last=True)
    wait_decision(south, 1)
    name = south.locator(".wd-cell[data-round='1'][data-seat='1'] .wd-name")
    # The letters on the name's first line (a letter's box: where the browser drew it).
    seen = name.evaluate(
        """e => { const node = e.firstChild, text = node.textContent;
                  const box = (i) => { const r = document.createRange();
                    r.setStart(node, i); r.setEnd(node, i + 1);
                    const rects = [...r.getClientRects()];  // after a break: [line end, glyph]
                    return rects[rects.length - 1]; };
                  const top = box(0).top;
                  const first = [...text].filter((c, i) => c !== '\u00ad' && box(i).width > 0
                    && Math.abs(box(i).top - top) < 2).join('');
                  return {text, first}; }"""
    )
    assert seen["text"].replace("\u00ad", "") == "Astrologian", seen
    # On one line, or broken where the soft hyphen is (shown as "Astro-").
    assert seen["first"] in ("Astrologian", "Astro"), seen
