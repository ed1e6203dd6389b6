"""A factored action space: a flat index chosen in two smaller steps.

Games with large encodings (hundreds of thousands of indices) give masks that size every step.
``Factored(encoding)`` splits each flat index ``i`` into two digits, ``i // K`` then
``i % K`` with ``K = ceil(sqrt(num_actions))``: the first step's mask allows the leading digits
of the legal indices, the second the trailing digits that complete a legal index with the
chosen leading one, and the second step submits exactly that move. So the masks have ``K``
entries (609 for 370,249 flat indices) and the legal set reached is exactly the flat one. The
first digit is kept in the draft (``duelhost.core.encoding``), shown to the seat as a one-hot
after its flat observation. What a first digit groups follows the encoding's index order.

Pass ``factored=True`` to ``env``, ``parallel_env`` or ``single_agent_env``. Encodings whose
decisions already take several steps are not factored (their steps are small already).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, Encoding, Step, Valid, one_hot
from duelhost.core.errors import ConfigError


class Factored:
    """``encoding`` with every index chosen as two digits of base ``K``."""

    multi_step = True

    def __init__(self, encoding: Encoding) -> None:
        if encoding.multi_step:
            raise ConfigError("a multi-step encoding is not factored: its steps are small already")
        self.base = encoding
        self.radix = max(2, math.isqrt(encoding.num_actions - 1) + 1)
        self.num_actions = self.radix
        self.observation_size = encoding.observation_size + self.radix
        self.needs_view = getattr(encoding, "needs_view", True)

    def describe(self, index: int) -> str:
        return f"digit {index} (flat indices {index} * {self.radix} + ...)"

    def flat(self, draft: Draft, index: int) -> int:
        """The flat index a first digit and a second make."""
        return draft[0] * self.radix + index

    def choices(
        self, view: dict[str, Any], legal: Sequence[str], draft: Draft, valid: Valid
    ) -> dict[int, Step]:
        flat = self.base.choices(view, legal, (), valid)
        if not draft:
            leading = sorted({index // self.radix for index in flat})
            return {digit: Step(draft=(digit,)) for digit in leading}
        found: dict[int, Step] = {}
        for index, step in flat.items():
            if index // self.radix == draft[0]:
                found[index % self.radix] = step
        return found

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        chosen = draft[0] if draft else None
        return self.base.observe(view, ()) + one_hot(self.radix, chosen)
