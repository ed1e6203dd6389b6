"""Optional accounts (issue 30): names, passwords, passkeys, sessions, and the seeks and
challenges that make matches between accounts.

``names`` (the username rule), ``passwords`` (argon2id off the event loop), ``sessions`` (the
cookie, CSRF), ``ceremonies`` (passkeys: WebAuthn), ``service`` (sign-up, sign-in, deletion),
``lobby`` (the live list of seeks and each account's challenges), ``offers`` (seeks,
challenges, and the match each makes with both seats held). The HTTP routes are in
``duelhost.server.routes.accounts`` and ``duelhost.server.routes.offers``; the tables in
``duelhost.store.accounts``.
"""
