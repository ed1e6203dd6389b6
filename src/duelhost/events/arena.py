"""Arena (as lichess's): a fixed duration, players paired again as soon as they are free.

Scoring: a win 2 points, a draw 1, a loss 0; after two wins in a row a player is *on a streak*
and its games count double (a win 4, a draw 2) until a game that is not a win ends the streak.
A forfeit won or lost counts as a win or a loss. Only games ended by the end of the arena count.

Pairing: each "wave" pairs the players waiting at that moment (the server sends them: those who
finished a game or joined and are not paused). Waiting players are ranked by the live standings
(points, then performance, then rating) and matched by networkx's maximum-weight matching, with
as many pairs as possible first and the smallest sum of squared rank distances next (so
that each is as near as can be, not one very near and one far), and among equals the
lower-ranked player left to wait; the last opponent
and host-forbidden opponents are left out. The matching runs over blocks of ``BLOCK`` waiting
players in rank order, each edge joining players at most ``WINDOW`` places apart among the
waiting; a player a block cannot pair is carried to the next, and an odd one out waits for the
next wave.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import networkx as nx

from duelhost.core.errors import ConfigError, quote_value
from duelhost.events.model import Entrant, Game, Outcome, Pairing, Round
from duelhost.events.record import ActionKind, EventRecord, Format
from duelhost.events.standings import Standing
from duelhost.events.swiss import SwissPlayer, allocate_seats

BLOCK = 40
WINDOW = 8


@dataclass(frozen=True)
class ArenaLine:
    """One player's arena tally at a moment."""

    points: int
    wins: int
    draws: int
    losses: int
    streak: int
    performance: int
    seats: tuple[int, ...]


def streak_points(results: Sequence[float]) -> tuple[int, int]:
    """Arena points and the current run of wins from results in order (1, ½ or 0 each)."""
    points = run = 0
    for result in results:
        factor = 2 if run >= 2 else 1
        if result == 1:
            points += 2 * factor
            run += 1
        else:
            points += (1 if result == 0.5 else 0) * factor
            run = 0
    return points, run


def _games_by_end(record: EventRecord, at: float | None) -> list[Game]:
    """The games ended by ``at`` (and by the end of the arena), in the order they ended."""
    end = float(record.config.duration or 0)
    limit = end if at is None else min(at, end)
    games = [
        (g.ended_at, r.number, p.board, g)
        for r in record.rounds
        for p in r.pairings
        for g in p.games
        if g.outcome is not None and g.ended_at is not None
    ]
    return [
        g
        for ended, _, _, g in sorted(games, key=lambda x: x[:3])
        if ended is not None and ended <= limit
    ]


def tallies(record: EventRecord, at: float | None) -> dict[str, ArenaLine]:
    """Every entrant's tally from the games ended by ``at`` (None: the end of the arena)."""
    ratings = {e.id: e.rating for e in record.all_entrants()}
    results: dict[str, list[float]] = {eid: [] for eid in ratings}
    opponents: dict[str, list[int]] = {eid: [] for eid in ratings}
    seats: dict[str, list[int]] = {eid: [] for eid in ratings}
    for game in _games_by_end(record, at):
        outcome = game.outcome
        assert outcome is not None
        for seat, eid in enumerate((game.first, game.second)):
            results[eid].append(outcome.points(seat))
            opponents[eid].append(ratings[game.second if seat == 0 else game.first])
            if outcome.played:
                seats[eid].append(seat)
    lines = {}
    for eid, res in results.items():
        points, run = streak_points(res)
        wins, losses = sum(r == 1 for r in res), sum(r == 0 for r in res)
        perf = ratings[eid]
        if res:
            perf = round(sum(opponents[eid]) / len(res) + 400 * (wins - losses) / len(res))
        lines[eid] = ArenaLine(
            points, wins, sum(r == 0.5 for r in res), losses, run, perf, tuple(seats[eid])
        )
    return lines


def ranking(record: EventRecord, at: float | None) -> list[str]:
    """Entrant ids in standings order: points, performance (the rating before a first game),
    rating, id."""
    lines = tallies(record, at)
    ratings = {e.id: e.rating for e in record.all_entrants()}
    return sorted(lines, key=lambda e: (-lines[e].points, -lines[e].performance, -ratings[e], e))


def arena_standings(record: EventRecord, at: float | None) -> list[Standing]:
    """The live standings at ``at`` (None: final), tie-break the performance."""
    lines = tallies(record, at)
    status = record.status()
    order = ranking(record, at)
    standings: list[Standing] = []
    for position, eid in enumerate(order):
        line = lines[eid]
        previous = standings[-1] if standings else None
        same = previous is not None and (previous.points, previous.tiebreaks) == (
            line.points,
            (("performance", float(line.performance)),),
        )
        standings.append(
            Standing(
                rank=previous.rank if same and previous is not None else position + 1,
                entrant=record.entrant(eid),
                points=line.points,
                tiebreaks=(("performance", float(line.performance)),),
                wins=line.wins,
                draws=line.draws,
                losses=line.losses,
                status=status.get(eid, "active"),
            )
        )
    return standings


