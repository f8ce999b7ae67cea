"""What a screen's intent means: an :class:`~canasta.protocol.ActionRecord` holding the
player's own cards, with what the player did not say filled in by the engine.

A player selects cards and presses a button; the screen does not know the rules, so it
does not decide which of several selected groups goes with the pile's top card, nor
which meld the cards of an "add" join. :func:`resolve` tries the readings the rules
allow, in a fixed order, and returns the first one ``apply`` accepts; when none is
legal it raises the refusal of the most plausible reading, so the explanation names the
rule the player met. Nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .actions import ASK, DRAW, MELD_INDICES, NO, PASS, SHORT, YES, Action, Add, Discard, Meld, Merge, Swap, Take
from .cards import Card, parse_card, sort_cards
from .errors import IllegalAction, NotationError, echo
from .legal import is_legal, legal_actions
from .protocol import ActionRecord
from .records import meld_ids
from .state import HandState

Cards = tuple[Card, ...]


def _cards(record: ActionRecord) -> tuple[Cards, ...]:
    """The record's groups as cards (NotationError ``bad_card`` for a bad code)."""
    return tuple(tuple(parse_card(code) for code in group) for group in record.groups if group)


def _one_card(record: ActionRecord) -> Card:
    groups = _cards(record)
    if len(groups) != 1 or len(groups[0]) != 1:
        raise NotationError("bad_action", f"{record.verb} plays exactly one card", verb=record.verb)
    return groups[0][0]


def _first_legal(state: HandState, readings: Iterator[Action]) -> Action:
    """The first reading ``apply`` accepts; else the first reading (``apply`` explains
    why it is refused)."""
    first: Action | None = None
    for action in readings:
        if first is None:
            first = action
        if is_legal(state, action):
            return action
    if first is None:
        raise NotationError("bad_action", "no action matches this intent")
    return first


def _side_ids(state: HandState) -> list[str]:
    return meld_ids(state.melds[state.turn % state.rules.sides])


def _takes(state: HandState, record: ActionRecord) -> Iterator[Action]:
    """Take the pile: each group in turn as the one that goes with the top card (first
    the groups whose natural cards are of the top card's rank), the others as new melds
    laid with it (RULES.md 2, "Taking the discard pile"); then, where only a named meld
    can take it (Samba's sequences and second groups, docs/notation.md), onto each of
    the side's melds."""
    groups = _cards(record)
    targets = [record.target] if record.target else [""] + [f"#{i}" for i in range(len(_side_ids(state)))]
    if not groups:
        for target in targets:
            yield Take(target=target)
        return
    top = state.discard[-1] if state.discard else None
    rank = top.rank if top else ""
    order = sorted(range(len(groups)), key=lambda n: not all(c.rank == rank for c in groups[n] if c.natural))
    for target in targets:
        for n in order:
            rest = tuple(sort_cards(g) for k, g in enumerate(groups) if k != n)
            yield Take(sort_cards(groups[n]), rest, target)


def _adds(state: HandState, record: ActionRecord) -> Iterator[Action]:
    """Add cards to a meld: the one named, else each of the side's melds, the group of
    the cards' rank first (RULES.md 2: "adding to a meld")."""
    groups = _cards(record)
    if len(groups) != 1:
        raise NotationError("bad_action", "add plays one group of cards", verb="add")
    cards = sort_cards(groups[0])
    if record.target:
        yield Add(record.target, cards)
        return
    ids = _side_ids(state)
    ranks = {c.rank for c in cards if c.natural}
    ordered = sorted(range(len(ids)), key=lambda i: ids[i] not in ranks)
    for i in ordered:
        yield Add(ids[i], cards)


def _swaps(state: HandState, record: ActionRecord) -> Iterator[Action]:
    """Swap a natural card from hand for a wild card of one of the side's groups
    (seed 003, RULES.md 4): the meld and the wild card named, else each possible."""
    card = _one_card(record)
    melds = state.melds[state.turn % state.rules.sides]
    ids = _side_ids(state)
    for i, m in enumerate(melds):
        if record.target and ids[i] != record.target and f"#{i}" != record.target:
            continue
        wilds = [parse_card(record.wild)] if record.wild else sorted({c for c in m.cards if c.wild},
                                                                      key=lambda c: c.order)
        for wild in wilds:
            yield Swap(ids[i], card, wild)
    if record.target and record.wild:
        yield Swap(record.target, card, parse_card(record.wild))


def _index(target: str) -> int:
    """A meld named ``#n`` by its place in the side's list (``actions.MELD_INDICES``)."""
    n = MELD_INDICES.get(target)
    if n is None:
        raise NotationError("bad_action", f"a merge names two melds as #n, not {echo(target, SHORT)}",
                            target=echo(target, SHORT))
    return n


def _merges(state: HandState, record: ActionRecord) -> Iterator[Action]:
    """Make two groups of a rank one (Samba, RULES.md 4): the two named, else the first
    listed merge."""
    if record.target or record.other:
        first, second = sorted((_index(record.target), _index(record.other)))
        yield Merge(first, second)
        return
    yield from (a for a in legal_actions(state) if isinstance(a, Merge))


def _answer(state: HandState, record: ActionRecord) -> Iterator[Action]:
    if record.answer not in ("yes", "no"):
        raise NotationError("bad_action", "an answer is yes or no", verb="answer")
    yield YES if record.answer == "yes" else NO


_READINGS: dict[str, Callable[[HandState, ActionRecord], Iterator[Action]]] = {
    "draw": lambda state, record: iter((DRAW,)),
    "pass": lambda state, record: iter((PASS,)),
    "ask": lambda state, record: iter((ASK,)),
    "answer": _answer,
    "discard": lambda state, record: iter((Discard(_one_card(record)),)),
    "meld": lambda state, record: iter((Meld(tuple(sort_cards(g) for g in _cards(record))),)),
    "take": _takes,
    "add": _adds,
    "swap": _swaps,
    "merge": _merges,
}


def resolve(state: HandState, record: ActionRecord) -> Action:
    """The action ``record`` means for the seat in turn: a legal reading when there is one,
    else the most plausible one (playing it raises the refusal that explains why).
    Raises :class:`NotationError` when the record cannot be read at all, and
    :class:`IllegalAction` ``ambiguous_target`` when cards fit several melds and the
    player must name one."""
    readings = _READINGS.get(record.verb)
    if readings is None:
        raise NotationError("bad_action", f"unknown verb {record.verb!r}", verb=record.verb)
    if record.verb == "add" and not record.target:
        legal = [a for a in readings(state, record) if is_legal(state, a)]
        if len(legal) > 1:
            raise IllegalAction("ambiguous_target", "these cards fit several of your melds: choose one",
                                target=", ".join(a.target for a in legal if isinstance(a, Add)))
    return _first_legal(state, readings(state, record))
