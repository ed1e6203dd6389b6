"""Generalissimo: a 9x12 wargame of 27 units a side and two moves a turn (engine ``generalissimo``).

Rules: ``/work/shared/seeds/002_c27de57f270dd223.txt`` with the rulings GE1-GE9; the full rules
page, notation and position format are in ``docs/games/generalissimo.md`` (``duelhost rules
generalissimo``).

Seats: South (seat 0, capitals, rows 1-3, moves first) and North (seat 1, lower case, rows
10-12). Each move of a turn is one sequential decision; the same seat stays in ``to_act`` for
the second move of its turn (GE2).

Notation (one move per submission):

- ``B2-B4`` a move, ``B2xB4`` when it captures (``-`` is accepted for a capture too);
- Horseman paths list their turning points: ``A3-A6-C6``; legs that capture use ``x``;
- Archer: ``C2-C3`` step, ``C2*C5`` shot, ``C2-C3*C6`` step then shot, ``C2xC3`` capture;
- Catapult: ``C1!`` volley, ``C1!-C2`` volley then step, ``C1-C2`` step, ``C1xC2`` and
  ``C1!xC2`` capture of an Archer or Catapult by the step (GE5/GE7);
- ``pass`` ends the turn; ``draw`` offers a draw or accepts the opponent's standing offer;
  ``resign`` (the kernel's) resigns at any time.

Positions: ``game.new(position="...")`` and ``state.position()``: rows 12..1 joined by ``/``
(letters H A S W G C, capitals South, digits for runs of empty cells), then the side to move
(``s``/``n``), the moves left in the turn (1 or 2), the quiet-turn count and, in the middle of a
turn, the cell of the piece that already moved. ``state.perft(depth)`` counts the legal
single-move tree (``duelhost perft generalissimo POSITION DEPTH``).

Options: ``archer=aggressive|tactical`` (tactical: diagonal shots reach 2 cells) and
``no_capture_turns=50`` (GE8). Timeout: the rest of the turn is passed (GE9).

Modules: ``board`` (cells, pieces, geometry, position format), ``moves`` (fast move
generation), ``notation`` (reading moves and explaining illegal ones), ``state`` (turns,
captures, draws, the match's end), ``render`` (terminal text).
"""

from __future__ import annotations

from typing import Any

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.time_control import Clock
from duelhost.games.generalissimo.board import START_POSITION
from duelhost.games.generalissimo.render import describe_event, render
from duelhost.games.generalissimo.state import GeneralissimoState, Move


def perft(state: Any, depth: int) -> int:
    """Leaf count of the legal single-move tree below ``state`` (for ``duelhost perft``)."""
    assert isinstance(state, GeneralissimoState)
    return state.perft(depth)


def divide(state: Any, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move (for ``duelhost perft --divide``)."""
    assert isinstance(state, GeneralissimoState)
    return state.divide(depth)


SPEC = register(
    GameSpec(
        name="generalissimo",
        title="Generalissimo",
        summary="9x12 wargame: 27 units a side, six unit types, two moves a turn",
        state=GeneralissimoState,
        dynamics=("sequential",),
        options=(
            Option(
                "archer",
                "aggressive",
                "aggressive: Archers shoot 3 cells in all 8 directions; tactical: diagonal "
                "shots reach 2 cells",
                kind="str",
                choices=("aggressive", "tactical"),
            ),
            Option(
                "no_capture_turns",
                50,
                "the match is drawn after this many turns of each player in a row without a "
                "capture (GE8)",
                minimum=1,
            ),
        ),
        setup=(
            Option(
                "position",
                START_POSITION,
                "the starting position in Generalissimo position notation (see the rules page)",
                kind="str",
            ),
        ),
        render=render,
        seat_names=("South", "North"),
        describe_event=describe_event,
        extra={"perft": perft, "divide": divide},
        # GE9 and the text: 10, 20 or 30 seconds a move, agreed before the game; 30 is the
        # default here (the most forgiving of the three for players in a browser).
        clock=Clock("move", 30.0),
        draw_text="draw",  # GE8: offers a draw, or accepts the opponent's standing offer
        public_submissions=True,
        board="generalissimo",
        bench=f"{__name__}.bench",
        budget=OptionBudget(bounds={"no_capture_turns": (1, 100)}),
    )
)

__all__ = ["SPEC", "START_POSITION", "GeneralissimoState", "Move"]
