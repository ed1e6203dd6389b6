"""The server key: a secret kept outside the database, from which every match's secret (its
nonce key, drawn seed and seed salt) is derived, so that a backup of the database alone reveals
no pending submission's nonce and no drawn seed.

The key is 32 random bytes in hex in a file created (mode 0600) on the server's first start.
``duelhost serve --key-file PATH`` chooses the file; by default it sits beside a SQLite database
(``duelhost.sqlite3`` -> ``duelhost.key``), or in ``$XDG_DATA_HOME/duelhost/server.key``
(``~/.local/share/duelhost/server.key``) for other databases. Losing the file loses nothing
stored, but the nonces of submissions not yet revealed can no longer be published: keep it with
the server, apart from database backups (docs/server.md).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from sqlalchemy.engine import make_url

from duelhost.core.errors import ConfigError

KEY_BYTES = 32


def default_key_path(db_url: str) -> Path:
    """Beside a SQLite database file; else in the user's data folder."""
    url = make_url(db_url)
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return Path(str(url.database)).with_suffix(".key")
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "duelhost" / "server.key"


def load_or_create(path: Path) -> bytes:
    """The key in ``path``, created there first if the file does not exist."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process created it first: read theirs
        else:
            with os.fdopen(descriptor, "w", encoding="ascii") as file:
                file.write(secrets.token_hex(KEY_BYTES) + "\n")
    try:
        text = path.read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError) as error:
        raise ConfigError(f"cannot read the server key {path}: {error}") from None
    if len(key) != KEY_BYTES:
        raise ConfigError(f"the server key {path} must hold {KEY_BYTES} bytes in hex")
    return key


def match_key(server_key: bytes, stored_secret: bytes) -> bytes:
    """A match's secret as the host uses it: needs both the stored per-match secret and the
    server key."""
    return hmac.new(server_key, b"duelhost-nonce-key:" + stored_secret, hashlib.sha256).digest()
