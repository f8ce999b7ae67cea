"""A whole game: hands in turn, scores, the target and the tie rule, views, records
(RULES.md 2 "Game end"; DESIGN.md conventions 3, 6; NOTATION.md)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from canasta import variants
from canasta.actions import parse_action
from canasta.cards import ALL_CARDS
from canasta.errors import IllegalAction, NotationError
from canasta.game import RECORD_FORMAT, RECORD_VERSION, Game
from canasta.notation import from_position, to_position
from canasta.scoring import score_hand
from canasta.state import HandState
from canasta.views import view
from randomplay import PLAYER_COUNTS, random_states

CARD_TEXTS = {c.text for c in ALL_CARDS}


def play_hand(game: Game, rng: random.Random) -> None:
    while not game.state.over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])


# ----------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_reaches_a_winner(players: int, seed: int) -> None:
    game = Game("classic", seed=seed, players=players)
    rules = game.rules
    assert rules == variants.get("classic", players)
    rng = random.Random(seed)
    dealers: list[int] = []
    sums = [0] * rules.sides
    minima: set[int] = set()
    while True:
        state = game.state
        dealers.append(state.dealer)
        # each hand starts from the cumulative scores, which set the initial-meld minimum
        assert state.scores == game.scores
        for side in range(rules.sides):
            need = state.initial_minimum(side)
            assert need == rules.initial_meld_minimum(game.scores[side])
            assert game.view(side)["initial_minimums"][side] == need
            minima.add(need)
        assert state.turn == (state.dealer + 1) % players
        play_hand(game, rng)
        sheet = game.results[-1]
        assert [s.total for s in sheet] == [s.total for s in score_hand(game.state)]
        sums = [a + s.total for a, s in zip(sums, sheet)]
        assert list(game.scores) == sums  # cumulative = sum of the hand results
        if game.over:
            break
        assert len(dealers) < 60, "no winner in 60 hands"
        with pytest.raises(IllegalAction):
            game.apply("draw")  # the hand is over
        game.next_hand()
    assert len(game.results) == len(game.hand_actions) == len(dealers)
    # the deal passes clockwise
    first = game.first_dealer
    assert dealers == [(first + i) % players for i in range(len(dealers))]
    # the winner reached the target with the highest total
    w = game.winner
    assert w is not None
    assert game.scores[w] >= game.target
    assert all(game.scores[w] > s for i, s in enumerate(game.scores) if i != w)
    assert game.view(0)["winner"] == w and game.view(0)["game_over"]
    with pytest.raises(IllegalAction) as e:
        game.next_hand()
    assert e.value.code == "game_over"
    assert len(minima) >= 2  # the scores moved the minimum during the game


def test_next_hand_needs_the_hand_to_be_over() -> None:
    game = Game("classic", seed=3)
    with pytest.raises(IllegalAction) as e:
        game.next_hand()
    assert e.value.code == "hand_in_progress"
    assert len(game.hand_actions) == 1


def test_same_seed_same_game() -> None:
    a, b = Game("classic", seed=11), Game("classic", seed=11)
    assert a.state == b.state and a.first_dealer == b.first_dealer
    ra, rb = random.Random(0), random.Random(0)
    play_hand(a, ra)
    play_hand(b, rb)
    a.next_hand()
    b.next_hand()
    assert a.state == b.state
    assert Game("classic", seed=12).state != Game("classic", seed=11).state


def test_first_dealer_may_be_given_without_changing_the_cards() -> None:
    a = Game("classic", seed=5)
    b = Game("classic", seed=5, first_dealer=(a.first_dealer + 1) % 4)
    assert b.state.dealer == (a.state.dealer + 1) % 4
    assert b.state.turn == (b.state.dealer + 1) % 4
    with pytest.raises(NotationError):
        Game("classic", seed=5, first_dealer=4)


def test_a_seed_is_an_integer() -> None:
    with pytest.raises(NotationError) as e:
        Game("classic", seed="7")  # type: ignore[arg-type]
    assert e.value.code == "bad_seed"


# ----------------------------------------------------------------- the end of the game and the tie rule
def _ending_position() -> dict[str, Any]:
    """Seat 0 goes out with 'meld 7S 7S 7H 7H 7D 7D 7C'."""
    return {
        "variant": "classic", "players": 4, "turn": 0, "phase": "play",
        "hands": [["7S", "7S", "7H", "7H", "7D", "7D", "7C"], ["5H"], ["9C"], ["8C"]],
        "melds": [[["KS", "KH", "KD"]], [["JS", "JH", "JD"]]],
        "discard": ["TH"], "stock": ["AS", "AH"], "melded_this_hand": [True, False, True, False],
    }


def _finish_with_scores(before: tuple[int, int]) -> Game:
    game = Game("classic", seed=1)
    game.state = from_position(_ending_position())
    game.scores = before
    game.apply("meld 7S 7S 7H 7H 7D 7D 7C")
    return game


def test_hand_sheet_of_the_ending_position() -> None:
    game = _finish_with_scores((0, 0))
    # side 0: melds 30 + 35, natural canasta 500, going out 100, seat 2 holds 9C (10)
    # side 1: melds 30, seats 1 and 3 hold 5H and 8C (15)
    assert [s.total for s in game.results[-1]] == [655, 15]
    assert game.scores == (655, 15)
    assert not game.over and game.target == 5000


def test_exact_tie_at_the_target_raises_it_by_500() -> None:
    game = _finish_with_scores((5000 - 655, 5000 - 15))
    assert game.scores == (5000, 5000)
    assert game.winner is None and not game.over
    assert game.target == 5500
    assert game.view(1)["target"] == 5500
    dealer = game.state.dealer
    game.next_hand()  # another hand is played
    assert game.state.dealer == (dealer + 1) % 4
    assert game.state.scores == (5000, 5000)


def test_exact_tie_above_the_target_raises_it_by_500() -> None:
    game = _finish_with_scores((6000 - 655, 6000 - 15))
    assert game.scores == (6000, 6000)
    assert game.winner is None and not game.over
    assert game.target == 5000 + 500


def test_after_a_tie_the_next_hand_decides() -> None:
    game = _finish_with_scores((5000 - 655, 5000 - 15))
    assert game.target == 5500
    game.next_hand()
    game.state = from_position(_ending_position())
    game.apply("meld 7S 7S 7H 7H 7D 7D 7C")
    assert game.scores == (5655, 5015)
    assert game.winner == 0


def test_both_past_the_target_the_higher_total_wins() -> None:
    game = _finish_with_scores((5000, 5500))
    assert game.scores == (5655, 5515)
    assert game.winner == 0 and game.over


def test_a_side_below_target_does_not_win() -> None:
    game = _finish_with_scores((4000, 4984))
    assert game.scores == (4655, 4999)
    assert game.winner is None
    game = _finish_with_scores((4345, 0))
    assert game.scores == (5000, 15)
    assert game.winner == 0  # reaching the target exactly is enough


# ----------------------------------------------------------------- illegal actions change nothing
@pytest.mark.parametrize("action", ["discard KH", "meld KS KH KD", "answer yes", "pass", "add K 2C", "ask"])
def test_an_illegal_action_leaves_the_game_unchanged(action: str) -> None:
    game = Game("classic", seed=4)
    rng = random.Random(4)
    for _ in range(3):
        game.apply(game.legal_actions()[int(rng.random() * len(game.legal_actions()))])
    before_state = game.state
    before_pos = to_position(game.state)
    before_actions = [list(h) for h in game.hand_actions]
    assert parse_action(action) not in game.legal_actions()
    with pytest.raises(IllegalAction) as e:
        game.apply(action)
    assert e.value.code and e.value.message
    assert game.state is before_state
    assert to_position(game.state) == before_pos
    assert game.hand_actions == before_actions
    assert game.results == []


def test_an_unreadable_action_leaves_the_game_unchanged() -> None:
    game = Game("classic", seed=4)
    before = game.state
    with pytest.raises(NotationError):
        game.apply("discard")
    assert game.state is before and game.hand_actions == [[]]


# ----------------------------------------------------------------- views
def _card_strings(data: Any) -> Counter[str]:
    """Every string anywhere in the JSON data that is a card text."""
    out: Counter[str] = Counter()
    if isinstance(data, str):
        if data in CARD_TEXTS:
            out[data] += 1
    elif isinstance(data, dict):
        for k, v in data.items():
            out += _card_strings(k) + _card_strings(v)
    elif isinstance(data, list):
        for v in data:
            out += _card_strings(v)
    return out


def _visible(state: HandState, seat: int) -> Counter[str]:
    seen: Counter[str] = Counter(c.text for c in state.hands[seat])
    for ms in state.melds:
        for m in ms:
            seen.update(c.text for c in m.cards)
    for t in state.threes:
        seen.update(c.text for c in t)
    seen.update(c.text for c in state.discard)
    if state.discard:
        seen[state.discard[-1].text] += 1  # discard_top repeats the top card
    return seen


def _hide(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same state with every card the seat cannot see dealt again at random."""
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.stock)
    rng.shuffle(hidden)
    hands = list(state.hands)
    k = 0
    for s, h in enumerate(state.hands):
        if s != seat:
            hands[s] = tuple(sorted(hidden[k:k + len(h)], key=lambda c: c.order))
            k += len(h)
    return state.with_(hands=tuple(hands), stock=tuple(hidden[k:]))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_views_show_nothing_hidden(players: int) -> None:
    rules = variants.get("classic", players)
    rng = random.Random(players)
    checked = 0
    for seed in range(2):
        for i, state in enumerate(random_states(rules, seed, 400)):
            if i % 3:
                continue
            for seat in range(players):
                v = view(state, seat)
                text = json.dumps(v)  # JSON-ready
                assert json.loads(text) == v
                assert v["hand"] == [c.text for c in state.hands[seat]]
                assert v["hand_counts"] == [len(h) for h in state.hands]
                assert v["stock_size"] == len(state.stock)
                assert _card_strings(v) == _visible(state, seat)
                # what the seat cannot see does not change its view
                assert view(_hide(state, seat, rng), seat) == v
                checked += 1
    assert checked > 100


