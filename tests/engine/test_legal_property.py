"""Property tests of the legal actions against ``apply`` (DESIGN.md convention 4; legal.py).

States come from seeded random play (``state.deal`` + ``legal.legal_actions`` +
``play.apply``) for 2, 3, 4 and 6 players (and under house-rule switches), steered
toward a phase, sometimes with a short stock so that the stock runs out, and sometimes
with useful stock cards (wild cards, pairs for the pile) swapped into the hand in turn,
so that accepted melds, adds and takes are common. The properties:

1. every listed action is accepted by ``apply``;
2. for random actions built from random cards (of the hand, or any card), ``a in
   legal_actions(state)`` exactly when ``apply`` accepts ``a``; a refusal is an
   ``IllegalAction`` (never another exception) and leaves the state as it was;
3. completeness: a single-group ``meld``, an ``add``, a ``discard`` or a ``take`` (no extra
   melds, side already opened) that ``apply`` accepts is listed in canonical form (the
   same counts of each card kind, taking the first cards of each kind in hand order);
4. the list has no duplicates and is deterministic;
5. it is non-empty in every state that is not over (and empty when the hand is over).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from canasta import variants
from canasta.actions import (ASK, DRAW, NO, PASS, YES, Action, Add, Answer, Ask, Discard, Draw, Meld, Merge, Pass,
                             Swap, Take)
from canasta.cards import ALL_CARDS, NATURAL_RANKS, SEQUENCE_ORDER, Card, sort_cards
from canasta.errors import IllegalAction
from canasta.legal import candidates, is_legal, legal_actions
from canasta.melds import MeldKind
from canasta.notation import from_position, to_position
from canasta.play import apply
from canasta.rules import AskPartner, Rules, StockOut, Upcard, WildRatio
from canasta.state import HandState, Phase, deal
from randomplay import PLAYER_COUNTS

Cards = tuple[Card, ...]

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ----------------------------------------------------------------- states
def play_to(rules: Rules, seed: int, steps: int, short_stock: int | None, phase: Phase | None = None,
            keep_over: bool = True) -> HandState:
    """Deal from ``seed`` and play ``steps`` random legal actions; then, if ``phase`` is
    given, play on (a few actions at most) until the seat in turn is in that phase. With
    ``keep_over`` false, stop at the last state before the hand ends."""
    rng = random.Random(seed)
    state = deal(rules, rng, dealer=int(rng.random() * rules.players))
    if short_stock is not None:
        # A position need not hold a full deck (NOTATION.md): a short stock runs out soon.
        state = state.with_(stock=state.stock[:short_stock])
    extra = 0
    while not state.over and (steps > 0 or (phase is not None and state.phase is not phase and extra < 12)):
        if steps <= 0:
            extra += 1
        steps -= 1
        legal = legal_actions(state)
        action = legal[int(rng.random() * len(legal))]
        if phase is Phase.ANSWER and listed(legal, ASK) and is_legal(state, ASK):
            action = ASK  # asking is legal only when going out is possible: take the chance
        new = apply(state, action)
        if new.over and not keep_over:
            break
        state = new
    return state


@st.composite
def states(draw: st.DrawFn, rules_st: st.SearchStrategy[Rules] | None = None) -> HandState:
    if rules_st is None:
        rules = variants.get("classic", draw(st.sampled_from(PLAYER_COUNTS)))
    else:
        rules = draw(rules_st)
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 160))
    short = draw(st.integers(0, 12)) if draw(st.integers(0, 5)) == 0 else None
    phase = draw(st.sampled_from([None, Phase.DRAW, Phase.PLAY, Phase.PLAY, Phase.PLAY, Phase.ANSWER]))
    keep_over = draw(st.integers(0, 9)) == 0
    state = play_to(rules, seed, steps, short, phase, keep_over)
    # (not after a partner's "yes": that answer was given for the hand as it was)
    if not state.over and state.permission != "yes" and draw(st.booleans()):
        state = enrich(state, draw(st.integers(1, 4)), draw(st.randoms(use_true_random=False)))
    return state


def enrich(state: HandState, k: int, rng: random.Random) -> HandState:
    """Swap up to ``k`` useful stock cards (wild cards, the top card's rank, the ranks of the
    side's melds) into the hand of the seat in turn, so that groups with several wild cards
    and takes of the pile are tried more often. Every card stays accounted for."""
    hand = list(state.hands[state.turn])
    if not hand:
        return state
    top = state.discard[-1].rank if state.discard else ""
    wanted = {m.rank for m in state.melds[state.side]} | {top}
    stock = list(state.stock)
    useful = [i for i, c in enumerate(stock) if c.wild or c.rank in wanted]
    rng.shuffle(useful)
    if rng.random() < 0.5:
        useful.sort(key=lambda i: stock[i].rank != "JK")  # jokers first: groups with two or three
    for i in useful[:k]:
        j = rng.randrange(len(hand))
        hand[j], stock[i] = stock[i], hand[j]
    hands = list(state.hands)
    hands[state.turn] = sort_cards(hand)
    return state.with_(hands=tuple(hands), stock=tuple(stock))


@st.composite
def house_rules(draw: st.DrawFn) -> Rules:
    """Classic with some of its switches turned (every rule the engine accepts must keep
    the legal list exact)."""
    rules = variants.get("classic", draw(st.sampled_from(PLAYER_COUNTS)))
    options: dict[str, st.SearchStrategy[Any]] = {
        "take_onto_meld": st.booleans(),  # D4
        "take_with_natural_and_wild": st.booleans(),  # D8
        "upcard": st.sampled_from([Upcard.COVER, Upcard.BURY]),  # D1
        "freezing_kinds": st.sampled_from([("2", "JK", "R3"), ("2", "JK", "R3", "B3")]),  # D3
        "wild_ratio": st.sampled_from(list(WildRatio)),  # D2
        "no_pile_for_initial_meld": st.booleans(),
        "concealed_going_out_exempt": st.booleans(),
        "canastas_to_go_out": st.integers(0, 2),
        "go_out_with_discard": st.booleans(),
        "stock_out": st.sampled_from(list(StockOut)),
        "ask_partner": st.sampled_from(list(AskPartner)),
        "frozen_without_initial_meld": st.booleans(),
        "group_max": st.sampled_from([0, 7, 9]),
    }
    changes = {k: draw(v) for k, v in options.items() if draw(st.booleans())}
    return rules.replace(**changes)


# ----------------------------------------------------------------- random actions
def _hand(state: HandState) -> Cards:
    return state.hands[state.turn]


def draw_group(data: st.DataObject, state: HandState, *, rank: str | None = None, max_size: int = 5,
               avoid: frozenset[str] = frozenset()) -> Cards:
    """A non-empty group of cards: random cards, random hand cards, or one kind of the
    hand (``rank`` if given) with some of the hand's wild cards."""
    hand = _hand(state)
    modes = ["any", "hand", "kind", "kind", "kind"] if hand else ["any"]
    if hand and state.rules.sequences:
        modes += ["run", "run", "run"]
    mode = data.draw(st.sampled_from(modes))
    if mode == "run":
        # consecutive cards of one suit from the hand (a sequence, or nearly one)
        first = data.draw(st.sampled_from(hand))
        if first.natural:
            same = {SEQUENCE_ORDER[c.rank]: c for c in hand if c.natural and c.suit == first.suit}
            p = SEQUENCE_ORDER[first.rank]
            length = data.draw(st.integers(1, 7))
            run = [same[q] for q in range(p, p + length) if q in same]
            if data.draw(st.integers(0, 4)) == 0:
                run.append(data.draw(st.sampled_from(hand)))
            return tuple(run) + _some_wilds(data, state)
        return (first,)
    if mode == "any":
        return tuple(data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=max_size)))
    if mode == "hand":
        return tuple(data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=max_size)))
    if rank is not None:
        kind = rank
    else:
        counts = Counter(c.kind for c in hand)
        pairs = sorted(k for k, n in counts.items() if n >= 2 and k not in avoid)
        kind = data.draw(st.sampled_from(pairs or sorted(counts)))
    same = [c for c in hand if c.kind == kind]
    wilds = [c for c in hand if c.wild and c.kind != kind]
    n = data.draw(st.integers(min(2, len(same)), len(same))) if same else 0
    if wilds and data.draw(st.booleans()):
        w = list(range(len(wilds)))[-data.draw(st.integers(1, min(3, len(wilds)))):]  # the jokers come last
    else:
        w = data.draw(st.lists(st.integers(0, max(len(wilds) - 1, 0)), unique=True, max_size=min(3, len(wilds))))
    cards = tuple(same[:n]) + tuple(wilds[i] for i in w)
    # the hand's cards of a kind are spread over their suits, not only the first ones
    if data.draw(st.booleans()):
        cards = tuple(data.draw(st.permutations(same)))[:n] + tuple(wilds[i] for i in w)
    if not cards:
        cards = (data.draw(st.sampled_from(hand)),)
    return cards


