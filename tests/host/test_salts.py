"""Submission salts drawn from the OS in batches (``duelhost.host.salts``)."""

from __future__ import annotations

import os
import re

import pytest

from duelhost.host import salts


def test_salts_are_32_hex_digits_cut_from_batches_each_used_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[int] = []

    def urandom(n: int) -> bytes:
        reads.append(n)
        return bytes((len(reads) * 64 + i) % 256 for i in range(n))  # 64, 65, ... then 128...

    monkeypatch.setattr(salts.os, "urandom", urandom)
    source = salts.Salts(batch=2)
    drawn = [source.draw() for _ in range(5)]
    # Five salts from batches of two: three reads of 32 bytes, none of a byte used twice.
    assert reads == [32, 32, 32]
    assert all(re.fullmatch(r"[0-9a-f]{32}", salt) for salt in drawn)
    assert len(set(drawn)) == 5
    assert drawn[0] == bytes(range(64, 80)).hex() and drawn[1] == bytes(range(80, 96)).hex()


def test_a_forked_process_draws_a_batch_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    source = salts.Salts(batch=4)
    source.draw()
    reads: list[int] = []
    real = os.urandom
    monkeypatch.setattr(salts.os, "urandom", lambda n: reads.append(n) or real(n))
    monkeypatch.setattr(salts.os, "getpid", lambda: -1)  # another process now
    source.draw()
    assert reads == [64]
