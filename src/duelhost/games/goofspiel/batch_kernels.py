"""Compiled kernels of the batched Goofspiel engine (numba, an optional extra).

``GoofspielBatch`` uses them when numba imports, and its NumPy code otherwise; both give the
same matches bit for bit (``tests/vector`` plays both against the reference engine). What
is here:

- ``draw_deals``: the deal of each (seed, playing) exactly as the engine's ``draw_deal``
  draws it: ``derive(seed, "deal", playing)`` is SHA-256 of the text
  ``repr((seed, 'deal', str(playing)))``, its first 8 bytes (big-endian) seed CPython's
  Mersenne Twister (``init_by_array`` with the number's 32-bit words, low word first), then
  ``random.shuffle`` (``_randbelow``: ``getrandbits(n.bit_length())`` with rejection) deals
  the galaxy order, the values, and per galaxy the planet order and the worths. The twister's
  seeding runs for many matches at once (a chunk of matches side by side, which the compiler
  vectorizes); its outputs are made one at a time as the shuffles ask for them.
- ``step``: one round in every match in play (GO2-GO4, timeouts GO3), ending bouts and
  playings and dealing replays, as ``GoofspielBatch.step`` does.
- ``random_actions``: a uniformly random remaining fleet size per seat (xorshift64*), for
  rollouts and benchmarks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import numba
except ImportError as missing:  # batch.py then plays the same matches with NumPy alone
    raise ImportError(
        "the compiled kernels need numba: pip install 'duelhost[research]'"
    ) from missing

N = 624
CHUNK = 256
"""Matches whose twisters are seeded side by side."""
IN_PLAY = -2
DRAW = -1

_K = np.array(
    [
        0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4,
        0xAB1C5ED5, 0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE,
        0x9BDC06A7, 0xC19BF174, 0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F,
        0x4A7484AA, 0x5CB0A9DC, 0x76F988DA, 0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7,
        0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967, 0x27B70A85, 0x2E1B2138, 0x4D2C6DFC,
        0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85, 0xA2BFE8A1, 0xA81A664B,
        0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070, 0x19A4C116,
        0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
        0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7,
        0xC67178F2,
    ],
    np.int64,
)  # fmt: skip
_H = np.array(
    [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB,
     0x5BE0CD19],
    np.int64,
)  # fmt: skip
M32 = 0xFFFFFFFF


def _init_genrand(seed: int) -> Any:
    """CPython's ``init_genrand`` (the start of every ``init_by_array``)."""
    mt = np.zeros(N, np.uint32)
    mt[0] = seed
    for i in range(1, N):
        previous = int(mt[i - 1])
        mt[i] = (1812433253 * (previous ^ (previous >> 30)) + i) & M32
    return mt


_BASE = _init_genrand(19650218)


@numba.njit(cache=True)
def _digits(value: int, out: Any, at: int) -> int:
    """``str(value)`` written into ``out`` from ``at``; the position after it."""
    magnitude = np.uint64(value)
    if value < 0:
        out[at] = 45  # "-"
        at += 1
        magnitude = np.uint64(-(value + 1)) + np.uint64(1)  # -(2**63) too
    start = at
    ten = np.uint64(10)
    while True:
        out[at] = np.uint8(np.uint64(48) + magnitude % ten)
        at += 1
        magnitude //= ten
        if magnitude == 0:
            break
    out[start:at] = out[start:at][::-1].copy()
    return at


@numba.njit(cache=True)
def _message(seed: int, playing: int, block: Any) -> None:
    """The padded SHA-256 block of ``repr((seed, 'deal', str(playing)))`` into ``block``."""
    block[:] = 0
    block[0] = 40  # "("
    at = _digits(seed, block, 1)
    for byte in (44, 32, 39, 100, 101, 97, 108, 39, 44, 32, 39):  # ", 'deal', '"
        block[at] = byte
        at += 1
    at = _digits(playing, block, at)
    block[at] = 39  # "'"
    block[at + 1] = 41  # ")"
    length = at + 2
    block[length] = 0x80
    bits = length * 8
    block[62] = bits >> 8
    block[63] = bits & 0xFF


