"""The engine's side of the screens' protocol (``canasta.protocol``): records built from
the state and its actions, so that no screen decides a rule again.

- :func:`action_record`: an action as an :class:`~canasta.protocol.ActionRecord`, with
  the keys that say which other cards play the same action (a card's kind; its code in a
  sequence, where the suit matters: RULES.md 4);
- :func:`meld_records`: a side's melds, each with its notation id, kind and canasta
  state as the scoring counts it (RULES.md 1, 3, 4);
- :func:`hand_kinds`: the kind of each card of a hand, for matching a selection;
- :func:`screen_records`: all of these for one seat, as a snapshot carries them;
- :func:`move_entry`: one action as the host's log keeps it, for the screens to say what
  happened (issue 40, "see what happened").
"""

from __future__ import annotations

from typing import Any

from .actions import Action, Add, Answer, Discard, Draw, Meld, Merge, Swap, Take
from .cards import Card
from .errors import IllegalAction
from .legal import legal_actions
from .melds import BLACK_THREES, GROUP, SEQUENCE, WILD, TableMeld
from .play import target_index
from .protocol import ActionRecord, MeldRecord
from .rules import Rules
from .state import HandState

Cards = tuple[Card, ...]


def meld_ids(melds: tuple[TableMeld, ...]) -> list[str]:
    """The notation's target for each of a side's melds (docs/notation.md): a group's
    rank letter where the side holds one group of that rank, else ``#n``."""
    ranks = [m.rank for m in melds if m.kind is GROUP]
    return [m.rank if m.kind is GROUP and ranks.count(m.rank) == 1 else f"#{i}" for i, m in enumerate(melds)]


def canasta_kind(rules: Rules, meld: TableMeld) -> str:
    """What the meld scores as once complete, or "" before (scoring.score_hand's lines):
    a group is natural, mixed, or special (Modern American's natural 7s or Aces, RULES.md
    3); a sequence is complete at ``sequence_max`` (a samba, RULES.md 4); a wild-card meld
    at the canasta size (RULES.md 3, 5)."""
    if meld.kind is SEQUENCE:
        if meld.size < rules.sequence_max:
            return ""
        return "sequence" if meld.natural else "wild_sequence"
    if meld.kind is BLACK_THREES or not meld.is_canasta(rules):
        return ""
    if meld.kind is WILD:
        return "wild"
    if meld.natural:
        return "special" if meld.rank in dict(rules.special_canasta_bonus) else "natural"
    return "mixed"


def meld_records(state: HandState, side: int) -> list[MeldRecord]:
    """``side``'s melds as the screens show them."""
    r = state.rules
    melds = state.melds[side]
    ids = meld_ids(melds)
    return [MeldRecord(ids[i], side, i, m.kind.value, m.rank if m.kind in (GROUP, BLACK_THREES) else "", m.suit,
                       [c.text for c in m.cards], m.wilds, canasta_kind(r, m), m.full(r))
            for i, m in enumerate(melds)]


def hand_kinds(hand: Cards) -> dict[str, str]:
    """Each card code of a hand with its kind (``Card.kind``)."""
    return {c.text: c.kind for c in hand}


def _spans_ranks(cards: Cards) -> bool:
    """Naturals of more than one rank: a sequence, where each card's suit matters."""
    ranks = {c.rank for c in cards if c.natural}
    return len(ranks) > 1


def _keys(groups: tuple[Cards, ...], exact: list[bool]) -> list[list[str]] | None:
    """Per card, what another card must share to play the same action: its code where
    the suit matters (a sequence's naturals), else its kind (DESIGN.md: suits never
    change what a group may do). None when no group needs a code: the protocol then
    takes each card's kind, and the record stays small."""
    if not any(exact):
        return None
    return [[c.text if x and c.natural else c.kind for c in g] for g, x in zip(groups, exact)]


