"""The browser client: static ES modules, one stylesheet and one HTML shell, served by
``duelhost.server.web`` and shipped in the wheel (no build step, no other host)."""
