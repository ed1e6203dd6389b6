"""``python -m duelhost``: the same as the ``duelhost`` command."""

from duelhost.cli import main

main()
