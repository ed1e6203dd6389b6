"""Scripted whole bouts with totals worked out by hand, the match structure (WD13, G5), the
options and the registration."""

from __future__ import annotations

import pytest

import duelhost
from tests.games.warriors_death.helpers import finished_underworld, new, play, truth

BOUT_ONE = [
    ("bard", "chocobo"),  # R1  3 vs 0: seat 0. Seat 0's next two units +1.
    ("chocobo", "astrologian chocobo"),  # R2  0+1 = 1 vs 1 + 1 = 2: seat 1
    ("reaper", "dragoon"),  # R3  6+1 = 7 vs 8: seat 1; Reaper 8 in death; 8 < 7 + 6
    ("samurai", "sage"),  # R4  5 vs 4: seat 0; the Samurai returns (Sage copied Third Eye)
    ("samurai", "reaper"),  # R5  5 vs 6: seat 1; Samurai dies at 5
    ("dark knight", "black mage"),  # R6  7 vs 9: seat 1; Black Mage 7 in death
    ("dark knight", "bard"),  # R7  revived 7 vs 3: seat 0; seat 1's next two +1
    ("black mage", "samurai"),  # R8  9 vs 5+1 = 6: seat 0; Black Mage 6 in death
    ("dragoon", "chocobo"),  # R9  8 vs 0+1 = 1: seat 0; 8 >= 1 + 6: Dragoon 11
    ("astrologian dark knight", "dark knight"),  # R10 1 + 7 = 8 vs 7: seat 0
]


def test_scripted_bout_with_every_ability_but_the_blue_mage() -> None:
    """Seat 0 wins R1, R4, R7, R8, R9, R10 = 6 x 3 = 18; underworld Bard 3 + Chocobo 1 +
    Reaper 8 + Samurai 5 + Dark Knight 7 + Black Mage 6 + Dragoon 11 + Astrologian 8 = 49
    (Sage and Blue Mage never played: alive, count nothing); total 67.
    Seat 1 wins R2, R3, R5, R6 = 4 x 3 = 12; underworld Chocobos 0 + 1, Astrologian 2,
    Dragoon 8, Sage 4, Reaper 6, Black Mage 7, Bard 3, Samurai 6, Dark Knight 7 = 44;
    total 56."""
    state = play(new(), *BOUT_ONE)
    assert finished_underworld(state, 0, 0) == {
        "Bard": 3,
        "Chocobo": 1,
        "Reaper": 8,
        "Samurai": 5,
        "Dark Knight": 7,
        "Black Mage": 6,
        "Dragoon": 11,
        "Astrologian": 8,
    }
    assert finished_underworld(state, 0, 1) == {
        "Chocobo": 1,
        "Astrologian": 2,
        "Dragoon": 8,
        "Sage": 4,
        "Reaper": 6,
        "Black Mage": 7,
        "Bard": 3,
        "Samurai": 6,
        "Dark Knight": 7,
    }
    assert state.view(None)["bouts"][0]["totals"] == [67, 56]
    assert state.view(None)["bouts"][0]["winner"] == 0
    assert state.view(None)["bout_wins"] == [1, 0]
    winners = [e["winner"] for e in state.events if e["event"] == "round"]
    assert winners == [0, 1, 1, 0, 1, 1, 0, 0, 0, 0]  # no Blue Mage: announced = truth
    assert state.view(None)["bout"] == 2
    assert state.view(None)["round"] == 1


BOUT_TWO = [
    ("blue mage as black mage", "chocobo"),  # R1 2 vs 0: seat 0 (announced: tie)
    ("sage", "dark knight"),  # R2 4 vs 7: seat 1; both may come back (Living Dead)
    ("sage", "dark knight"),  # R3 revived 4 vs 7: seat 1; both dead for good
    ("astrologian blue mage", "blue mage as samurai"),  # R4 1 + 2 = 3 vs 2: seat 0
    ("bard", "astrologian bard"),  # R5 3 vs 1 + 3 = 4: seat 1
    ("reaper", "reaper"),  # R6 6+1 = 7 vs 6: seat 0; seat 1's Reaper 8
    ("chocobo", "black mage"),  # R7 0+1 = 1 vs 9: seat 1; Black Mage 1 in death
    ("samurai", "samurai"),  # R8 5 vs 5: tie, both die
    ("black mage", "sage"),  # R9 9 vs 4: seat 0; Black Mage 4 in death
    ("dragoon", "dragoon"),  # R10 8 vs 8: tie
]


def test_scripted_bout_with_blue_mages_and_living_dead() -> None:
    """Seat 0 wins R1, R4, R6, R9 = 12; underworld Blue Mage 2, Sage 4, Astrologian 3, Bard 3,
    Reaper 7, Chocobo 1, Samurai 5, Black Mage 4, Dragoon 8 = 37 (Dark Knight alive); 49.
    Seat 1 wins R2, R3, R5, R7 = 12; underworld Chocobo 0, Dark Knight 7, Blue Mage 2,
    Astrologian 4, Reaper 8, Black Mage 1, Samurai 5, Sage 4, Dragoon 8 = 39 (Bard alive);
    51. Seat 1 wins the bout 51-49."""
    state = play(new(), *BOUT_TWO)
    bout = state.view(None)["bouts"][0]
    assert bout["totals"] == [49, 51]
    assert bout["winner"] == 1
    assert sum(finished_underworld(state, 0, 0).values()) == 37
    assert sum(finished_underworld(state, 0, 1).values()) == 39
    # Announced winners: R1 a Blue Mage in round 1 (tie); R4 a Blue Mage: R3's winner, 1.
    public = [e["winner"] for e in state.events if e["event"] == "round"]
    assert public == [None, 1, 1, 1, 1, 0, 1, None, 0, None]
    assert [r["winner"] for r in bout["rounds"]] == public
    seat_zero = [r["winner"] for r in state.view(0)["bouts"][0]["rounds"]]
    assert seat_zero == [0, 1, 1, 1, 1, 0, 1, None, 0, None]  # R4: seat 1's lie
    seat_one = [r["winner"] for r in state.view(1)["bouts"][0]["rounds"]]
    assert seat_one == [None, 1, 1, 0, 1, 0, 1, None, 0, None]  # R1: seat 0's lie


