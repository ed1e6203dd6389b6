"""A real ``duelhost serve`` process on a free loopback port and a temporary SQLite file,
for the tests that need the whole server (restart, browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
BOOT = (
    "from tests.host.toy import register_toys; register_toys(); "
    "from duelhost.cli import main; main()"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(
        self, db: str, port: int, extra: tuple[str, ...] = (), paths: tuple[str, ...] = ()
    ) -> None:
        """``paths``: more folders on the server's import path (an installed plugin game)."""
        self.url = f"http://127.0.0.1:{port}"
        # The server's output goes to a file, not a pipe nobody reads (a full pipe would
        # block the server); ``output()`` shows it when a test fails.
        self.log = tempfile.NamedTemporaryFile(prefix="duelhost-serve-", suffix=".log")  # noqa: SIM115 (closed in kill)
        self.process = subprocess.Popen(
            [sys.executable, "-c", BOOT, "serve", "--port", str(port), "--db", db, *extra],
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            # src first: the checkout under test, not whatever duelhost is installed
            env={
                **os.environ,
                "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT), *paths]),
            },
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start within 60 s")

    def output(self) -> str:
        """What the server has printed so far (its last 4,000 characters)."""
        return Path(self.log.name).read_text(errors="replace")[-4000:]

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.log.close()
