"""Events through the server (issue 31), on SQLite and PostgreSQL: a Swiss of bots paired and
played by the director to its end, the host's actions and their refusals, the record checked
by the verifier."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from duelhost.cli import app
from duelhost.events import EventRecord, rated_games, verify_event
from duelhost.events.model import Game
from tests.server.accounts_kit import player
from tests.server.conftest import bearer


def wait_for(
    client: TestClient, event_id: str, done: Any, seconds: float = 60.0, key: str | None = None
) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    headers = bearer(key) if key else {}
    while True:
        event = client.get(f"/api/events/{event_id}", headers=headers).json()
        if done(event):
            return event
        assert time.monotonic() < deadline, f"the event did not get there: {event['phase']}"
        time.sleep(0.1)


def bots(count: int, levels: tuple[str, ...] = ("random", "easy")) -> list[dict[str, Any]]:
    return [
        {
            "name": f"Bot {k + 1}",
            "kind": "bot",
            "bot": levels[k % len(levels)],
            "rating": 1500 + 10 * k,
        }
        for k in range(count)
    ]


def match_check(records: dict[str, Any]) -> Any:
    """The verifier's match check: the match record's winner is the game's."""

    def check(game: Game) -> str | None:
        data = records.get(str(game.match_id))
        if data is None:
            return f"no record of match {game.match_id}"
        winner = data["result"]["winner"]
        expected = game.outcome.winner() if game.outcome is not None else None
        return None if winner == expected else f"match {game.match_id}: winner {winner}"

    return check


def cli_verify(path: Path, data: dict[str, Any]) -> Any:
    path.write_text(json.dumps(data), encoding="utf-8")
    return CliRunner().invoke(app, ["verify", str(path)])


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_swiss_of_bots_is_paired_and_played_to_its_end(
    client: TestClient, tmp_path: Path
) -> None:
    created = client.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "options": {"galaxies": 7},
            "rounds": 5,
            "clock": {"seconds": 5},
            "auto": True,
            "entrants": bots(8),
            "name": "Bots' night",
        },
    )
    assert created.status_code == 201, created.text
    event_id, key = created.json()["id"], created.json()["host_key"]
    assert client.post(f"/api/events/{event_id}/start").status_code == 403
    started = client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    assert started.status_code == 200, started.text
    assert len(started.json()["rounds"][0]["pairings"]) == 4
    event = wait_for(client, event_id, lambda e: e["phase"] == "closed", key=key)
    assert len(event["rounds"]) == 5
    assert sum(line["points"] for line in event["standings"]) == 20.0
    assert event["seed"] is not None
    record = client.get(f"/api/events/{event_id}/record").json()
    assert len(record["matches"]) == 20
    assert [e["action"] for e in record["log"]][:2] == ["open", "start"]
    report = verify_event(EventRecord.from_json(record), match_check(record["matches"]))
    assert report.ok, report.summary()
    ran = cli_verify(tmp_path / "event.json", record)
    assert ran.exit_code == 0, ran.output
    assert "5 rounds re-paired, 20 games and 20 match records checked" in ran.output
    # A tampered copy: one game's result turned round (in the event record only).
    tampered = copy.deepcopy(record)
    game = tampered["rounds"][1]["pairings"][0]["games"][0]
    game["outcome"] = {"1-0": "0-1", "0-1": "1-0"}.get(game["outcome"], "1-0")
    ran = cli_verify(tmp_path / "tampered.json", tampered)
    assert ran.exit_code == 1
    assert "winner" in ran.output and "standings" in ran.output
    csv = client.get(f"/api/events/{event_id}/standings.csv")
    assert csv.status_code == 200 and "Bot" in csv.text
    assert client.get(f"/api/events/{event_id}/trf").text.startswith("012")