def _some_wilds(data: st.DataObject, state: HandState) -> Cards:
    """Open Samba (S6): sometimes one or two of the hand's wild cards for a sequence."""
    wilds = [c for c in _hand(state) if c.wild]
    if not (state.rules.sequence_wilds and wilds) or data.draw(st.booleans()):
        return ()
    return tuple(data.draw(st.lists(st.sampled_from(wilds), min_size=1, max_size=2)))


ALL_KINDS = ("draw", "pass", "take", "take", "meld", "meld", "add", "add", "discard", "discard", "ask", "answer",
             "merge", "swap")


def random_action(data: st.DataObject, state: HandState, kinds: tuple[str, ...] = ALL_KINDS) -> Action:
    """An action of one of ``kinds``, built from random cards."""
    kind = data.draw(st.sampled_from(kinds))
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    if kind == "ask":
        return ASK
    if kind == "answer":
        return data.draw(st.sampled_from([YES, NO]))
    hand = _hand(state)
    side_melds = state.melds[state.turn % state.rules.sides]
    if kind == "merge":
        n = max(len(side_melds), 2)
        i, j = data.draw(st.integers(0, n)), data.draw(st.integers(0, n))
        return Merge(min(i, j), max(i, j) + (i == j))
    if kind == "swap":
        groups = [k for k, m in enumerate(side_melds) if m.kind is MeldKind.GROUP]
        if not groups or not hand:
            return Swap("K", data.draw(st.sampled_from(ALL_CARDS)), data.draw(st.sampled_from(ALL_CARDS)))
        k = data.draw(st.sampled_from(groups))
        m = side_melds[k]
        target = data.draw(st.sampled_from([m.rank, f"#{k}"]))
        mine = [c for c in hand if c.rank == m.rank] or list(hand)
        wilds = [c for c in m.cards if c.wild] or list(ALL_CARDS)
        return Swap(target, data.draw(st.sampled_from(mine)), data.draw(st.sampled_from(wilds)))
    if kind == "discard":
        source = st.sampled_from(hand) if hand and data.draw(st.booleans()) else st.sampled_from(ALL_CARDS)
        return Discard(data.draw(source))
    if kind == "take":
        n = data.draw(st.integers(0, 4))
        target = ""
        if side_melds and data.draw(st.integers(0, 2)) == 0:
            target = f"#{data.draw(st.integers(0, len(side_melds)))}"
        if n == 0:
            return Take(target=target)
        top = state.discard[-1].kind if state.discard else None
        cards = draw_group(data, state, rank=top if top and data.draw(st.booleans()) else None, max_size=n)
        extra = tuple(draw_group(data, state) for _ in range(data.draw(st.integers(0, 1))))
        return Take(sort_cards(cards), tuple(sort_cards(g) for g in extra), target)
    if kind == "meld":
        held = frozenset(m.rank for m in state.melds[state.turn % state.rules.sides])
        groups = tuple(sort_cards(draw_group(data, state, avoid=held)) for _ in range(data.draw(st.integers(1, 2))))
        return Meld(groups)
    melds = state.melds[state.turn % state.rules.sides]
    usable = [i for i, m in enumerate(melds) if any(c.rank == m.rank or c.wild or c.suit == m.suit for c in hand)]
    if usable and data.draw(st.integers(0, 3)):
        # a meld of the side, with cards of its rank and/or wild cards
        i = data.draw(st.sampled_from(usable))
        if melds[i].kind is MeldKind.SEQUENCE:
            near = [c for c in hand if c.natural and c.suit == melds[i].suit]
            cards = tuple(data.draw(st.lists(st.sampled_from(near or list(hand)), min_size=1, max_size=4)))
            return Add(f"#{i}", sort_cards(cards + _some_wilds(data, state)))
        # a wild-card meld's rank ("*") is no target the notation has: it is named #n
        names = [f"#{i}"] if melds[i].kind is MeldKind.WILD else [melds[i].rank, f"#{i}"]
        target = data.draw(st.sampled_from(names))
        return Add(target, sort_cards(draw_group(data, state, rank=melds[i].rank)))
    targets = [f"#{i}" for i in range(len(melds) + 1)] + list(NATURAL_RANKS) + ["3", "2"]
    target = data.draw(st.sampled_from(targets))
    return Add(target, sort_cards(draw_group(data, state)))


