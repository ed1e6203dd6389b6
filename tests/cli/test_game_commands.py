"""A game's own commands are declared as data (``duelhost.core.commands``) and built by the CLI:
a game imports no CLI, Typer or Rich (issue 29), and their errors read as every other error."""

from __future__ import annotations

import ast
from pathlib import Path

from typer.testing import CliRunner

from duelhost.cli import app

runner = CliRunner()
GAMES = Path(__file__).resolve().parents[2] / "src" / "duelhost" / "games"


def test_no_game_imports_the_cli_typer_or_rich() -> None:
    offenders = []
    for path in GAMES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in ("typer", "rich", "click") or name.startswith(
                    ("duelhost.cli", "duelhost.server", "duelhost.host")
                ):
                    offenders.append(f"{path.relative_to(GAMES)}: {name}")
    assert offenders == []


def test_a_declared_commands_bad_input_is_an_error_line() -> None:
    result = runner.invoke(app, ["solve", "goofspiel", "--planets", "0"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: --planets must be at least 1, got 0"


def test_declared_commands_keep_their_options_and_groups(tmp_path: Path) -> None:
    out = tmp_path / "map.json"
    made = runner.invoke(app, ["maps", "generate", "--seed", "5", "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert made.output.strip() == f"map of seed 5 written to {out}"
    checked = runner.invoke(app, ["maps", "check", str(out)])
    assert checked.exit_code == 0 and "a valid map with" in checked.output
    missing = runner.invoke(app, ["maps", "check", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and missing.output.startswith("error: ")
