"""Issue 20: the classic equilibrium bot loses nothing on average against any fixed strategy.

The bot's expected match result (+1/0/-1) against a fixed strategy is computed exactly, by
recursion over every prize order and every card the bot's stored equilibrium may play (no
sampling): bid the prize, bid one above it, always the lowest card, always the highest, and
uniformly at random."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from duelhost.games.goofspiel.solver import table_for

Hand = tuple[int, ...]
Strategy = Callable[[int, Hand], dict[int, float]]


def _closest(shift: int) -> Strategy:
    return lambda prize, hand: {min(hand, key=lambda c: (abs(c - prize - shift), c)): 1.0}


STRATEGIES: dict[str, Strategy] = {
    "bid the prize": _closest(0),
    "prize + 1": _closest(1),
    "lowest card": lambda prize, hand: {min(hand): 1.0},
    "highest card": lambda prize, hand: {max(hand): 1.0},
    "uniform random": lambda prize, hand: {c: 1 / len(hand) for c in hand},
}


def expected(n: int, opponent: Strategy) -> float:
    """The equilibrium bot's (seat A's) exact expected result against ``opponent``."""
    table = table_for(n)
    assert table is not None

    @cache
    def node(prizes: Hand, mine: Hand, theirs: Hand, diff: int) -> float:
        if not prizes:
            return float((diff > 0) - (diff < 0))
        total = 0.0
        for prize in prizes:
            rest = tuple(p for p in prizes if p != prize)
            if len(mine) == 1:
                x = {mine[0]: 1.0}
            else:
                _, x, _ = table.strategies(prize, rest, mine, theirs, diff)
            for a, p in x.items():
                for b, q in opponent(prize, theirs).items():
                    if p * q <= 0:
                        continue
                    d = diff + (prize if a > b else -prize if b > a else 0)
                    after = (tuple(c for c in mine if c != a), tuple(c for c in theirs if c != b))
                    total += p * q * node(rest, *after, d)
        return total / len(prizes)

    cards = tuple(range(1, n + 1))
    return node(cards, cards, cards, 0)


def test_two_cards_by_hand() -> None:
    """Two cards. Prize 2 first: bidding 2 is dominant (1 against 2 loses the 2 and wins only
    the 1). Prize 1 first: bidding 1 is dominant (2 against 1 wins the 1 and loses the 2).
    Against bid the prize every round ties: 0. Against "always the lowest card": prize 2 first,
    2 beats 1 and the 1 loses the last prize: +2 - 1 > 0, a win; prize 1 first, 1 ties 1 and
    2 ties 2: 0; on average +1/2. "Always the highest": prize 2 first, 2 ties 2, 1 ties 1: 0;
    prize 1 first, 1 loses to 2, then 2 beats 1 on the prize 2: -1 + 2 > 0, a win: +1/2."""
    assert expected(2, STRATEGIES["bid the prize"]) == pytest.approx(0.0, abs=1e-12)
    assert expected(2, STRATEGIES["lowest card"]) == pytest.approx(0.5, abs=1e-12)
    assert expected(2, STRATEGIES["highest card"]) == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_the_equilibrium_loses_nothing_to_a_fixed_strategy(name: str) -> None:
    assert expected(4, STRATEGIES[name]) >= -1e-9