def accepted(state: HandState, action: Action) -> HandState | None:
    """``apply``'s answer; any exception other than IllegalAction fails the test."""
    try:
        return apply(state, action)
    except IllegalAction:
        return None


def canonical_cards(hand: Cards, cards: Cards) -> Cards:
    """The same counts of each kind, using the first cards of each kind in hand order."""
    by_kind: dict[str, list[Card]] = {}
    for c in hand:
        by_kind.setdefault(c.kind, []).append(c)
    counts = Counter(c.kind for c in cards)
    out: list[Card] = []
    for kind, n in counts.items():
        assert len(by_kind.get(kind, ())) >= n
        out.extend(by_kind[kind][:n])
    return sort_cards(out)


def canonical_wilds(hand: Cards, cards: Cards) -> Cards:
    """A sequence's cards: its naturals as they are (suits matter), its wild cards the
    first ones of each kind in hand order (Open Samba)."""
    wild = tuple(c for c in cards if c.wild)
    return sort_cards(tuple(c for c in cards if not c.wild) + (canonical_cards(hand, wild) if wild else ()))


def canonical(state: HandState, action: Action) -> Action | None:
    """The canonical form the list must hold, or None where the listing need not hold it."""
    hand = _hand(state)
    side = state.turn % state.rules.sides
    melds = state.melds[side]
    if isinstance(action, Discard):
        return action
    if isinstance(action, Meld):
        if len(action.melds) != 1 or not melds:
            return None  # compound melds are listed only as minimal openings
        if len({c.rank for c in action.melds[0] if not c.wild}) > 1:
            return Meld((canonical_wilds(hand, action.melds[0]),))  # a sequence: its suit matters
        return Meld((canonical_cards(hand, action.melds[0]),))
    if isinstance(action, (Add, Swap)):
        if action.target.startswith("#"):
            i = int(action.target[1:])
        else:
            found = [k for k, m in enumerate(melds) if m.rank == action.target and m.kind is MeldKind.GROUP]
            i = next((k for k in found if not melds[k].full(state.rules)), found[0])
        if melds[i].kind is MeldKind.SEQUENCE:
            return Add(f"#{i}", canonical_wilds(hand, action.cards)) if isinstance(action, Add) else None
        ranks = [m.rank for m in melds]
        wild = melds[i].kind is MeldKind.WILD
        label = melds[i].rank if ranks.count(melds[i].rank) == 1 and not wild else f"#{i}"
        if isinstance(action, Swap):
            return Swap(label, canonical_cards(hand, (action.card,))[0], action.wild)
        return Add(label, canonical_cards(hand, action.cards))
    if isinstance(action, Take):
        if action.extra or not melds:
            return None
        target = action.target
        if target:
            m = melds[int(target[1:])]
            same = [k for k, x in enumerate(melds) if x.kind is MeldKind.GROUP and x.rank == m.rank]
            if m.kind is MeldKind.GROUP and len(same) == 1 and (not action.cards or state.rules.groups_per_rank == 1):
                target = ""
        return Take(canonical_cards(hand, action.cards) if action.cards else (), (), target)
    return action  # draw, pass, ask, answer: one way each


