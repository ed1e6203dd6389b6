"""Kuhn poker (``kuhn_poker``): a duelhost game that lives outside duelhost.

Installed with ``pip install ./examples/kuhn_poker``, it is found through the ``duelhost.games``
entry point its ``pyproject.toml`` declares, which names ``SPEC`` below: ``duelhost games``,
``duelhost play kuhn_poker``, the match server and ``duelhost check-game kuhn_poker`` then offer
it. The rules are in ``state.py``; docs/adding-a-game.md in duelhost walks through this package.
"""

from __future__ import annotations

from duelhost.core.budget import OptionBudget
from duelhost.core.options import Option
from duelhost.core.registry import GameSpec
from duelhost.core.time_control import Clock
from duelhost_kuhn_poker.render import describe_event, render_view
from duelhost_kuhn_poker.state import KuhnPokerState

SPEC = GameSpec(
    name="kuhn_poker",
    title="Kuhn poker",
    summary="three cards, one each, one bet: bluff with the Jack, call with the Queen?",
    state=KuhnPokerState,
    dynamics=("sequential",),
    options=(Option("hands", 6, "hands played; the openers alternate", minimum=1, maximum=1000),),
    render=render_view,
    describe_event=describe_event,
    clock=Clock("move", 30.0),
    public_submissions=True,  # an action is public once made; cards are not submissions
    budget=OptionBudget(bounds={"hands": (1, 100)}),
    bots=f"{__name__}.bots",
    board="kuhn_poker",  # its board.js ships in this package
)

__all__ = ["SPEC", "KuhnPokerState"]
