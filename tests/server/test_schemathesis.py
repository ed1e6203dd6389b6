"""A schemathesis run over the saved OpenAPI schema: no generated request may get a 5xx.

Needs the ``schemathesis`` package (in the ``test`` extra; skipped with the reason when absent).
It runs on SQLite only: the schema is built at import, before any fixture, and what it checks
(answers' shapes and statuses) does not depend on the backend, which every other server test
covers on both."""

from __future__ import annotations

from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, settings  # noqa: E402

from duelhost.server import create_app  # noqa: E402
from duelhost.store import Store  # noqa: E402
from tests.server.conftest import GENEROUS  # noqa: E402

DB = Path(__import__("tempfile").mkdtemp()) / "schemathesis.sqlite3"
APP = create_app(store=Store(f"sqlite:///{DB}"), settings=GENEROUS)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
TIMEOUT = 60.0
"""Seconds an answer may take (schemathesis's default is 10): a password's hashing runs on one
low-priority thread, which a loaded 2-core machine starves for longer (a ReadTimeout was seen
at load 14). No route streams, so no call waits for it."""


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: schemathesis.Case) -> None:
    response = case.call(timeout=TIMEOUT)
    assert response.status_code < 500, f"{case.method} {case.path}: {response.text}"


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_answers_conform_to_the_schema(case: schemathesis.Case) -> None:
    """Status codes, content types and bodies as documented. Requests that fit the schema may
    still be refused (an unknown game name, a match id that does not exist): the games are
    registered at run time, so the schema cannot list them."""
    case.call_and_validate(
        excluded_checks=[schemathesis.checks.positive_data_acceptance], timeout=TIMEOUT
    )
