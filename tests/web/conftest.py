"""The page's UI imports the engine's protocol module as ``protocol`` (the site's build
copies ``canasta/protocol.py`` from the wheel next to the UI modules): on CPython the
tests give it the same module under that name."""

import sys

import canasta.protocol

sys.modules.setdefault("protocol", canasta.protocol)
