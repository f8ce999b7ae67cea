"""Helpers for tests that drive canasta.host as a screen does: JSON strings in and out."""

from __future__ import annotations

import json
from typing import Any

from canasta.host import Host


def call(text: str) -> dict[str, Any]:
    """A host reply, read: always a JSON object."""
    out = json.loads(text)
    assert isinstance(out, dict)
    return out


def to_human_turn(h: Host) -> dict[str, Any]:
    """The bots play until seat 0 is to act or the hand is over; returns that snapshot."""
    snap = call(h.snapshot(0))
    while not snap["human_turn"] and not snap["hand_over"]:
        snap = call(h.bot_step())["snapshot"]
    return snap
