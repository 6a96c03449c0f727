"""The suite reads English unless a test asks for a language (``--lang``, or an environment of
its own): the machine's LANG must not change what the tests see. LANGUAGE names the language
of messages only (LC_CTYPE, so UTF-8 in tmux, is left as it is)."""

from __future__ import annotations

import os

os.environ["LANGUAGE"] = "en"
