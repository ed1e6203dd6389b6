"""Each ability on the pure round function ``clash`` (WD2-WD10), strengths worked by hand.

``clash(units, seconds, revived, boosts)``: the units really played, the Astrologian's
prediction or Blue Mage's disguise (-1 otherwise), whether a unit is a Living Dead revival,
and the Battle Voice buffs carried into the round.
"""

from __future__ import annotations

from duelhost.games.warriors_death.rules import TIE, clash

NONE = (-1, -1)
FRESH = (False, False)
NO_BOOST = (0, 0)


def test_plain_round_higher_strength_wins_and_both_die_at_printed_strength() -> None:
    result = clash((6, 3), NONE, FRESH, NO_BOOST)  # Reaper 6 vs Bard 3
    assert result.strength == (6, 3)
    assert result.winner == 0
    assert result.death == (6, 3)
    assert result.survives == (False, False)


def test_equal_strengths_tie() -> None:
    assert clash((0, 0), NONE, FRESH, NO_BOOST).winner == TIE


def test_wd2_carried_buffs_apply_before_divination() -> None:
    """WD2/WD3: the Bard's +1 is on the Chocobo before the Astrologian reads its strength:
    Astrologian 1 + (Chocobo 0 + 1) = 2 vs 1."""
    result = clash((1, 0), (0, -1), FRESH, (0, 1))
    assert result.strength == (2, 1)
    assert result.winner == 0


def test_wd3_correct_prediction_gains_the_opponents_strength() -> None:
    result = clash((1, 8), (8, -1), FRESH, NO_BOOST)  # 1 + 8 = 9 beats Dragoon 8
    assert result.strength == (9, 8)
    assert result.winner == 0
    assert result.death == (9, 8)  # Dragon Sight: 8 >= 9 + 6 is false


def test_wd3_wrong_prediction_gains_nothing() -> None:
    result = clash((1, 8), (9, -1), FRESH, NO_BOOST)
    assert result.strength == (1, 8)
    assert result.winner == 1


def test_wd3_a_blue_mage_is_a_blue_mage_whatever_its_disguise() -> None:
    right = clash((1, 2), (2, 6), FRESH, NO_BOOST)  # predicts Blue Mage: 1 + 2 = 3 vs 2
    assert right.strength == (3, 2)
    assert right.winner == 0
    wrong = clash((1, 2), (6, 6), FRESH, NO_BOOST)  # predicts the disguise (Reaper): 1 vs 2
    assert wrong.strength == (1, 2)
    assert wrong.winner == 1


def test_two_astrologians_divine_at_the_same_time() -> None:
    """Decision 4: each gains the other's strength before either gained: 1 + 1 = 2 each."""
    result = clash((1, 1), (1, 1), FRESH, NO_BOOST)
    assert result.strength == (2, 2)
    assert result.winner == TIE
    one_right = clash((1, 1), (1, 5), FRESH, (1, 0))  # (1+1) + 1 = 3 vs 1
    assert one_right.strength == (3, 1)


def test_wd11_a_blue_mage_fights_with_its_own_strength_2() -> None:
    result = clash((2, 0), (9, -1), FRESH, NO_BOOST)  # disguised as Black Mage, still 2
    assert result.strength == (2, 0)
    assert result.winner == 0
    assert result.death == (2, 0)


def test_wd4_bard_gives_battle_voice() -> None:
    assert clash((3, 9), NONE, FRESH, NO_BOOST).voice == (1, 0)
    assert clash((3, 3), NONE, FRESH, NO_BOOST).voice == (1, 1)


def test_wd6_samurai_survives_only_if_it_wins() -> None:
    assert clash((5, 4), NONE, FRESH, NO_BOOST).survives == (True, False)
    assert clash((5, 6), NONE, FRESH, NO_BOOST).survives == (False, False)
    assert clash((5, 5), NONE, FRESH, NO_BOOST).survives == (False, False)  # a tie


def test_wd7_reaper_is_8_in_death_only_if_it_loses() -> None:
    lost = clash((6, 7), NONE, FRESH, NO_BOOST)
    assert lost.death == (8, 7)
    tied = clash((6, 5), NONE, FRESH, (0, 1))  # 6 vs 5 + 1: a tie is not a loss
    assert tied.winner == TIE
    assert tied.death == (6, 6)
    won = clash((6, 3), NONE, FRESH, NO_BOOST)
    assert won.death == (6, 3)


def test_wd7_enshroud_sets_8_even_on_a_buffed_reaper() -> None:
    result = clash((6, 8), NONE, FRESH, (1, 0))  # Reaper 6 + 1 = 7 loses to 8: set to 8
    assert result.strength == (7, 8)
    assert result.death[0] == 8


def test_wd8_dark_knight_is_revivable_unless_it_is_the_revival() -> None:
    assert clash((7, 9), NONE, FRESH, NO_BOOST).revivable == (True, False)
    assert clash((7, 9), NONE, (True, False), NO_BOOST).revivable == (False, False)
    assert clash((7, 0), NONE, FRESH, NO_BOOST).revivable == (True, False)  # win or lose


def test_wd9_dragon_sight_needs_a_margin_of_six() -> None:
    exact = clash((8, 2), (-1, 5), FRESH, NO_BOOST)  # 8 >= 2 + 6: 8 + 3 = 11
    assert exact.death == (11, 2)
    short = clash((8, 3), NONE, FRESH, NO_BOOST)  # 8 < 3 + 6
    assert short.death == (8, 3)
    buffed = clash((8, 3), NONE, FRESH, (1, 0))  # 8 + 1 = 9 >= 3 + 6: 9 + 3 = 12
    assert buffed.death == (12, 3)