def test_wd13_all_five_bouts_are_played_even_when_decided() -> None:
    """One-round bouts; seat 0 wins the first three (Black Mage vs Chocobo: 3 + 0 vs 0, then
    Dragoon 8 vs Chocobo: 3 + 11 vs 0, then Reaper vs Chocobo: 3 + 6 vs 0): decided, but
    bouts 4 and 5 are still played. Seat 1 wins them: 3-2 to seat 0."""
    state = new(rounds=1)
    play(state, ("black mage", "chocobo"), ("dragoon", "chocobo"), ("reaper", "chocobo"))
    assert not state.is_over
    assert state.to_act == (0, 1)
    play(state, ("chocobo", "samurai"))
    assert not state.is_over
    play(state, ("chocobo", "samurai"))
    assert state.is_over
    assert state.winner == 0
    assert state.result == {"winner": 0, "reason": "won 3 bouts to 2", "scores": [3, 2]}
    totals = [b["totals"] for b in state.view(None)["bouts"]]
    assert totals == [[3, 0], [14, 0], [9, 0], [0, 3], [0, 3]]


def test_wd13_tied_bout_wins_add_a_sixth_bout_that_decides() -> None:
    """2-2 with one tied bout after five: a 6th bout is played; seat 1 wins it."""
    state = new(rounds=1)
    play(
        state,
        ("samurai", "chocobo"),
        ("chocobo", "samurai"),
        ("samurai", "chocobo"),
        ("chocobo", "samurai"),
        ("chocobo", "chocobo"),
    )
    assert not state.is_over
    assert state.view(None)["tiebreak"] is True
    assert state.view(None)["bout"] == 6
    play(state, ("chocobo", "bard"))
    assert state.result == {
        "winner": 1,
        "reason": "won the tie-break bout (bout 6)",
        "scores": [2, 3],
    }


def test_wd13_g5_a_tied_sixth_bout_is_a_draw_at_full_size_with_timeouts() -> None:
    """Default options, every play a timeout (WD1: Chocobo): 60 rounds of 0 vs 0, six tied
    bouts of 0-0, and the match is a draw."""
    state = new()
    while not state.is_over:
        state.timeout(0)
        state.timeout(1)
    assert state.decision == 60
    assert state.winner is None
    assert state.result["reason"] == "bout wins tied 0-0 and the tie-break bout was tied: a draw"
    assert [b["totals"] for b in state.view(1)["bouts"]] == [[0, 0]] * 6
    assert state.view(0)["round"] is None
    assert state.legal(0) == []


def test_resignation_ends_the_match_for_the_other_seat() -> None:
    state = play(new(), ("bard", "chocobo"))
    state.submit(1, "resign")
    assert state.is_over
    assert state.winner == 0
    assert state.result["reason"] == "resignation"


def test_options_and_registration() -> None:
    assert "warriors_death" in duelhost.list_games()
    default = duelhost.load("warriors_death")
    assert default.options == {"bouts": 5, "rounds": 10, "break_seconds": 30}
    assert duelhost.load("warriors_death", rounds="3").options["rounds"] == 3
    for bad in ({"rounds": 0}, {"bouts": 0}, {"rounds": "ten"}, {"bouts": True}):
        with pytest.raises(duelhost.ConfigError, match="must be an integer"):
            duelhost.load("warriors_death", **bad)


def test_g6_a_match_replays_exactly_from_its_record() -> None:
    state = play(new(seed=3), *BOUT_ONE, *BOUT_TWO)
    again = duelhost.load("warriors_death").from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert truth(again) == truth(state)


def test_scripted_full_match_with_a_tie_break_bout() -> None:
    """Default options. Bouts 1 and 4 are BOUT_ONE (67-56, seat 0), bouts 2 and 5 BOUT_TWO
    (49-51, seat 1), bout 3 ten Chocobos each (0-0, tied): bout wins 2-2, so a 6th bout
    (WD13), BOUT_ONE again: seat 0 wins 3 bouts to 2."""
    chocobos = [("chocobo", "0")] * 10
    state = play(new(), *BOUT_ONE, *BOUT_TWO, *chocobos, *BOUT_ONE, *BOUT_TWO)
    assert not state.is_over
    assert state.view(None)["bout_wins"] == [2, 2]
    assert state.view(None)["tiebreak"] is True
    play(state, *BOUT_ONE)
    assert state.result == {
        "winner": 0,
        "reason": "won the tie-break bout (bout 6)",
        "scores": [3, 2],
    }
    bouts = state.view(1)["bouts"]
    assert [b["totals"] for b in bouts] == [
        [67, 56],
        [49, 51],
        [0, 0],
        [67, 56],
        [49, 51],
        [67, 56],
    ]
    assert [b["winner"] for b in bouts] == [0, 1, None, 0, 1, 0]
    assert state.decision == 60
