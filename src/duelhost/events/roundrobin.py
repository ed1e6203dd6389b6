"""Round robin by the Berger tables (FIDE's), single or double.

For ``n`` entrants (``n`` even; an odd field adds a dummy ``n + 1`` whose opponent rests that
round) there are ``n - 1`` rounds. In round ``r`` entrant ``n`` meets ``a = (r - 1) * n / 2 mod
(n - 1) + 1``, with seat 0 in even rounds and seat 1 in odd ones; the other boards pair ``a + k``
(seat 0) with ``a - k`` (seat 1), counted modulo ``n - 1`` in 1..n-1, for ``k = 1 .. n/2 - 1``.
This reproduces the published tables (4 entrants: 1-4 2-3 / 4-3 1-2 / 2-4 3-1). A double round
robin plays the table twice, seats swapped in the second cycle, so every two entrants hold each
seat once against each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from duelhost.core.errors import ConfigError


def berger_table(n: int) -> list[list[tuple[int, int | None]]]:
    """The rounds of a round robin of ``n`` entrants numbered 1..n: ``(seat 0, seat 1)`` per
    board, ``(k, None)`` when ``k`` rests (odd ``n``)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise ConfigError(f"a round robin needs at least 2 entrants, not {n!r}")
    size = n + n % 2
    m = size - 1
    rounds: list[list[tuple[int, int | None]]] = []
    for r in range(1, size):
        a = (r - 1) * (size // 2) % m + 1
        boards: list[tuple[int, int]] = [(size, a) if r % 2 == 0 else (a, size)]
        for k in range(1, size // 2):
            boards.append(((a + k - 1) % m + 1, (a - k - 1) % m + 1))
        rounds.append(_rests_last(boards, n))
    return rounds


def _rests_last(boards: list[tuple[int, int]], n: int) -> list[tuple[int, int | None]]:
    """Boards with the dummy ``n + 1`` turned into a rest, listed after the games."""
    games: list[tuple[int, int | None]] = [b for b in boards if n + 1 not in b]
    rests: list[tuple[int, int | None]] = [
        (b[0] if b[1] == n + 1 else b[1], None) for b in boards if n + 1 in b
    ]
    return games + rests


def round_robin_schedule(
    seeded: Sequence[str], *, double: bool = False
) -> list[list[tuple[str, str | None]]]:
    """Every round's ``(seat 0, seat 1)`` boards for entrants in seeding order (number 1 first)."""
    if len(set(seeded)) != len(seeded):
        raise ConfigError("an entrant appears twice in the round robin")
    table = berger_table(len(seeded))
    cycle = [
        [(seeded[a - 1], None if b is None else seeded[b - 1]) for a, b in rnd] for rnd in table
    ]
    if not double:
        return cycle
    swapped: list[list[tuple[str, str | None]]] = [
        [(b, a) if b is not None else (a, None) for a, b in rnd] for rnd in cycle
    ]
    return cycle + swapped
