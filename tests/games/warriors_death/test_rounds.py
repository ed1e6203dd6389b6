"""Rules that span rounds, played through the match state: Battle Voice (WD4), Third Eye
(WD6), Living Dead (WD8, WD5), which units a seat may play, and the Decisions about them."""

from __future__ import annotations

import pytest

import duelhost
from tests.games.warriors_death.helpers import last_round, new, play, underworld


def test_wd4_bard_buffs_the_next_two_units_chocobos_too_and_they_keep_it_in_death() -> None:
    state = play(new(), ("bard", "black mage"))  # Bard 3 loses to 9
    play(state, ("chocobo", "chocobo"))  # Chocobo 0 + 1 = 1 beats 0
    assert last_round(state)["strength"] == [1, 0]
    assert last_round(state)["winner"] == 0
    play(state, ("reaper", "reaper"))  # Reaper 6 + 1 = 7 beats 6 (which becomes 8)
    assert last_round(state)["strength"] == [7, 6]
    play(state, ("chocobo", "chocobo"))  # the buffs are used up: 0 vs 0
    assert last_round(state)["strength"] == [0, 0]
    # Seat 0's underworld: Bard 3, Chocobos 1 + 0 = 1, Reaper 7.
    assert underworld(state, 0) == {"Bard": 3, "Reaper": 7, "Chocobo": 1}
    # Seat 1's: Black Mage 9 took the Bard's 3 (WD10), Chocobos 0, Reaper 8 (WD7).
    assert underworld(state, 1) == {"Black Mage": 3, "Reaper": 8, "Chocobo": 0}


def test_wd4_buffs_stack_from_bard_and_a_sage_copying_bard() -> None:
    """Decision 3: Bard in round 1 (+1 to rounds 2, 3); in round 2 the Sage copies the
    opponent's Bard (+1 to rounds 3, 4). Round 3: 0 + 2 = 2; round 4: 0 + 1 = 1."""
    state = play(new(), ("bard", "chocobo"), ("sage", "bard"))
    assert last_round(state)["strength"] == [5, 3]  # Sage 4 + 1
    play(state, ("chocobo", "chocobo"))
    assert last_round(state)["strength"] == [2, 1]  # seat 1's own Bard buffs it too
    play(state, ("chocobo", "chocobo"))
    assert last_round(state)["strength"] == [1, 1]
    play(state, ("chocobo", "chocobo"))
    assert last_round(state)["strength"] == [0, 0]


def test_wd4_buffs_do_not_cross_bouts() -> None:
    state = play(new(rounds=2), ("chocobo", "chocobo"), ("bard", "chocobo"))
    play(state, ("chocobo", "chocobo"))  # bout 2, round 1: no buff carried
    assert state.view(None)["bout"] == 2
    assert last_round(state)["strength"] == [0, 0]


def test_wd6_a_winning_samurai_goes_back_to_the_hand_and_is_played_again() -> None:
    state = play(new(), ("samurai", "sage"))  # 5 beats 4: back to the hand
    assert "Samurai" in state.view(0)["playable"]
    assert "Samurai" not in state.view(0)["underworld"]
    assert "Sage" in state.view(1)["underworld"]
    play(state, ("samurai", "dragoon"))  # 5 loses to 8: dies at 5
    assert "Samurai" not in state.legal(0)
    assert underworld(state, 0) == {"Samurai": 5}


def test_decision_1_a_returning_samurai_starts_at_its_printed_strength() -> None:
    """Bard in round 1 buffs rounds 2 and 3. Samurai 5 + 1 = 6 wins round 2 and comes back;
    in round 3 it is 5 + 1 = 6 again (not 7); in round 4 it is 5: it ties a Samurai."""
    state = play(new(), ("bard", "chocobo"), ("samurai", "reaper"))
    assert last_round(state)["strength"] == [6, 6]  # a tie: the Samurai dies...
    state = play(new(), ("bard", "chocobo"), ("samurai", "chocobo"))
    assert last_round(state)["strength"] == [6, 0]  # ...here it wins and returns
    play(state, ("samurai", "sage"))
    assert last_round(state)["strength"] == [6, 4]  # 5 + the Bard's second +1
    play(state, ("samurai", "samurai"))
    assert last_round(state)["strength"] == [5, 5]
    assert underworld(state, 0)["Samurai"] == 5


