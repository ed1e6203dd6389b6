"""Classic Goofspiel solved exactly: backward induction, one zero-sum matrix game per subgame.

Classic Goofspiel is ``galaxies=1, planets=N``: one bout, one fleet of each size 1..N per seat,
planets worth 1..N revealed one at a time in an order drawn from the seed (GO1), a tied bid
wins nothing (GO4). duelhost scores it as a win, a draw or a loss: the seat with more net worth
wins the galaxy and so the match; a tie in net worth replays the match with a fresh deal (GO4)
and, after the last replay, is a draw. A fresh classic match is symmetric, so its value is 0
and a tied playing is worth exactly 0 to both seats: the objective is ``sign(net worth
difference)`` at the end of the bout, +1 a win, 0 a tie, -1 a loss.

**Subgames.** Before a prize is revealed the position is ``(P, A, B, d)``: the prizes still to
come, the hands of seat 0 (``A``) and seat 1 (``B``), and the net worth difference ``d`` (seat
0 minus seat 1). Its value is the average over the next prize ``p`` in ``P`` of the value of
the matrix game whose entry ``(a, b)`` is the value of ``(P - p, A - a, B - b, d + p sign(a-b))``.
Every bid is public once played, so the position is common knowledge and backward induction
gives the equilibrium (Rhoads and Bartholdi 2012).

**Reductions** (the same as GOPSsolver's):

* Hands are kept as their relative order: only comparisons between the two hands matter, so
  ``A`` and ``B`` are written as bit masks over the ranks of their union (a rank held by both
  is a tie). ``{1, 3}`` vs ``{2, 3}`` becomes ranks ``{0, 2}`` vs ``{1, 2}``.
* The player swap ``(P, B, A, -d)`` has the negated value; of the two encodings the smaller
  key is stored, so each pair is solved once, and a position equal to its own swap is worth 0.
* Decided subgames are not stored: if the cards of one seat above the other's best card win
  it the biggest prizes and that already decides the sign of ``d`` whatever happens to the
  rest, the value is +1 or -1 (``|d|`` greater than the prizes left is the simplest case).
  Positions with one card left are valued directly.

**Solving the matrix games.** All games of one level (hands of ``k`` cards) are ``k x k`` and
are solved in batches with NumPy: saddle points are found without an LP (maximin = minimax),
2x2 games in closed form, and the rest by a batched dense simplex (Bland's rule, every game of
the batch pivoting at once) on the standard positive-shift LP ``max sum(y), M y <= 1``; SciPy's
HiGHS ``linprog`` solves any game the simplex leaves unfinished (it never has in our runs) and
single games for the bots.

**The table.** Levels are generated top-down (the positions reachable from the start after the
reductions) and valued bottom-up. The table keeps, per level, the sorted int64 keys and
float64 values; :func:`save` writes them as one compressed ``.npz``. A key packs the prize set,
both rank masks and ``d``. Strategies are not stored: a position's equilibrium strategy is the
solution of its matrix game built from stored values (:meth:`Table.strategies`), which is what
the bot plays and what the exploitability test checks.

**Memory.** Levels are expanded and valued in batches of ``CHUNK`` child entries; what depends
only on the cards played or only on the prize is computed once and broadcast, so a batch's
working arrays are a few MB. What stays is the table itself (16 bytes a position) and the keys
of the level being generated (about twice its size while batches are merged). The simplex
pivots only the games still running, in place. SciPy is imported only for a straggler.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from duelhost.core.errors import ConfigError
from duelhost.core.matrix_games import solve_games

I64 = NDArray[np.int64]
I8 = NDArray[np.int8]
F64 = NDArray[np.float64]

MAX_CARDS = 11
"""Keys are 5N+8 bits wide: int64 holds N up to 11 (N = 10 is already far beyond this machine)."""
D_BITS = 8
D_OFFSET = 128
CHUNK = 1 << 17
"""Child entries (positions x k^3) handled at once, bounding memory: a batch's working arrays
are a few dozen bytes an entry (keys, differences, verdicts, the games and their simplex)."""

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: called as work on a level advances."""


# ---------------------------------------------------------------------- keys and positions