def test_host_actions_are_refused_clearly_and_change_nothing(client: TestClient) -> None:
    assert (
        client.post("/api/events", json={"format": "swiss", "game": "goofspiel"}).status_code == 422
    )
    bad_game = client.post("/api/events", json={"format": "swiss", "game": "chess", "rounds": 3})
    assert bad_game.status_code == 400 and "chess" in bad_game.json()["error"]
    bad_bot = client.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 3,
            "entrants": [{"name": "X", "kind": "bot", "bot": "grandmaster"}],
        },
    )
    assert bad_bot.status_code == 400 and "bot level" in bad_bot.json()["error"]
    made = client.post(
        "/api/events",
        json={"format": "swiss", "game": "goofspiel", "rounds": 3, "entrants": bots(3)},
    ).json()
    event_id, key = made["id"], made["host_key"]
    before = client.get(f"/api/events/{event_id}/record").json()
    assert client.post(f"/api/events/{event_id}/rounds", headers=bearer(key)).status_code == 400
    assert (
        client.post(
            f"/api/events/{event_id}/withdraw", headers=bearer(key), json={"entrant": "nobody"}
        ).status_code
        == 400
    )
    assert (
        client.post(
            f"/api/events/{event_id}/forbid",
            headers=bearer(key),
            json={"first": "bot-1", "second": "bot-1"},
        ).status_code
        == 400
    )
    assert (
        client.post(
            f"/api/events/{event_id}/announce", headers=bearer("wrong"), json={"text": "hi"}
        ).status_code
        == 403
    )
    assert client.get("/api/events/nosuchevent").status_code == 404
    after = client.get(f"/api/events/{event_id}/record").json()
    assert after["entrants"] == before["entrants"] and after["actions"] == before["actions"]
    guest = client.post(
        f"/api/events/{event_id}/entrants",
        headers=bearer(key),
        json={"name": "Ann", "kind": "guest"},
    )
    assert guest.status_code == 201 and guest.json()["key"]
    me = client.get(f"/api/events/{event_id}/me", headers=bearer(guest.json()["key"]))
    assert me.status_code == 200 and me.json()["entrant"]["name"] == "Ann"
    assert me.json()["game"] is None


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_knockout_best_of_3_of_sixteen_bots(client: TestClient) -> None:
    created = client.post(
        "/api/events",
        json={
            "format": "knockout",
            "game": "warriors_death",
            "best_of": 3,
            "options": {"bouts": 1, "rounds": 3, "break_seconds": 0},
            "clock": {"seconds": 5},
            "auto": True,
            "entrants": bots(16),
        },
    ).json()
    key = created["host_key"]
    assert client.post(f"/api/events/{created['id']}/start", headers=bearer(key)).status_code == 200
    event = wait_for(client, created["id"], lambda e: e["phase"] == "closed", key=key)
    assert [len(r["pairings"]) for r in event["rounds"]] == [8, 4, 2, 1]
    for rnd in event["rounds"]:
        for pairing in rnd["pairings"]:
            games = pairing["games"]
            assert 2 <= len(games) <= 3 or any(g["outcome"] == "1/2-1/2" for g in games)
            # seats alternate within a series
            assert [g["first"] for g in games[:2]] == [pairing["first"], pairing["second"]]
    places = {line["id"]: line["rank"] for line in event["standings"]}
    assert sorted(places.values())[:2] == [1, 2]
    record = client.get(f"/api/events/{created['id']}/record").json()
    assert verify_event(EventRecord.from_json(record), match_check(record["matches"])).ok


def run_arena(client: TestClient, duration: float, players: int) -> dict[str, Any]:
    created = client.post(
        "/api/events",
        json={
            "format": "arena",
            "game": "goofspiel",
            "duration": duration,
            "options": {"galaxies": 1},
            "clock": {"seconds": 5},
            "entrants": bots(players),
        },
    ).json()
    key = created["host_key"]
    client.post(f"/api/events/{created['id']}/start", headers=bearer(key))
    event = wait_for(
        client, created["id"], lambda e: e["phase"] == "closed", seconds=duration + 60, key=key
    )
    record = client.get(f"/api/events/{created['id']}/record").json()
    assert verify_event(EventRecord.from_json(record), match_check(record["matches"])).ok
    return event


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_short_arena_pairs_players_again_as_they_finish(client: TestClient) -> None:
    event = run_arena(client, 4, 6)
    games = [g for r in event["rounds"] for p in r["pairings"] for g in p["games"]]
    assert len(event["rounds"]) >= 2 and len(games) >= 6
    assert event["standings"][0]["points"] >= event["standings"][-1]["points"]


