"""Applying an action to a hand: validate everything first, then build the new state.

``apply(state, action)`` returns a new :class:`HandState` or raises
:class:`IllegalAction` with a stable code; the given state is never changed (it is
immutable). Each rule check names its source in RULES.md.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .actions import MELD_INDICES, SHORT, Action, Add, Answer, Ask, Discard, Draw, Meld, Merge, Pass, Swap, Take
from .cards import Card, sort_cards
from .errors import IllegalAction, echo
from .discards import allowed_kinds, discard_refusal
from .goout import can_go_out
from .melds import (BLACK_THREES, GROUP, SEQUENCE, WILD, MeldKind, TableMeld, grow, meld_value, merge_groups,
                    new_group, new_meld, swap_wild)
from .placement import check_placement, closed_ranks, open_group
from .rules import AskPartner, InitialMeldCount, OpeningShape, Rules, StockOut, ThreeLastCard
from .state import ANSWER_PHASE, DRAW_PHASE, NO_ENDING, OVER_PHASE, PLAY_PHASE, STOCK_OUT, THREE_LAST, WENT_OUT, Ending, HandState, Phase

Cards = tuple[Card, ...]
_END_HAND = StockOut.END_HAND
_ONCE_AFTER_DRAW = AskPartner.ONCE_AFTER_DRAW


def apply(state: HandState, action: Action) -> HandState:
    """The state after ``action`` by the seat in turn, or raise IllegalAction."""
    handler: Callable[[HandState, Any], HandState] | None = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("unknown_action", f"not an action: {echo(action, SHORT)}", action=echo(action, SHORT))
    if state.phase is OVER_PHASE:
        raise IllegalAction("hand_over", "the hand is over", action=str(action))
    return handler(state, action)


def _phase(state: HandState, action: Action, *phases: Phase) -> None:
    if state.phase not in phases:
        raise IllegalAction("wrong_phase", f"'{action}' is not possible now (phase {state.phase.value})",
                            action=str(action), phase=state.phase.value)


def remove_from_hand(hand: Cards, cards: Cards) -> Cards:
    """``hand`` less ``cards``, or raise IllegalAction naming the missing card."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            raise IllegalAction("card_not_in_hand", f"{c.text} is not in the hand", card=c.text) from None
    return tuple(rest)


# ---------------------------------------------------------------- draw phase
def _draw(state: HandState, action: Draw) -> HandState:
    """Draw ``draw_count`` cards; bonus threes drawn are laid and replaced (RULES.md 2 "A turn")."""
    if state.phase is not DRAW_PHASE:
        _phase(state, action, DRAW_PHASE)
    r = state.rules
    stock = state.stock
    if not stock:
        raise IllegalAction("stock_empty", "the stock is empty: take the discard pile or pass")
    seat = state.turn
    bonus = r.bonus_threes
    top = stock[0]
    if r.draw_count == 1 and top.kind not in bonus:
        # The common draw (one card, not a bonus three): the loop below would do the same.
        hands = state.hands
        return state.after_draw(stock[1:], _set(hands, seat, insert_cards(hands[seat], (top,))), state.threes)
    side = seat % r.sides
    drawn: list[Card] = []
    laid: list[Card] = []
    pos = 0
    end = len(stock)
    ending = NO_ENDING
    for _ in range(r.draw_count):
        if pos == end:
            break
        c = stock[pos]
        pos += 1
        while c.kind in bonus:
            if pos == end:
                # A bonus three as the last stock card ends the hand at once (Pagat; RULES.md 3).
                ending = THREE_LAST
                break
            laid.append(c)
            c = stock[pos]
            pos += 1
        if ending is not NO_ENDING:
            (laid if r.three_last_card is ThreeLastCard.LAID else drawn).append(c)
            break
        drawn.append(c)
    hands = state.hands
    threes = _set(state.threes, side, state.threes[side] + tuple(laid)) if laid else state.threes
    hand = insert_cards(hands[seat], drawn)
    if ending is not NO_ENDING:
        return state.with_(stock=stock[pos:], hands=_set(hands, seat, hand), threes=threes, phase=OVER_PHASE,
                           ending=ending)
    return state.after_draw(stock[pos:], _set(hands, seat, hand), threes)


