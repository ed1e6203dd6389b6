"""The rating pages in Chromium: a rated match's game-over banner shows each seat's change
("+N (1500?)"); a profile draws each rating's history as an SVG chart with win/draw/loss and
recent matches with replay links; a leaderboard ranks the established players; an unknown
player or pool is said plainly. Screenshots of the profile and the leaderboard at 1280 and 400
pixels (``profile-*.png``, ``leaderboard-*.png``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from sqlalchemy import create_engine

from duelhost.server.client import seat_tokens
from duelhost.store.ratings import Game, apply_games
from duelhost.store.schema import accounts
from tests.server.live import Server
from tests.web.conftest import SHOTS, ready, shoot, wait_over

NAMES = [
    "Ann",
    "bob",
    "cid",
    "Dara",
    "eli_k",
    "Fenwick",
    "gus",
    "Hana-7",
    "ivo",
    "Juno",
    "kai",
    "Lior",
    "maya",
    "Nils",
    "ode",
    "Pia",
    "quinn",
    "Rafa",
    "sol",
    "Tamsin",
    "uma",
    "Vik",
    "wren",
    "Xan",
]


def full(page: Any, name: str) -> None:
    """The whole page (a profile is longer than a screen)."""
    shoot(page, name)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def engine_of(server: Server) -> Any:
    args = list(server.process.args)  # type: ignore[arg-type]
    return create_engine(args[args.index("--db") + 1])


def league(server: Server) -> dict[str, str]:
    """Accounts for ``NAMES`` (once per server) and a season of rated Goofspiel between them,
    rated by the store's own code: each player's strength decides the odds."""
    engine = engine_of(server)
    ids = {name: f"acct-{name.lower()}" for name in NAMES}
    with engine.begin() as connection:
        if connection.execute(accounts.select().where(accounts.c.id == ids["Ann"])).first():
            return ids
        connection.execute(
            accounts.insert(),
            [
                {"id": i, "name": n, "name_key": n.lower(), "kind": "person", "created": 1.0}
                for n, i in ids.items()
            ],
        )
        chance = random.Random(30)
        strength = {name: chance.gauss(1500, 250) for name in NAMES}
        strength["Ann"] = 1650
        games = []
        for number in range(600):
            a, b = chance.sample(NAMES, 2)
            if number % 3 == 0 and "Ann" not in (a, b):
                a = "Ann"
            expected = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            roll = chance.random()
            score = 1.0 if roll < expected - 0.05 else 0.5 if roll < expected + 0.05 else 0.0
            games.append(
                Game(
                    f"season-{number}",
                    "goofspiel",
                    (ids[a], ids[b]),
                    (score, 1 - score),
                    1.7e9 + number * 3600.0,
                )
            )
        apply_games(connection, games)
    return ids


def rated_toy_match(server: Server, ids: dict[str, str]) -> tuple[dict[str, Any], str]:
    """A rated toy match, Ann (seat 0, through the API) against bob (seat 1): the create answer
    and seat 0's token; bob's invite is left for his page."""
    made = httpx.post(
        server.url + "/api/matches",
        json={"game": "toy_bids", "rated": True, "clock": None, "seats": [{"kind": "human"}] * 2},
        timeout=10,
    ).json()
    with engine_of(server).begin() as connection:
        from duelhost.store.schema import seat_holders

        connection.execute(
            seat_holders.insert(),
            [
                {"match_id": made["id"], "seat": 0, "account_id": ids["Ann"]},
                {"match_id": made["id"], "seat": 1, "account_id": ids["bob"]},
            ],
        )
    first = {**made, "seats": [made["seats"][0], {**made["seats"][1], "invite": None}]}
    return made, seat_tokens(httpx, first, server.url)[0]


def bid(server: Server, match_id: str, token: str, text: str) -> None:
    answer = httpx.post(
        f"{server.url}/api/matches/{match_id}/submissions",
        json={"text": text},
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text


def test_the_banner_shows_each_seats_rating_change(
    server: Server, pages: Callable[..., Any]
) -> None:
    ids = league(server)
    made, ann = rated_toy_match(server, ids)
    page = ready(pages(made["seats"][1]["invite_url"]))  # bob's page
    bob = page.evaluate(f"sessionStorage.getItem('duelhost:token:{made['id']}')")
    for mine, his in (("3", "2"), ("1", "3"), ("2", "1")):  # Ann wins two rounds of three
        bid(server, made["id"], ann, mine)
        bid(server, made["id"], bob, his)
    wait_over(page)
    page.wait_for_selector("#rating-change")
    text = page.inner_text("#rating-change")
    assert "Ann: +" in text and "Your rating: −" in text and "(1" in text, text
    assert "?)" in text  # both are new in this pool: provisional
    shoot(page, "rating-banner-1280-light")
    profile = page.get_attribute("#rating-change a", "href")
    assert profile == "/players/Ann"


def test_profile_and_leaderboard_pages(server: Server, pages: Callable[..., Any]) -> None:
    league(server)
    for width in (1280, 400):
        page = pages("/players/ann", width=width)  # any case finds Ann
        page.wait_for_selector("#ratings")
        assert page.inner_text("h1").startswith("Ann")
        card = page.locator('[data-pool="goofspiel"]')
        assert card.locator("svg.rating-chart circle").count() >= 150
        assert "W" in card.inner_text() and "L" in card.inner_text()
        page.wait_for_selector("#recent")
        full(page, f"profile-{width}-light")

        board = pages("/leaderboard/goofspiel", width=width)
        board.wait_for_selector("#leaderboard tbody tr")
        rows = board.locator("#leaderboard tbody tr")
        assert rows.count() >= 10
        first = board.evaluate("window.duelhost.leaderboard.players[0]")
        assert first["rank"] == 1 and "?" not in first["shown"]
        ratings = board.evaluate("window.duelhost.leaderboard.players.map(p => p.rating)")
        assert ratings == sorted(ratings, reverse=True)
        full(board, f"leaderboard-{width}-light")
    listing = pages("/leaderboard")
    listing.wait_for_selector("#pools")
    assert listing.locator('#pools a[href="/leaderboard/goofspiel"]').count() == 1


def test_an_unknown_player_or_pool_is_said_plainly(server: Server, browser: Any) -> None:
    """(Its own browser context: the API's 404, which the page explains, is logged by Chromium
    as a failed load, which the ``pages`` fixture counts as a fault.)"""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url + "/players/nobody-here")
        page.wait_for_selector("#missing")
        assert "no player named nobody-here" in page.inner_text("#missing")
        page.goto(server.url + "/leaderboard/chess")
        page.wait_for_selector("#missing")
        assert "no such rating pool" in page.inner_text("#missing")
    finally:
        context.close()
