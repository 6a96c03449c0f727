"""The suite reads English unless a test asks for a language (``--lang``, or an environment of
its own): the machine's LANG must not change what the tests see. LANGUAGE names the language
of messages only (LC_CTYPE, so UTF-8 in tmux, is left as it is).

Hypothesis keeps no deadline: an example's time says how busy the machine is (one took 376 ms
at a load of 6 where it takes 5 ms), and speed is the benchmarks' to measure, not the tests'."""

from __future__ import annotations

import os

from hypothesis import settings

os.environ["LANGUAGE"] = "en"
settings.register_profile("rulebook", deadline=None)
settings.load_profile("rulebook")
