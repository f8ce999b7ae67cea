"""Taking back a misclick: which of the hand's actions a seat may take back, and the game
without it (issue 40, "Undo for misclicks").

A seat may take back its own last action of the hand, one at a time, while it is the
hand's last action: a meld, an add, a merge or a swap of the current turn, and its
discard until the next seat acts. Never past a card that was hidden: a draw shows the
player a card of the stock, a taken pile puts its cards in the hand (RULES.md 2), so
neither, nor anything before them, is taken back. ``ask``, an answer and ``pass`` bind
(RULES.md 2 "Going out", "Stock exhausted") and end the hand once it is scored.

The game without the action is the game's record replayed without it (``Game.record``,
``Game.from_record``): the same seeded deals, so the same cards, and no second model of
the rules.
"""

from __future__ import annotations

from .actions import seat_after
from .game import Game

#: The verbs a seat may take back: they move only cards it already saw.
UNDOABLE_VERBS = frozenset({"meld", "add", "merge", "swap", "discard"})
#: The verbs that showed the seat a hidden card: nothing before them comes back.
HIDDEN_VERBS = frozenset({"draw", "take"})

#: Why nothing can be taken back (the ``reason`` of the ``nothing_to_undo`` refusal):
#: ``no_move`` the seat has played nothing this hand since the last boundary,
#: ``hidden_card`` its last action drew from the stock or took the pile, ``next_seat``
#: another seat has acted since, ``binding`` its last action was ask, an answer or pass,
#: ``hand_over`` the hand is scored.
REASONS = ("no_move", "hidden_card", "next_seat", "binding", "hand_over")


def last_actor(game: Game) -> int:
    """The seat that played the current hand's last action, or -1 when it has none. The
    hand opens left of its dealer and each action passes the turn on (``seat_after``)."""
    actions = game.hand_actions[-1]
    if not actions:
        return -1
    n, sides = game.rules.players, game.rules.sides
    seat, asker = (game.state.dealer + 1) % n, -1
    for text in actions[:-1]:
        seat, asker = seat_after(text, seat, asker, n, sides)
    return seat


def refusal(game: Game, seat: int) -> str:
    """"" when ``seat`` may take back the hand's last action, else the reason (:data:`REASONS`)."""
    if game.hand_over:
        return "hand_over"
    actions = game.hand_actions[-1]
    if not actions:
        return "no_move"
    if last_actor(game) != seat:
        return "next_seat"
    verb = actions[-1].split()[0]
    if verb in HIDDEN_VERBS:
        return "hidden_card"
    if verb not in UNDOABLE_VERBS:
        return "binding"
    return ""


def without_last(game: Game) -> Game:
    """The game replayed from its record without the current hand's last action (the
    caller checked :func:`refusal`)."""
    record = game.record()
    record["hands"][-1] = record["hands"][-1][:-1]
    return Game.from_record(record)
