"""A game is one folder and one declaration: the layers above the games never name one.

core/, host/, store/, server/, cli/, bench/, bots/, testing/ and the web shell learn everything
about a game from its ``GameSpec`` and the modules it names, so adding a game touches none of
them (issue 17); so do the research layers openspiel/, envs/ and vector/, from the
``encoding``, ``openspiel`` and ``batch`` modules beside a game's ``State`` (issue 29). This
test reads every file there and fails on any built-in game's engine name or title (docs, tests
and examples are free to name games).
"""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import duelhost.games
from duelhost.core.registry import spec

SOURCE = Path(duelhost.games.__file__).resolve().parents[1]
LAYERS = (
    "core", "host", "store", "server", "cli", "bench", "bots", "testing", "web",
    "openspiel", "envs", "vector",
)  # fmt: skip
BUILT_IN = [m.name for m in pkgutil.iter_modules(duelhost.games.__path__) if m.ispkg]


def _phrases(name: str) -> set[str]:
    """How a game can be named: engine name, spaced, title, title without article/subtitle."""
    title = spec(name).title
    phrases = {name, name.replace("_", " "), title.strip("/"), title.split(":")[0]}
    phrases.add(re.sub(r"^(A|The) ", "", title))
    return {phrase for phrase in phrases if phrase}


def _pattern() -> re.Pattern[str]:
    words = sorted({p for name in BUILT_IN for p in _phrases(name)}, key=len, reverse=True)
    return re.compile(r"(?<![\w])(" + "|".join(map(re.escape, words)) + r")(?![\w])", re.I)


def test_the_built_in_games_are_found() -> None:
    assert len(BUILT_IN) >= 6


def test_no_layer_above_the_games_names_a_game() -> None:
    pattern = _pattern()
    found: list[str] = []
    for layer in LAYERS:
        for path in sorted((SOURCE / layer).rglob("*")):
            if not path.is_file() or path.suffix not in (".py", ".html", ".js", ".css", ".toml"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                match = pattern.search(line)
                if match:
                    where = path.relative_to(SOURCE)
                    found.append(f"{where}:{number}: {match.group(0)!r} in {line.strip()}")
    assert not found, "game names outside games/:\n" + "\n".join(found)


def test_the_check_sees_a_game_name() -> None:
    pattern = _pattern()
    for line in (
        'game = "goofspiel"',
        "Tactical Genius's call",
        "a /TACTIC/ turn",
        "A Warrior's Death",
    ):
        assert pattern.search(line), line
    for line in ("tactical advantage", "multiplanetaryness", "generalissimos"):
        assert not pattern.search(line), line
