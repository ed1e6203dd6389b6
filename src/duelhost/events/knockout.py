"""Knockout: a seeded bracket, byes to the top seeds, best-of-N series, an optional third place.

The bracket has ``size`` slots, the power of two at or above the number of entrants; seeds fill
them in the standard order (1 and 2 can only meet in the final, 1-4 in the semi-finals), and the
seeds past the last entrant are byes, so the byes fall to the top seeds.

Each tie is a best-of-N series (N odd). Game 1 gives the higher seed seat 0, and the seats
alternate game by game. A game scores 1 for a win (a forfeit is a win for the one who showed up),
½ each for a draw, 0 each for a double forfeit. The series is over as soon as one side cannot be
caught in the N regular games (first to more than N/2 points). Level after N games (only possible
with draws), sudden-death deciders follow, seats still alternating: the first decisive decider
wins the series; after ``max_deciders`` drawn deciders the higher seed advances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from duelhost.core.errors import ConfigError
from duelhost.events.model import Game, Pairing, Round


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for ``size`` slots: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8."""
    if size < 2 or size & (size - 1):
        raise ConfigError(f"a bracket's size must be a power of two of at least 2, not {size}")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def bracket_size(entrants: int) -> int:
    """The smallest power of two holding ``entrants``."""
    if entrants < 2:
        raise ConfigError(f"a knockout needs at least 2 entrants, not {entrants}")
    size = 2
    while size < entrants:
        size *= 2
    return size


def first_round(seeded: Sequence[str]) -> list[tuple[str, str | None]]:
    """Round 1's ties in bracket order, ``(seed, None)`` where a top seed has a bye."""
    size = bracket_size(len(seeded))
    order = bracket_order(size)
    ties: list[tuple[str, str | None]] = []
    for k in range(0, size, 2):
        a, b = sorted((order[k], order[k + 1]))
        ties.append((seeded[a - 1], seeded[b - 1] if b <= len(seeded) else None))
    return ties


def rounds_needed(entrants: int) -> int:
    """How many rounds the bracket has: log2 of its size."""
    return bracket_size(entrants).bit_length() - 1


@dataclass(frozen=True)
class Series:
    """Where a best-of-N series stands."""

    points_first: float
    points_second: float
    winner: str | None
    next_seats: tuple[str, str] | None
    """Who sits where in the next game, None when the series is over or a game is on."""


def series_state(
    first: str, second: str | None, games: Sequence[Game], best_of: int, max_deciders: int
) -> Series:
    """The state of the tie ``first`` (higher seed) against ``second`` after ``games``."""
    if second is None:
        return Series(0.0, 0.0, first, None)
    points = {first: 0.0, second: 0.0}
    finished = 0
    for game in games:
        outcome = game.outcome
        if outcome is None:
            return Series(points[first], points[second], None, None)
        points[game.first] += outcome.points(0)
        points[game.second] += outcome.points(1)
        finished += 1
        if finished > best_of and outcome.winner() is not None:
            winner = game.first if outcome.winner() == 0 else game.second
            return Series(points[first], points[second], winner, None)
    remaining = best_of - finished
    if finished <= best_of:
        if points[first] > points[second] + remaining:
            return Series(points[first], points[second], first, None)
        if points[second] > points[first] + remaining:
            return Series(points[first], points[second], second, None)
    if finished >= best_of + max_deciders:
        return Series(points[first], points[second], first, None)
    seats = (first, second) if finished % 2 == 0 else (second, first)
    return Series(points[first], points[second], None, seats)


def check_best_of(best_of: object) -> int:
    """``best_of`` if it is a positive odd integer, else a ConfigError."""
    if isinstance(best_of, bool) or not isinstance(best_of, int) or best_of < 1 or best_of % 2 == 0:
        raise ConfigError(
            f"a series is best of an odd number of games (1, 3, 5...), not {best_of!r}"
        )
    return best_of


def tie_winner(pairing: Pairing, best_of: int, max_deciders: int) -> str | None:
    """The entrant going through from a tie, None while the series is on."""
    state = series_state(pairing.first, pairing.second, pairing.games, best_of, max_deciders)
    return state.winner


def next_round(
    seeded: Sequence[str],
    rounds: Sequence[Round],
    *,
    best_of: int,
    max_deciders: int,
    third_place: bool,
    gone: frozenset[str] = frozenset(),
) -> list[tuple[str, str | None]]:
    """The ties of the next round: round 1 from the seeds, later ones from the winners.

    An entrant in ``gone`` (withdrawn or disqualified) gives its opponent a walkover (a bye).
    The final round holds the final and, with ``third_place``, the match of the two losing
    semi-finalists (when both semi-finals were played) as board 2.
    """
    total = rounds_needed(len(seeded))
    if len(rounds) >= total:
        raise ConfigError(f"the knockout is over: its {total} rounds have been paired")
    seed_of = {eid: n for n, eid in enumerate(seeded)}
    if not rounds:
        ties = first_round(seeded)
    else:
        last = rounds[-1]
        winners: list[str] = []
        losers: list[str | None] = []
        for pairing in last.pairings:
            winner = tie_winner(pairing, best_of, max_deciders)
            if winner is None:
                raise ConfigError(
                    f"round {last.number} is not over: board {pairing.board} is undecided"
                )
            winners.append(winner)
            losers.append(
                None
                if pairing.second is None
                else (pairing.second if winner == pairing.first else pairing.first)
            )
        ties = []
        for k in range(0, len(winners), 2):
            a, b = sorted((winners[k], winners[k + 1]), key=seed_of.__getitem__)
            ties.append((a, b))
        if third_place and len(rounds) == total - 1 and None not in losers:
            a, b = sorted((str(losers[0]), str(losers[1])), key=seed_of.__getitem__)
            ties.append((a, b))
    return [_walkover(tie, gone) for tie in ties]


def _walkover(tie: tuple[str, str | None], gone: frozenset[str]) -> tuple[str, str | None]:
    """A tie with an entrant gone: a bye for the other (for the higher seed if both left)."""
    first, second = tie
    if second is None or (first not in gone and second not in gone):
        return tie
    if first in gone and second not in gone:
        return (second, None)
    return (first, None)


def knockout_places(
    seeded: Sequence[str], rounds: Sequence[Round], best_of: int, max_deciders: int
) -> dict[str, int]:
    """Each entrant's place so far: 1 for everyone still in, else by the round it went out.

    Going out in round k of K gives place ``size / 2**k + 1`` (5th for a quarter-final);
    the final's loser is 2nd; a third-place match splits the 3rd place into 3rd and 4th.
    """
    size = bracket_size(len(seeded))
    total = rounds_needed(len(seeded))
    places = dict.fromkeys(seeded, 1)
    for rnd in rounds:
        for index, pairing in enumerate(rnd.pairings):
            winner = tie_winner(pairing, best_of, max_deciders)
            if winner is None or pairing.second is None:
                continue
            loser = pairing.second if winner == pairing.first else pairing.first
            if rnd.number == total and index == 1:
                places[winner], places[loser] = 3, 4
            else:
                places[loser] = size // 2**rnd.number + 1
    return places