def _bits_of(masks: I64, width: int, count: int) -> I64:
    """Positions of the set bits of each mask (each has exactly ``count``), ascending."""
    if count == 0:
        return np.zeros((masks.size, 0), dtype=np.int64)
    bits = (masks[:, None] >> np.arange(width, dtype=np.int64)) & 1
    return np.nonzero(bits)[1].reshape(masks.size, count).astype(np.int64)


def _remove_bit(x: I64, pos: I64) -> I64:
    low = x & ((np.int64(1) << pos) - 1)
    return low | ((x >> (pos + 1)) << pos)


def _highest_bit(x: I64) -> I64:
    """Index of the highest set bit (-1 for 0: ``frexp(0)`` has exponent 0)."""
    return np.frexp(x.astype(np.float64))[1].astype(np.int64) - 1


def compress_hands(hand_a: Iterable[int], hand_b: Iterable[int]) -> tuple[int, int]:
    """Both hands as rank masks over their union (only the relative order matters)."""
    a, b = set(hand_a), set(hand_b)
    ranks = sorted(a | b)
    mask_a = sum(1 << r for r, card in enumerate(ranks) if card in a)
    mask_b = sum(1 << r for r, card in enumerate(ranks) if card in b)
    return mask_a, mask_b


@dataclass
class Layout:
    """How keys pack a position for N cards."""

    n: int
    hand_bits: int = field(init=False)

    def __post_init__(self) -> None:
        self.hand_bits = 2 * self.n

    def pack(self, prizes: I64, a: I64, b: I64, d: I64) -> I64:
        h = self.hand_bits
        return ((((prizes << h) | a) << h | b) << D_BITS) | (d + D_OFFSET)

    def unpack(self, key: I64) -> tuple[I64, I64, I64, I64]:
        h = self.hand_bits
        d = (key & ((1 << D_BITS) - 1)) - D_OFFSET
        rest = key >> D_BITS
        b = rest & ((1 << h) - 1)
        a = (rest >> h) & ((1 << h) - 1)
        return rest >> (2 * h), a, b, d

    def canonical(self, prizes: I64, a: I64, b: I64, d: I64) -> tuple[I64, I64]:
        """The stored key of each position and the sign of its value relative to the stored one."""
        key = self.pack(prizes, a, b, d)
        swapped = self.pack(prizes, b, a, -d)
        sign = np.where(swapped < key, -1, 1).astype(np.int64)
        return np.minimum(key, swapped), sign


def _guarantees(n: int) -> I64:
    """``g[P, c]``: worst net worth over the prizes ``P`` for a seat sure to win its ``c``
    biggest (it loses every other one): ``2 * top_c(P) - sum(P)``."""
    table = np.zeros((1 << n, n + 1), dtype=np.int64)
    for mask in range(1 << n):
        prizes = sorted((i + 1 for i in range(n) if mask >> i & 1), reverse=True)
        total = sum(prizes)
        top = 0
        table[mask, :] = -total
        for c in range(1, n + 1):
            top += prizes[c - 1] if c <= len(prizes) else 0
            table[mask, c] = 2 * top - total
    return table


# ---------------------------------------------------------------------- children of positions


@dataclass
class Children:
    """Every child of a batch of positions with ``k`` cards: axis order (position, prize, a, b)."""

    prize: I64
    """(B, k): the prize values."""
    key: I64
    """(B, k, k, k): canonical key of the child (meaningful where ``stored``)."""
    sign: I8
    """(B, k, k, k): sign of the child's value relative to its stored key."""
    fixed: I8
    """(B, k, k, k): the child's value where it is known without the table (+1, 0, -1)."""
    stored: NDArray[np.bool_]
    """(B, k, k, k): the child is in the table of level k - 1."""


