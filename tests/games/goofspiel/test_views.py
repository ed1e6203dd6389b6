"""Goofspiel views (the contract fields, what each seat and a spectator see), the terminal
rendering, event lines and the rules page."""

from __future__ import annotations

import json

import duelhost
from duelhost.core.registry import rules_text, spec
from duelhost.games.goofspiel.render import describe_event, render_view
from tests.games.goofspiel.helpers import TIMEOUT, classic, fixed_game, play

CONTRACT = ("order", "values", "worth", "fleets")
KERNEL = ("seat", "pending", "to_act", "submitted")


def game_data(view: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in view.items() if key not in KERNEL}


def test_every_view_has_the_contract_fields_at_start_during_and_at_the_end() -> None:
    state = fixed_game([[2, 1], [1, 2]], values=[2, 1], order="BA").new(seed=0)
    for step in range(5):
        for seat in (0, 1, None):
            view = state.view(seat)
            for key in CONTRACT:
                assert key in view, f"view({seat}) lacks {key}"
            assert view["order"] == ["B", "A"]
            assert json.loads(json.dumps(view)) == view
        if step < 4:
            play(state, [(step // 2 + 1, 1 + (step % 2))])
    assert state.is_over


def test_view_fields_hold_what_the_contract_says() -> None:
    # Galaxies fought B then A; B has value 1 and worths 2, 1; A has value 2 and worths 1, 2.
    state = fixed_game([[1, 2], [2, 1]], values=[2, 1], order="BA", max_replays=0).new(seed=0)
    view = state.view(None)
    assert view["values"] == {"B": 1}
    assert view["worth"] == 2
    assert view["fleets"] == {"0": {"1": 2, "2": 2}, "1": {"1": 2, "2": 2}}
    assert view["galaxy"] == "B" and view["galaxy_name"] == "Butterfly"
    assert view["bout"] == 1 and view["round"] == 1 and view["planet"] == "B-Y"
    play(state, [(2, 1), (1, 1)])  # B: worth 2 to seat 0, then a tie: 2-0 seat 0 (value 1)
    view = state.view(1)
    assert view["values"] == {"B": 1, "A": 2}
    assert view["worth"] == 1 and view["planet"] == "A-Y"
    assert view["fleets"] == {"0": {"1": 1, "2": 1}, "1": {"1": 0, "2": 2}}
    assert view["strategic"] == [1, 0] and view["points"] == [0, 0]
    play(state, [(2, 2), (1, 2)])  # A: tie, then worth 2 to seat 1: 0-2, seat 1 (value 2)
    view = state.view(0)
    assert view["worth"] is None and view["bout"] is None and view["planet"] is None
    assert view["strategic"] == [1, 2] and view["result"]["winner"] == 1


def test_seats_and_spectators_see_the_same_game_data() -> None:
    """Nothing in Goofspiel stays private once played (GO1); only the kernel's pending
    submission differs, and only in its own seat's view."""
    state = duelhost.load("goofspiel").new(seed=11)
    play(state, [(3, 5), (TIMEOUT, 2), (7, 7)])
    state.submit(0, "4")
    seat0, seat1, spectator = state.view(0), state.view(1), state.view(None)
    assert seat0["pending"] == "4"
    assert "pending" not in seat1 and "pending" not in spectator
    assert "4" not in json.dumps(seat1["submitted"])
    assert game_data(seat0) == game_data(seat1) == game_data(spectator)


def test_render_shows_the_board_of_a_seat() -> None:
    state = classic([3, 1, 2]).new(seed=0)
    play(state, [(3, 1)])
    state.submit(1, "2")
    text = render_view(state.view(1))
    assert "Bout 1 of 1: Andromeda (A), value 1; planets in order X Y Z" in text
    assert "Round 2: planet A-Y, worth 1" in text
    assert "Net worth this bout: seat 0 3, seat 1 0" in text
    assert "A-X (worth 3): 3 vs 1, seat 0 wins it" in text
    assert "Fleets of seat 0 (size:count): 1:1 2:1" in text
    assert "You are seat 1; you sent 2" in text
    assert spec("goofspiel").render is render_view


def test_render_without_history_and_at_the_end() -> None:
    state = classic([3, 1, 2], show_history=False, max_replays=0).new(seed=0)
    play(state, [(3, 1), (TIMEOUT, 2)])  # worth 3 to seat 0; worth 1 to seat 1, seat 0 loses 2
    text = render_view(state.view(0))
    assert "Last round: A-Y (worth 1): 0 (timeout, a 2 destroyed) vs 2, seat 1 wins it" in text
    assert "destroyed by timeouts" not in text  # G4: no notes, no tally of timeouts
    assert "Fleets of seat 0 (size:count): 1:1" in text
    assert "Fleets of seat 1" not in text  # G4: the opponent's remaining fleets are hidden
    play(state, [(1, 3)])  # worth 2 to seat 1: 3-3, galaxy A to nobody, a draw (no replays)
    text = render_view(state.view(None))
    assert "Galaxies (value, =winner): A(1)=-" in text
    assert "Round" not in text


def test_g4_no_notes_hides_the_opponents_fleets_and_timeouts() -> None:
    """G4 (revised): without history, a seat's view holds its own remaining fleets but not the
    opponent's, and no count of fleets destroyed by timeouts; a spectator's holds no seat's.
    One galaxy of 4 planets (worths 1-4 in order), fleets of sizes 1-4 once each. R1: seat 0
    sends 2, seat 1 times out (sends 0, its largest, 4, is destroyed): seat 0 takes worth 1.
    R2: 1 vs 3, seat 1 takes worth 2."""
    for history in (True, False):
        state = classic([1, 2, 3, 4], show_history=history).new(seed=0)
        play(state, [(2, TIMEOUT), (1, 3)])
        mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
        assert mine["show_history"] is history
        if history:
            assert mine["fleets"] == {
                "0": {"1": 0, "2": 0, "3": 1, "4": 1},
                "1": theirs["fleets"]["1"],
            }
            assert theirs["fleets"]["1"] == {"1": 1, "2": 1, "3": 0, "4": 0}
            assert mine["destroyed"] == spectator["destroyed"] == [0, 1]
            continue
        assert mine["fleets"] == {"0": {"1": 0, "2": 0, "3": 1, "4": 1}}
        assert theirs["fleets"] == {"1": {"1": 1, "2": 1, "3": 0, "4": 0}}
        assert spectator["fleets"] == {}
        for view in (mine, theirs, spectator):
            assert "destroyed" not in view and "rounds" not in view
            assert view["points"] == [1, 2]  # the standings stay (the moderator announces them)
            # the round just fought, as announced
            assert view["last_round"]["fleets"] == [1, 3]
            assert view["last_round"]["destroyed"] == [None, None]


def test_g4_no_notes_views_depend_only_on_what_a_player_remembers() -> None:
    """G4 secrecy: two histories that end with the same standings, the same last round and the
    same own fleets give seat 0 (and a spectator) the same view without history, though the
    opponent's remaining fleets and timeouts differ. With history the views differ.
    Worths 1-4 in order. A: R1 2 vs timeout (seat 1 loses its 4), R2 1 vs 3. B: R1 2 vs 1,
    R2 1 vs 3. Both: seat 0 took worth 1, seat 1 worth 2; seat 0 holds 3 and 4."""
    views = {}
    for history in (True, False):
        a = classic([1, 2, 3, 4], show_history=history).new(seed=0)
        play(a, [(2, TIMEOUT), (1, 3)])
        b = classic([1, 2, 3, 4], show_history=history).new(seed=0)
        play(b, [(2, 1), (1, 3)])
        assert a.view(1)["fleets"] != b.view(1)["fleets"]  # the truth does differ
        views[history] = (a.view(0) == b.view(0), a.view(None) == b.view(None))
    assert views[False] == (True, True)
    assert views[True] == (False, False)


def test_every_event_has_a_readable_line() -> None:
    state = classic([1, 2], max_replays=1).new(seed=0)
    play(state, [(1, 1), (2, 2)])  # tied: replay
    play(state, [(TIMEOUT, 1), (1, 2)])  # seat 0 loses its 2, then seat 1 wins both planets
    lines = [describe_event(event) for event in state.events]
    assert lines[0] == "The match: the galaxies are fought in the order A"
    assert lines[1] == "Bout 1: Andromeda (A), strategic value 1; planets in order Y Z"
    assert lines[2] == "  Round 1: planet A-Y, worth 1"
    assert lines[3] == "    A-Y (worth 1): 1 vs 1, nobody wins it; net worth 0-0"
    assert "Bout 1 ends 0-0: nobody wins it (Andromeda, value 1); strategic value 0-0" in lines
    assert (
        "The match is tied 0-0 in strategic value: replay 1 with fresh fleets and a fresh "
        "deal (GO4)" in lines
    )
    assert "Replay 1: the galaxies are fought in the order A" in lines
    assert lines[-1].startswith("match over: seat 1 wins (more points, 0-3)")
    assert spec("goofspiel").describe_event is describe_event
    draw = classic([1], max_replays=0).new(seed=0)
    play(draw, [(1, 1)])
    assert describe_event(draw.events[-1]).startswith("match over: a draw (tied in points, 0-0")


def test_the_rules_page_covers_every_ruling() -> None:
    text = rules_text("goofspiel")
    for ruling in ("G1", "G3", "G4", "G5", "G6", "GO1", "GO2", "GO3", "GO4", "GO5"):
        assert ruling in text, ruling
    assert "## Decisions" in text
    assert "show_history" in text and "max_replays" in text


def test_a_resignation_reveals_no_galaxy_that_was_not_fought_go1() -> None:
    state = fixed_game([[1, 2]] * 3, values=[3, 1, 2], order="CAB").new(seed=0)
    play(state, [(1, 2)])
    state.resign(0)
    view = state.view(None)
    assert view["values"] == {"C": 2}  # only galaxy C's bout had started
    assert list(view["planet_orders"]) == ["C"]
    assert view["worth"] is None and view["result"]["winner"] == 1


def test_at_the_natural_end_every_galaxy_is_revealed_go1() -> None:
    state = fixed_game([[1]] * 3, values=[3, 1, 2], order="CAB", max_replays=0).new(seed=0)
    play(state, [(1, 1)] * 3)
    assert state.is_over
    assert state.view(0)["values"] == {"C": 2, "A": 3, "B": 1}


def test_seat_0_is_the_first_listed_player_g1() -> None:
    # The text's players have no names: seat 0 is the first listed player, and every prompt,
    # result and page calls the seats "seat 0" and "seat 1" (one naming, issue 17).
    assert spec("goofspiel").seat_names == ("seat 0", "seat 1")
    state = duelhost.load("goofspiel").new(seed=0)
    assert state.to_act == (0, 1)  # both seats act in every round (simultaneous)
