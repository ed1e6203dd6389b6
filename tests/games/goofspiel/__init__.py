"""Tests of the Goofspiel engine (seed 001, second half; RULINGS G1-G6, GO1-GO5)."""
