"""Tests of the Multiplanetary Empire engine, its maps, bot, commands and benchmark."""