@pytest.mark.release
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_a_ten_minute_arena(client: TestClient) -> None:
    started = time.monotonic()
    event = run_arena(client, 600, 12)
    games = [g for r in event["rounds"] for p in r["pairings"] for g in p["games"]]
    # The figures docs/events.md records (run with -s to see them).
    print(
        f"ten-minute arena: {len(event['rounds'])} waves, {len(games)} games, "
        f"{sum(1 for g in games if g['outcome'] is None)} left on at the end, winner "
        f"{event['standings'][0]['name']} with {event['standings'][0]['points']} points, "
        f"{time.monotonic() - started:.0f} s from creation to a verified record"
    )
    assert len(event["rounds"]) > 100


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_accounts_enter_find_their_game_and_host_with_their_session(client: TestClient) -> None:
    organizer, alice = player(client, "orga"), player(client, "alice")
    bad = organizer.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 1,
            "entrants": [{"name": "x", "kind": "account", "account": "nobody"}],
        },
    )
    assert bad.status_code == 400 and "no account named" in bad.json()["error"]
    made = organizer.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 1,
            "options": {"galaxies": 1},
            "entrants": [{"name": "Alice", "kind": "account", "account": "alice"}, *bots(1)],
        },
    ).json()
    event_id = made["id"]
    # The organizer acts with its session; another account cannot.
    assert alice.post(f"/api/events/{event_id}/start").status_code == 403
    assert (
        organizer.post(f"/api/events/{event_id}/cohosts", json={"name": "alice"}).status_code == 200
    )
    started = alice.post(f"/api/events/{event_id}/start")  # a co-host now
    assert started.status_code == 200, started.text
    deadline = time.monotonic() + 30
    while (me := alice.get(f"/api/events/{event_id}/me").json())["game"] is None:
        assert time.monotonic() < deadline, "the director made no match"
        time.sleep(0.1)
    assert me["entrant"]["name"] == "alice" and me["game"]["invite"]
    opened = alice.post(f"/api/invites/{me['game']['invite']}")
    assert opened.status_code == 200
    held = alice.get("/api/me/matches").json()
    assert me["game"]["match"] in json.dumps(held)
    assert client.get(f"/api/events/{event_id}/me").json()["entrant"] is None


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_no_show_check_in_and_autostart(client: TestClient) -> None:
    now = time.time()
    made = (
        player(client, "organizer")
        .post(
            "/api/events",
            json={
                "format": "swiss",
                "game": "goofspiel",
                "rounds": 1,
                "options": {"galaxies": 1},
                "no_show_grace": 1,
                "rated": True,
                "entrants": [
                    {"name": "Ann", "kind": "guest", "rating": 2000},
                    {"name": "Ben", "kind": "guest", "rating": 1900},
                    {"name": "Cat", "kind": "guest", "rating": 1000},
                    *bots(1),
                ],
            },
        )
        .json()
    )
    event_id, key = made["id"], made["host_key"]
    ann, ben = made["entrants"]["ann"]["key"], made["entrants"]["ben"]["key"]
    configured = client.post(
        f"/api/events/{event_id}/settings", headers=bearer(key), json={"checkin_until": now + 60}
    )
    assert configured.status_code == 200, configured.text
    for guest in (ann, ben):
        assert (
            client.post(f"/api/events/{event_id}/checkin", headers=bearer(guest)).status_code == 200
        )
    client.post(
        f"/api/events/{event_id}/entrants",
        headers=bearer(key),
        json={"name": "Bot X", "kind": "bot", "bot": "random"},
    )
    client.post(f"/api/events/{event_id}/checkin", headers=bearer(ann))
    # The start comes by itself, half a second from now (after the check-ins, whatever the
    # machine's load).
    autostart = client.post(
        f"/api/events/{event_id}/settings",
        headers=bearer(key),
        json={"autostart_at": time.time() + 0.5},
    )
    assert autostart.status_code == 200, autostart.text
    # Autostart: the entrants not checked in (Cat and the bots) are dropped; Ann meets Ben;
    # neither opens the invite: after the grace both forfeit.
    event = wait_for(client, event_id, lambda e: e["phase"] == "running", key=key)
    assert [e["name"] for e in event["entrants"]] == ["Ann", "Ben"]
    event = wait_for(
        client,
        event_id,
        lambda e: (
            all(g.get("outcome") for p in e["rounds"][0]["pairings"] for g in p["games"])
            and e["rounds"][0]["pairings"][0]["games"]
        ),
        key=key,
    )
    game = event["rounds"][0]["pairings"][0]["games"][0]
    assert game["outcome"] == "--"
    record = client.get(f"/api/events/{event_id}/record", headers=bearer(key)).json()
    assert [a["kind"] for a in record["actions"]] == ["forfeit"]
    assert EventRecord.from_json(record).config.rated
    assert rated_games(EventRecord.from_json(record)) == []
    match = record["matches"][game["match_id"]]
    assert match["result"]["reason"].startswith("adjudicated: no-show")


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_no_scouting_refuses_a_playing_entrants_browser_the_other_boards(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 1,
            "options": {"galaxies": 1},
            "no_scouting": True,
            "entrants": [{"name": "Ann", "kind": "guest", "rating": 2000}, *bots(3)],
        },
    ).json()
    event_id, key = made["id"], made["host_key"]
    client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    event = wait_for(
        client, event_id, lambda e: all(p["games"] for p in e["rounds"][0]["pairings"]), key=key
    )
    games = {
        p["first"] + p["second"]: p["games"][0]["match_id"] for p in event["rounds"][0]["pairings"]
    }
    own = next(m for pair, m in games.items() if "ann" in pair)
    other = next(m for pair, m in games.items() if "ann" not in pair)
    cookie = {f"duelhost_entrant_{event_id}": made["entrants"]["ann"]["key"]}
    client.cookies.update(cookie)
    refused = client.get(f"/api/matches/{other}")
    assert refused.status_code == 403 and "no scouting" in refused.json()["error"]
    assert client.get(f"/api/matches/{own}").status_code == 200
    client.cookies.clear()
    assert client.get(f"/api/matches/{other}").status_code == 200


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_boards_views_for_thumbnails_lag_by_the_spectator_delay(client: TestClient) -> None:
    made = client.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 1,
            "delay": 600,
            "options": {"galaxies": 1, "planets": 5},
            "entrants": bots(2),
        },
    ).json()
    event_id, key = made["id"], made["host_key"]
    client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    # The two bots play their game at once: the host sees it over, with its last view.
    deadline = time.monotonic() + 30
    while (
        not (
            hosts := client.get(
                f"/api/events/{event_id}/boards?views=true", headers=bearer(key)
            ).json()["boards"]
        )
        or not hosts[0]["over"]
    ):
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    # (five decisions, more if a tie was replayed)
    assert hosts[0]["view"]["is_over"] is True and hosts[0]["view"]["decision"] >= 5
    # A spectator's thumbnail is drawn from the view of ten minutes ago: the game's start.
    seen = client.get(f"/api/events/{event_id}/boards?views=true").json()
    assert seen["delay"] == 600
    board = seen["boards"][0]
    assert board["over"] is False and board["view"]["decision"] == 0
    assert board["view"]["is_over"] is False
    assert "view" not in client.get(f"/api/events/{event_id}/boards").json()["boards"][0]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_process_that_did_not_see_the_changes_never_shows_them_early(
    client: TestClient,
) -> None:
    """The audience's delayed view on a process that read the event only now (a restart,
    another process of a cluster) starts from the event as it opened, never from the present:
    with a 10-minute delay, the round just played is not shown, nor its result."""
    made = client.post(
        "/api/events",
        json={
            "format": "swiss",
            "game": "goofspiel",
            "rounds": 2,
            "delay": 600,
            "auto": False,
            "options": {"galaxies": 1, "planets": 3},
            "entrants": bots(4),
        },
    ).json()
    event_id, key = made["id"], made["host_key"]
    client.post(f"/api/events/{event_id}/start", headers=bearer(key))
    hosts = wait_for(
        client,
        event_id,
        lambda e: (
            e["rounds"]
            and all(p["games"] and p["games"][0]["outcome"] for p in e["rounds"][0]["pairings"])
        ),
        key=key,
    )
    assert sum(line["points"] for line in hosts["standings"]) >= 2.0  # the host sees it at once
    service = client.app.state.events  # type: ignore[attr-defined]
    service.snapshots.kept.pop(event_id)  # as on a process that did not see the changes
    service.states.pop(event_id)
    seen = client.get(f"/api/events/{event_id}").json()
    assert seen["delayed"] == 600
    assert seen["rounds"] == []
    assert [line["points"] for line in seen["standings"]] == [0.0] * 4
    assert [e["name"] for e in seen["entrants"]] == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    # Each state this process reads is kept as of its reading, to be shown once older than the
    # delay; the history grows by new states only.
    kept = service.snapshots.kept[event_id]
    assert [entry[2] for entry in kept] == ["entry", "running"]
    client.get(f"/api/events/{event_id}")
    assert len(service.snapshots.kept[event_id]) == 2  # the same state is not kept twice
