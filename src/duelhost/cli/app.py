"""The core commands of the ``duelhost`` CLI (Typer app)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

import duelhost
from duelhost.cli.output import fail, make_console
from duelhost.cli.terminal import Seat, play_in_terminal
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.events import describe_event, render_view
from duelhost.core.options import parse_assignments
from duelhost.core.registry import Game, load_record, plugin_errors, rules_text, spec

app = typer.Typer(
    help="duelhost: two-player strategy duels with exact rules, secrets, replays and bots.",
    no_args_is_help=True,
    add_completion=False,
    # Help text is plain prose: lines of a docstring paragraph are joined, not kept.
    rich_markup_mode=None,
)
console = make_console()


@app.command()
def games() -> None:
    """List the games with a one-line summary each."""
    for name in duelhost.list_games():
        game_spec = spec(name)
        console.print(
            f"[bold]{name:<16}[/] {escape(game_spec.title)}: {escape(game_spec.summary)}",
            highlight=False,
        )
    for plugin, reason in plugin_errors().items():
        make_console(stderr=True).print(
            Text(f"warning: the game plugin {plugin!r} could not be loaded: {reason}")
        )


@app.command()
def rules(game: Annotated[str, typer.Argument(help="engine name (duelhost games)")]) -> None:
    """Print the rules page of a game."""
    try:
        text = rules_text(game)
    except ConfigError as error:
        raise fail(str(error)) from None
    print(text)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="engine name (duelhost games)")],
    seed: Annotated[int, typer.Option(help="match seed (G6)")] = 0,
    p0: Annotated[str, typer.Option(help="human, or a bot name (random, greedy, ...)")] = "human",
    p1: Annotated[str, typer.Option(help="human, or a bot name (random, greedy, ...)")] = "random",
    opt: Annotated[
        list[str] | None, typer.Option(help="game option name=value (repeatable)")
    ] = None,
    setup: Annotated[
        list[str] | None, typer.Option(help="setup argument name=value, e.g. map=FILE")
    ] = None,
    record: Annotated[Path | None, typer.Option(help="write the match record here")] = None,
    receipts: Annotated[
        Path | None,
        typer.Option(help="write the human seats' receipts here (needs --record; verify -r)"),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="bots only: print just the result")] = False,
    bot_seconds: Annotated[float, typer.Option(min=0.001, help="bot think time")] = 1.0,
    bot_nodes: Annotated[
        int | None, typer.Option(min=1, help="bot nodes a decision (deterministic)")
    ] = None,
) -> None:
    """Play a match in the terminal (humans and/or bots).

    With --receipts the match is hosted as the server hosts one: every submission is answered
    with a receipt, the record is the host's, and `duelhost verify RECORD --receipts FILE`
    checks the kept receipts against it."""
    from duelhost.bots.budget import Budget, set_default

    if receipts is not None and record is None:
        raise fail("--receipts needs --record: the receipts are checked against the record")
    try:
        set_default(Budget(bot_seconds, bot_nodes))
        loaded = duelhost.load(game, **parse_assignments(opt or []))
        arguments = _setup_arguments(loaded, setup or [])
        seats = [Seat.make(kind, loaded, number, seed) for number, kind in enumerate((p0, p1))]
        if receipts is not None:
            from duelhost.cli.hosted import HostedPlay

            humans = tuple(n for n, s in enumerate(seats) if s.kind == "human")
            hosted = HostedPlay(loaded, seed, arguments, humans)
            state = hosted.match.state
        else:
            state = loaded.new(seed=seed, **arguments)
    except ConfigError as error:
        raise fail(str(error)) from None
    if receipts is not None:
        play_in_terminal(state, seats, console, quiet=quiet, submit=hosted.submit)
        assert record is not None
        hosted.write(record, receipts)
        console.print(f"record written to {record}; receipts written to {receipts}")
        return
    play_in_terminal(state, seats, console, quiet=quiet)
    if record is not None:
        record.write_text(state.to_json() + "\n", encoding="utf-8")
        console.print(f"record written to {record}")


def _setup_arguments(game: Game, given: list[str]) -> dict[str, Any]:
    """``--setup name=value`` arguments, text from the command line made the declared kind
    (a JSON map, a number, ...)."""
    declared = {option.name: option for option in game.spec.setup}
    return {
        name: declared[name].coerce(value) if name in declared else value
        for name, value in parse_assignments(given).items()
    }


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a match record (JSON) or state file")],
    seat: Annotated[int | None, typer.Option(help="show the final view of this seat")] = None,
) -> None:
    """Replay a recorded match and show how it ended.

    Every entry is checked as it is replayed."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        state = load_record(data)
    except (OSError, ValueError) as error:
        raise fail(f"{file}: {error}") from None
    except RecursionError:
        raise fail(f"{file}: the JSON is nested too deeply") from None
    for event in state.events:
        console.print(describe_event(state.game.spec, event), highlight=False, markup=False)
    try:
        view = state.view(seat)
    except IllegalAction as error:
        raise fail(str(error)) from None
    console.print(render_view(state.game.spec, view), highlight=False, markup=False)
    console.print(f"replayed {len(state.history)} entries; result: {state.result}", markup=False)


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="engine name")],
    matches: Annotated[int, typer.Option(min=1, help="random matches to play")] = 200,
    opt: Annotated[list[str] | None, typer.Option(help="game option name=value")] = None,
    vector: Annotated[
        bool, typer.Option("--vector", help="the batched engine against the others (research)")
    ] = False,
) -> None:
    """Benchmark a game's engine.

    Prints random matches/s, decisions/s, clone() time and peak memory; with --vector, joint
    actions/s of the batched engine, the reference engine and OpenSpiel, side by side."""
    from duelhost.bench import run_benchmarks

    try:
        options = parse_assignments(opt or [])
        if vector:
            from duelhost.vector.bench import run_vector_benchmarks

            run_vector_benchmarks(game, matches, options, console)
            return
        run_benchmarks(game, matches, options, console)
    except ConfigError as error:
        raise fail(str(error)) from None
