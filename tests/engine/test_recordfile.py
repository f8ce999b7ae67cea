"""Game files (``canasta.recordfile``, ``Host.export_record``/``read_record_file``; issue
41): a game exported as a file reads back to the same game, and a file that is not one,
of another version, edited since it was exported, or whose record does not replay to the
scores it states is refused with its own code, the game in progress untouched."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pytest

from canasta import recordfile
from canasta.errors import RecordFileError
from canasta.game import Game
from canasta.host import Host
from host_calls import call

META = {"names": ["Ana", "Bob"], "started": "2026-12-04T19:30:00Z", "exported": "2026-12-04T20:10:05Z"}


def played(hands: int = 2, seed: int = 7) -> Host:
    """A host whose 2-player game of bots has ``hands`` finished hands."""
    h = Host()
    call(h.new_game(json.dumps({"seed": seed, "players": 2, "humans": [], "bot": "basic"})))
    for n in range(hands):
        if n:
            call(h.next_hand())
        while not call(h.snapshot(0))["hand_over"]:
            assert call(h.bot_step())["ok"]
    return h


@lru_cache(maxsize=None)
def exported_text() -> str:
    reply = call(played().export_record(json.dumps(META)))
    assert reply["ok"], reply
    assert reply["name"] == "canasta-classic-2026-12-04.canasta.json"
    return str(reply["text"])


def exported() -> dict[str, Any]:
    data = json.loads(exported_text())
    assert isinstance(data, dict)
    return data


def refused(data: Any, *, reseal: bool = False) -> RecordFileError:
    """The error reading ``data`` (a text, or an object written as JSON; ``reseal``:
    with its digest recomputed first, as someone who edits it on purpose would)."""
    if reseal:
        data["digest"] = recordfile.digest(data)
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordFileError) as info:
        recordfile.read(text)
    return info.value


def test_a_file_reads_back_to_the_same_game_and_loads() -> None:
    h = played()
    text = call(h.export_record(json.dumps(META)))["text"]
    rf = recordfile.read(text)
    assert rf.game.record() == Game.from_record(rf.record).record()
    assert rf.names == ("Ana", "Bob") and rf.started == META["started"] and rf.exported == META["exported"]
    summary = rf.summary()
    assert summary["hands_finished"] == 2 and summary["scores"] == call(h.snapshot(0))["scores"]
    reply = call(h.read_record_file(text))
    assert reply["ok"] and reply["summary"] == summary
    other = Host()
    loaded = call(other.load(json.dumps(reply["save"])))
    assert loaded["ok"], loaded
    assert loaded["snapshot"]["history"] == call(h.snapshot(0))["history"]
    assert json.loads(other.save()) == json.loads(h.save())


def test_spacing_and_key_order_do_not_matter() -> None:
    data = exported()
    text = json.dumps(dict(reversed(list(data.items()))), indent=4)
    assert recordfile.read(text).game.scores == recordfile.read(exported_text()).game.scores


@pytest.mark.parametrize(("text", "code"), [
    ("not json {", "file_malformed"),
    ("[1, 2]", "file_format"),
    ('{"format": "canasta-save", "version": 1}', "file_format"),
    ("[" * 100 + "]" * 100, "file_malformed"),
])
def test_what_is_no_game_file_is_refused(text: str, code: str) -> None:
    assert refused(text).code == code


@pytest.mark.parametrize("version", [2, 0, True, 1.0, "1", None])
def test_another_version_is_refused(version: Any) -> None:
    data = exported()
    data["version"] = version
    assert refused(data, reseal=True).code == "file_version"


def test_a_missing_or_unknown_field_is_refused() -> None:
    data = exported()
    del data["names"]
    assert refused(data, reseal=True).code == "file_malformed"
    data = exported()
    data["comment"] = "hello"
    assert refused(data, reseal=True).code == "file_malformed"


def test_an_action_changed_to_another_legal_one_is_refused_by_the_digest() -> None:
    data = exported()
    hand = data["record"]["hands"][0]
    game = Game.from_record({**data["record"], "hands": [[]]})
    for k, text in enumerate(hand):
        others = [str(a) for a in game.legal_actions() if str(a) != text]
        if others:
            break
        game.apply(text)
    else:
        raise AssertionError("no action had another legal choice")
    hand[k] = others[0]
    error = refused(data)
    assert error.code == "file_tampered"


def test_a_score_changed_with_its_digest_recomputed_is_refused_by_the_replay() -> None:
    data = exported()
    data["hand_scores"][0][0] += 100
    data["scores"][0] += 100
    assert refused(data, reseal=True).code == "file_scores"
    data = exported()
    data["scores"][1] -= 5
    assert refused(data, reseal=True).code == "file_scores"


def test_an_illegal_action_with_its_digest_recomputed_is_refused_by_the_replay() -> None:
    data = exported()
    data["record"]["hands"][0][0] = "discard JS"
    error = refused(data, reseal=True)
    assert error.code == "file_illegal"
    assert error.params["hand"] == 1 and error.params["step"] == 1


@pytest.mark.parametrize(("field", "value"), [
    ("names", ["only one"]), ("names", ["x" * 41, "b"]), ("started", "yesterday"), ("exported", 20261204),
    ("record", []),
])
def test_bad_details_are_refused(field: str, value: Any) -> None:
    data = exported()
    data[field] = value
    assert refused(data, reseal=True).code == "file_malformed"


def test_options_that_do_not_match_the_record_are_refused_by_the_host() -> None:
    h = played(1)
    before = h.save()
    data = exported()
    data["options"]["seed"] += 1
    data["digest"] = recordfile.digest(data)
    reply = call(h.read_record_file(json.dumps(data)))
    assert reply["error"]["code"] == "file_malformed"
    data["options"] = {"variant": "nonsense", "seed": 1}
    data["digest"] = recordfile.digest(data)
    assert call(h.read_record_file(json.dumps(data)))["error"]["code"] == "file_malformed"
    assert h.save() == before


def test_a_refused_file_leaves_the_game_in_progress_as_it_was() -> None:
    h = played(1, seed=3)
    before = h.save()
    data = exported()
    data["scores"][0] = 99999
    for text in ("", "{", json.dumps(data), 12):
        reply = call(h.read_record_file(text))  # type: ignore[arg-type]
        assert reply["ok"] is False and reply["error"]["code"].startswith("file_")
    assert h.save() == before


def test_export_checks_the_details_it_is_given() -> None:
    h = played(1)
    assert call(h.export_record("{"))["error"]["code"] == "bad_request"
    assert call(h.export_record(json.dumps({**META, "names": ["one"]})))["error"]["code"] == "bad_request"
    assert call(h.export_record(json.dumps({**META, "exported": "soon"})))["error"]["code"] == "bad_request"
    assert call(Host().export_record(json.dumps(META)))["error"]["code"] == "no_game"


def test_a_game_in_progress_exports_too_and_continues_the_same() -> None:
    h = played(1)
    call(h.next_hand())
    for _ in range(5):
        call(h.bot_step())
    reply = call(h.read_record_file(call(h.export_record(json.dumps(META)))["text"]))
    assert reply["summary"]["hands"] == 2 and reply["summary"]["hands_finished"] == 1
    other = Host()
    assert call(other.load(json.dumps(reply["save"])))["ok"]
    assert call(other.bot_step()) == call(h.bot_step())
