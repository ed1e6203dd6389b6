"""The rules of Kuhn poker as a duelhost ``State``: pure, no I/O, no clock.

A deck of three cards, J < Q < K. Each hand both seats ante 1 chip and get one card, dealt from
the match seed. The seat that opens (seat 0 in even hands, seat 1 in odd ones) says ``check`` or
``bet`` (1 chip). After a check the other seat may ``check`` (showdown for a pot of 2) or
``bet``; facing a bet a seat says ``call`` (showdown for a pot of 4) or ``fold`` (the bettor takes
the pot, and no card is shown). At a showdown the higher card takes the pot. After ``hands``
hands the seat with more chips wins; equal chips are a draw. A timeout checks, or folds when
facing a bet.

Secrets: a seat's card is in its own view only, until a showdown shows both cards of that hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from duelhost.core.errors import IllegalAction
from duelhost.core.rng import derive
from duelhost.core.state import State

CARDS = ("J", "Q", "K")
WORDS = ("check", "bet", "call", "fold")


@dataclass(frozen=True)
class Act:
    """One betting action."""

    word: str


class KuhnPokerState(State):
    """A match of ``hands`` hands of Kuhn poker."""

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        self.hands: int = self.game.options["hands"]
        self.hand = 0
        self.cards = self._deal(0)
        self.actions: list[str] = []
        self.chips = [0, 0]
        self.past: list[dict[str, Any]] = []
        return {}

    def _deal(self, hand: int) -> list[str]:
        return derive(self.seed, "deal", hand).sample(CARDS, 2)

    # -------------------------------------------------------------- whose turn, what is legal

    def _opener(self) -> int:
        return self.hand % 2

    def _decision_seats(self) -> tuple[int, ...]:
        return ((self._opener() + len(self.actions)) % 2,)

    def _facing_bet(self) -> bool:
        return "bet" in self.actions

    def _legal(self, seat: int) -> list[str]:
        return ["call", "fold"] if self._facing_bet() else ["check", "bet"]

    def _parse(self, seat: int, text: str) -> Act:
        word = text.strip().lower()
        if word not in WORDS:
            raise IllegalAction(f"{text[:20]!r} is not an action: say check, bet, call or fold")
        if word not in self._legal(seat):
            raise IllegalAction(f"{word} is not possible now: say {' or '.join(self._legal(seat))}")
        return Act(word)

    def _format(self, seat: int, action: Act) -> str:
        return action.word

    def _timeout_action(self, seat: int) -> Act:
        return Act("fold" if self._facing_bet() else "check")

    # -------------------------------------------------------------- resolving

    def _resolve(self, actions: dict[int, Any]) -> None:
        ((seat, action),) = actions.items()
        self.actions.append(action.word)
        self._log("action", hand=self.hand, seat=seat, action=action.word)
        if action.word == "fold":
            self._end_hand(winner=1 - seat, pot=2 + self.actions.count("bet"), shown=False)
        elif action.word == "call" or self.actions == ["check", "check"]:
            high = max((0, 1), key=lambda s: CARDS.index(self.cards[s]))
            pot = 2 + 2 * (action.word == "call")
            self._end_hand(winner=high, pot=pot, shown=True)

    def _end_hand(self, winner: int, pot: int, shown: bool) -> None:
        self.chips[winner] += pot // 2
        self.chips[1 - winner] -= pot // 2
        cards = list(self.cards) if shown else None
        self.past.append(
            {"hand": self.hand, "actions": list(self.actions), "cards": cards, "winner": winner,
             "pot": pot}
        )  # fmt: skip
        self._log("hand", hand=self.hand, winner=winner, pot=pot, cards=cards)
        self.hand += 1
        self.actions = []
        if self.hand == self.hands:
            first, second = self.chips
            winner_of_match = 0 if first > second else 1 if second > first else None
            self._finish(winner_of_match, f"{self.hands} hands played")
            return
        self.cards = self._deal(self.hand)

    # -------------------------------------------------------------- what each seat sees

    def _view(self, seat: int | None) -> dict[str, Any]:
        playing = not self.is_over
        return {
            "hand": self.hand,
            "hands": self.hands,
            "opener": self._opener() if playing else None,
            "card": self.cards[seat] if seat is not None and playing else None,
            "actions": list(self.actions),
            "pot": 2 + self.actions.count("bet") + self.actions.count("call"),
            "chips": list(self.chips),
            "past": [dict(item) for item in self.past],
        }

    def _snapshot(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "cards": list(self.cards),
            "actions": list(self.actions),
            "chips": list(self.chips),
            "past": self.past,
        }

    def _scores(self) -> list[int]:
        return list(self.chips)

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, KuhnPokerState)
        other.cards = list(self.cards)
        other.actions = list(self.actions)
        other.chips = list(self.chips)
        other.past = list(self.past)

    def _secret_variant(self, seat: int, rng: random.Random) -> State | None:
        """The same match with ``seat`` holding the card nobody holds: for the kit's secrecy
        check (the other seat and spectators must not see the difference)."""
        if self.is_over:
            return None
        other = self.clone()
        assert isinstance(other, KuhnPokerState)
        (spare,) = [card for card in CARDS if card not in self.cards]
        other.cards[seat] = spare
        return other