def listed(legal: tuple[Action, ...], action: Action) -> bool:
    """Membership in the listed actions themselves (not the exact ``in`` of LegalActions)."""
    return tuple.__contains__(legal, action)


# ----------------------------------------------------------------- the properties
def check_listed_accepted(state: HandState) -> None:
    legal = legal_actions(state)
    total = state.card_count()
    for a in legal:
        new = accepted(state, a)
        assert new is not None, f"listed {a} is refused in {to_position(state)}"
        assert new.card_count() == total  # no card appears or vanishes


@given(states())
@SETTINGS
def test_every_listed_action_is_accepted(state: HandState) -> None:
    check_listed_accepted(state)


def check_random_actions(state: HandState, data: st.DataObject, count: int) -> None:
    legal = legal_actions(state)
    before = to_position(state)
    snapshot = tuple(state)
    for _ in range(count):
        a = random_action(data, state)
        new = accepted(state, a)
        assert (a in legal) == (new is not None), a
        assert is_legal(state, a) == (new is not None), a
        # the listing is exact for the actions that have a single form
        if isinstance(a, (Draw, Pass, Ask, Answer, Discard)):
            assert listed(legal, a) == (new is not None), a
        elif listed(legal, a):
            assert new is not None, a
        # the state is a value: refused or not, it is unchanged
        assert tuple(state) == snapshot
        assert to_position(state) == before


