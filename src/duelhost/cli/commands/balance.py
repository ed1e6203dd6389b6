"""``duelhost balance GAME``: how each army type or faction fares in greedy-vs-greedy matches.

``tactical_genius``: each match seats two greedy bots; each bot builds a one-type army of a
type drawn from the match seed. Mirror matches (both sides the same type) are left out of the
table; a draw counts half a win. The issue's target: no type outside 35-65%.

``tactic``: the matches are split into equal blocks, one per ordered pair of house factions
(table order, the first faction as seat 0; seeds in that order), so ``--matches 320 --seed
1000`` is the rules page's balance check (20 matches per pair, seeds 1000-1319). Every match
counts for both factions, mirror matches included.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer
from rich.table import Table

import duelhost
from duelhost.bots import make_bot, play_match
from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.core.options import parse_assignments

GAMES = ("tactical_genius", "tactic")


@dataclass
class TypeRecord:
    """One army type's results over the non-mirror matches it played."""

    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def count(self, winner: int | None, seat: int) -> None:
        """Add one match this type or faction played in ``seat``."""
        self.matches += 1
        if winner is None:
            self.draws += 1
        elif winner == seat:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def rate(self) -> float:
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0


@dataclass
class Balance:
    """What ``run_balance`` found."""

    matches: int
    mirrors: int
    types: dict[str, TypeRecord]
    reasons: Counter[str] = field(default_factory=Counter)

    def out_of_band(self, low: float = 0.35, high: float = 0.65) -> list[str]:
        return [name for name, rec in self.types.items() if not low <= rec.rate <= high]


def run_balance(
    game_name: str, matches: int, first_seed: int = 0, options: dict[str, Any] | None = None
) -> Balance:
    """Play ``matches`` greedy-vs-greedy matches (seeds ``first_seed``...) and tally by type."""
    if game_name not in GAMES:
        raise ConfigError(f"balance is defined for {', '.join(GAMES)}, not {game_name!r}")
    game = duelhost.load(game_name, **(options or {}))
    if game_name == "tactic":
        return _faction_balance(game, matches, first_seed)
    types: dict[str, TypeRecord] = {}
    reasons: Counter[str] = Counter()
    mirrors = 0
    for seed in range(first_seed, first_seed + matches):
        state = game.new(seed=seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("greedy", game, 1, seed)]
        play_match(state, bots)
        reasons[str(state.result["reason"]).rsplit(":", 1)[-1].strip()] += 1
        armies = [str(getattr(bot, "army_type", "?")) for bot in bots]
        if armies[0] == armies[1]:
            mirrors += 1
            continue
        for seat in (0, 1):
            types.setdefault(armies[seat], TypeRecord()).count(state.winner, seat)
    return Balance(matches, mirrors, types, reasons)


def _faction_balance(game: duelhost.Game, matches: int, first_seed: int) -> Balance:
    from duelhost.bench.tactic import faction_match

    names = [f.name for f in game.new(seed=first_seed).table.factions]  # type: ignore[attr-defined]
    pairs = [(first, second) for first in names for second in names]
    if matches % len(pairs):
        raise ConfigError(
            f"tactic's balance plays one block per ordered faction pair: the number of matches "
            f"must be a multiple of {len(pairs)}, got {matches}"
        )
    per_pair = matches // len(pairs)
    factions = {name: TypeRecord() for name in names}
    reasons: Counter[str] = Counter()
    seed = first_seed
    for pair in pairs:
        for _ in range(per_pair):
            state = faction_match(game, seed, pair)
            seed += 1
            reasons[str(state.result["reason"]).rsplit(":", 1)[-1].strip()] += 1
            for seat, name in enumerate(pair):
                factions[name].count(state.winner, seat)
    return Balance(matches, 0, factions, reasons)


def register(app: typer.Typer) -> None:
    @app.command()
    def balance(
        game: Annotated[str, typer.Argument(help="engine name (tactical_genius or tactic)")],
        matches: Annotated[int, typer.Option(min=1, help="greedy-vs-greedy matches")] = 1000,
        seed: Annotated[int, typer.Option(help="seed of the first match")] = 0,
        opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
        markdown: Annotated[bool, typer.Option(help="print a markdown table")] = False,
    ) -> None:
        """Win rates of army types or factions in greedy matches.

        Each army type (tactical_genius) or house faction (tactic) is tallied over
        greedy-vs-greedy matches."""
        console = make_console()
        try:
            result = run_balance(game, matches, seed, parse_assignments(opt or []))
        except ConfigError as error:
            raise fail(f"{error}") from None
        ordered = sorted(result.types.items(), key=lambda item: -item[1].rate)
        kind = "faction" if game == "tactic" else "type"
        mirrors = (
            "mirror matches included"
            if game == "tactic"
            else f"{result.mirrors} mirror matches left out"
        )
        if markdown:
            print(f"| {kind} | matches | wins | draws | losses | win rate |")
            print("| --- | ---: | ---: | ---: | ---: | ---: |")
            for name, rec in ordered:
                print(
                    f"| {name} | {rec.matches} | {rec.wins} | {rec.draws} | {rec.losses} | "
                    f"{100 * rec.rate:.1f}% |"
                )
        else:
            table = Table(
                title=f"{game}: {matches} greedy-vs-greedy matches (seeds {seed}-"
                f"{seed + matches - 1}), {mirrors}"
            )
            for column in (kind, "matches", "wins", "draws", "losses", "win rate"):
                table.add_column(column, justify="left" if column == kind else "right")
            for name, rec in ordered:
                table.add_row(
                    name,
                    str(rec.matches),
                    str(rec.wins),
                    str(rec.draws),
                    str(rec.losses),
                    f"{100 * rec.rate:.1f}%",
                )
            console.print(table)
        ends = ", ".join(f"{reason} {count}" for reason, count in result.reasons.most_common())
        print(f"how matches ended: {ends}")
        outside = result.out_of_band()
        print(f"{kind}s outside 35-65%: " + (", ".join(outside) if outside else "none"))
