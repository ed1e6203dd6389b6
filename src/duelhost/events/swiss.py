"""Swiss pairing by maximum-weight matching (networkx), the criteria encoded as weights.

One round is paired from a snapshot of every entrant still in the event (``SwissPlayer``: score,
pairing number, past opponents, seats held, whether it has had a point without playing). The
criteria, most important first, are encoded as one integer weight per possible pair, so that a
maximum-cardinality maximum-weight matching optimises them lexicographically (docs/events.md,
"Swiss weights"):

1. everybody paired (maximum cardinality; a host-forbidden pair has no edge at all);
2. no rematch (each earlier meeting of the two is a penalty);
3. no second bye (a bye to an entrant that already had a point without playing);
4. no pair whose two entrants both have an absolute seat preference for the same seat
   (a third game in a row in one seat, or a seat imbalance over 2) — only where seats matter;
5. score groups: the sum over pairs of the squared score difference (in half points); the bye's
   "difference" is its taker's score above the lowest score;
6. seat preferences: a pair whose two entrants prefer the same seat costs the weaker preference's
   strength (mild 1, strong 2) — only where seats matter;
7. the Dutch order inside a score group (1 against 1 + g/2, top half against bottom half), the
   floater from the bottom of its group to the top of the next, the bye to the lowest-ranked.

Large events are paired bracket by bracket (a score group with the floaters from above, split
into interleaved halves when large), each bracket by networkx on its own complete graph, so that
a 1,000-entrant round is many small matchings instead of one O(n^3) one; an event of up to
``WHOLE_LIMIT`` entrants is one matching over every pair. When the last bracket cannot be paired
without a rematch or a second bye, pairs from above are pulled back into it, doubling, up to the
whole field: a rematch or second bye is made only when the whole field's matching needs one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from duelhost.core.errors import ConfigError

WHOLE_LIMIT = 64
"""Up to this many entrants a round is one matching over every possible pair."""

BRACKET_MIN = 24
"""Score groups smaller than this are merged with the next before a bracket is paired."""

BRACKET_TARGET = 24
"""A bracket larger than twice this is split into interleaved sub-brackets of about this size."""

BYE = -1
"""The matching's node standing for the bye."""

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0
"""Strengths of a seat preference (FIDE's colour preferences, seats for colours)."""


@dataclass(frozen=True)
class SwissPlayer:
    """What the pairing needs to know of one entrant before a round."""

    id: str
    score: float
    number: int
    """The pairing number: 1 for the top seed (by rating, ties by lot)."""
    opponents: tuple[str, ...] = ()
    """Every opponent met over the board or by forfeit, once per meeting."""
    seats: tuple[int, ...] = ()
    """The seats held in games played over the board, in order."""
    had_bye: bool = False
    """True once the entrant has had a point without playing (a bye or a forfeit win)."""
    forbidden: frozenset[str] = field(default_factory=frozenset)
    """Entrants the host has forbidden this one to be paired with."""


def seat_preference(seats: Sequence[int]) -> tuple[int | None, int]:
    """The seat an entrant should get next and how strongly: ``(seat, strength)``.

    Absolute after two games in a row in one seat or with a seat difference over 1; strong with
    a difference of 1; mild (alternate) with none; no preference before a first game.
    """
    if not seats:
        return None, NONE
    difference = seats.count(0) - seats.count(1)
    repeated = len(seats) >= 2 and seats[-1] == seats[-2]
    if difference > 1 or (repeated and seats[-1] == 0):
        return 1, ABSOLUTE
    if difference < -1 or (repeated and seats[-1] == 1):
        return 0, ABSOLUTE
    if difference == 1:
        return 1, STRONG
    if difference == -1:
        return 0, STRONG
    return 1 - seats[-1], MILD


def half_points(score: float) -> int:
    """A score in half points, the unit the weights count in."""
    return round(score * 2)


