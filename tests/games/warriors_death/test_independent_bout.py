"""An independent reviewer's bout, worked out by hand from the seed text and WD1-WD13 before
running it: Sage-copied Battle Voice on an Astrologian, a revived Dark Knight against a Blue
Mage, Paradox after Enshroud, a Samurai back from Third Eye, and who is told which winner."""

from __future__ import annotations

from tests.games.warriors_death.helpers import finished_underworld, new, play

BOUT = [
    ("bard", "sage"),
    # R1 Bard 3 vs Sage 4 (copies Battle Voice, WD5): seat 1. Both seats: +1 to R2 and R3.
    ("dark knight", "1 7"),
    # R2 DK 7+1 = 8 vs Astrologian (1+1) + 8 = 10 (WD3: the current, buffed strength): seat 1.
    ("dark knight", "blue mage as black mage"),
    # R3 DK revived (WD8) 7+1 = 8 vs Blue Mage 2+1 = 3: seat 0 truly; R2's winner (seat 1) is
    # announced (WD11). The DK dies for good at 8.
    ("reaper", "black mage"),
    # R4 Reaper 6 vs 9: seat 1; Reaper 8 (WD7), then Black Mage takes that 8 (WD10, WD2).
    ("samurai", "chocobo"),
    # R5 Samurai 5 vs 0: seat 0; the Samurai goes back to the hand (WD6).
    ("samurai", "dragoon"),
    # R6 Samurai 5 vs Dragoon 8: seat 1; 8 < 5 + 6, no Dragon Sight (WD9).
    ("dragoon", "samurai"),
    # R7 Dragoon 8 vs Samurai 5: seat 0; 8 < 11, no Dragon Sight.
    ("black mage", "reaper"),
    # R8 Black Mage 9 vs Reaper 6: seat 0; Reaper 8, Black Mage 8.
    ("astrologian bard", "bard"),
    # R9 Astrologian 1 + 3 = 4 vs Bard 3: seat 0. Seat 1: +1 to R10.
    ("chocobo", "dark knight"),
    # R10 Chocobo 0 vs DK 7+1 = 8: seat 1.
]


def test_an_independent_bout_worked_by_hand() -> None:
    """Seat 0 wins R3, R5, R7, R8, R9: 5 x 3 = 15; underworld Bard 3 + DK 8 + Reaper 8 +
    Samurai 5 + Dragoon 8 + Black Mage 8 + Astrologian 4 + Chocobo 0 = 44 (Sage and Blue
    Mage alive count nothing); total 59.
    Seat 1 wins R1, R2, R4, R6, R10: 15; underworld Sage 4 + Astrologian 10 + Blue Mage 3 +
    Black Mage 8 + Chocobo 0 + Dragoon 8 + Samurai 5 + Reaper 8 + Bard 3 + DK 8 = 57;
    total 72: seat 1 wins the bout."""
    state = play(new(), *BOUT)
    assert finished_underworld(state, 0, 0) == {
        "Bard": 3,
        "Dark Knight": 8,
        "Reaper": 8,
        "Samurai": 5,
        "Dragoon": 8,
        "Black Mage": 8,
        "Astrologian": 4,
        "Chocobo": 0,
    }
    assert sum(finished_underworld(state, 0, 1).values()) == 57
    bout = state.view(None)["bouts"][0]
    assert bout["totals"] == [59, 72]
    assert bout["winner"] == 1
    truth = [1, 1, 0, 1, 0, 1, 0, 0, 0, 1]
    told_seat_0 = [*truth[:2], 1, *truth[3:]]  # R3: seat 1's Blue Mage announces R2's winner
    assert [r["winner"] for r in bout["rounds"]] == told_seat_0  # spectators are told the same
    assert [r["winner"] for r in state.view(0)["bouts"][0]["rounds"]] == told_seat_0
    assert [r["winner"] for r in state.view(1)["bouts"][0]["rounds"]] == truth  # the owner
    assert state.view(0)["bouts"][0]["rounds"][2]["units"] == ["Dark Knight", "Black Mage"]
    assert state.view(1)["bouts"][0]["rounds"][2]["units"] == ["Dark Knight", "Blue Mage"]
