"""``duelhost maps``: generate and check Multiplanetary Empire maps (MP10); the game's own
command, added to the CLI through ``GameSpec.commands``.

``duelhost maps generate --seed N [--out FILE]`` writes the map the generator makes from seed N
(the same map a match with seed N and no map plays on); ``duelhost maps check FILE`` validates
a map file and says what is wrong with it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from duelhost.cli.output import fail
from duelhost.core.errors import ConfigError
from duelhost.games.multiplanetary.maps import generate_map, normalise_map


def generate(
    seed: Annotated[int, typer.Option(help="the seed the map is generated from (G6)")],
    out: Annotated[
        Path | None, typer.Option(help="write the map here instead of printing it")
    ] = None,
) -> None:
    """Generate a fair Multiplanetary Empire map (MP10) from a seed."""
    text = json.dumps(generate_map(seed), indent=2) + "\n"
    if out is None:
        print(text, end="")
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot write {out}: {error}") from None
    typer.echo(f"map of seed {seed} written to {out}")


def check(file: Annotated[Path, typer.Argument(help="a map file (JSON)")]) -> None:
    """Validate a Multiplanetary Empire map file against MP10."""
    try:
        board = normalise_map(file)
    except ConfigError as error:
        raise fail(str(error)) from None
    typer.echo(f"{file}: a valid map with {len(board['planets'])} planets")


def register(app: typer.Typer) -> None:
    maps = typer.Typer(help="Multiplanetary Empire maps: generate and check (MP10).")
    maps.command("generate")(generate)
    maps.command("check")(check)
    app.add_typer(maps, name="maps")