class _Field:
    """The ranked field of one round with the per-pair penalties of the criteria."""

    def __init__(self, players: Sequence[SwissPlayer], seats_matter: bool) -> None:
        self.players = sorted(players, key=lambda p: (-p.score, p.number))
        self.seats_matter = seats_matter
        self.met: list[dict[str, int]] = []
        self.preference = [seat_preference(p.seats) for p in self.players]
        self.group_pos: list[int] = []
        self.group_size: list[int] = []
        self.groups: list[list[int]] = []
        for index, player in enumerate(self.players):
            counts: dict[str, int] = {}
            for opponent in player.opponents:
                counts[opponent] = counts.get(opponent, 0) + 1
            self.met.append(counts)
            if index and player.score == self.players[index - 1].score:
                self.groups[-1].append(index)
            else:
                self.groups.append([index])
        for group in self.groups:
            for position, _ in enumerate(group):
                self.group_pos.append(position)
                self.group_size.append(len(group))
        self.lowest = half_points(self.players[-1].score) if self.players else 0
        forbidden_pairs: set[frozenset[str]] = set()
        for player in self.players:
            for other in player.forbidden:
                forbidden_pairs.add(frozenset((player.id, other)))
        self.forbidden = forbidden_pairs

    def allowed(self, i: int, j: int) -> bool:
        """False for a host-forbidden pair."""
        return frozenset((self.players[i].id, self.players[j].id)) not in self.forbidden

    def penalties(self, i: int, j: int) -> tuple[int, int, int, int, int, int]:
        """The six penalties of pairing ``i`` (ranked higher) with ``j``, or ``j == BYE``."""
        if j == BYE:
            player = self.players[i]
            over = half_points(player.score) - self.lowest
            return (0, int(player.had_bye), 0, over * over, 0, len(self.players) - 1 - i)
        a, b = self.players[i], self.players[j]
        rematch = max(self.met[i].get(b.id, 0), self.met[j].get(a.id, 0))
        diff = half_points(a.score) - half_points(b.score)
        absolute = clash = 0
        if self.seats_matter:
            (seat_a, strength_a), (seat_b, strength_b) = self.preference[i], self.preference[j]
            if seat_a is not None and seat_a == seat_b:
                if strength_a == ABSOLUTE and strength_b == ABSOLUTE:
                    absolute = 1
                else:
                    clash = min(strength_a, strength_b)
        if a.score == b.score:
            order = abs(self.group_pos[j] - self.group_pos[i] - self.group_size[i] // 2)
        else:
            order = self.group_pos[j] + self.group_size[i] - 1 - self.group_pos[i]
        return (rematch, 0, absolute, diff * diff, clash, order)

    def solve(
        self, block: Sequence[int], with_bye: bool, strict: bool
    ) -> tuple[list[tuple[int, int]], list[int]]:
        """A best matching of ``block`` (indices in rank order): its pairs and the unpaired.

        ``strict`` leaves out rematch edges, so that an entrant who can only be paired again with
        a past opponent floats to the next bracket instead.
        """
        edges: list[tuple[int, int, tuple[int, ...]]] = []
        nodes = list(block) + ([BYE] if with_bye else [])
        for x, i in enumerate(block):
            for j in block[x + 1 :]:
                if not self.allowed(i, j):
                    continue
                penalty = self.penalties(i, j)
                if strict and penalty[0]:
                    continue
                edges.append((i, j, penalty))
            if with_bye:
                edges.append((i, BYE, self.penalties(i, BYE)))
        graph = nx.Graph()
        graph.add_nodes_from(nodes)
        graph.add_weighted_edges_from(_lexicographic(edges, len(nodes) // 2 + 1))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs = sorted(
            (min(u, v), max(u, v)) if BYE not in (u, v) else (max(u, v), BYE) for u, v in matching
        )
        matched = {x for pair in pairs for x in pair}
        return pairs, [i for i in block if i not in matched]

    def flawed(self, pairs: Iterable[tuple[int, int]]) -> bool:
        """True when a pair is a rematch or a bye goes to an entrant that had one."""
        return any(self.penalties(i, j)[0] or self.penalties(i, j)[1] for i, j in pairs)


def _lexicographic(
    edges: Sequence[tuple[int, int, tuple[int, ...]]], pairs: int
) -> list[tuple[int, int, int]]:
    """Integer weights under which a heavier matching is lexicographically less penalised.

    Level k's multiplier exceeds the largest total all lower levels can reach over ``pairs``
    pairs, so no amount of lower-level gain makes up for one unit at a higher level.
    """
    if not edges:
        return []
    levels = len(edges[0][2])
    worst = [max(e[2][k] for e in edges) for k in range(levels)]
    multipliers = [1] * levels
    for k in range(levels - 2, -1, -1):
        multipliers[k] = multipliers[k + 1] * (worst[k + 1] * pairs + 1)
    base = sum(w * m for w, m in zip(worst, multipliers, strict=True)) + 1
    return [
        (i, j, base - sum(p * m for p, m in zip(penalty, multipliers, strict=True)))
        for i, j, penalty in edges
    ]


def _split(bracket: list[int]) -> list[list[int]]:
    """A bracket cut into interleaved sub-brackets: the k-th slice of the top half with the k-th
    slice of the bottom half, so that each entrant's Dutch opponent stays in its sub-bracket."""
    if len(bracket) <= 2 * BRACKET_TARGET:
        return [bracket]
    count = len(bracket) // BRACKET_TARGET
    top, bottom = bracket[: len(bracket) // 2], bracket[len(bracket) // 2 :]
    return [
        top[k * len(top) // count : (k + 1) * len(top) // count]
        + bottom[k * len(bottom) // count : (k + 1) * len(bottom) // count]
        for k in range(count)
    ]


def _brackets(field_: _Field) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair every bracket but the last strictly, top down; the pairs and the last bracket."""
    pairs: list[tuple[int, int]] = []
    carry: list[int] = []
    for number, group in enumerate(field_.groups):
        bracket = carry + group
        last_group = number == len(field_.groups) - 1
        if len(bracket) < BRACKET_MIN and not last_group:
            carry = bracket
            continue
        subs = _split(bracket)
        if last_group:
            subs, final = subs[:-1], subs[-1]
        carry = []
        for sub in subs:
            found, unpaired = field_.solve(sub, with_bye=False, strict=True)
            pairs.extend(found)
            carry.extend(unpaired)
        if last_group:
            return pairs, carry + final
    return pairs, carry


def _pair_indices(field_: _Field) -> list[tuple[int, int]]:
    """The round's pairs as rank indices, ``(i, BYE)`` for the bye."""
    everyone = list(range(len(field_.players)))
    odd = len(everyone) % 2 == 1
    if len(everyone) <= WHOLE_LIMIT:
        pairs, unpaired = field_.solve(everyone, with_bye=odd, strict=False)
    else:
        above, final = _brackets(field_)
        pulled = 0
        while True:
            kept = above[: len(above) - pulled]
            block = sorted(final + [x for pair in above[len(kept) :] for x in pair])
            pairs, unpaired = field_.solve(block, with_bye=odd, strict=False)
            if (not unpaired and not field_.flawed(pairs)) or not kept:
                pairs = kept + pairs
                break
            pulled = min(len(above), max(4, 2 * pulled))
    if unpaired:
        names = ", ".join(field_.players[i].id for i in unpaired)
        raise ConfigError(
            f"this round cannot be paired: the forbidden pairings leave {names} without an "
            "opponent; lift a forbidden pairing or withdraw an entrant"
        )
    return pairs


def allocate_seats(
    first: SwissPlayer, second: SwissPlayer, board: int, lot_seat: int
) -> tuple[str, str]:
    """Who takes seat 0: ``first`` is the higher-ranked of the two (FIDE's colour allocation).

    Both preferences granted when they differ; else the stronger one; else the two alternate
    from the latest game in which their seats differed; else the higher-ranked gets its
    preference. With no preference on either side (a first round) seat 0 goes to the higher
    ranked on boards ``lot_seat`` selects by parity: the lot picks board 1's seats, and the
    boards alternate.
    """
    seat_a, strength_a = seat_preference(first.seats)
    seat_b, strength_b = seat_preference(second.seats)
    if seat_a is None and seat_b is None:
        top_gets = (lot_seat + board) % 2
    elif seat_a is None:
        top_gets = 1 - (seat_b or 0)
    elif seat_b is None or seat_a != seat_b or strength_a > strength_b:
        top_gets = seat_a
    elif strength_b > strength_a:
        top_gets = 1 - seat_b
    else:
        top_gets = seat_a
        for back in range(1, min(len(first.seats), len(second.seats)) + 1):
            if first.seats[-back] != second.seats[-back]:
                top_gets = 1 - first.seats[-back]
                break
    return (first.id, second.id) if top_gets == 0 else (second.id, first.id)


def pair_swiss(
    players: Sequence[SwissPlayer], *, seats_matter: bool, lot_seat: int = 0
) -> list[tuple[str, str | None]]:
    """One Swiss round: ``(seat 0, seat 1)`` per board in board order, ``(id, None)`` the bye.

    Boards are ordered by the higher score of the pair, then by the better-ranked entrant of
    it; the bye comes last. ``lot_seat`` (0 or 1, drawn by lot from the event's seed) gives
    board 1's top entrant its seat in a first round.
    """
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ConfigError("an entrant appears twice among the players to pair")
    if len(players) < 2:
        raise ConfigError(f"a Swiss round needs at least 2 entrants, not {len(players)}")
    known = set(ids)
    field_ = _Field(players, seats_matter)
    pairs = _pair_indices(field_)
    games = sorted(
        (pair for pair in pairs if pair[1] != BYE),
        key=lambda pair: (-field_.players[pair[0]].score, pair[0]),
    )
    result: list[tuple[str, str | None]] = []
    for board, (i, j) in enumerate(games):
        result.append(allocate_seats(field_.players[i], field_.players[j], board, lot_seat))
    result.extend((field_.players[i].id, None) for i, j in pairs if j == BYE)
    paired = [x for pair in result for x in pair if x is not None]
    if sorted(paired) != sorted(known):
        raise AssertionError("Swiss pairing lost or repeated an entrant")  # pragma: no cover
    return result
