"""A Warrior's Death for ``B`` matches at once, as NumPy arrays.

The rules are ``duelhost.games.warriors_death`` (WD1-WD13: ``rules.clash`` for a round,
``state`` for hands, underworlds, Battle Voice, Living Dead, Blue Mage announcements, bouts
and the tie-break bout), and actions are the indices of its encoding (27 plays). An index the
mask forbids (including -1) is a timeout: a Chocobo (WD1). The game has no chance (G6), so the
same submissions give the same matches as the reference engine (``tests/vector`` checks
10,000 of them, with disguises, revivals, timeouts and drawn matches).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from duelhost.games.warriors_death.units import PLAYS

Array = npt.NDArray[Any]
IN_PLAY = -2
TIE = -1
UNIT = np.array([play.unit for play in PLAYS], np.int16)
SECOND = np.array([play.second for play in PLAYS], np.int16)
FULL_HAND = 0b1111111110
CHOCOBO, ASTROLOGIAN, BLUE_MAGE, BARD, SAGE = 0, 1, 2, 3, 4
SAMURAI, REAPER, DARK_KNIGHT, DRAGOON, BLACK_MAGE = 5, 6, 7, 8, 9


class WarriorsDeathBatch:
    """``size`` matches of A Warrior's Death."""

    def __init__(self, size: int, bouts: int = 5, rounds: int = 10) -> None:
        self.size = size
        self.bouts = bouts
        self.rounds = rounds
        self.num_actions = len(PLAYS)
        self.observation_size = 26 + 43 * rounds
        b = size
        self.hand = np.zeros((b, 2), np.int32)
        self.revive = np.zeros((b, 2), np.int16)
        self.underworld = np.zeros((b, 2, 10), np.int16)
        """Strength in death of each dead unit 1-9 (-1: not in the underworld)."""
        self.chocobos = np.zeros((b, 2), np.int16)
        self.chocobo_strength = np.zeros((b, 2), np.int16)
        self.boost = np.zeros((b, 2, 2), np.int16)
        """Battle Voice: [this round's buff, next round's] per seat."""
        self.wins = np.zeros((b, 2), np.int16)
        self.last = np.zeros(b, np.int8)
        """The true winner of the previous round of the bout (TIE at its start)."""
        self.round = np.zeros(b, np.int16)
        self.bout = np.zeros(b, np.int16)
        self.bout_wins = np.zeros((b, 2), np.int16)
        self.winner = np.full(b, IN_PLAY, np.int8)
        self.history_units = np.zeros((b, rounds, 2), np.int8)
        self.history_seconds = np.zeros((b, rounds, 2), np.int8)
        self.history_winner = np.zeros((b, rounds), np.int8)
        self.history_announced = np.zeros((b, rounds), np.int8)
        self._rows = np.arange(b)

    # ------------------------------------------------------------------ matches

    @property
    def scores(self) -> Array:
        """Bouts won by each seat."""
        return self.bout_wins

    def reset_matches(self, which: Array, seeds: Array | None = None) -> None:
        """Start the matches ``which`` afresh (the game has no chance: ``seeds`` is unused)."""
        self.bout[which] = 0
        self.bout_wins[which] = 0
        self.winner[which] = IN_PLAY
        self._new_bout(which)

    def _new_bout(self, which: Array) -> None:
        """Bouts are independent: fresh hands, empty underworlds, no buffs."""
        self.round[which] = 0
        self.hand[which] = FULL_HAND
        self.revive[which] = -1
        self.underworld[which] = -1
        self.chocobos[which] = 0
        self.chocobo_strength[which] = 0
        self.boost[which] = 0
        self.wins[which] = 0
        self.last[which] = TIE

    # ------------------------------------------------------------------ reading

    def masks(self) -> Array:
        """``(size, 2, 27)`` int8: the plays each seat may submit (all 0 once over)."""
        hand = self.hand[:, :, None]
        units = UNIT[None, None, :]
        allowed = (units == CHOCOBO) | ((hand >> units) & 1 == 1)
        allowed |= self.revive[:, :, None] == units
        allowed[self.winner != IN_PLAY] = False
        mask: Array = allowed.astype(np.int8)
        return mask

    def observations(self) -> Array:
        """``(size, 2, 26 + 43 * rounds)`` float32: the features of
        ``duelhost.games.warriors_death.encoding``, seat by seat (own side first)."""
        b, rounds = self.size, self.rounds
        over = self.winner != IN_PLAY
        out = np.zeros((b, 2, 26 + 43 * rounds), np.float32)
        units = np.arange(10)
        played = self.round.astype(np.int64)
        for me in (0, 1):
            opp = 1 - me
            obs = out[:, me]
            obs[:, 0] = (self.bout + 1) / (self.bouts + 1)
            obs[:, 1] = np.where(over, 0.0, (self.round + 1) / rounds)
            obs[:, 2] = self.bout_wins[:, me] / self.bouts
            obs[:, 3] = self.bout_wins[:, opp] / self.bouts
            obs[:, 4] = self.bout >= self.bouts
            obs[:, 5] = over
            hand = self.hand[:, me, None]
            playable = (units == 0) | ((hand >> units) & 1 == 1)
            playable |= self.revive[:, me, None] == units
            obs[:, 6:16] = playable
            obs[:, 16] = self.chocobos[:, me] / rounds
            obs[:, 17:26] = self.underworld[:, me, 1:] >= 0
            for slot in range(rounds):
                base = 26 + 43 * slot
                live = played > slot
                if not live.any():
                    break
                rows = self._rows[live]
                mine = self.history_units[live, slot, me].astype(np.int64)
                theirs = self.history_units[live, slot, opp].astype(np.int64)
                their_second = self.history_seconds[live, slot, opp].astype(np.int64)
                shown = np.where(theirs == BLUE_MAGE, their_second, theirs)
                seen = np.where(
                    theirs == BLUE_MAGE,
                    self.history_announced[live, slot],
                    self.history_winner[live, slot],
                )
                out[rows, me, base + mine] = 1.0
                out[rows, me, base + 10 + shown] = 1.0
                out[rows, me, base + 20] = seen == me
                out[rows, me, base + 21] = seen == opp
                out[rows, me, base + 22] = seen == TIE
                out[rows, me, base + 23 + mine] = 1.0
                second = self.history_seconds[live, slot, me].astype(np.int64)
                has = second >= 0
                out[rows[has], me, base + 33 + second[has]] = 1.0
        return out

    # ------------------------------------------------------------------ a round

    def step(self, actions: Array) -> Array:
        """One round in every match in play (``actions``: ``(size, 2)`` indices); returns the
        matches that ended."""
        live = self.winner == IN_PLAY
        rows = self._rows
        index = np.asarray(actions, np.int64)
        inside = (index >= 0) & (index < len(PLAYS))
        index = np.where(inside, index, 0)
        unit = UNIT[index]
        second = SECOND[index]
        in_hand = (self.hand >> unit) & 1 == 1
        allowed = (unit == CHOCOBO) | in_hand | (self.revive == unit)
        valid = inside & allowed
        unit = np.where(valid, unit, CHOCOBO)  # WD1: a timeout sends out a Chocobo
        second = np.where(valid, second, -1)
        revived = (unit != CHOCOBO) & ~((self.hand >> unit) & 1 == 1)
        u0, u1 = unit[:, 0], unit[:, 1]
        # WD2: carried Battle Voice, then Divination before the comparison (WD3).
        strength = unit + self.boost[:, :, 0]
        gain0 = np.where((u0 == ASTROLOGIAN) & (second[:, 0] == u1), strength[:, 1], 0)
        gain1 = np.where((u1 == ASTROLOGIAN) & (second[:, 1] == u0), strength[:, 0], 0)
        strength = strength + np.stack([gain0, gain1], axis=1)
        s0, s1 = strength[:, 0], strength[:, 1]
        winner = np.where(s0 > s1, 0, np.where(s1 > s0, 1, TIE)).astype(np.int8)
        # Kardia (WD5 as revised): a Sage uses the ability of the unit really played, except
        # an Astrologian's, a Blue Mage's or another Sage's (a revived Dark Knight's counts).
        ability = unit.copy()
        for seat in (0, 1):
            other = unit[:, 1 - seat]
            not_copied = np.isin(other, (ASTROLOGIAN, BLUE_MAGE, SAGE))
            copied = np.where(not_copied, -1, other)
            ability[:, seat] = np.where(unit[:, seat] == SAGE, copied, unit[:, seat])
        death = strength.copy()
        first0 = u0 <= u1
        for seat, mask in ((0, first0), (1, first0), (1, ~first0), (0, ~first0)):
            self._death_effect(seat, mask, ability, strength, winner, death)
        voice = (ability == BARD).astype(np.int16)
        survives = (ability == SAMURAI) & (winner[:, None] == np.array([0, 1]))
        revivable = (ability == DARK_KNIGHT) & ~revived
        # The state: hands, underworlds, revivals, buffs (state._resolve).
        for seat in (0, 1):
            u = unit[:, seat]
            bit = (1 << u.astype(np.int32)).astype(np.int32)
            back = live & survives[:, seat]
            chocobo = live & ~survives[:, seat] & (u == CHOCOBO)
            dead = live & ~survives[:, seat] & (u != CHOCOBO)
            self.hand[back, seat] |= bit[back]
            self.chocobos[chocobo, seat] += 1
            self.chocobo_strength[chocobo, seat] += death[chocobo, seat]
            self.hand[dead, seat] &= ~bit[dead]
            self.underworld[rows[dead], seat, u[dead]] = death[dead, seat]
            self.revive[live, seat] = np.where(revivable[live, seat], u[live], -1)
            nxt = self.boost[live, seat, 1]
            self.boost[live, seat, 0] = nxt + voice[live, seat]
            self.boost[live, seat, 1] = voice[live, seat]
        self.wins[live & (winner == 0), 0] += 1
        self.wins[live & (winner == 1), 1] += 1
        mimicry = (u0 == BLUE_MAGE) | (u1 == BLUE_MAGE)
        announced = np.where(mimicry, self.last, winner)
        slot = np.minimum(self.round, self.rounds - 1)
        lr = rows[live]
        self.history_units[lr, slot[live]] = unit[live]
        self.history_seconds[lr, slot[live]] = second[live]
        self.history_winner[lr, slot[live]] = winner[live]
        self.history_announced[lr, slot[live]] = announced[live]
        self.last[live] = winner[live]
        self.round[live] += 1
        bout_over = live & (self.round == self.rounds)
        if bout_over.any():
            self._end_bouts(bout_over)
        ended: Array = live & (self.winner != IN_PLAY)
        return ended

    @staticmethod
    def _death_effect(
        seat: int, mask: Array, ability: Array, strength: Array, winner: Array, death: Array
    ) -> None:
        """One seat's effects on death, in unit order (WD2; the caller orders the seats)."""
        other = 1 - seat
        effect = ability[:, seat]
        reaper = mask & (effect == REAPER) & (winner == other)  # WD7
        death[reaper, seat] = 8
        dragoon = mask & (effect == DRAGOON) & (strength[:, seat] >= strength[:, other] + 6)
        death[dragoon, seat] += 3  # WD9
        paradox = mask & (effect == BLACK_MAGE) & (winner == seat)  # WD10
        death[paradox, seat] = death[paradox, other]

    def _end_bouts(self, which: Array) -> None:
        dead = np.where(self.underworld[which, :, 1:] >= 0, self.underworld[which, :, 1:], 0)
        totals = 3 * self.wins[which] + dead.sum(axis=2) + self.chocobo_strength[which]
        t0, t1 = totals[:, 0], totals[:, 1]
        rows = self._rows[which]
        self.bout_wins[rows[t0 > t1], 0] += 1
        self.bout_wins[rows[t1 > t0], 1] += 1
        played = self.bout[rows] + 1
        w0, w1 = self.bout_wins[rows, 0], self.bout_wins[rows, 1]
        decided = (played >= self.bouts) & (w0 != w1)
        self.winner[rows[decided]] = np.where(w0[decided] > w1[decided], 0, 1)
        drawn = ~decided & (played > self.bouts)
        self.winner[rows[drawn]] = TIE
        going = rows[~decided & ~drawn]
        if going.size:
            self.bout[going] += 1
            self._new_bout(going)


# ---------------------------------------------------------------------- declarations
# What ``duelhost.vector`` reads (see docs/research.md, "Batched engines").


def batch_engine(size: int, options: dict[str, Any]) -> WarriorsDeathBatch:
    """``size`` matches with these (resolved) options."""
    return WarriorsDeathBatch(size, int(options["bouts"]), int(options["rounds"]))


def bench_configs(options: dict[str, Any]) -> list[tuple[str, dict[str, Any], int, int]]:
    """``duelhost bench warriors_death --vector``: the chosen options."""
    return [("", dict(options), 120, 4)]
