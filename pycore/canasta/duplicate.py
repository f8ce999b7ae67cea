"""Duplicate results (issue 41): what the expert scores with a player's cards, and the
deal of the day.

Bridge clubs compare a pair's result with what others made of the same cards. Here the
other result is the expert bot's: :func:`expert_result` plays the hand a game's options
deal (the seed, the ``start`` hand and scores: ``host`` options) with the expert in the
player's seat and the same bots around it, and returns the hand's score. It is
deterministic: the expert gets no think-time cap (its budget alone decides, the same way
on every machine) and every bot decision is seeded from the game's seed, the seat, the
hand and the step (``host._bot_seed``), so two devices get the same figure for a deal.
The page runs it in a second engine worker while the player plays (web/ui_deal.py).

:func:`daily_seed` turns a date into the seed of the deal of the day: a fixed hash of
the date's text, never the clock (the page passes its own local date).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from .errors import CanastaError
from .host import Host, HostError
from .limits import loads
from .protocol import error_reply, ok_reply

#: The deal of the day's date: ``YYYY-MM-DD`` (checked as a calendar date too).
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
#: Seeds the page's URL parameters accept (``?seed``: at most 15 digits), so the deal of
#: the day is a seed like any other: 2**48 - 1 fits.
DAILY_SEED_BITS = 48
#: More actions than any hand has (a bug, never a real hand, would loop otherwise).
MAX_HAND_ACTIONS = 5000
_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def daily_seed(date: str) -> int:
    """The seed of ``date``'s deal: the first 48 bits of sha256("canasta-daily/<date>").
    Raises HostError("bad_request") for a text that is not a date."""
    m = DATE.match(date) if isinstance(date, str) else None
    if m is None:
        raise HostError("bad_request", "a date is written YYYY-MM-DD", field="date")
    year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= month <= 12 or not 1 <= day <= (_DAYS[month - 1] - (month == 2 and not leap)):
        raise HostError("bad_request", f"{date} is not a day of the calendar", field="date")
    digest = hashlib.sha256(f"canasta-daily/{date}".encode()).digest()
    return int.from_bytes(digest, "big") >> (256 - DAILY_SEED_BITS)


def daily(date: str) -> str:
    """:func:`daily_seed` as the worker's JSON: ``{"ok": true, "date", "seed"}``."""
    try:
        return _reply({"date": date, "seed": daily_seed(date)})
    except CanastaError as e:
        return _error(e)


def _reply(data: dict[str, Any]) -> str:
    return json.dumps(ok_reply(data), separators=(",", ":"))


def _error(e: CanastaError) -> str:
    return json.dumps(error_reply(e.code, e.message, {k: v for k, v in e.params.items()
                                                     if isinstance(v, (str, int, float, bool))}))


def expert_result(options: str, seat: int) -> str:
    """Play the first hand the ``options`` (``host.new_game``'s JSON) deal with the
    expert in ``seat`` and the options' bots elsewhere: ``{"ok": true, "seat", "side",
    "hand", "totals": [each side's hand total], "score": the seat's side's total,
    "against": the best other side's}``, or the host's error. Never raises."""
    try:
        data = loads(options, "bad_options", "the options", "bad_options")
        if not isinstance(data, dict) or isinstance(seat, bool) or not isinstance(seat, int):
            raise HostError("bad_request", "expert_result takes the options object and a seat number")
        # The player's think cap is for a player waiting; here nobody waits, and without
        # it the figure is the same on every machine.
        play = {k: v for k, v in data.items() if k != "expert_think_ms"}
        play["humans"] = []
        host = Host()
        snap = json.loads(host.new_game(json.dumps(play)))  # the options checked, the table known
        if not snap.get("ok"):
            return json.dumps(snap)
        if not 0 <= seat < snap["table"]["players"]:
            raise HostError("bad_seat", f"no seat {seat} at this table", seat=seat)
        play["bots"] = {**snap["options"].get("bots", {}), str(seat): "expert"}
        snap = json.loads(host.new_game(json.dumps(play)))
        hand = snap["view"]["hand_number"]
        for _ in range(MAX_HAND_ACTIONS):
            if snap.get("hand_over"):
                break
            out = json.loads(host.bot_step())
            if not out.get("ok"):
                return json.dumps(out)
            snap = out["snapshot"]
        else:
            raise HostError("internal_error", f"the hand did not end in {MAX_HAND_ACTIONS} actions")
        sides = len(snap["last_hand"])
        totals = [0] * sides
        for line in snap["last_hand"]:
            totals[line["side"]] = line["total"]
        side = seat % sides
        against = max(t for s, t in enumerate(totals) if s != side)
        return _reply({"seat": seat, "side": side, "hand": hand, "totals": totals, "score": totals[side],
                       "against": against})
    except CanastaError as e:
        return _error(e)