@numba.njit(cache=True, inline="always")
def _rotr32(x: Any, n: int) -> Any:
    return np.uint32((x >> np.uint32(n)) | np.uint32(x << np.uint32(32 - n)))


@numba.njit(cache=True)
def _seed_words(seeds: Any, playings: Any, high: Any, low: Any) -> None:
    """The first 8 bytes of ``sha256(repr((seed, 'deal', str(playing))))`` of every match,
    as two words (big-endian): the compression runs for all matches side by side."""
    count = len(seeds)
    block = np.empty(64, np.uint8)
    w = np.empty((64, count), np.uint32)
    for m in range(count):
        _message(seeds[m], playings[m], block)
        for i in range(16):
            w[i, m] = (
                (np.uint32(block[4 * i]) << np.uint32(24))
                | (np.uint32(block[4 * i + 1]) << np.uint32(16))
                | (np.uint32(block[4 * i + 2]) << np.uint32(8))
                | np.uint32(block[4 * i + 3])
            )
    for i in range(16, 64):
        _schedule(w[i], w[i - 2], w[i - 7], w[i - 15], w[i - 16])
    work = np.empty((8, count), np.uint32)
    for j in range(8):
        work[j, :] = _H[j]
    for i in range(64):
        _compress(work, w[i], np.uint32(_K[i]))
    for m in range(count):
        high[m] = np.uint32(work[0, m] + np.uint32(_H[0]))
        low[m] = np.uint32(work[1, m] + np.uint32(_H[1]))


@numba.njit(cache=True)
def _schedule(out: Any, w2: Any, w7: Any, w15: Any, w16: Any) -> None:
    for m in range(len(out)):
        x, y = w15[m], w2[m]
        s0 = _rotr32(x, 7) ^ _rotr32(x, 18) ^ (x >> np.uint32(3))
        s1 = _rotr32(y, 17) ^ _rotr32(y, 19) ^ (y >> np.uint32(10))
        out[m] = np.uint32(w16[m] + s0 + w7[m] + s1)


@numba.njit(cache=True)
def _compress(work: Any, w: Any, k: Any) -> None:
    """One SHA-256 round for every match (``work``: a..h by row)."""
    for m in range(len(w)):
        a, b, c, d = work[0, m], work[1, m], work[2, m], work[3, m]
        e, f, g, h = work[4, m], work[5, m], work[6, m], work[7, m]
        s1 = _rotr32(e, 6) ^ _rotr32(e, 11) ^ _rotr32(e, 25)
        choose = (e & f) ^ (np.uint32(~e) & g)
        t1 = np.uint32(h + s1 + choose + k + w[m])
        s0 = _rotr32(a, 2) ^ _rotr32(a, 13) ^ _rotr32(a, 22)
        major = (a & b) ^ (a & c) ^ (b & c)
        work[7, m], work[6, m], work[5, m], work[4, m] = g, f, e, np.uint32(d + t1)
        work[3, m], work[2, m], work[1, m] = c, b, a
        work[0, m] = np.uint32(t1 + s0 + major)


_MIX = np.uint32(1664525)
_UNMIX = np.uint32(1566083941)
_SHIFT = np.uint32(30)


@numba.njit(cache=True)
def _mix(row: Any, previous: Any, key: Any) -> None:
    """``init_by_array``'s first loop at one word (``row``) for every match of the chunk."""
    for m in range(len(row)):
        p = previous[m]
        value = (row[m] ^ ((p ^ (p >> _SHIFT)) * _MIX)) + key[m]
        row[m] = value
        previous[m] = value


@numba.njit(cache=True)
def _unmix(row: Any, previous: Any, index: Any) -> None:
    """``init_by_array``'s second loop at one word (``row``) for every match of the chunk."""
    for m in range(len(row)):
        p = previous[m]
        value = (row[m] ^ ((p ^ (p >> _SHIFT)) * _UNMIX)) - index
        row[m] = value
        previous[m] = value


