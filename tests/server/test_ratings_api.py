"""The rating routes on both backends: a rated match played to its end through the API changes
both ratings once (its rating route, the players' profiles, the audit stream say so); unrated
ends say why; leaderboards rank by rating with deviation below 75; bad input is a clear 4xx."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import insert

from duelhost.ratings.bots import bot_account_id
from duelhost.store.schema import ratings
from tests.server.conftest import bearer, create
from tests.store.ratings_helpers import hold, make_account


def play(client: TestClient, made: dict[str, Any], bids: tuple[list[str], list[str]]) -> None:
    mid = made["id"]
    for first, second in zip(*bids, strict=True):
        for seat, text in ((0, first), (1, second)):
            token = made["tokens"][seat]
            if token is None:
                continue
            answer = client.post(
                f"/api/matches/{mid}/submissions", json={"text": text}, headers=bearer(token)
            )
            assert answer.status_code == 200, answer.text


def rated_match(client: TestClient, names: tuple[str, str]) -> dict[str, Any]:
    made = create(client, seed=None, rated=True, clock=None)
    assert made["rated"] is True and made["pool"] == "toy_bids"
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    for seat, name in enumerate(names):
        account = store.rating_book.account(name)
        hold(store, made["id"], seat, account["id"] if account else make_account(store, name))
    return made


def test_a_rated_match_moves_both_ratings_and_every_route_says_so(client: TestClient) -> None:
    made = rated_match(client, ("Ann", "bob"))
    mid = made["id"]
    before = client.get(f"/api/matches/{mid}/rating").json()
    assert before["rated"] is True and before["changes"] == [] and before["unrated"] is None
    play(client, made, (["3", "1", "2"], ["2", "3", "1"]))  # seat 0 wins two rounds of three
    rating = client.get(f"/api/matches/{mid}/rating").json()
    assert [(c["seat"], c["name"]) for c in rating["changes"]] == [(0, "Ann"), (1, "bob")]
    won, lost = rating["changes"]
    assert won["change"] > 0 > lost["change"] and won["shown"].endswith("?")
    assert won["rating_after"] == 1500 + won["change"]

    profile = client.get("/api/players/ANN/ratings").json()  # names without regard to case
    assert profile["name"] == "Ann" and profile["kind"] == "person"
    [pool] = profile["ratings"]
    assert (pool["pool"], pool["games"], pool["wins"], pool["provisional"]) == (
        "toy_bids",
        1,
        1,
        True,
    )
    assert [point["match"] for point in pool["history"]] == [mid]
    assert pool["history"][0]["opponent"] == "bob"
    assert profile["recent"][0]["match"] == mid and profile["recent"][0]["outcome"] == "win"
    assert profile["recent"][0]["replay"] == f"/replay/{mid}"

    audit = client.get("/api/ratings/changes").json()
    assert [c["match_id"] for c in audit["changes"]] == [mid, mid]
    assert audit["changes"][0]["record"] == f"/api/matches/{mid}/record"
    assert audit["changes"][0]["opponent_rating"] == 1500
    assert client.get(f"/api/ratings/changes?after={audit['next']}").json()["changes"] == []


def test_an_aborted_rated_match_says_why_it_is_unrated(client: TestClient) -> None:
    made = rated_match(client, ("ann", "bob"))
    mid = made["id"]
    resigned = client.post(f"/api/matches/{mid}/resign", headers=bearer(made["tokens"][1]))
    assert resigned.status_code == 200, resigned.text
    rating = client.get(f"/api/matches/{mid}/rating").json()
    assert rating["changes"] == [] and rating["unrated"].startswith("aborted")
    casual = create(client, clock=None)
    assert client.get(f"/api/matches/{casual['id']}/rating").json()["rated"] is False


def test_a_rated_match_against_a_bot_rates_the_bots_account(client: TestClient) -> None:
    made = create(
        client,
        seed=None,
        rated=True,
        clock=None,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    hold(store, made["id"], 0, make_account(store, "ann"))
    play(client, made, (["1", "2", "3"], ["", "", ""]))
    rating = client.get(f"/api/matches/{made['id']}/rating").json()
    assert [c["name"] for c in rating["changes"]] == ["ann", "toy_bids-random"]
    bot = client.get("/api/players/toy_bids-random/ratings").json()
    assert bot["kind"] == "bot" and bot["ratings"][0]["games"] == 1
    assert bot["recent"][0]["match"] == made["id"]


def test_the_leaderboard_ranks_established_ratings(client: TestClient) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    rows = []
    for number, (rating, deviation) in enumerate([(1700, 60), (1900, 74), (2100, 80), (1600, 50)]):
        account = make_account(store, f"p{number}")
        rows.append(
            {
                "account_id": account,
                "pool": "toy_bids",
                "rating": rating,
                "deviation": deviation,
                "volatility": 0.06,
                "games": 30,
                "wins": 10,
                "draws": 10,
                "losses": 10,
                "last_game": 5.0,
                "updated": 5.0,
            }
        )
    with store.engine.begin() as connection:
        connection.execute(insert(ratings), rows)
    board = client.get("/api/leaderboard/toy_bids?limit=2").json()
    assert [(p["rank"], p["name"], p["shown"]) for p in board["players"]] == [
        (1, "p1", "1900"),
        (2, "p0", "1700"),
    ]
    assert board["more"] is True and board["game"] == "toy_bids" and board["variant"] is None
    rest = client.get("/api/leaderboard/toy_bids?limit=2&offset=2").json()
    assert [(p["rank"], p["name"]) for p in rest["players"]] == [(3, "p3")] and rest[
        "more"
    ] is False
    assert client.get("/api/ratings/pools").json()["pools"][0]["rated"] == 4


def test_bad_rating_requests_are_clear_4xx(client: TestClient) -> None:
    assert client.get("/api/leaderboard/chess").status_code == 404
    assert "no such rating pool" in client.get("/api/leaderboard/toy_bids.BAD!").json()["error"]
    assert client.get("/api/leaderboard/toy_bids?limit=0").status_code == 422
    assert client.get("/api/players/nobody/ratings").status_code == 404
    assert client.get("/api/matches/nope/rating").status_code == 404
    assert client.get("/api/ratings/changes?after=-1").status_code == 422
    # Past the store's 64-bit integers (schemathesis drew one: it was a 500).
    too_far = client.get(f"/api/ratings/changes?after={2**64}")
    assert too_far.status_code == 422 and "after" in too_far.text
    seeded = client.post("/api/matches", json={"game": "toy_bids", "seed": 3, "rated": True})
    assert seeded.status_code == 400 and "seed" in seeded.json()["error"]
    bots = client.post(
        "/api/matches",
        json={"game": "toy_bids", "rated": True, "seats": [{"kind": "bot"}, {"kind": "bot"}]},
    )
    assert bots.status_code == 400 and "human seat" in bots.json()["error"]
    params = client.get("/api/ratings/parameters").json()["parameters"]
    assert (params["tau"], params["deviation"], params["volatility"]) == (0.75, 500, 0.09)
    assert bot_account_id("x") != bot_account_id("y")