class Expander:
    """Computes the children of positions of one level, with the reductions applied.

    What depends only on the cards played (the hands after the bids, (B, k, k)) or only on the
    prize (B, k) is computed at that shape and broadcast: only the net worth difference, the
    verdict and the key are (B, k, k, k) arrays."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.layout = Layout(n)
        self.guarantee = _guarantees(n)

    def decided(self, prizes: I64, a: I64, b: I64, d: I64) -> I8:
        """+1 / -1 where seat A / seat B wins whatever happens, else 0 (arguments broadcast)."""
        top_b, top_a = _highest_bit(b), _highest_bit(a)
        sure_a = np.bitwise_count(a >> (top_b + 1)).astype(np.intp)
        sure_b = np.bitwise_count(b >> (top_a + 1)).astype(np.intp)
        win = d + self.guarantee[prizes, sure_a] > 0
        lose = d - self.guarantee[prizes, sure_b] < 0
        verdict: I8 = win.view(np.int8) - lose.view(np.int8)
        return verdict

    def children(self, keys: I64, k: int) -> Children:
        prizes, a, b, d = self.layout.unpack(keys)
        count = keys.size
        h = self.layout.hand_bits
        prize_bits = _bits_of(prizes, self.n, k)
        pa = _bits_of(a, h, k)
        pb = _bits_of(b, h, k)
        # Hands after A plays its i-th card and B its j-th (B, k, k), then recompressed.
        ia = np.broadcast_to(pa[:, :, None], (count, k, k))
        ib = np.broadcast_to(pb[:, None, :], (count, k, k))
        na = a[:, None, None] & ~(np.int64(1) << ia)
        nb = b[:, None, None] & ~(np.int64(1) << ib)
        hi, lo = np.maximum(ia, ib), np.minimum(ia, ib)
        union = na | nb
        empty_hi = ((union >> hi) & 1) == 0
        na = np.where(empty_hi, _remove_bit(na, hi), na)
        nb = np.where(empty_hi, _remove_bit(nb, hi), nb)
        union = na | nb
        empty_lo = (lo != hi) & (((union >> lo) & 1) == 0)
        na = np.where(empty_lo, _remove_bit(na, lo), na)
        nb = np.where(empty_lo, _remove_bit(nb, lo), nb)
        outcome = np.sign(ia - ib)
        prize = prize_bits + 1
        child_prizes = prizes[:, None] & ~(np.int64(1) << prize_bits)  # (B, k)
        child_d = d[:, None, None, None] + prize[:, :, None, None] * outcome[:, None, :, :]
        shape = (count, k, k, k)
        if k <= 2:
            if k == 1:
                fixed = np.sign(child_d).astype(np.int8)
            else:
                last = np.bitwise_count(child_prizes - 1).astype(np.int64) + 1  # the prize left
                ahead = np.sign(na - nb)[:, None, :, :]
                fixed = np.sign(child_d + last[:, :, None, None] * ahead).astype(np.int8)
            stored = np.zeros(shape, dtype=bool)
            return Children(
                prize, np.zeros(shape, np.int64), np.ones(shape, np.int8), fixed, stored
            )
        fixed = self.decided(
            child_prizes[:, :, None, None], na[:, None, :, :], nb[:, None, :, :], child_d
        )
        stored = fixed == 0
        # The canonical key: of (P, A, B, d) and its swap (P, B, A, -d) the smaller packing.
        # The prizes are the same, so the hands decide, and with equal hands the sign of d.
        here = (na << h) | nb
        there = (nb << h) | na
        swap = np.broadcast_to((there < here)[:, None, :, :], shape) | (
            (there == here)[:, None, :, :] & (child_d > 0)
        )
        hands = np.where(swap, there[:, None, :, :], here[:, None, :, :])
        np.negative(child_d, out=child_d, where=swap)
        child_d += D_OFFSET
        key = hands
        key <<= D_BITS
        key |= child_d
        key |= (child_prizes << (2 * h + D_BITS))[:, :, None, None]
        sign = 1 - 2 * swap.view(np.int8)
        return Children(prize, key, sign, fixed, stored)


# ---------------------------------------------------------------------- the table


@dataclass
class Table:
    """The solved values of classic N-card Goofspiel, one sorted key array per level."""

    n: int
    keys: dict[int, I64]
    values: dict[int, F64]

    @functools.cached_property
    def expander(self) -> Expander:
        return Expander(self.n)

    @property
    def positions(self) -> int:
        return sum(int(k.size) for k in self.keys.values())

    def lookup(self, level: int, keys: I64) -> F64:
        """Stored values of canonical keys of ``level`` (KeyError if one is missing)."""
        table = self.keys[level]
        order = np.argsort(keys)  # sorted needles: the binary searches share their paths
        needles = keys[order]
        where = np.minimum(np.searchsorted(table, needles), table.size - 1)
        if table.size == 0 or not np.array_equal(table[where], needles):
            raise KeyError(f"a position of level {level} is not in the table")
        found = np.empty(keys.size)
        found[order] = self.values[level][where]
        return found

    def _child_values(self, ch: Children, level: int) -> F64:
        values = ch.fixed.astype(np.float64)
        if ch.stored.any():
            values[ch.stored] = ch.sign[ch.stored] * self.lookup(level - 1, ch.key[ch.stored])
        return values

    def games(
        self, prizes: Iterable[int], hand_a: Iterable[int], hand_b: Iterable[int], diff: int
    ) -> tuple[list[int], F64]:
        """The matrix game of each possible next prize for a position given by card values:
        ``(prize values ascending, matrices (k, k, k))``, rows ``hand_a`` ascending."""
        prize_list, hand_a, hand_b = self._check(prizes, hand_a, hand_b)
        k = len(prize_list)
        a, b = compress_hands(hand_a, hand_b)
        expander = self.expander
        pmask = sum(1 << (p - 1) for p in prize_list)
        key = expander.layout.pack(
            np.array([pmask]), np.array([a]), np.array([b]), np.array([diff])
        )
        ch = expander.children(key, k)
        try:
            return prize_list, self._child_values(ch, k)[0]
        except KeyError:
            raise ConfigError(
                f"this position cannot arise in classic {self.n}-card Goofspiel"
            ) from None

    def _check(
        self, prizes: Iterable[int], hand_a: Iterable[int], hand_b: Iterable[int]
    ) -> tuple[list[int], list[int], list[int]]:
        prize_list, a, b = sorted(prizes), sorted(hand_a), sorted(hand_b)
        k = len(prize_list)
        if len(set(a)) != k or len(set(b)) != k or k == 0 or len(set(prize_list)) != k:
            raise ConfigError("a classic position needs as many distinct cards as prizes left")
        if not 1 <= prize_list[0] <= prize_list[-1] <= self.n:
            raise ConfigError(f"prizes of classic {self.n}-card Goofspiel are 1 to {self.n}")
        return prize_list, a, b

    def equilibria(self, k: int, prizes: I64, a: I64, b: I64, d: I64) -> tuple[F64, F64, F64]:
        """Batched: for positions of ``k`` cards given by prize masks, rank masks and ``d``,
        per position and prize (ascending) the game value and both strategies over the ranks
        ascending, shapes (B, k), (B, k, k), (B, k, k). Decided positions: the winner plays
        :func:`sure_win`, the loser (any play loses) spreads evenly."""
        count = prizes.size
        values = np.zeros((count, k))
        x = np.zeros((count, k, k))
        y = np.zeros((count, k, k))
        verdict = (
            self.expander.decided(prizes, a, b, d) if k >= 2 else np.zeros(count, dtype=np.int64)
        )
        open_ = np.flatnonzero(verdict == 0)
        if open_.size:
            keys = self.expander.layout.pack(prizes[open_], a[open_], b[open_], d[open_])
            ch = self.expander.children(keys, k)
            try:
                child = self._child_values(ch, k)
            except KeyError:
                raise ConfigError(
                    f"a position that cannot arise in classic {self.n}-card Goofspiel"
                ) from None
            v, xs, ys = solve_games(child.reshape(-1, k, k))
            values[open_] = v.reshape(-1, k)
            x[open_] = xs.reshape(-1, k, k)
            y[open_] = ys.reshape(-1, k, k)
        width = self.expander.layout.hand_bits
        for index in np.flatnonzero(verdict != 0):
            won = int(verdict[index])
            prize_list = [i + 1 for i in range(self.n) if int(prizes[index]) >> i & 1]
            ranks_a = [r for r in range(width) if int(a[index]) >> r & 1]
            ranks_b = [r for r in range(width) if int(b[index]) >> r & 1]
            values[index] = won
            winner, loser = (x, y) if won > 0 else (y, x)
            mine, theirs = (ranks_a, ranks_b) if won > 0 else (ranks_b, ranks_a)
            loser[index] = 1.0 / k
            for slot, prize in enumerate(prize_list):
                rest = prize_list[:slot] + prize_list[slot + 1 :]
                card = sure_win(prize, rest, mine, theirs)
                winner[index, slot, mine.index(card)] = 1.0
        return values, x, y

    def verdict(
        self, prizes: Iterable[int], hand_a: Iterable[int], hand_b: Iterable[int], diff: int
    ) -> int:
        """+1 (-1) when seat A (B) wins whatever the other does, else 0: such positions are
        not stored, and the winner plays :func:`sure_win`."""
        prize_list, hand_a, hand_b = self._check(prizes, hand_a, hand_b)
        if len(prize_list) < 2:
            return 0
        a, b = compress_hands(hand_a, hand_b)
        pmask = sum(1 << (p - 1) for p in prize_list)
        found = self.expander.decided(
            np.array([pmask]), np.array([a]), np.array([b]), np.array([diff])
        )
        return int(found[0])

    def _position(
        self, prizes: Iterable[int], hand_a: Iterable[int], hand_b: Iterable[int], diff: int
    ) -> tuple[list[int], list[int], list[int], F64, F64, F64]:
        prize_list, cards_a, cards_b = self._check(prizes, hand_a, hand_b)
        a, b = compress_hands(cards_a, cards_b)
        pmask = sum(1 << (p - 1) for p in prize_list)
        values, x, y = self.equilibria(
            len(prize_list), np.array([pmask]), np.array([a]), np.array([b]), np.array([diff])
        )
        return prize_list, cards_a, cards_b, values[0], x[0], y[0]

    def value(
        self, prizes: Iterable[int], hand_a: Iterable[int], hand_b: Iterable[int], diff: int
    ) -> float:
        """Value for seat A before the next prize of ``prizes`` is revealed."""
        _, _, _, values, _, _ = self._position(prizes, hand_a, hand_b, diff)
        return float(values.mean())

    def strategies(
        self,
        prize: int,
        rest: Iterable[int],
        hand_a: Iterable[int],
        hand_b: Iterable[int],
        diff: int,
    ) -> tuple[float, dict[int, float], dict[int, float]]:
        """With ``prize`` showing and ``rest`` to come: the value for A and both equilibrium
        strategies (card -> probability). In a decided position the winner plays
        :func:`sure_win` and the loser (any play loses) spreads evenly."""
        prize_list, cards_a, cards_b, values, x, y = self._position(
            [prize, *rest], hand_a, hand_b, diff
        )
        slot = prize_list.index(prize)
        return (
            float(values[slot]),
            {card: float(p) for card, p in zip(cards_a, x[slot], strict=True)},
            {card: float(p) for card, p in zip(cards_b, y[slot], strict=True)},
        )


def sure_win(prize: int, rest: Iterable[int], mine: Iterable[int], theirs: Iterable[int]) -> int:
    """The card that keeps a decided win won: with ``c`` cards above the opponent's best, win
    the ``c`` biggest prizes with them (the lowest such card) and throw the lowest card on the
    others. Whatever the opponent does, this keeps ``d + 2 top_c(P) - sum(P) > 0``."""
    hand = sorted(mine)
    best = max(theirs)
    above = [card for card in hand if card > best]
    top = sorted([prize, *rest], reverse=True)[: len(above)]
    if above and prize >= min(top):
        return above[0]
    return hand[0]


def _sorted_unique(x: I64) -> I64:
    """``np.unique`` of int64 keys by sorting: NumPy 2.4's ``np.unique`` hashes first and was
    a quarter of the solver's time at N = 8 (about 25x slower than this on 300,000 keys)."""
    s = np.sort(x)
    if s.size == 0:
        return s
    first = np.empty(s.size, dtype=bool)
    first[0] = True
    np.not_equal(s[1:], s[:-1], out=first[1:])
    out: I64 = s[first]
    return out


