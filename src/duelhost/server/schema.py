"""The OpenAPI schema of the server as saved in ``docs/openapi.json``.

Regenerate after changing a route: ``python -m duelhost.server.schema > docs/openapi.json``
(``tests/server/test_openapi.py`` fails while the saved copy is out of date).
"""

from __future__ import annotations

import json

from duelhost.server.app import create_app
from duelhost.store import Store


def schema_text() -> str:
    """The schema as indented, key-sorted JSON (no database is touched)."""
    app = create_app(store=Store("sqlite://"))
    return json.dumps(app.openapi(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
