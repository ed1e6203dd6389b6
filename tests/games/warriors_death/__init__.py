"""Tests of A Warrior's Death (seed 003, RULINGS G1-G6 and WD1-WD13)."""
