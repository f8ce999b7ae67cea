"""Which cards may be discarded (RULES.md 3 "Discarding", seed 001).

Classic lets any card in hand be discarded. Modern American narrows it, each restriction
a rule parameter, applied in this order, each one only while it leaves a card to discard:

1. ``undiscardable`` kinds (every 3) are never discarded;
2. with ``wild_discard_only_going_out``, wild cards only from a hand of wild cards alone
   (the last card, which goes out, is always allowed);
3. on an empty pile, ``empty_pile_barred_ranks`` (Aces, 7s) only by a player with no
   other natural card;
4. a closed rank (``close_rank_after_natural_canasta``) only if nothing else is allowed.

A hand always keeps a card it may discard (the restrictions yield rather than leave the
player without a move; seed 001 says so for closed ranks, and the deal lays every 3, so
the others never empty the choice in play).
"""

from __future__ import annotations

from .cards import NATURAL_RANKS, Card
from .errors import IllegalAction
from .placement import closed_ranks
from .state import HandState


def allowed_kinds(state: HandState) -> frozenset[str] | None:
    """The card kinds the player in turn may discard now; None: any card."""
    r = state.rules
    hand = state.hands[state.turn]
    if len(hand) <= 1:
        return None  # the last card goes out (checked by play: the side may go out)
    if not (r.undiscardable or r.wild_discard_only_going_out or r.empty_pile_barred_ranks
            or r.close_rank_after_natural_canasta):
        return None
    kinds = {c.kind for c in hand}
    allowed = _narrow(kinds, {k for k in kinds if k not in r.undiscardable})
    if r.wild_discard_only_going_out:
        allowed = _narrow(allowed, {k for k in allowed if k not in ("2", "JK")})
    barred = r.empty_pile_barred_ranks
    if barred and not state.discard:
        allowed = _narrow(allowed, {k for k in allowed if k not in barred}, only_if_natural=True)
    closed = closed_ranks(r, state.melds)
    if closed:
        allowed = _narrow(allowed, {k for k in allowed if k not in closed})
    return frozenset(allowed)


def _narrow(allowed: set[str], narrower: set[str], only_if_natural: bool = False) -> set[str]:
    """``narrower`` if it leaves a card (with ``only_if_natural``: a natural card), else ``allowed``."""
    if only_if_natural:
        return narrower if any(k in NATURAL_RANKS for k in narrower) else allowed
    return narrower if narrower else allowed


def discard_refusal(state: HandState, card: Card) -> IllegalAction | None:
    """Why ``card`` may not be discarded now (RULES.md 3), or None."""
    allowed = allowed_kinds(state)
    if allowed is None or card.kind in allowed:
        return None
    r = state.rules
    k = card.kind
    if k in r.undiscardable:
        return IllegalAction("discard_three", f"{card.text} may never be discarded", card=card.text)
    if card.wild and r.wild_discard_only_going_out:
        return IllegalAction("discard_wild", "wild cards are discarded only to go out or from a hand of wild cards",
                             card=card.text)
    if k in r.empty_pile_barred_ranks and not state.discard:
        return IllegalAction("discard_on_empty_pile", f"{card.rank}s go on an empty pile only with no other "
                             "natural card in hand", card=card.text)
    return IllegalAction("discard_closed_rank", f"{card.rank}s are closed: discard another card", card=card.text)
