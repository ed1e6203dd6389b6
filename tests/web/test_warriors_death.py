"""A Warrior's Death on its board: two seats and a spectator play a whole match by clicking,
with an Astrologian's prediction and a Blue Mage's disguise; the replay viewer then shows each
seat what it knew (the disguise to the opponent, the Blue Mage to its owner)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready, seat_again, shoot, wait_decision, wait_over


def play(page: Any, unit: int, second: int | None = None) -> None:
    page.click(f"#hand .card[data-unit='{unit}']")
    if second is not None:
        page.click(f"#second [data-second='{second}']")
    page.click("#play")


def test_two_seats_and_a_spectator_play_a_warriors_death_by_clicking(
    server: Server, pages: Any
) -> None:
    match = create(server, game="warriors_death", options={"bouts": 1, "rounds": 4}, seed=1)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    watcher = ready(pages(match["spectate"]))
    assert south.inner_text("#status") == "Choose a unit to play in round 1 of bout 1."
    # (seat 0's play, seat 1's play) per round; seat 0 wins rounds 2-4 and the bout.
    rounds = [
        ((2, 6), (0, None)),
        ((1, 5), (5, None)),
        ((9, None), (3, None)),
        ((8, None), (0, None)),
    ]
    for decision, (play0, play1) in enumerate(rounds):
        before = {id(p): p.inner_text("#board") for p in (north, watcher)}
        south.click(f"#hand .card[data-unit='{play0[0]}']")
        if decision == 0:
            assert "Choose the Blue Mage's disguise" in south.inner_text("#status")
            assert "Aetheric Mimicry" in south.inner_text("#ability")
            shoot(south, "warriors_death-choosing-1280")
        if play0[1] is not None:
            south.click(f"#second [data-second='{play0[1]}']")
        south.click("#play")
        south.wait_for_selector("#sent")
        for page in (north, watcher):
            page.wait_for_selector(".player .state:text('has submitted')")
            assert page.inner_text("#board") == before[id(page)]
            assert "Sent:" not in page.inner_text("body")
        play(north, *play1)
        for page in (south, north, watcher):
            wait_decision(page, decision + 1)
        if decision == 0:
            # The owner sees its Blue Mage; the opponent and the spectator see the Reaper.
            mine = south.get_attribute(".wd-cell[data-round='1'][data-seat='0']", "aria-label")
            theirs = north.get_attribute(".wd-cell[data-round='1'][data-seat='0']", "aria-label")
            assert "Blue Mage as Reaper" in mine and "Blue" not in theirs and "Reaper" in theirs
            # Round 1: the Blue Mage (2) truly beats the Chocobo (0), and announces a tie
            # (WD11: round 1). Its owner's board fills the true winner and says so; the
            # caption and the log say which result each shows (issue 32 point 4).
            assert "won; the true result, not the announced (a tie)" in mine
            assert "◆ your Blue Mage's rounds: the true winner" in south.inner_text(
                "#rounds-caption"
            )
            assert "tied" in theirs and "true result" not in theirs
            for page in (south, north, watcher):
                assert "Reaper vs Chocobo — announced: a tie" in page.inner_text("#log")
        if decision == 1:
            assert south.get_attribute("#hand .card[data-unit='2']", "class").count("gone") == 1
            shoot(north, "warriors_death-1280")
    for page in (south, north, watcher):
        wait_over(page)
    assert south.inner_text("#result").startswith("You win")
    assert north.inner_text("#result").startswith("You lose")
    marks = south.locator("#receipts li").all_inner_texts()
    assert len(marks) == 4 and all("verified" in mark for mark in marks), marks
    shoot(ready(pages(seat_again(south), 400, 800)), "warriors_death-over-400")

    # The replay viewer: after round 1, seat 0 saw its Blue Mage, seat 1 saw a Reaper.
    replay = ready(pages(f"/replay/{match['id']}"))
    replay.keyboard.press("Home")
    replay.keyboard.press("ArrowRight")
    replay.wait_for_function("() => window.duelhost.step === 1")
    cell = ".wd-cell[data-round='1'][data-seat='0']"
    replay.click("[data-who='0']")
    as_seat0 = replay.get_attribute(cell, "aria-label")
    replay.click("[data-who='1']")
    as_seat1 = replay.get_attribute(cell, "aria-label")
    assert "Blue Mage as Reaper" in as_seat0 and "Blue" not in as_seat1
    replay.click("[data-who='truth']")
    assert "Blue Mage as Reaper" in replay.inner_text("#entries")
    shoot(replay, "warriors_death-replay-truth-1280")
    record = httpx.get(f"{server.url}/api/matches/{match['id']}/record", timeout=10).json()
    assert record["result"]["winner"] == 0