def insert_cards(hand: Cards, cards: list[Card] | Cards) -> Cards:
    """``hand`` (in canonical order) with ``cards`` inserted in order."""
    if len(cards) == 1:
        c = cards[0]
        i = bisect_left(hand, c.order, key=_ORDER)
        return hand[:i] + (c,) + hand[i:]
    return sort_cards(hand + tuple(cards))


_ORDER = attrgetter("order")


def _start_play(state: HandState, took_pile: bool) -> HandState:
    seat = state.turn
    return state.with_(phase=PLAY_PHASE, fresh=not state.melded[seat], took_pile=took_pile, acted=took_pile,
                       old_melds=len(state.melds[state.side]), touched_old=False, permission="")


def _pass(state: HandState, action: Pass) -> HandState:
    """Decline the pile with the stock empty: the hand ends (RULES.md 2 "Stock exhausted")."""
    _phase(state, action, DRAW_PHASE)
    if state.stock:
        raise IllegalAction("stock_not_empty", "pass is only possible once the stock is empty: draw")
    if _forced_take(state):
        raise IllegalAction("must_take_pile",
                            "the top card matches one of your side's melds: you must take the pile",
                            card=state.discard[-1].text)
    return state.with_(phase=OVER_PHASE, ending=STOCK_OUT)


def _forced_take(state: HandState) -> bool:
    """With the stock empty, the pile must be taken when its top card goes onto a meld."""
    for i in range(-1, len(state.melds[state.side])):
        try:
            _take(state, Take(target=f"#{i}" if i >= 0 else ""))
        except IllegalAction:
            continue
        return True
    return False


