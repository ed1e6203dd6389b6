"""Tactical Genius (``tactical_genius``): army building, secret orders resolved by speed.

Seed ``000_bcd5f33ec3670be7.txt``, rulings G1-G6 and TG1-TG10; the full rules page is
``docs/games/tactical_genius.md`` (``duelhost rules tactical_genius``).

The match
    A 10x3 board, columns A-J and rows 1-3 (1 is the top). Green (seat 0) owns columns A-D and
    faces J; Blue (seat 1) owns G-J and faces A (TG1). Round 1 is a reinforcement phase; rounds
    2-10 are a command phase followed by a reinforcement phase (TG2). Both phases are
    simultaneous decisions: each seat submits its whole phase as one text, items separated by
    ``;`` or new lines, and the kernel keeps it secret until both are in.

Reinforcement (TG3, TG4, TG7)
    ``advance`` moves all the player's units one column forward (all or none; the owner of the
    fastest unit on the board advances first). ``place NAME TYPE CELL bonus=0.26 [hp=N] [atk=N]
    [def=N] [spd=N] [skills=a,b]`` creates a unit on an empty tile of the player's own four
    columns, not behind an enemy, for 3 points + 1 per skill + every stat point, out of 40. At
    most 6 units on the board and 10 placed per match. ``pass`` (or an empty text) does nothing.

Command (TG5, TG6)
    ``NAME attack CELL``, ``NAME move up|down|forward``, ``NAME skill SKILL [CELL]``,
    ``NAME idle``; unnamed units idle. Orders resolve one unit at a time by priority class then
    speed; damage is max(0.5, (attack - defense/2) x (2 if effective) x the skill's multiplier).

Winning (TG8)
    A unit on the far edge column after any phase, or an opponent with no unit on the board
    after a command phase who cannot make another; otherwise after round 10: kill value, then
    points left, then garnets (options ``garnets0``/``garnets1``), else a draw.

Table (G2, TG10)
    The text lost its tables. ``house_table.toml`` here is the project's house table of the 8
    types and 20 skills, validated on load (``table.py``); ``table=PATH`` loads another TOML or
    JSON table of the same shape.

Kernel fit
    ``legal()`` is not enumerable (placements combine names, stats and bonuses), so
    ``legal_enumerated=False``: it lists ``pass``, ``advance``, one minimal placement per type,
    and every single-unit order; ``sample`` draws random valid submissions. Time controls (5
    minutes a phase, one extension to 10 minutes per player, TG9) belong to the match host; the
    view's ``time_control`` states them. A timeout idles every unit / does nothing.

Modules: ``table`` (types and skills), ``actions`` (submissions and their canonical text),
``army`` (constants, unit sheets and board queries), ``notation`` (reading and checking a
submission), ``rules`` (resolving reinforcement and command phases), ``legal`` (legal lists,
random submissions, bot helpers), ``views`` (views and snapshot), ``state`` (the match: phases,
kernel hooks, the end), ``render`` (terminal text), ``bots`` (the greedy bot), ``bench``
(benchmark scenarios and the balance table).
"""

from __future__ import annotations

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.time_control import Clock
from duelhost.games.tactical_genius.reference import reference
from duelhost.games.tactical_genius.render import describe_event, render_view
from duelhost.games.tactical_genius.state import TacticalGeniusState, check_table_option

SPEC = register(
    GameSpec(
        name="tactical_genius",
        title="Tactical Genius",
        summary="build an army from 40 points on a 10x3 board; secret orders resolve by speed",
        state=TacticalGeniusState,
        dynamics=("simultaneous",),
        options=(
            Option("garnets0", 0, "Green's garnets (TG4: bonus sets, last tie-break)", minimum=0),
            Option("garnets1", 0, "Blue's garnets (TG4: bonus sets, last tie-break)", minimum=0),
            Option(
                "table",
                None,
                "path of a TOML or JSON table of types and skills replacing the house table (G2)",
                kind="str",
                nullable=True,
                check=check_table_option,
            ),
        ),
        legal_enumerated=False,
        render=render_view,
        seat_names=("Green", "Blue"),
        seat_helpers=("orders_for", "damage_between", "type_info"),
        describe_event=describe_event,
        # TG9: 5 minutes a phase; once per match each player may make the phase 10 minutes.
        clock=Clock("move", 300.0, extended_seconds=600.0, extensions=1),
        board="tactical_genius",
        extra={"reference": reference},
        bench=f"{__name__}.bench",
        bots=(f"{__name__}.bots", f"{__name__}.search", f"{__name__}.plans"),
        # A table file is read from the host's disk: hosted matches play the house table.
        budget=OptionBudget(bounds={"garnets0": (0, 100), "garnets1": (0, 100)}, fixed=("table",)),
    )
)

__all__ = ["SPEC", "TacticalGeniusState"]
