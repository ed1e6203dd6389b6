"""The saved OpenAPI schema (docs/openapi.json) is the one the server serves."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from duelhost.server.schema import schema_text

SAVED = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"


def test_saved_schema_is_up_to_date() -> None:
    assert SAVED.read_text(encoding="utf-8") == schema_text(), (
        "docs/openapi.json is stale: python -m duelhost.server.schema > docs/openapi.json"
    )


def test_served_schema_has_the_contract_routes(client: TestClient) -> None:
    served = client.get("/openapi.json").json()
    assert json.loads(schema_text()) == served
    paths = served["paths"]
    assert "post" in paths["/api/matches"] and "get" in paths["/api/matches"]
    assert "get" in paths["/api/matches/{match_id}"]
    assert "post" in paths["/api/matches/{match_id}/submissions"]
    assert "get" in paths["/api/matches/{match_id}/record"]
    assert "post" in paths["/api/matches/{match_id}/resign"]
    assert "post" in paths["/api/matches/{match_id}/seats/{seat}/reissue"]
