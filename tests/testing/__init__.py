"""Tests of the conformance kit (duelhost.testing) and the example plugin game."""
