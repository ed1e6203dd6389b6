"""``duelhost ratings rebuild`` on both backends: rated matches played through the API (won,
drawn, against a bot, one aborted), then every rating recomputed from the store's records and
from a folder of downloaded records equals the served table; a record changed (in the folder,
or in the database) is reported as a difference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from duelhost.cli import app
from duelhost.store.schema import matches
from tests.server.conftest import bearer, create
from tests.server.test_ratings_api import play, rated_match
from tests.store.ratings_helpers import hold, make_account

runner = CliRunner()


def league(client: TestClient) -> list[str]:
    """Five rated matches among three players and a bot; one of them aborted."""
    played = []
    for names, bids in [
        (("ann", "bob"), (["3", "1", "2"], ["2", "3", "1"])),  # ann wins
        (("bob", "cid"), (["1", "2", "3"], ["1", "2", "3"])),  # a draw
        (("cid", "ann"), (["1", "2", "3"], ["2", "3", "1"])),  # ann wins
    ]:
        made = rated_match(client, names)
        play(client, made, bids)
        played.append(made["id"])
    aborted = rated_match(client, ("ann", "cid"))
    client.post(f"/api/matches/{aborted['id']}/resign", headers=bearer(aborted["tokens"][0]))
    played.append(aborted["id"])
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    bot = create(
        client,
        seed=None,
        rated=True,
        clock=None,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    hold(store, bot["id"], 0, store.rating_book.account("bob")["id"])
    play(client, bot, (["3", "2", "1"], ["", "", ""]))
    played.append(bot["id"])
    return played


def rebuild(db_url: str, *more: str) -> Any:
    return runner.invoke(app, ["ratings", "rebuild", "--db", db_url, *more])


def test_the_rebuild_equals_the_served_table_and_sees_a_changed_record(
    client: TestClient, db_url: str, tmp_path: Path
) -> None:
    played = league(client)
    assert make_account(client.app.state.hub.store, "dee")  # type: ignore[attr-defined]
    done = rebuild(db_url)
    assert done.exit_code == 0, done.output
    assert "equal: 8 rating changes of 5 rated matches and 4 ratings" in done.output

    folder = tmp_path / "records"
    folder.mkdir()
    for match_id in played:
        record = client.get(f"/api/matches/{match_id}/record")
        assert record.status_code == 200
        (folder / f"{match_id}.json").write_text(record.text)
    from_files = rebuild(db_url, "--records", str(folder))
    assert from_files.exit_code == 0, from_files.output
    assert "from 5 rated records" in from_files.output

    # One downloaded record changed: the draw becomes bob's win.
    path = folder / f"{played[1]}.json"
    data = json.loads(path.read_text())
    data["result"]["winner"] = 0
    path.write_text(json.dumps(data))
    tampered = rebuild(db_url, "--records", str(folder))
    assert tampered.exit_code == 1
    assert (
        f"match {played[1]}: bob's score is 0.5 in the table, 1.0 from the records"
        in tampered.output
    )

    # The same change made in the database itself.
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(
            update(matches)
            .where(matches.c.id == played[0])
            .values(result=json.dumps({"winner": 1, "reason": "x"}))
        )
    changed = rebuild(db_url)
    assert changed.exit_code == 1
    assert (
        f"match {played[0]}: ann's score is 1.0 in the table, 0.0 from the records"
        in changed.output
    )
    assert "difference(s) between the store's records and the served ratings" in changed.output


def test_the_rebuild_refuses_bad_input(db_url: str, tmp_path: Path) -> None:
    missing = rebuild(db_url, "--records", str(tmp_path / "none"))
    assert missing.exit_code == 2
    (tmp_path / "junk.json").write_text("{not json")
    junk = rebuild(db_url, "--records", str(tmp_path))
    assert junk.exit_code == 1 and "junk.json: not a match record" in junk.output
    bad = runner.invoke(app, ["ratings", "rebuild", "--db", "nonsense://x"])
    assert bad.exit_code == 2 and "bad database URL" in bad.output


def test_a_series_rated_once_is_rebuilt_from_its_matches(client: TestClient, db_url: str) -> None:
    from duelhost.store.ratings import rate_series

    store = client.app.state.hub.store  # type: ignore[attr-defined]
    ann, bob = make_account(store, "ann"), make_account(store, "bob")
    series = []
    for bids in ((["3", "1", "2"], ["2", "3", "1"]), (["1", "2", "3"], ["2", "3", "1"])):
        made = create(client, clock=None)  # the series' matches are casual
        hold(store, made["id"], 0, ann)
        hold(store, made["id"], 1, bob)
        play(client, made, bids)
        series.append(made["id"])
    with store.engine.begin() as connection:  # ann 1 win, bob 1 win: a tied series
        rate_series(connection, series, "toy_bids", (ann, bob), (1, 1), 99.0)
    done = rebuild(db_url)
    assert done.exit_code == 0, done.output
    with store.engine.begin() as connection:
        connection.execute(
            update(matches)
            .where(matches.c.id == series[1])
            .values(result=json.dumps({"winner": 0, "reason": "rounds played"}))
        )
    changed = rebuild(db_url)
    assert changed.exit_code == 1
    assert (
        f"match {series[1]}: ann's score is 0.5 in the table, 1.0 from the records"
        in changed.output
    )
