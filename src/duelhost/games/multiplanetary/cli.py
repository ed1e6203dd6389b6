"""``duelhost maps``: generate and check Multiplanetary Empire maps (MP10); the game's own
commands, declared as data (``duelhost.core.commands``) and added to the CLI through
``GameSpec.commands``.

``duelhost maps generate --seed N [--out FILE]`` writes the map the generator makes from seed N
(the same map a match with seed N and no map plays on); ``duelhost maps check FILE`` validates
a map file and says what is wrong with it.
"""

from __future__ import annotations

import json
from pathlib import Path

from duelhost.core.commands import GameCommand, Output, Param
from duelhost.core.errors import ConfigError
from duelhost.games.multiplanetary.maps import generate_map, normalise_map

GROUP = "maps"
GROUP_HELP = "Multiplanetary Empire maps: generate and check (MP10)."


def generate(report: Output, seed: int, out: Path | None) -> None:
    """Generate a fair Multiplanetary Empire map (MP10) from a seed."""
    text = json.dumps(generate_map(seed), indent=2)
    if out is None:
        report.line(text)
        return
    try:
        out.write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot write {out}: {error}") from None
    report.line(f"map of seed {seed} written to {out}")


def check(report: Output, file: Path) -> None:
    """Validate a Multiplanetary Empire map file against MP10."""
    board = normalise_map(file)
    report.line(f"{file}: a valid map with {len(board['planets'])} planets")


COMMANDS = (
    GameCommand(
        "generate",
        generate.__doc__ or "",
        (
            Param("seed", int, "the seed the map is generated from (G6)"),
            Param("out", Path, "write the map here instead of printing it", default=None),
        ),
        generate,
        GROUP,
        GROUP_HELP,
    ),
    GameCommand(
        "check",
        check.__doc__ or "",
        (Param("file", Path, "a map file (JSON)", argument=True),),
        check,
        GROUP,
        GROUP_HELP,
    ),
)