def test_wd12_a_samurai_alive_at_the_end_counts_nothing() -> None:
    """One-round bouts: Samurai 5 beats Chocobo 0: seat 0 scores 3 (the round) + 0 (its
    underworld is empty: the Samurai lives); seat 1 scores 0 (a Chocobo at 0)."""
    state = play(new(rounds=1), ("samurai", "chocobo"))
    assert state.view(None)["bouts"][0]["totals"] == [3, 0]


def test_wd8_dark_knight_may_be_played_again_the_very_next_round() -> None:
    state = play(new(), ("dark knight", "black mage"))  # DK 7 loses, dies
    assert "Dark Knight" in state.legal(0)
    assert "Dark Knight" in state.view(0)["playable"]
    play(state, ("dark", "dragoon"))  # revived: 7 vs 8, dies for good
    assert last_round(state)["revived"] == [True, False]
    assert "Dark Knight" not in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="only in the very next round"):
        state.submit(0, "7")


def test_wd8_a_dark_knight_not_revived_at_once_stays_dead() -> None:
    state = play(new(), ("dark knight", "chocobo"), ("chocobo", "chocobo"))
    assert "Dark Knight" not in state.legal(0)
    with pytest.raises(duelhost.IllegalAction, match="Dark Knight is in the underworld"):
        state.submit(0, "dark knight")


def test_wd8_a_revived_dark_knight_replaces_its_old_strength_in_death() -> None:
    """Decisions 1 and 3, a 4-round bout.
    R1 Bard 3 vs Black Mage 9: seat 1 wins; Black Mage is 3 in death (WD10).
    R2 Chocobo 0 + 1 vs Chocobo 0: seat 0 wins.
    R3 Dark Knight 7 + 1 = 8 vs Dragoon 8: tie; the DK dies at 8.
    R4 the DK revived at 7 (no buff left) vs Reaper 6: seat 0 wins; Reaper 8 (WD7).
    Seat 0: 2 rounds = 6, underworld Bard 3 + Chocobo 1 + DK 7 (the 8 is replaced) = 17.
    Seat 1: 1 round = 3, underworld Black Mage 3 + Chocobo 0 + Dragoon 8 + Reaper 8 = 22."""
    state = play(
        new(rounds=4),
        ("bard", "black mage"),
        ("chocobo", "chocobo"),
        ("dark knight", "dragoon"),
    )
    assert underworld(state, 0)["Dark Knight"] == 8
    play(state, ("dark knight", "reaper"))
    assert state.view(None)["bouts"][0]["totals"] == [17, 22]
    assert state.view(None)["bouts"][0]["winner"] == 1


def test_decision_3_battle_voice_buffs_a_revived_dark_knight() -> None:
    """R1 Bard (+1 to rounds 2 and 3); R2 Dark Knight 7 + 1 = 8 loses to 9 and dies;
    R3 the revived Dark Knight is 7 + 1 = 8: it ties a Dragoon."""
    state = play(new(), ("bard", "chocobo"), ("dark knight", "black mage"))
    assert last_round(state)["strength"] == [8, 9]
    play(state, ("dark knight", "dragoon"))
    assert last_round(state)["revived"] == [True, False]
    assert last_round(state)["strength"] == [8, 8]


def test_sage_copying_living_dead_may_be_played_again_once() -> None:
    state = play(new(), ("sage", "dark knight"))  # Sage copies Living Dead, loses 4-7
    assert "Sage" in state.legal(0)
    # Both revived; the Sage copies Living Dead again (WD5), but it came back once already.
    play(state, ("sage", "dark knight"))
    assert last_round(state)["revived"] == [True, True]
    assert "Sage" not in state.legal(0)
    assert "Dark Knight" not in state.legal(1)
    assert underworld(state, 0) == {"Sage": 4}
    assert underworld(state, 1) == {"Dark Knight": 7}


