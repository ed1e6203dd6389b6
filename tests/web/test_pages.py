"""The lobby, the rules pages, the replay viewer and the static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

import duelhost
from duelhost.core.registry import spec
from duelhost.server.client import seat_tokens
from tests.server.live import Server
from tests.web.conftest import create, ready, shoot


def test_the_lobby_builds_each_games_form_from_its_declared_options(
    server: Server, pages: Any
) -> None:
    lobby = ready(pages("/"))
    for name in duelhost.list_games():
        card = lobby.locator(f"article[data-game='{name}']")
        assert spec(name).title in card.inner_text()
        card.locator("[data-action=setup]").click()
        for option in spec(name).options:
            field = lobby.locator(f"#opt-{option.name}")
            assert field.count() == 1, f"{name}: no field for option {option.name}"
            assert option.doc[:20] in lobby.inner_text(f"#opt-{option.name}-help")
    shoot(lobby, "lobby-1280")
    # A classic 3-card Goofspiel against the random bot, made with the form alone.
    lobby.locator("article[data-game='goofspiel'] [data-action=setup]").click()
    lobby.fill("#opt-galaxies", "1")
    lobby.fill("#opt-planets", "3")
    lobby.select_option("#seat1", "bot:random")
    lobby.select_option("#clock", "none")
    lobby.click("#create")
    lobby.click("#created .seat-link")
    ready(lobby)
    assert lobby.evaluate("window.duelhost.frame.view.fleets['0']") == {"1": 1, "2": 1, "3": 1}
    # A bad option value gets the server's sentence in the form.
    lobby.goto(server.url + "/")
    ready(lobby)
    lobby.locator("article[data-game='goofspiel'] [data-action=setup]").click()
    lobby.fill("#opt-galaxy_order", "ZZZ")
    lobby.click("#create")
    lobby.wait_for_selector("#form-error:text('galaxy_order')")


def test_play_the_bot_now_is_one_click(server: Server, pages: Any) -> None:
    lobby = ready(pages("/", 400, 800))
    shoot(lobby, "lobby-400")
    lobby.locator("article[data-game='warriors_death'] [data-action=play-bot]").click()
    lobby.wait_for_url("**/play/*")
    ready(lobby)
    assert lobby.evaluate("window.duelhost.seat") == 0


def test_rules_pages_render_as_html(pages: Any) -> None:
    page = pages("/rules/goofspiel")
    page.wait_for_selector("#rules table")
    assert "Goofspiel" in page.inner_text("#rules h2")


def test_the_replay_viewer_steps_and_switches_perspective(
    server: Server, pages: Any, tmp_path: Path
) -> None:
    options = {"galaxies": 1, "planets": 2}
    match = create(server, game="goofspiel", options=options, seed=3)
    tokens = seat_tokens(httpx, match, server.url)
    url = f"{server.url}/api/matches/{match['id']}"
    assert httpx.get(url + "/replay", timeout=10).status_code == 409  # in play: secrets
    for text in ("1", "2", "2", "1"):
        state = httpx.get(url, timeout=10).json()
        seat = state["to_act"][0]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        httpx.post(url + "/submissions", json={"text": text}, headers=headers, timeout=10)
    page = ready(pages(f"/replay/{match['id']}"))
    assert page.evaluate("window.duelhost.step") == 2
    page.keyboard.press("Home")
    page.wait_for_function("() => window.duelhost.step === 0")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.duelhost.step === 1")
    page.click("[data-who=truth]")
    assert page.locator(".truth .board").count() == 2
    page.click("[data-who=spectator]")
    assert "seat 0" in page.inner_text("#entries")
    # The same match from a downloaded record file.
    record = tmp_path / "record.json"
    record.write_text(httpx.get(url + "/record", timeout=10).text)
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_function("() => window.duelhost.step === 2")
    assert page.locator("#slider").count() == 1


def test_static_files_are_the_clients_only(server: Server) -> None:
    for path in ("/static/__init__.py", "/static/../server/web.py", "/static/nothing.js"):
        assert httpx.get(server.url + path, timeout=10).status_code == 404
    answer = httpx.get(server.url + "/static/shell/main.js", timeout=10)
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]


def test_the_page_computes_receipts_as_the_server_does(pages: Any) -> None:
    """Web Crypto and the page's own SHA-256 (for insecure origins) against the host's receipts,
    for a plain submission and for an order message of a tick window (its number hashed)."""
    from duelhost.host import receipts

    page = ready(pages("/"))
    cases = [("m1", 1, 0, "Blue Mage as Reaper", "ff00", None), ("m1", 0, 3, "A1>B2 3; é", "ab", 1)]
    for match_id, seat, decision, text, nonce, number in cases:
        args = [match_id, seat, decision, text, nonce, number]
        webcrypto, fallback = page.evaluate(
            """async (a) => {
                const c = await import('/static/shell/crypto.js');
                const bytes = new TextEncoder().encode(c.receiptText(...a));
                const hex = Array.from(c.sha256(bytes), (x) => x.toString(16).padStart(2, '0'));
                return [await c.sha256hex(c.receiptText(...a)), hex.join('')];
            }""",
            args,
        )
        expected = receipts.receipt(match_id, seat, decision, text, nonce, number)
        assert webcrypto == expected and fallback == expected


def test_an_early_ending_does_not_read_as_a_score_win(pages: Any) -> None:
    """Issue 32: "Seat 1 wins by resignation, 0–0" read as a win on the score. A match ended by
    resignation, timeout or agreement says where the score stood; a finished one gives its
    score as the result."""
    page = ready(pages("/"))
    sentences = page.evaluate(
        """async () => {
            const e = await import('/static/shell/events.js');
            return [
                e.resultSentence({winner: 1, reason: "resignation", scores: [0, 0]}, 0, null),
                e.resultSentence({winner: 0, reason: "timeout", scores: [3, 7]}, 2, null),
                e.resultSentence({winner: 0, reason: "more points, 9-4", scores: [9, 4]}, 0, null),
            ];
        }"""
    )
    assert sentences[0] == (
        "you lose: seat 1 wins by resignation; the score stood at seat 1 0, you 0"
    )
    assert sentences[1].endswith("by timeout; the score stood at seat 0 3, seat 1 7")
    assert sentences[2] == "you win 9–4 on points"
