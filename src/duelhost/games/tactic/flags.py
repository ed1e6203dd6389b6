"""The bits of a /TACTIC/ unit's flag word (``u_flags``): cached, moved, abilities used this turn,
alive. The values are part of a record's snapshot, so they never change."""

CACHED = 1
MOVED = 2
USED_FIREBALL = 4
USED_DRAIN = 8
USED_DUST = 16
REVERBERATED = 32
"""Dealt Reverberate damage this turn (at most once per turn)."""
ALIVE = 64

TURN_FLAGS = CACHED | MOVED | USED_FIREBALL | USED_DRAIN | USED_DUST
"""Cleared from the player's own units at the start of their turn (TA3)."""