def _next_level(
    expander: Expander, keys: I64, k: int, progress: Progress | None, kept: dict[int, Children]
) -> I64:
    """The sorted stored keys of level ``k - 1``: the children of ``keys`` not decided.

    Each batch's keys are made unique at once; the batches' are merged into the running set
    whenever they add up to more than it, so no more than about twice the level's keys are
    held and each is sorted a logarithmic number of times. A level that is one batch keeps
    its children in ``kept`` for its valuation (at most ``CHUNK`` entries a level)."""
    step = max(1, CHUNK // k**3)
    if keys.size <= step:
        kept[k] = expander.children(keys, k)
        return _sorted_unique(kept[k].key[kept[k].stored])
    merged = np.zeros(0, dtype=np.int64)
    parts: list[I64] = []
    pending = 0
    for start in range(0, keys.size, step):
        ch = expander.children(keys[start : start + step], k)
        part = _sorted_unique(ch.key[ch.stored])
        del ch
        parts.append(part)
        pending += part.size
        if pending > max(merged.size, CHUNK):
            merged = _sorted_unique(np.concatenate([merged, *parts]))
            parts, pending = [], 0
        if progress:
            progress(f"positions, {k} cards", min(start + step, keys.size), keys.size)
    return _sorted_unique(np.concatenate([merged, *parts])) if parts else merged


def _values(table: Table, k: int, progress: Progress | None, kept: dict[int, Children]) -> F64:
    """The values of level ``k``'s positions from the stored values of level ``k - 1``."""
    expander = table.expander
    keys = table.keys[k]
    out = np.empty(keys.size)
    step = max(1, CHUNK // k**3)
    for start in range(0, keys.size, step):
        batch = keys[start : start + step]
        ch = kept.pop(k) if k in kept else expander.children(batch, k)
        child = table._child_values(ch, k)
        del ch
        games, _, _ = solve_games(child.reshape(-1, k, k))
        del child
        out[start : start + step] = games.reshape(batch.size, k).mean(axis=1)
        if progress:
            progress(f"values, {k} cards", min(start + step, keys.size), keys.size)
    _, a, b, d = expander.layout.unpack(keys)
    out[(a == b) & (d == 0)] = 0.0  # its own swap: exactly 0
    return out


def solve(n: int, progress: Progress | None = None) -> Table:
    """Solve classic ``n``-card Goofspiel: every reachable position's value."""
    if not 1 <= n <= MAX_CARDS:
        raise ConfigError(f"the classic solver handles 1 to {MAX_CARDS} cards, got {n}")
    table = Table(n, {}, {})
    layout = table.expander.layout
    full = np.int64((1 << n) - 1)
    root = layout.pack(np.array([full]), np.array([full]), np.array([full]), np.array([0]))
    levels: dict[int, I64] = {n: root}
    kept: dict[int, Children] = {}
    for k in range(n, 2, -1):
        levels[k - 1] = _next_level(table.expander, levels[k], k, progress, kept)
    table.keys.update((k, levels[k]) for k in range(2, n + 1))
    for k in range(2, n + 1):
        table.values[k] = _values(table, k, progress, kept)
    return table


# ---------------------------------------------------------------------- storage


def default_path(n: int) -> Path:
    """Where ``duelhost solve goofspiel --planets N`` writes the table by default."""
    base = os.environ.get("DUELHOST_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "duelhost"
    )
    return Path(base) / f"goofspiel-classic-{n}.npz"


def save(table: Table, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, NDArray[np.generic]] = {"n": np.array([table.n])}
    for k in table.keys:
        arrays[f"keys{k}"] = table.keys[k]
        arrays[f"values{k}"] = table.values[k]
    with open(path, "wb") as handle:
        np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]


def load(path: Path) -> Table:
    with np.load(path) as data:
        n = int(data["n"][0])
        keys = {k: data[f"keys{k}"] for k in range(2, n + 1)}
        values = {k: data[f"values{k}"] for k in range(2, n + 1)}
    return Table(n, keys, values)


_CACHE: dict[int, Table] = {}


def table_for(n: int, solve_up_to: int = 6) -> Table | None:
    """The table for ``n`` cards: from memory, from :func:`default_path`, or solved now when
    ``n`` is small (at most ``solve_up_to``); None otherwise."""
    if n in _CACHE:
        return _CACHE[n]
    path = default_path(n)
    if path.exists():
        _CACHE[n] = load(path)
    elif n <= solve_up_to:
        _CACHE[n] = solve(n)
    else:
        return None
    return _CACHE[n]
