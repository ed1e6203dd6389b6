"""A Warrior's Death (seed 003, RULINGS WD1-WD13): a simultaneous duel of ten units, 5 bouts.

The game
    Each seat has one each of nine units with strengths 1-9 and endless Chocobos (strength 0).
    A bout is 10 rounds; in each round both seats secretly play one unit, the stronger unit wins
    the round (3 points) and both units die into their owners' underworlds, keeping any change
    to their strength. At the end of the bout each seat scores 3 per round won plus the sum of
    the strengths in its underworld (WD12); the higher total wins the bout. Five bouts are
    always played; a tie in bout wins adds a sixth, and a tied sixth bout is a draw (WD13, G5).

Abilities (``rules.clash``)
    Chocobo nothing; Astrologian gains the opponent's strength if it predicts the unit really
    played (WD3); Blue Mage shows a disguise and makes the announced winner the previous
    round's true winner (WD11); Bard +1 to the owner's next two units, Chocobos too (WD4); Sage
    copies the opponent's ability except Astrologian's and Blue Mage's (WD5); Samurai goes back
    to the hand if it wins (WD6); Reaper becomes 8 in death if it loses (WD7); Dark Knight may
    be played again in the very next round after it dies, once (WD8); Dragoon gains 3 in death
    if it was at least 6 stronger (WD9); Black Mage takes the opponent's strength in death if it
    wins (WD10). Carried buffs resolve first, then abilities in unit order (WD2).

Notation (``units.parse_play``, WD1)
    A strength, a name or an unambiguous prefix, any case: ``9``, ``black mage``, ``blackm``.
    The Astrologian and Blue Mage name a second unit: ``1 5``, ``astrologian samurai``,
    ``blue mage as reaper``. Canonical: ``Astrologian predicting Samurai``, ``Blue Mage as
    Reaper``. An ambiguous prefix (``b``) lists the candidates. Timeout: a Chocobo (WD1).

Views (``state.WarriorsDeathState._view``)
    Everyone: ``bout``, ``round``, ``bouts_planned``, ``rounds_per_bout``, ``tiebreak``,
    ``bout_wins``, ``bouts`` (one entry per finished bout: ``totals``, ``winner`` and its
    ``rounds`` as this viewer saw them) and ``rounds`` (this bout's rounds: ``units`` as shown
    and the ``winner`` as announced to this viewer). A seat also sees ``mine`` in each round
    (its own full submission), ``playable`` (the units it may play now) and ``underworld`` (its
    dead units, without strengths). Strengths are in no view (WD12); the rules page explains.

Options
    ``bouts`` (default 5) and ``rounds`` per bout (default 10), for research and short tests.

Modules: ``units`` (unit table and notation), ``rules`` (one round, pure), ``state`` (the
match), ``render`` (terminal text). The rules page is ``docs/games/warriors_death.md``.
"""

from __future__ import annotations

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec, register
from duelhost.core.time_control import Clock
from duelhost.games.warriors_death.render import describe_event, render_view
from duelhost.games.warriors_death.rules import Clash, clash
from duelhost.games.warriors_death.state import WarriorsDeathState
from duelhost.games.warriors_death.units import UNITS, Play, parse_play

SPEC = register(
    GameSpec(
        name="warriors_death",
        title="A Warrior's Death",
        summary="ten units of strength 0-9 fight secretly round by round; the dead still score",
        state=WarriorsDeathState,
        dynamics=("simultaneous",),
        options=(
            Option(
                "bouts", 5, "bouts played before a tie-break bout (WD13)", minimum=1, maximum=99
            ),
            Option("rounds", 10, "rounds per bout", minimum=1, maximum=100),
        ),
        render=render_view,
        seat_helpers=("playable",),
        describe_event=describe_event,
        # The text: "Each player will get one minute per turn, with no reserve time."
        clock=Clock("move", 60.0),
        # Submissions stay private after their round: a Blue Mage's disguise outlives it (WD11),
        # and a published nonce would let the opponent test the few possible texts.
        public_submissions=False,
        board="warriors_death",
        bench=f"{__name__}.bench",
        budget=OptionBudget(bounds={"bouts": (1, 9), "rounds": (1, 20)}),
    )
)

__all__ = [
    "SPEC",
    "UNITS",
    "Clash",
    "Play",
    "WarriorsDeathState",
    "clash",
    "parse_play",
]