def test_game_views_add_only_public_facts() -> None:
    game = Game("classic", seed=8)
    rng = random.Random(8)
    play_hand(game, rng)
    for seat in range(4):
        v = game.view(seat)
        # The hand's public course: the pile as dealt (face up) and the actions' texts.
        assert v.pop("dealt_discard") == [c.text for c in game.dealt_discard]
        assert v.pop("actions") == game.hand_actions[-1]
        assert _card_strings(v) == _visible(game.state, seat)
        assert v["game_scores"] == list(game.scores)
        assert v["hand_number"] == 1
        assert [s["total"] for s in v["last_hand"]] == [s.total for s in game.results[-1]]


def test_view_of_a_seat_out_of_range() -> None:
    state = Game("classic", seed=1).state
    with pytest.raises(ValueError):
        view(state, 4)


# ----------------------------------------------------------------- records
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_record_replays_to_the_same_position_and_scores(players: int) -> None:
    game = Game("classic", seed=21, players=players)
    rng = random.Random(21)
    for _ in range(2):
        play_hand(game, rng)
        if game.over:
            break
        game.next_hand()
    # and halfway through a hand
    for _ in range(15):
        if game.over or game.state.over:
            break
        game.apply(game.legal_actions()[int(rng.random() * len(game.legal_actions()))])
    record = game.record()
    assert record["format"] == RECORD_FORMAT and record["version"] == RECORD_VERSION
    assert record["players"] == players and record["seed"] == 21
    text = json.dumps(record)
    replay = Game.from_record(text)
    assert to_position(replay.state) == to_position(game.state)
    assert replay.state == game.state
    assert replay.scores == game.scores
    assert replay.hand_actions == game.hand_actions
    assert [[s.total for s in r] for r in replay.results] == [[s.total for s in r] for r in game.results]
    assert replay.record() == record
    assert Game.from_record(record).state == game.state  # a dict reads the same


