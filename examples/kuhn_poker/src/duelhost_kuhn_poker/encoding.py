"""Kuhn poker's fixed action encoding, for duelhost's research interfaces (PettingZoo, OpenSpiel).

duelhost finds it as the ``encoding`` module beside the game's ``State``; without one a game
has no research interfaces (``duelhost.openspiel`` leaves it out).

Actions (4): 0 check, 1 bet, 2 call, 3 fold; the mask is ``legal()``.

Observation (19 floats, from the seat's view only): the hand number over ``hands``; 1 if the
seat opens this hand; its card (one-hot J, Q, K); the actions of this hand so far (3 slots,
one-hot check, bet, call, fold each); the seat's chips and the other seat's, over ``hands``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, one_hot
from duelhost_kuhn_poker.state import CARDS, WORDS


class KuhnPokerEncoding(SingleStep):
    """One index per betting word."""

    num_actions = len(WORDS)
    observation_size = 19

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        return WORDS.index(text)

    def describe(self, index: int) -> str:
        return WORDS[index]

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        seat = view["seat"]
        hands = view["hands"]
        card = view["card"]
        values = [view["hand"] / hands, 1.0 if view["opener"] == seat else 0.0]
        values += one_hot(len(CARDS), None if card is None else CARDS.index(card))
        for slot in range(3):
            words = view["actions"]
            values += one_hot(len(WORDS), WORDS.index(words[slot]) if slot < len(words) else None)
        if seat is None:
            values += [0.0, 0.0]
        else:
            values += [view["chips"][seat] / hands, view["chips"][1 - seat] / hands]
        return values


def encoding(options: dict[str, Any]) -> KuhnPokerEncoding:
    """The encoding (the same for every option)."""
    return KuhnPokerEncoding()
