"""Rated events through the server (issues 30 and 31): bot entries are the bots' accounts, so a
rated event between bots changes their ratings; a knockout's best-of-N series is rated once, as
one game, and a forfeit (a no-show) counts in the standings, never in the ratings; the entry
conditions (accounts only, a minimum of rated games) refuse clearly and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, select
from typer.testing import CliRunner

from duelhost.cli import app
from duelhost.events import EventRecord
from duelhost.events.knockout import tie_winner
from duelhost.ratings.bots import bot_account_id
from duelhost.store.schema import accounts, ratings
from tests.server.accounts_kit import player
from tests.server.conftest import bearer
from tests.server.test_events import wait_for

SMALL = {"galaxies": 1, "planets": 5}
"""Classic Goofspiel of five cards: five decisions a seat."""
# Two new players (1500, RD 500, volatility 0.09), one game: lichess's own test of Glicko-2
# gives the winner 1741.48 and the loser 1258.52 (docs/ratings.md; tests/ratings/test_glicko2.py).
NEW_WINNER, NEW_LOSER = 1741.48, 1258.52


def changes(client: TestClient) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get("/api/ratings/changes").json()["changes"]
    return found


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_rated_event_between_bots_changes_their_accounts_ratings(client: TestClient) -> None:
    body = {
        "format": "swiss",
        "game": "goofspiel",
        "options": SMALL,
        "rounds": 1,
        "clock": {"seconds": 5},
        "auto": True,
        "rated": True,
        "entrants": [
            {"name": "Easy", "kind": "bot", "bot": "easy"},
            {"name": "Hard", "kind": "bot", "bot": "hard"},
        ],
    }
    # Ratings move only by events an account answers for: no organizer, no rated event.
    anonymous = client.post("/api/events", json=body)
    assert anonymous.status_code == 403 and "sign in" in anonymous.json()["error"]
    assert client.post("/api/events", json={**body, "rated": False}).status_code == 201
    made = player(client, "organizer").post("/api/events", json=body)
    assert made.status_code == 201, made.text
    event_id, key = made.json()["id"], made.json()["host_key"]
    event = client.get(f"/api/events/{event_id}").json()
    # Entered without a rating: seeded by their accounts' (none yet in this pool: 1500).
    assert [(e["rating"], e["account"]) for e in event["entrants"]] == [
        (1500, "goofspiel-easy"),
        (1500, "goofspiel-hard"),
    ]
    client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    event = wait_for(client, event_id, lambda e: e["phase"] == "closed", key=key)
    game = event["rounds"][0]["pairings"][0]["games"][0]
    rating = client.get(f"/api/matches/{game['match_id']}/rating").json()
    assert rating["rated"] is True
    made_changes = changes(client)
    assert len(made_changes) == 2
    by_account = {c["account_id"]: c for c in made_changes}
    first, second = (
        event["rounds"][0]["pairings"][0]["first"],
        event["rounds"][0]["pairings"][0]["second"],
    )
    accounts = {"easy": bot_account_id("goofspiel-easy"), "hard": bot_account_id("goofspiel-hard")}
    scores = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}[game["outcome"]]
    assert by_account[accounts[first]]["score"] == scores[0]
    assert by_account[accounts[second]]["score"] == scores[1]
    if scores != (0.5, 0.5):
        after = sorted(round(c["rating_after"], 2) for c in made_changes)
        assert after == [NEW_LOSER, NEW_WINNER]
        # The next event seeds the bots by their ratings now.
        again = client.post(
            "/api/events",
            json={
                "format": "swiss",
                "game": "goofspiel",
                "options": SMALL,
                "rounds": 1,
                "entrants": [
                    {"name": "Easy", "kind": "bot", "bot": "easy"},
                    {"name": "Hard", "kind": "bot", "bot": "hard"},
                ],
            },
        ).json()
        seeded = client.get(f"/api/events/{again['id']}").json()["entrants"]
        winner = first if scores[0] == 1.0 else second
        assert {e["id"]: e["rating"] for e in seeded} == {
            winner: 1741,
            ({"easy", "hard"} - {winner}).pop(): 1259,
        }


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_rated_knockout_rates_each_series_once_and_never_a_forfeit(
    client: TestClient, db_url: str
) -> None:
    player(client, "alice")
    made = (
        player(client, "organizer")
        .post(
            "/api/events",
            json={
                "format": "knockout",
                "game": "goofspiel",
                "best_of": 3,
                "options": SMALL,
                "clock": {"seconds": 5},
                "auto": True,
                "rated": True,
                "no_show_grace": 1,
                "entrants": [
                    {"name": "alice", "kind": "account", "account": "alice"},
                    *(
                        {"name": level, "kind": "bot", "bot": level}
                        for level in ("random", "easy", "hard")
                    ),
                ],
            },
        )
        .json()
    )
    event_id, key = made["id"], made["host_key"]
    client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    # alice never takes a seat: each of her games is a no-show forfeit.
    event = wait_for(client, event_id, lambda e: e["phase"] == "closed", key=key)
    record = EventRecord.from_json(client.get(f"/api/events/{event_id}/record").json())
    semis, final = record.rounds[0].pairings, record.rounds[1].pairings[0]
    forfeited = next(p for p in semis if "alice" in p.players())
    played = next(p for p in semis if "alice" not in p.players())
    assert [g.outcome is not None and not g.outcome.played for g in forfeited.games] == [True, True]
    through = tie_winner(forfeited, 3, 3)
    assert through != "alice" and through in final.players()
    lines = {line["id"]: line for line in event["standings"]}
    # The forfeits count in the standings: two game points for alice's opponent, none for her.
    assert lines[str(through)]["points"] >= 2.0 and lines["alice"]["points"] == 0.0
    made_changes = changes(client)
    # One rating update per series played over the board (two: a semi-final and the final),
    # none for alice's series (forfeits only); the series' matches are not rated themselves.
    series = [c for c in made_changes if c["series"] is not None]
    assert len(made_changes) == len(series) == 4
    listed = sorted({tuple(c["series"]) for c in series})
    assert listed == sorted({tuple(g.match_id for g in p.games) for p in (played, final)})
    for pairing in (*semis, final):
        for g in pairing.games:
            assert client.get(f"/api/matches/{g.match_id}/rating").json()["rated"] is False
    alice = client.get("/api/players/alice/ratings").json()
    assert not alice.get("ratings")
    # The semi-final between two new bots: one game between new players, 1741 and 1258 (a
    # series level in wins, 0.5 each, leaves both at 1500).
    semi = [c for c in series if tuple(c["series"]) == tuple(g.match_id for g in played.games)]
    won = tie_winner(played, 3, 3)
    winner_account = bot_account_id(f"goofspiel-{won}")
    wins = [
        sum(
            1
            for g in played.games
            if g.outcome is not None
            and g.outcome.winner() is not None
            and (g.first, g.second)[g.outcome.winner() or 0] == side
        )
        for side in (won, ({played.first, played.second} - {won}).pop())
    ]
    expected = {
        c["account_id"]: (NEW_WINNER if c["account_id"] == winner_account else NEW_LOSER)
        for c in semi
    }
    if wins[0] == wins[1]:
        expected = {c["account_id"]: 1500.0 for c in semi}
    assert {c["account_id"]: round(c["rating_after"], 2) for c in semi} == expected
    rebuilt = CliRunner().invoke(app, ["ratings", "rebuild", "--db", db_url])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "equal" in rebuilt.output


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_entry_conditions_accounts_only_and_minimum_rated_games(client: TestClient) -> None:
    for name in ("alice", "bob"):
        player(client, name)
    engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
    bob_id = _account_id(engine, "bob")
    with engine.begin() as connection:  # bob has played 3 rated games of this pool
        connection.execute(
            insert(ratings).values(
                account_id=bob_id,
                pool="goofspiel.classic-7",
                rating=1620.4,
                deviation=90.0,
                volatility=0.09,
                games=3,
                wins=2,
                draws=0,
                losses=1,
                last_game=1.0,
                updated=1.0,
            )
        )
    base = {"format": "swiss", "game": "goofspiel", "options": {"galaxies": 1}, "rounds": 2}
    alice = {"name": "alice", "kind": "account", "account": "alice"}
    guest = {"name": "Gus", "kind": "guest"}
    cases: list[tuple[dict[str, Any], list[dict[str, Any]], str]] = [
        (
            {"min_rated_games": 2},
            [alice],
            "alice has 0 rated games of goofspiel.classic-7; this "
            "event's entry conditions ask for at least 2",
        ),
        (
            {"min_rated_games": 4},
            [{"name": "bob", "kind": "account"}],
            "bob has 3 rated games of goofspiel.classic-7",
        ),
        (
            {"min_rated_games": 1},
            [{"name": "Easy", "kind": "bot", "bot": "easy"}],
            "Easy has 0 rated games",
        ),
        (
            {"accounts_only": True},
            [guest],
            "Gus cannot enter as a named guest: this event takes accounts only",
        ),
        ({"min_rated_games": 1}, [guest], "Gus has 0 rated games"),
    ]
    for conditions, entrants, message in cases:
        refused = client.post("/api/events", json={**base, **conditions, "entrants": entrants})
        assert refused.status_code == 400 and message in refused.json()["error"], refused.text
    made = client.post(
        "/api/events",
        json={
            **base,
            "accounts_only": True,
            "min_rated_games": 3,
            "entrants": [{"name": "bob", "kind": "account"}],
        },
    )
    assert made.status_code == 201, made.text
    event_id, key = made.json()["id"], made.json()["host_key"]
    event = client.get(f"/api/events/{event_id}").json()
    assert [(e["name"], e["rating"]) for e in event["entrants"]] == [("bob", 1620)]
    assert event["settings"]["accounts_only"] and event["settings"]["min_rated_games"] == 3
    for body, message in (
        (alice, "alice has 0 rated games"),
        (guest, "as a named guest"),
        ({"name": "Hard", "kind": "bot", "bot": "hard"}, "Hard has 0"),
    ):
        late = client.post(f"/api/events/{event_id}/entrants", headers=bearer(key), json=body)
        assert late.status_code == 400 and message in late.json()["error"], late.text
    assert len(client.get(f"/api/events/{event_id}").json()["entrants"]) == 1
    # Conditions set later are checked against the entrants already in.
    open_event = client.post(
        "/api/events", json={**base, "entrants": [alice, guest, {"name": "bob", "kind": "account"}]}
    ).json()
    url, host = f"/api/events/{open_event['id']}/settings", bearer(open_event["host_key"])
    refused = client.post(url, headers=host, json={"min_rated_games": 1})
    assert refused.status_code == 400
    assert refused.json()["error"] == (
        "at least 1 rated game of goofspiel.classic-7: alice, "
        "Gus have fewer (withdraw them first, or ask for fewer)"
    )
    refused = client.post(url, headers=host, json={"accounts_only": True})
    assert refused.status_code == 400 and "Gus is a named guest" in refused.json()["error"]
    settings = client.get(f"/api/events/{open_event['id']}").json()["settings"]
    assert settings["min_rated_games"] == 0 and settings["accounts_only"] is False
    substitute = client.post(
        f"/api/events/{event_id}/substitute",
        headers=bearer(key),
        json={"entrant": "bob", "holder": guest},
    )
    assert substitute.status_code == 400 and "named guest" in substitute.json()["error"]


def _account_id(engine: Any, name: str) -> str:
    with engine.connect() as connection:
        return str(
            connection.execute(select(accounts.c.id).where(accounts.c.name_key == name)).scalar()
        )
