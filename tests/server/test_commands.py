"""``duelhost serve`` / ``verify`` / ``loadtest`` command-line errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from duelhost.cli import app as cli_app
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
        headers=bearer(made["seats"][0]["token"]),
    )
    client.post(f"/api/matches/{mid}/resign", headers=bearer(made["seats"][1]["token"]))
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
