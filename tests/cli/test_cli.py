"""The ``duelhost`` command: games, rules, play (bots and humans), replay, bench, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.cli import app

runner = CliRunner()
GAMES = duelhost.list_games()


def test_games_lists_every_engine_with_a_summary() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name in GAMES:
        line = next(line for line in result.output.splitlines() if line.startswith(name))
        assert len(line.split()) > 2, f"{name} has no summary"


@pytest.mark.parametrize("name", GAMES)
def test_rules_prints_the_rules_page(name: str) -> None:
    result = runner.invoke(app, ["rules", name])
    assert result.exit_code == 0
    page = (Path(__file__).parents[2] / "docs" / "games" / f"{name}.md").read_text()
    assert result.output.strip() == page.strip()


@pytest.mark.parametrize("name", GAMES)
def test_bot_match_finishes_prints_the_result_and_replays(name: str, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    args = ["play", name, "--p0", "random", "--p1", "random", "--seed", "3"]
    result = runner.invoke(app, [*args, "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "Result:" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == name and data["seed"] == 3
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    assert f"replayed {len(data['history'])} entries" in replayed.output


def test_errors_are_messages_with_exit_code_2() -> None:
    unknown = runner.invoke(app, ["play", "chess", "--p0", "random"])
    assert unknown.exit_code == 2
    assert "unknown game 'chess'; the games are" in unknown.output
    name = GAMES[0]
    bad_opt = runner.invoke(app, ["play", name, "--opt", "nonsense=1", "--p0", "random"])
    assert bad_opt.exit_code == 2 and "unknown option 'nonsense'" in bad_opt.output
    bad_seat = runner.invoke(app, ["play", name, "--p0", "martian"])
    assert bad_seat.exit_code == 2 and "--p0 must be one of human, " in bad_seat.output
    no_rules = runner.invoke(app, ["rules", "chess"])
    assert no_rules.exit_code == 2


def test_replay_rejects_a_tampered_record(tmp_path: Path) -> None:
    name = GAMES[0]
    record = tmp_path / "match.json"
    args = ["play", name, "--p0", "random", "--p1", "random", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    data = json.loads(record.read_text())
    first = next(n for n, entry in enumerate(data["history"]) if entry["kind"] == "submit")
    data["history"][first]["text"] = "%%%"  # not a legal submission in any game
    record.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(record)])
    assert result.exit_code == 2
    assert f"history entry {first}" in result.output


def test_bench_prints_the_figures() -> None:
    name = GAMES[0]
    result = runner.invoke(app, ["bench", name, "--matches", "3"])
    assert result.exit_code == 0, result.output
    for figure in ("matches/s", "decisions/s", "mean clone()", "peak memory"):
        assert figure in result.output


def test_installed_console_script_runs() -> None:
    """The real ``duelhost`` entry point, in its own process."""
    done = subprocess.run(
        [sys.executable, "-m", "duelhost", "games"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert all(name in done.stdout for name in GAMES)


CLASSIC_3 = ["--opt", "galaxies=1", "--opt", "planets=3", "--seed", "1"]
needs_goofspiel = pytest.mark.skipif(
    "goofspiel" not in GAMES, reason="the goofspiel engine is not registered"
)


@needs_goofspiel
def test_human_gets_help_legal_and_clear_errors() -> None:
    typed = "help\nlegal\n9\nview\n1\n2\n3\n"
    result = runner.invoke(app, ["play", "goofspiel", "--p0", "human", *CLASSIC_3], input=typed)
    assert result.exit_code == 0, result.output
    assert "Commands: legal" in result.output
    assert "1, 2, 3" in result.output
    assert "9" in result.output and "Result:" in result.output
    errors = [line for line in result.output.splitlines() if "9" in line and "fleet" in line]
    assert errors, "the illegal fleet 9 got no message"


@needs_goofspiel
def test_two_humans_pass_the_keyboard_and_type_unseen() -> None:
    # Each seat's turn starts with a pass screen (Enter), then its fleet.
    typed = "\n1\n\n3\n\n2\n\n2\n\n3\n\n1\n"
    args = ["play", "goofspiel", "--p0", "human", "--p1", "human", *CLASSIC_3]
    result = runner.invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the keyboard to") == 6
    assert "Result:" in result.output


@needs_goofspiel
def test_quit_abandons_the_match() -> None:
    result = runner.invoke(app, ["play", "goofspiel", "--p0", "human", *CLASSIC_3], input="quit\n")
    assert result.exit_code == 0
    assert "match abandoned" in result.output


def test_game_text_with_brackets_is_printed_verbatim() -> None:
    """Rich markup is off for game text: '[bold]' in a view or an error stays as typed."""
    import io
    from dataclasses import replace

    from rich.console import Console

    from duelhost.cli.terminal import Seat, play_in_terminal
    from duelhost.core.registry import Game
    from tests.core.toygame import TOY

    spec = replace(TOY, render=lambda view: f"[bold]round {view['round']}[/bold] [A1]")
    state = Game(spec, {"rounds": 1}).new(seed=1, prizes=[3])
    out = io.StringIO()
    console = Console(file=out, width=200)
    bot = Seat.make("random", state.game, 1, 1)
    with pytest.MonkeyPatch.context() as patch:
        answers = iter(["[x]", "3", "keep", "double"])
        patch.setattr(console, "input", lambda prompt="", **_: next(answers))
        play_in_terminal(state, [Seat("human"), bot], console)
    text = out.getvalue()
    assert "[bold]round 0[/bold] [A1]" in text
    assert "'[x]' is not a bid" in text
    assert "Result:" in text
