"""/TACTIC/'s bots ``greedy`` and ``easy`` (the same bot); the search levels (``medium``,
``hard``) are declared in ``search.py``.

The greedy bot builds a front line of its dearest units, then plays one-ply greedy.

Setup: a random faction and crown space; each placement buys the most expensive unit it can
pay for, on its front row, central columns first. In play, it scores the board after each legal
action with the game's ``preview`` helper (which only shows the public board) and takes the
best action while it improves the score, then ends the turn. The score counts the enemy King's
lost HP heavily, so it attacks the King when it can; other units count their HP, AT and a
bonus for being alive, and each of its own units is pulled towards the enemy King.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.registry import register_bot
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.games.tactic.evaluation import score


class GreedyTacticBot:
    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self._rng = derive(seed, "greedy-tactic", seat)

    def act(self, seat: SeatHandle) -> str:
        view = seat.view()
        legal = seat.legal()
        phase = view["phase"]
        if phase in ("faction", "king"):
            return self._rng.choice(legal)
        if phase == "place":
            return self._place(view, legal, seat.seat)
        return self._play(seat, view, legal)

    def _place(self, view: dict[str, Any], legal: list[str], me: int) -> str:
        cards = {card["unit"]: card for card in view["cards"][me]}
        best_cost = max(cards[text.split()[1]]["cost"] for text in legal)
        front = "2" if me == 0 else "6"
        choices = [
            text
            for text in legal
            if cards[text.split()[1]]["cost"] == best_cost and text.endswith(front)
        ] or [text for text in legal if cards[text.split()[1]]["cost"] == best_cost]
        choices.sort(key=lambda text: abs(ord(text.split()[2][0]) - ord("D")))
        centre = abs(ord(choices[0].split()[2][0]) - ord("D"))
        return self._rng.choice(
            [t for t in choices if abs(ord(t.split()[2][0]) - ord("D")) == centre]
        )

    def _play(self, seat: SeatHandle, view: dict[str, Any], legal: list[str]) -> str:
        best = greedy_best(seat, view, legal)
        return "end" if not best else self._rng.choice(best)


def greedy_best(seat: SeatHandle, view: dict[str, Any], legal: list[str]) -> list[str]:
    """The turn actions the greedy bot values most, equal ones in ``legal``'s order; none
    when ending the turn is legal and no action scores above the board as it is."""
    me = seat.seat
    baseline = score(view["board"], me, None, False)
    best: list[str] = []
    best_value = -float("inf")
    for text in legal:
        if text == "end":
            continue
        after = seat.helper("preview", text)
        value = score(after["units"], me, after["winner"], after["is_over"])
        if value > best_value + 1e-9:
            best, best_value = [text], value
        elif abs(value - best_value) <= 1e-9:
            best.append(text)
    if "end" in legal and (not best or best_value <= baseline + 1e-6):
        return []
    return best


register_bot("greedy", GreedyTacticBot, game="tactic")


class EasyTacticBot(GreedyTacticBot):
    """The ``easy`` level: the greedy bot under its level's name."""

    name = "easy"


register_bot("easy", EasyTacticBot, game="tactic")
__all__ = ["EasyTacticBot", "GreedyTacticBot"]
