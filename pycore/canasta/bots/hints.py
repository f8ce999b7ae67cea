"""Why a suggested action is good: a reason code from a small fixed list (issue 5 "hint").

:func:`explain` reads the seat's view, its legal actions and the suggested action, and
names the plainest reason a player would give, as ``{"code", "params"}``; the UI turns
the code into one line of French or English. The codes and what they mean are
:data:`HINT_REASONS` (docs/bots.md lists them too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import ASK, Action, Add, Answer, Discard, Draw, Meld, Pass, Take
from .basic import _Facts
from .good import ending_cost, table_weights

#: Every reason code a hint can carry -> its English meaning (params in braces).
HINT_REASONS: dict[str, str] = {
    "draw_stock": "Draw from the stock: the pile is not worth taking now (or cannot be taken).",
    "take_pile_value": "Take the pile: its {cards} cards are worth it.",
    "take_pile_opening": "Take the pile: with its top card your side makes its initial meld.",
    "pass_pile": "Do not take the pile: the hand ends (the stock is empty).",
    "initial_meld": "Make your side's initial meld ({points} points).",
    "complete_canasta": "Complete a canasta of {rank}.",
    "meld_naturals": "Lay these natural cards: they build your side's melds.",
    "lay_wilds": "Lay the wild cards: on the table they bring a canasta closer and count for you, not against you.",
    "lower_hand": "Meld to cut the points left in your hand: the hand may end soon.",
    "go_out": "Go out: your side may, and the hand ends in your favour.",
    "ask_partner": "Ask your partner whether you may go out.",
    "stay_in": "Do not go out yet: your side gains more by playing on.",
    "black_three": "Discard a black 3: the next player cannot take the pile.",
    "freeze_pile": "Discard a wild card to freeze the pile: the opponents would take it.",
    "safe_discard": "Discard {card}: the next opponent is unlikely to use it.",
    "keep_pair": "Discard {card}, a single card: keep your pairs for melds.",
    "answer_yes": "Answer yes: your hand holds few points ({points}).",
    "answer_no": "Answer no: your hand holds many points ({points}); play on.",
    "answer_yes_ends_well": "Answer yes: your hand holds {points} points, but the hand ending now favours your side.",
    "answer_no_play_on": "Answer no: your hand holds few points ({points}), but your side gains more by playing on.",
    "best_play": "The search finds this the best play.",
}


def explain(view: dict[str, Any], legal: Sequence[Action], action: Action) -> dict[str, Any]:
    """The reason for suggesting ``action`` (module docstring)."""
    code, params = _reason(view, legal, action)
    return {"code": code, "params": params}


def _reason(view: dict[str, Any], legal: Sequence[Action], action: Action) -> tuple[str, dict[str, Any]]:
    f = _Facts(view)
    hand_points = f.value(f.hand)
    if isinstance(action, Answer):
        # Level 3 answers by what the hand ending now costs (good.GoodBot._answer); the
        # expert's search may answer the other way (docs/decisions.md#expert-answer).
        cheap = ending_cost(f) <= table_weights(f.rules).yes_max_points
        if action.yes:
            return ("answer_yes" if cheap else "answer_yes_ends_well"), {"points": hand_points}
        return ("answer_no_play_on" if cheap else "answer_no"), {"points": hand_points}
    if isinstance(action, Draw):
        return "draw_stock", {}
    if isinstance(action, Pass):
        return "pass_pile", {}
    if isinstance(action, Take):
        if not f.opened:
            return "take_pile_opening", {"cards": len(f.discard)}
        return "take_pile_value", {"cards": len(f.discard)}
    if action == ASK:
        return "ask_partner", {}
    cards = _cards(action)
    if isinstance(action, (Meld, Add)):
        if f.permission == "yes" or len(f.hand) - len(cards) <= 1:
            # Only a side that may go out lays down to its last card (the engine's rule).
            return "go_out", {}
        if not f.opened:
            value = f.value(cards)
            return "initial_meld", {"points": value}
        size = f.rules.canasta_size
        if isinstance(action, Add):
            i = f.meld_index(action.target)
            if 0 <= i < len(f.mine) and f.mine[i].size < size <= f.mine[i].size + len(cards):
                return "complete_canasta", {"rank": f.mine[i].rank}
        elif any(len(g) >= size for g in action.melds):
            g = next(g for g in action.melds if len(g) >= size)
            rank = next((c.rank for c in g if not c.wild), "*")
            return "complete_canasta", {"rank": rank}
        if f.end_near():
            return "lower_hand", {}
        if not any(c.wild for c in cards):
            return "meld_naturals", {}
        # Level 3 lays wild cards only to complete a canasta: an earlier lay is the
        # search's (expert.best_wild_lays).
        return "lay_wilds", {}
    if isinstance(action, Discard):
        c = action.card
        if len(f.hand) == 1 or f.permission == "yes":
            return "go_out", {}
        if ASK in legal:
            return "stay_in", {"card": c.text}
        if c.kind == "B3":
            return "black_three", {"card": c.text}
        if c.wild:
            return "freeze_pile", {"card": c.text}
        n = f.counts.get(c.kind, 0)
        dead = f.unseen(c.kind) == 0 or c.kind in f.next_discarded
        pairs = any(k != c.kind and v >= 2 and k not in _NOT_NATURAL for k, v in f.counts.items())
        if not dead and n == 1 and pairs:
            return "keep_pair", {"card": c.text}
        return "safe_discard", {"card": c.text}
    return "best_play", {}


_NOT_NATURAL = frozenset({"2", "JK", "R3", "B3"})


def _cards(action: Action) -> tuple[Any, ...]:
    if isinstance(action, Meld):
        return tuple(c for g in action.melds for c in g)
    if isinstance(action, Add):
        return action.cards
    return ()


