"""What a new user hits in the CLI (issue 17, point 6): error format, piped output that is
never hard-wrapped, help text, one naming of seats, classic Goofspiel results, ``verify`` on
any record, the dependencies a command needs, and the files ``serve`` leaves behind.

Most run the real ``duelhost`` command in a subprocess with its output piped and
``COLUMNS=80``, as a script or CI would see it.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.cli import app
from duelhost.core.events import seat_label
from duelhost.core.registry import spec

ROOT = Path(__file__).parents[2]
GAMES = duelhost.list_games()
runner = CliRunner()


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``duelhost ARGS`` with stdout and stderr piped and an 80-column environment."""
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "duelhost", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_errors_read_error_colon_never_rich_markup() -> None:
    result = run("play", "chess")
    assert result.returncode == 2
    assert result.stderr.startswith("error: unknown game 'chess'"), result.stderr
    assert "[bold red]" not in result.stderr and "[/]" not in result.stderr
    assert "\x1b[" not in result.stderr  # piped: no colour codes either


def test_an_error_is_red_on_a_terminal() -> None:
    import io

    from rich.console import Console

    from duelhost.cli import output

    buffer = io.StringIO()
    terminal = Console(file=buffer, force_terminal=True, color_system="standard")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(output, "make_console", lambda stderr=False: terminal)
        output.fail("no such [thing]")
    text = buffer.getvalue()
    assert "\x1b[1;31merror:" in text  # bold red
    assert "no such [thing]" in text  # the message is not read as markup


def test_piped_game_summaries_are_one_line_each() -> None:
    result = run("games")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(GAMES), lines
    for name, line in zip(GAMES, lines, strict=True):
        assert line.startswith(name) and line.endswith(spec(name).summary)


def test_a_piped_replay_error_is_one_line_whatever_the_path(tmp_path: Path) -> None:
    """The flaky ``history\\nentry 0`` of tests/cli/test_cli.py: the break moved with the
    length of the temporary path. A long path makes sure it would break here."""
    deep = tmp_path / ("a-rather-long-folder-name-" * 4) / "and-another-one"
    deep.mkdir(parents=True)
    record = deep / "match.json"
    name = GAMES[0]
    played = run("play", name, "--p0", "random", "--p1", "random", "--record", str(record))
    assert played.returncode == 0, played.stderr
    data = json.loads(record.read_text())
    first = next(n for n, entry in enumerate(data["history"]) if entry["kind"] == "submit")
    data["history"][first]["text"] = "%%%"
    record.write_text(json.dumps(data))
    result = run("replay", str(record))
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert f"{record}: history entry {first}" in result.stderr


def test_the_serve_start_up_line_is_not_wrapped() -> None:
    from duelhost.cli import output

    console = output.make_console()
    assert console.soft_wrap  # under pytest stdout is not a terminal


def test_help_reads_like_a_click_tool() -> None:
    top = run("--help").stdout
    assert "<bool>" not in top and "<str>" not in top
    commands = top[top.index("Commands:") :].splitlines()[1:]
    # One line a command, and no summary cut off with "...".
    expected = len(app.registered_commands) + len(app.registered_groups)
    assert len([line for line in commands if line.strip()]) == expected
    assert not any(line.rstrip().endswith("...") for line in commands), commands
    rules = run("rules", "--help").stdout
    assert " rules [OPTIONS] GAME" in rules
    assert "{game}" not in rules
    for command in ("balance", "loadtest"):
        text = run(command, "--help").stdout
        paragraph = text.split("\n\n")[1].strip()
        # the first paragraph is one sentence on one line, not a docstring's broken lines
        assert "\n" not in paragraph, paragraph


