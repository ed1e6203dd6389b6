"""The shared quoting of input in error messages (issue 16: no error echoes a whole input)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhost.core.errors import QUOTE_LIMIT, quote, quote_value, shorten


def test_short_text_is_quoted_whole() -> None:
    assert quote("C3-C6") == "'C3-C6'"
    assert quote("") == "''"


def test_text_at_the_limit_is_whole_and_one_more_is_cut() -> None:
    assert QUOTE_LIMIT == 60
    assert quote("a" * 60) == "'" + "a" * 60 + "'"
    assert quote("a" * 61) == "'" + "a" * 59 + "…'"
    assert quote("abcdef", limit=4) == "'abc…'"
    assert quote("abcd", limit=4) == "'abcd'"


def test_a_megabyte_comes_back_as_sixty_characters() -> None:
    quoted = quote("x" * 1_000_000)
    assert len(quoted) == 62  # 60 characters and the two quotes


def test_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        quote("abc", limit=0)


@given(st.text(), st.integers(min_value=1, max_value=100))
def test_quote_never_exceeds_the_limit_and_keeps_a_prefix(text: str, limit: int) -> None:
    quoted = quote(text, limit)
    inner = quoted[1:-1]
    assert quoted[0] == quoted[-1] == "'"
    assert len(inner) <= limit
    if len(text) <= limit:
        assert inner == text
    else:
        assert inner == text[: limit - 1] + "…"


def test_shorten_cuts_without_quotes() -> None:
    assert shorten("abc") == "abc"
    assert shorten("abcdef", limit=3) == "ab…"


def test_quote_value_quotes_strings_and_shows_other_values_by_repr() -> None:
    assert quote_value("seven") == "'seven'"
    assert quote_value(7) == "7"
    assert quote_value(None) == "None"
    assert quote_value([1, 2]) == "[1, 2]"
    big = {"planets": ["A1"] * 200_000}
    shown = quote_value(big)
    assert len(shown) == 60 and shown.startswith("{'planets': ['A1', ") and shown.endswith("…")