def test_record_of_house_rules_keeps_the_overrides() -> None:
    rules = variants.get("classic", 4).replace(target=2500, take_onto_meld=False)
    game = Game(rules, seed=2)
    rng = random.Random(2)
    play_hand(game, rng)
    record = game.record()
    assert record["rules"] == {"target": 2500, "take_onto_meld": False}
    replay = Game.from_record(json.dumps(record))
    assert replay.rules == rules
    assert replay.state == game.state and replay.scores == game.scores


def _short_record() -> dict[str, Any]:
    game = Game("classic", seed=9)
    rng = random.Random(9)
    for _ in range(10):
        game.apply(game.legal_actions()[int(rng.random() * len(game.legal_actions()))])
    return game.record()


def test_bad_json_record() -> None:
    with pytest.raises(NotationError) as e:
        Game.from_record("{\"format\": ")
    assert e.value.code == "bad_json"


@pytest.mark.parametrize("fmt", [None, "canasta-game", 1])
def test_wrong_format(fmt: Any) -> None:
    record = _short_record()
    if fmt is None:
        del record["format"]
    else:
        record["format"] = fmt
    with pytest.raises(NotationError) as e:
        Game.from_record(record)
    assert e.value.code == "bad_record"
    assert RECORD_FORMAT in e.value.message


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_wrong_version(version: Any) -> None:
    record = _short_record()
    record["version"] = version
    with pytest.raises(NotationError) as e:
        Game.from_record(json.dumps(record))
    assert e.value.code == "record_version"
    assert repr(version) in e.value.message