def _take(state: HandState, action: Take) -> HandState:
    """Take the discard pile (RULES.md 2 "Taking the discard pile"; D3, D4, D8)."""
    _phase(state, action, DRAW_PHASE)
    r = state.rules
    if not state.discard:
        raise IllegalAction("pile_empty", "the discard pile is empty")
    top = state.discard[-1]
    if top.wild:
        raise IllegalAction("top_card_wild", "the pile cannot be taken with a wild card on top", card=top.text)
    if top.three:
        raise IllegalAction("top_card_three", "the pile cannot be taken with a 3 on top", card=top.text)
    seat, side = state.turn, state.side
    opened = bool(state.melds[side])
    if not opened and r.no_pile_for_initial_meld:
        raise IllegalAction("pile_not_for_initial_meld", "the pile cannot be taken for the initial meld")
    if not opened:
        _check_first_turn(state)
    frozen = state.frozen_for(side)
    melds = list(state.melds[side])
    hand = state.hands[seat]
    target = action.target
    if not action.cards:
        if action.extra:
            raise IllegalAction("bad_take", "extra melds need cards melded with the top card")
        if frozen:
            raise IllegalAction("pile_frozen", "the pile is frozen: it takes a natural pair matching the top card",
                                card=top.text)
        if not r.take_onto_meld:
            raise IllegalAction("take_needs_two_cards", "the pile is taken with two cards from hand", card=top.text)
        idx = target_index(state, side, target) if target else _group_for(state, side, top.rank)
        if not r.take_onto_canasta and melds[idx].is_canasta(r):
            # Bicycle (RULES.md 4, S2 default): the top card alone goes only onto a meld that
            # is not yet a canasta.
            raise IllegalAction("pile_onto_canasta", "the top card alone cannot go onto a canasta", card=top.text)
        melds[idx] = grow(r, melds[idx], (top,))
        rest = hand
    else:
        if not all(action.extra):
            raise IllegalAction("no_cards", "a meld needs cards")
        naturals = sum(1 for c in action.cards if c.rank == top.rank)
        if frozen and naturals < 2:
            raise IllegalAction("pile_frozen", "the pile is frozen: it takes a natural pair matching the top card",
                                card=top.text)
        if naturals < 2 and not r.take_with_natural_and_wild:
            raise IllegalAction("take_needs_natural_pair", "the pile is taken with a natural pair matching the top card",
                                card=top.text)
        if naturals < 1:
            raise IllegalAction("take_needs_natural", "taking the pile needs a natural card matching the top card",
                                card=top.text)
        rest = remove_from_hand(hand, action.cards + tuple(c for g in action.extra for c in g))
        group = action.cards + (top,)
        if target:
            idx = target_index(state, side, target)
            if melds[idx].kind is not GROUP:
                raise IllegalAction("wrong_rank", f"only {top.rank}s go with the top card", rank=top.rank,
                                    card=top.text)
        else:
            # A new group where the side may start one (two groups of a rank in Samba; the
            # top card never starts a sequence, RULES.md 4), else onto its open group of that
            # rank (one per rank in Classic; the one not full, RULES.md 3).
            same = [i for i, m in enumerate(melds) if m.kind is GROUP and m.rank == top.rank]
            if r.groups_per_rank > 1 and len(same) < r.groups_per_rank:
                idx = -1
            elif len(same) > 1 and not r.new_group_when_full:
                raise IllegalAction("ambiguous_target", f"your side has several melds of {top.rank}s: name one as #n",
                                    target=top.rank)
            else:
                idx = open_group(r, melds, top.rank)
        if idx >= 0:
            joined = melds[idx]
            if r.take_joins_group_max and joined.size > r.take_joins_group_max and not joined.full(r):
                raise IllegalAction("pile_group_too_large",
                                    f"your side's group of {top.rank}s has {joined.size} cards: the pile joins "
                                    f"a group of at most {r.take_joins_group_max}", rank=top.rank, size=joined.size,
                                    maximum=r.take_joins_group_max)
            melds[idx] = grow(r, melds[idx], group)
        else:
            melds.append(new_group(r, group))
        _add_new_melds(state, melds, action.extra)
    check_placement(r, closed_ranks(r, state.melds), state.melds[side], melds)
    if not opened:
        from_hand = tuple(c for g in action.extra for c in g)
        counted = action.cards + from_hand
        if r.initial_meld_count is InitialMeldCount.TOP_CARD:
            counted += (top,)
        left = len(rest) + len(state.discard) - 1
        _check_initial(state, counted, melds, left, any(len(g) >= r.canasta_size for g in action.extra))
    # The rest of the pile goes to the hand; a bonus three in it (a covered upcard) is laid
    # for the taker's side and not replaced (seed 002, Pagat).
    bonus = r.bonus_threes
    pile = state.discard[:-1]
    laid = tuple(c for c in pile if c.kind in bonus)
    new_hand = sort_cards(rest + tuple(c for c in pile if c.kind not in bonus))
    # The turn starts here: whether the player had melded before is read from the state
    # before the take (going out concealed may take the pile, Pagat).
    new = state.with_(
        hands=_set(state.hands, seat, new_hand),
        melds=_set(state.melds, side, tuple(melds)),
        threes=_set(state.threes, side, state.threes[side] + laid) if laid else state.threes,
        discard=(),
        melded=_set(state.melded, seat, True),
        phase=PLAY_PHASE, fresh=not state.melded[seat], took_pile=True, acted=True,
        old_melds=len(state.melds[side]), touched_old=0 <= idx < len(state.melds[side]), permission="",
    )
    return _after_melding(new, has_black_threes=any(m.kind is BLACK_THREES for m in melds[len(state.melds[side]):]))


# ---------------------------------------------------------------- play phase
def _meld(state: HandState, action: Meld) -> HandState:
    """Lay new melds from hand (RULES.md 2 "Meld legality", "Initial meld minimum")."""
    _phase(state, action, PLAY_PHASE)
    if not action.melds or not all(action.melds):
        raise IllegalAction("no_cards", "a meld needs cards")
    seat, side = state.turn, state.side
    cards = tuple(c for g in action.melds for c in g)
    rest = remove_from_hand(state.hands[seat], cards)
    melds = list(state.melds[side])
    _add_new_melds(state, melds, action.melds)
    check_placement(state.rules, closed_ranks(state.rules, state.melds), state.melds[side], melds)
    if not state.melds[side]:
        _check_first_turn(state)
        _check_initial(state, cards, melds, len(rest),
                       any(len(g) >= state.rules.canasta_size for g in action.melds))
    new = state.with_(
        hands=_set(state.hands, seat, rest),
        melds=_set(state.melds, side, tuple(melds)),
        melded=_set(state.melded, seat, True),
        acted=True,
    )
    return _after_melding(new, has_black_threes=any(m.kind is BLACK_THREES
                                                    for m in melds[len(state.melds[side]):]))


