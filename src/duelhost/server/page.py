"""The plain page of ``duelhost serve``: one HTML file for the lobby, each seat and spectators.

``/`` creates matches and lists them; ``/play/<id>#<token>`` is a seat's page (the token stays in
the URL fragment, which browsers never send to the server); ``/watch/<id>`` is the spectator's.
The page shows the game's text rendering of the view, the clock, an input for notation (the
server's error shown on rejection), the legal submissions when the game lists them, and the
event log, all updated live over the WebSocket (it reconnects with its last frame number).
"""

from pathlib import Path

PAGE_HTML = (Path(__file__).resolve().parent / "page.html").read_text(encoding="utf-8")
"""The page itself (``page.html`` next to this module)."""