@pytest.mark.parametrize("name", GAMES)
def test_seats_have_one_name_in_prompts_and_results(name: str) -> None:
    names = spec(name).seat_names
    result = runner.invoke(app, ["play", name, "--p0", "random", "--p1", "random", "--quiet"])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith("Result:"))
    assert not re.search(r"\(seat \d\) \(seat \d\)", line), line
    winner = next((seat for seat in (0, 1) if f"{seat_label(names, seat)} wins" in line), None)
    assert winner is not None or "draw" in line, line
    prompt = runner.invoke(app, ["play", name, "--p0", "human"], input="quit\n")
    assert f"{seat_label(names, 0)} > " in prompt.output
    # the label says the seat number once, and the game's own name where it has one
    assert seat_label(names, 1).count("seat 1") == 1


def test_classic_goofspiel_reports_the_prize_totals() -> None:
    args = ["play", "goofspiel", "--opt", "galaxies=1", "--opt", "planets=13", "--p0", "random"]
    result = runner.invoke(app, [*args, "--seed", "5", "--quiet"])
    match = re.search(r"more points, (\d+)-(\d+); scores \[(\d+), (\d+)\]", result.output)
    assert match, result.output
    a, b, c, d = map(int, match.groups())
    assert (a, b) == (c, d)
    assert a + b <= sum(range(1, 14))  # 91: the prizes of 13 planets, ties won by nobody


def test_verify_checks_a_record_written_by_play(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    args = ["play", GAMES[0], "--p0", "random", "--p1", "random", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    result = run("verify", str(record))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok — replays (the record holds no receipts: only the replay was checked)" in (
        result.stdout
    )
    data = json.loads(record.read_text())
    data["history"][0]["text"] = "%%%"
    record.write_text(json.dumps(data))
    broken = run("verify", str(record))
    assert broken.returncode == 1
    assert "entry 0 (seat 0) does not replay" in broken.stdout
    assert "checks run: replay" in broken.stdout


def _core_modules() -> set[str]:
    """Top-level modules importable from the core dependencies and what they depend on."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    todo = [re.split(r"[ <>=!\[;]", line, maxsplit=1)[0] for line in project["dependencies"]]
    seen: set[str] = set()
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        todo += [
            re.split(r"[ <>=!\[;(]", line, maxsplit=1)[0]
            for line in requires
            if "extra ==" not in line
        ]
    modules = set()
    for module, distributions in metadata.packages_distributions().items():
        if any(d.lower().replace("_", "-") in seen for d in distributions):
            modules.add(module)
    return modules


def _imported(nodes: list[ast.AST]) -> set[str]:
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _unguarded_imports(path: Path) -> set[str]:
    """Top-level names of imported modules, less those the file imports inside
    ``try: ... except ImportError`` (an optional module, checked before it is used)."""
    tree = ast.parse(path.read_text())
    guarded: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
            for h in node.handlers
        ):
            guarded += [inner for part in node.body for inner in ast.walk(part)]
    return _imported(list(ast.walk(tree))) - _imported(guarded)


# Research interfaces are optional extras by design: they say which extra to install.
OPTIONAL_PACKAGES = ("envs", "openspiel", "vector")


def test_every_command_runs_after_the_readme_install() -> None:
    """``pip install -e .`` (the README's first command) must give every command what it
    imports: ``loadtest`` once crashed with ModuleNotFoundError: httpx."""
    available = _core_modules() | set(sys.stdlib_module_names) | {"duelhost", "__future__"}
    package = ROOT / "src" / "duelhost"
    missing = {}
    for path in package.rglob("*.py"):
        if path.relative_to(package).parts[0] in OPTIONAL_PACKAGES:
            continue
        unknown = _unguarded_imports(path) - available
        if unknown:
            missing[str(path.relative_to(ROOT))] = sorted(unknown)
    assert not missing, (
        f"imports not in [project.dependencies] (add them there, or guard the import with "
        f"except ImportError and say which extra to install): {missing}"
    )


def test_the_files_serve_leaves_are_ignored_by_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: .gitignore cannot be checked")
    names = ["duelhost.sqlite3", "duelhost.sqlite3-wal", "duelhost.sqlite3-shm", "duelhost.key"]
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", *names], cwd=ROOT, capture_output=True, text=True
    )
    assert result.stdout.split() == names