def _add_new_melds(state: HandState, melds: list[TableMeld], groups: tuple[Cards, ...]) -> None:
    """Append each group as a new meld: one group per rank per side (RULES.md 2), two in
    Samba (``groups_per_rank``, RULES.md 4); sequences without limit."""
    r = state.rules
    for g in groups:
        m = new_meld(r, g)
        if m.kind is not SEQUENCE:
            same = [x for x in melds if x.kind is m.kind and x.rank == m.rank]
            # Up to ``groups_per_rank`` groups of a rank at any time (Samba: two, RULES.md 4);
            # beyond, a new meld of a rank the side holds only once the others are full: a new
            # group after a (mixed) canasta closed at 7 (RULES.md 3), a new wild-card meld
            # after a wild canasta.
            if not (m.kind is GROUP and len(same) < r.groups_per_rank) and same and (
                    any(not x.full(r) for x in same) or (m.kind is GROUP and not r.new_group_when_full)):
                raise IllegalAction("rank_already_melded",
                                    f"your side already has a meld of {m.rank}s: add to it instead", rank=m.rank)
        melds.append(m)


def _add(state: HandState, action: Add) -> HandState:
    """Add cards from hand to one of the side's melds (RULES.md 2 "A turn")."""
    _phase(state, action, PLAY_PHASE)
    if not action.cards:
        raise IllegalAction("no_cards", "add needs cards")
    seat, side = state.turn, state.side
    melds = list(state.melds[side])
    idx = target_index(state, side, action.target)
    rest = remove_from_hand(state.hands[seat], action.cards)
    melds[idx] = grow(state.rules, melds[idx], action.cards)
    check_placement(state.rules, closed_ranks(state.rules, state.melds), state.melds[side], melds)
    new = state.with_(
        hands=_set(state.hands, seat, rest),
        melds=_set(state.melds, side, tuple(melds)),
        melded=_set(state.melded, seat, True),
        acted=True,
        touched_old=state.touched_old or idx < state.old_melds,
    )
    return _after_melding(new, has_black_threes=False)


def _merge(state: HandState, action: Merge) -> HandState:
    """Make two groups of one rank one meld (RULES.md 4, Bicycle and Pagat: a side holding
    two groups of a rank may merge them at any time of its turn's play)."""
    _phase(state, action, PLAY_PHASE)
    r = state.rules
    if r.groups_per_rank < 2:
        raise IllegalAction("merge_not_allowed", "melds are never merged in this variant")
    side = state.side
    melds = list(state.melds[side])
    i, j = action.first, action.second
    if not 0 <= i < j < len(melds):
        raise IllegalAction("no_such_meld", f"your side has no melds #{i} and #{j}", target=f"#{j}")
    melds[i] = merge_groups(r, melds[i], melds[j])
    del melds[j]
    old = state.old_melds
    new = state.with_(
        melds=_set(state.melds, side, tuple(melds)),
        melded=_set(state.melded, state.turn, True),
        acted=True,
        # the meld list shortens: the melds laid before this turn are one fewer if both were
        old_melds=old - 1 if j < old else old,
        touched_old=state.touched_old or i < old,
    )
    return _after_melding(new, has_black_threes=False)


def _swap(state: HandState, action: Swap) -> HandState:
    """Seed 003's swap (RULES.md 4): a natural card from hand takes the place of a wild
    card in an unfinished group of its rank; the wild card goes to the hand."""
    _phase(state, action, PLAY_PHASE)
    r = state.rules
    if not r.swap_wilds:
        raise IllegalAction("swap_not_allowed", "wild cards are never taken back in this variant")
    seat, side = state.turn, state.side
    idx = target_index(state, side, action.target)
    rest = remove_from_hand(state.hands[seat], (action.card,))
    melds = list(state.melds[side])
    melds[idx] = swap_wild(r, melds[idx], action.card, action.wild)
    new = state.with_(
        hands=_set(state.hands, seat, insert_cards(rest, (action.wild,))),
        melds=_set(state.melds, side, tuple(melds)),
        melded=_set(state.melded, seat, True),
        acted=True,
        touched_old=state.touched_old or idx < state.old_melds,
    )
    return _after_melding(new, has_black_threes=False)