@numba.njit(cache=True)
def _seed_chunk(seeds: Any, playings: Any, base: Any, mt: Any) -> None:
    """CPython's ``random.seed(n)`` for each match of the chunk: ``mt[:, m]`` (624 words,
    uint32: the products wrap as C's unsigned ints do)."""
    count = len(seeds)
    first = np.empty(count, np.uint32)
    second = np.empty(count, np.uint32)
    previous = np.empty(count, np.uint32)
    highs = np.empty(count, np.uint32)
    lows = np.empty(count, np.uint32)
    _seed_words(seeds, playings, highs, lows)
    for m in range(count):
        high, low = highs[m], lows[m]
        first[m] = low  # init_by_array's key: the 64-bit number's words, low word first
        # key[1] + 1 on odd steps with two words; one word (high == 0): key[0] + 0 always.
        second[m] = low if high == 0 else np.uint32(high + np.uint32(1))
        previous[m] = base[0]
    for i in range(N):
        mt[i, :] = base[i]
    i = 1
    for k in range(2 * N - 1):
        if k < N:
            _mix(mt[i, :count], previous, second if k & 1 else first)
        else:
            _unmix(mt[i, :count], previous, np.uint32(i))
        i += 1
        if i >= N:
            for m in range(count):
                mt[0, m] = mt[N - 1, m]
            i = 1
    mt[0, :] = 0x80000000


@numba.njit(cache=True, inline="always")
def _next_word(mt: Any, m: int, position: int) -> int:
    """The twister's output number ``position``, made in place in output order (as
    CPython's whole-array twist makes it)."""
    k = position % N
    y = (mt[k, m] & 0x80000000) | (mt[(k + 1) % N, m] & 0x7FFFFFFF)
    value = mt[(k + 397) % N, m] ^ (y >> 1)
    if y & 1:
        value ^= 0x9908B0DF
    mt[k, m] = value
    value ^= value >> 11
    value ^= (value << 7) & 0x9D2C5680
    value ^= (value << 15) & 0xEFC60000
    value ^= value >> 18
    return int(value & M32)


_UPPER = np.uint32(0x80000000)
_LOWER = np.uint32(0x7FFFFFFF)
_MATRIX = np.uint32(0x9908B0DF)


@numba.njit(cache=True)
def _twist_row(row: Any, following: Any, far: Any, out: Any) -> None:
    """One output word of every match of the chunk (the twist of word ``k`` from rows ``k``,
    ``k + 1`` and ``k + 397``, tempered into ``out``)."""
    for m in range(len(row)):
        y = (row[m] & _UPPER) | (following[m] & _LOWER)
        odd = np.uint32(0) - (y & np.uint32(1))  # all ones when y is odd
        value = np.uint32(far[m] ^ (y >> np.uint32(1)) ^ odd & _MATRIX)
        row[m] = value
        value ^= value >> np.uint32(11)
        value ^= np.uint32(value << np.uint32(7)) & np.uint32(0x9D2C5680)
        value ^= np.uint32(value << np.uint32(15)) & np.uint32(0xEFC60000)
        value ^= value >> np.uint32(18)
        out[m] = value


@numba.njit(cache=True)
def _twist_chunk(mt: Any, words: Any) -> None:
    """The first ``len(words)`` outputs of every twister of the chunk, side by side (the
    twist in place, in output order, as CPython makes it)."""
    for k in range(len(words)):
        _twist_row(mt[k], mt[(k + 1) % N], mt[(k + 397) % N], words[k])


@numba.njit(cache=True)
def _shuffle(items: Any, words: Any, mt: Any, m: int, position: int) -> int:
    """``random.shuffle(items)`` with match ``m``'s outputs (``words`` made ahead, the
    twister itself after them); the next output's position."""
    made = len(words)
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        shift = 32
        while n >> (32 - shift):
            shift -= 1
        while True:
            word = words[position, m] if position < made else _next_word(mt, m, position)
            r = word >> shift
            position += 1
            if r < n:
                break
        items[i], items[r] = items[r], items[i]
    return position