def test_wd5_sage_facing_a_revived_dark_knight_copies_living_dead() -> None:
    """Revised WD5. R1: seat 0's Chocobo 0 loses to seat 1's Dark Knight 7, which dies (Living
    Dead). R2: seat 1 revives it (7) against seat 0's Sage (4): the Dark Knight still holds
    Living Dead in its revival round, so the Sage copies it; the Sage loses 4-7 and dies.
    R3: seat 0 may play the Sage again (under the old ruling it copied nothing and stayed
    dead); the Dark Knight, revived once, may not come back."""
    state = play(new(), ("chocobo", "dark knight"))
    assert "Dark Knight" in state.legal(1)
    play(state, ("sage", "dark knight"))
    assert last_round(state)["revived"] == [False, True]
    assert last_round(state)["strength"] == [4, 7]
    assert "Sage" in state.legal(0)
    assert "Dark Knight" not in state.legal(1)
    assert state.view(0)["playable"].count("Sage") == 1
    play(state, ("sage", "chocobo"))  # R3: the Sage revived (4) beats a Chocobo
    assert last_round(state)["revived"] == [True, False]
    assert "Sage" not in state.legal(0)  # a revived unit dies for good
    assert underworld(state, 0)["Sage"] == 4


def test_decision_2_which_units_a_seat_may_play() -> None:
    state = new()
    assert state.view(0)["playable"][0] == "Chocobo"
    play(state, ("reaper", "samurai"), ("dark knight", "chocobo"))
    # Seat 0: Reaper dead; Dark Knight dead but revivable this round only.
    assert state.playable(0) == [0, 1, 2, 3, 4, 5, 7, 8, 9]
    # Seat 1: Samurai lost to the Reaper (6 > 5) and died; the Chocobo never runs out.
    assert state.playable(1) == [0, 1, 2, 3, 4, 6, 7, 8, 9]
    play(state, ("chocobo", "chocobo"))
    assert state.playable(0) == [0, 1, 2, 3, 4, 5, 8, 9]
    # A new bout gives fresh hands (bouts are independent).
    for _ in range(7):
        play(state, ("chocobo", "chocobo"))
    assert state.view(None)["bout"] == 2
    assert state.playable(0) == list(range(10))
    assert state.view(0)["underworld"] == []


def test_decision_5_astrologian_predicting_a_revived_dark_knight_is_right() -> None:
    """R1 seat 1's Dark Knight 7 beats a Chocobo and dies; R2 it is revived (7) and seat 0's
    Astrologian predicting Dark Knight is 1 + 7 = 8: it wins."""
    state = play(new(), ("chocobo", "dark knight"), ("astrologian dark knight", "dark knight"))
    assert last_round(state)["revived"] == [False, True]
    assert last_round(state)["strength"] == [8, 7]
    assert last_round(state)["winner"] == 0


def test_decision_5_and_6_predictions_and_disguises_may_name_dead_units() -> None:
    """Seat 1's Reaper is dead after R1; seat 0 may still predict it, and seat 1 may still
    disguise its Blue Mage as it. R2: Astrologian predicting Reaper vs Blue Mage as Reaper:
    wrong (it is a Blue Mage): 1 vs 2."""
    state = play(new(), ("samurai", "reaper"))
    assert "Astrologian predicting Reaper" in state.legal(0)
    assert "Blue Mage as Reaper" in state.legal(1)
    play(state, ("astrologian reaper", "blue mage as reaper"))
    assert last_round(state)["strength"] == [1, 2]


def test_decision_10_sage_copying_samurai_ties_at_best_and_dies() -> None:
    """R1 Bard (+1 to R2); R2 Sage 4 + 1 = 5 vs Samurai 5: a tie, so Third Eye (copied)
    does not fire and both die."""
    state = play(new(), ("bard", "chocobo"), ("sage", "samurai"))
    assert last_round(state)["strength"] == [5, 5]
    assert last_round(state)["survives"] == [False, False]
    assert "Sage" not in state.legal(0)
    assert "Samurai" not in state.legal(1)


def test_wd5_sage_copying_reaper_is_8_in_death_through_the_state() -> None:
    state = play(new(), ("sage", "reaper"))  # 4 loses to 6: copied Enshroud, 8
    assert underworld(state, 0) == {"Sage": 8}
    assert underworld(state, 1) == {"Reaper": 6}


def test_g1_two_seats_act_together_each_round() -> None:
    state = new()
    assert state.to_act == (0, 1)
    state.submit(1, "chocobo")  # either seat may submit first
    assert state.to_act == (0,)
    with pytest.raises(duelhost.IllegalAction, match="already submitted"):
        state.submit(1, "bard")