def _group_for(state: HandState, side: int, rank: str) -> int:
    """The side's group of ``rank`` a bare ``take`` names: its only one, or the one not
    full (RULES.md 3); with two open groups (Samba) the player names one (``take #n``)."""
    r = state.rules
    melds = state.melds[side]
    if not r.new_group_when_full and sum(1 for m in melds if m.rank == rank and m.kind is GROUP) > 1:
        raise IllegalAction("ambiguous_target", f"your side has several melds of {rank}s: name one as #n",
                            target=rank)
    idx = open_group(r, melds, rank)
    if idx < 0:
        raise IllegalAction("no_meld_for_top_card", f"your side has no meld of {rank}s for the top card",
                            card=rank, rank=rank)
    return idx


def target_index(state: HandState, side: int, target: str) -> int:
    """The index of the side's meld named by ``target`` (``#n`` or a rank letter)."""
    melds = state.melds[side]
    if target.startswith("#"):
        idx = MELD_INDICES.get(target, -1)
        if not 0 <= idx < len(melds):
            raise IllegalAction("no_such_meld", f"your side has no meld {target}", target=target)
        return idx
    found = [i for i, m in enumerate(melds) if m.rank == target and m.kind is GROUP]
    if not found:
        raise IllegalAction("no_such_meld", f"your side has no meld of {target}s", target=target)
    if len(found) > 1:
        # Several groups of a rank (a new one after a full canasta, RULES.md 3): the rank
        # names the one that is not full.
        found = [i for i in found if not melds[i].full(state.rules)] or found
    if len(found) > 1:
        raise IllegalAction("ambiguous_target", f"your side has several melds of {target}s: name one as #n",
                            target=target)
    return found[0]


def _check_first_turn(state: HandState) -> None:
    """Seed 004: no initial meld on the player's first turn of the hand."""
    if state.rules.no_opening_first_turn and not state.played[state.turn]:
        raise IllegalAction("no_opening_first_turn", "the initial meld is possible from your second turn on")


def _shape_ok(r: Rules, new: list[TableMeld]) -> bool:
    """The initial meld holds what ``opening_shape`` asks (RULES.md 3, 6)."""
    shape = r.opening_shape
    if shape is OpeningShape.NATURAL_GROUP_OR_WILD_MELD:
        return any(m.kind is WILD or (m.kind is GROUP and m.wilds == 0 and m.naturals >= 3) for m in new)
    if shape is OpeningShape.THREE_OF_A_KIND:
        return any(m.kind is GROUP and m.naturals >= 3 for m in new)
    return True


def _check_initial(state: HandState, counted: Cards, melds: list[TableMeld], left: int,
                   canasta_from_hand: bool = False) -> None:
    """The initial meld reaches the minimum for the side's score (RULES.md 2; D5) and has
    the shape the rules ask (RULES.md 3: a natural group or a wild-card meld; seed 004:
    three of a kind). ``canasta_from_hand``: a canasta was laid from hand (RULES.md 3)."""
    r = state.rules
    side = state.side
    if not _shape_ok(r, melds):
        raise IllegalAction("opening_shape", "the initial meld lacks the group the rules ask for",
                            shape=r.opening_shape.value)
    if canasta_from_hand and r.canasta_from_hand_exempt:
        return
    need = state.initial_minimum(side)
    value = meld_value(r, counted)
    if r.threes_count_for_initial_meld:
        value += r.three_bonus_points(len(state.threes[side]))
    if value >= need:
        return
    # Pagat: going out concealed in one turn needs no minimum. With one card left the
    # player must discard it next (nothing else is legal with one card), so that goes out too.
    if (r.concealed_going_out_exempt and left <= 1 and state.fresh
            and any(m.naturals + m.wilds >= r.canasta_size for m in melds)):
        return
    raise IllegalAction("initial_meld_too_low", f"the initial meld needs {need} points; this counts {value}",
                        minimum=need, value=value)