@pytest.mark.parametrize("k", [1, 4, 10])
def test_an_illegal_action_in_a_record_names_the_hand_and_step(k: int) -> None:
    record = _short_record()
    actions = record["hands"][0]
    bad = "answer yes"  # never legal outside the answer phase
    before = Game.from_record(dict(record, hands=[actions[:k - 1]]))
    assert before.state.phase.value != "answer"
    assert parse_action(bad) not in before.legal_actions()
    record["hands"] = [actions[:k - 1] + [bad] + actions[k:]]
    with pytest.raises(NotationError) as e:
        Game.from_record(json.dumps(record))
    assert e.value.code == "bad_record"
    assert f"hand 1, action {k}" in e.value.message
    assert repr(bad) in e.value.message
    assert (e.value.params["hand"], e.value.params["step"]) == (1, k)
    assert e.value.params["code_inner"] == "wrong_phase"


def test_an_unreadable_action_in_a_record_names_the_hand_and_step() -> None:
    record = _short_record()
    record["hands"][0][2] = "jump"
    with pytest.raises(NotationError) as e:
        Game.from_record(record)
    assert e.value.code == "bad_record"
    assert "hand 1, action 3" in e.value.message
    assert (e.value.params["hand"], e.value.params["step"]) == (1, 3)


def test_a_second_hand_before_the_first_is_over() -> None:
    record = _short_record()
    record["hands"].append(["draw"])
    with pytest.raises(NotationError) as e:
        Game.from_record(record)
    assert e.value.code == "bad_record"
    assert "hand 2" in e.value.message


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"first_dealer": "0"}, "first_dealer"),
        ({"first_dealer": 9}, "first dealer"),
        ({"hands": []}, "hands"),
        ({"hands": "draw"}, "hands"),
        ({"hands": [["draw"], "draw"]}, "hands"),
        ({"variant": "hand-and-foot"}, "hand-and-foot"),
        ({"players": 5}, "5"),
    ],
)
def test_malformed_record_fields(changes: dict[str, Any], fragment: str) -> None:
    record = dict(_short_record(), **changes)
    with pytest.raises(NotationError) as e:
        Game.from_record(record)
    assert fragment in e.value.message
