"""What one seat may see (DESIGN.md convention 6): a pure projection of the state.

A view holds the seat's own hand and only public facts: every meld and bonus three on the
table, the discard pile (every card in it was seen face up when it was discarded or
turned), card counts of the other hands, the stock's size, scores and the turn. It never
holds another player's card or a stock card.
"""

from __future__ import annotations

from typing import Any

from .variants import overrides_of
from .state import ANSWER_PHASE, HandState, Phase


def view(state: HandState, seat: int) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat``."""
    r = state.rules
    if not 0 <= seat < r.players:
        raise ValueError(f"seat {seat} out of range")
    side = seat % r.sides
    top = state.discard[-1] if state.discard else None
    return {
        "variant": r.name,
        "players": r.players,
        "rules": overrides_of(r),
        "sides": r.sides,
        "seat": seat,
        "side": side,
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "hand": [c.text for c in state.hands[seat]],
        "hand_counts": [len(h) for h in state.hands],
        "melds": [[[c.text for c in m.cards] for m in ms] for ms in state.melds],
        # group, sequence or black_threes per meld (derivable from the cards; given for the UI)
        "meld_kinds": [[m.kind.value for m in ms] for ms in state.melds],
        "draw_count": r.draw_count,
        "canastas": [state.canastas(s) for s in range(r.sides)],
        "red_threes": [[c.text for c in t] for t in state.threes],
        "discard": [c.text for c in state.discard],
        "discard_top": top.text if top else None,
        "pile_size": len(state.discard),
        "pile_frozen": state.frozen_for_all(),
        "pile_frozen_for_side": [state.frozen_for(s) for s in range(r.sides)],
        "pile_blocked": bool(top and (top.wild or top.three)),
        "stock_size": len(state.stock),
        "scores": list(state.scores),
        "initial_minimums": [state.initial_minimum(s) for s in range(r.sides)],
        "melded_this_hand": list(state.melded),
        "asker": state.asker if state.phase is ANSWER_PHASE else -1,
        "permission": state.permission,
        "ending": state.ending.value,
        "out_seat": state.out_seat,
        "concealed": state.concealed,
        # Ranks nobody may meld (RULES.md 3): derivable from the melds, given for the UI.
        "closed_ranks": sorted(state.closed_ranks()),
        "played": list(state.played),
        # The turn in progress, as every seat saw it (RULES.md 2 "Going out": what makes a
        # going out concealed, what may still be asked): public facts, for search bots
        # that rebuild a position from the view.
        "asked": list(state.asked),
        "fresh": state.fresh,
        "took_pile": state.took_pile,
        "acted": state.acted,
        "old_melds": state.old_melds,
        "touched_old": state.touched_old,
        # Per side, the canastas laid whole (D7's bonus): seen as they were laid.
        "whole_canastas": [[i for i, m in enumerate(ms) if m.whole and m.is_canasta(r)] for ms in state.melds],
    }