def _after_melding(state: HandState, has_black_threes: bool) -> HandState:
    """Checks every meld-laying action shares: the hand may only be emptied (or brought to
    one card, the final discard) when the side may go out (RULES.md 2 "Going out")."""
    r = state.rules
    seat, side = state.turn, state.side
    if r.side_wild_limit and sum(m.wilds for m in state.melds[side]) > r.side_wild_limit:
        # Uruguayan Samba (seed 003): two wild cards in all the side's groups of a hand.
        raise IllegalAction("side_wild_limit", f"your side's melds hold at most {r.side_wild_limit} wild cards",
                            maximum=r.side_wild_limit)
    left = len(state.hands[seat])
    if left == 1 and _last_card_melds_out(state):
        pass  # the last card still goes out by melding this turn: not a final discard
    elif left <= 1:
        _may_go_out(state, "meld" if left == 0 else "discard")
        if left == 0:
            if r.go_out_with_discard:
                raise IllegalAction("must_discard_to_go_out", "you must keep a card to discard when going out")
            return _went_out(state)
    elif has_black_threes:
        raise IllegalAction("black_threes_only_going_out", "black 3s are melded only when going out")
    if state.permission == "yes" and not hand_goes_out(state, seat):
        raise IllegalAction("must_go_out", "your partner said yes: you must go out this turn")
    return state


def _last_card_melds_out(state: HandState) -> bool:
    """After the partner's binding "yes", melding down to one card that still goes out by
    being melded this turn (completing the side's canastas) is allowed: the "yes" was
    given because the hand can go out (``can_go_out``, any order of melds), so the player
    must be able to finish in that order. Otherwise the side must already hold its
    canastas to keep a single card (the engine's reading of RULES.md 2 "Going out";
    tests/scenarios/classic/goout-canasta-completed-same-turn.json). Found in Samba: after
    a "yes" the hand 2H 2D could go out (2H and 2D each complete a canasta) but neither
    add was allowed, which left the player without a legal action."""
    r = state.rules
    if r.go_out_with_discard or state.permission != "yes":
        return False
    side = state.side
    return can_go_out(r, state.hands[state.turn], state.melds[side], meld_out=True,
                      closed=closed_ranks(r, state.melds))


def _may_go_out(state: HandState, how: str) -> None:
    r = state.rules
    side = state.side
    have = state.canastas(side)
    if have < r.canastas_to_go_out:
        raise IllegalAction("need_canasta", f"going out needs {r.canastas_to_go_out} canasta(s); your side has {have}"
                            + ("" if how == "meld" else ": keep at least two cards after melding"),
                            needed=r.canastas_to_go_out, have=have)
    if r.sequences_to_go_out:
        done = state.sequences_done(side)
        if done < r.sequences_to_go_out:
            raise IllegalAction("need_sequence", f"going out needs {r.sequences_to_go_out} completed sequence(s); "
                                f"your side has {done}", needed=r.sequences_to_go_out, have=done)
    if state.permission == "no":
        raise IllegalAction("partner_said_no", "your partner said no: you may not go out this turn")


def _went_out(state: HandState) -> HandState:
    side = state.side
    new_melds = state.melds[side][state.old_melds:]
    r = state.rules
    concealed = (state.fresh and not state.touched_old and not (r.concealed_without_pile and state.took_pile)
                 and any(m.naturals + m.wilds >= r.canasta_size for m in new_melds))
    return state.with_(phase=OVER_PHASE, ending=WENT_OUT, out_seat=state.turn, concealed=concealed)


def _discard(state: HandState, action: Discard) -> HandState:
    """Discard one card, ending the turn; emptying the hand goes out (RULES.md 2 "A turn")."""
    if state.phase is not PLAY_PHASE:
        _phase(state, action, PLAY_PHASE)
    seat = state.turn
    hand = state.hands[seat]
    card = action.card
    try:
        i = hand.index(card)
    except ValueError:
        raise IllegalAction("card_not_in_hand", f"{card.text} is not in the hand", card=card.text) from None
    rest = hand[:i] + hand[i + 1:]
    allowed = allowed_kinds(state)  # (``discard_refusal``'s own test, without its call)
    if allowed is not None and card.kind not in allowed:
        refusal = discard_refusal(state, card)
        if refusal is not None:
            raise refusal
    if not rest:
        _may_go_out(state, "meld")
        return _went_out(state.with_(hands=_set(state.hands, seat, rest), discard=state.discard + (card,)))
    r = state.rules
    if (r.black_three_going_out_bonus and state.permission != "no" and all(c.kind == "B3" for c in rest)
            and state.canastas(state.side) >= r.canastas_to_go_out):
        # Seed 004: a player may go out holding only black 3s (they score for the side).
        return _went_out(state.with_(hands=_set(state.hands, seat, rest), discard=state.discard + (card,)))
    if state.permission == "yes":
        raise IllegalAction("must_go_out", "your partner said yes: you must go out this turn")
    over = not state.stock and state.rules.stock_out is _END_HAND
    return state.next_turn(_set(state.hands, seat, rest), state.discard + (card,), over)


