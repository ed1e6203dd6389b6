"""/TACTIC/ (``tactic``): a 7x7 king-hunt with factions, a BitCoin build phase and 29 abilities.

Rules source: seed ``004_507837a98c47f735.txt`` (the faction cards were lost) and RULINGS G1-G6,
TA1-TA7; the rules page is ``docs/games/tactic.md`` (``duelhost rules tactic``).

How a match runs on the kernel
------------------------------
1. ``faction NAME`` - both seats at once, secret until both are in (TA2).
2. ``king C1`` - both seats at once, secret, on one of the seat's crown spaces (C1/E1 for seat 0,
   C7/E7 for seat 1, TA1).
3. ``place UNIT B2`` - alternating from seat 0, one unit per decision, paid from 6 BitCoins, in
   the seat's build zone (rows 1-2 / 6-7), until neither seat can pay for anything (TA2).
4. Turns, seat 0 first (TA3): each decision is one action of the seat to move - a move
   ``B2-C3`` (Dash path ``B2-C3-D4``), an attack ``B2>B3`` (Double Strike ``B2>B3,C2``,
   Command ``B2>B3>D3``), an activated ability ``B2 push B3 B4`` / ``swap`` / ``fireball`` /
   ``drain`` / ``sacrifice`` / ``dust``, or ``end``. When a Flame unit dies next to two or
   more units, its owner answers ``flame C3`` before play goes on.
5. A King's death ends the match at once (both: a draw); ``quiet_turns`` (default 30) turns of
   each player in a row without damage is a draw (TA6); ``max_turns`` (default 200) turns
   of each player is a draw (TA12), so damage-and-heal cycles cannot go on forever.

Timeouts (TA7, the clock itself is the match server's option ``turn_seconds``): during a turn,
the turn ends; a faction choice takes the table's first faction; a King goes on the first
crown space (C1/C7); a placement buys the cheapest unit (first listed) on the first empty build
cell from the back row; a Flame choice burns the first adjacent unit in the board's order.

Modules: ``board`` (geometry), ``abilities`` (the ability table: one row per ability, its data
and its hooks; AT, trigger and start-of-turn orders), ``effects`` (the hook functions),
``flags`` (a unit's flag bits), ``factions`` (+ ``factions.json``, the house factions, option
``factions=PATH``), ``actions`` (notation), ``units`` (the match data and small queries),
``rules`` (combat), ``legality`` (rule checks and legal actions), ``views`` (views, snapshot,
the bots' preview), ``state`` (the match: phases, turns, kernel hooks), ``render`` (terminal
text), ``bots`` (the greedy bot), ``bench`` (benchmark scenarios and the balance table).
"""

from __future__ import annotations

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.games.tactic.factions import check_option
from duelhost.games.tactic.reference import reference
from duelhost.games.tactic.render import describe_event, render_view
from duelhost.games.tactic.state import TacticState

SPEC = register(
    GameSpec(
        name="tactic",
        title="/TACTIC/",
        summary="7x7 king-hunt: secret factions and Kings, a 6-BitCoin build, 29 abilities",
        state=TacticState,
        dynamics=("simultaneous", "sequential"),
        options=(
            Option(
                "factions",
                None,
                "path of a faction table (JSON) replacing the house factions (G2)",
                kind="str",
                nullable=True,
                check=check_option,
            ),
            Option(
                "quiet_turns",
                30,
                "draw after this many turns of each player in a row without damage; 0: never (TA6)",
                minimum=0,
            ),
            Option(
                "max_turns",
                200,
                "draw after this many turns of each player; 0: never (TA12)",
                minimum=0,
            ),
            Option(
                "turn_seconds",
                None,
                "turn clock for the match server; at the deadline the turn ends (TA7)",
                nullable=True,
                minimum=1,
            ),
        ),
        render=render_view,
        seat_helpers=("preview",),
        describe_event=describe_event,
        # TA7: no clock by default; the ``turn_seconds`` option, when set, gives a turn clock.
        clock_option="turn_seconds",
        board="tactic",
        extra={"reference": reference},
        bench=f"{__name__}.bench",
        bots=(f"{__name__}.bots", f"{__name__}.search", f"{__name__}.plans"),
        # A faction file is read from the host's disk; every hosted match has a turn limit
        # (at most 200 turns of each player, TA12).
        budget=OptionBudget(
            bounds={"quiet_turns": (0, 100), "max_turns": (1, 200)}, fixed=("factions",)
        ),
    )
)

__all__ = ["SPEC", "TacticState"]
