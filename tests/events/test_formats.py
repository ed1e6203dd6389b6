"""Round robin (Berger tables), knockout (seeding, series) and arena (streaks, pairing)."""

from __future__ import annotations

import pytest

from duelhost.core.errors import ConfigError
from duelhost.events import (
    Entrant,
    EventConfig,
    Format,
    Game,
    Outcome,
    arena_wave,
    open_event,
    pair_next_round,
    pending_games,
    report_result,
    standings,
    streak_points,
)
from duelhost.events.arena import pair_waiting
from duelhost.events.knockout import first_round, series_state
from duelhost.events.roundrobin import berger_table, round_robin_schedule

# -- round robin ----------------------------------------------------------------------------

BERGER_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
BERGER_8 = [  # FIDE's published table for 7 or 8 entrants
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
BERGER_5 = [  # the 6-entrant table with entrant 6 resting the one it meets
    [(2, 5), (3, 4), (1, None)],
    [(5, 3), (1, 2), (4, None)],
    [(3, 1), (4, 5), (2, None)],
    [(1, 4), (2, 3), (5, None)],
    [(4, 2), (5, 1), (3, None)],
]


@pytest.mark.parametrize(("n", "table"), [(4, BERGER_4), (5, BERGER_5), (8, BERGER_8)])
def test_berger_tables(n, table):
    assert berger_table(n) == table


def test_double_round_robin_swaps_seats():
    schedule = round_robin_schedule(["a", "b", "c", "d"], double=True)
    assert len(schedule) == 6
    assert schedule[3:] == [[(b, a) for a, b in rnd] for rnd in schedule[:3]]
    for x in "abcd":
        seats = [0 if p[0] == x else 1 for rnd in schedule for p in rnd if x in p]
        assert seats.count(0) == seats.count(1) == 3


def test_round_robin_event_and_withdrawal_walkover():
    entrants = [Entrant(x, x.upper(), 2000 - k) for k, x in enumerate("abcd")]
    record = open_event("rr", EventConfig(Format.ROUND_ROBIN), entrants, "s")
    record = pair_next_round(record, "s")
    assert [(p.first, p.second) for p in record.rounds[0].pairings] == [("a", "d"), ("b", "c")]
    for game in pending_games(record):
        record = report_result(record, game.round, game.board, Outcome.FIRST_WINS)
    from duelhost.events import withdraw

    record = withdraw(record, "c")
    record = pair_next_round(record, "s")  # round 2: d-c, a-b; c's game is forfeited at once
    board = record.rounds[1].pairings[0]
    assert (board.first, board.second) == ("d", "c")
    assert board.games[0].outcome is Outcome.SECOND_FORFEITS
    assert [(g.round, g.board) for g in pending_games(record)] == [(2, 2)]


# -- knockout -------------------------------------------------------------------------------


def _seeds(n):
    return [f"s{k}" for k in range(1, n + 1)]


def test_knockout_seeding_5_8_16():
    def numbers(ties):
        return [(int(a[1:]), None if b is None else int(b[1:])) for a, b in ties]

    assert numbers(first_round(_seeds(5))) == [(1, None), (4, 5), (2, None), (3, None)]
    assert numbers(first_round(_seeds(8))) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert numbers(first_round(_seeds(16))) == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]


def _series(results, best_of=3, max_deciders=2):
    games, state = [], series_state("hi", "lo", [], best_of, max_deciders)
    for outcome in results:
        assert state.winner is None
        first, second = state.next_seats
        games.append(Game(first, second, outcome=outcome))
        state = series_state("hi", "lo", games, best_of, max_deciders)
    return state, [(g.first, g.second) for g in games]


def test_series_first_to_two_with_seats_alternating():
    state, seats = _series([Outcome.SECOND_WINS, Outcome.FIRST_WINS])  # lo wins both
    assert state.winner == "lo" and (state.points_first, state.points_second) == (0, 2)
    assert seats == [("hi", "lo"), ("lo", "hi")]


def test_series_level_after_n_goes_to_sudden_death_then_the_higher_seed():
    draw, w = Outcome.DRAW, Outcome.FIRST_WINS
    state, seats = _series([w, w, draw, w])  # 1-1 then ½-½ then a decider won by seat 0
    assert seats[3] == ("lo", "hi") and state.winner == "lo"
    state, _ = _series([draw, draw, draw, draw, draw])  # level, two drawn deciders
    assert state.winner == "hi"


def test_knockout_of_five_with_third_place():
    entrants = [Entrant(f"s{k}", f"S{k}", 2000 - k) for k in range(1, 6)]
    record = open_event(
        "ko", EventConfig(Format.KNOCKOUT, best_of=3, third_place=True), entrants, "s"
    )
    for _ in range(3):
        record = pair_next_round(record, "s")
        while pending_games(record):
            for game in pending_games(record):
                # the lower seed always wins: s5 beats s4, then s1, then s2.
                lower = max(game.first, game.second)
                outcome = Outcome.FIRST_WINS if game.first == lower else Outcome.SECOND_WINS
                record = report_result(record, game.round, game.board, outcome)
    final = record.rounds[2].pairings
    assert [(p.first, p.second) for p in final] == [("s3", "s5"), ("s1", "s2")]
    places = [(line.rank, line.entrant.id) for line in standings(record)]
    assert places == [(1, "s5"), (2, "s3"), (3, "s2"), (4, "s1"), (5, "s4")]
    with pytest.raises(ConfigError, match="rounds have been paired"):
        pair_next_round(record, "s")


def test_best_of_even_is_refused():
    with pytest.raises(ConfigError, match="odd number"):
        EventConfig(Format.KNOCKOUT, best_of=2)


# -- arena ----------------------------------------------------------------------------------


def test_streak_scoring():
    # win 2, win 2 (on a streak now), win 4, draw 2 (ends it), win 2, win 2, win 4, loss 0
    assert streak_points([1, 1, 1, 0.5, 1, 1, 1, 0]) == (18, 0)
    assert streak_points([0.5, 1, 1, 0.5]) == (1 + 2 + 2 + 2, 0)
    assert streak_points([1, 1, 1]) == (8, 3)


def test_arena_pairs_nearest_ranked_not_the_last_opponent():
    order = ["a", "b", "c", "d"]
    assert pair_waiting(order, order, last_opponent={}, forbidden={}) == [("a", "b"), ("c", "d")]
    last = {"a": "b", "b": "a"}
    assert pair_waiting(order, order, last_opponent=last, forbidden={}) == [("a", "c"), ("b", "d")]


def test_arena_waves_and_live_standings():
    entrants = [Entrant(x, x, r) for x, r in (("a", 1900), ("b", 1800), ("c", 1700))]
    record = open_event("ar", EventConfig(Format.ARENA, duration=600), entrants, "s")
    record = arena_wave(record, ["a", "b", "c"], 0.0)
    assert [(p.first, p.second) for p in record.rounds[0].pairings] == [("a", "b")]
    record = report_result(record, 1, 1, Outcome.FIRST_WINS, ended_at=30.0)
    with pytest.raises(ConfigError, match="still playing"):
        arena_wave(record, ["a"], 20.0)
    record = arena_wave(record, ["a", "b", "c"], 31.0)  # a-b just played: a meets c
    assert {frozenset((p.first, p.second)) for p in record.rounds[1].pairings} == {frozenset("ac")}
    record = report_result(record, 2, 1, Outcome.DRAW, ended_at=700.0)  # after the end
    lines = standings(record)
    assert (lines[0].entrant.id, lines[0].points) == ("a", 2)
    with pytest.raises(ConfigError, match="over"):
        arena_wave(record, ["b", "c"], 600.0)
