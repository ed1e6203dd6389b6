"""Commit, then reveal, by the browser itself (issue 19, point 1): two seats play a whole
Goofspiel match and a whole Warrior's Death match by clicking; each page commits to every
secret decision (SHA-256 by Web Crypto over the canonical encoding, a nonce from
crypto.getRandomValues), keeps commitment, nonce and text in localStorage, reveals when asked,
and marks every reveal verified by its own computation. The record says each human move was
committed; one kept entry is recomputed here in Python."""

from __future__ import annotations

import copy
import json
import re
from typing import Any
from urllib.parse import unquote

import httpx

from duelhost.cli.commands.verify import check_record
from duelhost.host.commits import commitment
from tests.server.live import Server
from tests.web.conftest import create, ready, wait_decision, wait_over
from tests.web.test_goofspiel import bid
from tests.web.test_warriors_death import play

KEPT = (
    "JSON.parse(localStorage.getItem("
    "'duelhost:receipts:' + window.duelhost.matchId + ':' + window.duelhost.seat))"
)
"""What the page keeps of its submissions (commitment, nonce and text of each)."""


def sealed_everywhere(server: Server, page: Any, other: Any, decision: int) -> None:
    """The page sealed its move: its board says sent, the other page knows only that it
    committed, and the server holds no text of it, not even in the seat's own view."""
    page.wait_for_selector("#sent")
    assert page.evaluate("Boolean(window.duelhost.sealed())")
    seat, match_id = page.evaluate("[window.duelhost.seat, window.duelhost.matchId]")
    other.wait_for_selector(f"#player{seat} .state:text('has submitted (sealed)')")
    kept = page.evaluate(KEPT)
    entry = next(e for e in kept if e["decision"] == decision)
    assert entry["mode"] == "commit" and not entry["revealed"]
    token = page.evaluate(f"sessionStorage.getItem('duelhost:token:{match_id}')")
    own = httpx.get(
        f"{server.url}/api/matches/{match_id}",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).json()
    assert "pending" not in own["view"] and seat not in own["view"]["submitted"]


def check_pages(server: Server, match: dict[str, Any], pages_: list[Any], decisions: int) -> None:
    """Every reveal on both pages is marked verified; the kept entries recompute in Python; the
    record names every human move as committed."""
    for seat, page in enumerate(pages_):
        page.wait_for_function(
            "d => document.querySelectorAll('#receipts li[data-mode=commit] [data-verified=yes]')"
            ".length === d",
            arg=decisions,
        )
        assert page.locator("#receipts li[data-mode=plain]").count() == 0
        assert page.locator("#receipts [data-verified=no]").count() == 0
        kept = page.evaluate(KEPT)
        assert len(kept) == decisions
        for entry in kept:
            assert re.fullmatch(r"[0-9a-f]{32}", entry["nonce"]), entry
            assert entry["mode"] == "commit" and entry["revealed"] and entry["verified"] is True
            # The page's own SHA-256 (Web Crypto) equals Python's over the same encoding.
            digest = commitment(match["id"], seat, entry["decision"], entry["text"], entry["nonce"])
            assert entry["recomputed"] == digest == entry["receipt"], entry
    record = httpx.get(f"{server.url}/api/matches/{match['id']}/record", timeout=10).json()
    moves = [e for e in record["history"] if e["kind"] == "submit"]
    assert len(moves) == 2 * decisions
    assert all(e.get("mode") == "commit" for e in moves), moves
    kept0 = pages_[0].evaluate(KEPT)
    first = next(e for e in moves if e["seat"] == 0 and e["decision"] == 0)
    assert first["receipt"] == kept0[0]["receipt"] and first["nonce"] == kept0[0]["nonce"]
    # "Download my receipts" gives what `duelhost verify RECORD --receipts FILE` checks.
    files = []
    for page in pages_:
        page.click("#download-receipts")
        href = page.get_attribute("#download-receipts", "href")
        assert href is not None and href.startswith("data:application/json")
        files.append(json.loads(unquote(href.split(",", 1)[1])))
    found = check_record(record, files)
    assert found.problems == [] and "kept receipts" in found.checks
    # Each page keeps both seats' receipts (the opponent's from the `submitted` events).
    both = sorted((s, d) for s in (0, 1) for d in range(decisions))
    for document in files:
        assert sorted((r["seat"], r["decision"]) for r in document["receipts"]) == both
    # So seat 0's file alone catches a change to seat 1's move (its receipt recomputed).
    forged = copy.deepcopy(record)
    theirs = next(e for e in forged["history"] if e["seat"] == 1 and e["decision"] == 0)
    theirs["receipt"] = "0" * 64
    problems = check_record(forged, files[:1]).problems
    assert any("(seat 1, decision 0): its receipt" in p for p in problems), problems


def test_goofspiel_by_commit_then_reveal_in_two_browsers(server: Server, pages: Any) -> None:
    options = {"galaxies": 1, "planets": 3}
    match = create(server, game="goofspiel", options=options, seed=7)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    rounds = [(3, 1), (1, 2), (2, 3)]
    for decision, (fleet0, fleet1) in enumerate(rounds):
        bid(south, fleet0)
        sealed_everywhere(server, south, north, decision)
        if decision == 1:
            # A reload while sealed: the page keeps its commitment (localStorage) and its seat
            # (sessionStorage), and still reveals when asked.
            south.reload()
            ready(south)
            south.wait_for_selector("#sent")
        bid(north, fleet1)
        for page in (south, north):
            wait_decision(page, decision + 1)
    for page in (south, north):
        wait_over(page)
    check_pages(server, match, [south, north], len(rounds))
    # The same seat opened in another browser, which kept none of the commitments: it checks
    # each one with the revealed text and the published nonce, and marks it verified too.
    token = south.evaluate(f"sessionStorage.getItem('duelhost:token:{match['id']}')")
    elsewhere = ready(pages(f"/play/{match['id']}#{token}"))
    elsewhere.wait_for_function(
        "d => document.querySelectorAll('#receipts li[data-mode=commit] [data-verified=yes]')"
        ".length === d",
        arg=len(rounds),
    )
    assert elsewhere.locator("#receipts [data-verified=no]").count() == 0


def test_a_warriors_death_by_commit_then_reveal_in_two_browsers(server: Server, pages: Any) -> None:
    match = create(server, game="warriors_death", options={"bouts": 1, "rounds": 4}, seed=1)
    south = ready(pages(match["seats"][0]["invite_url"]))
    north = ready(pages(match["seats"][1]["invite_url"]))
    # (seat 0's play, seat 1's play) per round, with a Blue Mage's disguise in round 1.
    rounds = [
        ((2, 6), (0, None)),
        ((1, 5), (5, None)),
        ((9, None), (3, None)),
        ((8, None), (0, None)),
    ]
    for decision, (play0, play1) in enumerate(rounds):
        first, second = (north, south) if decision % 2 else (south, north)
        moves = (play1, play0) if decision % 2 else (play0, play1)
        play(first, *moves[0])
        sealed_everywhere(server, first, second, decision)
        play(second, *moves[1])
        for page in (south, north):
            wait_decision(page, decision + 1)
    for page in (south, north):
        wait_over(page)
    assert south.inner_text("#result").startswith("You win")
    check_pages(server, match, [south, north], len(rounds))