def test_wd9_dragon_sight_uses_strengths_after_divination() -> None:
    """A right Astrologian is 1 + 8 = 9: the Dragoon (8) loses and gains nothing."""
    result = clash((8, 1), (-1, 8), FRESH, NO_BOOST)
    assert result.winner == 1
    assert result.death == (8, 9)


def test_wd10_black_mage_takes_the_opponents_strength_if_it_wins() -> None:
    won = clash((9, 0), NONE, FRESH, (0, 1))  # beats a buffed Chocobo (1): 1 in death
    assert won.winner == 0
    assert won.death == (1, 1)
    tie = clash((9, 9), NONE, FRESH, NO_BOOST)
    assert tie.death == (9, 9)
    lost = clash((9, 1), (-1, 9), FRESH, NO_BOOST)  # Astrologian 1 + 9 = 10 beats it
    assert lost.winner == 1
    assert lost.death == (9, 10)


def test_wd2_wd10_paradox_resolves_after_enshroud() -> None:
    """WD10 (revised to say so) and decision 9: Reaper (6) loses and is 8 in death; then
    Paradox (9) copies that 8, not the 6 the Reaper fought with."""
    result = clash((9, 6), NONE, FRESH, NO_BOOST)
    assert result.death == (8, 8)
    mirrored = clash((6, 9), NONE, FRESH, NO_BOOST)
    assert mirrored.death == (8, 8)


def test_wd10_paradox_against_a_wrong_astrologian() -> None:
    """The Astrologian predicts Dragoon against a Black Mage: wrong, it stays 1; the Black
    Mage (9) wins and is 1 in death. (A right Astrologian would be 1 + 9 = 10 and win.)"""
    result = clash((9, 1), (-1, 8), FRESH, NO_BOOST)
    assert result.winner == 0
    assert result.death == (1, 1)


def test_wd5_sage_copies_battle_voice() -> None:
    result = clash((4, 3), NONE, FRESH, NO_BOOST)  # Sage 4 beats Bard 3; both buff
    assert result.copied == (3, -1)
    assert result.voice == (1, 1)
    assert result.winner == 0
    assert result.death == (4, 3)  # its own strength stays 4


def test_wd5_sage_copies_enshroud_and_is_8_in_death() -> None:
    result = clash((4, 6), NONE, FRESH, (1, 0))  # 4 + 1 = 5 loses to 6: 8 in death
    assert result.copied == (6, -1)
    assert result.death == (8, 6)


def test_wd5_sage_copies_living_dead() -> None:
    result = clash((4, 7), NONE, FRESH, NO_BOOST)
    assert result.copied == (7, -1)
    assert result.revivable == (True, True)
    revived_sage = clash((4, 0), NONE, (True, False), NO_BOOST)
    assert revived_sage.revivable == (False, False)


def test_wd5_sage_copies_living_dead_from_a_revived_dark_knight() -> None:
    """Revised WD5: a revived Dark Knight still holds Living Dead in its revival round (it loses
    it on that death), so the Sage copies it and may come back; the Dark Knight may not.
    (The old ruling: the Sage copied nothing, revivable (False, False).)"""
    result = clash((4, 7), NONE, (False, True), NO_BOOST)
    assert result.copied == (7, -1)
    assert result.revivable == (True, False)
    assert result.death == (4, 7) and result.winner == 1
    both_revived = clash((4, 7), NONE, (True, True), NO_BOOST)  # the Sage comes back only once
    assert both_revived.copied == (7, -1)
    assert both_revived.revivable == (False, False)


def test_wd5_sage_copies_nothing_from_astrologian_blue_mage_sage_or_chocobo() -> None:
    for other, second in ((1, 4), (2, 6), (4, -1), (0, -1)):
        result = clash((4, other), (-1, second), FRESH, NO_BOOST)
        assert result.voice == (0, 0)
        assert result.revivable[0] is False
        assert result.survives[0] is False
        assert result.death[0] == result.strength[0]
    assert clash((4, 1), (-1, 4), FRESH, NO_BOOST).copied[0] == -1
    assert clash((4, 2), (-1, 6), FRESH, NO_BOOST).copied[0] == -1
    assert clash((4, 4), NONE, FRESH, NO_BOOST).copied == (-1, -1)


def test_wd5_sage_copying_third_eye_survives_only_if_it_wins() -> None:
    """Decision 10: unreachable in play (a Sage is at most 5), so tested here: a Sage at
    4 + 2 = 6 beats a Samurai 5 and goes back to the hand; at 4 + 1 = 5 it ties and dies."""
    won = clash((4, 5), NONE, FRESH, (2, 0))
    assert won.winner == 0
    assert won.survives == (True, False)
    tied = clash((4, 5), NONE, FRESH, (1, 0))
    assert tied.survives == (False, False)


def test_wd5_sage_copying_dragon_sight_and_paradox() -> None:
    """Decision 10: unreachable in play, tested on the pure function. Dragon Sight: a Sage at
    4 + 10 = 14 >= 8 + 6 gains 3 (17). Paradox: a Sage at 4 + 6 = 10 beats a Black Mage 9 and
    is 9 in death."""
    sight = clash((4, 8), NONE, FRESH, (10, 0))
    assert sight.death == (17, 8)
    paradox = clash((4, 9), NONE, FRESH, (6, 0))
    assert paradox.winner == 0
    assert paradox.death == (9, 9)
