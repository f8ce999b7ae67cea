"""The screens' protocol (``canasta.protocol``, ``canasta.records``, ``canasta.intents``).

1. Records round-trip through JSON, and a record that is not of the protocol's shape is
   refused with ``ProtocolError`` (``bad_request`` through the host), never another error.
2. Every legal action's record matches its own cards, and the same selection with other
   cards of the same kinds where its keys allow; the intent built from it resolves to a
   legal action, the listed one when it names its cards and target.
3. Intents that leave things open resolve as the player means them: a take's groups in
   any order, an add with no meld named.
4. Meld records agree with the scoring: the canastas each side scores are the meld
   records marked as canastas, kind by kind, in bot-played hands of every preset.
5. Every reply of the host is one envelope carrying the protocol's version.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from canasta import variants
from canasta.actions import Add, Take
from canasta.bots import get_bot
from canasta.errors import CanastaError, IllegalAction
from canasta.game import Game
from canasta.host import Host
from canasta.intents import resolve
from canasta.legal import is_legal, legal_actions
from canasta.play import apply
from canasta.protocol import (PROTOCOL_VERSION, ActionRecord, ErrorRecord, MeldRecord, ProtocolError, find, matches,
                              reply_error)
from canasta.records import action_record, hand_kinds, meld_records
from canasta.state import HandState
from randomplay import random_states

PRESETS = [(name, players) for name, preset in sorted(variants.PRESETS.items())
           for players in preset.players]


def bot_states(name: str, players: int, seed: int, max_steps: int = 400) -> list[HandState]:
    """The states of one hand played by level-2 bots (they meld and build canastas)."""
    game = Game(name, seed=seed, players=players)
    bots = [get_bot("casual", seed * 10 + s) for s in range(players)]
    out = [game.state]
    for _ in range(max_steps):
        if game.state.over:
            break
        seat = game.state.turn
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        out.append(game.state)
    return out


@pytest.mark.parametrize("name,players", PRESETS)
def test_every_legal_record_matches_its_cards_and_resolves_to_itself(name: str, players: int) -> None:
    checked = Counter[str]()
    for state in bot_states(name, players, seed=3)[::3]:
        if state.over:
            continue
        kinds = hand_kinds(state.hands[state.turn])
        records = []
        for action in legal_actions(state):
            record = action_record(state, action)
            assert record.text == str(action)
            assert ActionRecord.from_json(json.loads(json.dumps(record.to_json()))) == record
            assert matches(record, record.groups, kinds) == record.groups
            assert matches(record, list(reversed(record.groups)), kinds) is not None
            intent = record.with_groups(record.groups)
            assert intent.text == "" and intent.groups == record.groups
            resolved = resolve(state, intent)
            assert is_legal(state, resolved), (record, resolved)
            assert str(resolved) == record.text or isinstance(resolved, Take) and len(record.groups) > 1
            records.append(record)
            checked[record.verb] += 1
        # a selection of other cards of the same kinds plays the same action
        hand = [c.text for c in state.hands[state.turn]]
        for record in records:
            if not record.groups:
                continue
            swapped = _same_kinds_other_cards(record, hand, kinds)
            if swapped is not None:
                assert any(r.verb == record.verb for r in find(records, record.verb, swapped, kinds))
                assert is_legal(state, resolve(state, ActionRecord(record.verb, groups=swapped,
                                                                   target=record.target, other=record.other,
                                                                   wild=record.wild)))
    assert checked["discard"] > 0 and checked["meld"] + checked["add"] > 0, checked


def _same_kinds_other_cards(record: ActionRecord, hand: list[str], kinds: dict[str, str]) -> list[list[str]] | None:
    """The record's groups with each card whose key is a kind replaced by another hand
    card of that kind not used yet (None when the hand holds no such other card)."""
    left = list(hand)
    for card in record.cards():
        left.remove(card)
    out = []
    changed = False
    record_keys = record.keys or [[kinds[c] for c in g] for g in record.groups]  # None: each card's kind
    for group, keys in zip(record.groups, record_keys):
        new = []
        for card, key in zip(group, keys):
            other = next((c for c in left if c != card and key != card and kinds[c] == key), None)
            if other is not None:
                left.remove(other)
                left.append(card)
                new.append(other)
                changed = True
            else:
                new.append(card)
        out.append(new)
    return out if changed else None


def test_a_take_with_groups_in_any_order_and_an_add_without_a_target() -> None:
    seen_take = seen_add = 0
    for name, players in PRESETS:
        for state in bot_states(name, players, seed=5)[::2]:
            if state.over:
                continue
            for action in legal_actions(state):
                if isinstance(action, Take) and action.extra:
                    groups = [[c.text for c in g] for g in (action.cards,) + action.extra]
                    shuffled = ActionRecord("take", groups=list(reversed(groups)), target=action.target)
                    assert is_legal(state, resolve(state, shuffled))
                    seen_take += 1
                elif isinstance(action, Add):
                    intent = ActionRecord("add", groups=[[c.text for c in action.cards]])
                    try:
                        resolved = resolve(state, intent)
                    except IllegalAction as e:  # the cards fit several melds: the player names one
                        assert e.code == "ambiguous_target"
                        continue
                    assert is_legal(state, resolved)
                    seen_add += 1
    assert seen_take > 0 and seen_add > 0


def test_an_intent_that_fits_nothing_is_explained_by_the_rule_it_breaks() -> None:
    state = next(s for s in random_states(variants.get("classic", 4), 7, 40) if s.phase.value == "play")
    hand = [c.text for c in state.hands[state.turn]]
    with pytest.raises(CanastaError) as refused:
        apply(state, resolve(state, ActionRecord("meld", groups=[hand[:1]])))
    assert refused.value.code in {"meld_too_small", "initial_meld_too_low"}
    with pytest.raises(CanastaError) as bad:
        resolve(state, ActionRecord("discard", groups=[["XX"]]))
    assert bad.value.code == "bad_card"
    with pytest.raises(CanastaError) as two:
        resolve(state, ActionRecord("discard", groups=[hand[:2]]))
    assert two.value.code == "bad_action"


@pytest.mark.parametrize("name,players", PRESETS)
def test_meld_records_count_the_canastas_the_score_sheet_counts(name: str, players: int) -> None:
    rules = variants.get(name, players)
    lines = {"natural": "natural_canastas", "mixed": "mixed_canastas", "sequence": "sambas",
             "wild_sequence": "sambas", "wild": "wild_canastas"}
    for seed in range(1, 4):
        game = Game(name, seed=seed, players=players)
        bots = [get_bot("good", seed * 10 + s) for s in range(players)]
        while not game.state.over:
            seat = game.state.turn
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        state = game.state
        for side, score in enumerate(game.results[-1]):
            records = meld_records(state, side)
            assert [m.index for m in records] == list(range(len(state.melds[side])))
            for m in records:
                assert MeldRecord.from_json(json.loads(json.dumps(m.to_json()))) == m
                assert m.cards == [c.text for c in state.melds[side][m.index].cards]
                if m.canasta:
                    assert len(m.cards) >= rules.canasta_size
            counted = Counter(lines[m.canasta] for m in records if m.canasta in lines)
            scored = {line.name: line.count for line in score.lines}
            for line in set(lines.values()):
                if line == "wild_canastas":
                    continue  # scored per meld with its own table (jokers, twos), named apart
                assert counted.get(line, 0) == scored.get(line, 0), (name, players, seed, side, line)
            special = dict(rules.special_canasta_bonus)
            points = {line.name: line.points for line in score.lines}
            assert sum(special[m.rank] for m in records if m.canasta == "special") == points.get("special_canastas", 0)


def test_records_refuse_what_is_not_of_their_shape() -> None:
    bad = [None, [], "draw", {"verb": "fly"}, {"verb": "meld", "groups": "KS"}, {"verb": "meld", "groups": [["KS", 3]]},
           {"verb": "add", "target": 3}, {"verb": "draw", "extra": 1},
           {"verb": "meld", "groups": [["KS"]], "keys": [["K", "K"]]}]
    for data in bad:
        with pytest.raises(ProtocolError):
            ActionRecord.from_json(data)
    for data in [None, {"cards": "KS"}, {"cards": [], "kind": "pile", "canasta": ""},
                 {"cards": [], "kind": "group", "canasta": "", "side": "0", "index": 0, "wilds": 0}]:
        with pytest.raises(ProtocolError):
            MeldRecord.from_json(data)
    # an error record is read from anything, so that a screen can always explain
    assert ErrorRecord.from_json({"code": "pile_frozen", "params": {"x": 1}}).key == "errors.pile_frozen"
    assert ErrorRecord.from_json("junk").code == "internal_error"
    assert reply_error({"ok": True}) is None
    assert reply_error({"ok": False, "error": {"code": "no_game"}}) == ErrorRecord("no_game")
    assert reply_error(None) is not None and reply_error(None).code == "internal_error"  # type: ignore[union-attr]


def test_every_host_reply_is_one_envelope_with_the_version() -> None:
    h = Host()
    replies = [h.snapshot(0), h.new_game("{}"), h.new_game(json.dumps({"seed": 4, "humans": [0]}))]
    snap = json.loads(replies[-1])
    replies += [h.act(0, "not json"), h.act(0, json.dumps({"verb": "fly"})), h.act(0, json.dumps({"verb": "pass"})),
                h.act(5, json.dumps({"verb": "draw"})), h.hint(0), h.save(), h.snapshot(0), h.bot_step()]
    odd_seats = [h.play(10**5000, "draw"), h.act(10**5000, json.dumps({"verb": "draw"})),  # type: ignore[arg-type]
                 h.snapshot(float("nan"))]  # type: ignore[arg-type]
    assert [json.loads(t)["error"]["code"] for t in odd_seats] == ["bad_seat"] * 3
    rng = random.Random(1)
    for _ in range(30):
        snap = json.loads(h.snapshot(0))
        if snap["hand_over"]:
            break
        if snap["human_turn"]:
            record = ActionRecord.from_json(snap["actions"][int(rng.random() * len(snap["actions"]))])
            out = json.loads(h.act(0, json.dumps(record.with_groups(record.groups).to_json())))
            assert out["ok"] and out["action"]["text"] == record.text, out
        else:
            replies.append(h.bot_step())
    for text in replies:
        reply = json.loads(text)
        if reply.get("format") == "canasta-save":
            continue  # the save object itself (host.save), kept as version 1 of the save format
        assert reply["v"] == PROTOCOL_VERSION and isinstance(reply["ok"], bool), reply
        if not reply["ok"]:
            assert set(reply["error"]) == {"code", "params", "message"}
    codes = [json.loads(t)["error"]["code"] for t in replies[3:7]]
    assert codes[:2] == ["bad_request", "bad_request"]
    assert codes[3] == "bad_seat"