@given(states(), st.data())
@SETTINGS
def test_random_actions_are_in_the_list_exactly_when_apply_accepts_them(state: HandState,
                                                                       data: st.DataObject) -> None:
    check_random_actions(state, data, 12)


def check_completeness(state: HandState, data: st.DataObject, count: int) -> None:
    legal = legal_actions(state)
    event(f"phase {state.phase.value}")
    kinds = ("take",) if state.phase is Phase.DRAW else ("meld", "add", "add", "discard", "merge", "swap")
    for _ in range(count):
        a = random_action(data, state, kinds)
        if accepted(state, a) is None:
            continue
        form = canonical(state, a)
        if form is None:
            continue
        event(f"accepted {type(a).__name__}")
        assert accepted(state, form) is not None, (a, form)
        assert listed(legal, form), f"{a} is accepted but its canonical form {form} is not listed"
    # Also every distinct card of the hand in the play phase, and plain take / draw.
    if state.phase is Phase.PLAY:
        for c in set(_hand(state)):
            assert listed(legal, Discard(c)) == (accepted(state, Discard(c)) is not None)
    if state.phase is Phase.DRAW:
        for a in (DRAW, PASS, Take()):
            assert listed(legal, a) == (accepted(state, a) is not None), a


@given(states(), st.data())
@SETTINGS
def test_accepted_actions_are_listed_in_canonical_form(state: HandState, data: st.DataObject) -> None:
    check_completeness(state, data, 25)


def check_unique_and_deterministic(state: HandState) -> None:
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    assert tuple(legal) == tuple(legal_actions(state))
    # the same position read back from JSON gives the same list, in the same order
    assert tuple(legal) == tuple(legal_actions(from_position(to_position(state))))
    # each listed action is printed in canonical notation
    from canasta.actions import parse_action

    for a in legal:
        assert parse_action(str(a)) == a


@given(states())
@SETTINGS
def test_list_has_no_duplicates_and_is_deterministic(state: HandState) -> None:
    check_unique_and_deterministic(state)


def check_non_empty(state: HandState) -> None:
    legal = legal_actions(state)
    if state.over:
        assert len(legal) == 0
        for a in (DRAW, PASS, ASK, YES, Take()):
            assert accepted(state, a) is None
    else:
        assert len(legal) > 0, to_position(state)
        if state.phase is Phase.ANSWER:
            assert tuple(legal) == (YES, NO)
        if state.phase is Phase.DRAW:
            assert listed(legal, DRAW) == bool(state.stock)


@given(states())
@SETTINGS
def test_list_is_non_empty_until_the_hand_is_over(state: HandState) -> None:
    check_non_empty(state)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_whole_hands_keep_a_legal_action_to_the_end(players: int) -> None:
    rules = variants.get("classic", players)
    for seed in range(8):
        rng = random.Random(seed)
        state = deal(rules, rng, dealer=seed % players)
        for _ in range(2000):
            legal = legal_actions(state)
            if state.over:
                break
            assert legal
            state = apply(state, legal[int(rng.random() * len(legal))])
        assert state.over


# ----------------------------------------------------------------- the same under house rules
@given(states(house_rules()), st.data())
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_properties_hold_under_house_rules(state: HandState, data: st.DataObject) -> None:
    check_all(state, data)


def check_all(state: HandState, data: st.DataObject) -> None:
    """Every property, with fewer random actions (for the rules beyond Classic's defaults)."""
    check_listed_accepted(state)
    check_non_empty(state)
    check_unique_and_deterministic(state)
    check_random_actions(state, data, 6)
    check_completeness(state, data, 10)


# ----------------------------------------------------------------- focused cases
def test_non_actions_are_refused_with_illegal_action() -> None:
    state = play_to(variants.get("classic", 4), 1, 0, None)
    for junk in ("draw", None, 3, ("draw",)):
        with pytest.raises(IllegalAction) as e:
            apply(state, junk)  # type: ignore[arg-type]
        assert e.value.code == "unknown_action"
        assert junk not in legal_actions(state)


def _opened_play_state() -> HandState:
    for seed in range(200):
        rng = random.Random(seed)
        state = deal(variants.get("classic", 4), rng)
        for _ in range(300):
            if state.over:
                break
            if state.phase is Phase.PLAY and state.melds[state.side] and not state.permission:
                return state
            legal = legal_actions(state)
            state = apply(state, legal[int(rng.random() * len(legal))])
    raise AssertionError("no state found")


