"""Settings for every test: Hypothesis without its per-example deadline.

A deadline is a timed assertion; speed is measured by ``duelhost bench``, never by a test that
can fail on a busy machine. Failing examples are printed with the seed that reproduces them.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("duelhost", deadline=None, print_blob=True)
settings.load_profile("duelhost")
