"""Positions as JSON, in and out (NOTATION.md "Position").

``to_position(state)`` gives the JSON-ready dict; ``from_position(data)`` reads one and
refuses, with a :class:`NotationError` naming the field, anything malformed: unknown
variant, wrong player count, bad cards, too many copies of a card, a meld that is not
legal, a seat or phase out of range.

Extensions (``docs/notation.md``): ``rules`` (overrides of the preset's parameters),
``asker``, ``permission``, ``asked``, ``fresh``, ``took_pile``, ``acted``, ``old_melds``,
``touched_old`` (the state of the turn in progress), ``ending``/``out_seat``/
``concealed`` for a finished hand, ``whole_canastas`` (per side, the indices of the
canastas laid whole from hand: D7's concealed canasta bonus) and ``played`` (per seat:
has ended a turn this hand; seed 004's first-turn rule). A wild-card meld is a list of
wild cards (RULES.md 3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cards import Card, parse_cards, sort_cards
from .errors import CanastaError, NotationError, echo
from .legal import legal_actions
from .limits import check_data, loads
from .melds import SEQUENCE, WILD_RANK, TableMeld, new_meld
from .rules import Rules
from .state import Ending, HandState, Phase
from .variants import get as get_variant
from .variants import overrides_of

_KEYS = {"variant", "players", "rules", "scores", "dealer", "turn", "phase", "hands", "melds", "red_threes",
         "discard", "stock", "melded_this_hand", "asker", "permission", "asked", "fresh", "took_pile", "acted",
         "old_melds", "touched_old", "ending", "out_seat", "concealed", "whole_canastas", "played"}


def _cards(data: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(data, list):
        raise NotationError("bad_position", f"{where}: expected a list of cards", field=where)
    try:
        return parse_cards(data)
    except NotationError as e:
        raise NotationError("bad_position", f"{where}: {e.message}", field=where) from None


def _int(data: dict[str, Any], key: str, default: int | None = None, lo: int | None = None,
         hi: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError("bad_position", f"{key}: expected an integer", field=key)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise NotationError("bad_position", f"{key}: {value} is out of range", field=key)
    return value


def _bools(data: dict[str, Any], key: str, n: int, default: bool = False) -> tuple[bool, ...]:
    value = data.get(key)
    if value is None:
        return (default,) * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, bool) for v in value):
        raise NotationError("bad_position", f"{key}: expected {n} booleans", field=key)
    return tuple(value)


def rules_for(data: dict[str, Any]) -> Rules:
    """The rules a position or record names: ``variant`` + ``players`` + ``rules`` overrides."""
    variant = data.get("variant", "classic")
    if not isinstance(variant, str):
        raise NotationError("bad_position", "variant: expected a preset name", field="variant")
    players = data.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise NotationError("bad_position", "players: expected an integer", field="players")
    try:
        rules = get_variant(variant, players)
        overrides = data.get("rules")
        if overrides is not None:
            rules = Rules.with_overrides(rules, overrides)
    except CanastaError as e:
        raise NotationError("bad_position", e.message, field="rules") from None
    return rules


def from_position(data: Any) -> HandState:
    """Read a position (a dict, or a JSON string) into a HandState. Text and data past
    ``canasta.limits`` (size, depth, integers) are refused with ``bad_position``."""
    if isinstance(data, str):
        data = loads(data, "bad_position", "position")
    else:
        check_data(data, "bad_position", "position")
    if not isinstance(data, dict):
        raise NotationError("bad_position", "a position is a JSON object")
    unknown = set(data) - _KEYS
    if unknown:
        raise NotationError("bad_position", f"unknown position field(s): {', '.join(sorted(unknown))}",
                            field=sorted(unknown)[0])
    rules = rules_for(data)
    n, sides = rules.players, rules.sides
    for key in ("hands", "turn", "phase"):
        if key not in data:
            raise NotationError("bad_position", f"{key}: missing", field=key)
    hands_raw = data["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise NotationError("bad_position", f"hands: expected {n} hands", field="hands")
    hands = tuple(sort_cards(_cards(h, f"hands[{i}]")) for i, h in enumerate(hands_raw))
    scores_raw = data.get("scores", [0] * sides)
    if (not isinstance(scores_raw, list) or len(scores_raw) != sides
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores_raw)):
        raise NotationError("bad_position", f"scores: expected {sides} integers", field="scores")
    melds_raw = data.get("melds", [[] for _ in range(sides)])
    if not isinstance(melds_raw, list) or len(melds_raw) != sides:
        raise NotationError("bad_position", f"melds: expected {sides} lists of melds", field="melds")
    melds: list[tuple[TableMeld, ...]] = []
    for s, side_melds in enumerate(melds_raw):
        if not isinstance(side_melds, list):
            raise NotationError("bad_position", f"melds[{s}]: expected a list of melds", field="melds")
        built = []
        for k, m in enumerate(side_melds):
            cards = _cards(m, f"melds[{s}][{k}]")
            try:
                built.append(new_meld(rules, cards))
            except CanastaError as e:
                raise NotationError("bad_position", f"melds[{s}][{k}]: {e.message}", field="melds") from None
        built = [replace(m, whole=False) for m in built]
        for rank in {m.rank for m in built if m.kind is not SEQUENCE}:
            same = [m for m in built if m.rank == rank and m.kind is not SEQUENCE]
            # Up to ``groups_per_rank`` groups of a rank (Samba: two, RULES.md 4); more only
            # where the rules allow a new one once the others are full (RULES.md 3): at most
            # one of them is not full.
            if len(same) <= (rules.groups_per_rank if rank not in ("3", WILD_RANK) else 1):
                continue
            if (sum(1 for m in same if not m.full(rules)) > 1
                    or (rank != WILD_RANK and not rules.new_group_when_full)):
                raise NotationError("bad_position", f"melds[{s}]: two melds of the same rank", field="melds")
        melds.append(tuple(built))
    whole_raw = data.get("whole_canastas", [[] for _ in range(sides)])
    if (not isinstance(whole_raw, list) or len(whole_raw) != sides
            or not all(isinstance(w, list) and all(isinstance(i, int) and not isinstance(i, bool) for i in w)
                       for w in whole_raw)):
        raise NotationError("bad_position", f"whole_canastas: expected {sides} lists of meld indices",
                            field="whole_canastas")
    for s, indices in enumerate(whole_raw):
        side_melds = list(melds[s])
        for i in indices:
            if not 0 <= i < len(side_melds) or not side_melds[i].is_canasta(rules):
                raise NotationError("bad_position", f"whole_canastas[{s}]: {i} is not a canasta of side {s}",
                                    field="whole_canastas")
            side_melds[i] = replace(side_melds[i], whole=True)
        melds[s] = tuple(side_melds)
    threes_raw = data.get("red_threes", [[] for _ in range(sides)])
    if not isinstance(threes_raw, list) or len(threes_raw) != sides:
        raise NotationError("bad_position", f"red_threes: expected {sides} lists", field="red_threes")
    threes = tuple(_cards(t, f"red_threes[{i}]") for i, t in enumerate(threes_raw))
    for t in threes:
        if any(c.kind not in rules.bonus_threes for c in t):
            raise NotationError("bad_position", "red_threes: only bonus threes", field="red_threes")
    discard = _cards(data.get("discard", []), "discard")
    stock = _cards(data.get("stock", []), "stock")
    phase_raw = data["phase"]
    try:
        phase = Phase(phase_raw)
    except ValueError:
        raise NotationError("bad_position", f"phase: {echo(phase_raw)} is not draw, play, answer or over",
                            field="phase") from None
    turn = _int(data, "turn", lo=0, hi=n - 1)
    dealer = _int(data, "dealer", (turn - 1) % n, lo=0, hi=n - 1)
    asker = _int(data, "asker", -1, lo=-1, hi=n - 1)
    if phase is Phase.ANSWER:
        if asker < 0:
            # The asker is the teammate who asks the seat in turn: the one before it.
            asker = (turn - sides) % n
        if asker % sides != turn % sides or asker == turn:
            raise NotationError("bad_position", "asker: must be a partner of the seat in turn", field="asker")
    permission = data.get("permission", "")
    if permission not in ("", "yes", "no"):
        raise NotationError("bad_position", "permission: '', 'yes' or 'no'", field="permission")
    try:
        ending = Ending(data.get("ending", ""))
    except ValueError:
        raise NotationError("bad_position", "ending: not a known ending", field="ending") from None
    melded = _bools(data, "melded_this_hand", n)
    state = HandState(
        rules=rules, scores=tuple(scores_raw), dealer=dealer, turn=turn, phase=phase, hands=hands,
        melds=tuple(melds), threes=threes, discard=discard, stock=stock, melded=melded,
        fresh=_flag(data, "fresh", not melded[asker if phase is Phase.ANSWER else turn]),
        took_pile=_flag(data, "took_pile", False), acted=_flag(data, "acted", False),
        old_melds=_int(data, "old_melds", len(melds[(asker if phase is Phase.ANSWER else turn) % sides]), lo=0),
        touched_old=_flag(data, "touched_old", False), asker=asker, permission=permission,
        asked=_bools(data, "asked", n), ending=ending, out_seat=_int(data, "out_seat", -1, lo=-1, hi=n - 1),
        concealed=_flag(data, "concealed", False),
        played=_bools(data, "played", n, True),
    )
    _check_counts(state)
    _check_can_act(state)
    return state


def _flag(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise NotationError("bad_position", f"{key}: expected true or false", field=key)
    return value


def _check_counts(state: HandState) -> None:
    """No card may occur more often than the decks hold (NOTATION.md "Position")."""
    r = state.rules
    for c, k in state.cards_in_play().items():
        limit = r.joker_copies if c.rank == "JK" else r.card_copies
        if k > limit:
            raise NotationError("too_many_copies", f"{c.text} occurs {k} times; the decks hold {limit}",
                                card=c.text, count=k, limit=limit)


def _check_can_act(state: HandState) -> None:
    """A position is accepted only if the seat to act has a legal action (issue 36): an
    empty hand in the play phase, or a partner's "yes" when no going out exists, would
    leave every screen and bot with nothing to do."""
    if state.phase is Phase.OVER or legal_actions(state):
        return
    raise NotationError("bad_position", f"seat {state.turn} has no legal action in this position ({state.phase.value} phase)",
                        field="phase", seat=state.turn)


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [c.text for c in cards]


def to_position(state: HandState) -> dict[str, Any]:
    """The position as JSON-ready data; ``rules`` lists only what differs from the preset."""
    r = state.rules
    out: dict[str, Any] = {"variant": r.name, "players": r.players}
    overrides = overrides_of(r)
    if overrides:
        out["rules"] = overrides
    out.update({
        "scores": list(state.scores),
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "hands": [_texts(h) for h in state.hands],
        "melds": [[_texts(m.cards) for m in ms] for ms in state.melds],
        "red_threes": [_texts(t) for t in state.threes],
        "discard": _texts(state.discard),
        "stock": _texts(state.stock),
        "melded_this_hand": list(state.melded),
    })
    extra: dict[str, Any] = {
        "asker": state.asker, "permission": state.permission, "asked": list(state.asked),
        "fresh": state.fresh, "took_pile": state.took_pile, "acted": state.acted, "old_melds": state.old_melds,
        "touched_old": state.touched_old, "ending": state.ending.value, "out_seat": state.out_seat,
        "concealed": state.concealed, "played": list(state.played),
        "whole_canastas": [[i for i, m in enumerate(ms) if m.whole and m.is_canasta(r)] for ms in state.melds],
    }
    out.update(extra)
    return out