@numba.njit(cache=True)
def _deal_chunk(
    seeds: Any, playings: Any, galaxies: int, planets: int, base: Any, worths: Any, values: Any
) -> None:
    count = len(seeds)
    mt = np.empty((N, count), np.uint32)
    _seed_chunk(seeds, playings, base, mt)
    draws = 2 * (galaxies - 1) + 2 * galaxies * (planets - 1)
    words = np.empty((min(N, 2 * draws + 16), count), np.uint32)
    _twist_chunk(mt, words)
    order = np.empty(galaxies, np.int64)
    drawn_values = np.empty(galaxies, np.int64)
    planet_orders = np.empty((galaxies, planets), np.int64)
    drawn_worths = np.empty((galaxies, planets), np.int64)
    for m in range(count):
        for g in range(galaxies):
            order[g] = g
            drawn_values[g] = g + 1
        position = _shuffle(order, words, mt, m, 0)
        position = _shuffle(drawn_values, words, mt, m, position)
        for g in range(galaxies):
            for p in range(planets):
                planet_orders[g, p] = p
                drawn_worths[g, p] = p + 1
            position = _shuffle(planet_orders[g], words, mt, m, position)
            position = _shuffle(drawn_worths[g], words, mt, m, position)
        for bout in range(galaxies):
            galaxy = order[bout]
            values[m, bout] = drawn_values[galaxy]
            for r in range(planets):
                worths[m, bout * planets + r] = drawn_worths[galaxy, planet_orders[galaxy, r]]


@numba.njit(cache=True)
def _deal_into(
    seeds: Any, playings: Any, galaxies: int, planets: int, base: Any, worths: Any, values: Any
) -> None:
    for start in range(0, len(seeds), CHUNK):
        end = min(start + CHUNK, len(seeds))
        _deal_chunk(
            seeds[start:end],
            playings[start:end],
            galaxies,
            planets,
            base,
            worths[start:end],
            values[start:end],
        )


def draw_deals(seeds: Any, playings: Any, galaxies: int, planets: int) -> tuple[Any, Any]:
    """As ``batch_deal.draw_deals``: per match the worth of each round in round order and
    the strategic value of each bout's galaxy in bout order."""
    n = len(seeds)
    worths = np.empty((n, galaxies * planets), np.int16)
    values = np.empty((n, galaxies), np.int16)
    _deal_into(
        np.asarray(seeds, np.int64),
        np.asarray(playings, np.int64),
        galaxies,
        planets,
        _BASE,
        worths,
        values,
    )
    return worths, values


@numba.njit(cache=True)
def _play_round(m: int, actions: Any, fleets: Any, planets: int, destroyed: Any, sent: Any) -> None:
    """GO2/GO3 for match ``m``: the fleets sent (0 for a timeout) into ``sent``."""
    for seat in range(2):
        size = actions[m, seat] + 1
        if 1 <= size <= planets and fleets[m, seat, size] > 0:
            sent[seat] = size
            fleets[m, seat, size] -= 1
        else:
            sent[seat] = 0
            largest = planets
            while largest > 0 and fleets[m, seat, largest] == 0:
                largest -= 1
            fleets[m, seat, largest] -= 1
            destroyed[m, seat] += 1