def _ask(state: HandState, action: Ask) -> HandState:
    """Ask the partner "may I go out?"; only when going out is possible (RULES.md 2, 3)."""
    _phase(state, action, PLAY_PHASE)
    refusal = ask_refusal(state)
    if refusal is not None:
        raise refusal
    r = state.rules
    seat = state.turn
    partner = (seat + r.sides) % r.players
    return state.with_(phase=ANSWER_PHASE, turn=partner, asker=seat, asked=_set(state.asked, seat, True))


def ask_refusal(state: HandState) -> IllegalAction | None:
    """Why the player in turn (in the play phase) may not ask now, or None if they may."""
    code = _ask_refusal_code(state)
    return None if code is None else IllegalAction(code, _ASK_REFUSALS[code])


def may_ask(state: HandState) -> bool:
    """The player in turn may ask now (``ask_refusal`` is None), with no refusal built:
    ``legal_actions`` asks this of nearly every play-phase state."""
    return _ask_refusal_code(state) is None


_ASK_REFUSALS = {
    "no_partner": "you have no partner to ask",
    "already_asked": "you have already asked this turn",
    # Asked before laying the last cards; with one card a "no" would leave no legal move.
    "ask_before_last_cards": "ask before melding down to your last card",
    "ask_once_after_draw": "you may ask once a hand, right after drawing",
    "cannot_go_out": "you cannot go out this turn, so there is nothing to ask",
}


def _ask_refusal_code(state: HandState) -> str | None:
    """The code of ``ask_refusal``'s refusal, or None (RULES.md 2 "Going out")."""
    r = state.rules
    seat = state.turn
    side_melds = state.melds[seat % r.sides]
    if not r.partnerships:
        code = "no_partner"
    elif state.permission:
        code = "already_asked"
    elif len(state.hands[seat]) < 2:
        code = "ask_before_last_cards"
    elif r.ask_partner is _ONCE_AFTER_DRAW and (state.asked[seat] or state.acted):
        code = "ask_once_after_draw"
    elif not side_melds and (r.opening_shape is not OpeningShape.ANY or r.no_opening_first_turn
                             or not r.concealed_going_out_exempt):
        # Going out with the initial meld: the opening's own conditions are not worked
        # out in advance, so a "yes" that could not be honoured is never asked for.
        code = "cannot_go_out"
    elif not hand_goes_out(state, seat):
        code = "cannot_go_out"
    else:
        return None
    return code


def hand_goes_out(state: HandState, seat: int) -> bool:
    """``seat``'s hand can go out this turn onto its side's melds: what asking "may I go
    out?" needs and what a "yes" binds the asker to (RULES.md 2 "Going out"), and what a
    partner who was asked knows of the asker's hidden hand (the expert's answer:
    ``bots/expert.py``)."""
    r = state.rules
    return can_go_out(r, state.hands[seat], state.melds[seat % r.sides], meld_out=not r.go_out_with_discard,
                      closed=closed_ranks(r, state.melds))


def _answer(state: HandState, action: Answer) -> HandState:
    """The partner's answer binds the asker for this turn, both ways (RULES.md 2)."""
    _phase(state, action, ANSWER_PHASE)
    return state.with_(phase=PLAY_PHASE, turn=state.asker, asker=-1, permission="yes" if action.yes else "no")


def _set(items: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    return items[:index] + (value,) + items[index + 1:]


_HANDLERS: dict[type, Callable[[HandState, Any], HandState]] = {
    Draw: _draw,
    Pass: _pass,
    Take: _take,
    Meld: _meld,
    Add: _add,
    Merge: _merge,
    Swap: _swap,
    Discard: _discard,
    Ask: _ask,
    Answer: _answer,
}
