"""Helpers for the game's end-to-end tests: seeds and saves found with the engine on
CPython (the page runs the same engine in Pyodide, and a seed deals the same cards on
both), the UI's catalogs and text functions (web/ui_text.py), and waits on the page."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from canasta.host import Host
from playwright.sync_api import Locator, Page
from site_helpers import READY_TIMEOUT_MS, REPO, Watched, _load

WEB = REPO / "web"
SAVE_KEY = "canasta.save.v1"
BROKEN_PREFIX = "canasta.save.broken."


ui_text = _load("canasta_ui_text", WEB / "ui_text.py")


@lru_cache(maxsize=None)
def catalog(lang: str) -> Any:
    return ui_text.Catalog.from_json(lang, (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def _call(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data


def _to_human_turn(host: Host) -> dict[str, Any]:
    snap = _call(host.snapshot(0))
    while not snap["human_turn"] and not snap["hand_over"]:
        out = _call(host.bot_step())
        assert out["ok"], out
        snap = out["snapshot"]
    return snap


@lru_cache(maxsize=None)
def meld_seed(players: int = 4, dealt: bool = False) -> tuple[int, list[str], str]:
    """A seed whose first deal lets seat 0 meld one group of three or more cards on its
    first turn, right after drawing: (seed, hand after the draw, the meld action).
    ``dealt``: the meld's cards are all in the dealt hand (it can be picked before the
    draw); its cards are then named as the dealt hand holds them."""
    for seed in range(1, 500):
        host = Host()
        _call(host.new_game(json.dumps({"seed": seed, "players": players})))
        snap = _to_human_turn(host)
        if snap["hand_over"] or snap["view"]["phase"] != "draw":
            continue
        out = _call(host.play(0, "draw"))
        melds = [a for a in out["snapshot"]["legal"] if a.startswith("meld ") and "|" not in a]
        # A plain natural group (no wild card): the simplest thing to click.
        plain = [a for a in melds if not any(c[0] == "2" or c == "JK" for c in a.split()[1:])]
        if dealt:
            plain = [m for m in (_from_hand(a, snap["view"]["hand"]) for a in plain) if m]
        if plain:
            return seed, out["snapshot"]["view"]["hand"], plain[0]
    raise AssertionError("no seed lets seat 0 meld on its first turn")


def _from_hand(meld: str, hand: list[str]) -> str:
    """``meld KIND...`` with each card taken from ``hand`` by kind (suits never change what
    a group may do), or "" if the hand lacks one."""
    left = list(hand)
    cards = []
    for code in meld.split()[1:]:
        same = next((c for c in left if c[:-1] == code[:-1]), None)
        if same is None:
            return ""
        left.remove(same)
        cards.append(same)
    return " ".join(["meld", *cards])


def first_hand(seed: int, players: int = 4) -> dict[str, Any]:
    """Seat 0's snapshot at its first turn of the game with this seed."""
    host = Host()
    _call(host.new_game(json.dumps({"seed": seed, "players": players})))
    return _to_human_turn(host)


def refusal(seed: int, players: int, actions: list[str]) -> dict[str, Any]:
    """Play actions for seat 0 from its first turn; the last one must be refused: its error."""
    host = Host()
    _call(host.new_game(json.dumps({"seed": seed, "players": players})))
    _to_human_turn(host)
    for action in actions[:-1]:
        assert _call(host.play(0, action))["ok"], action
    out = _call(host.play(0, actions[-1]))
    assert not out["ok"], out
    error: dict[str, Any] = out["error"]
    return error


@lru_cache(maxsize=None)
def ask_save() -> tuple[str, int]:
    """A save (JSON text) of a 4-player game at the moment seat 2, the human's partner,
    has asked "may I go out?": seat 0 must answer. Found by letting bots play every seat,
    then naming seat 0 human in the save's options. Returns (save, seed)."""
    for seed in range(1, 200):
        host = Host()
        _call(host.new_game(json.dumps({"seed": seed, "players": 4, "humans": []})))
        for _ in range(400):
            out = _call(host.bot_step())
            assert out["ok"], out
            if out["seat"] == 2 and out["action"] == "ask":
                save = _call(host.save())
                save["options"]["humans"] = [0]
                text = json.dumps(save)
                check = Host()
                snap = _call(check.load(text))["snapshot"]
                assert snap["human_turn"] and snap["view"]["phase"] == "answer", snap
                return text, seed
            if out["snapshot"]["hand_over"]:
                break
    raise AssertionError("no seed where the partner asks in the first hand")


def saved_once(text: str) -> str:
    """An init script that puts ``text`` in the save slot before the page's first load
    only (a reload then finds what the page itself saved)."""
    return (f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
            f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(text)}); }}")


# --- waits on the page ------------------------------------------------------------------


def open_page(w: Watched, url: str) -> Page:
    """A new page of ``w`` at ``url``, its waits bounded, once the UI is up."""
    page = w.page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    page.goto(url)
    wait_ui(page)
    return page


