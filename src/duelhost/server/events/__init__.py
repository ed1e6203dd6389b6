"""The server side of events (issue 31): stored events, their directors, the host's actions and
what the routes answer. The pure core (formats, pairings, standings, the record, the verifier)
is ``duelhost.events``; this package never names a game.
"""