@pytest.mark.parametrize("kind", ["add", "meld"])
def test_an_add_or_meld_without_cards_is_refused(kind: str) -> None:
    state = _opened_play_state()
    side = state.side
    action: Action = Add(state.melds[side][0].rank, ()) if kind == "add" else Meld(())
    with pytest.raises(IllegalAction):
        apply(state, action)


# ----------------------------------------------------------------- Samba (RULES.md 4)
@st.composite
def samba_rules(draw: st.DrawFn) -> Rules:
    """Samba for 2, 4 or 6 players, with some of its switches (S1, S2, S5, S6) turned."""
    rules = variants.get("samba", draw(st.sampled_from([2, 4, 6])))
    options: dict[str, st.SearchStrategy[Any]] = {
        "sequence_ace_low": st.booleans(),  # S1
        "take_onto_canasta": st.booleans(),  # S2
        "side_wild_limit": st.sampled_from([0, 2]),  # S5, Uruguayan
        "sequence_wilds": st.sampled_from([2, 2, 1]),  # S6, Open Samba
    }
    changes = {k: draw(v) for k, v in options.items() if draw(st.booleans())}
    return rules.replace(**changes)


@given(states(samba_rules()), st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_properties_hold_in_samba(state: HandState, data: st.DataObject) -> None:
    check_all(state, data)
# ----------------------------------------------------------------- the presets of RULES.md 3 and 6
@given(states(st.sampled_from([variants.get("modern-american"), variants.get("maison"),
                               variants.get("classic-1950s")])), st.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_properties_hold_under_the_new_presets(state: HandState, data: st.DataObject) -> None:
    check_all(state, data)


# ----------------------------------------------------------------- Bolivia (RULES.md 5)
@st.composite
def bolivia_rules(draw: st.DrawFn) -> Rules:
    """Bolivia, with some of Samba's switches that apply to it (S1, S2) turned."""
    rules = variants.get("bolivia")
    options: dict[str, st.SearchStrategy[Any]] = {
        "sequence_ace_low": st.booleans(),  # S1
        "take_onto_canasta": st.booleans(),  # S2
    }
    changes = {k: draw(v) for k, v in options.items() if draw(st.booleans())}
    return rules.replace(**changes)


@given(states(bolivia_rules()), st.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_properties_hold_in_bolivia(state: HandState, data: st.DataObject) -> None:
    event(f"wild melds on the table: {sum(m.kind is MeldKind.WILD for ms in state.melds for m in ms) > 0}")
    check_all(state, data)


# ----------------------------------------------------------------- Open Samba (S6)
@given(states(samba_rules().map(lambda r: r.replace(sequence_wilds=2))), st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_properties_hold_in_open_samba(state: HandState, data: st.DataObject) -> None:
    event(f"sequences with wild cards: {any(m.kind is MeldKind.SEQUENCE and m.wilds for ms in state.melds for m in ms)}")
    check_all(state, data)


# ----------------------------------------------------------------- after the partner's answer
def _after_answers(rules: Rules, seeds: range) -> list[HandState]:
    """Play-phase states after a "yes" or a "no" (the list skips ``apply`` there for
    actions that keep two cards after a "no", and for every discard that keeps a card
    after a "yes"): from random play, each ask answered both ways, the asker's turn then
    played on at random to its end."""
    found: list[HandState] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(rules, rng, dealer=seed % rules.players)
        while not state.over:
            legal = legal_actions(state)
            if state.phase is Phase.ANSWER:
                for answer in (YES, NO):
                    turn = apply(state, answer)
                    while not turn.over and turn.permission:
                        found.append(turn)
                        options = legal_actions(turn)
                        turn = apply(turn, options[int(rng.random() * len(options))])
            state = apply(state, ASK if ASK in legal else legal[int(rng.random() * len(legal))])
    return found


@pytest.mark.parametrize("preset", ["classic", "samba", "modern-american", "maison"])
def test_the_list_after_an_answer_is_what_apply_accepts(preset: str) -> None:
    rules = variants.get(preset, 4)
    answered = _after_answers(rules, range(12))
    assert len(answered) >= 20, "random play should reach answered turns"
    answers = Counter(s.permission for s in answered)
    assert answers["yes"] and answers["no"]
    for state in answered:
        legal = legal_actions(state)
        drafted = set(candidates(state)[0])
        accepted = {a for a in drafted | {Discard(c) for c in state.hands[state.turn]} if is_legal(state, a)}
        assert set(legal) == accepted, to_position(state)
        assert drafted >= accepted