def wait_ui(page: Page) -> None:
    """The UI is up: the engine answered and any saved game was checked."""
    page.wait_for_selector('body[data-ui="ready"]', state="attached", timeout=READY_TIMEOUT_MS)


def wait_human_turn(page: Page, phase: str = "draw") -> None:
    """The player's turn, in the given phase, with no bot loop and no request running."""
    page.wait_for_selector(
        f'#game[data-human-turn="true"][data-phase="{phase}"][data-bots="idle"][data-busy="false"]',
        state="attached",
        timeout=READY_TIMEOUT_MS,
    )


def hand_of(page: Page) -> list[str]:
    return sorted((page.get_attribute("#game", "data-hand") or "").split())


def click_cards(page: Page, cards: list[str]) -> None:
    """Select these cards in the hand (by clicking the first unselected copy of each)."""
    for code in cards:
        card(page, code, pressed=False).click(position=EDGE)


#: Where to click a card in the hand: its left edge, which the next card never covers.
EDGE = {"x": 6, "y": 24}


def card(page: Page, code: str, pressed: bool | None = None) -> Locator:
    """A copy of this card in the hand (not one set aside in a staged group)."""
    state = "" if pressed is None else f'[aria-pressed="{str(pressed).lower()}"]'
    return page.locator(f'#g-hand button.hcard[data-card="{code}"]{state}:not(.staged)').first


class Mirror:
    """The same game on CPython (canasta.host): the page's engine must agree with it at
    every step. Seat 0's moves are chosen by the engine's 'basic' bot, and played in the
    page by clicking."""

    def __init__(self, seed: int, players: int) -> None:
        self.host = Host()
        self.seed = seed
        self.snap = _call(self.host.new_game(json.dumps({"seed": seed, "players": players})))
        self.bots()

    def bots(self) -> None:
        while not self.snap["hand_over"] and not self.snap["human_turn"]:
            out = _call(self.host.bot_step())
            assert out["ok"], out
            self.snap = out["snapshot"]

    def choose(self) -> str:
        from canasta.bots import get_bot

        game = self.host._game  # a test may look inside: the choice needs the legal Action values
        assert game is not None
        legal = tuple(game.legal_actions())
        view = self.snap["view"]
        return str(get_bot("basic", self.seed * 1000 + self.moves()).choose(view, legal))

    def play(self, action: str) -> None:
        out = _call(self.host.play(0, action))
        assert out["ok"], (action, out)
        self.snap = out["snapshot"]
        self.bots()

    def moves(self) -> int:
        return int(self.snap["moves"])


def play_by_clicking(page: Page, action: str) -> None:
    """Play one action (notation) in the page with the mouse, as a player would."""
    words = action.split()
    verb = words[0]
    groups = [g.split() for g in " ".join(words[1:]).split("|")] if len(words) > 1 else []
    if verb in ("draw", "pass", "ask"):
        page.click(f"#act-{verb}")
    elif verb == "answer":
        page.click(f"#answer-{words[1]}")
    elif verb == "discard":
        click_cards(page, words[1:])
        page.click("#act-discard")
    elif verb == "add":
        click_cards(page, words[2:])
        page.click(f'#melds-0 button.meld[data-target="{words[1]}"]')
    elif verb in ("meld", "take"):
        # Further groups are set aside first (+ New meld), the first group stays selected.
        for group in groups[1:]:
            click_cards(page, group)
            page.click("#act-stage")
        if groups:
            click_cards(page, groups[0])
        page.click(f"#act-{verb}")
    else:
        raise AssertionError(f"cannot play {action!r} by clicking")


def feedback(page: Page) -> str:
    page.wait_for_selector("#g-feedback:not(:empty)", timeout=READY_TIMEOUT_MS)
    return page.inner_text("#g-feedback .said").strip()


@lru_cache(maxsize=None)
def near_hand_end(players: int = 2) -> tuple[str, list[str], dict[str, Any]]:
    """A save (JSON text) at seat 0's last turn of the first hand of a game, the actions
    seat 0 plays from there (the 'basic' bot's choices) and the snapshot once the bots have
    ended the hand: a short hand for the statistics and the game files. Returns (save,
    actions, final snapshot)."""
    for seed in range(1, 100):
        m = Mirror(seed, players)
        turns: list[tuple[str, list[str]]] = []
        while not m.snap["hand_over"]:
            played: list[str] = []
            turns.append((m.host.save(), played))
            while not m.snap["hand_over"]:  # one turn of seat 0: up to its discard
                played.append(m.choose())
                m.play(played[-1])
                if played[-1].startswith("discard"):
                    break
        save, played = turns[-1]
        if played and all(a.split()[0] in ("draw", "discard", "meld", "take", "add") for a in played):
            return save, played, m.snap
    raise AssertionError("no seed ends a hand that seat 0 can play by clicking")
