"""Goofspiel, the Game of Pure Strategy, seven-galaxy edition (engine name ``goofspiel``).

Rules: seed 001, second half ("Goofspiel: The Game of Pure Strategy"), with RULINGS G1-G6 and
GO1-GO5; the full rules page is ``docs/games/goofspiel.md`` (``duelhost rules goofspiel``).

The game
    Two seats fight for galaxies A-G (Andromeda, Butterfly, Cartwheel, Draco, Eye of Sauron,
    Fireworks, Garland), one bout per galaxy, in an order drawn from the seed and public from
    the start. Each galaxy has a strategic value (1-7 once each, revealed when its bout starts)
    and seven planets T-Z (worths 1-7 once each; the planet order is revealed when the bout
    starts, each planet's worth when its round starts). Each seat holds 49 fleets, seven of
    each size 1-7, for the whole match. Every round both seats secretly send one fleet; the
    strictly larger fleet wins the planet's worth, a tie gives it to nobody. After seven rounds
    the seat with more net worth wins the galaxy (a tie: nobody). After the last bout the seat
    with more strategic value wins; a tie replays the match with fresh fleets and a fresh deal,
    at most ``max_replays`` times, then it is a draw (GO4).

Notation
    A submission is a fleet size: ``7``. Size 0 is never submitted: it is what a timeout sends
    (GO3), and the timed-out seat also loses one of its largest remaining fleets. ``legal(seat)``
    lists the seat's remaining sizes, ascending.

Options (GO5)
    ``galaxies`` (7) and ``planets`` (7): galaxies A.., planets ending at Z, sizes 1..planets,
    ``galaxies`` fleets of each size; ``galaxies=1, planets=13`` is classic 13-card Goofspiel.
    ``max_replays`` (10): tie replays before a draw. ``show_history`` (true): views list every
    past round; false hides them (G4, "no notes"), keeping only the last round and standings,
    and hides the opponent's remaining fleets and the fleets destroyed by timeouts.
    ``galaxy_order`` ("CAFGBDE"), ``values`` ({"A": 3, ...} or a list in letter order),
    ``planet_orders`` ({"A": "VTZUWXY", ...}), ``worths`` ({"A": {"T": 4, ...}} or
    {"A": [4, ...]} in planet letter order): fix the deal of the first playing, to replay a
    known match; replays after a tie always draw a fresh deal from the seed.

Views (every seat and spectators see the same game data: nothing stays private once played)
    ``order`` (galaxy letters in bout order), ``values`` (letter -> value, revealed galaxies),
    ``planet_orders`` (revealed galaxies), ``worth`` (the planet fought now; None when the
    match is over), ``fleets`` (``{"0": {"1": 7, ...}, "1": {...}}``: remaining count by size,
    every size listed), ``bout``, ``galaxy``, ``galaxy_name``, ``round``, ``planet`` (e.g.
    ``"C-T"``), ``points`` (net worth in this bout), ``bouts`` (finished bouts), ``strategic``,
    ``destroyed`` (fleets lost to timeouts), ``replay`` (0 for the match itself), ``past`` (tied
    playings), ``last_round``, ``rounds``. Without ``show_history`` (G4): no ``rounds`` or
    ``destroyed``, and ``fleets`` holds only the viewing seat's own.

Modules: ``deal`` (labels, deals from the seed, fixed-deal options), ``state`` (the rules),
``render`` (terminal text).
"""

from __future__ import annotations

from typing import Any

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.time_control import Clock
from duelhost.games.goofspiel.deal import (
    MAX_GALAXIES,
    MAX_PLANETS,
    check_fixed_sizes,
    check_galaxy_order,
    check_planet_orders,
    check_values,
    check_worths,
)
from duelhost.games.goofspiel.render import describe_event, render_view
from duelhost.games.goofspiel.state import Fleet, GoofspielState, Timeout

__all__ = ["SPEC", "Fleet", "GoofspielState", "Timeout"]


def rating_pool(options: dict[str, Any]) -> str:
    """The rating variant of these options (issue 30): the seven-galaxy game is the main pool
    (""), one galaxy of N planets is classic N-card Goofspiel (``classic-13``), any other size is
    ``<galaxies>x<planets>``; without history (G4, no notes) the label ends in ``-no-notes``.
    Replays of ties and fixed deals do not change the game's skill, so they share the pool."""
    galaxies, planets = int(options["galaxies"]), int(options["planets"])
    if (galaxies, planets) == (7, 7):
        label = ""
    elif galaxies == 1:
        label = f"classic-{planets}"
    else:
        label = f"{galaxies}x{planets}"
    if not options.get("show_history", True):
        label = f"{label}-no-notes" if label else "no-notes"
    return label


SPEC = register(
    GameSpec(
        name="goofspiel",
        title="Goofspiel: The Game of Pure Strategy",
        summary="seven galaxies, 49 fleets each, secret bids for planets of known worth",
        state=GoofspielState,
        dynamics=("simultaneous",),
        options=(
            Option(
                "galaxies",
                7,
                "galaxies (bouts); fleets per size (GO5)",
                minimum=1,
                maximum=MAX_GALAXIES,
            ),
            Option(
                "planets",
                7,
                "planets per galaxy (rounds per bout); fleet sizes 1..planets",
                minimum=1,
                maximum=MAX_PLANETS,
            ),
            Option(
                "max_replays",
                10,
                "replays of a match tied in strategic value before a draw (GO4)",
                minimum=0,
                maximum=1000,
            ),
            Option(
                "show_history",
                True,
                "views list every past round (false: G4, no notes)",
                kind="bool",
            ),
            Option(
                "galaxy_order",
                None,
                "fixed galaxy order, e.g. CAFGBDE (GO5)",
                kind="json",
                nullable=True,
                check=check_galaxy_order,
            ),
            Option(
                "values",
                None,
                'fixed strategic values, {"A": 3, ...} (GO5)',
                kind="json",
                nullable=True,
                check=check_values,
            ),
            Option(
                "planet_orders",
                None,
                'fixed planet orders, {"A": "VTZUWXY", ...} (GO5)',
                kind="json",
                nullable=True,
                check=check_planet_orders,
            ),
            Option(
                "worths",
                None,
                'fixed planet worths, {"A": {"T": 4, ...}, ...} (GO5)',
                kind="json",
                nullable=True,
                check=check_worths,
            ),
        ),
        check_options=check_fixed_sizes,
        render=render_view,
        describe_event=describe_event,
        bots=(f"{__name__}.bots", f"{__name__}.plans"),
        # `easy` bids each planet's worth: a newcomer who does the same ties every round, and a
        # tied match is replayed (GO4): a playtest saw 490 rounds of nothing.
        practice_bot="medium",
        commands=f"{__name__}.cli",
        rating_pool=rating_pool,
        # GO3 and the text: "Players have 10 seconds per turn, with no reserve time."
        clock=Clock("move", 10.0),
        public_submissions=True,
        board="goofspiel",
        bench=f"{__name__}.bench",
        # A hosted match stays at most classic 13-card size in both directions, few replays.
        budget=OptionBudget(
            bounds={"galaxies": (1, 13), "planets": (1, 13), "max_replays": (0, 10)}
        ),
    )
)
