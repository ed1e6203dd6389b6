"""Tests of the /TACTIC/ engine (tactic): abilities, interactions, setup, views, properties."""
