"""``duelhost balance GAME``: how each army type or faction fares in greedy-vs-greedy matches.

The game's bench module plays and tallies the matches (``duelhost.bench.balance``: a game
declares ``balance(game, matches, first_seed)`` there); this command prints the table.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from duelhost.bench.balance import Balance, TypeRecord, run_balance
from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.core.options import parse_assignments

__all__ = ["Balance", "TypeRecord", "register", "run_balance"]


def _print_markdown(kind: str, ordered: list[tuple[str, TypeRecord]]) -> None:
    print(f"| {kind} | matches | wins | draws | losses | win rate |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, rec in ordered:
        print(
            f"| {name} | {rec.matches} | {rec.wins} | {rec.draws} | {rec.losses} | "
            f"{100 * rec.rate:.1f}% |"
        )


def _print_table(title: str, kind: str, ordered: list[tuple[str, TypeRecord]]) -> None:
    table = Table(title=title)
    for column in (kind, "matches", "wins", "draws", "losses", "win rate"):
        table.add_column(column, justify="left" if column == kind else "right")
    for name, rec in ordered:
        table.add_row(
            name, str(rec.matches), str(rec.wins), str(rec.draws), str(rec.losses),
            f"{100 * rec.rate:.1f}%",
        )  # fmt: skip
    make_console().print(table)


def _report(game: str, result: Balance, seed: int, markdown: bool) -> None:
    ordered = sorted(result.types.items(), key=lambda item: -item[1].rate)
    kind = result.kind
    if markdown:
        _print_markdown(kind, ordered)
    else:
        mirrors = (
            "mirror matches included"
            if result.mirrors_counted
            else f"{result.mirrors} mirror matches left out"
        )
        last = seed + result.matches - 1
        title = (
            f"{game}: {result.matches} greedy-vs-greedy matches (seeds {seed}-{last}), {mirrors}"
        )
        _print_table(title, kind, ordered)
    ends = ", ".join(f"{reason} {count}" for reason, count in result.reasons.most_common())
    print(f"how matches ended: {ends}")
    outside = result.out_of_band()
    print(f"{kind}s outside 35-65%: " + (", ".join(outside) if outside else "none"))


def register(app: typer.Typer) -> None:
    @app.command()
    def balance(
        game: Annotated[str, typer.Argument(help="engine name of a game with a balance report")],
        matches: Annotated[int, typer.Option(min=1, help="greedy-vs-greedy matches")] = 1000,
        seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
        opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
        markdown: Annotated[bool, typer.Option(help="print a markdown table")] = False,
    ) -> None:
        """Win rates of army types or factions in greedy matches.

        Each army type or faction is tallied over greedy-vs-greedy matches (for the games whose
        bench declares a balance report)."""
        try:
            result = run_balance(game, matches, seed, parse_assignments(opt or []))
        except ConfigError as error:
            raise fail(f"{error}") from None
        _report(game, result, seed, markdown)
