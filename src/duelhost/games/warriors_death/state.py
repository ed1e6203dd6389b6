"""The match state of A Warrior's Death: bouts of simultaneous rounds, underworlds, secrets.

Each round is one simultaneous decision of both seats. ``rules.clash`` resolves it; this
module keeps what persists: each seat's hand (a bit mask of units 1-9), the unit Living Dead
lets it play again, its underworld (strength in death per unit, Chocobos summed), Battle Voice
buffs still to come, rounds won, the rounds of the bout and the finished bouts.

What each viewer is shown follows WD11 and WD12: units as shown (a Blue Mage shows its
disguise to the opponent and spectators), the announced winner (the true winner of the previous
round when the opponent, or for spectators either seat, played a Blue Mage), totals at the end
of each bout. Strengths and underworld strengths are never in a view, not even the owner's: the
rules reveal nothing else, and the owner's strengths can depend on the opponent's hidden buffs
and disguises (an Astrologian gains the opponent's current strength).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.state import State
from duelhost.games.warriors_death.rules import TIE, clash
from duelhost.games.warriors_death.units import (
    BLUE_MAGE,
    BY_TEXT,
    CHOCOBO,
    DARK_KNIGHT,
    PLAYS,
    SAGE,
    TEXT_OF,
    UNITS,
    Play,
    parse_play,
)

FULL_HAND = 0b1111111110
"""Units 1-9 in hand (bit n = unit n); the Chocobo is never used up."""

CHOCOBO_PLAY = BY_TEXT["Chocobo"]


class Round(NamedTuple):
    """One resolved round, with the truth (the views decide what each viewer sees)."""

    units: tuple[int, int]
    seconds: tuple[int, int]
    revived: tuple[bool, bool]
    strength: tuple[int, int]
    death: tuple[int, int]
    survives: tuple[bool, bool]
    winner: int
    announced: int
    """The winner announced publicly: the true winner of the previous round when a Blue
    Mage was played (WD11), else the true winner."""


class Bout(NamedTuple):
    """A finished bout: both totals (public, WD12), its winner and its rounds."""

    totals: tuple[int, int]
    winner: int
    rounds: tuple[Round, ...]


_LEGAL_CACHE: dict[tuple[int, int], tuple[str, ...]] = {}


def _legal_for(hand: int, revive: int) -> tuple[str, ...]:
    key = (hand, revive)
    cached = _LEGAL_CACHE.get(key)
    if cached is None:
        cached = tuple(
            play.text
            for play in PLAYS
            if play.unit == CHOCOBO or hand >> play.unit & 1 or play.unit == revive
        )
        _LEGAL_CACHE[key] = cached
    return cached


def _winner_json(winner: int) -> int | None:
    return None if winner == TIE else winner


class WarriorsDeathState(State):
    """A match of A Warrior's Death (seed 003, RULINGS G1-G6 and WD1-WD13)."""

    bouts_planned: int
    rounds_per_bout: int
    bout: int
    """Index of the bout in play (0-based; the last bout once the match is over)."""
    round: int
    """Index of the round in play within the bout (0-based)."""

    def _start(self, setup: dict[str, Any]) -> dict[str, Any]:
        if setup:
            raise ConfigError(f"warriors_death takes no setup arguments, got {sorted(setup)}")
        self.bouts_planned = int(self.game.options["bouts"])
        self.rounds_per_bout = int(self.game.options["rounds"])
        self.bout = 0
        self._bout_wins = [0, 0]
        self._finished: list[Bout] = []
        self._new_bout()
        return {}

    def break_seconds(self) -> float:
        """The break between bouts (option ``break_seconds``): before the first round of every
        bout after the first."""
        if self.is_over or self.bout == 0 or self.round != 0:
            return 0.0
        return float(self.game.options["break_seconds"])

    def _new_bout(self) -> None:
        """Bouts are independent: fresh hands, empty underworlds, no buffs (seed text)."""
        self.round = 0
        self._hand = [FULL_HAND, FULL_HAND]
        self._revive = [-1, -1]
        self._underworld = [-1] * 20
        self._chocobos = [0, 0]
        self._chocobo_strength = [0, 0]
        self._boost = [0, 0, 0, 0]
        self._wins = [0, 0]
        self._last = TIE
        self._rounds: list[Round] = []

    # ------------------------------------------------------------------ decisions

    def _decision_seats(self) -> tuple[int, ...]:
        return (0, 1)

    def _parse(self, seat: int, text: str) -> Play:
        play = BY_TEXT.get(text)
        if play is None:
            play = BY_TEXT.get(text.strip().lower())
            if play is None:
                play = parse_play(text)
        unit = play.unit
        if unit != CHOCOBO and not (self._hand[seat] >> unit & 1) and self._revive[seat] != unit:
            raise IllegalAction(f"illegal play '{text.strip()}': {self._why_not(seat, unit)}")
        return play

    def _why_not(self, seat: int, unit: int) -> str:
        name = UNITS[unit]
        if unit in (DARK_KNIGHT, SAGE):
            return (
                f"your {name} is in the underworld; Living Dead lets a unit be played again "
                "only in the very next round after it dies, and only once"
            )
        return f"your {name} is in the underworld (dead units cannot be played)"

    def _format(self, seat: int, action: Any) -> str:
        assert isinstance(action, Play)
        return action.text

    def _timeout_action(self, seat: int) -> Play:
        return CHOCOBO_PLAY  # WD1: a timeout sends out a Chocobo

    def _legal(self, seat: int) -> list[str]:
        return list(_legal_for(self._hand[seat], self._revive[seat]))

    def playable(self, seat: int) -> list[int]:
        """The units ``seat`` may play this round (Chocobo first), by strength."""
        hand, revive = self._hand[seat], self._revive[seat]
        return [u for u in range(10) if u in (CHOCOBO, revive) or hand >> u & 1]

    # ------------------------------------------------------------------ resolution

    def _resolve(self, actions: dict[int, Any]) -> None:
        first: Play = actions[0]
        second: Play = actions[1]
        units = (first.unit, second.unit)
        seconds = (first.second, second.second)
        hand = self._hand
        revived = (
            units[0] != CHOCOBO and not (hand[0] >> units[0] & 1),
            units[1] != CHOCOBO and not (hand[1] >> units[1] & 1),
        )
        boost = self._boost
        result = clash(units, seconds, revived, (boost[0], boost[2]))
        death, survives, revivable, voices = (
            result.death,
            result.survives,
            result.revivable,
            result.voice,
        )
        for seat in (0, 1):
            unit = units[seat]
            if survives[seat]:
                hand[seat] |= 1 << unit  # WD6: Third Eye, back to the hand
            elif unit == CHOCOBO:
                self._chocobos[seat] += 1
                self._chocobo_strength[seat] += death[seat]
            else:
                hand[seat] &= ~(1 << unit)
                # A revived unit left the underworld and returns with its new strength.
                self._underworld[10 * seat + unit] = death[seat]
            self._revive[seat] = unit if revivable[seat] else -1
            voice = voices[seat]
            boost[2 * seat] = boost[2 * seat + 1] + voice
            boost[2 * seat + 1] = voice
        winner = result.winner
        if winner != TIE:
            self._wins[winner] += 1
        # WD11: a Blue Mage shows its disguise and announces the previous round's true winner.
        shown = [UNITS[units[0]], UNITS[units[1]]]
        announced = winner
        if units[0] == BLUE_MAGE or units[1] == BLUE_MAGE:
            announced = self._last
            if units[0] == BLUE_MAGE:
                shown[0] = UNITS[seconds[0]]
            if units[1] == BLUE_MAGE:
                shown[1] = UNITS[seconds[1]]
        self._last = winner
        self._rounds.append(
            Round(units, seconds, revived, result.strength, death, survives, winner, announced)
        )
        self._log(
            "round",
            bout=self.bout + 1,
            round=self.round + 1,
            units=shown,
            winner=None if announced == TIE else announced,
        )
        self.round += 1
        if self.round == self.rounds_per_bout:
            self._end_bout()

    def underworld_sum(self, seat: int) -> int:
        """The sum of strengths in ``seat``'s underworld (private: not in any view)."""
        dead = self._underworld[10 * seat + 1 : 10 * seat + 10]
        return sum(s for s in dead if s >= 0) + self._chocobo_strength[seat]

    def bout_total(self, seat: int) -> int:
        """WD12: 3 points per round won plus the underworld; units alive count nothing."""
        return 3 * self._wins[seat] + self.underworld_sum(seat)

    def _end_bout(self) -> None:
        totals = (self.bout_total(0), self.bout_total(1))
        winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else TIE
        if winner != TIE:
            self._bout_wins[winner] += 1
        self._finished.append(Bout(totals, winner, tuple(self._rounds)))
        self._log("bout", bout=self.bout + 1, totals=list(totals), winner=_winner_json(winner))
        played = len(self._finished)
        wins = self._bout_wins
        # WD13: every planned bout is played; a tie in bout wins adds one bout; if that is
        # tied too, the match is a draw (G5).
        if played >= self.bouts_planned and wins[0] != wins[1]:
            leader = 0 if wins[0] > wins[1] else 1
            if played > self.bouts_planned:
                reason = f"won the tie-break bout (bout {played})"
            else:
                reason = f"won {wins[leader]} bouts to {wins[1 - leader]}"
            self._finish(leader, reason)
        elif played > self.bouts_planned:
            self._finish(
                None, f"bout wins tied {wins[0]}-{wins[1]} and the tie-break bout was tied: a draw"
            )
        else:
            self.bout += 1
            self._new_bout()

    def _scores(self) -> list[int]:
        return list(self._bout_wins)

    # ------------------------------------------------------------------ views

    @staticmethod
    def _round_view(number: int, record: Round, viewer: int | None) -> dict[str, Any]:
        units = record.units
        seconds = record.seconds
        first, second = UNITS[units[0]], UNITS[units[1]]
        if units[0] == BLUE_MAGE and viewer != 0:
            first = UNITS[seconds[0]]  # WD11: the disguise
        if units[1] == BLUE_MAGE and viewer != 1:
            second = UNITS[seconds[1]]
        if viewer is None or units[1 - viewer] == BLUE_MAGE:
            winner = record.announced
        else:
            winner = record.winner  # the truth, also when the viewer's own Blue Mage lied
        entry: dict[str, Any] = {
            "round": number,
            "units": [first, second],
            "winner": None if winner == TIE else winner,
        }
        if viewer is not None:
            entry["mine"] = TEXT_OF[(units[viewer], seconds[viewer])]
        return entry

    def _view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over
        view: dict[str, Any] = {
            "bout": self.bout + 1,
            "round": None if over else self.round + 1,
            "bouts_planned": self.bouts_planned,
            "rounds_per_bout": self.rounds_per_bout,
            "tiebreak": self.bout >= self.bouts_planned,
            "bout_wins": list(self._bout_wins),
            "bouts": [
                {
                    "totals": list(bout.totals),
                    "winner": _winner_json(bout.winner),
                    "rounds": [self._round_view(n, r, seat) for n, r in enumerate(bout.rounds, 1)],
                }
                for bout in self._finished
            ],
            "rounds": [self._round_view(n, r, seat) for n, r in enumerate(self._rounds, 1)],
        }
        if seat is not None:
            # WD12: a player always knows which of its own units are alive (a Samurai that won
            # is back in hand whatever a Blue Mage made the announcement say): ``playable`` and
            # ``underworld`` come from the truth, without strengths (rules page, decision 11).
            view["playable"] = [UNITS[u] for u in self.playable(seat)]
            view["underworld"] = ["Chocobo"] * self._chocobos[seat] + [
                UNITS[u] for u in range(1, 10) if self._underworld[10 * seat + u] >= 0
            ]
        return view

    # ------------------------------------------------------------------ records, copies

    def _snapshot(self) -> dict[str, Any]:
        return {
            "bout": self.bout,
            "round": self.round,
            "bout_wins": list(self._bout_wins),
            "hand": list(self._hand),
            "revive": list(self._revive),
            "underworld": list(self._underworld),
            "chocobos": list(self._chocobos),
            "chocobo_strength": list(self._chocobo_strength),
            "boost": list(self._boost),
            "wins": list(self._wins),
            "last": self._last,
            "rounds": [r._asdict() for r in self._rounds],
            "finished": [
                {
                    "totals": list(b.totals),
                    "winner": b.winner,
                    "rounds": [r._asdict() for r in b.rounds],
                }
                for b in self._finished
            ],
        }

    def _clone_into(self, other: State) -> None:
        assert isinstance(other, WarriorsDeathState)
        other._bout_wins = self._bout_wins.copy()
        other._finished = self._finished.copy()
        other._hand = self._hand.copy()
        other._revive = self._revive.copy()
        other._underworld = self._underworld.copy()
        other._chocobos = self._chocobos.copy()
        other._chocobo_strength = self._chocobo_strength.copy()
        other._boost = self._boost.copy()
        other._wins = self._wins.copy()
        other._rounds = self._rounds.copy()
