"""The replay screen's logic (web/ui_replay.py) and the kept games (web/ui_archive.py) on
CPython, from the engine's own frames (canasta.replay): stepping and its keys, what each
step draws (every hand open, the move in the log's words, the score sheet at the end),
ids that cannot collide with the table's, and an archive that is bounded, newest first,
survives a refused storage and sets an unreadable archive aside instead of deleting it."""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from canasta.bots import get_bot
from canasta.catalog import catalog
from canasta.game import Game
from canasta.replay import hand_frames
from test_ui_logic import FakeStorage

WEB = Path(__file__).resolve().parents[2] / "web"
sys.path.insert(0, str(WEB))

import ui_archive as K  # noqa: E402
import ui_model as M  # noqa: E402
import ui_moves as W  # noqa: E402
import ui_replay as RP  # noqa: E402
import ui_store as S  # noqa: E402
import ui_text  # noqa: E402

EN = ui_text.Catalog.from_json("en", (WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
FR = ui_text.Catalog.from_json("fr", (WEB / "i18n" / "fr.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def game_text(players: int = 2, seed: int = 21) -> str:
    """The record of a game whose first hand bots played to its end."""
    game = Game("classic", seed=seed, players=players)
    bots = [get_bot("basic", seed + s) for s in range(players)]
    while not game.state.over:
        seat = game.state.turn
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return json.dumps(game.record())


def replay(players: int = 2, watch: bool = False) -> RP.Replay:
    data = json.loads(json.dumps(hand_frames(game_text(players), 1, 0)))  # as the worker sends it
    return RP.Replay(data, "table", watch)


def labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def test_steps_are_clamped_and_keys_step_like_a_player() -> None:
    rp = replay()
    assert rp.step == 0 and rp.total == len(rp.frames) - 1 > 10
    assert not rp.can("back") and not rp.go("back") and not rp.go("first")
    assert rp.go("next") and rp.step == 1 and rp.can("back")
    assert rp.go("last") and rp.step == rp.total and not rp.can("next") and not rp.go("next")
    assert rp.go("back") and rp.step == rp.total - 1
    assert [RP.step_of(k) for k in ("ArrowLeft", "ArrowRight", "Home", "End", "a", "Enter")] == \
        ["back", "next", "first", "last", None, None]


def test_each_step_draws_every_hand_and_says_the_move() -> None:
    rp = replay()
    for step in (0, 1, 7, rp.total):
        rp.step = step
        snap = rp.frames[step]["snapshot"]
        out = RP.regions(EN, rp)
        assert set(out) == set(RP.REGIONS)
        # the viewer's hand in the hand area, the opponent's in its seat's box, by name
        assert [lb for lb in labels(out["rp-hand"])] == [EN.card_label(c) for c in _drawn_order(out["rp-hand"])]
        assert sorted(_drawn_order(out["rp-hand"])) == sorted(snap["view"]["hand"])
        opponent = snap["shown_hands"]["1"]
        shown = [lb for lb in labels(out["rp-board"]) if lb in {EN.card_label(c) for c in opponent}]
        assert len(shown) == len(opponent)
        move = rp.frames[step]["move"]
        if step == 0:
            assert move is None and EN.t("replay.dealt", name=EN.t("table.you" if snap["view"]["dealer"] == 0
                                                                   else "table.opponent")) in out["rp-move"]
        else:
            name = EN.t("table.you") if move["seat"] == 0 else EN.t("table.opponent")
            line = W.move_line(EN, name, move, move["seat"] == 0)
            assert out["rp-move"] == ('<span class="sr-only">' + RP.esc(EN.t("replay.step", n=step, total=rp.total))
                                      + ': </span>' + RP.esc(line))
        # the score sheet only at the last step, with the engine's totals
        if step == rp.total:
            totals = re.findall(r'<tr class="total">.*?</tr>', out["rp-sheet"])[0]
            by_side = {s["side"]: s["total"] for s in rp.frames[-1]["snapshot"]["last_hand"]}
            assert re.findall(r"<td>(-?\d+)</td>", totals) == [str(by_side[0]), str(by_side[1])]
        else:
            assert out["rp-sheet"] == ""
        # nothing to press on the table, and no id the game's table also uses
        assert 'data-act="card"' not in out["rp-hand"]
        ids = re.findall(r' id="([^"]+)"', "".join(out.values()))
        assert ids and all(i.startswith("rp-") for i in ids), ids
        refs = re.findall(r'aria-labelledby="([^"]+)"', "".join(out.values()))
        assert set(refs) <= set(ids)


def _drawn_order(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def test_the_buttons_say_where_they_lead_in_both_languages() -> None:
    rp = replay(watch=True)
    for cat in (EN, FR):
        html = RP.controls_html(cat, rp)
        assert html.count('aria-disabled="true"') == 2  # first and back, at the deal
        for where in RP.STEPS:
            assert cat.t("replay." + where) in html
        assert cat.t("replay.deal_step", total=rp.total) in html
    rp.go("last")
    assert RP.controls_html(EN, rp).count('aria-disabled="true"') == 2  # next and last
    # a watched game names the seats by compass point, with no "you"
    assert EN.t("table.south") in RP.regions(EN, rp)["rp-board"] + RP.regions(EN, rp)["rp-hand"]


def _snap_at_end(text: str) -> dict[str, Any]:
    game = Game.from_record(json.loads(text))
    return {"hand_over": True, "scores": list(game.scores), "table": {"variant": "classic", "players": 2},
            "history": [[s.to_dict() for s in sheet] for sheet in game.results]}


def _save(text: str) -> dict[str, Any]:
    return {"format": "canasta-save", "options": {"humans": [0], "variant": "classic"}, "record": json.loads(text)}


def stamp(n: int) -> str:
    """A time as the page stamps a kept game (ISO 8601): ``n`` milliseconds after 10:00."""
    return f"2026-12-04T10:00:00.{n:03d}Z"


def test_the_archive_keeps_the_last_games_newest_first() -> None:
    storage = FakeStorage()
    archive = K.Archive(S.Store(storage))
    assert archive.games() == []
    for seed in range(K.KEEP + 3):
        text = game_text(2, seed)
        assert archive.keep(_save(text), _snap_at_end(text), stamp(100 + seed))
    games = archive.games()
    assert len(games) == K.KEEP and [g["at"] for g in games] == [stamp(n) for n in range(100 + K.KEEP + 2, 102, -1)]
    # the same game kept again (another hand ended) replaces its entry and comes first
    text = game_text(2, 5)
    game = Game.from_record(json.loads(text))
    game.next_hand()
    game.apply(game.legal_actions()[0])
    longer = json.dumps(game.record())
    assert archive.keep(_save(longer), _snap_at_end(text), stamp(900))
    games = archive.games()
    assert len(games) == K.KEEP and games[0]["at"] == stamp(900) and games[0]["record"]["hands"][1]
    assert [g["at"] for g in games].count(stamp(105)) == 0
    assert games[0]["hands"] == [[s["total"] for s in sheet] for sheet in _snap_at_end(text)["history"]]
    # a hand not over is not kept
    assert not archive.keep(_save(text), {"hand_over": False}, stamp(950))
    assert archive.find(stamp(900)) == games[0] and archive.find(stamp(1)) is None


def test_a_refused_or_unreadable_archive_never_breaks_play_nor_loses_it() -> None:
    text = game_text()
    full = K.Archive(S.Store(FakeStorage(full=True)))
    assert full.keep(_save(text), _snap_at_end(text), stamp(1)) is False
    for junk in ("{not json", json.dumps({"version": 9, "games": []}), json.dumps({"version": 1, "games": [{}]})):
        storage = FakeStorage({K.ARCHIVE_KEY: junk})
        archive = K.Archive(S.Store(storage))
        assert archive.games("77") == []
        assert storage.items[K.BROKEN_PREFIX + "77"] == junk and K.ARCHIVE_KEY not in storage.items
        assert archive.set_aside_key == K.BROKEN_PREFIX + "77"
        assert archive.keep(_save(text), _snap_at_end(text), stamp(78)) and len(archive.games()) == 1
    # when even setting aside is refused, the archive stays where it was
    stuck = FakeStorage({K.ARCHIVE_KEY: "{not json"}, full=True)
    assert K.Archive(S.Store(stuck)).games("5") == [] and stuck.items == {K.ARCHIVE_KEY: "{not json"}


@pytest.mark.parametrize("cat", [EN, FR])
def test_the_start_screen_lists_kept_games_and_their_hands(cat: Any) -> None:
    archive = K.Archive(S.Store(FakeStorage()))
    text = game_text()
    archive.keep(_save(text), _snap_at_end(text), stamp(234))
    setup = M.Setup(catalog())
    html = RP.kept_html(cat, setup, archive.games(), lambda at: "day " + at)
    assert "day " + stamp(234) in html and cat.t("variants.classic.name") in html
    sheet = _snap_at_end(text)["history"][0]
    score = " – ".join(str(s["total"]) for s in sheet)
    assert RP.esc(cat.t("replay.kept_hand", n=1, score=score)) in html
    assert f'data-act="replay-kept" data-at="{stamp(234)}" data-hand="1"' in html
    assert RP.kept_html(cat, setup, [], str) == ""
    assert 'data-act="replay-hand"' in RP.open_button(cat)