def pair_waiting(
    waiting: Sequence[str],
    order: Sequence[str],
    *,
    last_opponent: Mapping[str, str],
    forbidden: Mapping[str, frozenset[str]],
) -> list[tuple[str, str]]:
    """Pairs of waiting players, each pair higher-ranked first; the unpaired wait."""
    rank = {eid: k for k, eid in enumerate(order)}
    queue = sorted(waiting, key=rank.__getitem__)
    pairs: list[tuple[str, str]] = []
    carry: list[str] = []
    for start in range(0, len(queue), BLOCK):
        block = carry + queue[start : start + BLOCK]
        found, carry = _match_block(block, rank, last_opponent, forbidden)
        pairs.extend(found)
    return pairs


def _match_block(
    block: list[str],
    rank: Mapping[str, int],
    last_opponent: Mapping[str, str],
    forbidden: Mapping[str, frozenset[str]],
) -> tuple[list[tuple[str, str]], list[str]]:
    graph = nx.Graph()
    graph.add_nodes_from(block)
    spread = (rank[block[-1]] - rank[block[0]] + 1) if block else 1
    for x, a in enumerate(block):
        for b in block[x + 1 : x + 1 + WINDOW]:
            if last_opponent.get(a) == b or last_opponent.get(b) == a:
                continue
            if b in forbidden.get(a, frozenset()):
                continue
            nearness = spread * spread + 1 - (rank[b] - rank[a]) ** 2
            height = 2 * (rank[block[-1]] + 1) - rank[a] - rank[b]
            graph.add_edge(a, b, weight=nearness * (spread * spread + 1) + height)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted(
        (tuple(sorted((u, v), key=rank.__getitem__)) for u, v in matching),
        key=lambda pair: rank[pair[0]],
    )
    matched = {x for pair in pairs for x in pair}
    return [(a, b) for a, b in pairs], [x for x in block if x not in matched]


def busy(record: EventRecord, at: float) -> set[str]:
    """Players in a game not ended by ``at``."""
    return {
        eid
        for r in record.rounds
        for p in r.pairings
        if p.second is not None
        for eid in p.players()
        if not p.games or any(g.outcome is None or (g.ended_at or 0) > at for g in p.games)
    }


def last_opponents(record: EventRecord) -> dict[str, str]:
    """Each player's opponent in its latest pairing."""
    last: dict[str, str] = {}
    for rnd in record.rounds:
        for pairing in rnd.pairings:
            if pairing.second is not None:
                last[pairing.first], last[pairing.second] = pairing.second, pairing.first
    return last


def present(record: EventRecord, at: float) -> set[str]:
    """Players entered by ``at`` and not withdrawn or disqualified by then."""
    joined = {e.id for e in record.entrants}
    for action in record.actions:
        if action.at is not None and action.at > at:
            continue
        if action.kind is ActionKind.ADD and action.new_entrant is not None:
            joined.add(action.new_entrant.id)
        if action.kind in (ActionKind.WITHDRAW, ActionKind.DISQUALIFY):
            joined.discard(str(action.entrant))
    return joined


def wave_pairs(record: EventRecord, waiting: Sequence[str], at: float) -> list[tuple[str, str]]:
    """The pairs a wave at ``at`` makes of ``waiting``, seats allocated; checks the waiting."""
    if record.config.format is not Format.ARENA:
        raise ConfigError("waves pair arenas; use pair_next_round for rounds")
    if not isinstance(at, int | float) or at < 0:
        raise ConfigError(f"a wave's time is seconds from the start, not {quote_value(at)}")
    if at >= float(record.config.duration or 0):
        raise ConfigError(f"the arena is over: it lasted {record.config.duration} s")
    if record.rounds and record.rounds[-1].at is not None and at < record.rounds[-1].at:
        raise ConfigError("waves come in time order: this one is earlier than the last")
    if len(set(waiting)) != len(waiting):
        raise ConfigError("a player is twice among the waiting")
    here, playing = present(record, at), busy(record, at)
    for eid in waiting:
        record.entrant(eid)
        if eid not in here:
            raise ConfigError(f"{quote_value(eid)} is not in the arena at {at} s")
        if eid in playing:
            raise ConfigError(f"{quote_value(eid)} is still playing a game at {at} s")
    order = ranking(record, at)
    lines = tallies(record, at)
    pairs = pair_waiting(
        waiting, order, last_opponent=last_opponents(record), forbidden=record.forbidden()
    )
    seated = []
    for board, (a, b) in enumerate(pairs):
        shell_a = SwissPlayer(a, 0.0, 0, seats=lines[a].seats)
        shell_b = SwissPlayer(b, 0.0, 0, seats=lines[b].seats)
        seated.append(allocate_seats(shell_a, shell_b, board, 0))
    return seated


def arena_wave(record: EventRecord, waiting: Sequence[str], at: float) -> EventRecord:
    """The record with a new wave: the waiting players paired at ``at`` seconds."""
    if record.closed:
        raise ConfigError(f"event {quote_value(record.event_id)} is closed")
    pairs = wave_pairs(record, waiting, at)
    pairings = tuple(Pairing(k + 1, a, b) for k, (a, b) in enumerate(pairs))
    wave = Round(len(record.rounds) + 1, pairings, at=float(at), waiting=tuple(waiting))
    return replace(record, rounds=(*record.rounds, wave))


__all__ = [
    "ArenaLine",
    "Entrant",
    "Outcome",
    "arena_standings",
    "arena_wave",
    "pair_waiting",
    "ranking",
    "streak_points",
    "tallies",
    "wave_pairs",
]