def _target_meld(state: HandState, target: str) -> TableMeld | None:
    """The meld of the side in turn that ``target`` names (None if it names none), as
    ``apply`` reads it (``play.target_index``)."""
    side = state.turn % state.rules.sides
    try:
        return state.melds[side][target_index(state, side, target)]
    except IllegalAction:
        return None


def action_record(state: HandState, action: Action) -> ActionRecord:
    """``action`` (played in ``state`` by the seat in turn) as a protocol record."""
    text = str(action)
    verb = text.split()[0]
    if isinstance(action, Take):
        groups = (action.cards,) + action.extra if action.cards else ()
        onto = _target_meld(state, action.target) if action.target else None
        top = state.discard[-1:] if state.discard else ()
        first_exact = (onto is not None and onto.kind is SEQUENCE) or _spans_ranks(action.cards + tuple(top))
        keys = _keys(groups, [first_exact if n == 0 else _spans_ranks(g) for n, g in enumerate(groups)])
        return ActionRecord(verb, text, [[c.text for c in g] for g in groups], action.target, keys=keys)
    if isinstance(action, Meld):
        return ActionRecord(verb, text, [[c.text for c in g] for g in action.melds],
                            keys=_keys(action.melds, [_spans_ranks(g) for g in action.melds]))
    if isinstance(action, Add):
        onto = _target_meld(state, action.target)
        exact = onto is not None and onto.kind is SEQUENCE
        return ActionRecord(verb, text, [[c.text for c in action.cards]], action.target,
                            keys=_keys((action.cards,), [exact]))
    if isinstance(action, Discard):
        return ActionRecord(verb, text, [[action.card.text]])
    if isinstance(action, Merge):
        return ActionRecord(verb, text, target=f"#{action.first}", other=f"#{action.second}")
    if isinstance(action, Swap):
        return ActionRecord(verb, text, [[action.card.text]], action.target, wild=action.wild.text)
    if isinstance(action, Answer):
        return ActionRecord(verb, text, answer="yes" if action.yes else "no")
    return ActionRecord(verb, text)


def screen_records(state: HandState, seat: int, acting: bool = True) -> dict[str, Any]:
    """What a screen needs of ``state`` for ``seat``, as JSON: the seat's legal actions
    when it is to act and ``acting`` (``legal`` texts and ``actions`` records, else both
    empty: a still), every side's melds and the kinds of the seat's hand cards."""
    actions = legal_actions(state) if acting and not state.over and state.turn == seat else ()
    return {"legal": [str(a) for a in actions],
            "actions": [action_record(state, a).to_json() for a in actions],
            "melds": [[m.to_json() for m in meld_records(state, side)] for side in range(state.rules.sides)],
            "kinds": hand_kinds(state.hands[seat])}


def move_entry(state: HandState, action: Action, hand: int, reason: dict[str, Any] | None = None) -> dict[str, Any]:
    """``action``, about to be played in ``state`` by the seat in turn, as a log entry:
    ``seat``, ``action`` (the notation), ``hand`` (from 1), ``record`` (the action's
    record without its keys: the cards played, a multi-group meld as its groups), and
    what the screens cannot count afterwards: ``taken``, how many cards the pile held
    when it was taken (the whole pile goes to the taker, RULES.md 2 "Taking the
    pile"), and ``drawn``, how many cards a draw takes from the stock (Samba draws two,
    RULES.md 4). A bot's move carries ``reason``, the hint reason of the move
    (``bots.hints.explain``), for the option that shows why a bot played it. A draw's
    record names no card: the log is public."""
    record = action_record(state, action).to_json()
    record.pop("keys", None)
    entry: dict[str, Any] = {"seat": state.turn, "action": record["text"], "hand": hand, "record": record}
    if isinstance(action, Take):
        entry["taken"] = len(state.discard)
    elif isinstance(action, Draw):
        entry["drawn"] = min(state.rules.draw_count, len(state.stock))
    if reason is not None:
        entry["reason"] = reason
    return entry
