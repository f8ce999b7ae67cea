"""Replays of finished hands (issue 41, "Replays"): one hand of a game's record, move by
move, with every hand open.

:func:`hand_frames` plays the record (``Game.from_record``: the same record a save
holds) up to the deal of the hand asked for, then plays that hand's actions one by one.
Each frame is a still in the host's snapshot shape (``examples.snapshot``: nobody acts
on it) seen from ``seat``, with every other seat's hand in ``shown_hands``, the move just
made as the log keeps it (``records.move_entry``; none for the deal) and, at the last
frame, the hand's score sheet (``last_hand``). Every hand is shown, which the views
never allow during play: a replay is only of a hand that is over (RULES.md 2 "Scoring":
the cards left in the hands are shown and counted then), so an unfinished hand is
refused (``hand_in_progress``). A record that cannot be replayed is refused with
``bad_record`` (or ``record_version``) and a hand the record does not hold with
``no_such_hand``.
"""

from __future__ import annotations

from typing import Any

from .actions import parse_action
from .errors import CanastaError, IllegalAction, NotationError, echo
from .examples import snapshot
from .game import Game
from .limits import check_data, loads
from .records import move_entry


def _hand_number(data: dict[str, Any], hand: Any) -> int:
    """``hand`` (from 1) checked against the record's hands."""
    hands = data.get("hands")
    count = len(hands) if isinstance(hands, list) else 0
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= count:
        raise NotationError("no_such_hand", f"hand {echo(hand)}: the record holds hands 1 to {count}",
                            hand=echo(hand), hands=count)
    return hand


def hand_frames(data: Any, hand: int, seat: int = 0) -> dict[str, Any]:
    """The frames of hand ``hand`` (from 1) of the record ``data`` (its JSON text or the
    parsed object), seen from ``seat`` with every hand open:
    ``{"hand", "hands", "seat", "frames", "sheet", "scores"}``. ``hands`` is how many
    hands the record holds, ``sheet`` the hand's score lines per side and ``scores``
    the game's scores after it. Each frame is ``{"snapshot", "move"}`` (``move``: the
    log entry of the action just played, None for the deal)."""
    if isinstance(data, str):
        data = loads(data, "bad_record", "record")
    else:
        check_data(data, "bad_record", "record")
    whole = Game.from_record(data)  # the whole record is checked, not only the hand shown
    n = _hand_number(data, hand)
    if n == len(whole.hand_actions) and not whole.hand_over:
        raise IllegalAction("hand_in_progress", f"hand {n} is not over: only a finished hand is replayed", hand=n)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < whole.rules.players:
        raise NotationError("bad_record", f"seat {echo(seat)} is not a seat of this table", seat=echo(seat))
    game = Game.from_record({**data, "hands": data["hands"][:n - 1] + [[]]})
    everyone = tuple(range(game.rules.players))
    frames = [_frame(game, seat, everyone, None)]
    for text in data["hands"][n - 1]:
        action = parse_action(text)  # Game.from_record read every one of them already
        entry = move_entry(game.state, action, game.hand_number)  # a shared deal's game counts from its seed's
        try:
            game.apply(action)
        except CanastaError as e:  # cannot happen after from_record: said, never raised past the host
            raise NotationError("bad_record", f"hand {n}: {e.message}", hand=n) from None
        frames.append(_frame(game, seat, everyone, entry))
    return {"hand": n, "hands": len(data["hands"]), "seat": seat, "frames": frames,
            "sheet": [s.to_dict() for s in game.results[-1]], "scores": list(game.scores)}


def _frame(game: Game, seat: int, everyone: tuple[int, ...], entry: dict[str, Any] | None) -> dict[str, Any]:
    """One still of the hand: the snapshot with every hand open, the hand's number and
    the game's score before it, and the move just made as the snapshot's one log entry
    (so the table marks it as a seat's latest turn)."""
    moves = len(game.hand_actions[-1])
    snap = snapshot(game.state, seat, moves, everyone)
    snap["view"]["hand_number"] = game.hand_number
    snap["view"]["target"] = game.target
    snap["log"] = [entry] if entry is not None else []
    return {"snapshot": snap, "move": entry}
