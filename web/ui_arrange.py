# The hand "as arranged" (issue 40, "hand and eye": the third order setting). The engine's
# hand is a multiset in its own order; the player's arrangement is a list of card codes
# the UI keeps with the game (ui_store, per game seed) and lays over the engine's hand.
# Pure Python for MicroPython (the page) and CPython (tests/web); no rule is decided here.


def positions(hand, arranged):
    """The hand's positions in the player's order: each code of ``arranged`` takes the
    first copy of that card not yet placed; the cards it does not name (just drawn or
    taken) follow at the right end, in the engine's order. Codes no longer in the hand
    (melded, discarded) are skipped."""
    placed = [False] * len(hand)
    out = []
    for code in arranged or []:
        for i in range(len(hand)):
            if not placed[i] and hand[i] == code:
                placed[i] = True
                out.append(i)
                break
    for i in range(len(hand)):
        if not placed[i]:
            out.append(i)
    return out


def shift(hand, arranged, at, step):
    """The player moved the card shown at place ``at`` by ``step`` places (-1 left, +1
    right, Shift and an arrow): see move_to."""
    return move_to(hand, arranged, at, at + step)


def move_to(hand, arranged, at, to):
    """The card shown at place ``at`` moved to place ``to`` (an arrow, or a drag onto
    another card of the hand): (the new arrangement as codes, the place it is shown at
    now). It stops at both ends; a place that is not in the hand moves nothing."""
    order = [hand[i] for i in positions(hand, arranged)]
    if not order or at < 0 or at >= len(order):
        return order, at
    to = min(len(order) - 1, max(0, to))
    card = order.pop(at)
    order.insert(to, card)
    return order, to


def kept(stored, game):
    """The arrangement kept for ``game`` (its seed) from what ui_store read, or []: an
    arrangement of another game, or a damaged one, is not applied."""
    if not isinstance(stored, dict) or stored.get("game") != game:
        return []
    order = stored.get("order")
    if not isinstance(order, list):
        return []
    return [str(c) for c in order if isinstance(c, str)]