@numba.njit(cache=True)
def step(
    actions: Any,
    state: tuple[Any, ...],
    galaxies: int,
    planets: int,
    max_replays: int,
    base: Any,
    ended: Any,
) -> int:
    """One round in every match in play (``GoofspielBatch.step``); ``ended`` marks the
    matches that ended in it. Returns how many of the rounds were choices (some seat had
    two sizes or more left; OpenSpiel's own game plays the others, forced, as no node)."""
    (fleets, worths, values, round_, playing, points, strategic, destroyed, winner,
     last_points, scores, _) = state  # fmt: skip
    rounds = galaxies * planets
    sent = np.zeros(2, np.int64)
    replayed = np.zeros(len(winner), np.bool_)
    bout_ends = np.zeros(rounds + 1, np.bool_)  # rounds played -> a bout just ended
    bout_ends[planets::planets] = True
    choices = 0
    for m in range(len(winner)):
        ended[m] = False
        if winner[m] != IN_PLAY:
            continue
        left = rounds - round_[m]  # fleets left per seat: one is sent (or lost) per round
        if left > 1:
            choices += galaxies == 1 or _is_choice(fleets, m, planets)
        _play_round(m, actions, fleets, planets, destroyed, sent)
        worth = worths[m, round_[m]]
        if sent[0] > sent[1]:
            points[m, 0] += worth
        elif sent[1] > sent[0]:
            points[m, 1] += worth
        round_[m] += 1
        if not bout_ends[round_[m]]:
            continue
        value = values[m, round_[m] // planets - 1]
        if points[m, 0] > points[m, 1]:
            strategic[m, 0] += value
        elif points[m, 1] > points[m, 0]:
            strategic[m, 1] += value
        last_points[m, 0], last_points[m, 1] = points[m, 0], points[m, 1]
        points[m, 0] = points[m, 1] = 0
        if round_[m] < rounds:
            continue
        shown = last_points if galaxies == 1 else strategic
        scores[m, 0], scores[m, 1] = shown[m, 0], shown[m, 1]
        if strategic[m, 0] != strategic[m, 1]:
            winner[m] = 0 if strategic[m, 0] > strategic[m, 1] else 1
            ended[m] = True
        elif playing[m] >= max_replays:
            winner[m] = DRAW
            ended[m] = True
        else:
            playing[m] += 1
            replayed[m] = True
    again = np.flatnonzero(replayed)
    if len(again):
        begin_playings(again, state, galaxies, planets, base)
    return choices


@numba.njit(cache=True)
def _is_choice(fleets: Any, m: int, planets: int) -> bool:
    """Whether a seat of match ``m`` has two sizes or more left."""
    sizes = 0
    for size in range(1, planets + 1):
        sizes += (fleets[m, 0, size] > 0) + np.int64(fleets[m, 1, size] > 0) * 64
    return sizes % 64 > 1 or sizes // 64 > 1


@numba.njit(cache=True)
def begin_playings(
    which: Any, state: tuple[Any, ...], galaxies: int, planets: int, base: Any
) -> None:
    """Fresh fleets and the deal of the current playing (GO4) for the matches ``which``."""
    (fleets, worths, values, round_, playing, points, strategic, destroyed, _, _, _,
     seeds) = state  # fmt: skip
    dealt_worths = np.empty((len(which), galaxies * planets), np.int16)
    dealt_values = np.empty((len(which), galaxies), np.int16)
    _deal_into(seeds[which], playing[which].astype(np.int64), galaxies, planets, base,
               dealt_worths, dealt_values)  # fmt: skip
    for row in range(len(which)):
        m = which[row]
        for seat in range(2):
            fleets[m, seat, 0] = 0
            for size in range(1, planets + 1):
                fleets[m, seat, size] = galaxies
            points[m, seat] = 0
            strategic[m, seat] = 0
            destroyed[m, seat] = 0
        round_[m] = 0
        worths[m, :] = dealt_worths[row]
        values[m, :] = dealt_values[row]


@numba.njit(cache=True)
def random_actions(fleets: Any, winner: Any, planets: int, generator: Any, out: Any) -> None:
    """A uniformly random remaining fleet size (as an index) per seat of every match in play
    (-1 elsewhere); ``generator`` is one xorshift64* state, advanced in place."""
    x = generator[0]
    choices = np.empty(planets, np.int64)
    for m in range(len(winner)):
        for seat in range(2):
            out[m, seat] = -1
            if winner[m] != IN_PLAY:
                continue
            count = 0
            for size in range(1, planets + 1):  # branch-free: the sizes left, in order
                choices[count] = size - 1
                count += fleets[m, seat, size] > 0
            x ^= x >> np.uint64(12)
            x ^= x << np.uint64(25)
            x ^= x >> np.uint64(27)
            drawn = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)
            out[m, seat] = choices[np.int64((drawn * np.uint64(count)) >> np.uint64(32))]
    generator[0] = x


def base() -> Any:
    """``init_genrand(19650218)``: the twister's state every seeding starts from."""
    return _BASE
