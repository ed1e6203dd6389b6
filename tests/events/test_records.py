"""Tie-breaks on hand-computed examples, the TRF export, the record's verifier, bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from duelhost.core.errors import ConfigError
from duelhost.events import (
    Entrant,
    EventConfig,
    EventRecord,
    Format,
    Game,
    Outcome,
    Pairing,
    Round,
    add_entrant,
    adjudicate,
    arena_wave,
    close_event,
    forbid_pairing,
    forfeit,
    open_event,
    pair_next_round,
    pending_games,
    report_result,
    seed_commitment,
    standings,
    standings_csv,
    standings_json,
    substitute,
    to_trf,
    verify_event,
    withdraw,
)
from duelhost.events.standings import SWISS_TIEBREAKS, rank_entrants

DATA = Path(__file__).parent / "data"


def _game(first, second, outcome):
    return Pairing(0, first, second, (Game(first, second, outcome=outcome),))


def _round(number, *boards):
    return Round(
        number, tuple(Pairing(k + 1, b.first, b.second, b.games) for k, b in enumerate(boards))
    )


def _bye(who):
    return Pairing(0, who, None)


def test_swiss_tiebreaks_hand_computed():
    # R1: A beats B, C draws D, E bye.  R2: E beats A, B beats C, D bye.
    # Points A 1, B 1, C ½, D 1½, E 2. Adjusted scores (a round not played over the board
    # counts ½): A 1, B 1, C ½, D 1, E 1½.
    # Buchholz contributions (own points for a round not played over the board):
    #   A: B 1, E 1½ -> 2½, cut-1 1½; SB 1×1 + 1½×0 = 1
    #   B: A 1, C ½ -> 1½, cut-1 1;   SB 0 + ½×1 = ½
    #   C: D 1, B 1 -> 2, cut-1 1;    SB 1×½ + 0 = ½
    #   D: C ½, bye 1½ -> 2, cut-1 1½; SB ½×½ + 1½×1 = 1¾
    #   E: bye 2, A 1 -> 3, cut-1 2;  SB 2×1 + 1×1 = 3
    entrants = [Entrant(x, x) for x in "ABCDE"]
    rounds = [
        _round(1, _game("A", "B", Outcome.FIRST_WINS), _game("C", "D", Outcome.DRAW), _bye("E")),
        _round(
            2, _game("E", "A", Outcome.FIRST_WINS), _game("B", "C", Outcome.FIRST_WINS), _bye("D")
        ),
    ]
    lines = rank_entrants(entrants, rounds, tiebreaks=SWISS_TIEBREAKS, bye_points=1.0)
    table = [
        (
            line.rank,
            line.entrant.id,
            line.points,
            dict(line.tiebreaks)["buchholz_cut1"],
            dict(line.tiebreaks)["sonneborn_berger"],
        )
        for line in lines
    ]
    assert table == [
        (1, "E", 2, 2, 3),
        (2, "D", 1.5, 1.5, 1.75),
        (3, "A", 1, 1.5, 1),
        (4, "B", 1, 1, 0.5),
        (5, "C", 0.5, 1, 0.5),
    ]


def test_direct_encounter_and_shared_rank():
    # R1: B beats A, C beats D.  R2: A beats D, C beats B.  A and B: 1 point each, equal
    # otherwise on direct-encounter-first ordering; B beat A so B is ahead.
    entrants = [Entrant(x, x) for x in "ABCD"]
    rounds = [
        _round(1, _game("A", "B", Outcome.SECOND_WINS), _game("C", "D", Outcome.FIRST_WINS)),
        _round(2, _game("A", "D", Outcome.FIRST_WINS), _game("B", "C", Outcome.SECOND_WINS)),
    ]
    lines = rank_entrants(entrants, rounds, tiebreaks=("direct_encounter",), bye_points=1.0)
    assert [(line.rank, line.entrant.id) for line in lines] == [
        (1, "C"),
        (2, "B"),
        (3, "A"),
        (4, "D"),
    ]
    # A cycle of three: each beat one, lost to one; all equal on everything: a shared 1st.
    cycle = [
        _round(1, _game("A", "B", Outcome.FIRST_WINS)),
        _round(2, _game("B", "C", Outcome.FIRST_WINS)),
        _round(3, _game("C", "A", Outcome.FIRST_WINS)),
    ]
    lines = rank_entrants(
        [Entrant(x, x) for x in "ABC"],
        cycle,
        tiebreaks=("direct_encounter", "sonneborn_berger", "wins"),
        bye_points=0.0,
    )
    assert [line.rank for line in lines] == [1, 1, 1]


def _trf_record():
    entrants = [
        Entrant("a", "Alpha", 2000),
        Entrant("b", "Beta", 1900),
        Entrant("c", "Gamma", 1800),
    ]
    record = open_event("trf-test", EventConfig(Format.SWISS, rounds=2), entrants, "x")
    rounds = (
        Round(
            1,
            (
                Pairing(1, "a", "c", (Game("a", "c", outcome=Outcome.FIRST_WINS),)),
                Pairing(2, "b", None),
            ),
        ),
        Round(
            2,
            (Pairing(1, "b", "a", (Game("b", "a", outcome=Outcome.DRAW),)), Pairing(2, "c", None)),
        ),
    )
    return EventRecord(**{**record.__dict__, "rounds": rounds})


def test_trf_of_a_small_event():
    # Points: Alpha 1½, Beta 1½, Gamma 1. Buchholz cut-1: Beta 1½ (bye: own 1½, Alpha 1½),
    # Alpha 1 (Gamma ½, Beta 1): Beta ranks 1st, Alpha 2nd, Gamma 3rd.
    # tests/events/data/small.trf, written by hand: columns 5-8 starting rank, 15-47 name,
    # 49-52 rating, 81-84 points, 86-89 rank, then per round 92-95 opponent, 97 colour
    # (w seat 0), 99 result; round 2 at 102-109; "0000 - U" the pairing-allocated bye.
    expected = (DATA / "small.trf").read_bytes().decode()
    assert to_trf(_trf_record(), seed="x") == expected


def _play_swiss(seed="secret"):
    entrants = [Entrant(f"p{k}", f"Player {k}", 1600 - 10 * k) for k in range(1, 8)]
    record = open_event(
        "night", EventConfig(Format.SWISS, rounds=4, game="goofspiel"), entrants, seed
    )
    rng = random.Random(3)
    for number in range(1, 5):
        if number == 2:
            record = withdraw(record, "p7", "left early")
            record = add_entrant(record, Entrant("late", "Late Comer", 1500))
            record = forbid_pairing(record, "p1", "p2", "same club")
        if number == 3:
            record = substitute(record, "p3", Entrant("sub", "Sub Stitute", 1400))
        record = pair_next_round(record, seed)
        for k, game in enumerate(pending_games(record)):
            if number == 2 and k == 0:
                record = adjudicate(record, game.round, game.board, Outcome.DRAW, "server fault")
            elif number == 3 and k == 1:
                record = forfeit(record, game.round, game.board, [game.second])
            else:
                outcome = rng.choice([Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW])
                record = report_result(
                    record, game.round, game.board, outcome, match_id=f"m{number}-{game.board}"
                )
    return close_event(record, seed)


def test_verify_holds_for_a_whole_swiss_and_survives_json():
    record = _play_swiss()
    again = EventRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record
    report = verify_event(again, check_match=lambda game: None)
    assert report.ok, report.summary()
    assert report.rounds_checked == 4
    assert {frozenset(p.players()) for r in record.rounds[1:] for p in r.pairings}.isdisjoint(
        {frozenset(("p1", "p2"))}
    )
    assert not any("p7" in p.players() for r in record.rounds[1:] for p in r.pairings)
    assert any("late" in p.players() for p in record.rounds[1].pairings)


def test_verify_reports_a_tampered_result_and_pairing():
    record = _play_swiss().to_json()
    game = record["rounds"][0]["pairings"][0]["games"][0]
    game["outcome"] = "0-1" if game["outcome"] != "0-1" else "1-0"
    report = verify_event(EventRecord.from_json(record))
    assert not report.ok
    assert any(p.startswith("round 2 board") and "re-pairing" in p for p in report.problems)
    assert any(p.startswith("standings:") for p in report.problems)

    record = _play_swiss().to_json()
    boards = record["rounds"][3]["pairings"]
    boards[0]["first"], boards[1]["first"] = boards[1]["first"], boards[0]["first"]
    report = verify_event(EventRecord.from_json(record))
    assert "round 4 board 1: published" in report.problems[0]


def test_verify_reports_a_wrong_seed_an_unexplained_adjudication_and_a_bad_match():
    data = _play_swiss().to_json()
    data["seed"] = "other"
    assert "not the one committed" in verify_event(EventRecord.from_json(data)).problems[0]
    data = _play_swiss().to_json()
    data["actions"] = [a for a in data["actions"] if a["kind"] != "adjudicate"]
    problems = verify_event(EventRecord.from_json(data)).problems
    assert any("without the host's adjudication" in p for p in problems)
    report = verify_event(
        _play_swiss(), check_match=lambda g: "result differs" if g.match_id == "m4-1" else None
    )
    assert report.problems == ("match m4-1: result differs",)


def test_verify_knockout_and_arena():
    entrants = [Entrant(f"s{k}", f"S{k}", 2000 - k) for k in range(1, 7)]
    record = open_event("ko", EventConfig(Format.KNOCKOUT, best_of=3), entrants, "k")
    for _ in range(3):
        record = pair_next_round(record, "k")
        while pending_games(record):
            for game in pending_games(record):
                record = report_result(record, game.round, game.board, Outcome.FIRST_WINS)
    assert verify_event(close_event(record, "k")).ok
    arena = open_event("ar", EventConfig(Format.ARENA, duration=60), entrants, "a")
    arena = arena_wave(arena, [e.id for e in entrants], 0.0)
    for game in pending_games(arena):
        arena = report_result(
            arena, game.round, game.board, Outcome.FIRST_WINS, ended_at=5.0 + game.board
        )
    arena = arena_wave(arena, [e.id for e in entrants], 10.0)
    closed = close_event(arena, "a")
    assert verify_event(closed).ok, verify_event(closed).summary()
    data = closed.to_json()
    data["rounds"][1]["pairings"][0]["second"] = data["rounds"][1]["pairings"][1]["second"]
    assert not verify_event(EventRecord.from_json(data)).ok


def test_exports():
    record = _play_swiss()
    lines = standings(record)
    assert standings_json(lines)[0]["rank"] == 1
    csv_text = standings_csv(lines)
    assert csv_text.splitlines()[0] == (
        "rank,id,name,kind,rating,points,buchholz_cut1,"
        "sonneborn_berger,direct_encounter,wins,won,drawn,"
        "lost,status"
    )
    assert "p7" in csv_text.splitlines()[-1] or "withdrawn" in csv_text


def test_bad_input_is_refused_with_a_clear_error():
    entrants = [Entrant(x, x) for x in "abcd"]
    record = open_event("e", EventConfig(Format.SWISS, rounds=3), entrants, "s")
    with pytest.raises(ConfigError, match="unknown entrant 'zed'"):
        withdraw(record, "zed")
    with pytest.raises(ConfigError, match="not the one the event committed"):
        pair_next_round(record, "wrong")
    with pytest.raises(ConfigError, match="more than 4 entrants can play"):
        pair_next_round(open_event("e", EventConfig(Format.SWISS, rounds=4), entrants, "s"), "s")
    with pytest.raises(ConfigError, match="entered twice"):
        open_event("e", EventConfig(Format.SWISS, rounds=1), [*entrants, entrants[0]], "s")
    with pytest.raises(ConfigError, match="rating must be an integer"):
        Entrant("x", "X", rating="high")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown event format"):
        EventConfig("ladder")  # type: ignore[arg-type]
    record = pair_next_round(record, "s")
    with pytest.raises(ConfigError, match="not over"):
        pair_next_round(record, "s")
    with pytest.raises(ConfigError, match="no board 9"):
        report_result(record, 1, 9, Outcome.DRAW)
    arena = open_event("a", EventConfig(Format.ARENA, duration=60), entrants, "s")
    arena = withdraw(arena, "a", at=1.0)
    with pytest.raises(ConfigError, match="'a' is not in the arena"):
        arena_wave(arena, ["a", "b"], 2.0)
    assert seed_commitment("s") == (
        "043a718774c572bd8a25adbeb1bfcd5c0256ae11cecf9f9c3f925d0e52beaf89"
    )
