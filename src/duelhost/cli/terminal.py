"""Terminal play: each seat sees its own view, humans type notation, bots answer at once.

When two humans share the terminal, the screen is cleared and a "pass the keyboard" screen
shown before each seat's turn, and secret submissions are typed without echo, so neither
player sees the other's view or submission.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape

from duelhost.bots import Bot, SeatHandle, available_bots, make_bot
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.events import describe_event, render_view, seat_label
from duelhost.core.registry import Game
from duelhost.core.state import State

HELP = """Type your submission in the game's notation (see `duelhost rules {game}`).
Commands: legal (list legal submissions), view (show your view again), help, resign, quit."""


@dataclass
class Seat:
    """Who plays a seat in a terminal match: a human at the keyboard, or a bot."""

    kind: str
    bot: Bot | None = None

    @classmethod
    def make(cls, kind: str, game: Game, seat: int, seed: int) -> Seat:
        if kind == "human":
            return cls("human")
        if kind not in available_bots(game.name):
            choices = ", ".join(["human", *available_bots(game.name)])
            raise ConfigError(f"--p{seat} must be one of {choices}, got {kind!r}")
        return cls(kind, make_bot(kind, game, seat, seed))


def play_in_terminal(
    state: State,
    seats: list[Seat],
    console: Console,
    quiet: bool = False,
    submit: Callable[[int, str], object] | None = None,
) -> None:
    """Play ``state`` to its end. ``submit(seat, text)`` is where every submission goes
    (default: the state itself; ``duelhost play --receipts`` passes its hosted match's, whose
    state ``state`` is)."""
    send = submit if submit is not None else state.submit
    spec = state.game.spec
    humans = [number for number, seat in enumerate(seats) if seat.kind == "human"]
    shared = len(humans) == 2
    shown_events = 0
    last_human: int | None = None
    handles = [SeatHandle(state, 0), SeatHandle(state, 1)]
    while not state.is_over:
        seat = state.to_act[0]
        player = seats[seat]
        if player.bot is not None:
            send(seat, player.bot.act(handles[seat]))
        else:
            if shared and last_human != seat:
                _pass_keyboard(console, spec.seat_names, seat)
            last_human = seat
            if not _human_turn(state, seat, console, shared, send):
                return
            if shared:
                console.clear()
        if not quiet and not shared:
            for event in state.events[shown_events:]:
                console.print(describe_event(spec, event), highlight=False, markup=False)
        shown_events = len(state.events)
    if not quiet and humans:
        console.print(render_view(spec, state.view(None)), highlight=False, markup=False)
    _print_result(state, console)


def _pass_keyboard(console: Console, names: tuple[str, ...], seat: int) -> None:
    """Two humans share the screen: clear it and wait for the next player."""
    console.clear()
    console.input(
        f"Pass the keyboard to {seat_label(names, seat)}; "
        "press Enter when only they can see the screen. "
    )


def _print_result(state: State, console: Console) -> None:
    spec = state.game.spec
    result = state.result
    winner = result["winner"]
    who = "draw" if winner is None else f"{seat_label(spec.seat_names, winner)} wins"
    summary = escape(f"{who} — {result['reason']}; scores {result['scores']}")
    console.print(f"[bold]Result:[/] {summary}", highlight=False)


def _human_turn(
    state: State, seat: int, console: Console, secret: bool, send: Callable[[int, str], object]
) -> bool:
    """Read commands until the seat's submission is accepted; False if the player quit."""
    spec = state.game.spec
    console.print(render_view(spec, state.view(seat)), highlight=False, markup=False)
    while True:
        try:
            text = _read(console, f"{seat_label(spec.seat_names, seat)} > ", secret)
        except EOFError:
            console.print("\ninput ended; the match is abandoned")
            return False
        command = text.strip().lower()
        if command == "quit":
            console.print("match abandoned")
            return False
        if command == "help":
            console.print(HELP.format(game=state.game.name))
            continue
        if command == "view":
            console.print(render_view(spec, state.view(seat)), highlight=False, markup=False)
            continue
        if command == "legal":
            legal = state.legal(seat)
            note = "" if spec.legal_enumerated else " (not the full list: see the rules page)"
            console.print(", ".join(legal) + note, highlight=False, markup=False)
            continue
        try:
            send(seat, text)
        except IllegalAction as error:
            console.print(f"[red]{escape(str(error))}[/]", highlight=False)
            continue
        return True


def _read(console: Console, prompt: str, secret: bool) -> str:
    """A line from the player; typed without echo when the other player shares the screen."""
    if secret and sys.stdin.isatty():
        return getpass.getpass(prompt)
    return console.input(prompt)
