"""``duelhost serve`` / ``verify`` / ``loadtest`` command-line errors and exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

from fastapi.testclient import TestClient
from rich.console import Console
from typer.testing import CliRunner

from duelhost.cli import app as cli_app
from duelhost.server.loadtest import run_loadtest
from tests.server.conftest import bearer, create

runner = CliRunner()


def test_serve_with_a_bad_database_url_is_a_clear_error() -> None:
    result = runner.invoke(cli_app, ["serve", "--db", "nosuchdialect://x"])
    assert result.exit_code == 2 and "bad database URL" in result.output


def test_verify_exit_codes(client: TestClient, tmp_path: Path) -> None:
    made = create(client, clock=None)
    mid = made["id"]
    client.post(
        f"/api/matches/{mid}/submissions",
        json={"text": "2"},
        headers=bearer(made["tokens"][0]),
    )
    client.post(f"/api/matches/{mid}/resign", headers=bearer(made["tokens"][1]))
    record = client.get(f"/api/matches/{mid}/record").json()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    assert runner.invoke(cli_app, ["verify", str(good)]).exit_code == 0
    record["history"][0]["receipt"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    tampered = runner.invoke(cli_app, ["verify", str(bad)])
    assert tampered.exit_code == 1 and "the receipt does not match '2'" in tampered.output
    missing = runner.invoke(cli_app, ["verify", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    (tmp_path / "junk.json").write_text("[1, 2")
    assert runner.invoke(cli_app, ["verify", str(tmp_path / "junk.json")]).exit_code == 2


def test_loadtest_refuses_an_unknown_game_before_starting_anything() -> None:
    result = runner.invoke(cli_app, ["loadtest", "--game", "no_such_game", "--matches", "1"])
    assert result.exit_code == 2 and "unknown game 'no_such_game'" in result.output


def test_a_short_loadtest_plays_over_a_real_server_with_no_error_and_nothing_lost(
    db_url: str,
) -> None:
    """A few seconds of the benchmark: Goofspiel matches and 1-second-tick Multiplanetary
    matches over WebSocket against a real ``duelhost serve``; clients thinking up to 2 s
    send tick orders within their own tick window, so none is refused."""
    console = Console(file=io.StringIO(), width=200)
    figures = run_loadtest(
        matches=4,
        game="goofspiel",
        seconds=5.0,
        tick_matches=4,
        db=db_url,
        console=console,
        think=1.0,
    )
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert figures.errors == [], printed
    assert figures.lost == 0
    assert len(figures.acks) > 20 and figures.tick_late, printed
    assert figures.servers[0]["committed_steps"] >= len(figures.acks)
    assert "errors: 0; lost submissions: 0" in printed


def test_a_loadtest_over_two_cluster_processes_spreads_the_matches(db_url: str) -> None:
    """``--processes 2``: two ``duelhost serve --cluster`` processes on the PostgreSQL database,
    match k created on and played through process k mod 2. Each process stores the steps of
    its own matches (both commit some; together at least one per acknowledged submission) and
    nothing acknowledged is lost. On SQLite it is a clear error before any process starts."""
    console = Console(file=io.StringIO(), width=200)
    arguments = {"matches": 4, "game": "goofspiel", "seconds": 5.0, "tick_matches": 0}
    if db_url.startswith("sqlite"):
        result = runner.invoke(
            cli_app, ["loadtest", "--processes", "2", "--db", db_url, "--matches", "1"]
        )
        assert result.exit_code == 2 and "share a PostgreSQL database" in result.output
        return
    figures = run_loadtest(**arguments, db=db_url, console=console, think=0.2, processes=2)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert figures.errors == [] and figures.lost == 0, printed
    assert len(figures.servers) == 2 and "server processes 2" in printed
    steps = [server["committed_steps"] for server in figures.servers]
    assert min(steps) > 0 and sum(steps) >= len(figures.acks) > 20, printed
